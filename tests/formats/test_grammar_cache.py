"""The JSON cache of the table driver's data: what it reads back is what Lark compiles, hands parse the same from
it, and a damaged file, a folder others may write to, or ``HANDLOG_NO_CACHE`` make it step aside (never fail)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from handlog import cache as grammar_cache
from handlog.errors import ParseError
from handlog.formats.grammar import TableData, TableParser, load_line_grammar
from handlog.formats.pokerstars import PokerStarsFormat
from handlog.reading.registry import HandParseFailure

GOLDEN = Path(__file__).parent / "golden"
HANDS = sorted(GOLDEN.glob("*.txt"))


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("table-*.json"))


def test_the_cached_table_is_the_one_lark_compiles(handlog_cache: Path) -> None:
    cold = load_line_grammar("pokerstars")
    assert cold._parser is not None  # compiled by Lark, then written
    assert len(_files(handlog_cache)) == 1
    assert (handlog_cache.stat().st_mode & 0o777) == 0o700
    warm = load_line_grammar("pokerstars")
    assert warm._parser is None  # read back: Lark has compiled nothing
    assert warm.table == cold.table == TableData.of(cold.parser)
    assert {n: p.pattern for n, p in warm.fields.items()} == {n: p.pattern for n, p in cold.fields.items()}
    assert warm.kinds == cold.kinds and warm.terminal_names == cold.terminal_names
    assert warm.parser.terminals  # Lark still compiles it when asked (to explain a hand that fails)


def test_hands_parse_the_same_from_the_cache(handlog_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HANDLOG_NO_CACHE", "1")
    plain = PokerStarsFormat()
    expected = [plain.parse(p.read_text(encoding="utf-8").splitlines(), 1, "x") for p in HANDS]
    assert not _files(handlog_cache)
    monkeypatch.delenv("HANDLOG_NO_CACHE")
    PokerStarsFormat()._grammar()  # writes the cache
    cached = PokerStarsFormat()
    grammar, _, fast = cached._grammar()
    assert grammar._parser is None and fast.available
    assert [cached.parse(p.read_text(encoding="utf-8").splitlines(), 1, "x") for p in HANDS] == expected
    assert grammar._parser is None  # every golden hand took the fast path


def test_a_hand_that_fails_is_still_explained_by_lark(handlog_cache: Path) -> None:
    load_line_grammar("pokerstars")
    fmt = PokerStarsFormat()
    lines = HANDS[0].read_text(encoding="utf-8").splitlines()
    del lines[3]
    lines.insert(3, "Seat 9: nobody acts like this")
    with pytest.raises(HandParseFailure) as failure:
        fmt.parse(lines, 1, "x")
    assert isinstance(failure.value.error, ParseError) and failure.value.error.line == 4
    assert fmt._grammar()[0]._parser is not None


@pytest.mark.parametrize("damage", ["{not json", "[]", '{"key": "other"}', "wrong shape", "a guard that is no text"])
def test_a_damaged_file_is_ignored_and_rewritten(handlog_cache: Path, damage: str) -> None:
    cold = load_line_grammar("pokerstars")
    (path,) = _files(handlog_cache)
    if damage == "wrong shape":
        data = json.loads(path.read_text(encoding="utf-8"))
        data["table"]["actions"][0][1][0][1] = "yes"  # a shift flag that is not a boolean
        path.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "a guard that is no text":
        data = json.loads(path.read_text(encoding="utf-8"))
        data["table"]["guards"]["FOLD"] = "(?!)"  # would refuse every fold line
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        path.write_text(damage, encoding="utf-8")
    again = load_line_grammar("pokerstars")
    assert again._parser is not None and again.table is not None and cold.table is not None  # not trusted: compiled
    # (Lark numbers its LALR states differently from one compilation to the next: the same table up to the numbers)
    assert again.table.terminals == cold.table.terminals and len(again.table.actions) == len(cold.table.actions)
    assert load_line_grammar("pokerstars")._parser is None  # and the file was written again


def test_a_folder_others_may_write_is_not_used(handlog_cache: Path) -> None:
    handlog_cache.mkdir(mode=0o700)
    os.chmod(handlog_cache, 0o777)
    assert grammar_cache.cache_dir() is None
    load_line_grammar("pokerstars")
    assert not _files(handlog_cache)


def test_a_folder_others_may_only_read_is_closed(handlog_cache: Path) -> None:
    handlog_cache.mkdir(mode=0o700)
    os.chmod(handlog_cache, 0o755)
    assert grammar_cache.cache_dir() == handlog_cache
    assert (handlog_cache.stat().st_mode & 0o777) == 0o700


def test_the_cache_can_be_turned_off(handlog_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HANDLOG_NO_CACHE", "1")
    assert load_line_grammar("pokerstars")._parser is not None
    assert not handlog_cache.exists()


def test_a_changed_grammar_file_gets_a_new_key(handlog_cache: Path, tmp_path: Path) -> None:
    grammar = tmp_path / "g.lark"
    grammar.write_text(
        'start: LINE+\nLINE: /(?P<word>[a-z]+)\\n/\n', encoding="utf-8"
    )
    first = load_line_grammar(grammar)
    grammar.write_text(
        'start: LINE+ END\nLINE: /(?P<word>[a-z]+)\\n/\nEND: /(?P<word>[0-9]+)\\n/\n', encoding="utf-8"
    )
    second = load_line_grammar(grammar)
    assert second._parser is not None  # not the first file's table
    assert "END" in second.terminal_names and "END" not in first.terminal_names
    assert len(_files(handlog_cache)) == 2
    parser = TableParser(second, {})
    assert parser.parse("abc\n123\n") and not parser.parse("abc\n")
