"""Bytes to text, one line at a time, whatever the site's client wrote.

Hand-history files come as UTF-8 (with or without BOM), UTF-16 with BOM (Full Tilt, Winning) and cp1252
(`€` as byte 0x80). Line endings are LF, CRLF or a mix. Files can be large and lines absurd, so lines are read
one by one with a length bound: memory does not grow with file size or with line length.
"""

from __future__ import annotations

import codecs
import io
from collections.abc import Iterator

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


def decode_line(raw: bytes) -> str:
    """One line of an 8-bit file: UTF-8 when it is valid, else cp1252 (undefined bytes become U+FFFD)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def iter_lines(stream: io.BufferedReader) -> Iterator[str]:
    """Yield the lines of a binary stream as text without their line endings.

    A lone CR also ends a line. A line longer than ``MAX_LINE`` is cut and ends with ``TRUNCATED_MARK``.
    """
    encoding = sniff_encoding(stream.peek(4096)[:4096])
    if encoding.startswith("utf-16"):
        yield from _text_lines(io.TextIOWrapper(stream, encoding=encoding, errors="replace", newline=None))
        return
    first = True
    while True:
        raw = stream.readline(MAX_LINE)
        if not raw:
            return
        cut = False
        if not raw.endswith(b"\n") and len(raw) >= MAX_LINE:
            cut = True
            while True:
                more = stream.readline(MAX_LINE)
                if not more or more.endswith(b"\n"):
                    break
        if first:
            first = False
            if raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
        line = decode_line(raw.rstrip(b"\r\n"))
        if "\r" in line:  # old Mac line endings or a stray CR in a CRLF file
            parts = line.split("\r")
            yield from parts[:-1]
            line = parts[-1]
        if cut:
            line += TRUNCATED_MARK
        yield line


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
