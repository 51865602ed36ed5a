"""JSON Lines output shared by the commands: decimals as strings, one object per line."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from decimal import Decimal
from typing import Any, TextIO

from handlog.reading import HandRecord


def _default(value: object) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple | set | frozenset):
        return list(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def dumps(record: object) -> str:
    return json.dumps(record, default=_default, ensure_ascii=False, separators=(",", ":"))


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
        "game": hand.game.value if hand else record.game,
        "structure": hand.structure.value if hand else record.structure,
    }
