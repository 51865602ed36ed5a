"""The shared machinery of the line-by-line summary readers: each room lists its line kinds (a name, a pattern and
what to do with the match); a line no kind matches stops that summary with its file, line, text and the kinds
that would have fit. A room's module holds only its line kinds and how they fill the record."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from handlog.events.tournament import SummaryError
from handlog.formats.summaries.money import AmountError


class SummaryFailure(Exception):
    """Raised inside a reader: the summary cannot be read; carries the ``SummaryError``."""

    def __init__(self, error: SummaryError) -> None:
        super().__init__(error.describe())
        self.error = error


@dataclass(frozen=True, slots=True)
class LineKind:
    name: str
    pattern: re.Pattern[str]
    action: Callable[[dict[str, Any], re.Match[str]], None]


def kind(name: str, pattern: str, action: Callable[[dict[str, Any], re.Match[str]], None]) -> LineKind:
    return LineKind(name, re.compile(pattern), action)


def apply_lines(
    kinds: Sequence[LineKind], lines: Sequence[tuple[int, str]], fields: dict[str, Any], file: str, room: str
) -> None:
    """Match every non-blank line against ``kinds`` (first match wins) and run its action on ``fields``."""
    for number, text in lines:
        stripped = text.strip()
        if not stripped:
            continue
        for k in kinds:
            m = k.pattern.match(stripped)
            if m is not None:
                try:
                    k.action(fields, m)
                except (AmountError, ValueError) as exc:
                    raise SummaryFailure(
                        SummaryError(file=file, line=number, message=f"{room} summary: {exc}", text=stripped,
                                     expected=(k.name,))
                    ) from exc
                break
        else:
            raise SummaryFailure(
                SummaryError(
                    file=file, line=number, message=f"a line this {room} summary reader does not know",
                    text=stripped, expected=tuple(dict.fromkeys(k.name for k in kinds)),
                )
            )


EASTERN = ZoneInfo("America/New_York")
ZONES = {"ET": EASTERN, "UTC": ZoneInfo("UTC"), "GMT": ZoneInfo("UTC")}


def eastern_time(text: str) -> datetime | None:
    """A time written ``2016/11/26 13:04:00 ET`` (or ``2007/08/13 - 08:15:00 (ET)``) as UTC; None otherwise."""
    m = re.search(
        r"([0-9]{4})/([0-9]{1,2})/([0-9]{1,2})(?: - | )([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))? \(?(ET|UTC|GMT)\)?",
        text,
    )
    if m is None:
        return None
    y, mo, d, h, mi, s = (int(x) if x else 0 for x in m.groups()[:6])
    local = datetime(y, mo, d, h, mi, s, tzinfo=ZONES[m.group(7)])
    return local.astimezone(ZoneInfo("UTC"))


def merge_entries(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A player listed once per entry (re-entries, multi-entry) as one row: his best place (None only while every
    entry still plays), prizes added, ``entries`` the lines (or the highest entry number written, if more)."""
    merged: dict[str, dict[str, Any]] = {}
    for row in rows:
        m = merged.get(row["player"])
        if m is None:
            merged[row["player"]] = dict(row, _count=1)
            continue
        m["_count"] += 1
        m["entries"] = max(m.get("entries", 1), row.get("entries", 1))
        for key in ("prize", "ticket_value"):
            if key in row:
                m[key] = m.get(key, 0) + row[key]
        if row.get("ticket"):
            m["ticket"] = "; ".join(t for t in (m.get("ticket"), row["ticket"]) if t)
        place = row.get("place")
        if place is not None and (m.get("place") is None or place < m["place"]):
            m["place"], m["line"] = place, row.get("line", m.get("line", 0))
    out = []
    for m in merged.values():
        m["entries"] = max(m.pop("_count"), m.get("entries", 1))
        out.append(m)
    return out


def place_number(text: str) -> int:
    """``2nd`` → 2, ``3841st`` → 3841, ``23th`` → 23."""
    m = re.fullmatch(r"([0-9]+)(?:st|nd|rd|th|e|er|ème)?", text.strip())
    if m is None:
        raise ValueError(f"not a place: {text!r}")
    return int(m.group(1))
