"""All-in EV: exact enumeration of the rest of the board, side pots, rake kept."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from itertools import combinations, starmap
from math import comb

import made_hands as hands
import numpy as np
import pytest
from phevaluator import _pheval, evaluate_cards  # type: ignore[attr-defined]

from handlog.engine import replay
from handlog.stats.allin_ev import allin_ev, allin_point, card_id, equities, side_pots
from handlog.stats.equity import ordering_counts


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


def plain_shares(
    holes: tuple[tuple[int, int], ...], board: tuple[int, ...], pots: tuple[tuple[int, ...], ...]
) -> list[list[Fraction]]:
    """The reference: every completion of the board evaluated with phevaluator's C 7-card entry point, each
    pot split among its best eligible players (numpy only to count the boards per number of winners)."""
    dead = set(board) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in dead]
    evaluate = getattr(_pheval, "evaluate_7cards", evaluate_cards)
    boards = comb(len(deck), 5 - len(board))
    values = np.array([
        np.fromiter(starmap(evaluate, (board + rest + hole for rest in combinations(deck, 5 - len(board)))), np.int64)
        for hole in holes
    ])  # fmt: skip
    won = [[Fraction(0)] * len(holes) for _ in pots]
    for k, eligible in enumerate(pots):
        mine = values[list(eligible)]
        winners = mine == mine.min(axis=0)
        split = winners.sum(axis=0)
        for row, i in enumerate(eligible):
            for n in range(1, len(eligible) + 1):
                won[k][i] += Fraction(int((winners[row] & (split == n)).sum()), n * boards)
    return won


def random_situation(
    rng: random.Random, players: int, board_cards: int, suited: bool
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Random hole cards and board (``suited``: many cards of one suit, for flushes), and the pots of random
    all-in amounts (side pots whenever the amounts differ)."""
    deck = list(range(52))
    rng.shuffle(deck)
    if suited:
        suit = rng.randrange(4)
        deck.sort(key=lambda c: (c % 4 != suit) + rng.random() * 1.5)
    cards = deck[: 2 * players + board_cards]
    rng.shuffle(cards)
    holes = tuple((cards[2 * i], cards[2 * i + 1]) for i in range(players))
    names = [str(i) for i in range(players)]
    committed = {p: Decimal(rng.choice((10, 20, 20, 35, 50))) for p in names}
    pots = tuple(tuple(int(p) for p in eligible) for _, eligible in side_pots(committed, names))
    return holes, tuple(cards[2 * players :]), pots


@pytest.mark.parametrize("board_cards", [3, 4])
def test_fast_equities_equal_a_plain_enumeration(board_cards: int) -> None:
    rng = random.Random(11 + board_cards)
    for n in range(150):
        players = 2 + n % 5 if board_cards == 4 else 2 + n % 3  # flops: up to four players (keeps it quick)
        holes, board, pots = random_situation(rng, players, board_cards, suited=n % 3 == 0)
        fast = equities(holes, board, pots)
        assert [list(pot) for pot in fast] == plain_shares(holes, board, pots), (holes, board, pots)


@pytest.mark.parametrize("players,suited", [(2, False), (2, True), (3, True)])
def test_fast_preflop_equities_equal_a_plain_enumeration(players: int, suited: bool) -> None:
    holes, board, pots = random_situation(random.Random(players * 7 + suited), players, 0, suited)
    assert [list(pot) for pot in equities(holes, board, pots)] == plain_shares(holes, board, pots)


def test_river_values_agree_with_phevaluator() -> None:
    rng = random.Random(5)
    deck = list(range(52))
    for _ in range(2000):  # river boards: the tables alone decide
        cards = rng.sample(deck, 9)
        first, second = evaluate_cards(*cards[4:], *cards[:2]), evaluate_cards(*cards[4:], *cards[2:4])
        order = (int(second < first), int(first < second))
        assert ordering_counts(((cards[0], cards[1]), (cards[2], cards[3])), tuple(cards[4:])) == {order: 1}


def test_the_shipped_hand_values_are_phevaluators() -> None:
    from handlog.stats.equity import VALUES_FILE, build_values, load_values

    assert VALUES_FILE.is_file()
    for shipped, built in zip(load_values(), build_values(), strict=True):
        assert np.array_equal(shipped, built)


def test_the_heads_up_table_is_shipped_whole() -> None:
    from handlog.stats.equity import PREFLOP_BOARDS, heads_up_classes, heads_up_table

    table = heads_up_table()
    assert table is not None
    assert np.array_equal(table.keys, heads_up_classes())  # one entry per class of match-ups, sorted
    assert len(table.keys) == 47008  # the classes of heads-up preflop match-ups up to suits and seat order
    assert ((table.first_wins + table.second_wins <= PREFLOP_BOARDS) & (table.first_wins >= 0)).all()


@pytest.mark.parametrize("suited", [False, True])
def test_heads_up_look_ups_equal_the_enumeration(suited: bool) -> None:
    from handlog.stats.equity import enumerate_orderings, heads_up_preflop

    rng = random.Random(29 + suited)
    for _ in range(25):
        holes, _, _ = random_situation(rng, 2, 0, suited)
        assert heads_up_preflop(*holes) == enumerate_orderings(holes, ()), holes


def test_heads_up_classes_ignore_suit_names_and_seat_order() -> None:
    from handlog.stats.equity import SUIT_RENAMINGS, heads_up_key

    rng = random.Random(31)
    for _ in range(200):
        a, b, c, d = rng.sample(range(52), 4)
        key, swapped = heads_up_key((a, b), (c, d))
        card = rng.choice(SUIT_RENAMINGS)
        assert heads_up_key((card[b], card[a]), (card[c], card[d])) == (key, swapped)
        other_key, other_swapped = heads_up_key((c, d), (a, b))
        assert other_key == key
        symmetric = any({card[a], card[b]} == {c, d} for card in SUIT_RENAMINGS)  # AhKd against AdKh
        assert symmetric or other_swapped != swapped
    assert heads_up_key((48, 49), (50, 51))[0] != heads_up_key((48, 49), (44, 45))[0]  # AA-AA, AA-KK
