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
    """holdem-rules-fa.txt, "Shotdown": the order holds also when someone is all-in; which round decides then."""
    bring_in_suits: str = "cdhs"
    """Stud: the suits from lowest to highest, breaking ties between equal up cards for the bring-in (the lowest
    card brings in; in Razz the highest). No written stud rules are in ../shared/rules; the usual order is the
    alphabetical one, clubs lowest and spades highest, which every PokerStars stud, Stud Hi/Lo and Razz bring-in in
    its corpus logs follows."""
    second_small_blind_live: bool = False
    """A second "posts small blind" (a player returning or new between the blinds, who posts the small blind alone):
    dead money, not part of the player's bet, as a missed small blind is. A room whose logs count it live (the
    player completes to the big blind with the difference) sets True."""
    short_deck_trips_beat_straight: bool = True
    """Short Deck (6+ Hold'em): three of a kind beats a straight (a flush always beats a full house), the ranking
    PokerStars and partypoker published when they launched the game (their profiles below say where). No corpus
    hand of any room shows trips against a straight (its 9 short-deck hands: GGPoker 4, PokerStars 3, PartyPoker 1,
    iPoker 1, replay alike under either ranking), so the logs neither confirm nor refute it. A room that ranks the
    straight higher sets False."""
    stud_open_pair_big_bet: bool = True
    """Stud: an open pair on fourth street lets a player bet or raise the big bet there (the usual stud rule)."""
    heads_up_button_may_post_big_blind: bool = False
    """Heads-up the button posts the small blind (``blind-position``). The written rules name the blinds' seats from
    the dealer: the first and the second player after it (limit-holdem-rules-da.txt, "The Small Blind = ... for den
    første spiller efter dealeren", "The Big Blind = ... for den anden spiller efter dealeren"; holdem-rules-de.txt,
    "Die Blinden": the two players left of the dealer), which heads-up puts the big blind on the dealer. A room that
    deals heads-up hands both ways says so: a button that posts the big blind is then no breach."""
    call_of_the_full_big_blind: bool = False
    """A call is what the player owes (``call-amount``). A room whose client calls the table's full big blind over a
    big blind all-in for less, and returns the excess as an uncalled bet, says so: such a call is its way of
    writing, the chips the same."""
    all_in_marks_covered_bet: bool = False
    """A line marked all-in (``and is all-in``) leaves the player no chips: the engine warns ``all-in-marked``
    otherwise. A room whose logs mark a bet all-in when it is all that any other player still in the hand can match
    (the player keeps chips nobody can win) says so: such a mark is then the room's word, not the player's fault.
    Such a room also lets a raise go to exactly what the others can match when that is less than a full raise
    (no bigger raise could be called), so that raise is no ``raise-size`` breach."""
    shows_in_showdown_order: bool = True
    """The log writes its "shows" lines in the order the hands were shown, so the showdown order can be judged from
    it. A room that writes them in an order of its own (Winamax: the losers, then the winners) says False: its log
    says nothing about who showed first, and no order is checked."""
    level_rise_lags_one_hand: bool = False
    """Tournaments: the blinds in force are the level the header states (holdem-rules-de.txt, "Die Blinden"). A room
    whose header already names the new level in the first hand dealt after the blinds go up, while that hand is
    still played at the level before (its blinds, its ante, raises measured by its big blind), says so here: a hand
    whose small and big blinds are both posted below the header's, in the header's proportion, is then replayed at
    the posted blinds, and the replay's notes say so. Any other blind amount stays a ``blind-amount`` violation."""
    misdeal_exposed_cards: int = 1
    """Live tables: a hole card exposed by the dealer among the first this many cards of the deal makes a misdeal
    (holdem-rules-de.txt, "Händlerfehler": the first card; holdem-rules-fa.txt, "سایر قوانین پوکر تگزاس هولدم": the
    first or second, so 2). Any other single exposed card is replaced after the deal and burned."""
    misdeal_extra_cards: int = 2
    """Live tables: this many extra cards dealt make a misdeal; one goes back to the deck as the burn card
    (holdem-rules-de.txt, "Händlerfehler"; holdem-rules-fa.txt, "سایر قوانین پوکر تگزاس هولدم")."""
    dealer_error_procedures: bool = True
    """Live tables: the dealer's remedies of the house rules are held (holdem-rules-de.txt, "Händlerfehler";
    holdem-rules-fa.txt, "سایر قوانین پوکر تگزاس هولدم"): a misdeal where they call for one and only there, the
    exposed card replaced and burned, a flop dealt again without a burn, a premature card out of play and shuffled
    back, an extra card burned, the board played only when declared. Checked where a hand's log records the deal
    (``handlog.checks.dealer``); a house with other remedies says False."""


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
        # 6+ Hold'em as launched in January 2019: "a Straight ... is weaker than a Three of a Kind" (the hand
        # rankings of the launch, pokernewsdaily.com/pokerstars-launches-6-holdem-32651; flushdraw.net's report of
        # the launch says the same). One report (pokersites.com) lists the straight higher, against the others.
        short_deck_trips_beat_straight=True,
    ),
    # GGPoker deals straddles from any seat and re-straddles, each double the last: its logs show the button
    # straddling (PLO-5 $5/$10, 2021) and three straddles in one Short Deck hand (2021); no limit to how many is
    # seen, so every other seat of a 9-handed table may. It also lets a straddler raise the straddle over the
    # double ("over-straddle"): PLO-5 $0.1/$0.25 hand OM1410171 (fpdb/cash/GGPoker/Flop/PLO5-6max-USD-0.1-0.25-
    # 202104.over.straddle.txt) straddles $0.5, then to $15.35 all-in, and the site's own numbers take it as
    # posted ("Uncalled bet ($15.1) returned", "Total pot $0.6").
    # Its tournament header names a new level one hand early: in the corpus' 2020 $250 Daily Special
    # (fpdb/tour/GGPoker/Flop/NLHE-8max-MTT-USD-250-202006.txt, 59 hands, levels 2 to 8) the first hand under each of
    # the six new levels posts the level before's blinds and ante ("Level3 (80/160)" posts 60, 120 and antes of 18,
    # the hands after it 80, 160 and 25) and its raises are sized by that big blind ("raises 160 to 320" under
    # "Level4 (90/180)", at 80/160); every later hand of a level posts the header's blinds.
    # Its Short Deck ranking: no published GGPoker rule on trips against a straight was found; its own logs rank the
    # straight higher. fpdb's regression file cash/GGPoker/Flop/NL-ShortDeck-5max-USD-100-202104.internal.txt (not
    # in ../shared/corpus), a $100-ante Short Deck hand run twice, gives the first run's pot to "Aces-High Straight"
    # against "Three Tens" ("collected $1,354 from pot" under "*** FIRST SHOW DOWN ***", and the summary's "won
    # ($1,354) with Aces-High Straight" / "lost with Three Tens"). The 4 Short Deck hands of its corpus logs replay
    # alike under either ranking.
    "GGPoker": RulesProfile(
        name="GGPoker", straddle_seat=StraddleSeat.ANY, max_straddles=8, over_straddle=True,
        level_rise_lags_one_hand=True, short_deck_trips_beat_straight=False,
    ),
    # Winamax does not give a split pot's odd chips to the first winners left of the button: three-way split of
    # 260 in a 2012 "Quitte ou Double" tournament (fpdb/tour/Winamax/Flop/NLHE-EUR-0.92-STT-201207.no.cur.txt,
    # button seat 2): the small blind in seat 3 gets 86, the players of seats 7 and 8 get 87 each.
    # Its all-in showdowns follow neither order of ``AllInShowdown``: of the 62 all-in showdowns in its corpus
    # logs, 27 break the house order (the last round with a bet) and 21 the last-pot order (e.g. the 2010 PLO
    # "Sample" shows seat by seat from the button's left after a called flop raise), so no order is held there.
    # Nor does its log say who showed first: in each of the 52 showdowns of its corpus logs (2010 to 2023, cash and
    # tournaments, all-in or not) where some shown hands win and some lose, every losing hand's "shows" line comes
    # before every winning one's, whoever bet last and wherever they sit (the 2010 PLO "Sample", hand
    # 270777-175-1284848632: Player5 bets the river, Player30 calls, and Player30's losing flush is written first).
    # The lines are the room's own order (losers, then winners), not the showdown's.
    "Winamax": RulesProfile(
        name="Winamax", odd_chip_left_of_button=False, showdown_order_all_in=AllInShowdown.NOT_HELD,
        shows_in_showdown_order=False,
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
# After an all-in raise of half a bet or more, its next raise goes a full bet over the all-in: the 2013 $100 Limit 5
# Card Stud tournament hand 32412111030 (800/1600) completes to 800, an all-in raises to 1,345, and the next raise
# goes to 2,145; no fixed-limit Full Tilt hand of the corpus raises to the level instead.
# Its "shows" lines follow the showdown, so the order is judged (``shows_in_showdown_order`` stays True): with a
# bet on the last round its last bettor or raiser shows first in all 28 such showdowns of its corpus logs (nobody
# all-in), winner or not. After a checked last round the Full Tilt client (2006-2013) shows the hand's last bettor
# or raiser first, when still in, in all 16 such showdowns, 8 of them against the house order (the first player
# left of the button: e.g. the 2013 Badugi hand 32617272179, tests/formats/test_fulltilt.FLAGGED); but the 2016
# "Full Tilt Hand #" logs, written by PokerStars' software under the same room name, keep the house order (tour/
# Stars/Flop/NLHE-6max-STT-play-1000-201605.FullTilt.txt, hand 153580394519), as PokerStars does in 47 showdowns.
# One profile per room cannot hold both, so the house order stands and the old client's breaches stay warnings.
SITE_PROFILES["Full Tilt"] = RulesProfile(
    name="Full Tilt", fixed_limit_bets_per_round=4, cap_applies_heads_up=True, max_discard=4,
    showdown_order_all_in=AllInShowdown.LAST_POT, half_bet_all_in_sets_level=True,
)
# Winning (ACR/WPN): a bet and three raises per fixed-limit round (limit-holdem-rules-da.txt, as above); whether the
# cap lifts heads-up the corpus cannot tell (no Winning fixed-limit round of it reaches four bets), so the written
# rule stands. Winning deals no draw games. Its split pots of the corpus divide evenly (5-card Omaha Hi/Lo, 2022:
# $144.75 and $144.75), leaving the odd-chip rule unobserved: the standard one stands. It turns all-in hands face
# up by itself in no order the rules name: of the 26 all-in showdowns of its corpus logs, 4 break the house rule and
# 1 PokerStars' order (the last side pot's players first), so with someone all-in no order is held.
# Its walks of the 2019 and later layout never print the return of the big blind's unmatched part, which its logs
# print after every other uncalled bet ("Uncalled bet ($0.12) returned to Player3"): all 4 walks of its corpus logs
# (2021-2023; e.g. fpdb/cash/Winning/Flop/NLO8-6max-USD-3-6-202104.walk.txt, hand 779388412, $3/$6: "Total pot
# $9.00", "Seat 2: Player0 did not show and won $9.00") count it in the pot the big blind wins. The 2015-2018
# layout prints the return on a walk ("Uncalled bet (0.03) returned to …", "Pot: 0.04", all 13 of its walks), and a
# hand that prints a return is held to it: the setting only accepts a walk that prints none and whose numbers agree.
# Its 2014 client calls the full big blind over a big blind all-in for less and returns the excess: fresh/acr-wpn/
# facfbb8b-ValidHand_2.txt, hand 266919237 ($0.10/$0.25): "Player L6U11C2K1Y3 allin (0.24)", "Player choptop calls
# (0.15)" from the small blind of 0.10, "Uncalled bet (0.01) returned to choptop", and the ledger's "Bets: 0.24".
SITE_PROFILES["Winning"] = RulesProfile(
    name="Winning", fixed_limit_bets_per_round=4, cap_applies_heads_up=True,
    showdown_order_all_in=AllInShowdown.NOT_HELD, walk_blind_won_back=True, call_of_the_full_big_blind=True,
)

# Bovada (Ignition, Bodog) rakes 5 % of a cash pot, rounded down to the cent, up to a cap that depends on the stakes,
# and nothing from a hand that ends before the flop: each of the corpus' cash hands that states its rake ("Total
# Pot($20) | Rake ($1)", 2012 and 2014) and each one that states none (Zone Poker 2021: the pot less what was paid)
# keeps at most 5 %, and none that ends preflop keeps anything.
# Its walks never print the return of the big blind's unmatched part ("Return uncalled portion of bet", which its
# logs print everywhere else): all 74 walks of its corpus logs (cash, Zone Poker, sit & gos and tournaments, 2012
# to 2021; e.g. the 2016 Ignition walk, golden ignition_walk: "Hand result $0.75", "Total Pot($0.75)") count it in
# what the big blind wins.
# Its split pots do not give the odd chip by seat: of the 20 two-way splits with an odd chip in its corpus logs
# (fpdb and fresh), 12 give it to the first winner left of the button and 8 to the other (Zone Poker Hold'em 6 and
# 4, e.g. the 2017 hand 3434245566: the button's 1.93 against the small blind's 1.92), so no order is held.
SITE_PROFILES["Bovada"] = RulesProfile(
    name="Bovada", max_rake_share=Decimal("0.05"), no_flop_no_drop=True, walk_blind_won_back=True,
    odd_chip_left_of_button=False,
)

# PartyPoker (and the rooms whose logs it converts, Hand.site "WPN", "PokerBros", "PokerStars" keep their own):
# a bet and three raises per fixed-limit round, heads-up too (limit-holdem-rules-da.txt, "Der kan normalt kun
# forhøjes tre gange"; the corpus' heads-up $20/$40 Omaha Hi-Lo hand 11354414824 stops at four bets and a call).
# The odd chip stays the standard rule: the one split of its corpus (the Mac client's $54.73, 2012, hand
# 12395241485) gives the extra cent to Player3, the first winner left of the button.
# After an all-in raise of half a bet or more, its next raise goes a full bet over the all-in (the 2012 $50 Freeroll
# Limit Hold'em tournament, hand 11932613562: all-in to 790 over a bet of 400 at 400/800, then a raise to 1190).
# Its SHORTDECK (2019) ranks three of a kind above a straight: "a Three-of-a-Kind is now higher than a Straight"
# (pokernewsdaily.com/partypoker-launches-shortdeck-32794). Ladbrokes' "Short Deck Hand Rankings" page
# (poker.ladbrokes.com) lists the straight higher; that is another brand's page, not partypoker's rule.
# A second small blind is live, and its $15/$30 fixed limit posts blinds of $10 and $15: fpdb's regression file
# cash/PartyPoker/Flop/LHE-6max-USD-15-30-201104.live.second.sb.txt (not in ../shared/corpus), hand 10398176832:
# "Player2 posts small blind [$10 USD]", "Hero posts big blind [$15 USD]", "Player1 posts small blind [$10 USD]",
# then "Player1 calls [$5 USD]" (completing to 15) and "Player1 wins $278 USD" of the 280 the bets make with the
# 10 live (290 were it dead).
SITE_PROFILES["PartyPoker"] = RulesProfile(
    name="PartyPoker", fixed_limit_bets_per_round=4, cap_applies_heads_up=True, half_bet_all_in_sets_level=True,
    short_deck_trips_beat_straight=True, second_small_blind_live=True,
    fixed_limit_small_blinds={Decimal(15): Decimal(10)},
)

# 888 (Hand.site "888poker": 888poker, Cassava, 888.ro, 888poker.ca-on): a bet and three raises per fixed-limit round
# (limit-holdem-rules-da.txt, "Der kan normalt kun forhøjes tre gange"); its 103 fixed-limit corpus hands (2011-2013,
# $0.01/$0.02 to $10/$20 and play money) never make a fifth bet, so nothing says the cap is lifted heads-up.
# Its tournament header names the new level in a table's first hand after the rise, played at the level before:
# the 2016 WSOP step hand 778807232 ("$200/$400 Blinds", Table #4) posts 150 and 300, as Table #9's hand before it
# under "$150/$300" did, and Table #4's next hand posts 200 and 400 (fresh/888poker).
SITE_PROFILES["888poker"] = RulesProfile(
    name="888poker", fixed_limit_bets_per_round=4, cap_applies_heads_up=True, level_rise_lags_one_hand=True
)


# Everleaf (and its skins) rakes about 5-6 % of a cash pot (8 % at most, below) and nothing from a hand that ends
# before the flop. Its logs state no rake: what it kept (the pot less what it paid, uncalled bets returned) is 5 % in
# the 2009-2010 dollar hands of the corpus (0.09 of 1.80, 0.32 of 6.40, 0.75 of 15.75 …), 6 % in the 2012 euro hand
# (0.18 of 3.00), and nothing in every hand that ends preflop. Its small stud pots keep more, the rake taken in whole
# cents: up to 7.9 % in the 2011 $0.05/$0.10 stud hands (0.06 of 0.76, 0.08 of 1.06, 0.02 of 0.26), so the bound is
# 8 %. Tournaments keep nothing (their fee is in the buy-in).
# It never writes the return of an uncalled bet (its reader states so, ``UncalledReturns.UNPRINTED``).
SITE_PROFILES["Everleaf"] = RulesProfile(
    name="Everleaf", max_rake_share=Decimal("0.08"), no_flop_no_drop=True)

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

# PokerNow (pokernow.club) hosts home games and takes no rake: its logs write no rake and no total pot, and in every
# hand of its corpus logs (../shared/corpus/fresh/pokernow-csv) what the players collect is what they put in, so the
# pot the engine computes is held to be paid out whole.
# It writes "and go all in" on a bet that covers every other player still in the hand, the chips behind no one can
# match: all 30 such marks of its corpus logs (fresh/pokernow-csv, 2021-2022; e.g. ba0c9046-log1.csv, hand #107:
# fry "raises to 105.25 and go all in" with 83.75 behind, Ayherk "calls 105.25 and go all in" with nothing left)
# are such bets, and no mark leaves a player chips another could still call. Its raise is capped at that amount:
# de6d476a-poker_now_log_pgl8…csv, hand #279, K. Godel "raises to 28499" over a raise to 20000, less than the full
# raise to 33500, but all jeangreen7 has (28749 less his ante of 250), who "calls 28499 and go all in".
SITE_PROFILES["PokerNow"] = RulesProfile(
    name="PokerNow", max_rake_share=Decimal(0), all_in_marks_covered_bet=True
)


# Entraction deals heads-up both ways: of the 14 heads-up hands of its corpus logs (fresh/entraction, 2012), 11 put
# the small blind on the button ("Dealer: NO12", "Small Blind: NO12") and 3 the big blind, the written rules' seats
# (ca1bdb57-GeneralHand.txt, hand 2645975604: "Dealer: GrossoGatto", "Small Blind: ORFEO", "Big Blind:
# GrossoGatto"; ORFEO then acts first before and after the flop, the dealer last, as the rules' order says).
SITE_PROFILES["Entraction"] = RulesProfile(name="Entraction", heads_up_button_may_post_big_blind=True)


def profile_for(site: str) -> RulesProfile:
    """The site's default rules profile (the standard profile for sites without one)."""
    return SITE_PROFILES.get(site, STANDARD)
