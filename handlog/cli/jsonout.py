"""JSON Lines output shared by the commands: decimals as strings, one object per line."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from decimal import Decimal
from typing import Any, TextIO


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
