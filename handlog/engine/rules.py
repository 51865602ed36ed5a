"""House rules that differ between sites and card rooms, as a typed profile with a default per site.

The engine asks the profile instead of hard-coding a room's habits: how many bets a fixed-limit round allows,
whether that cap holds heads-up, how many cards a draw may replace, and whether a short all-in raise of at
least half a bet reopens a fixed-limit round.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class RulesProfile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "standard"
    fixed_limit_bets_per_round: int = 4
    """One bet and three raises (the opening blind counts as the bet preflop)."""
    cap_applies_heads_up: bool = True
    """Some rooms lift the fixed-limit cap when only two players are left in the round."""
    max_discard: int = 4
    """Five Card Draw: most cards one player may replace in one draw (some rooms allow 5, some 3)."""
    half_bet_reopens_fixed_limit: bool = True
    """Fixed limit: an all-in raise of at least half a bet counts as a full raise."""
    odd_chip_left_of_button: bool = True
    """A split pot's odd chip goes to the first winner left of the button."""


STANDARD = RulesProfile()

SITE_PROFILES: dict[str, RulesProfile] = {
    # PokerStars caps fixed-limit betting heads-up too: its logs print "Betting is capped" after a bet and
    # three raises between two players (e.g. a 2010 50FPP Limit Hold'em tournament in the corpus).
    "PokerStars": RulesProfile(name="PokerStars", cap_applies_heads_up=True),
    # Winamax does not give a split pot's odd chips to the first winners left of the button: three-way split of
    # 260 in a 2012 "Quitte ou Double" tournament (fpdb/tour/Winamax/Flop/NLHE-EUR-0.92-STT-201207.no.cur.txt,
    # button seat 2): the small blind in seat 3 gets 86, the players of seats 7 and 8 get 87 each.
    "Winamax": RulesProfile(name="Winamax", odd_chip_left_of_button=False),
}


def profile_for(site: str) -> RulesProfile:
    """The site's default rules profile (the standard profile for sites without one)."""
    return SITE_PROFILES.get(site, STANDARD)
