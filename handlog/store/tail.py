"""Reading a file from where the last import stopped: complete hands, each with the byte position after it.

A hand is complete when the next hand's header arrives, or the blank line after its summary block, or its
summary block is complete (a line for every seat the hand began with, the last one ended: ``summary_complete``);
the last hand of a file is complete when none of these comes but the file has not changed for ``settle`` seconds
(a finished session: the quiet period). The position after a complete hand (bytes, and lines for the line
numbers) is what ``files.consumed`` stores, so a grown file is read from there on. Lines are the same as
:func:`handlog.reading.decode.iter_lines` gives (the same decoding, CR, LF and CRLF endings, a BOM dropped), so
hand text and line numbers match a plain read. UTF-16 files and XML sessions are read whole (their hands are
still imported once: the duplicates are skipped).
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TypeGuard

from handlog.reading import registry
from handlog.reading.decode import MAX_LINE, TRUNCATED_MARK, decode_line, iter_lines, sniff_encoding
from handlog.reading.reader import HEAD_LINES
from handlog.reading.registry import DocumentFormat
from handlog.reading.split import (
    MAX_HAND_LINES,
    Chunk,
    Cutter,
    SplitStats,
    line_indexes,
    special_lines,
    split_hands,
)

if TYPE_CHECKING:
    from handlog.formats.xmlsession import XmlSessionFormat

BLOCK = 256 * 1024
SETTLE_SECONDS = 5.0
"""A last hand with no end marker counts as complete once its file is this many seconds old."""


@dataclass(frozen=True, slots=True)
class Position:
    """A point in a file between two hands: bytes and lines before it."""

    offset: int = 0
    lines: int = 0


@dataclass(frozen=True, slots=True)
class TailHand:
    """A complete hand's lines, its first line number, and the position just after it."""

    line: int
    lines: list[str]
    end: Position


@dataclass(slots=True)
class _Line:
    text: str
    number: int
    start: int
    end: int
    complete: bool = True  # False: the file ends inside this line (or after a CR that may be half of a CRLF)


def _opened(stream: BinaryIO, start: Position) -> tuple[int, bytes]:
    """``stream`` at ``start``: the offset of the first byte to read as text and the bytes already read past it (at
    the file's start, a UTF-8 byte-order mark is skipped; three bytes that are not one are the text's first)."""
    stream.seek(start.offset)
    if start.offset != 0:
        return start.offset, b""
    head = stream.read(3)
    return (3, b"") if head == codecs.BOM_UTF8 else (0, head)


def byte_lines(stream: BinaryIO, start: Position) -> Iterator[_Line]:
    """The lines of an 8-bit (UTF-8 or cp1252) file from ``start``, each with its byte span.

    A line without its end at the end of the file is given too (the caller decides whether it is complete).
    """
    offset, data = _opened(stream, start)
    number = start.lines
    eof = False
    while True:
        if not eof:
            block = stream.read(BLOCK)
            eof = not block
            data += block
        pos = 0
        if b"\r" not in data:  # the commonest: LF endings only, each line found by one search
            while (nl := data.find(b"\n", pos)) >= 0:
                number += 1
                yield _Line(_text(data[pos:nl]), number, offset + pos, offset + nl + 1)
                pos = nl + 1
        while True:
            nl = data.find(b"\n", pos)
            cr = data.find(b"\r", pos, nl if nl >= 0 else len(data))
            if cr >= 0:
                if cr + 1 == len(data) and not eof:
                    break  # maybe the first half of CRLF
                end, sep = cr, 2 if data[cr + 1 : cr + 2] == b"\n" else 1
            elif nl >= 0:
                end, sep = nl, 1
            else:
                break
            number += 1
            whole = not (eof and sep == 1 and end + 1 == len(data) and data[end : end + 1] == b"\r")
            yield _Line(_text(data[pos:end]), number, offset + pos, offset + end + sep, whole)
            pos = end + sep
        data, offset = data[pos:], offset + pos
        if eof:
            if data:
                yield _Line(_text(data), number + 1, offset, offset + len(data), complete=False)
            return


def _text(raw: bytes) -> str:
    if len(raw) > MAX_LINE:
        return decode_line(raw[:MAX_LINE]) + TRUNCATED_MARK
    return decode_line(raw)


