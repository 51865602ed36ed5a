"""The engine's shape, as issue 28 asks it: a table composed of parts (no tower of base classes), the variant's dealing
flags read only by the dealing strategies, no private method called from another module, each violation made from its
registered code (docs/engine.md)."""

from __future__ import annotations

import ast
from pathlib import Path

from handlog.engine import dealing
from handlog.engine.table import Table

ENGINE = Path(__file__).resolve().parents[2] / "handlog" / "engine"
DEALING_FLAGS = {"stud", "boards", "draw_replaces", "discard_exactly", "short_deck"}


def _modules() -> dict[str, ast.Module]:
    return {p.name: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(ENGINE.glob("*.py"))}


def _depth(cls: type) -> int:
    """Base classes between ``cls`` and ``object``, on the longest line."""
    return max((1 + _depth(b) for b in cls.__bases__ if b is not object), default=0)


def test_the_table_is_a_state_with_parts_not_a_tower() -> None:
    assert _depth(Table) <= 2
    strategies = [c for c in vars(dealing).values() if isinstance(c, type) and issubclass(c, dealing.Dealing)]
    assert len(strategies) >= 5
    assert all(_depth(c) <= 2 for c in strategies)


def test_dealing_flags_are_read_only_by_the_dealing_strategies() -> None:
    for name, tree in _modules().items():
        if name in ("dealing.py", "variants.py"):  # the strategies, and the Variant that declares the flags
            continue
        read = [(n.lineno, n.attr) for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in DEALING_FLAGS]
        assert read == [], name


def test_no_private_method_is_called_across_modules() -> None:
    for name, tree in _modules().items():
        calls = [
            (n.lineno, ast.unparse(n.func))
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr.startswith("_")
            and not n.func.attr.startswith("__")
            and not (isinstance(n.func.value, ast.Name) and n.func.value.id in ("self", "cls"))
        ]
        assert calls == [], name


def test_violations_are_made_from_their_code() -> None:
    """Only the registry builds a ``Violation``: the engine reports a code, never a category or a severity."""
    for name, tree in _modules().items():
        if name == "codes.py":
            continue
        made = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and ast.unparse(n.func) == "Violation"]
        assert made == [], name
    assert "type: ignore" not in (ENGINE / "table.py").read_text(encoding="utf-8")  # the handler table is typed
