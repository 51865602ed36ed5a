"""What the readers of documents (IGT's and OHH's JSON, PokerNow's CSV log) share: the parts of a
``registry.HandFormat`` they write the same way, the size limits they keep a document to, and JSON read with exact
amounts.

Such a reader cuts its own files (``registry.DocumentFormat``): no hand starts on a line of its own, none is glued
to another line, no summary line ends one. Untrusted input is read within limits: a document longer than its
reader's limit is not kept in memory past it; it is one unparsed record saying which limit it passed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from handlog.reading.registry import Detector


class DocumentReader:
    """The part of a document reader's ``HandFormat`` that every one writes alike; a subclass names itself and its
    declared header (``handlog.formats.headers``) and provides ``peek``, ``split`` and ``parse``."""

    name: str
    site: str
    declared: Detector
    summary_marker: str | None = None

    def detect(self, head: Sequence[str]) -> bool:
        return self.declared.detect(head)

    def is_header(self, line: str) -> bool:
        """False: the reader's ``split`` cuts the hands, no line opens one."""
        return False

    def glued_header(self, line: str) -> int:
        return -1


@dataclass(slots=True)
class SizeLimit:
    """How much of one document a reader keeps: at most ``chars`` characters (counting a newline after each
    line) and ``lines`` lines; ``take`` counts each piece kept and says whether the document is still within."""

    chars: int
    lines: int | None = None
    used_chars: int = 0
    used_lines: int = 0

    def take(self, piece: str, newline: bool = True) -> bool:
        self.used_chars += len(piece) + newline
        self.used_lines += 1
        return self.within()

    def within(self) -> bool:
        return self.used_chars <= self.chars and (self.lines is None or self.used_lines <= self.lines)

    def what(self) -> str:
        """The limit in words, for the record of a document that passed it."""
        return f"more than {self.chars} characters" + (f" or {self.lines} lines" if self.lines is not None else "")


@dataclass(frozen=True, slots=True)
class DocumentFailure:
    """A document, or one hand of it, that could not be read: where and why (one unparsed record)."""

    line: int
    column: int
    message: str

    def as_line(self) -> str:
        """The failure as the one line of JSON a chunk carries in place of the hand's text (after the hand's first
        line, where there is one): plain text, so it survives the database as a hand's lines do, and ``parse``
        finds it there again (:func:`failure_in`)."""
        return json.dumps({"handlog_error": {"line": self.line, "column": self.column, "message": self.message}})


def failure_in(line: str, first_line: int) -> DocumentFailure | None:
    """The failure a chunk's line carries (:meth:`DocumentFailure.as_line`), or None for any other line."""
    if '"handlog_error"' not in line:
        return None
    try:
        doc = json.loads(line)
    except (ValueError, RecursionError):
        return None
    error = doc.get("handlog_error") if isinstance(doc, dict) else None
    if not isinstance(error, dict) or len(doc) != 1:
        return None
    return DocumentFailure(
        positive(error.get("line"), first_line), positive(error.get("column"), 1), str(error.get("message")),
    )


def positive(value: object, default: int) -> int:
    """``value`` when it is a whole number above 0 (a line or a column), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default


def load_json(text: str) -> object:
    """JSON with every number that has a fraction read as an exact ``Decimal``; ``NaN`` and ``Infinity`` (which
    Python's ``json`` accepts and JSON does not) raise ``ValueError``."""
    return json.loads(text, parse_float=Decimal, parse_constant=_no_constant)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")
