"""``read(paths)``: the one entry point from files on disk to hands, with errors as data.

Paths are files or folders (recursive, sorted). Each file is decoded line by line, its format detected by
content, and cut into hands; each hand is parsed on its own, so a bad hand costs that hand only. Every hand
header yields exactly one ``HandRecord``: parsed (with its ``Hand``) or unparsed (with a ``ParseError``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain, islice
from pathlib import Path

from handlog.errors import ParseError
from handlog.events import Hand
from handlog.reading import registry
from handlog.reading.decode import control_character, iter_lines, visible
from handlog.reading.dedupe import Dedupe
from handlog.reading.split import Chunk, SplitStats, cut_hands

HEAD_LINES = 25
SKIPPED_SUFFIXES = (
    ".hp", ".hands", ".gt", ".json", ".jsonl", ".py", ".pyc", ".zip", ".gz", ".png", ".parquet", ".md",
    ".toml",  # house-rules files and project files beside the hands (a PHH hand is .phh or .phhs)
)


@dataclass(slots=True)
class HandRecord:
    """One hand as read from a file: ``hand`` when it parsed, ``error`` when it did not."""

    file: str
    line: int
    site: str
    hand_id: str | None
    game: str | None
    structure: str | None
    hand: Hand | None = None
    error: ParseError | None = None

    @property
    def status(self) -> str:
        return "parsed" if self.hand is not None else "unparsed"


@dataclass(slots=True)
class FileProblem:
    """A path that could not be read or whose format is unknown."""

    file: str
    message: str
    usage: bool = False  # an unreadable path given by the user (exit 2) rather than an unknown file in a folder


@dataclass(slots=True)
class OutsideLines:
    """Lines of a file that belong to no hand (text before the first header, junk after a summary): skipped, and
    said, so that nothing read is lost silently."""

    file: str
    count: int
    first_line: int
    first_text: str

    def describe(self) -> str:
        lines = "line" if self.count == 1 else "lines"
        return (f"{self.count} {lines} outside any hand skipped (the first, line {self.first_line}:"
                f" '{visible(self.first_text[:80])}')")  # fmt: skip


@dataclass(slots=True)
class ReadReport:
    """Totals that the commands print after the hands: files read, problems, lines outside any hand."""

    files: int = 0
    problems: list[FileProblem] = field(default_factory=list)
    junk_lines: int = 0
    outside: list[OutsideLines] = field(default_factory=list)
    """Per file, its lines outside any hand (``junk_lines`` counts them all)."""
    summaries: list[str] = field(default_factory=list)
    """Tournament summaries met (files about a tournament, not hands): skipped, read by ``handlog tournaments``."""

    def note_outside(self, file: str, stats: SplitStats) -> None:
        """Count a file's lines outside any hand, as its cutting found them."""
        if stats.junk_lines:
            self.junk_lines += stats.junk_lines
            number, text = stats.junk_samples[0] if stats.junk_samples else (stats.first_junk_line or 0, "")
            self.outside.append(OutsideLines(file, stats.junk_lines, number, text))


