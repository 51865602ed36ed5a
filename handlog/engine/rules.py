"""House rules that differ between sites and card rooms, as a typed profile with a default per site.

The engine asks the profile instead of hard-coding a room's habits: how many bets a fixed-limit round allows,
whether that cap holds heads-up, how many cards a draw may replace, whether a short all-in raise of at
least half a bet reopens a fixed-limit round, the straddle, the fixed-limit small blind and how strictly the
showdown order is held.

Each setting names its source: a section of the written house rules in ../shared/rules (``holdem-rules-de.txt``,
``limit-holdem-rules-da.txt``, ``holdem-rules-fa.txt``, ``five-card-draw-rules-de.txt``) or a room's own logs.
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class StraddleSeat(StrEnum):
    """Who may straddle."""

    LEFT_OF_BIG_BLIND = "left_of_big_blind"
    """The player directly left of the big blind (re-straddles: directly left of the last straddler)."""
    ANY = "any"
    """Any player dealt in (rooms with a button or "Mississippi" straddle)."""


class AllInShowdown(StrEnum):
    """Who shows first when someone is all-in."""

    LAST_BET = "last_bet"
    """The last bettor or raiser of the last round that had a bet or raise (the house rules)."""
    LAST_POT = "last_pot"
    """The last bettor or raiser of the final round; with none, the first player left of the button among the
    players of the last side pot (a room that turns all-in hands face up pot by pot)."""
    NOT_HELD = "not_held"
    """No order is held when someone is all-in."""


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
    straddle_in_cash_games: bool = True
    """holdem-rules-de.txt, "Zuerst Rund von Wetten": in games that are not tournaments the player left of the big
    blind may become a third blind (the straddle)."""
    straddle_in_tournaments: bool = False
    """holdem-rules-de.txt, "Zuerst Rund von Wetten": the straddle is offered in non-tournament games only."""
    straddle_seat: StraddleSeat = StraddleSeat.LEFT_OF_BIG_BLIND
    """holdem-rules-de.txt, "Zuerst Rund von Wetten": the straddler is the first player to speak, left of the big
    blind."""
    straddle_multiple: Decimal = Decimal(2)
    """holdem-rules-de.txt, "Zuerst Rund von Wetten": a straddle is a bet of double the big blind (a re-straddle,
    where allowed, double the straddle before it)."""
    max_straddles: int = 1
    """holdem-rules-de.txt speaks of one third blind; rooms that allow re-straddles say how many."""
    fixed_limit_small_blinds: dict[Decimal, Decimal] = {}
    """limit-holdem-rules-da.txt, "The Small Blind = 1/2*minimumsindsatsen": the fixed-limit small blind is half the
    small bet. Where half the small bet is no amount the room uses, the room's own small blind, by small bet."""
    rake_from_split_shares: Decimal | None = None
    """A split pot is shared equally (holdem-rules-de.txt, "Der Fluss"). Most rooms rake the pot and split the rest;
    a room that splits the whole pot and then takes the rake from the shares, in steps of this amount, leaves
    shares that differ by those steps (and by nothing else)."""
    showdown_order_is_error: bool = False
    """holdem-rules-fa.txt, "Shotdown": the last bettor or raiser shows first. Houses whose dealers enforce it make a
    breach an error; sites that show hands automatically, in their own order, keep it a warning."""
    max_rake_share: Decimal = Decimal("0.10")
    """Where a log states no rake, what the site kept (the pot less what it paid) is at most this share of the pot:
    rooms rake 2.5 to 10 % of a pot, so more than 10 % kept is a collect written too small."""
    no_flop_no_drop: bool = False
    """No rake is taken from a hand that ends before the flop (most rooms' published rake policy)."""
    showdown_order_all_in: AllInShowdown = AllInShowdown.LAST_BET
    """holdem-rules-fa.txt, "Shotdown": the order holds also when someone is all-in; which round decides then."""


STANDARD = RulesProfile()

HOUSE = RulesProfile(name="house", showdown_order_is_error=True)
"""Hands dealt at a live table under the written house rules: the dealer holds the showdown order
(holdem-rules-fa.txt, "Shotdown"), so a breach is an error."""

