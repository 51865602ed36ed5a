"""Split Hold'em (PokerStars): Hold'em on two boards, each deciding half of every pot.

The hand below is written for these tests in the layout of PokerStars' Split Hold'em logs (names, cards and
amounts are our own); its arithmetic, checked by hand:
- preflop: blinds 0.50 + 1, Marlowe raises to 3, Quince calls 3: pot 7.50;
- flop (both boards dealt, then one round): Marlowe bets 4.25, Quince calls: pot 16.00;
- turn: Marlowe checks, Quince bets 9, Marlowe calls: pot 34.00; river checked through;
- rake 1.53 leaves 32.47: the first board's half 16.24 (the odd cent), the second's 16.23;
- first board Jh 7d 2c Kc 5s: Marlowe's Ah Jd (a pair of Jacks) beats Quince's 8c 8h (a pair of Eights);
- second board 9s Tc 3h 6d 4c: Quince's pair of Eights beats Marlowe's high card Ace.
"""

from __future__ import annotations

from decimal import Decimal

from handkit import errors, load, parse

from handlog.audit import audit
from handlog.engine.variants import variant_for
from handlog.events import Game
from handlog.stats.frame import hand_rows
from handlog.writing.pokerstars import hand_to_pokerstars

SPLIT_HAND = """\
PokerStars Hand #190000000001:  Split Hold'em No Limit ($0.50/$1 USD) - 2018/05/02 21:10:44 CET [2018/05/02 15:10:44 ET]
Table 'Alcyone III' 6-max Seat #2 is the button
Seat 1: Marlowe ($100 in chips)
Seat 2: Quince ($85.40 in chips)
Seat 3: Tarn ($120 in chips)
Seat 4: Ulla ($64.25 in chips)
Seat 5: Vesper ($90 in chips)
Tarn: posts small blind $0.50
Ulla: posts big blind $1
*** HOLE CARDS ***
Vesper: folds
Marlowe: raises $2 to $3
Quince: calls $3
Tarn: folds
Ulla: folds
*** FIRST FLOP *** [Jh 7d 2c]
*** SECOND FLOP *** [9s Tc 3h]
Marlowe: bets $4.25
Quince: calls $4.25
*** FIRST TURN *** [Jh 7d 2c] [Kc]
*** SECOND TURN *** [9s Tc 3h] [6d]
Marlowe: checks
Quince: bets $9
Marlowe: calls $9
*** FIRST RIVER *** [Jh 7d 2c Kc] [5s]
*** SECOND RIVER *** [9s Tc 3h 6d] [4c]
Marlowe: checks
Quince: checks
*** FIRST SHOW DOWN ***
Marlowe: shows [Ah Jd] (a pair of Jacks)
Quince: shows [8c 8h] (a pair of Eights)
Marlowe collected $16.24 from pot
*** SECOND SHOW DOWN ***
Marlowe: shows [Ah Jd] (high card Ace)
Quince: shows [8c 8h] (a pair of Eights)
Quince collected $16.23 from pot
*** SUMMARY ***
Total pot $34 | Rake $1.53
FIRST Board [Jh 7d 2c Kc 5s]
SECOND Board [9s Tc 3h 6d 4c]
Seat 1: Marlowe showed [Ah Jd] and won ($16.24) with a pair of Jacks, and lost with high card Ace
Seat 2: Quince (button) showed [8c 8h] and lost with a pair of Eights, and won ($16.23) with a pair of Eights
Seat 3: Tarn (small blind) folded before Flop
Seat 4: Ulla (big blind) folded before Flop
Seat 5: Vesper folded before Flop (didn't bet)
"""


def codes(text: str) -> set[str]:
    return {v.code for v in audit(parse(text)).violations}


def test_split_holdem_is_holdem_on_two_boards() -> None:
    variant = variant_for(Game.SPLIT_HOLDEM)
    holdem = variant_for(Game.HOLDEM)
    assert variant is not None and holdem is not None
    assert variant.boards == 2 and holdem.boards == 1
    assert variant.rounds == holdem.rounds and variant.board == holdem.board


def test_split_hand_reads_and_replays_clean() -> None:
    hand = parse(SPLIT_HAND)
    assert hand.game == Game.SPLIT_HOLDEM and hand.game_name == "Split Hold'em"
    result = audit(hand)
    assert result.replay.supported and not result.violations, [str(v) for v in result.violations]
    assert result.replay.boards == (("Jh", "7d", "2c", "Kc", "5s"), ("9s", "Tc", "3h", "6d", "4c"))
    assert hand.summary.total_pot == Decimal("34") and result.replay.rake == Decimal("1.53")


def test_each_half_goes_to_its_boards_best_hand() -> None:
    result = audit(parse(SPLIT_HAND))
    paid = {(c.run, c.player): c.amount for c in result.replay.collects}
    assert paid == {(1, "Marlowe"): Decimal("16.24"), (2, "Quince"): Decimal("16.23")}
    nets = {name: r.net for name, r in result.replay.results.items()}
    assert nets["Marlowe"] == Decimal("16.24") - Decimal("16.25")  # put in 3 + 4.25 + 9
    assert nets["Quince"] == Decimal("16.23") - Decimal("16.25")
    assert nets["Tarn"] == Decimal("-0.50") and nets["Ulla"] == Decimal("-1")


