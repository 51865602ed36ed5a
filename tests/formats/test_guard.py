"""The look-ahead the table driver puts in front of a terminal never changes what the terminal matches."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handlog.formats.grammar import load_line_grammar
from handlog.formats.guard import lookahead
from handlog.formats.headers import grammar_dir

GRAMMARS = sorted(p.stem for p in grammar_dir().glob("*.lark") if p.stem not in {"common", "phh_actions"})


def test_the_literal_after_a_name_is_the_guard() -> None:
    assert lookahead(r"(?:[^\n]+?): folds(?: \[(?:[^\]\n]*)\])?[ \t]*\n") == r"(?=[^\n]*:\ folds)"
    # the longest text the line must hold, wherever it is
    assert lookahead(r"(?:[^\n]+?) wins (?:[0-9]+) from the main pot[ \t]*\n") == r"(?=[^\n]*\ from\ the\ main\ pot)"


@pytest.mark.parametrize(
    "pattern",
    [
        r"Seat (?:[0-9]+): (?:[^\n]+?) folded[ \t]*\n",  # starts with text: refused at its first character already
        r"(?i:[^\n]+? folds)[ \t]*\n",  # text inside a case-insensitive group
        r"(?i)(?:[^\n]+?) folds[ \t]*\n",  # the whole pattern case-insensitive
        r"[\s\S]*? folds[ \t]*\n",  # a piece before the text may cross a newline
        r"(?:.|\n)+? folds[ \t]*\n",
        r"(?:[^\n]+?)x[ \t]*\n",  # one character: not worth a scan
        r"[ \t]*\n",
    ],
)
def test_no_guard_where_it_is_not_certain(pattern: str) -> None:
    assert lookahead(pattern) == ""


def _terminals() -> list[tuple[str, str]]:
    out = []
    for name in GRAMMARS:
        table = load_line_grammar(name).table
        assert table is not None
        out += [(f"{name}:{t}", regexp) for t, (_, _, _, regexp) in sorted(table.terminals.items())]
    return out


TERMINALS = _terminals()


def _guarded() -> list[tuple[str, str]]:
    """Each distinct pattern of ``TERMINALS`` that gets a guard, under the first name it has: a terminal without a
    guard has nothing to compare, and a line a grammar imports (``ggpoker:pokerstars__FOLD``) is the same pattern
    as where it comes from (635 terminals, 169 such patterns)."""
    first: dict[str, str] = {}
    for name, regexp in TERMINALS:
        if lookahead(regexp):
            first.setdefault(regexp, name)
    return [(name, regexp) for regexp, name in first.items()]


GUARDED = _guarded()


def test_most_player_lines_get_a_guard() -> None:
    guarded = {n.split(":")[1] for n, rx in TERMINALS if n.startswith("pokerstars:") and lookahead(rx)}
    assert {"FOLD", "CHECK", "CALL", "BET", "RAISE", "COLLECT", "SHOWS", "POST"} <= guarded


@pytest.mark.parametrize("name,regexp", GUARDED, ids=[n for n, _ in GUARDED])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_guard_changes_no_match(name: str, regexp: str, data: st.DataObject) -> None:
    guard = lookahead(regexp)
    assert guard
    plain, guarded = re.compile(regexp), re.compile(guard + regexp)
    # lines made of the pattern's own words, names that contain them, spaces, amounts and newlines
    words = [w for w in re.findall(r"[A-Za-z:'\-\[\]()#$., ]{2,}", regexp.replace("\\", ""))][:12]
    pieces = st.sampled_from([*words, ": ", " ", "\n", "x", "Ab3", "$1.50", "[Ah Kd]", "\t", "(", ")", "10"])
    text = data.draw(st.lists(pieces, max_size=12).map("".join))
    a, b = plain.match(text), guarded.match(text)
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert (a.end(), a.groups()) == (b.end(), b.groups())


SAMPLE_LINES = sorted(
    {
        line + "\n"
        for folder in (grammar_dir().parent / "samples", grammar_dir().parent / "tests" / "formats" / "golden")
        for path in sorted(folder.rglob("*.txt"))
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
    }
)


def test_the_guard_changes_no_match_on_real_lines() -> None:
    """Every line of the samples and the golden hands, against every terminal of every text grammar: the same
    match (end and fields) or none, with and without the guard; and the guards do reject lines."""
    matched = rejected = 0
    for _name, regexp in TERMINALS:
        guard = lookahead(regexp)
        if not guard:
            continue
        plain, guarded, alone = re.compile(regexp), re.compile(guard + regexp), re.compile(guard)
        for line in SAMPLE_LINES:
            a, b = plain.match(line), guarded.match(line)
            assert (a is None) == (b is None), (regexp, line)
            if a is not None and b is not None:
                assert (a.end(), a.groups()) == (b.end(), b.groups())
                matched += 1
            elif alone.match(line) is None:
                rejected += 1
    assert matched > 1000 and rejected > 10000
