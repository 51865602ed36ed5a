"""Omaha (high) slots into the same engine: four hole cards, exactly two of them in the showdown hand."""

from __future__ import annotations

from decimal import Decimal

from handkit import check, edit, found, load, replace

from handlog.engine.variants import OMAHA, best_omaha_hand, omaha_eight_low


def test_omaha_uses_exactly_two_hole_cards() -> None:
    board = ["6c", "Kc", "Qc", "Jc", "4c"]
    # four clubs on board: with one club in hand an Omaha player has no flush (two hole cards are needed) ...
    one_club = best_omaha_hand(["Ac", "2d", "3h", "8s"], board)
    two_clubs = best_omaha_hand(["Ac", "2c", "3h", "8s"], board)
    assert two_clubs < one_club  # lower rank is better: the two-club hand makes the nut flush
    # ... and the straight Ten to Ace needs the Ace and the Ten from the hand
    assert best_omaha_hand(["Ks", "Ad", "7s", "Tc"], board) < best_omaha_hand(["Js", "Ah", "5d", "9h"], board)


def test_five_card_omaha_evaluator_takes_two_of_five() -> None:
    assert OMAHA.hole_cards == 4
    assert best_omaha_hand(["Ac", "2c", "3h", "8s", "9d"], ["6c", "Kc", "Qc", "Jc", "4c"]) == best_omaha_hand(
        ["Ac", "2c", "3h", "8s"], ["6c", "Kc", "Qc", "Jc", "4c"]
    )


def test_raked_side_pots_are_stated_after_the_rake() -> None:
    """PokerStars states main and side pots after taking the rake from them pro rata: 2.47, 0.93 and 0.30 are
    printed as 2.35, 0.88 and 0.29 with a rake of 0.18 (a real 2010 PLO hand)."""
    hand = load("plo_raked_side_pots.txt")
    result = check(hand)
    assert not result.violations
    assert [p.amount for p in result.replay.pots] == [Decimal("2.47"), Decimal("0.93"), Decimal("0.30")]
    # a stated side pot beyond what the rake explains is still caught
    summary = hand.summary.model_copy(update={"side_pots": (Decimal("0.80"), Decimal("0.29"))})
    result = check(hand.model_copy(update={"summary": summary}))
    assert ("side-pots", "accounting", hand.summary.pot_line) in found(result)


def test_eight_or_better_low() -> None:
    board = ["2d", "Jh", "5h", "Js", "7s"]
    assert omaha_eight_low(["4s", "9c", "3d", "2c"], board) == (7, 5, 4, 3, 2)  # 4 3 from the hand, 7 5 2 board
    assert omaha_eight_low(["5d", "6c", "As", "9d"], board) == (7, 6, 5, 2, 1)  # the ace plays low
    assert omaha_eight_low(["Ks", "Qd", "Kd", "Kc"], board) is None  # no two low cards in the hand
    # exactly two hole cards: three low cards on the board and one in the hand make no low
    assert omaha_eight_low(["As", "Kd", "Qc", "Jh"], ["2c", "3d", "4h", "Ts", "Tc"]) is None


def test_hi_lo_pot_goes_to_the_best_high_and_the_best_low() -> None:
    """Omaha Hi/Lo: Hero's kings take the high half, Player1's 7-5-4-3-2 the low half (a real 2009 hand)."""
    hand = load("plo8_hi_lo_split.txt")
    assert not check(hand).violations
    # the low half given to Player2, whose 7-6-5-2-A low is worse
    wrong = edit(hand, 38, player="Player2")
    assert ("wrong-winner", "showdown", 37) in found(check(wrong))
    # Hero scooping the whole pot: the best low got nothing
    scoop = replace(edit(hand, 37, amount=Decimal("0.24")), 38)
    assert ("split-missing", "showdown", 37) in found(check(scoop))
