"""What every site's tests do the same way: golden hands, the corpus counted by headers, audited, every line used.

A site's test module (``test_fulltilt.py``, ``test_winning.py`` …) gives its own header pattern, folders and
expectations; the work is here, once.
"""

from __future__ import annotations

import codecs
import json
import os
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest
from goldens import first_difference as _first_difference

from handlog.audit import audit
from handlog.events import Hand
from handlog.reading import HandRecord, ReadReport, read, read_text

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
SIDECARS = (".hp", ".hands", ".gt")
REGEN = os.environ.get("HANDLOG_REGEN_GOLDEN") == "1"


def golden_hand(folder: Path, name: str) -> Hand:
    records = read_text((folder / f"{name}.txt").read_text(encoding="utf-8"), file=f"{name}.txt")
    assert len(records) == 1
    record = records[0]
    assert record.error is None, record.error.describe(record.file) if record.error else ""
    assert record.hand is not None
    return record.hand


def check_golden(folder: Path, name: str, site: str) -> None:
    """The hand in ``<name>.txt`` becomes exactly the ``Hand`` in ``<name>.json`` (rewritten with
    ``HANDLOG_REGEN_GOLDEN=1``, then reviewed), read by ``site``'s reader; its players are anonymous."""
    hand = golden_hand(folder, name)
    assert hand.site == site
    actual = hand.model_dump(mode="json")
    expected_path = folder / f"{name}.json"
    if REGEN:
        expected_path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if not expected_path.exists():
        pytest.fail(f"no {expected_path.name}: run with HANDLOG_REGEN_GOLDEN=1 to create it, then review it")
    difference = _first_difference(json.loads(expected_path.read_text(encoding="utf-8")), actual)
    assert difference is None, difference
    for seat in hand.seats:
        assert seat.player == "Hero" or seat.player.removeprefix("Player").isdigit(), seat.player


def text_of(path: Path) -> str:
    raw = path.read_bytes()
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16")
    return raw.decode("utf-8", errors="replace")


def rel(path: str | Path) -> str:
    return Path(path).resolve().relative_to(CORPUS.resolve()).as_posix()


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


def unaccounted_lines(records: Iterable[HandRecord], structural: tuple[str, ...]) -> list[str]:
    """Non-blank lines of parsed hands that are no event, seat, header or summary part (nor ``structural``); a
    run-it-twice summary's repeated seat lines belong to their seat's one result."""
    texts: dict[str, list[str]] = {}
    out: list[str] = []
    for record in records:
        hand = record.hand
        if hand is None:
            continue
        lines = texts.setdefault(record.file, text_of(Path(record.file)).splitlines())
        used = {e.line for e in hand.events} | {s.line for s in hand.seats} | {s.line for s in hand.summary.seats}
        used |= {hand.line, hand.summary.line}
        for number in range(hand.line, max(used) + 1):
            text = lines[number - 1]
            repeated = number > hand.summary.line and text.startswith("Seat ")
            if number not in used and text.strip() and not text.startswith(structural) and not repeated:
                out.append(f"{record.file}:{number}: {text!r}")
    return out
