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
}


# Full Tilt: a bet and three raises per fixed-limit round (limit-holdem-rules-da.txt, "Der kan normalt kun forhøjes
# tre gange i løbet af runden"), heads-up too: no Full Tilt round of the corpus goes past four bets, heads-up ones
# included (the 2012 heads-up 2-7 Triple Draw sit & go, hand 31331182923, stops at four). Five Card Draw replaces
# at most four cards (five-card-draw-rules-de.txt, section 5 "Kartenaustausch"); no Full Tilt Five Card Draw hand
# of the corpus replaces five. The odd chip keeps the standard rule: no Full Tilt split of the corpus has one.
SITE_PROFILES["Full Tilt"] = RulesProfile(
    name="Full Tilt", fixed_limit_bets_per_round=4, cap_applies_heads_up=True, max_discard=4
)
# Winning (ACR/WPN): a bet and three raises per fixed-limit round (limit-holdem-rules-da.txt, as above); whether the
# cap lifts heads-up the corpus cannot tell (no Winning fixed-limit round of it reaches four bets), so the written
# rule stands. Winning deals no draw games. Its split pots of the corpus divide evenly (5-card Omaha Hi/Lo, 2022:
# $144.75 and $144.75), leaving the odd-chip rule unobserved: the standard one stands.
SITE_PROFILES["Winning"] = RulesProfile(name="Winning", fixed_limit_bets_per_round=4, cap_applies_heads_up=True)


def profile_for(site: str) -> RulesProfile:
    """The site's default rules profile (the standard profile for sites without one)."""
    return SITE_PROFILES.get(site, STANDARD)
