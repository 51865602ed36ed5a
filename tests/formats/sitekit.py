"""What every site's tests do the same way: golden hands (``goldens``), the corpus counted by headers apart from
the reader, audited, every line used; planted errors (golden files and the corpus files themselves:
``corpus_files``); the table driver against Lark's own parser.

A site's test module (``test_ggpoker.py``, ``test_winamax.py``, ``test_fulltilt.py``, ``test_winning.py`` …) gives
its own header pattern, folders and expectations; the work is here, once.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest
from corpus_cache import audited, read_cached
from corpus_files import CORPUS, SIDECARS, rel, text_of
from goldens import assert_anonymised, cases, read_golden
from goldens import check_golden as check_golden_file

from handlog.audit import audit
from handlog.events import Hand
from handlog.formats.textsite import TextSiteFormat
from handlog.reading import HandRecord, ReadReport, read, read_text

__all__ = [
    "CORPUS",
    "Corpus",
    "accounting_off",
    "audit_flags",
    "cases",
    "caught",
    "caught_in",
    "check_anonymised",
    "check_every_header_read",
    "check_fast_path",
    "check_genuine",
    "check_golden",
    "check_parsed",
    "check_planted",
    "corpus",
    "golden_hand",
    "load",
    "parse",
    "read_room",
    "rel",
    "text_of",
]


def golden_hand(folder: Path, name: str) -> Hand:
    return read_golden(folder, name)


load = golden_hand


def parse(text: str) -> Hand:
    """The one hand in ``text`` (an edited golden hand), which must parse."""
    hand = read_text(text)[0].hand
    assert hand is not None
    return hand


def check_golden(folder: Path, name: str, site: str | None = None) -> None:
    """The hand in ``<name>.txt`` becomes exactly the ``Hand`` in ``<name>.json``; given ``site``, read by that
    site's reader and with anonymous players."""
    check_golden_file(folder, name)
    if site is not None:
        hand = read_golden(folder, name)
        assert hand.site == site
        assert_anonymised(hand)


def check_anonymised(folder: Path, name: str) -> None:
    """Every name is "Hero" or "PlayerN": the anonymisation kept nobody's screen name."""
    assert_anonymised(read_golden(folder, name))


def caught(folder: Path, name: str, old: str, new: str) -> set[str]:
    """The codes of the audit of golden hand ``name`` with its one occurrence of ``old`` changed to ``new`` (a
    planted error)."""
    text = (folder / f"{name}.txt").read_text(encoding="utf-8")
    assert text.count(old) == 1
    return caught_in(text, old, new)


def caught_in(text: str, old: str, new: str) -> set[str]:
    """The codes of the audit of the one hand in ``text`` with ``old`` (which it must hold) changed to ``new``."""
    assert old in text, old
    [record] = read_text(text.replace(old, new))
    assert record.hand is not None, record.error
    return {v.code for v in audit(record.hand).violations}


def check_planted(text: str, plants: Iterable[tuple[str, str, str]]) -> None:
    """Each planted error (``old`` changed to ``new`` in the hand ``text``) is caught with its code."""
    for old, new, code in plants:
        assert code in caught_in(text, old, new), (old, new, code)


def accounting_off(records: Iterable[HandRecord]) -> dict[str, tuple[set[str], set[int]]]:
    """Every record is a parsed hand; those whose audit finds the room's own numbers off (an accounting
    violation), by file name: the codes and their lines."""
    off: dict[str, tuple[set[str], set[int]]] = {}
    for r in records:
        assert r.hand is not None, r.error
        found = [v for v in audited(r.hand).violations if v.category.value == "accounting"]
        if found:
            off[Path(r.file).name] = ({v.code for v in found}, {v.line for v in found})
    return off


Corpus = tuple[Counter[tuple[str, str]], list[HandRecord], ReadReport]


def corpus(roots: Iterable[str], header: re.Pattern[str]) -> Corpus:
    """Headers counted by ``header`` (group 1: the hand id) apart from the reader, and the reader's records."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    roots = list(roots)
    headers: Counter[tuple[str, str]] = Counter()
    for root in roots:
        for path in sorted((CORPUS / root).rglob("*")):
            if path.is_file() and not path.name.endswith(SIDECARS):
                headers.update(_headers(path, header))
    report = ReadReport()
    records = read_cached([CORPUS / root for root in roots], report)  # each file read once a session
    return headers, records, report


_HEADERS: dict[tuple[Path, str], Counter[tuple[str, str]]] = {}


def _headers(path: Path, header: re.Pattern[str]) -> Counter[tuple[str, str]]:
    """The headers ``header`` finds in one file (counted once a session per file and pattern)."""
    key = (path, f"{header.flags}:{header.pattern}")
    if key not in _HEADERS:
        _HEADERS[key] = Counter((rel(path), m.group(1)) for m in header.finditer(text_of(path)))
    return _HEADERS[key]


def audit_flags(records: Iterable[HandRecord]) -> tuple[dict[tuple[str, str], set[str]], int, int]:
    """Every parsed hand's violation codes (but ``game-not-replayed``) where it has any, and how many parsed
    hands there are and how many have no accounting violation."""
    flagged: dict[tuple[str, str], set[str]] = {}
    parsed = clean = 0
    for r in records:
        if r.hand is None:
            continue
        parsed += 1
        found = audited(r.hand).violations
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


def check_every_header_read(found: Corpus, minimum: int) -> None:
    """Every hand header of the site's files yields exactly one record (a hand or an error), none lost."""
    headers, records, _ = found
    assert sum(headers.values()) >= minimum
    assert Counter((rel(r.file), r.hand_id) for r in records) == headers


