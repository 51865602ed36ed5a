"""Short Deck (6+ Hold'em) and Courchevel on the one engine: the 36-card deck and its ranking, and Omaha with the
first flop card dealt before the first betting round. Rankings are tested from the rules' own statements; real
hands of the corpus replay clean (skipped when ../shared/corpus is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_cache import audited, read_cached
from handkit import errors, parse

from handlog.audit import audit
from handlog.engine.rules import RulesProfile, profile_for
from handlog.engine.shortdeck import short_deck_evaluator
from handlog.engine.variants import SIX_PLUS_HOLDEM, variant_for
from handlog.events import Game, Street

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
TRIPS_HIGH = short_deck_evaluator(True)
STRAIGHT_HIGH = short_deck_evaluator(False)


def test_a_flush_beats_a_full_house() -> None:
    flush = TRIPS_HIGH(["Ah", "9h"], ["7h", "6h", "Jh", "Kd", "Ks"])
    full_house = TRIPS_HIGH(["Kh", "Kc"], ["Kd", "6h", "6d", "8c", "9s"])
    assert flush < full_house  # lower is better


def test_ace_plays_low_in_a_to_nine() -> None:
    low_straight = TRIPS_HIGH(["Ah", "9c"], ["6d", "7s", "8h", "Kd", "Qc"])
    six_to_ten = TRIPS_HIGH(["Th", "9c"], ["6d", "7s", "8h", "Kd", "Qc"])
    two_pair = TRIPS_HIGH(["Ah", "Ac"], ["6d", "6s", "8h", "Kd", "Qc"])
    assert six_to_ten < low_straight < two_pair


def test_trips_against_a_straight_by_the_rooms_rule() -> None:
    trips = ["Qh", "Qc"], ["Qd", "6s", "8h", "Kd", "2c"]
    straight = ["Th", "9c"], ["6d", "7s", "8h", "Kd", "Ac"]
    assert TRIPS_HIGH(*trips) < TRIPS_HIGH(*straight)
    assert STRAIGHT_HIGH(*straight) < STRAIGHT_HIGH(*trips)


def test_variants() -> None:
    six_plus = variant_for(Game.SIX_PLUS_HOLDEM)
    assert six_plus is not None and six_plus.deck == 36 and six_plus.short_deck
    for game in (Game.COURCHEVEL, Game.COURCHEVEL_HI_LO):
        courchevel = variant_for(game)
        assert courchevel is not None and courchevel.hole_cards == 5
        assert courchevel.board[Street.PREFLOP] == 1 and sum(courchevel.board.values()) == 5


HEADER = (
    "PokerStars Hand #170983530791: Tournament #1918472490, $3.41+$3.41+$0.68 USD Courchevel Hi/Lo Pot Limit"
    " - Level I (15/30) - 2017/05/27 18:14:16 EET [2017/05/27 11:14:16 ET]\n"
)
COURCHEVEL_HAND = HEADER + """\
Table '1918472490 5' 6-max Seat #1 is the button
Seat 1: Hero (3000 in chips, $3.41 bounty)
Seat 2: Player0 (3000 in chips, $3.41 bounty)
Seat 3: Player1 (3000 in chips, $3.41 bounty)
Seat 5: Player2 (3000 in chips, $3.41 bounty)
Seat 6: Player3 (3000 in chips, $3.41 bounty)
Player0: posts small blind 15
Player1: posts big blind 30
*** HOLE CARDS ***
Dealt to Hero [Qh 5s 4c Qs 6d]
*** PRE-FLOP *** [8s]
Player2: calls 30
Player3: folds
Hero: folds
Player0: raises 45 to 75
Player1: folds
Player2: calls 45
*** FLOP *** [8s] [2c 9h]
Player0: checks
Player2: checks
*** TURN *** [8s 2c 9h] [6s]
Player0: bets 59
Player2: calls 59
*** RIVER *** [8s 2c 9h 6s] [Jh]
Player0: checks
Player2: checks
*** SHOW DOWN ***
Player0: shows [As 8h 4d Tc Ts] (HI: a pair of Tens; LO: 8,6,4,2,A)
Player2: shows [6h 3h Kd 9c 7s] (HI: two pair, Nines and Sixes; LO: 8,7,6,3,2)
Player2 collected 149 from pot
Player0 collected 149 from pot
*** SUMMARY ***
Total pot 298 | Rake 0
Board [8s 2c 9h 6s Jh]
Seat 1: Hero (button) folded before Flop (didn't bet)
Seat 2: Player0 (small blind) showed [As 8h 4d Tc Ts] and won (149) with HI: a pair of Tens; LO: 8,6,4,2,A
Seat 3: Player1 (big blind) folded before Flop
Seat 5: Player2 showed [6h 3h Kd 9c 7s] and won (149) with HI: two pair, Nines and Sixes; LO: 8,7,6,3,2
Seat 6: Player3 folded before Flop (didn't bet)
"""
# (the corpus' PL-Courcheval-HL-6max-USD-7.50-201705.fixed.flop.txt: Player2's two pair takes the high half,
# Player0's 8-6-4-2-A the low half)


def test_courchevel_hand_replays_clean() -> None:
    result = audit(parse(COURCHEVEL_HAND))
    assert result.replay.supported and not result.violations, [str(v) for v in result.violations]
    assert result.replay.boards == (("8s", "2c", "9h", "6s", "Jh"),)


def test_courchevel_planted_errors() -> None:
    # the first flop card is one card before the first betting round
    two_cards = COURCHEVEL_HAND.replace("*** PRE-FLOP *** [8s]", "*** PRE-FLOP *** [8s 3c]")
    assert "board-count" in {v.code for v in audit(parse(two_cards)).violations}
    # the pot to a hand that wins neither half: Player0's low half given to the folded Player1
    wrong = COURCHEVEL_HAND.replace("Player0 collected 149 from pot", "Player1 collected 149 from pot")
    assert "collect-by-folded" in {v.code for v in audit(parse(wrong)).violations}
    # the whole pot to Player0, whose pair of tens loses the high half
    scoop = COURCHEVEL_HAND.replace("Player2 collected 149 from pot\nPlayer0 collected 149 from pot",
                                    "Player0 collected 298 from pot")
    assert scoop != COURCHEVEL_HAND
    assert "split-missing" in {v.code for v in audit(parse(scoop)).violations}


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_every_corpus_short_deck_and_courchevel_hand_replays_clean() -> None:
    games = {Game.SIX_PLUS_HOLDEM, Game.COURCHEVEL, Game.COURCHEVEL_HI_LO}
    hands = [r.hand for r in read_cached([CORPUS / "fpdb", CORPUS / "fpdb-extra"])
             if r.hand is not None and r.hand.game in games]
    assert len(hands) >= 9  # PokerStars and GGPoker 6+, PokerStars and Full Tilt Courchevel
    for hand in hands:
        result = audited(hand)
        assert result.replay.supported and not errors(result), (hand.file, hand.hand_id, errors(result))


def test_each_rooms_published_ranking_of_trips_and_straights() -> None:
    """PokerStars' 6+ Hold'em and partypoker's SHORTDECK rank three of a kind above a straight (their launches'
    published rankings, cited in ``engine.rules``); a profile set the other way ranks the straight higher."""
    assert profile_for("PokerStars").short_deck_trips_beat_straight
    assert profile_for("PartyPoker").short_deck_trips_beat_straight
    trips = ["Qh", "Qc"], ["Qd", "6s", "8h", "Kd", "9c"]
    straight = ["Js", "Tc"], ["Qd", "6s", "8h", "Kd", "9c"]
    other_way = RulesProfile(short_deck_trips_beat_straight=False)
    for rules, trips_win in ((profile_for("PokerStars"), True), (other_way, False)):
        rank = SIX_PLUS_HOLDEM.evaluator(rules.short_deck_trips_beat_straight)
        assert (rank(*trips) < rank(*straight)) is trips_win
