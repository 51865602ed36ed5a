"""What the tests of each site share: golden hands and the site's corpus counted apart from the parser.

Golden files: ``<folder>/<name>.txt`` is one real hand (names anonymised, "Hero" kept) and ``<name>.json`` the
whole ``Hand`` it must become; ``HANDLOG_REGEN_GOLDEN=1`` rewrites the JSON (review the diff).
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from handlog.events import Hand
from handlog.formats.textsite import TextSiteFormat
from handlog.reading import HandRecord, read, read_text

HERE = Path(__file__).parent
CORPUS = HERE.parents[1].parent / "shared" / "corpus"
REGEN = os.environ.get("HANDLOG_REGEN_GOLDEN") == "1"


def cases(folder: Path) -> list[str]:
    return sorted(p.stem for p in folder.glob("*.txt"))


def load(folder: Path, name: str) -> Hand:
    records = read_text((folder / f"{name}.txt").read_text(encoding="utf-8"), file=f"{name}.txt")
    assert len(records) == 1
    assert records[0].error is None, records[0].error.describe(records[0].file) if records[0].error else ""
    assert records[0].hand is not None
    return records[0].hand


def parse(text: str) -> Hand:
    """The one hand in ``text`` (an edited golden hand), which must parse."""
    hand = read_text(text)[0].hand
    assert hand is not None
    return hand


def check_golden(folder: Path, name: str) -> None:
    actual = load(folder, name).model_dump(mode="json")
    expected_path = folder / f"{name}.json"
    if REGEN:
        expected_path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if not expected_path.exists():
        pytest.fail(f"no {expected_path.name}: run with HANDLOG_REGEN_GOLDEN=1 to create it, then review it")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    if expected != actual:
        diff = difflib.unified_diff(
            json.dumps(expected, indent=1).splitlines(), json.dumps(actual, indent=1).splitlines(), lineterm="", n=2
        )
        pytest.fail("\n".join(list(diff)[:40]))


def check_anonymised(folder: Path, name: str) -> None:
    """Every name is "Hero" or "PlayerN": the anonymisation kept nobody's screen name."""
    for seat in load(folder, name).seats:
        assert seat.player == "Hero" or seat.player.removeprefix("Player").isdigit(), seat.player


def rel(path: str | Path) -> str:
    return Path(path).resolve().relative_to(CORPUS.resolve()).as_posix()


Corpus = tuple[Counter[tuple[str, str]], list[HandRecord]]


def corpus(roots: tuple[str, ...], header: re.Pattern[str]) -> Corpus:
    """Hand headers per (file, hand id) found by ``header`` alone (group 1: the hand id), and the reader's
    records of the same files. Skips when ../shared/corpus is absent."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    headers: Counter[tuple[str, str]] = Counter()
    for root in roots:
        for path in sorted((CORPUS / root).rglob("*")):
            if path.is_file() and not path.name.endswith((".hp", ".hands", ".gt")):
                for m in header.finditer(path.read_text(encoding="utf-8", errors="replace")):
                    headers[(rel(path), m.group(1))] += 1
    return headers, list(read([CORPUS / root for root in roots]))


def check_every_header_read(found: Corpus, minimum: int) -> None:
    """Every hand header of the site's files yields exactly one record (a hand or an error), none lost."""
    headers, records = found
    assert sum(headers.values()) >= minimum
    assert Counter((rel(r.file), r.hand_id) for r in records) == headers


def check_parsed(found: Corpus, unparsed: dict[tuple[str, str], str], site: str) -> None:
    """At least 99% of the hands parse, exactly the known ones do not (with their reason), all of the site."""
    headers, records = found
    parsed = sum(1 for r in records if r.hand is not None)
    assert parsed / sum(headers.values()) >= 0.99
    assert {(rel(r.file), r.hand_id): r.error.message for r in records if r.error is not None} == unparsed
    assert all(r.hand.site == site for r in records if r.hand is not None)


def check_fast_path(fmt: TextSiteFormat, folder: Path) -> None:
    """The table driver and Lark's own parser make the same ``Hand`` of every golden hand."""
    _, _, fast = fmt._grammar()
    for name in cases(folder):
        lines = (folder / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        via_table = fmt.parse(lines, 1, name)
        fast.available = False
        try:
            via_lark = fmt.parse(lines, 1, name)
        finally:
            fast.available = True
        assert via_table == via_lark, name
