"""Golden tests for the PHH reader: a few hands and the whole ``Hand`` each becomes, with the replay's nets.

``golden_phh/<name>.phh`` (or ``.phhs``) holds public PHH hands (the PHH paper's examples, televised WSOP hands,
anonymised HandHQ hands) and one written for the tests; ``<name>.json`` holds, per hand, ``Hand.model_dump``,
every player's net after the replay and the audit's violation codes. The nets were checked against PokerKit
0.7.7 (``test_phh_corpus.py`` does that for the whole corpus). After a deliberate change, rewrite with
``HANDLOG_REGEN_GOLDEN=1 pytest tests/formats`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from handlog.audit import audit
from handlog.reading import read

GOLDEN = Path(__file__).parent / "golden_phh"
CASES = sorted(p.name for p in GOLDEN.iterdir() if p.suffix in (".phh", ".phhs"))
REGEN = os.environ.get("HANDLOG_REGEN_GOLDEN") == "1"


def _actual(path: Path) -> list[dict[str, Any]]:
    out = []
    for record in read([path]):
        assert record.error is None, record.error.describe(record.file) if record.error else ""
        assert record.hand is not None
        hand = record.hand.model_copy(update={"file": path.name})
        result = audit(hand)
        out.append({
            "hand": hand.model_dump(mode="json"),
            "nets": {name: str(r.net) for name, r in sorted(result.replay.results.items())},
            "violations": [v.code for v in result.violations],
        })
    return out


def test_there_are_golden_phh_hands() -> None:
    assert len(CASES) >= 5


@pytest.mark.parametrize("name", CASES)
def test_golden_phh(name: str) -> None:
    path = GOLDEN / name
    actual = _actual(path)
    expected_path = path.with_suffix(".json")
    if REGEN or not expected_path.exists():
        expected_path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        if not REGEN:
            pytest.fail(f"wrote {expected_path.name}: review it, then run again")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    assert actual == expected


def test_the_hand_written_draw_hand_settles_as_the_rules_say() -> None:
    (hand,) = _actual(GOLDEN / "n5cd_straddle_written_by_hand.phh")
    # Anna's three aces beat Cleo's kings: the pot is 160 from each of them and Bert's big blind of 10.
    assert hand["nets"] == {"Anna": "170", "Bert": "-10", "Cleo": "-160", "Dirk": "0"}
    assert hand["violations"] == []
    posts = [e for e in hand["hand"]["events"] if e["kind"] == "post"]
    assert [(p["player"], p["post"], p["amount"]) for p in posts] == [
        ("Anna", "small_blind", "5"), ("Bert", "big_blind", "10"), ("Cleo", "straddle", "20"),
    ]