def detect(path: Path) -> tuple[registry.HandFormat | None, str]:
    """The file's format (by its first non-blank lines) and encoding."""
    with path.open("rb") as stream:
        encoding = sniff_encoding(stream.peek(4096)[:4096])
        head: list[str] = []
        for line in iter_lines(stream):
            if line.strip():
                head.append(line)
                if len(head) >= HEAD_LINES:
                    break
    return registry.detect(head), encoding


_SEAT = re.compile(r"Seat ([0-9]+): ")


def summary_complete(fmt: registry.HandFormat, lines: list[str]) -> bool:
    """True when the hand's summary block (after the format's summary marker) has a ``Seat N:`` line for every
    seat the hand's header block lists: the last line the client writes for the hand is there. A format whose
    summary lists no seats, or lists fewer (a sitting-out seat left out), is never complete this way: its last
    hand waits for the quiet period."""
    marker = fmt.summary_marker
    if marker is None:
        return False
    at = next((i for i, line in enumerate(lines) if line.startswith(marker)), None)
    if at is None:
        return False
    before = {m.group(1) for line in lines[:at] if (m := _SEAT.match(line))}
    after = {m.group(1) for line in lines[at + 1:] if (m := _SEAT.match(line))}
    return bool(before) and before <= after


def is_xml_session(fmt: registry.HandFormat) -> TypeGuard[XmlSessionFormat]:
    """Whether ``fmt`` reads XML sessions, asked without importing ``formats.xmlsession`` (~18 ms of an import's
    start-up when no file is one): no instance of its format can exist before that module is imported."""
    module = sys.modules.get("handlog.formats.xmlsession")
    return module is not None and isinstance(fmt, module.XmlSessionFormat)


def settled(path: Path, settle: float) -> bool:
    """True when the file has not been written for ``settle`` seconds."""
    return time.time() - os.stat(path).st_mtime >= settle


def new_hands(
    path: Path, fmt: registry.HandFormat, encoding: str, start: Position, settle: float = SETTLE_SECONDS,
    outside: SplitStats | None = None,
) -> Iterator[TailHand]:
    """The complete hands after ``start``; ``outside`` counts the lines read that belong to no hand."""
    final = settled(path, settle)
    with path.open("rb") as stream:
        if is_xml_session(fmt):
            yield from _session(stream, fmt, final, os.fstat(stream.fileno()).st_size)
            return
        if encoding.startswith("utf-16"):
            yield from _whole(stream, fmt, final, os.fstat(stream.fileno()).st_size)
            return
        if isinstance(fmt, DocumentFormat):  # a format that cuts its own documents (PHH's TOML)
            yield from _documents(stream, fmt, start, final)
            return
        hints = getattr(fmt, "split_hints", None)
        found = hints() if callable(hints) else None
        cutter = Cutter(fmt, outside)
        if found is None:
            yield from _by_lines(stream, fmt, cutter, start, final)
        else:
            yield from _by_blocks(stream, fmt, cutter, found, start, final)


def _by_lines(
    stream: BinaryIO, fmt: registry.HandFormat, cutter: Cutter, start: Position, final: bool,
    last: tuple[bool, Position] | None = None,
) -> Iterator[TailHand]:
    """The hands after ``start``, the file read line by line (``byte_lines``), each line through ``cutter``'s
    rules (as ``split_hands`` feeds them): a hand ends at the line that ended it (``_ended_at``), the last one at
    the end of the file (``_at_end``). ``last``: the line read before ``start`` (whether it has its end, and the
    position after it), when the hands were cut from before it on."""
    for line in byte_lines(stream, start):
        cutter.line(line.number, line.text)
        if cutter.finished:
            end = _ended_at(fmt, line.text, line.complete, final, Position(line.start, line.number - 1),
                            Position(line.end, line.number))  # fmt: skip
            if end is None:
                return
            for chunk in cutter.finished:
                yield TailHand(chunk.line, chunk.lines, end)
            cutter.finished.clear()
        last = (line.complete, Position(line.end, line.number))
    if last is not None:
        yield from _at_end(fmt, cutter, final, *last)


def _ended_at(
    fmt: registry.HandFormat, text: str, complete: bool, final: bool, before: Position, after: Position
) -> Position | None:
    """Where the hands a line ended end: before it when it starts the next hand (a header, or a header glued to
    it), else after it; None when the file ends inside it and may still be written."""
    if fmt.is_header(text) or fmt.glued_header(text) > 0:
        return before  # the next hand starts on this line
    if not complete and not final:
        return None  # its end is still being written
    return after


