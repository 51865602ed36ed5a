"""The Poker Hand History format (PHH, phh-std): ``.phh`` files (one hand) and ``.phhs`` files (``[1]``, ``[2]`` …).

A hand is a TOML document (read with ``tomllib`` in ``phh_document``) whose ``actions`` are written in PHH's action
notation (read with the Lark grammar ``grammars/phh_actions.lark`` in ``phh_actions``). This module maps a hand
onto the same events as every site format:

- forced bets from ``antes``, ``blinds_or_straddles`` (reversed heads-up, as the specification says) and
  ``bring_in``; stakes from ``min_bet`` or ``small_bet``/``big_bet``;
- ``cbr`` gives a total ("to"), ``cc`` gives nothing: the reader keeps each street's bets and the stacks to write
  them as the bet, raise, call, check or all-in they were. Whether they were *legal* is the engine's business;
- the button is the last player (``pN``) in button games; seats come from ``seats`` or are numbered 1…N;
- PHH states no pot, no rake and no "collected" lines: the hand says so (``StatedResults.results_stated``) and
  the engine awards the pots itself. ``winnings``, when the file gives real ones, are kept as the stated oracle.

Variant codes: phh-std's ``NT FT PO FO/8 N2L1D F2L3D FB F7S F7S/8 FR`` (replayed; in stud the up cards decide
the bring-in and who acts first, as in a site's log), ``NS`` (read, not replayed), and the same letters for
other structures (``PT``, ``NO``, ``FO``, ``PO/8`` …), plus handlog's ``N5CD``, ``P5CD`` and ``F5CD`` for Five
Card Draw and ``F5S`` for Five Card Stud, which phh-std has no code for.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from handlog.errors import ParseError
from handlog.events import (
    Hand,
)
from handlog.formats import headers
from handlog.formats.phh_builder import HandBuilder, PHHError
from handlog.formats.phh_document import DocumentError, load
from handlog.formats.sitenames import room_name
from handlog.reading.registry import HandParseFailure, HeaderFacts, register
from handlog.reading.split import MAX_HAND_LINES, Chunk, SplitStats

_PEEK_KEY = re.compile(
    r"""^\s*(?P<key>hand|venue)\s*=\s*(?P<value>'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|[+-]?[0-9][0-9_]*)\s*(?:#.*)?$"""
)
"""A ``hand`` or ``venue`` line: a TOML string or integer, read with ``tomllib`` (PHH writes one key a line)."""
_TABLE_HEADER = re.compile(r"^\[\s*(?P<name>[A-Za-z0-9_-]+|\"[^\"\n]*\")\s*\]\s*(?:#.*)?$")


class PHHFormat:
    """The PHH reader, registered as ``phh``. A ``DocumentFormat``: it cuts its own files into hands."""

    name = "phh"
    site = "PHH"
    summary_marker: str | None = None

    def detect(self, head: Sequence[str]) -> bool:
        return headers.PHH.detect(head)

    def is_header(self, line: str) -> bool:
        return _TABLE_HEADER.match(line) is not None

    def glued_header(self, line: str) -> int:
        return -1

    def peek(self, header: str) -> HeaderFacts:
        m = _TABLE_HEADER.match(header)
        return HeaderFacts(hand_id=m.group("name").strip('"') if m else None)

    def peek_hand(self, lines: Sequence[str]) -> HeaderFacts:
        """The hand's ``hand`` field and room (``venue``, as ``formats.sitenames`` names it) from their own lines,
        without reading the document (``handlog.reading.dedupe`` knows a hand by them). A table's name (``[1]``
        in a ``.phhs``) is its place in its file, not the hand's id: a hand without a ``hand`` field has no id
        here, and is known by its text."""
        found: dict[str, list[str]] = {}
        for line in lines:
            m = _PEEK_KEY.match(line)
            if m is not None:
                found.setdefault(m.group("key"), []).append(m.group("value"))
        try:
            values = {k: tomllib.loads(f"v = {v[0]}")["v"] for k, v in found.items() if len(v) == 1}
        except tomllib.TOMLDecodeError:
            return HeaderFacts()
        hand, venue = values.get("hand"), values.get("venue")
        return HeaderFacts(
            hand_id=str(hand) if isinstance(hand, int | str) and str(hand) else None,
            site=room_name(venue if isinstance(venue, str) else None, self.site),
        )

    def split(self, lines: Iterable[str], stats: SplitStats | None, start: int) -> Iterator[Chunk]:
        """A ``.phhs`` file: one hand per table (``[1]``, ``[2]`` …). A ``.phh`` file: the whole document.

        Comments and blank lines before the first table belong to no hand; a document longer than
        ``MAX_HAND_LINES`` is cut there (and then fails to parse, saying so) and the rest is counted as junk."""
        current: Chunk | None = None
        preamble: list[str] = []
        preamble_line = start
        cut = False
        for number, line in enumerate(lines, start):
            if self.is_header(line):
                if current is not None:
                    yield current
                current, preamble, cut = Chunk(number, [line]), [], False
                continue
            if current is None:
                stripped = line.strip()
                if not stripped or stripped.startswith("#"):
                    if not preamble:
                        preamble_line = number
                    preamble.append(line)
                    continue
                current = Chunk(preamble_line if preamble else number, [*preamble, line])
                preamble = []
                continue
            if cut:
                if stats is not None and line.strip():
                    stats.junk(number, line)
                continue
            current.lines.append(line)
            if len(current.lines) >= MAX_HAND_LINES:
                cut = True
        if current is not None:
            yield current

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        table_name = None
        body = list(lines)
        m = _TABLE_HEADER.match(lines[0]) if lines else None
        if m is not None:
            table_name = m.group("name").strip('"')
        try:
            doc = load(body, first_line)
            hand_id = str(doc.fields.hand) if doc.fields.hand is not None else _hand_id(file, table_name)
            return HandBuilder(doc, file, hand_id).hand(first_line)
        except DocumentError as exc:
            raise HandParseFailure(exc.error) from None
        except PHHError as exc:
            raise HandParseFailure(ParseError(line=exc.line, message=str(exc))) from None


def _hand_id(file: str, table: str | None) -> str:
    """A hand with no ``hand`` field is named after its file (and its table in a ``.phhs``)."""
    stem = Path(file).stem if file else "phh"
    return f"{stem}#{table}" if table is not None else stem


register(PHHFormat())
