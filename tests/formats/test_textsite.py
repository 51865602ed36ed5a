"""The shared reader machinery: a site is a grammar, a module of quirks and tests, and nothing else.

``dialect/demo.lark`` is a made-up room that writes PokerStars' layout with its own header and one extra line: its
grammar imports PokerStars' hand shape and overrides or extends only what differs (Lark's ``%import`` /
``%override`` / ``%extend``), and its reader is two small subclasses. The tests check that the table driver runs
such a composed grammar exactly as Lark does, that inherited lines need no code, that errors are explained with
the inherited lines' names, and that the new site reaches the engine without any engine change.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from handlog.audit import audit
from handlog.errors import ParseError
from handlog.events import Event, Hand, Notice
from handlog.formats.grammar import Fields, kind_of
from handlog.formats.pokerstars import PokerStarsBuilder, PokerStarsFormat
from handlog.formats.textsite import Tok
from handlog.reading import read_text, registry
from handlog.reading.registry import HandParseFailure

HERE = Path(__file__).parent
PACKAGE = HERE.parents[1] / "handlog"
HAND = (HERE / "golden" / "nl_cash_showdown.txt").read_text(encoding="utf-8").splitlines()
DEMO_HEADER = "Demo Poker Hand #7: Hold'em No Limit (€0.05/€0.10 EUR) - 2009/11/20 7:14:56 ET"
MACHINERY = {"__init__", "added", "grammar", "guard", "headers", "stars", "text", "textsite", "unknown"}
"""Modules of handlog/formats that are not sites."""


class DemoBuilder(PokerStarsBuilder):
    def JACKPOT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Notice(line=line, text=f"jackpot fee {f['amount']}"))

    def site_name(self) -> str:
        return "Demo Poker"


class DemoFormat(PokerStarsFormat):
    name = "demo"
    site = "Demo"
    grammar = HERE / "dialect" / "demo.lark"
    builder = DemoBuilder
    header_start = re.compile(r"^Demo Poker Hand #")
    header_heads = frozenset({"Demo "})
    glued_header_pattern = None
    glued_hints = ()


def _demo_lines() -> list[str]:
    lines = [DEMO_HEADER, *HAND[1:]]
    lines.insert(lines.index("*** FLOP *** [Jc 9s Qd]"), "Jackpot fee taken: €0.01")
    return lines


def _parse(fmt: PokerStarsFormat, lines: list[str], fast: bool) -> Hand | ParseError:
    table = fmt._grammar()[2]
    available, table.available = table.available, fast
    try:
        return fmt.parse(lines, 1, "demo.txt")
    except HandParseFailure as failure:
        assert isinstance(failure.error, ParseError)
        return failure.error
    finally:
        table.available = available


def _without_lines(events: tuple[Event, ...]) -> list[dict[str, object]]:
    return [e.model_dump(exclude={"line"}) for e in events]


def test_a_child_grammar_inherits_the_lines_it_does_not_name() -> None:
    grammar = DemoFormat()._grammar()[0]
    assert "pokerstars__FOLD" in grammar.terminal_names  # brought along by %import, under Lark's namespace
    assert grammar.kinds["pokerstars__FOLD"] == "FOLD"
    assert {"HEADER", "JACKPOT", "CHAT"} <= grammar.terminal_names  # named: overridden, added, ignored
    assert kind_of("__ANON_0") == "__ANON_0"
    assert kind_of("ggpoker__pokerstars__RAISE") == "RAISE"


@pytest.mark.parametrize("fast", [True, False], ids=["table driver", "lark"])
def test_the_dialect_reads_like_pokerstars_plus_its_own_line(fast: bool) -> None:
    stars = _parse(PokerStarsFormat(), HAND, fast)
    demo = _parse(DemoFormat(), _demo_lines(), fast)
    assert isinstance(stars, Hand) and isinstance(demo, Hand)
    assert demo.site == "Demo Poker"
    assert demo.hand_id == "7"
    assert demo.stakes == stars.stakes and demo.currency == "EUR"
    jackpot = [e for e in demo.events if isinstance(e, Notice)]
    assert [(e.text, e.line) for e in jackpot] == [("jackpot fee €0.01", 19)]
    assert _without_lines(tuple(e for e in demo.events if e not in jackpot)) == _without_lines(stars.events)
    assert demo.summary.model_dump(exclude={"line", "pot_line", "board_line", "seats"}) == stars.summary.model_dump(
        exclude={"line", "pot_line", "board_line", "seats"}
    )


def test_the_table_driver_and_lark_agree_on_the_dialect_and_its_errors() -> None:
    fmt = DemoFormat()
    good = _demo_lines()
    cases = [
        good,
        [*good[:5], "Jackpot fee taken: €0.01", *good[5:]],  # the new line where the grammar does not allow it
        good[:20],  # truncated
        [*good[:12], "Hero: dances", *good[12:]],  # a line of no kind
    ]
    for lines in cases:
        fast, lark = _parse(fmt, lines, True), _parse(fmt, lines, False)
        assert fast.model_dump() == lark.model_dump()


def test_an_error_in_an_inherited_line_is_named_by_its_kind() -> None:
    lines = _demo_lines()
    lines.insert(3, "Player5: calls €0.10")  # a call among the seats
    error = _parse(DemoFormat(), lines, True)
    assert isinstance(error, ParseError)
    assert error.line == 4
    assert error.message == "a call cannot come here"
    assert "a seat line ('Seat 1: P ($1 in chips)')" in error.expected


def test_a_site_added_outside_the_package_is_detected_read_and_audited(monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a site is registering a format: the reader, the engine and the checks take it unchanged."""
    monkeypatch.setitem(registry._FORMATS, "demo", DemoFormat())
    records = read_text("\n".join(_demo_lines()) + "\n", file="demo.txt")
    assert [(r.site, r.hand_id, r.game, r.structure) for r in records] == [("Demo", "7", "holdem", "no_limit")]
    record = records[0]
    assert record.hand is not None and record.hand.site == "Demo Poker"
    verdict = audit(record.hand)
    assert verdict.replay.supported
    assert verdict.status == "clean", verdict.violations


