"""Reading a block at a time gives exactly the lines a line-by-line reader gives, whatever the block size."""

from __future__ import annotations

import io
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from handlog.reading import decode
from handlog.reading.decode import MAX_LINE, TRUNCATED_MARK, decode_line, iter_lines

ENDING = re.compile(rb"\r\n|\r|\n")


def reference(data: bytes) -> list[str]:
    """One line at a time: split on CRLF, CR or LF; each line UTF-8 or cp1252; long lines cut."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    raw = ENDING.split(data)
    if raw and raw[-1] == b"":
        raw.pop()
    lines = []
    for line in raw:
        text = decode_line(line)
        lines.append(text[:MAX_LINE] + TRUNCATED_MARK if len(line) > MAX_LINE else text)
    return lines


pieces = st.sampled_from(
    [b"Seat 1: Hero ($1 in chips)", b"\x80 \xa3 caf\xc3\xa9", b"\r\n", b"\n", b"\r", b"", b"x" * 40, b"\xff"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(pieces, max_size=40), st.integers(min_value=1, max_value=64))
def test_blocks_read_the_lines_a_line_reader_reads(parts: list[bytes], block: int) -> None:
    data = b"".join(parts)
    original = decode.BLOCK
    decode.BLOCK = block  # tiny blocks put the block edges everywhere: in CRLF pairs, in UTF-8 sequences
    try:
        got = list(iter_lines(io.BufferedReader(io.BytesIO(data))))  # type: ignore[arg-type]
    finally:
        decode.BLOCK = original
    if all(len(line) <= MAX_LINE for line in ENDING.split(data)):
        assert got == reference(data)
