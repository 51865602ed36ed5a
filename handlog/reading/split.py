"""Cut a stream of lines into hands.

A hand starts at a header line of its format and ends at the next header, or at the first blank line after its
summary block. Blank runs, junk between hands, a truncated last hand, a header repeated by a careless
concatenation and a header glued to the middle of a line are all handled: every header yields exactly one
chunk, and lines that belong to no hand are counted, not lost silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice

from handlog.reading.registry import DocumentFormat, HandFormat


@dataclass(slots=True)
class Chunk:
    """The lines of one hand and where they start in the file (1-based)."""

    line: int
    lines: list[str]
    document: object | None = None
    """What a streaming document format (``registry.StreamFormat``: an XML session file) already parsed for this
    hand while cutting the file: the reader gives it to the format's ``parse_document`` instead of lines."""


@dataclass(slots=True)
class SplitStats:
    junk_lines: int = 0
    first_junk_line: int | None = None
    junk_samples: list[tuple[int, str]] = field(default_factory=list)

    def junk(self, number: int, line: str) -> None:
        """Count line ``number`` as outside any hand (the first few kept, to be shown)."""
        self.junk_lines += 1
        if self.first_junk_line is None:
            self.first_junk_line = number
        if len(self.junk_samples) < 5:
            self.junk_samples.append((number, line[:200]))


MAX_HAND_LINES = 5000
"""A "hand" longer than this is cut (a file with no summary blocks must not hold everything in memory)."""


def split_hands(
    lines: Iterable[str], fmt: HandFormat, stats: SplitStats | None = None, start: int = 1
) -> Iterator[Chunk]:
    """Yield the hands in ``lines``; ``start`` is the file line number of the first line.

    A format that cuts its own documents (``registry.DocumentFormat``, e.g. PHH's TOML) is left to do so.
    """
    if isinstance(fmt, DocumentFormat):
        yield from fmt.split(lines, stats, start)
        return
    cutter = Cutter(fmt, stats)
    for number, line in enumerate(lines, start):
        cutter.line(number, line)
        if cutter.finished:  # at once: store.tail reads which line ended the hand
            yield from cutter.finished
            cutter.finished.clear()
    yield from cutter.end()


SPACED = 0.75
"""A hand is spaced when it has at least this many blank lines per written line before its summary: a file whose
every line is followed by a blank one (copied from a page or a mail, or with ``CR CR LF`` line ends, which read as
a line and a blank one). Its summary's blank lines are its own: such a hand ends at the next header or at two
blank lines in a row. Unspaced hands have a blank line here and there (one in twenty lines at most, in the corpus)."""

BLOCK_LINES = 256
"""Lines ``cut_hands`` looks at in one go (at most 16 MB of text, lines being cut at ``decode.MAX_LINE``)."""


def cut_hands(
    lines: Iterable[str], fmt: HandFormat, stats: SplitStats | None = None, start: int = 1
) -> Iterator[Chunk]:
    """The hands ``split_hands`` yields, found a block of lines at a time.

    ``split_hands`` asks every line whether it is a header, holds a glued header, is blank or opens the
    summary: some ten thousand machine instructions a line, in Python. A format that promises where its headers
    can be (``split_hints``: what a header line starts with, what a line holding a glued header contains) has
    those few lines found by C-level searches of the block joined into one text, and only they go through the
    line-by-line rules; the lines between them are a hand's body (or junk between hands), added in one slice.
    Lines are read ahead by up to a block, so a caller that must know which line ended a hand (``store.tail``)
    uses ``split_hands``.
    """
    hints = getattr(fmt, "split_hints", None)
    found = hints() if callable(hints) else None
    if found is None or isinstance(fmt, DocumentFormat):
        yield from split_hands(lines, fmt, stats, start)
        return
    heads, glued = found
    special = special_lines(heads, fmt.summary_marker)
    cutter = Cutter(fmt, stats)
    source = iter(lines)
    number = start
    while block := list(islice(source, BLOCK_LINES)):
        text = "\n" + "\n".join(block)
        done = 0
        for index in line_indexes(text, special, glued):
            if index > done:
                cutter.body(number + done, block[done:index])
            cutter.line(number + index, block[index])
            done = index + 1
        if done < len(block):
            cutter.body(number + done, block[done:])
        yield from cutter.finished
        cutter.finished.clear()
        number += len(block)
    yield from cutter.end()


def special_lines(heads: tuple[str, ...], marker: str | None) -> re.Pattern[str]:
    """The lines ``split_hands``' rules must see one by one: a possible header, a blank line, the summary."""
    starts = [re.escape(head) for head in heads]
    if marker is not None:
        starts.append(re.escape(marker))
    # after a newline: the search then skips to each newline at C speed (the text is given one in front)
    return re.compile(r"\n(?:" + "|".join(starts) + r"|[^\S\n]*(?=\n|\Z))")