# ---------------------------------------------------------------- the boundaries, read from the source
def _imports(source: Path | str) -> Iterator[tuple[str, str]]:
    """(module, name) for every ``from module import name`` and every ``module.attr`` of an imported module."""
    tree = ast.parse(source.read_text(encoding="utf-8") if isinstance(source, Path) else source)
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                yield node.module, alias.name
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ""
                bound = alias.name if alias.asname else alias.name.split(".")[0]
                aliases[alias.asname or bound] = bound
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            yield aliases[node.value.id], node.attr


def _sites() -> list[Path]:
    return sorted(p for p in (PACKAGE / "formats").glob("*.py") if p.stem not in MACHINERY)


def test_there_are_site_modules_to_check() -> None:
    assert "pokerstars" in {p.stem for p in _sites()}


def _private_uses(source: Path | str, others: set[str]) -> list[str]:
    return [
        f"{module}.{name}"
        for module, name in _imports(source)
        if (module in others and name.startswith("_")) or any(module.startswith(f"{o}._") for o in others)
    ]


@pytest.mark.parametrize("path", _sites(), ids=lambda p: p.stem)
def test_no_site_module_imports_another_sites_private_names(path: Path) -> None:
    assert _private_uses(path, {f"handlog.formats.{p.stem}" for p in _sites() if p != path}) == []


def test_the_private_name_check_catches_each_way_of_reaching_in() -> None:
    others = {"handlog.formats.pokerstars"}
    assert _private_uses("from handlog.formats.pokerstars import _CAP, PokerStarsFormat", others) == [
        "handlog.formats.pokerstars._CAP"
    ]
    assert _private_uses("import handlog.formats.pokerstars as ps\nx = ps._BUTTON_ANTE", others) == [
        "handlog.formats.pokerstars._BUTTON_ANTE"
    ]
    assert _private_uses("from handlog.formats import pokerstars\nx = pokerstars._CAP", others) == [
        "handlog.formats.pokerstars._CAP"
    ]
    assert _private_uses("from handlog.formats.pokerstars import PokerStarsBuilder", others) == []


def test_the_machinery_imports_no_site() -> None:
    sites = {f"handlog.formats.{p.stem}" for p in _sites()}
    for stem in MACHINERY - {"__init__"}:
        modules = {module for module, _ in _imports(PACKAGE / "formats" / f"{stem}.py")}
        assert not modules & sites, stem


@pytest.mark.parametrize("layer", ["events", "engine", "checks", "stats"])
def test_the_engine_knows_no_reader(layer: str) -> None:
    """The pipeline points one way: nothing after the readers imports a site's module, so a new site needs no
    engine edit (the engine sees a ``Hand``; ``rules.profile_for`` keys house rules by ``Hand.site``)."""
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        modules = {module for module, _ in _imports(path)}
        assert not {m for m in modules if m.startswith("handlog.formats")}, path
