"""JSON Lines output shared by the commands: decimals as strings, one object per line."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any, TextIO

from handlog.events import DealHole, Hand
from handlog.reading import HandRecord


def _default(value: object) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple | set | frozenset):
        return list(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


_ENCODER = json.JSONEncoder(default=_default, ensure_ascii=False, separators=(",", ":"))
"""Made once: ``json.dumps`` with any option makes a new encoder per call (a record per hand)."""
_make_c_encoder = getattr(json.encoder, "c_make_encoder", None)
_C_ENCODE: Callable[[object, int], Sequence[str]] | None = (
    # what ``_ENCODER.encode`` makes anew on every call (``JSONEncoder.iterencode``), made once: the C encoder with
    # the same options (no markers: a record is a tree, never a cycle)
    _make_c_encoder(None, _default, json.encoder.encode_basestring, None, ":", ",", False, False, True)
    if _make_c_encoder is not None else None
)


def dumps(record: object) -> str:
    if _C_ENCODE is not None:
        return "".join(_C_ENCODE(record, 0))
    return _ENCODER.encode(record)


def write(record: object, out: TextIO | None = None) -> None:
    (out or sys.stdout).write(dumps(record) + "\n")


def record_head(record: HandRecord) -> dict[str, object]:
    """The fields every per-hand JSON record starts with: where the hand is and what it is."""
    hand = record.hand
    return {
        "file": record.file,
        "line": record.line,
        "hand_id": record.hand_id,
        "site": record.site,
        # ``_value_``: the member's value, as ``.value`` gives it without that property's Python-level descriptor
        "game": hand.game._value_ if hand else record.game,
        "structure": hand.structure._value_ if hand else record.structure,
    }


def hero(hand: Hand) -> str | None:
    """The player the log was written for: the one player whose own hole cards it deals face up (``Dealt to Hero
    [Ah Kd]``); None when no one's or several players' are (an observer's log, a research log showing all)."""
    known = {e.player for e in hand.events if isinstance(e, DealHole) and e.cards and any(c != "??" for c in e.cards)}
    return next(iter(known)) if len(known) == 1 else None


def hand_header(hand: Hand) -> dict[str, object]:
    """The hand's header in a ``parse --json`` record: site, stakes, currency, time (UTC where its zone is known,
    the wall-clock time as written, the zone and where it came from), table, seats, button, hero, stacks,
    tournament."""
    from handlog.clock import hand_time
    from handlog.stats.frame import stakes_text

    when = hand_time(hand)
    return {
        "site": hand.site,
        "game_name": hand.game_name,
        "stakes": stakes_text(hand),
        "small_blind": hand.stakes.small,
        "big_blind": hand.stakes.big,
        "ante": hand.stakes.ante,
        "currency": hand.currency,
        "time": when.utc,
        "local_time": when.local,
        "time_zone": when.zone,
        "time_source": when.source,
        "time_as_written": hand.time_local,
        "table": hand.table,
        "max_seats": hand.max_seats,
        "button": hand.button,
        "hero": hero(hand),
        "seats": [{"seat": s.seat, "player": s.player, "stack": s.stack, "sitting_out": s.sitting_out}
                  for s in hand.seats],
        "tournament_id": hand.tournament.id if hand.tournament else None,
    }