def line_indexes(text: str, special: re.Pattern[str], hints: tuple[str, ...]) -> list[int]:
    """The indexes of the lines of ``text`` (a newline, then each line after a newline) that ``special``
    matches (from the newline before them) or that hold one of ``hints``, in order, each once."""
    starts = [m.start() for m in special.finditer(text)]
    for hint in hints:
        at = text.find(hint)
        while at >= 0:
            starts.append(text.rfind("\n", 0, at))  # the newline before the line
            end = text.find("\n", at)
            at = -1 if end < 0 else text.find(hint, end + 1)
    if hints:
        starts.sort()
    indexes: list[int] = []
    index = at = 0
    for position in starts:
        index += text.count("\n", at, position)
        at = position
        if not indexes or indexes[-1] != index:
            indexes.append(index)
    return indexes


class Cutter:
    """The rules that cut hands, fed a line at a time (``split_hands``, and ``cut_hands`` for the lines it finds)
    or a run of body lines at once (``cut_hands``); the hands they end wait in ``finished``."""

    def __init__(self, fmt: HandFormat, stats: SplitStats | None) -> None:
        self.fmt = fmt
        self.stats = stats
        self.between: re.Pattern[str] | None = getattr(fmt, "between_hands", None)
        self.current: Chunk | None = None
        self.in_summary = False
        self.blanks = 0
        """Blank lines in the current hand before its summary (``spaced``)."""
        self.spaced = False
        """The current hand has a blank line after every line (``SPACED``): one blank ends no summary."""
        self.blank_before = False
        """The line before was blank and the hand is spaced: a second blank in its summary ends it."""
        self.finished: list[Chunk] = []

    def body(self, number: int, lines: list[str]) -> None:
        """Lines that are not blank, not a header and hold none: the current hand's, or junk."""
        current = self.current
        if current is None:
            if self.stats is not None:
                for offset, line in enumerate(lines):
                    self.junk(number + offset, line)
            return
        self.blank_before = False
        room = max(1, MAX_HAND_LINES - len(current.lines))  # split_hands cuts after a body line, not before
        if len(lines) < room:
            current.lines.extend(lines)
            return
        current.lines.extend(lines[:room])
        self.finished.append(current)
        self.current = None
        self.body(number + room, lines[room:])

    def line(self, number: int, line: str) -> None:
        """One line through every rule: a header glued to its middle (``*** RIVER *** [4d Kh JPokerStars Hand
        #…``) ends the current hand with the line's head, and the rest starts the next one."""
        glued = self.fmt.glued_header(line)
        while glued > 0:
            self._one(number, line[:glued])
            line = line[glued:]
            glued = self.fmt.glued_header(line)
        self._one(number, line)

    def _one(self, number: int, line: str) -> None:
        """A hand starts at a header and ends at the next one, or at the first blank line after its summary."""
        current = self.current
        if self.fmt.is_header(line):
            if current is not None:
                self.finished.append(_trimmed(current))
            self.current = Chunk(number, [line])
            self.in_summary = self.blank_before = False
            self.blanks = 0
            return
        if current is None:
            if line.strip() and self.stats is not None:
                self.junk(number, line)
            return
        if not line.strip():
            if not self.in_summary:
                self.blanks += 1
            elif self.spaced and not self.blank_before:
                self.blank_before = True
            else:
                self.finished.append(_trimmed(current))
                self.current = None
                return
            current.lines.append(line)
            return
        self.blank_before = False
        marker = self.fmt.summary_marker
        if marker is not None and line.startswith(marker) and not self.in_summary:
            self.in_summary = True
            self.spaced = self.blanks >= SPACED * (len(current.lines) - self.blanks)
        current.lines.append(line)
        if len(current.lines) >= MAX_HAND_LINES:
            self.finished.append(current)
            self.current = None

    def junk(self, number: int, line: str) -> None:
        """A line outside any hand: counted, unless the format says its room writes such lines between hands
        (``between_hands``: an archive's numbering, the hand id said again before the header)."""
        between = self.between
        if between is not None and between.match(line):
            return
        assert self.stats is not None
        self.stats.junk(number, line)

    def end(self) -> list[Chunk]:
        finished = self.finished
        if self.current is not None:
            finished.append(_trimmed(self.current))
            self.current = None
        return finished


def _trimmed(chunk: Chunk) -> Chunk:
    lines = chunk.lines
    while lines and not lines[-1].strip():
        lines.pop()
    return chunk
