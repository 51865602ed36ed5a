"""All-in expectation: a hand's result when the cards still to come after an all-in are averaged out.

When, before the river is dealt, at least two players remain and at most one of them is not all-in (no more
betting can happen), and every remaining player's hole cards are known (shown, or the hero's), each remaining
player's result is replaced by its expectation over every possible rest of the board (exact enumeration, no
sampling). The pots are rebuilt from what every player committed (folded players' chips included) and who
remains eligible, so side pots are won separately; a tie splits its pot. The rake is charged as it was: each
player's expected winnings are scaled by what was actually collected over what was committed. Players who
folded keep their actual result. Only Hold'em is enumerated (two hole cards, five board cards, the standard
hand ranking); other games keep the actual result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, repeat, starmap
from operator import add
from typing import cast

import numpy as np
from phevaluator import evaluate_cards

from handlog.engine.pots import build_pots
from handlog.engine.views import Replay
from handlog.events import (
    Bet,
    Call,
    DealHole,
    Fold,
    Game,
    Post,
    Raise,
    Show,
    StreetStart,
)
from handlog.events import Street as S

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CENT = Decimal("0.01")


def card_id(card: str) -> int:
    """phevaluator's card number (``rank * 4 + suit``, suits c d h s)."""
    return RANKS.index(card[0].upper()) * 4 + SUITS.index(card[1].lower())


def _seven_card_evaluator() -> Callable[..., int]:
    """phevaluator's native 7-card entry point (what ``evaluate_cards`` dispatches to for seven cards,
    without its per-call conversion of the cards), for the enumeration loops; ``evaluate_cards`` itself
    when the extension is missing."""
    try:
        from phevaluator import _pheval  # type: ignore[attr-defined,unused-ignore]
    except ImportError:  # pragma: no cover - phevaluator without its extension
        return cast(Callable[..., int], evaluate_cards)
    return cast(Callable[..., int], getattr(_pheval, "evaluate_7cards", evaluate_cards))


SEVEN_CARDS = _seven_card_evaluator()


def side_pots(committed: dict[str, Decimal], remaining: Sequence[str]) -> list[tuple[Decimal, tuple[str, ...]]]:
    """Pots (amount, eligible players in ``remaining`` order) as the engine layers them (``build_pots``)."""
    order = {p: i for i, p in enumerate(remaining)}
    return [
        (pot.amount, tuple(sorted(pot.eligible, key=order.__getitem__)))
        for pot in build_pots(committed, set(remaining))
    ]


@lru_cache(maxsize=256)
def equities(
    holes: tuple[tuple[int, int], ...], board: tuple[int, ...], pots: tuple[tuple[int, ...], ...]
) -> tuple[tuple[Fraction, ...], ...]:
    """For each pot (the indices of the players eligible for it), each player's exact share of it, averaged
    over every completion of ``board`` to five cards."""
    used = set(board)
    for h in holes:
        used.update(h)
    deck = [c for c in range(52) if c not in used]
    # Count each ordering of the players (how many players beat each one, per board) once; the pots are
    # shared out per ordering at the end.
    orders: dict[tuple[int, ...], int] = {}
    # Each player's rank on every board in one C-level pass (no Python loop per board), then numpy.
    evaluate = SEVEN_CARDS
    need = 5 - len(board)
    ranks = np.array([np.fromiter(starmap(evaluate, _sevens(board, deck, need, h)), np.int32) for h in holes])
    n = len(holes)
    code = np.zeros(ranks.shape[1], np.int64)  # per board: how many players beat each one, in base n
    for i in range(n):
        code = code * n + (ranks < ranks[i]).sum(axis=0)
    values, counts = np.unique(code, return_counts=True)
    for value, count in zip(values.tolist(), counts.tolist(), strict=True):
        digits: list[int] = []
        for _ in range(n):
            value, beaten_by = divmod(value, n)
            digits.append(beaten_by)
        orders[tuple(reversed(digits))] = count
    shares = [[Fraction(0)] * len(holes) for _ in pots]
    boards = sum(orders.values())
    for order, count in orders.items():
        for k, eligible in enumerate(pots):
            best = min(order[i] for i in eligible)
            winners = [i for i in eligible if order[i] == best]
            for i in winners:
                shares[k][i] += Fraction(count, boards * len(winners))
    return tuple(tuple(s) for s in shares)


