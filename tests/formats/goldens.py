"""Golden files: a hand's text beside the whole ``Hand`` it must become, for every site's golden tests.

``<dir>/<name>.txt`` is one real hand (players anonymised: "Hero" kept, others "PlayerN"); ``<name>.json`` is
``Hand.model_dump(mode="json")``. After a deliberate change of the model or a reader, rewrite the expectations
with ``HANDLOG_REGEN_GOLDEN=1 pytest tests/formats`` and review the diff of the JSON files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from handlog.events import Hand
from handlog.reading import read_text

REGEN = os.environ.get("HANDLOG_REGEN_GOLDEN") == "1"


def cases(directory: Path) -> list[str]:
    return sorted(p.stem for p in directory.glob("*.txt"))


def first_difference(expected: Any, actual: Any, path: str = "$") -> str | None:
    if type(expected) is not type(actual):
        return f"{path}: expected {expected!r}, got {actual!r}"
    if isinstance(expected, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual or key not in expected:
                return f"{path}.{key}: present on one side only"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(e, a, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {len(actual)}"
        return None
    return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"


def read_golden(directory: Path, name: str) -> Hand:
    """The one hand of ``<name>.txt``, read through the registry as a user's file would be."""
    records = read_text((directory / f"{name}.txt").read_text(encoding="utf-8"), file=f"{name}.txt")
    assert len(records) == 1
    record = records[0]
    assert record.error is None, record.error.describe(record.file) if record.error else ""
    assert record.hand is not None
    return record.hand


def check_golden(directory: Path, name: str) -> None:
    """The hand read from ``<name>.txt`` is exactly ``<name>.json``."""
    actual = read_golden(directory, name).model_dump(mode="json")
    expected_path = directory / f"{name}.json"
    if REGEN:
        expected_path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if not expected_path.exists():
        pytest.fail(f"no {expected_path.name}: run with HANDLOG_REGEN_GOLDEN=1 to create it, then review it")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    difference = first_difference(expected, actual)
    assert difference is None, difference


def assert_anonymised(hand: Hand) -> None:
    """Every name is "Hero" or "PlayerN": the anonymisation kept nobody's screen name."""
    for seat in hand.seats:
        assert seat.player == "Hero" or seat.player.removeprefix("Player").isdigit(), seat.player
