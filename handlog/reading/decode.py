"""Bytes to text, one line at a time, whatever the site's client wrote.

Hand-history files come as UTF-8 (with or without BOM), UTF-16 with BOM (Full Tilt, Winning) and cp1252
(`€` as byte 0x80); Everleaf's clients on Cyrillic Windows wrote cp1251's euro, byte 0x88, in the same 8-bit
files. Line endings are LF, CRLF or a mix. Files can be large and lines absurd, so lines are read
one by one with a length bound: memory does not grow with file size or with line length.
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Iterator, Sequence

from handlog.errors import ParseError

MAX_LINE = 64 * 1024
"""Longest line kept, in bytes; the rest of a longer line is read and dropped (and the line marked)."""

TRUNCATED_MARK = "\u2026[line truncated]"


def sniff_encoding(head: bytes) -> str:
    """The encoding of a file from its first bytes: a BOM wins; NUL-interleaved ASCII means BOM-less UTF-16."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith(codecs.BOM_UTF16_LE) or head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16"
    if len(head) >= 4:
        even, odd = head[0::2], head[1::2]
        if odd.count(0) > len(odd) * 0.4 and even.count(0) < len(even) * 0.1:
            return "utf-16-le"
        if even.count(0) > len(even) * 0.4 and odd.count(0) < len(odd) * 0.1:
            return "utf-16-be"
    return "utf-8"


_CP1251_EURO = re.compile(b"\x88(?= ?[0-9])")


def decode_line(raw: bytes) -> str:
    """One line of an 8-bit file: UTF-8 when it is valid, else cp1252 (undefined bytes become U+FFFD), with
    byte 0x88 before an amount read as cp1251's euro (Everleaf's "Blinds €0.25/€0.50", "[€ 0.50 EURO]"): the
    modifier circumflex, which that byte is in cp1252, never stands before a number."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        if b"\x88" in raw:
            raw = _CP1251_EURO.sub(b"\x80", raw)
        return raw.decode("cp1252", errors="replace")


BLOCK = 128 * 1024
"""Bytes read at a time: whole lines are decoded and split a block at a time, in C, not one by one."""


def iter_lines(stream: io.BufferedReader) -> Iterator[str]:
    """Yield the lines of a binary stream as text without their line endings.

    A lone CR also ends a line. A line longer than ``MAX_LINE`` is cut and ends with ``TRUNCATED_MARK``.
    """
    encoding = sniff_encoding(stream.peek(4096)[:4096])
    if encoding.startswith("utf-16"):
        yield from _text_lines(io.TextIOWrapper(stream, encoding=encoding, errors="replace", newline=None))
        return
    pending = b""
    skipping = False  # inside an over-long line: its bytes are dropped up to its end
    first = True
    while True:
        block = stream.read(BLOCK)
        if first:
            first = False
            if block.startswith(codecs.BOM_UTF8):
                block = block[len(codecs.BOM_UTF8) :]
        if not block:
            if pending and not skipping:
                yield from _decoded_lines(pending)
            return
        if skipping:
            ends = [i for i in (block.find(b"\n"), block.find(b"\r")) if i >= 0]
            if not ends:
                continue
            end = min(ends)
            if block[end : end + 2] == b"\r\n":
                end += 1
            block, skipping = block[end + 1 :], False
        data = pending + block
        end = _line_end(data)
        if end < 0:  # no line ends in what is pending: cut it once it is too long
            if len(data) > MAX_LINE:
                yield _decode(data[:MAX_LINE]) + TRUNCATED_MARK
                data, skipping = b"", True
            pending = data
            continue
        if data[end : end + 1] == b"\r" and end + 1 == len(data):  # a CR that may be the first half of CRLF
            end = data.rfind(b"\n", 0, end)
            if end < 0:
                pending = data
                continue
        pending = data[end + 1 :]
        yield from _decoded_lines(data[: end + 1])


def _line_end(data: bytes) -> int:
    """Index of the last line ending in ``data`` (LF, or CR for old Mac files), or -1."""
    end = data.rfind(b"\n")
    return end if end >= 0 else data.rfind(b"\r")


def _decode(raw: bytes) -> str:
    """UTF-8 when it is valid, else line by line, each as UTF-8 or cp1252 (a file may mix the two)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return "\n".join(decode_line(line) for line in raw.split(b"\n"))


def _decoded_lines(raw: bytes) -> list[str]:
    """The lines of whole-line bytes: decoded, split on CRLF, CR or LF, each cut at ``MAX_LINE``."""
    text = _decode(raw)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.endswith("\n"):
        text = text[:-1]
    lines = text.split("\n")
    if len(raw) > MAX_LINE and max(map(len, lines)) > MAX_LINE:
        lines = [ln[:MAX_LINE] + TRUNCATED_MARK if len(ln) > MAX_LINE else ln for ln in lines]
    return lines


def _text_lines(text: io.TextIOWrapper) -> Iterator[str]:
    while True:
        line = text.readline(MAX_LINE)
        if not line:
            return
        if not line.endswith("\n") and len(line) >= MAX_LINE:
            while True:
                more = text.readline(MAX_LINE)
                if not more or more.endswith("\n"):
                    break
            line += TRUNCATED_MARK
        yield line.rstrip("\r\n")


CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""The C0 controls (NUL among them) but tab and line endings, DEL and the C1 controls: in a hand history they are
damage (a file zero-filled by a crash, bytes of another encoding), never text."""


_ASCII_TEXT = bytes(range(0x20, 0x7F)) + b"\t\n\r"
"""The ASCII characters that are no control character (``CONTROL``): a text of only these holds none."""


def control_character(lines: Sequence[str], first: int, lead: str = "") -> ParseError | None:
    """Where the first control character of ``lines`` (``first`` being the file line of ``lines[0]``) is, and
    which: one search of the lines joined (C speed), then, only when one was found, the line and column.

    ``lead`` is a control character a room's client writes, alone, at the start of a line (PartyPoker's NUL
    before "Game #… starts.", and before every line in some of its clients' files): its reader drops it, so it is
    not damage there; any other control character, and a second one, is."""
    text = "\n".join(lines)
    if text.isascii() and not text.encode("ascii").translate(None, _ASCII_TEXT):  # most hands end here, in C
        return None
    for found in CONTROL.finditer(text):
        at = found.start()
        start = text.rfind("\n", 0, at) + 1
        if lead and at == start and found.group() == lead and not CONTROL.match(text, at + 1):
            continue
        index = text.count("\n", 0, at)
        column = at - start + 1
        break
    else:
        return None
    line_text = lines[index]
    return ParseError(
        line=first + index, column=column,
        message=f"damaged text: control character {_control_name(text[at])} in the line; the hand is not read",
        text=visible(line_text[:200]),
    )


def _control_name(char: str) -> str:
    code = ord(char)
    name = {0: "NUL", 0x7F: "DEL"}.get(code)
    return f"U+{code:04X}" + (f" ({name})" if name else "")


def visible(text: str) -> str:
    """``text`` with each control character written as an escape (``\\x00``): what a message or a cell may show."""
    if CONTROL.search(text) is None:
        return text
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