def test_planted_half_to_the_worse_hand_of_a_board() -> None:
    # the first board's half to Quince, whose pair of Eights loses to Marlowe's Jacks on that board
    wrong = SPLIT_HAND.replace("Marlowe collected $16.24 from pot", "Quince collected $16.24 from pot")
    assert wrong != SPLIT_HAND
    assert "wrong-winner" in codes(wrong)


def test_planted_wrong_half_amount() -> None:
    # the same total paid, but the first board's half ten cents too big and the second's ten cents too small
    wrong = (
        SPLIT_HAND.replace("$16.24", "$16.34").replace("$16.23", "$16.13")
    )
    assert wrong.count("$16.34") == 2 and wrong.count("$16.13") == 2
    assert codes(wrong) == {"board-half"}


def test_planted_odd_cent_to_the_second_board() -> None:
    wrong = SPLIT_HAND.replace("$16.24", "$16.2x").replace("$16.23", "$16.24").replace("$16.2x", "$16.23")
    assert codes(wrong) == {"board-half"}


def test_planted_bet_between_the_paired_streets() -> None:
    # Marlowe bets after the first board's flop, before the second board's flop is dealt
    wrong = SPLIT_HAND.replace(
        "*** FIRST FLOP *** [Jh 7d 2c]\n*** SECOND FLOP *** [9s Tc 3h]\nMarlowe: bets $4.25\n",
        "*** FIRST FLOP *** [Jh 7d 2c]\nMarlowe: bets $4.25\n*** SECOND FLOP *** [9s Tc 3h]\n",
    )
    assert wrong != SPLIT_HAND
    assert codes(wrong) == {"out-of-turn"}


def test_planted_second_board_street_missing() -> None:
    # the betting begins while the second board lacks its turn: reported once, at the first action
    wrong = SPLIT_HAND.replace("*** SECOND TURN *** [9s Tc 3h] [6d]\n", "")
    assert wrong != SPLIT_HAND
    found = [v.code for v in audit(parse(wrong)).violations]
    assert found.count("out-of-turn") == 1 and "street-order" not in found
    # the second board's turn dropped with the turn's betting: the first board's river reveals it
    turn = "*** SECOND TURN *** [9s Tc 3h] [6d]\nMarlowe: checks\nQuince: bets $9\nMarlowe: calls $9\n"
    dry = SPLIT_HAND.replace(turn, "")
    assert dry != SPLIT_HAND
    assert "street-order" in codes(dry)


def test_the_whole_pot_without_a_showdown_is_not_halved() -> None:
    folded = SPLIT_HAND.split("*** FIRST TURN ***")[0] + """\
*** FIRST TURN *** [Jh 7d 2c] [Kc]
*** SECOND TURN *** [9s Tc 3h] [6d]
Marlowe: checks
Quince: bets $9
Marlowe: folds
Uncalled bet ($9) returned to Quince
Quince collected $15.28 from pot
*** SUMMARY ***
Total pot $16 | Rake $0.72
FIRST Board [Jh 7d 2c Kc]
SECOND Board [9s Tc 3h 6d]
Seat 1: Marlowe folded on the Turn
Seat 2: Quince (button) collected ($15.28)
Seat 3: Tarn (small blind) folded before Flop
Seat 4: Ulla (big blind) folded before Flop
Seat 5: Vesper folded before Flop (didn't bet)
"""
    assert codes(folded) == set(), [str(v) for v in audit(parse(folded)).violations]


def test_an_ordinary_run_it_twice_hand_still_audits_clean() -> None:
    """Run it twice keeps its own shape: one board's betting, then a later board, each run paying its share."""
    hand = load("nl_run_twice.txt")
    assert hand.game == Game.HOLDEM
    result = audit(hand)
    assert result.replay.supported and not errors(result), [str(v) for v in errors(result)]
    assert len(result.replay.boards) == 2
    assert {c.run for c in result.replay.collects} == {1, 2}


def test_statistics_count_one_betting_round_per_street_pair() -> None:
    rows = {r["player"]: r for r in hand_rows(audit(parse(SPLIT_HAND)).replay)}
    marlowe, quince = rows["Marlowe"], rows["Quince"]
    assert marlowe["pfr"] and marlowe["cbet_flop"] and quince["vpip"] and not quince["pfr"]
    # Marlowe: bet the flop, checked and called the turn, checked the river; Quince: called, bet, checked
    assert (marlowe["postflop_bets"], marlowe["postflop_calls"], marlowe["postflop_checks"]) == (1, 1, 2)
    assert (quince["postflop_bets"], quince["postflop_calls"], quince["postflop_checks"]) == (1, 1, 1)
    assert marlowe["saw_river"] and marlowe["won_at_showdown"] and quince["won_at_showdown"]
    assert marlowe["net"] == Decimal("-0.01") and quince["net"] == Decimal("-0.02")


def test_split_holdem_is_written_as_the_pokerstars_text_it_was_read_from() -> None:
    """Written back as PokerStars text, the hand is its source line for line (the start time in UTC, as the writer
    gives every time): both boards' streets with one betting round after each pair, a showdown per board, and a
    summary with both boards and, for each player who showed, what they won or lost on each board; no "Hand was
    run twice", which Split Hold'em is not."""
    written = hand_to_pokerstars(parse(SPLIT_HAND)).text.rstrip("\n").splitlines()
    source = SPLIT_HAND.rstrip("\n").splitlines()
    assert written[0] == source[0].replace("21:10:44 CET", "19:10:44 UTC")
    assert written[1:] == source[1:]
