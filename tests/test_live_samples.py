"""Each house's rules file audits the hands written down at its tables with exactly the violations expected.

``samples/rules/<house>.toml`` is a house's rule set; ``samples/live/<house>/`` holds hands written in PHH as a
floor person would, each saying in its ``_expected_violations`` field (phh-std leaves ``_`` fields to the user)
which rule it breaks. Every house has at least one hand that breaks one of its rules, and it is an error there.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from handlog.audit import audit
from handlog.engine.rules_file import load_rules
from handlog.engine.violations import Severity
from handlog.reading import read

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
HOUSES = sorted(p.stem for p in (SAMPLES / "rules").glob("*.toml"))


def test_every_rule_set_has_live_hands() -> None:
    assert len(HOUSES) == 4
    for house in HOUSES:
        assert len(list((SAMPLES / "live" / house).glob("*.phh"))) >= 2, house


@pytest.mark.parametrize("house", HOUSES)
def test_live_hands_have_exactly_the_expected_violations(house: str) -> None:
    rules = load_rules(SAMPLES / "rules" / f"{house}.toml")
    broken = 0
    for path in sorted((SAMPLES / "live" / house).glob("*.phh")):
        expected = tomllib.loads(path.read_text(encoding="utf-8"))["_expected_violations"]
        (record,) = read([path])
        assert record.hand is not None, record.error
        result = audit(record.hand, rules)
        assert sorted(v.code for v in result.violations) == sorted(expected), path.name
        assert all(v.severity == Severity.ERROR for v in result.violations), path.name
        assert result.replay.results, path.name  # the hand was replayed and settled
        broken += bool(expected)
    assert broken >= 1