def _sevens(board: tuple[int, ...], deck: list[int], need: int, hole: tuple[int, int]) -> Iterator[tuple[int, ...]]:
    """Every ``board + rest + hole`` as a 7-tuple, built by C-level iterators (no Python loop per board)."""
    return map(add, map(add, repeat(board), combinations(deck, need)), repeat(hole))


def allin_point(replay: Replay) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """``(remaining players, board known then)`` at the first street dealt with no betting possible, or
    None when the hand never reached that before the river."""
    hand = replay.hand
    players = set(replay.results)
    folded: set[str] = set()
    all_in: set[str] = set()
    board: list[str] = []
    dealt: set[S] = set()
    for e in hand.events:
        if isinstance(e, Fold):
            folded.add(e.player)
        elif isinstance(e, Post | Call | Bet | Raise) and e.all_in:
            all_in.add(e.player)
        elif isinstance(e, StreetStart) and e.street in (S.FLOP, S.TURN, S.RIVER) and e.street not in dealt:
            dealt.add(e.street)
            remaining = sorted(p for p in players if p not in folded)
            if len(remaining) >= 2 and sum(1 for p in remaining if p not in all_in) <= 1:
                return tuple(remaining), tuple(board)
            board.extend(e.cards)
    return None


def known_holes(replay: Replay) -> dict[str, tuple[str, ...]]:
    """Hole cards known for each player: dealt to the hero, shown, or listed in the summary."""
    cards: dict[str, tuple[str, ...]] = {}
    for e in replay.hand.events:
        if isinstance(e, DealHole | Show) and e.cards:
            cards[e.player] = e.cards
    for seat in replay.hand.summary.seats:
        if seat.player not in cards and (seat.shown or seat.mucked):
            cards[seat.player] = seat.shown or seat.mucked
    return cards


def allin_ev(replay: Replay) -> dict[str, Decimal]:
    """Each player's all-in-adjusted net (their actual net when the hand does not qualify)."""
    actual = {p: r.net for p, r in replay.results.items()}
    hand = replay.hand
    if hand.game != Game.HOLDEM or any(r.cashed_out for r in replay.results.values()):
        return actual
    point = allin_point(replay)
    if point is None:
        return actual
    remaining, board = point
    holes = known_holes(replay)
    if any(len(holes.get(p, ())) != 2 for p in remaining):
        return actual
    committed = {p: r.committed for p, r in replay.results.items()}
    total_committed = sum(committed.values(), Decimal(0))
    total_collected = sum((r.collected for r in replay.results.values()), Decimal(0))
    if total_committed <= 0:
        return actual
    pots = side_pots(committed, remaining)
    index = {p: i for i, p in enumerate(remaining)}
    try:
        hole_ids = tuple((card_id(holes[p][0]), card_id(holes[p][1])) for p in remaining)
        board_ids = tuple(card_id(c) for c in board)
    except ValueError:
        return actual
    if len(set(board_ids) | {c for h in hole_ids for c in h}) != len(board_ids) + 2 * len(hole_ids):
        return actual  # the same card twice: a broken log, keep the actual result
    shares = equities(hole_ids, board_ids, tuple(tuple(index[p] for p in eligible) for _, eligible in pots))
    scale = Fraction(total_collected) / Fraction(total_committed)
    result = dict(actual)
    for p in remaining:
        i = index[p]
        expected = sum((Fraction(amount) * shares[k][i] for k, (amount, _) in enumerate(pots)), Fraction(0))
        value = expected * scale - Fraction(committed[p])
        result[p] = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(CENT, ROUND_HALF_EVEN)
    return result
