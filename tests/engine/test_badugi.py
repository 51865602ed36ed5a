"""Badugi: a triple-draw game of four cards on the same engine, with its own hand ranking."""

from __future__ import annotations

from decimal import Decimal

from handkit import check, edit, found, load

from handlog.engine.variants import best_badugi


def test_badugi_ranking() -> None:
    four = best_badugi(["5s", "3h", "2d", "Tc"])  # T-5-3-2, four suits, four ranks
    three = best_badugi(["3c", "Jh", "6s", "Ah"])  # two hearts: the best three-card hand is 6-3-A
    assert four < three  # lower is better: any four-card badugi beats any three-card hand
    assert best_badugi(["4c", "3d", "2h", "As"]) < four  # the wheel is the best badugi
    assert best_badugi(["Kc", "Kd", "Kh", "Ks"]) > three  # four kings play as a one-card king
    assert best_badugi(["8s", "3d", "Ac", "4h"]) < best_badugi(["8c", "5d", "7s", "Th"])  # 8-4-3-A beats T-8-7-5


def test_a_real_badugi_hand_is_clean() -> None:
    """A 2010 tournament hand: an all-in raise for less, its completion, three draws, three pots."""
    result = check(load("badugi_completion.txt"))
    assert not result.violations
    assert [p.amount for p in result.replay.pots] == [Decimal(2500), Decimal(1140), Decimal(1140)]


def test_fixed_limit_raise_completes_a_short_all_in() -> None:
    """After "raises 250 to 550 and is all-in" over a 300 big blind, the next raise goes to 600 (completing the
    short raise), as the log has it; a full bet on top of the all-in (to 850) is the wrong size."""
    hand = load("badugi_completion.txt")
    wrong = edit(hand, 19, by=Decimal(300), to=Decimal(850))
    assert ("fixed-limit-size", "legality", 19) in found(check(wrong))


def test_the_main_pot_goes_to_the_best_badugi() -> None:
    hand = load("badugi_completion.txt")
    wrong = edit(hand, 57, player="Player21")  # the main pot to the three-card hand
    assert ("wrong-winner", "showdown", 57) in found(check(wrong))
