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

from collections.abc import Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import cast

from handlog.engine.pots import build_pots
from handlog.engine.views import Replay
from handlog.events import (
    Bet,
    Call,
    CardReplaced,
    DealHole,
    Fold,
    Game,
    Post,
    Raise,
    Redeal,
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
    over every completion of ``board`` to five cards (:mod:`handlog.stats.equity`, loaded with numpy at the
    first all-in)."""
    from handlog.stats.equity import ordering_counts, shares

    return shares(ordering_counts(holes, board), len(holes), pots)


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
        kind = type(e)
        if kind is Fold:
            folded.add(cast(Fold, e).player)
        elif kind in _WAGERS:
            wager = cast("Post | Call | Bet | Raise", e)
            if wager.all_in:
                all_in.add(wager.player)
        elif kind is StreetStart:
            street = cast(StreetStart, e)
            if street.street in _LATER and street.street not in dealt:
                dealt.add(street.street)
                remaining = sorted(p for p in players if p not in folded)
                if len(remaining) >= 2 and sum(1 for p in remaining if p not in all_in) <= 1:
                    return tuple(remaining), tuple(board)
                board.extend(street.cards)
    return None


_WAGERS = frozenset({Post, Call, Bet, Raise})
_LATER = frozenset({S.FLOP, S.TURN, S.RIVER})
"""What :func:`allin_point` asks of each event, by its exact type (``type(e) in _WAGERS``): ``isinstance`` against a
pydantic model goes through ``ABCMeta.__instancecheck__``, once per class of a tuple, on every event; the same
test while no event model has a subclass (``tests/checks/test_event_kinds.py``)."""


def known_holes(replay: Replay) -> dict[str, tuple[str, ...]]:
    """Hole cards known for each player: dealt to the hero, shown, or listed in the summary."""
    cards: dict[str, tuple[str, ...]] = {}
    for e in replay.hand.events:
        kind = type(e)
        if kind is DealHole or kind is Show:
            holding = cast("DealHole | Show", e)
            if holding.cards:
                cards[holding.player] = holding.cards
        elif kind is Redeal:  # a live table's new deal: the cards of the misdealt one are void
            cards.clear()
        elif kind is CardReplaced:  # an exposed card replaced after the deal
            replaced = cast(CardReplaced, e)
            if replaced.player in cards:
                held = tuple(c for c in cards[replaced.player] if c != replaced.card)
                cards[replaced.player] = (*held, replaced.new) if replaced.new is not None else held
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
