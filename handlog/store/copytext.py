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


def rows_text(rows: Iterable[Sequence[Any]]) -> bytes:
    """``rows`` as COPY text lines, each ended by a newline."""
    out = bytearray()
    for row in rows:
        format_row_text(row, _TRANSFORMER, out)
    return bytes(out)


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
