"""Golden tests: representative PokerStars hands and the whole ``Hand`` each one must become.

Each ``golden/<name>.txt`` is one real hand from the corpus (player names anonymised, "Hero" kept); its
``<name>.json`` is ``Hand.model_dump(mode="json")``. A difference fails the test and shows the first path that
differs. After a deliberate change of the model or the reader, rewrite the expectations with
``HANDLOG_REGEN_GOLDEN=1 pytest tests/formats`` and review the diff of the JSON files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from handlog.reading import read_text

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.stem for p in GOLDEN.glob("*.txt"))
REGEN = os.environ.get("HANDLOG_REGEN_GOLDEN") == "1"


def _first_difference(expected: Any, actual: Any, path: str = "$") -> str | None:
    if type(expected) is not type(actual):
        return f"{path}: expected {expected!r}, got {actual!r}"
    if isinstance(expected, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual or key not in expected:
                return f"{path}.{key}: present on one side only"
            found = _first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            found = _first_difference(e, a, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {len(actual)}"
        return None
    return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"


def test_there_are_a_dozen_golden_hands() -> None:
    assert len(CASES) >= 12


@pytest.mark.parametrize("name", CASES)
def test_golden_hand(name: str) -> None:
    text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    records = read_text(text, file=f"{name}.txt")
    assert len(records) == 1
    record = records[0]
    assert record.error is None, record.error.describe(record.file) if record.error else ""
    assert record.hand is not None
    actual = record.hand.model_dump(mode="json")
    expected_path = GOLDEN / f"{name}.json"
    if REGEN:
        expected_path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if not expected_path.exists():
        pytest.fail(f"no {expected_path.name}: run with HANDLOG_REGEN_GOLDEN=1 to create it, then review it")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    difference = _first_difference(expected, actual)
    assert difference is None, difference


@pytest.mark.parametrize("name", CASES)
def test_golden_hand_has_no_real_player_names(name: str) -> None:
    """Every name is "Hero" or "PlayerN": the anonymisation kept nobody's screen name."""
    text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    hand = read_text(text)[0].hand
    assert hand is not None
    for seat in hand.seats:
        assert seat.player == "Hero" or seat.player.removeprefix("Player").isdigit(), seat.player