def iter_files(paths: Iterable[str | os.PathLike[str]], report: ReadReport) -> Iterator[Path]:
    """Every file under ``paths`` (folders recursively, in sorted order); missing paths go to ``report``."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for sub in sorted(path.rglob("*")):
                if sub.is_file() and not sub.name.startswith(".") and not sub.name.endswith(SKIPPED_SUFFIXES):
                    yield sub
        elif path.is_file():
            yield path
        else:
            report.problems.append(FileProblem(str(path), "no such file or folder", usage=True))


def read_chunks(path: Path, report: ReadReport) -> Iterator[tuple[registry.HandFormat, Chunk]]:
    """The hands of one file, cut but not parsed (with the format that reads them)."""
    name = str(path)
    try:
        stream = path.open("rb")
    except OSError as exc:
        report.problems.append(FileProblem(name, f"cannot open: {exc.strerror or exc}", usage=True))
        return
    with stream:
        try:
            lines = iter_lines(stream)
            head: list[str] = []
            for line in lines:
                head.append(line)
                if sum(1 for h in head if h.strip()) >= HEAD_LINES:
                    break
            report.files += 1
            if registry.is_summary([h for h in head if h.strip()]):
                report.summaries.append(name)
                return
            fmt = registry.detect([h for h in head if h.strip()])
            if fmt is None:
                from handlog.reading.sniff import unrecognised  # only for a file no reader knows (its patterns: ~5 ms)

                report.problems.append(FileProblem(name, unrecognised([h for h in head if h.strip()])))
                return
            stats = SplitStats()
            all_lines = chain(head, lines)
            for chunk in cut_hands(all_lines, fmt, stats):
                yield fmt, chunk
            report.note_outside(name, stats)
        except OSError as exc:
            report.problems.append(FileProblem(name, f"read error: {exc.strerror or exc}"))


def read_file(
    path: Path, report: ReadReport, explicit: bool = True, dedupe: Dedupe | None = None
) -> Iterator[HandRecord]:
    """The hands of one file (with ``dedupe``: those not read before, see :mod:`handlog.reading.dedupe`)."""
    name = str(path)
    for fmt, chunk in read_chunks(path, report):
        if dedupe is None:
            yield parse_chunk(fmt, name, chunk.line, chunk.lines, chunk.document)
        elif dedupe.admit(fmt, name, chunk.line, chunk.lines, chunk.document):
            yield parse_chunk(fmt, name, chunk.line, chunk.lines, chunk.document, dedupe.last)


def read(
    paths: Iterable[str | os.PathLike[str]], report: ReadReport | None = None, dedupe: Dedupe | None = None
) -> Iterator[HandRecord]:
    """Every hand in ``paths``. Pass a ``ReadReport`` to learn about files that could not be read, a ``Dedupe``
    to read each hand once (the same site and hand id in two files)."""
    report = report if report is not None else ReadReport()
    for path in iter_files(paths, report):
        yield from read_file(path, report, dedupe=dedupe)


def iter_text(text: str, file: str = "<text>") -> Iterator[HandRecord]:
    """The hands in a string, one at a time: nothing of a hand is kept once the caller lets it go."""
    lines = text.splitlines()
    fmt = registry.detect([ln for ln in islice(lines, 0, 200) if ln.strip()][:HEAD_LINES])
    if fmt is None:
        return
    for c in cut_hands(lines, fmt):
        yield parse_chunk(fmt, file, c.line, c.lines, c.document)


def read_text(text: str, file: str = "<text>") -> list[HandRecord]:
    """The hands in a string (tests, notebooks)."""
    return list(iter_text(text, file))


def parse_chunk(
    fmt: registry.HandFormat, file: str, line: int, lines: Sequence[str], document: object | None = None,
    facts: registry.HeaderFacts | None = None,
) -> HandRecord:
    """One hand's record: its lines parsed by ``fmt`` (``line`` is the file line of ``lines[0]``), or, for a
    streaming document format (``registry.StreamFormat``: an XML session), the ``document`` its ``split``
    already parsed (plain data, so it travels to a worker process as it is); any failure is the record's
    error, never an exception. ``facts``: what ``registry.peek`` says of these lines, when the caller peeked
    them already (``Dedupe.last``: a peek costs ~10 µs a hand)."""
    stream = fmt if document is not None and registry.is_stream(fmt) else None
    damage = None if stream is not None else control_character(lines, line, getattr(fmt, "lead_control", ""))
    if facts is None:
        facts = registry.peek(fmt, lines, document)
    if facts.hand_id is None and lines and hasattr(fmt, "peek_hand"):  # ``HandPeek``: its header's name for the record
        facts = replace(facts, hand_id=fmt.peek(lines[0]).hand_id)
    hand_id = None if facts.hand_id is None else visible(facts.hand_id)
    record = HandRecord(file, line, facts.site or fmt.site, hand_id, facts.game, facts.structure)
    if damage is not None:  # damaged text is reported, never read into a name or an amount
        record.error = damage
        return record
    try:
        if stream is not None:
            hand = record.hand = stream.parse_document(document, line, file)
        else:
            hand = record.hand = fmt.parse(lines, line, file)
        if stream is not None and (damage := _damaged_names(hand, line)) is not None:
            record.hand, record.error = None, damage  # a document's escape (XML/JSON) spelled a control character
            return record
        # the header may not tell it all (a PHH table header names the table, not the hand): the hand does
        record.hand_id, record.game = visible(hand.hand_id), record.game or hand.game.value
        if record.structure is None:  # a header that states no betting structure: the reader's conclusion
            record.structure = hand.structure.value
    except registry.HandParseFailure as failure:
        err = failure.error
        record.error = err if isinstance(err, ParseError) else ParseError(line=line, message=str(err))
        if stream is None and record.error.message == "unrecognised line":
            from handlog.reading import sniff  # the words of a header's translations: loaded for such hands only

            if sniff.in_header_block(lines, record.error.line - line):
                # a header (or the lines under it) the reader took for its own but could not read: a translation of
                # it says so, by language (a French Everleaf skin writes the English first line, then French)
                translated = sniff.translated_header([h for h in lines[:12] if h.strip()])
                if translated is not None:
                    record.error = record.error.model_copy(update={"message": translated})
    except Exception as exc:  # noqa: BLE001 - a reader bug or an input nobody foresaw costs that hand only
        # The hand is reported (unparsed, with the error), the file goes on.
        record.error = ParseError(line=line, message=f"internal error while reading this hand: {exc!r}")
    return record


def _damaged_names(hand: Hand, line: int) -> ParseError | None:
    """A control character in a player's name that a document's own escapes spelled (``&#1;``, ``\\u0000``): the
    lines held none, the names must not either."""
    for seat in hand.seats:
        found = control_character([seat.player], seat.line if seat.line else line)
        if found is not None:
            return found.model_copy(update={"message": f"{found.message} in the name of seat {seat.seat}"})
    return None
