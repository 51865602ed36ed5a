"""PokerNow logs written for the statistics tests: the CSV the site's "download full log" gives."""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path


def pokernow_log(entries: list[str]) -> str:
    """A PokerNow log of ``entries`` (in time order): newest row first, a second apart, with their order numbers."""
    start = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["entry", "at", "order"])
    for i in reversed(range(len(entries))):
        moment = start + timedelta(seconds=i)
        writer.writerow([entries[i], moment.strftime("%Y-%m-%dT%H:%M:%S.000Z"), f"{int(moment.timestamp() * 1000)}00"])
    return out.getvalue()


def seated(path: Path, pattern: str) -> dict[str, int]:
    """How many of the log's own seat lists ("Player stacks: …") seat each match of ``pattern`` (its group 1)."""
    counts: dict[str, int] = {}
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            if row["entry"].startswith("Player stacks:"):
                for name in re.findall(pattern, row["entry"]):
                    counts[name] = counts.get(name, 0) + 1
    return counts
