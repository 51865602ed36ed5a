"""The counters of issue 27, each on a hand written for it from the counter's definition (docs/statistics.md),
traps included: an isolation raise over a limper is a 2-bet but no raise first in, a donk bet takes the c-bet
chance away, a turn c-bet needs a flop c-bet, a dead post is not VPIP."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import made_hands as hands

import handlog
from handlog.engine import replay
from handlog.events import Hand
from handlog.stats.frame import hand_rows


def rows(hand: Hand) -> dict[str, dict[str, Any]]:
    return {r["player"]: r for r in hand_rows(replay(hand))}


# Utg limps, Co isolates, Utg calls; Co c-bets the flop in position, Utg calls; the turn is checked through;
# Utg bets the river into Co (the flop's aggressor), Co folds.
ISOLATION = hands.hand(
    2701,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: calls $1
    Hj: folds
    Co: raises $4 to $5
    Btn: folds
    Sb: folds
    Bb: folds
    Utg: calls $4
    *** FLOP *** [2c 7d Jh]
    Utg: checks
    Co: bets $6
    Utg: calls $6
    *** TURN *** [2c 7d Jh] [Qs]
    Utg: checks
    Co: checks
    *** RIVER *** [2c 7d Jh Qs] [3h]
    Utg: bets $10
    Co: folds
    Uncalled bet ($10) returned to Utg
    Utg collected $23.50 from pot
    Utg: doesn't show hand
    """,
    total="23.50",
    board="2c 7d Jh Qs 3h",
)


def test_isolation_raise_is_a_two_bet_not_a_raise_first_in() -> None:
    r = rows(ISOLATION)
    co, utg = r["Co"], r["Utg"]
    assert co["two_bet_opp"] and co["two_bet"]
    assert not co["open_opp"] and not co["open_raise"]  # Utg was in before him
    assert utg["open_limp_opp"] and utg["open_limp"] and utg["two_bet_opp"] and not utg["two_bet"]
    assert utg["limp_call_opp"] and utg["limp_call"] and not utg["limp_fold"] and not utg["limp_raise"]
    assert utg["fold_to_two_bet_opp"] and not utg["fold_to_two_bet"]  # in before the raise, then facing it
    assert not r["Hj"]["open_limp_opp"] and not r["Hj"]["two_bet"]  # Utg had limped: no open limp chance
    assert r["Hj"]["two_bet_opp"]  # nobody had raised yet
    assert co["pot"] == "single-raised"


def test_cbet_in_position_and_check_call() -> None:
    r = rows(ISOLATION)
    co, utg = r["Co"], r["Utg"]
    assert co["cbet_flop_opp"] and co["cbet_flop"] and co["cbet_flop_ip_opp"] and co["cbet_flop_ip"]
    assert not co["cbet_flop_oop_opp"]
    assert utg["fold_to_cbet_flop_oop_opp"] and not utg["fold_to_cbet_flop_oop"] and not utg["fold_to_cbet_flop_ip_opp"]
    assert utg["check_raise_flop_opp"] and utg["check_call_flop"] and not utg["check_raise_flop"]
    assert utg["faced_raise_flop"] and not utg["fold_to_raise_flop"]
    assert (utg["bets_flop"], utg["calls_flop"], utg["raises_flop"]) == (0, 1, 0)
    assert (co["bets_flop"], co["calls_flop"]) == (1, 0)
    assert co["in_position_flop"] and not utg["in_position_flop"]
    # the turn checked through: Co had the turn c-bet chance (his flop c-bet was called) and declined it
    assert co["cbet_turn_opp"] and not co["cbet_turn"] and not co["delayed_cbet_turn_opp"]


def test_river_bet_into_the_last_aggressor_is_a_donk_bet() -> None:
    r = rows(ISOLATION)
    utg, co = r["Utg"], r["Co"]
    assert utg["donk_river_opp"] and utg["donk_river"]
    assert not co["donk_river_opp"]  # the aggressor himself
    assert co["faced_raise_river"] and co["fold_to_raise_river"]
    assert not co["cbet_river_opp"]  # no turn c-bet, and a bet came first anyway
    # the money: Utg won without showdown, Co lost $11 without showdown
    assert utg["net_non_showdown"] == utg["net"] == Decimal("12.50") and utg["net_showdown"] == 0
    assert co["net_non_showdown"] == Decimal("-11") and co["net_showdown"] == 0