def read_room(
    roots: Iterable[str], header: re.Pattern[str], minimum: int, site: str,
    unparsed: dict[tuple[str, str], str] | None = None,
) -> Corpus:
    """A room's corpus (``corpus``), held to ``check_every_header_read`` (at least ``minimum`` headers) and
    ``check_parsed`` (exactly the ``unparsed`` hands fail, none by default)."""
    found = corpus(roots, header)
    check_every_header_read(found, minimum)
    check_parsed(found, unparsed or {}, site)
    return found


def check_parsed(found: Corpus, unparsed: dict[tuple[str, str], str], site: str) -> None:
    """At least 99% of the hands parse, exactly the known ones do not (with their reason), all of the site."""
    headers, records, _ = found
    parsed = sum(1 for r in records if r.hand is not None)
    assert parsed / sum(headers.values()) >= 0.99
    assert {(rel(r.file), r.hand_id): r.error.message for r in records if r.error is not None} == unparsed
    assert all(r.hand.site == site for r in records if r.hand is not None)


def check_fast_path_text(fmt: TextSiteFormat, text: str, name: str = "x") -> None:
    """The table driver and Lark's own parser make the same ``Hand`` of ``text``."""
    _, _, fast = fmt._grammar()
    lines = text.splitlines()
    via_table = fmt.parse(lines, 1, name)
    fast.available = False
    try:
        via_lark = fmt.parse(lines, 1, name)
    finally:
        fast.available = True
    assert via_table == via_lark, name


def check_fast_path(fmt: TextSiteFormat, folder: Path) -> None:
    """The table driver and Lark's own parser make the same ``Hand`` of every golden hand."""
    for name in cases(folder):
        check_fast_path_text(fmt, (folder / f"{name}.txt").read_text(encoding="utf-8"), name)


def check_genuine(
    records: Iterable[HandRecord], defect_named: tuple[str, ...], off: set[tuple[str, str]], minimum: int,
) -> None:
    """Issues 10 and 12's bar: of the parsed genuine hands (in files whose names do not say the defect fpdb kept
    them for: ``defect_named``), at least 99 % reproduce every number the site printed (no accounting violation);
    ``off`` (file name, hand id) are exactly the genuine hands that do not, each asserted in the site's test with the
    rule its log breaks."""
    genuine = [r for r in records if r.hand is not None and not any(d in Path(r.file).name for d in defect_named)]
    accounting = {
        (Path(r.file).name, r.hand_id or "") for r in genuine if r.hand is not None
        and any(v.category.value == "accounting" for v in audited(r.hand).violations)
    }
    assert accounting == off
    assert len(genuine) >= minimum
    assert 1 - len(accounting) / len(genuine) >= 0.99, f"{len(accounting)} of {len(genuine)}"


def read_beside_a_good_file(tmp_path: Path, payload: str, good: str) -> tuple[list[HandRecord], list[HandRecord]]:
    """A hostile file read in one run beside a good one (the bad one first): the records of each, so that a test
    can hold the bad file to one clear error and the good file to its hands (nothing else in the run lost)."""
    (tmp_path / "a_bad.xml").write_text(payload)
    (tmp_path / "b_good.xml").write_text(good)
    records = list(read([tmp_path], ReadReport()))
    return ([r for r in records if r.file.endswith("a_bad.xml")], [r for r in records if r.file.endswith("b_good.xml")])


def check_named_unknown(text: str, line: int) -> None:
    """A hand with one damaged line is read, and the audit names that line as one its reader did not know
    (``unknown-action`` for a seated player's action in an unknown form, else ``unknown-line``:
    docs/unknown-lines.md) instead of losing the hand."""
    from handlog.audit import audit
    from handlog.reading import read_text

    [record] = read_text(text)
    assert record.hand is not None, record.error
    found = {(v.code, v.line) for v in audit(record.hand).violations}
    assert found & {("unknown-action", line), ("unknown-line", line)}, found
