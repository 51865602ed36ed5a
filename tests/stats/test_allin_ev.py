"""All-in EV: exact enumeration of the rest of the board, side pots, rake kept."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import combinations

import made_hands as hands
from phevaluator import evaluate_cards

from handlog.engine import replay
from handlog.stats.allin_ev import allin_ev, allin_point, card_id, equities, side_pots


def test_side_pots() -> None:
    committed = {"a": Decimal(10), "b": Decimal(30), "c": Decimal(30), "d": Decimal(5)}
    assert side_pots(committed, ["a", "b", "c"]) == [
        (Decimal(35), ("a", "b", "c")),
        (Decimal(40), ("b", "c")),
    ]


def test_turn_all_in_with_a_side_pot_matches_a_direct_enumeration() -> None:
    r = replay(hands.ALLIN_TURN_SIDE_POT)
    assert allin_point(r) == (("Bb", "Btn", "Sb"), ("Qs", "9h", "4d", "2c"))
    ev = allin_ev(r)
    holes = {"Bb": ("Qh", "Qd"), "Btn": ("As", "Ks"), "Sb": ("9c", "8c")}
    board = ["Qs", "9h", "4d", "2c"]
    used = set(board) | {c for h in holes.values() for c in h}
    rivers = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs" if f"{r}{s}" not in used]
    expected = dict.fromkeys(holes, Fraction(0))
    for river in rivers:
        ranks = {p: evaluate_cards(*board, river, *h) for p, h in holes.items()}
        for amount, eligible in ((30, ("Bb", "Btn", "Sb")), (40, ("Bb", "Btn"))):
            best = min(ranks[p] for p in eligible)
            winners = [p for p in eligible if ranks[p] == best]
            for p in winners:
                expected[p] += Fraction(amount, len(rivers) * len(winners))
    committed = {"Bb": 30, "Btn": 30, "Sb": 10}
    for p in holes:
        value = expected[p] - committed[p]
        assert ev[p] == (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"))
    assert sum(ev.values()) == 0  # no rake: the expectations sum to zero


def test_preflop_all_in_keeps_the_rake() -> None:
    r = replay(hands.ALLIN_PREFLOP)
    ev = allin_ev(r)
    shares = equities(((card_id("Ah"), card_id("Ad")), (card_id("Kc"), card_id("Ks"))), (), ((0, 1),))
    aces = shares[0][0]
    assert Fraction(81, 100) < aces < Fraction(83, 100)
    assert ev["Sb"] == (Decimal(aces.numerator) / aces.denominator * 99 - 50).quantize(Decimal("0.01"))
    assert abs(sum(ev.values()) + r.rake) <= Decimal("0.01")  # rounding to the cent only
    assert ev["Btn"] == 0


def test_hands_without_all_in_keep_their_result() -> None:
    for hand in (hands.LIMPED, hands.SPLIT_POT, hands.CBET_CHECK_RAISE):
        r = replay(hand)
        assert allin_ev(r) == {p: x.net for p, x in r.results.items()}


def test_the_fast_evaluator_is_phevaluators() -> None:
    from itertools import islice

    from handlog.stats.allin_ev import SEVEN_CARDS

    deck = list(range(52))
    for cards in islice(combinations(deck, 7), 0, 200_000, 997):
        assert SEVEN_CARDS(*cards) == evaluate_cards(*cards)
