"""Hands for the engine tests and small helpers to plant one error in them.

``hands/*.txt`` are real PokerStars hands copied from the corpus (player names replaced), so the tests do not
depend on ../shared; ``test_hands_are_real`` compares each with the corpus. A copy that was edited is named
``*.edited.txt`` and says in ``EDITED`` what was changed and why. A planted error edits the parsed ``Hand``
(frozen pydantic models: every edit builds a new tuple of events), addressing events by the line of the file
they were read from.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import handlog
from handlog.audit import Audit, audit
from handlog.events import Event, Hand

HANDS = Path(__file__).parent / "hands"

EDITED: dict[str, tuple[str, str]] = {
    "ftp_irish_showdown.edited.txt": (
        "ftp_irish_discard.txt",
        "the river bet and fold replaced by two checks and a showdown (Player0 shows Qs Qd, unseen in the original;"
        " Hero the Ts Kc he kept), the summary to match: the Irish corpus hand ends without a showdown",
    ),
    # name: (the real copy it was made from, what was changed and why)
    "fl_2005_no_uncalled_line.edited.txt": (
        "fl_2005_heads_up_button_big_blind.txt",
        "the button moved from seat 6 to seat 7 (header and summary) so that the heads-up button posts the small"
        " blind: the hand then breaks no rule, and shows only that a 2005 log prints no 'Uncalled bet' line",
    ),
}


def parse(text: str, file: str = "<text>") -> Hand:
    """The one hand in ``text`` (it must parse)."""
    records = handlog.read_text(text, file)
    assert len(records) == 1, f"expected one hand, got {len(records)}"
    record = records[0]
    assert record.hand is not None, record.error
    return record.hand


def load(name: str) -> Hand:
    return parse((HANDS / name).read_text(encoding="utf-8"), name)


def names() -> list[str]:
    return sorted(p.name for p in HANDS.glob("*.txt"))


def index_at(hand: Hand, line: int) -> int:
    found = [i for i, e in enumerate(hand.events) if e.line == line]
    assert len(found) == 1, f"expected one event on line {line}, found {len(found)}"
    return found[0]


def event_at(hand: Hand, line: int) -> Event:
    return hand.events[index_at(hand, line)]


def with_events(hand: Hand, events: Iterable[Event]) -> Hand:
    return hand.model_copy(update={"events": tuple(events)})


def edit(hand: Hand, line: int, **changes: Any) -> Hand:
    """The event on ``line`` with some fields changed."""
    i = index_at(hand, line)
    events = list(hand.events)
    events[i] = events[i].model_copy(update=changes)
    return with_events(hand, events)


def replace(hand: Hand, line: int, *new: Event) -> Hand:
    """The event on ``line`` replaced by ``new`` (none: deleted)."""
    i = index_at(hand, line)
    return with_events(hand, [*hand.events[:i], *new, *hand.events[i + 1 :]])


def move(hand: Hand, line: int, before: int) -> Hand:
    """The event on ``line`` moved just before the event on line ``before``; it keeps its own line."""
    moving = event_at(hand, line)
    rest = [e for e in hand.events if e is not moving]
    at = next(i for i, e in enumerate(rest) if e.line == before)
    return with_events(hand, [*rest[:at], moving, *rest[at:]])


def swap(hand: Hand, a: int, b: int) -> Hand:
    """Two events exchanged; each takes the other's line."""
    ia, ib = index_at(hand, a), index_at(hand, b)
    events = list(hand.events)
    events[ia], events[ib] = events[ib].model_copy(update={"line": a}), events[ia].model_copy(update={"line": b})
    return with_events(hand, events)


def found(result: Audit) -> set[tuple[str, str, int]]:
    """(code, category, line) of every violation."""
    return {(v.code, v.category.value, v.line) for v in result.violations}


def codes(result: Audit) -> set[str]:
    return {v.code for v in result.violations}


def errors(result: Audit) -> list[str]:
    return [f"{v.line}: {v.code}: {v.message}" for v in result.violations if v.severity == "error"]


def check(hand: Hand) -> Audit:
    return audit(hand)
