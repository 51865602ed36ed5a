"""Card checks on the summary: the printed board and the cards shown or mucked there agree with the hand."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from handlog.engine import Category, Replay, Severity, Violation
from handlog.events import DealHole, Show


def summary_board(replay: Replay) -> Iterator[Violation]:
    """"Board [..]" (or FIRST/SECOND Board) is the board the streets dealt."""
    summary = replay.hand.summary
    for i, board in enumerate(summary.boards):
        dealt = replay.boards[i] if i < len(replay.boards) else ()
        if tuple(board) == tuple(dealt):
            continue  # (almost every board: the streets' violations are then not asked about)
        miscounted = any(v.code == "board-count" for v in replay.violations)
        if not (miscounted and (set(board) <= set(dealt) or set(dealt) <= set(board))):
            # (a board that differs only by a street's cards reported as too many or too few is that one error)
            yield Violation(
                "board-mismatch", Category.CARDS, Severity.ERROR, summary.board_line or summary.line,
                f"the summary board is {' '.join(board)}; the streets dealt {' '.join(dealt) or 'no board'}",
            )


def summary_cards(replay: Replay) -> Iterator[Violation]:
    """Cards a summary line shows for a player are that player's cards, and nobody else's or the board's."""
    showing = [seat for seat in replay.hand.summary.seats if seat.shown or seat.mucked]
    if not showing:
        return  # no summary line shows cards (most hands)
    holders: dict[str, str] = {}
    for board in replay.boards:
        for card in board:
            holders[card] = "the board"
    known: dict[str, set[str]] = {}
    for e in replay.hand.events:
        # exact types: an event model has no subclasses (tests/checks/test_event_kinds.py)
        if type(e) is DealHole:
            held = known.setdefault(e.player, set())
            held.update(e.cards)
            held.update(e.new)
        elif type(e) is Show:
            known.setdefault(e.player, set()).update(e.cards)
    for player, cards in known.items():
        for card in cards:
            holders.setdefault(card, player)
    for seat in showing:
        for card in seat.shown or seat.mucked:
            holder = holders.get(card)
            if holder is not None and holder != seat.player and card not in known.get(seat.player, set()):
                yield Violation(
                    "duplicate-card", Category.CARDS, Severity.ERROR, seat.line,
                    f"the summary gives {seat.player} {card}, which belongs to {holder}",
                )


CHECKS: list[Callable[[Replay], Iterator[Violation]]] = [summary_board, summary_cards]
