"""Bytes to lines: encodings, line endings and absurd line lengths."""

from __future__ import annotations

import codecs
import io
import tracemalloc
from decimal import Decimal
from pathlib import Path

import pytest

from handlog.reading import ReadReport, read
from handlog.reading.decode import MAX_LINE, TRUNCATED_MARK, decode_line, iter_lines, sniff_encoding

HAND = """PokerStars Hand #200000000001:  Hold'em No Limit (€0.05/€0.10 EUR) - 2020/01/02 3:04:05 ET
Table 'Ærø' 6-max Seat #1 is the button
Seat 1: Hero (€10 in chips)
Seat 2: Jörg (€10 in chips)
Seat 3: Zoë £ (€10 in chips)
Jörg: posts small blind €0.05
Zoë £: posts big blind €0.10
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
Hero: raises €0.20 to €0.30
Jörg: folds
Zoë £: folds
Uncalled bet (€0.20) returned to Hero
Hero collected €0.25 from pot
*** SUMMARY ***
Total pot €0.25 | Rake €0
Seat 1: Hero (button) collected (€0.25)
Seat 2: Jörg (small blind) folded before Flop
Seat 3: Zoë £ (big blind) folded before Flop
"""


def lines_of(data: bytes) -> list[str]:
    return list(iter_lines(io.BufferedReader(io.BytesIO(data))))  # type: ignore[arg-type]


def read_bytes(tmp_path: Path, data: bytes) -> list:
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    report = ReadReport()
    records = list(read([path], report))
    assert report.problems == []
    return records


@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(lambda t: t.encode("utf-8"), id="utf-8"),
        pytest.param(lambda t: codecs.BOM_UTF8 + t.encode("utf-8"), id="utf-8-bom"),
        pytest.param(lambda t: codecs.BOM_UTF16_LE + t.encode("utf-16-le"), id="utf-16-le-bom"),
        pytest.param(lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be"), id="utf-16-be-bom"),
        pytest.param(lambda t: t.encode("utf-16-le"), id="utf-16-le-no-bom"),
        pytest.param(lambda t: t.encode("cp1252"), id="cp1252"),
    ],
)
def test_encodings(tmp_path: Path, encode) -> None:
    records = read_bytes(tmp_path, encode(HAND))
    assert len(records) == 1
    hand = records[0].hand
    assert hand is not None, records[0].error
    assert [s.player for s in hand.seats] == ["Hero", "Jörg", "Zoë £"]
    assert hand.table == "Ærø"
    assert hand.currency == "EUR"
    assert hand.summary.total_pot == Decimal("0.25")


def test_cp1252_euro_is_byte_0x80_and_pound_0xa3() -> None:
    data = HAND.encode("cp1252")
    assert b"\x80" in data and b"\xa3" in data
    assert lines_of(data)[0] == HAND.splitlines()[0]
    assert lines_of(data)[4] == "Seat 3: Zoë £ (€10 in chips)"


def test_a_utf8_file_with_one_cp1252_line_keeps_both() -> None:
    data = "Jörg\n".encode() + "€1\n".encode("cp1252")
    assert lines_of(data) == ["Jörg", "€1"]


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_line_endings(tmp_path: Path, ending: str) -> None:
    data = HAND.replace("\n", ending).encode("utf-8")
    records = read_bytes(tmp_path, data)
    assert records[0].hand is not None, records[0].error
    assert records[0].hand.events[-1].line == 14


def test_mixed_line_endings() -> None:
    lines = HAND.splitlines()
    endings = ["\n", "\r\n", "\r"]
    data = "".join(line + endings[i % 3] for i, line in enumerate(lines)).encode("utf-8")
    assert lines_of(data) == lines


def test_utf16_line_endings() -> None:
    data = codecs.BOM_UTF16_LE + "a\r\nb\rc\nd".encode("utf-16-le")
    assert lines_of(data) == ["a", "b", "c", "d"]


def test_sniff_encoding() -> None:
    assert sniff_encoding(codecs.BOM_UTF8 + b"x") == "utf-8-sig"
    assert sniff_encoding(codecs.BOM_UTF16_LE + b"x\x00") == "utf-16"
    assert sniff_encoding(codecs.BOM_UTF16_BE + b"\x00x") == "utf-16"
    assert sniff_encoding("PokerStars".encode("utf-16-le")) == "utf-16-le"
    assert sniff_encoding("PokerStars".encode("utf-16-be")) == "utf-16-be"
    assert sniff_encoding(b"PokerStars") == "utf-8"
    assert sniff_encoding(b"") == "utf-8"


def test_a_huge_line_is_cut_and_memory_stays_bounded(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as out:
        out.write(b"first\n")
        for _ in range(20):
            out.write(b"x" * 1_000_000)
        out.write(b"\nlast\n")
    tracemalloc.start()
    try:
        with path.open("rb") as stream:
            lines = list(iter_lines(stream))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert lines[0] == "first" and lines[2] == "last"
    assert lines[1].endswith(TRUNCATED_MARK) and len(lines[1]) <= MAX_LINE + len(TRUNCATED_MARK)
    assert peak < 20 * MAX_LINE  # a 20 MB line costs a bounded amount, not its length


def test_a_huge_utf16_line_is_cut() -> None:
    data = codecs.BOM_UTF16_LE + ("y" * (3 * MAX_LINE) + "\nnext\n").encode("utf-16-le")
    lines = lines_of(data)
    assert lines[0].endswith(TRUNCATED_MARK) and lines[1] == "next"


def test_cp1251_euro_before_an_amount_is_the_euro() -> None:
    """Everleaf's clients on Cyrillic Windows wrote cp1251's euro, byte 0x88 ("Blinds \u20ac0.25/\u20ac0.50",
    "[\u20ac 0.50 EURO]"); in cp1252 that byte is a modifier circumflex, which never stands before a number."""
    assert decode_line(b"Blinds \x880.25/\x880.50 NL Hold'em") == "Blinds \u20ac0.25/\u20ac0.50 NL Hold'em"
    assert decode_line(b"P: posts big blind [\x88 0.50 EURO]") == "P: posts big blind [\u20ac 0.50 EURO]"
    assert decode_line(b"P said, \x88a") == "P said, \u02c6a"  # not before an amount: cp1252's own character
