"""Helpers of the report tests: the hands written for them, and the data a report page embeds, read back."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

HANDS = Path(__file__).resolve().parent / "hands"
THREE_HANDS = HANDS / "three_hands.txt"
"""Three PokerStars hands of Hero, "Villain <b>&amp;" and Third: Hero wins the first ($1.50 in, $3.25 back), loses
the second at showdown ($3.50 in) and wins the third ($1.50 in, $3 back), whose summary says $3.25 (a violation).
The stacks each header prints (50, 51.75, 48.25) prove Hero's results."""
CORPUS = Path(os.environ.get("HANDLOG_CORPUS") or Path(__file__).resolve().parents[2].parent / "shared" / "corpus")

DATA = re.compile(r'<script type="application/json" id="data">(.*?)</script>', re.S)


def embedded(path: Path) -> Any:
    """The JSON a page embeds (the report's, or a replay page's)."""
    found = DATA.search(path.read_text(encoding="utf-8"))
    assert found is not None, path
    return json.loads(found.group(1))


def rows(table: dict[str, Any]) -> list[dict[str, Any]]:
    """A page table's rows as records (column name → value)."""
    names = [c["name"] for c in table["columns"]]
    return [dict(zip(names, row, strict=True)) for row in table["rows"]]
