"""``cut_hands`` (a block of lines at a time, C-level searches) cuts exactly the hands ``split_hands`` (every line
through the rules) cuts: the same chunks, line numbers and junk counts, for every text format that gives split
hints, on the project's own hand files and on generated line soups with the awkward cases (headers glued to a
line, whitespace-only lines, hands cut at ``MAX_HAND_LINES``, blocks ending anywhere)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handlog.reading import ReadReport, registry, split
from handlog.reading.decode import iter_lines
from handlog.reading.reader import iter_files
from handlog.reading.registry import HandFormat
from handlog.reading.split import SplitStats, cut_hands, split_hands

ROOT = Path(__file__).resolve().parents[2]
OWN = [ROOT / "samples", ROOT / "tests" / "formats", ROOT / "tests" / "engine" / "hands"]
HINTED = [fmt for fmt in registry.formats() if callable(getattr(fmt, "split_hints", None)) and fmt.split_hints()]


def both(lines: list[str], fmt: HandFormat) -> tuple[object, object]:
    cut, by_line = SplitStats(), SplitStats()
    got = [(c.line, c.lines) for c in cut_hands(lines, fmt, cut, start=3)]
    want = [(c.line, c.lines) for c in split_hands(lines, fmt, by_line, start=3)]
    return (got, vars_of(cut)), (want, vars_of(by_line))


def vars_of(stats: SplitStats) -> tuple[object, ...]:
    return stats.junk_lines, stats.first_junk_line, stats.junk_samples


def own_files() -> list[tuple[HandFormat, list[str]]]:
    found = []
    for path in iter_files(OWN, ReadReport()):
        with open(path, "rb") as stream:
            lines = list(iter_lines(stream))
        fmt = registry.detect([line for line in lines if line.strip()][:25])
        if fmt is not None and fmt in HINTED:
            found.append((fmt, lines))
    return found


def test_most_text_rooms_give_hints() -> None:
    names = {fmt.name for fmt in HINTED}
    assert {"pokerstars", "bovada", "winamax", "partypoker", "pacific", "fulltilt"} <= names
    assert len(names) >= 10


def test_the_same_hands_as_line_by_line_on_our_files(monkeypatch: pytest.MonkeyPatch) -> None:
    files = own_files()
    assert len(files) > 50 and len({fmt.name for fmt, _ in files}) >= 8
    for block in (split.BLOCK_LINES, 7):
        monkeypatch.setattr(split, "BLOCK_LINES", block)
        for fmt, lines in files:
            got, want = both(lines, fmt)
            assert got == want


POOL_WORDS = [
    "",
    " ",
    "\t ",
    "\x1c",
    "\u3000",
    "\x85",
    "*** SUMMARY ***",
    "------ Summary ------",
    "Seat 1: Alice ($10 in chips)",
    "Alice: folds",
    "junk between hands",
    "Poker",
    "Hand #",
    "STARS",
]


@st.composite
def soups(draw: st.DrawFn) -> tuple[HandFormat, list[str]]:
    fmt = draw(st.sampled_from(HINTED))
    headers = [line for f, lines in OWN_FILES if f is fmt for line in lines if fmt.is_header(line)][:20]
    pool = POOL_WORDS + headers
    piece = st.sampled_from(pool)
    line = st.one_of(piece, st.builds(lambda a, b: a + b, piece, piece))  # glued: a line then a header
    return fmt, draw(st.lists(line, max_size=60))


OWN_FILES = own_files()


@settings(max_examples=400, deadline=None)
@given(soups(), st.integers(1, 9), st.integers(2, 12))
def test_the_same_hands_as_line_by_line_on_line_soups(
    soup: tuple[HandFormat, list[str]], block: int, longest: int
) -> None:
    fmt, lines = soup
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(split, "BLOCK_LINES", block)
        patch.setattr(split, "MAX_HAND_LINES", longest)
        got, want = both(lines, fmt)
    assert got == want
