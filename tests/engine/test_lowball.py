"""2-7 lowball draws on the same engine: the worst high hand wins, and a draw may replace all five cards."""

from __future__ import annotations

from decimal import Decimal

from handkit import check, edit, found, load

from handlog.engine.variants import ace_to_five_low, deuce_to_seven_low


def test_deuce_to_seven_ranking() -> None:
    best = deuce_to_seven_low(["7s", "5d", "4c", "3h", "2s"])
    assert best < deuce_to_seven_low(["8s", "5d", "4c", "3h", "2s"])
    # aces are high and A-5-4-3-2 is no straight: the lowest ace-high hand, worse than any king-high one ...
    wheel = deuce_to_seven_low(["As", "5d", "4c", "3h", "2s"])
    king_high = deuce_to_seven_low(["Ks", "Qd", "Jc", "Th", "8s"])
    assert king_high < wheel < deuce_to_seven_low(["As", "6d", "4c", "3h", "2s"])
    # ... while 6-5-4-3-2 is a straight and a suited hand a flush: both worse than any pair
    pair = deuce_to_seven_low(["2s", "2d", "4c", "3h", "5s"])
    assert pair < deuce_to_seven_low(["6s", "5d", "4c", "3h", "2s"])
    assert pair < deuce_to_seven_low(["7s", "5s", "4s", "3s", "2s"])


def test_triple_draw_with_a_five_card_draw_is_clean() -> None:
    """A 2013 home-game 2-7 Triple Draw hand: Hero replaces all five cards ("Dealt to Hero [6h Td 2c 5h 3s]",
    one bracket), then one, then stands pat, and wins with T-6-5-3-2 against T-8-6-3-2."""
    result = check(load("triple_draw_all_five.txt"))
    assert not result.violations
    # the pot to the worse low is caught
    hand = load("triple_draw_all_five.txt")
    line = next(e.line for e in hand.events if e.kind == "collect")
    wrong = edit(hand, line, player="Player0")
    assert ("wrong-winner", "showdown", line) in found(check(wrong))


def test_an_opponent_all_in_for_an_ante_calls_only_the_ante() -> None:
    """Single Draw 2-7: Hero is all-in for an ante of 1; Player0's ante of 25 and big blind of 100 are called
    for 1 only, so 124 comes back ("Uncalled bet (124)") and the pot is 2."""
    result = check(load("single_draw_ante_all_in.txt"))
    assert not result.violations
    assert result.replay.results["Player0"].net == Decimal(1)
    wrong = edit(load("single_draw_ante_all_in.txt"), 10, amount=Decimal(100))
    assert ("uncalled-bet", "accounting", 10) in found(check(wrong))


def test_ace_to_five_ranking() -> None:
    """A-5 lowball (Full Tilt's A-5 Triple Draw): aces are low and straights and flushes do not count, so the
    wheel 5-4-3-2-A is the best hand, a suited 6-4-3-2-A beats 6-5-4-3-2 (a pair of nothing: both are no-pair
    hands, six high, compared card by card), and any five different ranks beat any pair."""
    wheel = ace_to_five_low(["5s", "4s", "3s", "2s", "As"])
    assert wheel < ace_to_five_low(["6h", "4h", "3h", "2h", "Ah"]) < ace_to_five_low(["6s", "5d", "4c", "3h", "2s"])
    king_high = ace_to_five_low(["Ks", "Qd", "Jc", "Th", "9s"])
    pair_of_aces = ace_to_five_low(["As", "Ad", "2c", "3h", "4s"])
    assert king_high < pair_of_aces < ace_to_five_low(["2s", "2d", "3c", "4h", "5s"])
    two_pair = ace_to_five_low(["As", "Ad", "2c", "2h", "3s"])
    trips = ace_to_five_low(["As", "Ad", "Ac", "2h", "3s"])
    assert ace_to_five_low(["Ks", "Kd", "Qc", "Jh", "Ts"]) < two_pair < trips
    # the same shape: the pair decides before its kickers
    assert ace_to_five_low(["3s", "3d", "Kc", "Qh", "Js"]) < ace_to_five_low(["4s", "4d", "2c", "3h", "As"])
