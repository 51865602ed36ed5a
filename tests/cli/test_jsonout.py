"""``jsonout.dumps``: the C encoder made once writes what ``json.dumps`` with the same options writes."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal

from handlog.cli import jsonout
from handlog.engine import Category, Severity, Violation


def test_dumps_is_json_dumps_with_the_options() -> None:
    v = Violation("call-amount", Category.LEGALITY, Severity.ERROR, 12, "Zoë owes 0.50, the log calls 1.5")
    record = {
        "file": "a b/ünïcode \"quoted\".txt", "line": 3, "none": None, "flags": [True, False], "ratio": 0.1,
        "amount": Decimal("0.50"), "cards": ("Ah", "Kd"), "set": frozenset({"x"}),
        "when": datetime(2026, 12, 3, 16, 40), "violations": [v.as_dict()], "nested": {"k": [1, {"z": "\n\t"}]},
    }
    expected = json.dumps(record, default=jsonout._default, ensure_ascii=False, separators=(",", ":"))
    assert jsonout.dumps(record) == expected
    assert '"amount":"0.50"' in expected and '"category":"legality"' in expected and "ünïcode" in expected
    assert jsonout.dumps("plain") == '"plain"' and jsonout.dumps([]) == "[]"


def test_violation_as_dict_gives_plain_strings() -> None:
    d = Violation("rake", Category.ACCOUNTING, Severity.WARNING, 7, "m").as_dict()
    assert d == {"code": "rake", "category": "accounting", "severity": "warning", "line": 7, "message": "m"}
    assert type(d["category"]) is str and type(d["severity"]) is str
