"""Cut a stream of lines into hands.

A hand starts at a header line of its format and ends at the next header, or at the first blank line after its
summary block. Blank runs, junk between hands, a truncated last hand, a header repeated by a careless
concatenation and a header glued to the middle of a line are all handled: every header yields exactly one
chunk, and lines that belong to no hand are counted, not lost silently.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

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
    current: Chunk | None = None
    in_summary = False
    marker = fmt.summary_marker
    for number, line in _unglued(lines, fmt, start):
        if fmt.is_header(line):
            if current is not None:
                yield _trimmed(current)
            current = Chunk(number, [line])
            in_summary = False
            continue
        if current is None:
            if line.strip() and stats is not None:
                _junk(stats, number, line)
            continue
        if not line.strip():
            if in_summary:
                yield _trimmed(current)
                current = None
                continue
            current.lines.append(line)
            continue
        if marker is not None and line.startswith(marker):
            in_summary = True
        current.lines.append(line)
        if len(current.lines) >= MAX_HAND_LINES:
            yield current
            current = None
    if current is not None:
        yield _trimmed(current)


def _unglued(lines: Iterable[str], fmt: HandFormat, start: int) -> Iterator[tuple[int, str]]:
    """Numbered lines, a line with a header glued to its middle given as two lines with the same number.

    ``*** RIVER *** [4d Kh JPokerStars Hand #…``: the head ends the current hand (truncated), the rest starts
    the next one.
    """
    for number, line in enumerate(lines, start):
        glued = fmt.glued_header(line)
        while glued > 0:
            yield number, line[:glued]
            line = line[glued:]
            glued = fmt.glued_header(line)
        yield number, line


def _trimmed(chunk: Chunk) -> Chunk:
    lines = chunk.lines
    while lines and not lines[-1].strip():
        lines.pop()
    return chunk


def _junk(stats: SplitStats, number: int, line: str) -> None:
    stats.junk_lines += 1
    if stats.first_junk_line is None:
        stats.first_junk_line = number
    if len(stats.junk_samples) < 5:
        stats.junk_samples.append((number, line[:200]))
