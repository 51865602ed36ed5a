"""Tournament summaries: files a room writes about a tournament (buy-in, entrants, prize pool, who finished where
and won what), not hands. Detected by content like hand histories; each room's layout is read by its own module
into ``TournamentSummary`` records (``handlog.events.tournament``); a summary that cannot be read is a
``SummaryError`` with its file, line, text and what was expected, and costs that summary only.

Rooms: PokerStars (text, the support e-mail, the HTML archive), Full Tilt (text, the Excel report), Winamax,
888poker (Cassava) and Open Tournament Summary JSON. ``detect`` is also what the hand commands ask, to skip a
summary cleanly.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from handlog.events.tournament import SummaryError, TournamentSummary
from handlog.formats.headers import SUMMARY_HEADS, summary_layout
from handlog.reading.decode import iter_lines

MAX_DOCUMENT = 32 * 1024 * 1024
"""Largest e-mail, HTML archive or JSON document read whole, in bytes."""

def detect(head: Sequence[str]) -> str | None:
    """The summary layout of a file whose first non-blank lines are ``head``, or None (not a summary)."""
    return summary_layout(head)


def read_file(path: Path) -> Iterator[TournamentSummary | SummaryError]:
    """The summaries of one file (several for an e-mail or an archive); errors as data, never an exception."""
    name = str(path)
    try:
        with path.open("rb") as stream:
            magic = stream.peek(8)[:8]
            if magic.startswith(b"\xd0\xcf\x11\xe0"):  # an Excel workbook: Full Tilt's report export
                from handlog.formats.summaries import fulltilt_xls

                if path.stat().st_size > MAX_DOCUMENT:
                    yield SummaryError(file=name, line=1, message=f"larger than {MAX_DOCUMENT} bytes: not read")
                    return
                yield from fulltilt_xls.read(stream.read(), name)
                return
            lines = list(enumerate(iter_lines(stream), start=1))
    except OSError as exc:
        yield SummaryError(file=name, line=0, message=f"cannot read: {exc.strerror or exc}")
        return
    head = [t for _, t in lines if t.strip()][:25]
    layout = detect(head)
    try:
        yield from _read(layout, lines, path, name)
    except Exception as exc:  # noqa: BLE001 - a reader bug or an input nobody foresaw costs that file only
        yield SummaryError(file=name, line=1, message=f"internal error while reading this summary: {exc!r}")


def _read(layout: str | None, lines: list[tuple[int, str]], path: Path, name: str
          ) -> Iterator[TournamentSummary | SummaryError]:
    from handlog.formats.summaries import fulltilt, ots, pacific, pokerstars, stars_archive, winamax
    from handlog.formats.summaries.lines import SummaryFailure

    if layout is None:
        first = next(((n, t) for n, t in lines if t.strip()), (1, ""))
        yield SummaryError(file=name, line=first[0], message="not a tournament summary in any known layout",
                           text=first[1], expected=(*(n for n, _ in SUMMARY_HEADS), "ots"))
        return
    if layout in ("stars_email", "stars_archive", "ots"):
        if path.stat().st_size > MAX_DOCUMENT:
            yield SummaryError(file=name, line=1, message=f"larger than {MAX_DOCUMENT} bytes: not read")
            return
        if layout == "stars_email":
            yield from pokerstars.read_email(path.read_bytes(), name)
        elif layout == "stars_archive":
            yield from stars_archive.read(_whole_text(path), name)
        else:
            try:
                yield ots.parse(_whole_text(path), name)
            except SummaryFailure as failure:
                yield failure.error
        return
    if layout == "pokerstars":
        yield from pokerstars.read_lines(lines, name)
        return
    parser = {"fulltilt": fulltilt.parse, "winamax": winamax.parse, "pacific": pacific.parse}[layout]
    start = next(i for i, (_, t) in enumerate(lines) if t.strip())
    try:
        yield parser(lines[start:], name)
    except SummaryFailure as failure:
        yield failure.error


def _whole_text(path: Path) -> str:
    """A document read whole (its size checked before): UTF-8 (a BOM dropped), else cp1252."""
    data = path.read_bytes()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read(paths: Iterable[str | os.PathLike[str]]) -> Iterator[TournamentSummary | SummaryError]:
    """Every summary under ``paths`` (folders recursively); files that are not summaries are left out."""
    from handlog.reading.reader import ReadReport, iter_files

    report = ReadReport()
    for path in iter_files(paths, report):
        if is_summary_file(path):
            yield from read_file(path)


def is_summary_file(path: Path) -> bool:
    """True when the file's first lines are a summary's (an ``.xls``/``.xlsx`` Excel workbook too: Full Tilt's
    report is read, another is reported)."""
    try:
        with path.open("rb") as stream:
            if stream.peek(8)[:8].startswith(b"\xd0\xcf\x11\xe0"):
                return path.suffix.lower() in (".xls", ".xlsx")
            head: list[str] = []
            for line in iter_lines(stream):
                if line.strip():
                    head.append(line)
                if len(head) >= 25:
                    break
    except OSError:
        return False
    return detect(head) is not None


def summary_names(path: Path) -> tuple[set[str], int, int]:
    """For ``handlog anonymize``: every name a summary file lists (each finish and the hero), how many summaries
    it held and how many could not be read (their names are unknown)."""
    from handlog.formats.summaries.winamax import UNNAMED

    names: set[str] = set()
    read_ = errors = 0
    for item in read_file(path):
        if isinstance(item, SummaryError):
            errors += 1
            continue
        read_ += 1
        names.update(x.player for x in item.finishes)
        if item.hero:
            names.add(item.hero)
    names.discard(UNNAMED)  # handlog's word for an unnamed player, not the file's
    return names, read_ + errors, errors
