"""What every site's corpus tests do the same way: the corpus counted by headers apart from the reader, audited,
every line used; planted errors (golden files and the corpus files themselves: ``goldens``, ``corpus_files``).

A site's test module (``test_fulltilt.py``, ``test_winning.py`` …) gives its own header pattern, folders and
expectations; the work is here, once.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest
from corpus_files import CORPUS, SIDECARS, rel, text_of
from goldens import assert_anonymised, read_golden
from goldens import check_golden as check_golden_file

from handlog.audit import audit
from handlog.events import Hand
from handlog.reading import HandRecord, ReadReport, read, read_text

__all__ = ["CORPUS", "audit_flags", "caught", "check_golden", "corpus", "golden_hand", "rel", "text_of"]


def golden_hand(folder: Path, name: str) -> Hand:
    return read_golden(folder, name)


def check_golden(folder: Path, name: str, site: str) -> None:
    """The hand in ``<name>.txt`` becomes exactly the ``Hand`` in ``<name>.json``, read by ``site``'s reader; its
    players are anonymous."""
    check_golden_file(folder, name)
    hand = read_golden(folder, name)
    assert hand.site == site
    assert_anonymised(hand)


def caught(folder: Path, name: str, old: str, new: str) -> set[str]:
    """The codes of the audit of golden hand ``name`` with its one occurrence of ``old`` changed to ``new`` (a
    planted error)."""
    text = (folder / f"{name}.txt").read_text(encoding="utf-8")
    assert text.count(old) == 1
    hand = read_text(text.replace(old, new))[0].hand
    assert hand is not None
    return {v.code for v in audit(hand).violations}


def corpus(
    roots: Iterable[str], header: re.Pattern[str]
) -> tuple[Counter[tuple[str, str]], list[HandRecord], ReadReport]:
    """Headers counted by ``header`` (group 1: the hand id) apart from the reader, and the reader's records."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    roots = list(roots)
    headers: Counter[tuple[str, str]] = Counter()
    for root in roots:
        for path in sorted((CORPUS / root).rglob("*")):
            if path.is_file() and not path.name.endswith(SIDECARS):
                for m in header.finditer(text_of(path)):
                    headers[(rel(path), m.group(1))] += 1
    report = ReadReport()
    records = list(read([CORPUS / root for root in roots], report))
    return headers, records, report


def audit_flags(records: Iterable[HandRecord]) -> tuple[dict[tuple[str, str], set[str]], int, int]:
    """Every parsed hand's violation codes (but ``game-not-replayed``) where it has any, and how many parsed
    hands there are and how many have no accounting violation."""
    flagged: dict[tuple[str, str], set[str]] = {}
    parsed = clean = 0
    for r in records:
        if r.hand is None:
            continue
        parsed += 1
        found = audit(r.hand).violations
        codes = {v.code for v in found if v.code != "game-not-replayed"}
        if codes:
            flagged[(rel(r.file), r.hand_id or "")] = codes
        clean += not any(v.category.value == "accounting" for v in found)
    return flagged, parsed, clean


def unaccounted_lines(
    records: Iterable[HandRecord], structural: tuple[str, ...], header_lines: int = 1,
    ignore: re.Pattern[str] | None = None,
) -> list[str]:
    """Non-blank lines of parsed hands that are no event, seat, header (``header_lines`` long) or summary part,
    nor start with ``structural``, nor match ``ignore``; a run-it-twice summary's repeated seat lines belong to
    their seat's one result."""
    texts: dict[str, list[str]] = {}
    out: list[str] = []
    for record in records:
        hand = record.hand
        if hand is None:
            continue
        lines = texts.setdefault(record.file, text_of(Path(record.file)).splitlines())
        used = {e.line for e in hand.events} | {s.line for s in hand.seats} | {s.line for s in hand.summary.seats}
        used |= {hand.line + i for i in range(header_lines)} | {hand.summary.line}
        for number in range(hand.line, max(used) + 1):
            text = lines[number - 1]
            repeated = number > hand.summary.line and text.startswith("Seat ")
            ignored = ignore is not None and ignore.match(text) is not None
            if number not in used and text.strip() and not text.startswith(structural) and not repeated and not ignored:
                out.append(f"{record.file}:{number}: {text!r}")
    return out
