"""Rows in PostgreSQL's ``COPY … FROM STDIN`` text format, made by ``import``'s worker processes.

The one process that writes once formatted every row itself (psycopg's ``Copy.write_row``) after receiving the
values as pickled ``Decimal`` and ``datetime`` objects: ~0.2 ms of its CPU a hand (unpickling 95 µs, formatting
98 µs, measured on 1,000 hands), with the worker's pickling (59 µs) on top. A worker now formats each table's rows
of a hand into one block of lines with psycopg's own COPY formatter (the same C code, the same adapters), without
the hand's id, and sends the block: a ``bytes`` pickles in a few microseconds. The writer puts the id in front of
each line (``with_id``: one C-level replace, since a raw newline only ever ends a line, newlines inside values
being escaped) and sends the blocks as they are.

``format_row_text`` lives in psycopg's internal ``_copy_base`` (the function its ``Copy.write_row`` calls): a
psycopg release that moved or changed it fails the import of this module or the test that reads every stored value
back (tests/store/test_store_import.py), never a database silently.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from psycopg._copy_base import format_row_text  # psycopg's COPY text formatter (C with psycopg[binary])
from psycopg.adapt import Transformer

_TRANSFORMER = Transformer()
"""psycopg's default adapters (those of a connection that registers none: what the writer's cursor used)."""


def rows_text(rows: Iterable[Sequence[Any]], packed_at: int | None = None) -> bytes:
    """``rows`` as COPY text lines, each ended by a newline. ``packed_at``: where each row holds a run of counters
    in one cell (``records.COUNTERS_AT``: ``bytes``, or a tuple of ints when one passes 255), written as the run's
    columns (``counters_text``)."""
    out = bytearray()
    if packed_at is None:
        for row in rows:
            format_row_text(row, _TRANSFORMER, out)
        return bytes(out)
    after = packed_at + 1
    for row in rows:
        format_row_text(row[:packed_at], _TRANSFORMER, out)
        out[-1:] = b"\t"  # the newline that ended the columns before the counters
        out += counters_text(row[packed_at])
        out += b"\t"
        format_row_text(row[after:], _TRANSFORMER, out)
    return bytes(out)


_DIGIT = bytes.maketrans(bytes(range(256)), b"0123456789" + b"?" * 246)


def counters_text(counters: bytes | tuple[int, ...]) -> bytes:
    """A run of counters as their COPY columns: each count in decimal, a flag as ``0`` or ``1`` (which a
    ``boolean`` column reads as false and true). A player row has ~125 of them, nearly all flags: one digit each,
    put between tabs by two C calls, where psycopg's formatter adapts each value on its own."""
    if type(counters) is bytes:
        digits = counters.translate(_DIGIT)
        if b"?" not in digits:  # every count below 10
            out = bytearray(b"\t" * (2 * len(digits) - 1))
            out[::2] = digits
            return bytes(out)
    return "\t".join(map(str, counters)).encode("ascii")


def bytea_line(value: bytes) -> bytes:
    """A ``bytea`` value's line in its hex form (``\\x…``, the backslash escaped for COPY). Not psycopg's dumper:
    without a connection it escapes for a server without ``standard_conforming_strings``, doubling the backslash."""
    return b"\\\\x" + value.hex().encode("ascii") + b"\n"


def with_id(hand_id: int, block: bytes) -> bytes:
    """``block``'s lines with the hand's id and a tab in front of each."""
    if not block:
        return b""
    prefix = b"%d\t" % hand_id
    return prefix + block[:-1].replace(b"\n", b"\n" + prefix) + b"\n"
