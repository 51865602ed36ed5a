"""PokerNow logs written for the statistics tests: the CSV the site's "download full log" gives."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta


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
