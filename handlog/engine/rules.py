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
    half_bet_all_in_sets_level: bool = False
    """Fixed limit: after an all-in raise of at least half a bet, the next raise goes a full bet over it (True) or
    completes it to one bet over the level before (False: PokerStars, whose 2010 Badugi tournament raises to 180 after
    an all-in to 150 over 120 at 60/120)."""
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
    over_straddle: bool = False
    """holdem-rules-de.txt, "Zuerst Rund von Wetten", makes the straddle exactly double; a room that lets the
    straddler put in more (an "over-straddle") takes double as the least."""
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
    walk_blind_won_back: bool = False
    """A bet nobody called is returned before the pot is awarded (codes ``uncalled-not-returned``). A room whose
    logs write every walk without the return, the big blind's unmatched part counted in the pot its owner wins
    (the same chips either way), says so here: such a walk is then accepted with a note when its numbers agree
    (the pot is what was put in, and what the owner collects plus the rake)."""
    showdown_order_all_in: AllInShowdown = AllInShowdown.LAST_BET
    prints_uncalled_returns: bool = True
    """The room writes the return of a bet nobody called ("Uncalled bet (…) returned to P"). A room that never does
    pays the pot without it: the engine returns the excess itself, and says so in the replay's notes."""
    """holdem-rules-fa.txt, "Shotdown": the order holds also when someone is all-in; which round decides then."""
    bring_in_suits: str = "cdhs"
    """Stud: the suits from lowest to highest, breaking ties between equal up cards for the bring-in (the lowest
    card brings in; in Razz the highest). No written stud rules are in ../shared/rules; the usual order is the
    alphabetical one, clubs lowest and spades highest, which every PokerStars stud, Stud Hi/Lo and Razz bring-in in
    its corpus logs follows."""
    short_deck_trips_beat_straight: bool = True
    """Short Deck (6+ Hold'em): three of a kind beats a straight (a flush always beats a full house). This is the
    ranking PokerStars' 6+ Hold'em is known by, and the profiles of PokerStars and GGPoker keep it; no corpus hand
    shows trips against a straight, so the logs neither confirm nor refute it for either room. A room that ranks
    the straight higher sets False."""
    stud_open_pair_big_bet: bool = True
    """Stud: an open pair on fourth street lets a player bet or raise the big bet there (the usual stud rule)."""


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
    # seen, so every other seat of a 9-handed table may. It also lets a straddler raise the straddle over the
    # double ("over-straddle"): PLO-5 $0.1/$0.25 hand OM1410171 (fpdb/cash/GGPoker/Flop/PLO5-6max-USD-0.1-0.25-
    # 202104.over.straddle.txt) straddles $0.5, then to $15.35 all-in, and the site's own numbers take it as
    # posted ("Uncalled bet ($15.1) returned", "Total pot $0.6").
    "GGPoker": RulesProfile(name="GGPoker", straddle_seat=StraddleSeat.ANY, max_straddles=8, over_straddle=True),
    # Winamax does not give a split pot's odd chips to the first winners left of the button: three-way split of
    # 260 in a 2012 "Quitte ou Double" tournament (fpdb/tour/Winamax/Flop/NLHE-EUR-0.92-STT-201207.no.cur.txt,
    # button seat 2): the small blind in seat 3 gets 86, the players of seats 7 and 8 get 87 each.
    # Its all-in showdowns follow neither order of ``AllInShowdown``: of the 62 all-in showdowns in its corpus
    # logs, 27 break the house order (the last round with a bet) and 21 the last-pot order (e.g. the 2010 PLO
    # "Sample" shows seat by seat from the button's left after a called flop raise), so no order is held there.
    "Winamax": RulesProfile(
        name="Winamax", odd_chip_left_of_button=False, showdown_order_all_in=AllInShowdown.NOT_HELD
    ),
}


# Full Tilt: a bet and three raises per fixed-limit round (limit-holdem-rules-da.txt, "Der kan normalt kun forhøjes
# tre gange i løbet af runden"), heads-up too: no Full Tilt round of the corpus goes past four bets, heads-up ones
# included (the 2012 heads-up 2-7 Triple Draw sit & go, hand 31331182923, stops at four). Five Card Draw replaces
# at most four cards (five-card-draw-rules-de.txt, section 5 "Kartenaustausch"); no Full Tilt Five Card Draw hand
# of the corpus replaces five. The odd chip keeps the standard rule: no Full Tilt split of the corpus has one.
# All-in hands it turns face up by itself, as soon as the betting ends ("Hero shows [Tc Kh]" before the flop): all
# 43 all-in showdowns of its corpus logs follow the order of the final round's last bettor, or of the last side pot
# (PokerStars' order); one would break the house rule of the last round with a bet.
SITE_PROFILES["Full Tilt"] = RulesProfile(
    name="Full Tilt", fixed_limit_bets_per_round=4, cap_applies_heads_up=True, max_discard=4,
    showdown_order_all_in=AllInShowdown.LAST_POT,
)
# Winning (ACR/WPN): a bet and three raises per fixed-limit round (limit-holdem-rules-da.txt, as above); whether the
# cap lifts heads-up the corpus cannot tell (no Winning fixed-limit round of it reaches four bets), so the written
# rule stands. Winning deals no draw games. Its split pots of the corpus divide evenly (5-card Omaha Hi/Lo, 2022:
# $144.75 and $144.75), leaving the odd-chip rule unobserved: the standard one stands. It turns all-in hands face
# up by itself in no order the rules name: of the 26 all-in showdowns of its corpus logs, 4 break the house rule and
# 1 PokerStars' order (the last side pot's players first), so with someone all-in no order is held.
SITE_PROFILES["Winning"] = RulesProfile(
    name="Winning", fixed_limit_bets_per_round=4, cap_applies_heads_up=True,
    showdown_order_all_in=AllInShowdown.NOT_HELD,
)