def _at_end(
    fmt: registry.HandFormat, cutter: Cutter, final: bool, complete: bool, end: Position
) -> Iterator[TailHand]:
    """The hand the end of the file ended: complete in a finished file, or when its summary is (its last line
    written, with its line end)."""
    for chunk in cutter.end():
        if not final and not (complete and summary_complete(fmt, chunk.lines)):
            return
        yield TailHand(chunk.line, chunk.lines, end)


SIMPLE_LINE = MAX_LINE // 4
"""The longest line (in characters) a block read whole may hold: no longer one can exceed ``MAX_LINE`` bytes."""


def _by_blocks(
    stream: BinaryIO, fmt: registry.HandFormat, cutter: Cutter, hints: tuple[tuple[str, ...], tuple[str, ...]],
    start: Position, final: bool,
) -> Iterator[TailHand]:
    """``_by_lines``' hands, found a block of lines at a time as ``reading.split.cut_hands`` finds them: only the
    lines that may start, end or cut a hand (found by C-level searches: ``split_hints``) go through the rules one
    by one, the others are added to the hand in one slice; the byte position of a line is only worked out for
    the lines that end a hand. A block is read so when it is plain: UTF-8, LF line ends, no line near
    ``MAX_LINE``; from the first block that is not, the rest of the file is read line by line (``_by_lines``,
    the same rules going on). Measured per hand, 20,000 PokerStars hands: 108 → 35 µs of CPU at load 8."""
    heads, glued = hints
    special = special_lines(heads, fmt.summary_marker)
    offset, data = _opened(stream, start)  # the position of ``data``'s first byte, and the bytes read so far
    number = start.lines  # the lines before ``data``
    last: tuple[bool, Position] | None = None  # the last line read: whether it has its end, the position after it
    eof = False
    while not eof:
        block = stream.read(BLOCK)
        eof = not block
        data += block
        cut = len(data) if eof else data.rfind(b"\n") + 1
        if cut == 0:  # no line ends in the block: a long line (read on; line by line once it is too long)
            if len(data) <= SIMPLE_LINE:
                continue
            break
        part = data[:cut]
        if b"\r" in part:
            break
        try:
            text = part.decode("utf-8")
        except UnicodeDecodeError:
            break
        lines = text.split("\n")
        complete = text.endswith("\n")
        if complete:
            lines.pop()
        if max(map(len, lines)) > SIMPLE_LINE:
            break
        place = _Places(text, lines, part.isascii(), offset, number)
        for index, chunks in _cut_block(cutter, fmt, lines, number + 1, special, glued):
            line_complete = complete or index < len(lines) - 1
            end = _ended_at(fmt, lines[index], line_complete, final, place.before(index), place.after(index))
            if end is None:
                return
            for chunk in chunks:
                yield TailHand(chunk.line, chunk.lines, end)
        last = (complete, Position(offset + cut, number + len(lines)))
        data, offset, number = data[cut:], offset + cut, number + len(lines)
    else:
        if last is not None:
            yield from _at_end(fmt, cutter, final, *last)
        return
    yield from _by_lines(stream, fmt, cutter, Position(offset, number), final, last)


def _cut_block(
    cutter: Cutter, fmt: registry.HandFormat, lines: list[str], first: int, special: re.Pattern[str],
    glued: tuple[str, ...],
) -> Iterator[tuple[int, list[Chunk]]]:
    """Feed a block of lines (the first is line ``first`` of the file) to ``cutter`` as ``cut_hands`` does; yield
    (the index of the line that ended them, the hands it ended) as they end."""
    done = 0
    for index in line_indexes("\n" + "\n".join(lines), special, glued):
        if index > done:
            yield from _body(cutter, lines, first, done, index)
        cutter.line(first + index, lines[index])
        if cutter.finished:
            yield index, cutter.finished
            cutter.finished = []
        done = index + 1
    if done < len(lines):
        yield from _body(cutter, lines, first, done, len(lines))