# The button opens, the big blind calls and bets the flop into him (a donk bet); the button calls; the big blind
# checks the turn, the button bets (a float) and the big blind folds.
DONK = hands.hand(
    2702,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: folds
    Hj: folds
    Co: folds
    Btn: raises $2 to $3
    Sb: folds
    Bb: calls $2
    *** FLOP *** [2c 7d Jh]
    Bb: bets $4
    Btn: calls $4
    *** TURN *** [2c 7d Jh] [Qs]
    Bb: checks
    Btn: bets $8
    Bb: folds
    Uncalled bet ($8) returned to Btn
    Btn collected $14.50 from pot
    Btn: doesn't show hand
    """,
    total="14.50",
)


def test_a_donk_bet_takes_the_cbet_chance_away() -> None:
    r = rows(DONK)
    bb, btn = r["Bb"], r["Btn"]
    assert bb["donk_flop_opp"] and bb["donk_flop"]
    assert not btn["cbet_flop_opp"] and not btn["cbet_flop"] and not bb["fold_to_cbet_flop_opp"]
    assert btn["faced_raise_flop"] and (btn["calls_flop"], btn["bets_flop"]) == (1, 0)
    assert btn["in_position_preflop"] and bb["in_position_preflop"] and not r["Sb"]["in_position_preflop"]


def test_a_float_bets_after_the_aggressor_checks() -> None:
    r = rows(DONK)
    bb, btn = r["Bb"], r["Btn"]
    assert btn["float_turn_opp"] and btn["float_turn"]  # called Bb's flop bet, Bb checked the turn, Btn bets
    assert not bb["float_turn_opp"]
    assert not btn["cbet_turn_opp"]  # no flop c-bet: no turn c-bet
    assert not bb["donk_turn_opp"]  # Bb is the flop's aggressor: nobody to donk into
    assert bb["check_raise_turn_opp"] and not bb["check_raise_turn"] and not bb["check_call_turn"]
    assert bb["fold_to_raise_turn"]


# Co opens, the big blind calls; the flop is checked through; Co bets the turn (a delayed c-bet), the big blind
# calls; on the river the big blind check-raises and Co folds.
DELAYED = hands.hand(
    2703,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: folds
    Hj: folds
    Co: raises $2 to $3
    Btn: folds
    Sb: folds
    Bb: calls $2
    *** FLOP *** [2c 7d Jh]
    Bb: checks
    Co: checks
    *** TURN *** [2c 7d Jh] [Qs]
    Bb: checks
    Co: bets $4
    Bb: calls $4
    *** RIVER *** [2c 7d Jh Qs] [3h]
    Bb: checks
    Co: bets $10
    Bb: raises $20 to $30
    Co: folds
    Uncalled bet ($20) returned to Bb
    Bb collected $34.50 from pot
    Bb: doesn't show hand
    """,
    total="34.50",
)


def test_turn_cbet_needs_a_flop_cbet_and_a_delayed_cbet_is_its_own() -> None:
    r = rows(DELAYED)
    co, bb = r["Co"], r["Bb"]
    assert co["cbet_flop_opp"] and not co["cbet_flop"]
    assert not co["cbet_turn_opp"] and not co["cbet_turn"]  # the flop was not c-bet
    assert co["delayed_cbet_turn_opp"] and co["delayed_cbet_turn"]
    assert bb["probe_turn_opp"] and not bb["probe_turn"]  # first to act on the turn after a checked flop: checked
    assert not bb["fold_to_cbet_turn_opp"]  # a delayed c-bet is no c-bet
    assert bb["check_raise_river_opp"] and bb["check_raise_river"] and not bb["check_call_river"]
    assert (bb["raises_river"], co["bets_river"]) == (1, 1)
    assert bb["donk_river_opp"] and not bb["donk_river"]  # first to act before the turn's aggressor: checked


# The button opens, the big blind calls; the flop is checked through and the big blind bets the turn (a probe).
PROBE = hands.hand(
    2704,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: folds
    Hj: folds
    Co: folds
    Btn: raises $2 to $3
    Sb: folds
    Bb: calls $2
    *** FLOP *** [2c 7d Jh]
    Bb: checks
    Btn: checks
    *** TURN *** [2c 7d Jh] [Qs]
    Bb: bets $4
    Btn: folds
    Uncalled bet ($4) returned to Bb
    Bb collected $6.50 from pot
    Bb: doesn't show hand
    """,
    total="6.50",
)


def test_probe_bet() -> None:
    r = rows(PROBE)
    bb, btn = r["Bb"], r["Btn"]
    assert bb["probe_turn_opp"] and bb["probe_turn"]
    assert not btn["delayed_cbet_turn_opp"]  # a bet came before his turn decision
    assert bb["donk_turn_opp"] and bb["donk_turn"]  # a bet into the last aggressor (the preflop raiser)
    assert not btn["float_turn_opp"]  # the flop had no bet to call


# Utg opens, Hj calls, Co squeezes, the button cold 4-bets; everybody folds to him.
SQUEEZE = hands.hand(
    2705,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: raises $2 to $3
    Hj: calls $3
    Co: raises $9 to $12
    Btn: raises $18 to $30
    Sb: folds
    Bb: folds
    Utg: folds
    Hj: folds
    Co: folds
    Uncalled bet ($18) returned to Btn
    Btn collected $31.50 from pot
    Btn: doesn't show hand
    """,
    total="31.50",
)


