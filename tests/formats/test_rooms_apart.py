"""A room in three places: its grammar (or document reader), its module, its test file.

Read from the source (cheap, no hand parsed): no room module imports another room's module (shared bookkeeping
lives in the machinery: ``textsite``, ``stars``, ``added``, ``xmlsession``, ``phh_builder`` …), and a text room
states its header once, in its grammar, which detection reads without compiling it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import handlog.formats
from handlog.formats.headers import GrammarHead, LayoutHeader, TextHeader, grammar_dir, grammar_head

FORMATS = Path(handlog.formats.__file__).parent
ROOMS = sorted({module for _, module, _ in handlog.formats.DECLARED})
"""Every room (and research format) module: those the registry declares."""
TEXT_ROOMS = sorted({module for _, module, head in handlog.formats.DECLARED if isinstance(head, GrammarHead)})


def room_imports(source: str, rooms: set[str]) -> set[str]:
    """The room modules ``source`` imports, however it names them."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            if node.module == "handlog.formats":
                names += [f"handlog.formats.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["handlog", "formats"] and len(parts) > 2 and parts[2] in rooms:
                found.add(parts[2])
    return found


def own_layout(module: str, imported: str) -> bool:
    """A later layout of the same room (``ongame_2014`` of ``ongame``) may build on the room's module."""
    return module.startswith(f"{imported}_")


def test_the_check_sees_every_way_of_importing_a_room() -> None:
    rooms = {"cake", "everleaf", "pokerstars"}
    assert room_imports("from handlog.formats.everleaf import EverleafBuilder", rooms) == {"everleaf"}
    assert room_imports("from handlog.formats import cake, headers", rooms) == {"cake"}
    assert room_imports("import handlog.formats.pokerstars as ps", rooms) == {"pokerstars"}
    assert room_imports("from handlog.formats.added import AddedCallsBuilder", rooms) == set()
    assert own_layout("ongame_2014", "ongame") and not own_layout("ongame", "ongame_2014")


@pytest.mark.parametrize("module", ROOMS)
def test_no_room_module_imports_a_sibling_room(module: str) -> None:
    source = (FORMATS / f"{module}.py").read_text(encoding="utf-8")
    siblings = {m for m in room_imports(source, set(ROOMS)) - {module} if not own_layout(module, m)}
    assert not siblings, module


@pytest.mark.parametrize("module", TEXT_ROOMS)
def test_a_text_room_states_its_header_only_in_its_grammar(module: str) -> None:
    """The module sets no header fact and writes no header pattern of its own to peek with: the reader's head,
    and what it peeks (``TextSiteFormat.peek_hand``), are the grammar's."""
    source = (FORMATS / f"{module}.py").read_text(encoding="utf-8")
    facts = {"head", "peek_pattern", *TextHeader.__dataclass_fields__}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                targets = statement.targets if isinstance(statement, ast.Assign) else (
                    [statement.target] if isinstance(statement, ast.AnnAssign) else [])
                assert not {t.id for t in targets if isinstance(t, ast.Name)} & facts, (module, node.name)


def test_every_text_grammar_with_a_head_is_a_declared_format() -> None:
    stems = {p.stem for p in grammar_dir().glob("*.lark") if grammar_head(p.stem) is not None}
    declared = {head.grammar for _, _, head in handlog.formats.DECLARED if isinstance(head, GrammarHead)}
    assert len(stems) >= 20
    assert stems == declared


def test_a_grammars_head_is_read_as_lark_writes_it(tmp_path: Path) -> None:
    grammar = tmp_path / "room.lark"
    grammar.write_text(
        '%import .common (EOL)\n'
        'HEADER: /Room Hand #(?P<hand_id>[0-9]+)/ EOL\n'
        'HEAD_START: /^\\ufeff?Room Hand #[0-9]+ - [0-9]{4}\\/[0-9]{2}/i\n'
        'HEAD_HEADS: "Room " | "\\ufeffRoom" | "ROOM "\n'
        'GLUED_HEADER: /Room Hand #[0-9]+: /\n'
        'GLUED_HINTS: "Hand #"\n',
        encoding="utf-8",
    )
    head = grammar_head(grammar)
    assert isinstance(head, TextHeader) and not isinstance(head, LayoutHeader)
    assert head.header_start.flags & re.IGNORECASE
    assert head.header_start.match("\ufeffROOM HAND #12 - 2011/05")  # the escaped slash is a slash
    assert head.header_heads == frozenset({"Room ", "\ufeffRoom", "ROOM "}) and head.head_width == 5
    assert head.glued_header("chat Room Hand #7: Hold'em") == 5
    assert head.glued_header("chat Room Hand 7") == -1
    assert not head.fallback
    assert head.is_header("Room Hand #3 - 2011/05/08") and not head.is_header("Seat 1: Room Hand #3 - 2011/05")


def test_a_grammar_without_a_head_has_none_and_uneven_heads_are_refused(tmp_path: Path) -> None:
    plain = tmp_path / "plain.lark"
    plain.write_text('HEADER: /Room Hand #(?P<hand_id>[0-9]+)/\n', encoding="utf-8")
    assert grammar_head(plain) is None
    uneven = tmp_path / "uneven.lark"
    uneven.write_text('HEAD_START: /^Room /\nHEAD_HEADS: "Room " | "Ro"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="one length"):
        grammar_head(uneven)


def test_a_layout_head_needs_its_layout_line_and_a_fallback_is_asked_last() -> None:
    layout = grammar_head("ongame_2014")
    assert isinstance(layout, LayoutHeader)
    header = "***** History for hand R5-22678800-36 *****"
    assert layout.detect([header, "Start hand: Mon Jan 06 08:53:00 CET 2014"])
    assert not layout.detect([header, "Start hand: Sun Feb 13 14:14:04 GMT+0100 2011"])
    fallback = grammar_head("stars_layout")
    assert fallback is not None and fallback.fallback
    assert [name for name, _, head in handlog.formats.DECLARED if getattr(head, "fallback", False)] == ["stars-layout"]