def _body(cutter: Cutter, lines: list[str], first: int, start: int, stop: int) -> Iterator[tuple[int, list[Chunk]]]:
    """Body lines ``start:stop`` to ``cutter``: in one slice, or one by one when they reach ``MAX_HAND_LINES``
    (the line that cuts the hand there ends it)."""
    current = cutter.current
    if current is None or len(current.lines) + stop - start < MAX_HAND_LINES:
        cutter.body(first + start, lines[start:stop])
        return
    for index in range(start, stop):
        cutter.body(first + index, lines[index : index + 1])
        if cutter.finished:
            yield index, cutter.finished
            cutter.finished = []


class _Places:
    """The byte positions of a block's lines, worked out as they are asked for, in increasing order (the hands'
    ends): the characters between two asked lines are measured in one go."""

    __slots__ = ("ascii", "byte", "char", "index", "lines", "number", "offset", "text")

    def __init__(self, text: str, lines: list[str], ascii: bool, offset: int, number: int) -> None:
        self.text, self.lines, self.ascii = text, lines, ascii  # ascii: a character is a byte
        self.offset, self.number = offset, number  # the block's first byte in the file, the lines before it
        self.index = self.char = self.byte = 0  # a line of the block, and where it starts (characters, bytes)

    def start(self, index: int) -> int:
        """The offset in the file of line ``index``'s first byte (``len(lines)``: the block's end)."""
        if index < self.index:  # asked again for an earlier line: measured from the block's start
            self.index = self.char = self.byte = 0
        char = self.char + sum(map(len, self.lines[self.index : index])) + index - self.index
        size = char - self.char if self.ascii else len(self.text[self.char : char].encode("utf-8"))
        self.index, self.char, self.byte = index, char, self.byte + size
        return self.offset + self.byte

    def before(self, index: int) -> Position:
        return Position(self.start(index), self.number + index)

    def after(self, index: int) -> Position:
        return Position(self.start(index + 1), self.number + index + 1)


def _documents(stream: BinaryIO, fmt: registry.HandFormat, start: Position, final: bool) -> Iterator[TailHand]:
    """The hands of a format that cuts its own documents (``split_hands`` gives them to it), each with the
    position after the line read last when it was given."""
    last: list[_Line] = []  # the line read last (none yet: empty)
    exhausted = [False]

    def numbered() -> Iterator[str]:
        for line in byte_lines(stream, start):
            if last:
                last[0] = line
            else:
                last.append(line)
            yield line.text
        exhausted[0] = True

    for chunk in split_hands(numbered(), fmt, start=start.lines + 1):
        if exhausted[0]:  # the end of the file ended this hand: complete in a finished file, or when its
            # summary is (its last line written, with its line end)
            if not last:
                return
            if not final and not (last[0].complete and summary_complete(fmt, chunk.lines)):
                return
            end = Position(last[0].end, last[0].number)
        else:
            line = last[0]
            if fmt.is_header(line.text) or fmt.glued_header(line.text) > 0:
                end = Position(line.start, line.number - 1)  # the next hand starts on this line
            elif not line.complete and not final:
                return  # its end is still being written
            else:
                end = Position(line.end, line.number)
        yield TailHand(chunk.line, chunk.lines, end)


def _whole(stream: io.BufferedReader, fmt: registry.HandFormat, final: bool, size: int) -> Iterator[TailHand]:
    """A UTF-16 file, read from its start; its position moves to the end once the file is finished."""
    chunks = list(split_hands(iter_lines(stream), fmt))
    for i, chunk in enumerate(chunks):
        done = i == len(chunks) - 1
        if done and not final:
            return
        yield TailHand(chunk.line, chunk.lines, Position(size, 0) if done else Position(0, 0))


def _session(stream: io.BufferedReader, fmt: XmlSessionFormat, final: bool, size: int) -> Iterator[TailHand]:
    """An XML session (iPoker, Merge), read from its start: a document cannot be read on from the middle of it (its
    hands need the session's elements, and may share lines with each other). Each hand's lines are the ones
    ``stored_lines`` writes, which the database keeps and reads again. In a file still being written, the hand it
    ends inside (or a document broken off at its end) is left for a later run; the position moves to the end once
    the file is finished."""
    held = None
    for chunk in split_hands(iter_lines(stream), fmt):
        if held is not None:
            yield TailHand(held.line, fmt.stored_lines(held.document), Position(0, 0))
        held = chunk
    if held is not None and (final or fmt.complete(held.document)):
        yield TailHand(held.line, fmt.stored_lines(held.document), Position(size, 0) if final else Position(0, 0))
