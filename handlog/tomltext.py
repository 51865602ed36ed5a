"""Where things are in a TOML text: ``tomllib`` reads values but keeps no positions, and errors need lines.

Shared by the readers of TOML files (PHH hands, house-rules files).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence

_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_-]*)\s*=")
_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)")


def key_lines(lines: Sequence[str], first_line: int = 1) -> dict[str, int]:
    """The line of each top-level ``key =`` (its first occurrence); ``lines[0]`` is line ``first_line``."""
    found: dict[str, int] = {}
    for i, line in enumerate(lines):
        m = _KEY.match(line)
        if m is not None and m.group(1) not in found:
            found[m.group(1)] = first_line + i
    return found


def decode_error(exc: tomllib.TOMLDecodeError) -> tuple[str, int | None, int | None]:
    """A TOML error's message without its position, and the position (1-based line and column) when given."""
    message = str(exc)
    where = _POSITION.search(message)
    bare = _POSITION.sub("", message).strip()
    if where is None:
        return bare, None, None
    return bare, int(where.group(1)), int(where.group(2))