# Bovada (Ignition, Bodog) rakes 5 % of a cash pot, rounded down to the cent, up to a cap that depends on the stakes,
# and nothing from a hand that ends before the flop: each of the corpus' cash hands that states its rake ("Total
# Pot($20) | Rake ($1)", 2012 and 2014) and each one that states none (Zone Poker 2021: the pot less what was paid)
# keeps at most 5 %, and none that ends preflop keeps anything.
# Its walks never print the return of the big blind's unmatched part ("Return uncalled portion of bet", which its
# logs print everywhere else): all 74 walks of its corpus logs (cash, Zone Poker, sit & gos and tournaments, 2012
# to 2021; e.g. the 2016 Ignition walk, golden ignition_walk: "Hand result $0.75", "Total Pot($0.75)") count it in
# what the big blind wins.
SITE_PROFILES["Bovada"] = RulesProfile(
    name="Bovada", max_rake_share=Decimal("0.05"), no_flop_no_drop=True, walk_blind_won_back=True
)

# PartyPoker (and the rooms whose logs it converts, Hand.site "WPN", "PokerBros", "PokerStars" keep their own):
# a bet and three raises per fixed-limit round, heads-up too (limit-holdem-rules-da.txt, "Der kan normalt kun
# forhøjes tre gange"; the corpus' heads-up $20/$40 Omaha Hi-Lo hand 11354414824 stops at four bets and a call).
# The odd chip stays the standard rule: the one split of its corpus (the Mac client's $54.73, 2012, hand
# 12395241485) gives the extra cent to Player3, the first winner left of the button.
# After an all-in raise of half a bet or more, its next raise goes a full bet over the all-in (the 2012 $50 Freeroll
# Limit Hold'em tournament, hand 11932613562: all-in to 790 over a bet of 400 at 400/800, then a raise to 1190).
SITE_PROFILES["PartyPoker"] = RulesProfile(
    name="PartyPoker", fixed_limit_bets_per_round=4, cap_applies_heads_up=True, half_bet_all_in_sets_level=True
)

# 888 (Hand.site "888poker": 888poker, Cassava, 888.ro, 888poker.ca-on): a bet and three raises per fixed-limit round
# (limit-holdem-rules-da.txt, "Der kan normalt kun forhøjes tre gange"); its 103 fixed-limit corpus hands (2011-2013,
# $0.01/$0.02 to $10/$20 and play money) never make a fifth bet, so nothing says the cap is lifted heads-up.
SITE_PROFILES["888poker"] = RulesProfile(name="888poker", fixed_limit_bets_per_round=4, cap_applies_heads_up=True)


# Everleaf (and its skins) rakes about 5-6 % of a cash pot (8 % at most, below) and nothing from a hand that ends
# before the flop. Its logs state no rake: what it kept (the pot less what it paid, uncalled bets returned) is 5 % in
# the 2009-2010 dollar hands of the corpus (0.09 of 1.80, 0.32 of 6.40, 0.75 of 15.75 …), 6 % in the 2012 euro hand
# (0.18 of 3.00), and nothing in every hand that ends preflop. Its small stud pots keep more, the rake taken in whole
# cents: up to 7.9 % in the 2011 $0.05/$0.10 stud hands (0.06 of 0.76, 0.08 of 1.06, 0.02 of 0.26), so the bound is
# 8 %. Tournaments keep nothing (their fee is in the buy-in).
# It never writes the return of an uncalled bet: "N wins $ 0.25 USD from main pot" after an uncalled raise to 0.35
# over the blinds of 0.05 and 0.10 is the pot without the 0.25 nobody called (every such hand of the corpus).
SITE_PROFILES["Everleaf"] = RulesProfile(
    name="Everleaf", max_rake_share=Decimal("0.08"), no_flop_no_drop=True, prints_uncalled_returns=False
)

# iPoker (Playtech) states no rake: it is everything bet less everything won (the players' bet and win attributes).
# Over the corpus' iPoker cash hands (2011 to 2023) that rake is nothing in each of the 61 hands that end before the
# flop (no flop, no drop; the one exception is a hand whose small blind's bet attribute counts the blind twice, see
# tests/formats/test_ipoker.FLAGGED) and at most 6.7 % of a pot after it (5 % rounded up to the cent on small pots:
# 0.02 of 0.30), so the standard 10 % bound stays. Tournaments keep nothing, as everywhere.
SITE_PROFILES["iPoker"] = RulesProfile(name="iPoker", no_flop_no_drop=True)

# Merge (Carbon) states no rake either. Its $5/$10 fixed-limit small blind is $2, not half the small bet, and it does
# not cap fixed-limit betting heads-up: a 2011 heads-up $5/$10 2-7 Triple Draw hand of the corpus (31241825-6) posts
# a $2 small blind and makes a bet and five raises after the first draw. After an all-in raise of half a bet or
# more, its next raise goes a full bet over the all-in (the 2011 HORSE tournament's stud hand 36487050-16, at 100/200:
# a bet of 200, a raise to 400, an all-in to 585, then a raise to 785).
SITE_PROFILES["Merge"] = RulesProfile(
    name="Merge", fixed_limit_small_blinds={Decimal(5): Decimal(2)}, cap_applies_heads_up=False,
    half_bet_all_in_sets_level=True,
)


def profile_for(site: str) -> RulesProfile:
    """The site's default rules profile (the standard profile for sites without one)."""
    return SITE_PROFILES.get(site, STANDARD)