def test_squeeze_cold_four_bet_and_the_folds_to_them() -> None:
    r = rows(SQUEEZE)
    assert r["Co"]["squeeze_opp"] and r["Co"]["squeeze"] and r["Co"]["three_bet"]
    assert r["Btn"]["cold_four_bet_opp"] and r["Btn"]["cold_four_bet"]
    assert not r["Utg"]["cold_four_bet_opp"]  # the opener facing the 3-bet has the (ordinary) 4-bet chance
    assert r["Utg"]["fold_to_squeeze_opp"] and r["Utg"]["fold_to_squeeze"]
    assert r["Hj"]["fold_to_squeeze_opp"] and r["Hj"]["fold_to_squeeze"]
    assert not r["Sb"]["fold_to_squeeze_opp"]  # not in the pot before the squeeze
    assert r["Co"]["fold_to_four_bet_opp"] and r["Co"]["fold_to_four_bet"]
    assert r["Sb"]["fold_to_four_bet_opp"]  # a decision facing the 4-bet
    assert not r["Utg"]["fold_to_four_bet_opp"]  # the opener's fold is to the 4-bet, counted as his 3-bet defence
    assert r["Utg"]["two_bet"] and r["Utg"]["open_raise"]
    assert {x["pot"] for x in r.values()} == {"4-bet+"}


# Hj posts a dead small blind with his big blind (back from a break), checks his option, and folds the flop.
DEAD_POST = hands.hand(
    2706,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    Hj: posts small & big blinds $1.50
    *** HOLE CARDS ***
    Utg: folds
    Hj: checks
    Co: folds
    Btn: folds
    Sb: calls $0.50
    Bb: checks
    *** FLOP *** [2c 7d Jh]
    Sb: bets $3
    Bb: folds
    Hj: folds
    Uncalled bet ($3) returned to Sb
    Sb collected $3.50 from pot
    Sb: doesn't show hand
    """,
    total="3.50",
)


def test_dead_post_is_not_vpip() -> None:
    r = rows(DEAD_POST)
    hj = r["Hj"]
    assert not hj["vpip"] and not hj["limp"] and not hj["open_limp"] and hj["two_bet_opp"]
    assert r["Sb"]["vpip"] and r["Sb"]["limp"]
    assert not r["Sb"]["open_limp_opp"] and not r["Sb"]["open_opp"]  # Hj checked his live blind before: as fpdb
    assert hj["pot"] == "unraised"
    assert hj["faced_raise_flop"] and hj["fold_to_raise_flop"] and not hj["check_raise_flop_opp"]


STUD_TEXT = """PokerStars Game #2707:  7 Card Stud Limit ($0.50/$1 USD) - 2024/01/10 12:00:00 ET
Table 'Test' 8-max
Seat 1: Anna ($20 in chips)
Seat 2: Bert ($20 in chips)
Seat 3: Cleo ($20 in chips)
Seat 4: Dora ($20 in chips)
Anna: posts the ante $0.10
Bert: posts the ante $0.10
Cleo: posts the ante $0.10
Dora: posts the ante $0.10
*** 3rd STREET ***
Dealt to Anna [2c]
Dealt to Bert [Kd]
Dealt to Cleo [Ah]
Dealt to Dora [9s]
Anna: brings in for $0.25
Bert: calls $0.25
Cleo: raises $0.25 to $0.50
Dora: raises $0.50 to $1
Anna: folds
Bert: folds
Cleo: folds
Uncalled bet ($0.50) returned to Dora
Dora collected $1.90 from pot
Dora: doesn't show hand
*** SUMMARY ***
Total pot $1.90 | Rake $0
"""


def test_stud_completion_is_the_first_bet_and_the_raise_over_it_the_two_bet() -> None:
    """Third street: the bring-in is a post, Cleo's completion the first full bet (no raise), Dora's raise over it
    the 2-bet; Bert had limped the bring-in and Cleo completed: both were in before the 2-bet and fold to it."""
    records = handlog.read_text(STUD_TEXT, file="stud2707.txt")
    assert records[0].hand is not None, records[0].error
    r = rows(records[0].hand)
    assert r["Dora"]["two_bet_opp"] and r["Dora"]["two_bet"] and r["Dora"]["pfr"]
    assert not r["Cleo"]["two_bet"] and not r["Cleo"]["two_bet_opp"]  # the completion: no full bet before it
    assert r["Cleo"]["fold_to_two_bet_opp"] and r["Cleo"]["fold_to_two_bet"]
    assert r["Bert"]["fold_to_two_bet_opp"] and r["Bert"]["fold_to_two_bet"]
    assert not r["Anna"]["fold_to_two_bet_opp"]  # the bring-in is forced: not in voluntarily
    assert r["Dora"]["in_position_preflop"]  # the last to act before the action returns to the bring-in
    assert not r["Anna"]["in_position_preflop"]
    assert {x["pot"] for x in r.values()} == {"single-raised"}
    assert r["Dora"]["net_non_showdown"] == Decimal("1.30") and r["Dora"]["net_showdown"] == 0