SITE_PROFILES: dict[str, RulesProfile] = {
    # PokerStars caps fixed-limit betting heads-up too: its logs print "Betting is capped" after a bet and
    # three raises between two players (e.g. a 2010 50FPP Limit Hold'em tournament in the corpus).
    # Its fixed-limit small blinds are not always half the small bet: $0.05/$0.10 posts $0.02 and $0.25/$0.50
    # posts $0.10 (both in corpus logs: a 2010 Limit Hold'em and a 2010 Badugi hand); $3/$6 posts $1, $5/$10 $2 and
    # $15/$30 $10 (the site's published limit stakes; no corpus log at these stakes).
    # All-in hands it turns face up by itself: all 146 all-in showdowns of its corpus logs start with the final
    # round's last bettor or raiser, or with none with the first player left of the button among the last side
    # pot's players (tests/engine/hands/nl_mtt_side_pots.txt: Hero, of side pot-2); 69 of them would break the
    # house rule of the last round with a bet.
    # Straddles: none in its corpus logs, so the written rule holds (one straddle, twice the big blind, by the
    # player left of the big blind, in cash games only); GGPoker differs (below).
    "PokerStars": RulesProfile(
        name="PokerStars",
        cap_applies_heads_up=True,
        showdown_order_all_in=AllInShowdown.LAST_POT,
        # 2008: a $2 pot split four ways paid 0.50, 0.50, 0.45, 0.45 with a rake of 0.10 (the corpus' "4.way.split.
        # unequal.rake" hand): the pot was split, then the rake taken from two shares in 5-cent steps.
        rake_from_split_shares=Decimal("0.05"),
        fixed_limit_small_blinds={
            Decimal("0.05"): Decimal("0.02"), Decimal("0.25"): Decimal("0.10"), Decimal(3): Decimal(1),
            Decimal(5): Decimal(2), Decimal(15): Decimal(10),
        },
    ),
    # GGPoker deals straddles from any seat and re-straddles, each double the last: its logs show the button
    # straddling (PLO-5 $5/$10, 2021) and three straddles in one Short Deck hand (2021); no limit to how many is
    # seen, so every other seat of a 9-handed table may.
    "GGPoker": RulesProfile(name="GGPoker", straddle_seat=StraddleSeat.ANY, max_straddles=8),
}


# Full Tilt: a bet and three raises per fixed-limit round (limit-holdem-rules-da.txt, "Der kan normalt kun forhøjes
# tre gange i løbet af runden"), heads-up too: no Full Tilt round of the corpus goes past four bets, heads-up ones
# included (the 2012 heads-up 2-7 Triple Draw sit & go, hand 31331182923, stops at four). Five Card Draw replaces
# at most four cards (five-card-draw-rules-de.txt, section 5 "Kartenaustausch"); no Full Tilt Five Card Draw hand
# of the corpus replaces five. The odd chip keeps the standard rule: no Full Tilt split of the corpus has one.
SITE_PROFILES["Full Tilt"] = RulesProfile(
    name="Full Tilt", fixed_limit_bets_per_round=4, cap_applies_heads_up=True, max_discard=4
)

# Bovada (Ignition, Bodog) rakes 5 % of a cash pot, rounded down to the cent, up to a cap that depends on the stakes,
# and nothing from a hand that ends before the flop: each of the corpus' cash hands that states its rake ("Total
# Pot($20) | Rake ($1)", 2012 and 2014) and each one that states none (Zone Poker 2021: the pot less what was paid)
# keeps at most 5 %, and none that ends preflop keeps anything.
SITE_PROFILES["Bovada"] = RulesProfile(name="Bovada", max_rake_share=Decimal("0.05"), no_flop_no_drop=True)

# iPoker (Playtech) states no rake: it is everything bet less everything won (the players' bet and win attributes).
# Over the corpus' iPoker cash hands (2011 to 2023) that rake is nothing in each of the 61 hands that end before the
# flop (no flop, no drop; the one exception is a hand whose small blind's bet attribute counts the blind twice, see
# tests/formats/test_ipoker.FLAGGED) and at most 6.7 % of a pot after it (5 % rounded up to the cent on small pots:
# 0.02 of 0.30), so the standard 10 % bound stays. Tournaments keep nothing, as everywhere.
SITE_PROFILES["iPoker"] = RulesProfile(name="iPoker", no_flop_no_drop=True)

# Merge (Carbon) states no rake either. Its $5/$10 fixed-limit small blind is $2, not half the small bet, and it does
# not cap fixed-limit betting heads-up: a 2011 heads-up $5/$10 2-7 Triple Draw hand of the corpus (31241825-6) posts
# a $2 small blind and makes a bet and five raises after the first draw.
SITE_PROFILES["Merge"] = RulesProfile(
    name="Merge", fixed_limit_small_blinds={Decimal(5): Decimal(2)}, cap_applies_heads_up=False
)


def profile_for(site: str) -> RulesProfile:
    """The site's default rules profile (the standard profile for sites without one)."""
    return SITE_PROFILES.get(site, STANDARD)
