"""The fast table driver and Lark agree: same sentences accepted, same hands built, Lark explains failures."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from handlog.errors import ParseError
from handlog.formats.pokerstars import PokerStarsFormat
from handlog.reading.registry import HandParseFailure

GOLDEN = Path(__file__).parent / "golden"
HANDS = sorted(GOLDEN.glob("*.txt"))


def _parse(fmt: PokerStarsFormat, lines: list[str], fast: bool) -> object:
    table = fmt._grammar()[2]
    available = table.available
    table.available = fast
    try:
        return fmt.parse(lines, 1, "x").model_dump(mode="json")
    except HandParseFailure as failure:
        assert isinstance(failure.error, ParseError)
        return failure.error.model_dump()
    finally:
        table.available = available


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.name)
def test_fast_path_builds_the_hand_lark_builds(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    fmt = PokerStarsFormat()
    assert fmt._grammar()[2].available
    assert _parse(fmt, lines, fast=True) == _parse(fmt, lines, fast=False)


def test_fast_path_and_lark_agree_on_damaged_hands() -> None:
    rng = random.Random(7)
    fmt = PokerStarsFormat()
    for _ in range(300):
        lines = rng.choice(HANDS).read_text(encoding="utf-8").splitlines()
        i, j = rng.randrange(1, len(lines)), rng.randrange(1, len(lines))
        damage = rng.choice(["swap", "delete", "duplicate", "garble"])
        if damage == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif damage == "delete":
            del lines[i]
        elif damage == "duplicate":
            lines.insert(i, lines[j])
        else:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)] + "#?"
        assert _parse(fmt, lines, fast=True) == _parse(fmt, lines, fast=False)


def test_the_loose_lines_are_one_pattern_for_every_state() -> None:
    """The lines of negative priority (chat, status, notices: allowed anywhere) are matched by one compiled pattern
    that every state shares, tried after the state's own terminals (Lark's order); no state's own alternation
    holds them."""
    fmt = PokerStarsFormat()
    for path in HANDS:
        fmt.parse(path.read_text(encoding="utf-8").splitlines(), 1, "x")
    table = fmt._grammar()[2]
    scanners = list(table._scanners.values())
    assert len(scanners) > 5
    tails = {id(tail) for _, tail, _ in scanners}
    assert len(tails) == 1 and None not in {tail for _, tail, _ in scanners}
    loose = {n for n in table.terminals if table.terminals[n][0] < 0}
    assert {n.rsplit("__", 1)[-1] for n in loose} == {"CHAT", "STATUS", "NOTICE"}
    for pattern, tail, _ in scanners:
        assert tail is not None and set(tail.groupindex) >= loose
        assert not loose & set(pattern.groupindex)
