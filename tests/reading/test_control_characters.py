"""Damaged text (NUL and the other C0/C1 controls but tab and line endings) is reported, never read into data.

A real corpus file with control characters planted in three of its hands (a NUL run before a name on a seat
line, a NUL inside an amount, a C1 control U+0085 in an action): those hands are unparsed, each with the line and
column of the damage and what was found; every other hand reads as before; and no output of any command (its
stdout, stderr and the files it writes) holds a control character.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from handlog.cli.main import main
from handlog.reading import HandRecord, read

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
SOURCE = CORPUS / "fpdb" / "cash" / "Stars" / "Flop" / "NLHE-6max-USD-0.05-0.10-200911.txt"
pytestmark = pytest.mark.skipif(not SOURCE.is_file(), reason=f"{SOURCE} is not there")

CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""The issue's definition: C0 (NUL among them) but tab, LF and CR; DEL; C1."""


def _damaged(tmp_path: Path) -> tuple[Path, dict[int, tuple[int, str]]]:
    """The file with the damage planted, and for each damaged line: (column, what the message names)."""
    lines = SOURCE.read_bytes().decode("utf-8").split("\n")
    headers = [i for i, line in enumerate(lines) if line.startswith("PokerStars Game #")]
    planted: dict[int, tuple[int, str]] = {}
    # hand 2: a NUL run before the name of its third seat
    seat = next(i for i in range(headers[1], headers[2]) if lines[i].startswith("Seat 3: "))
    lines[seat] = "Seat 3: \x00\x00" + lines[seat][len("Seat 3: "):]
    planted[seat + 1] = (len("Seat 3: ") + 1, "U+0000 (NUL)")
    # hand 5: a NUL inside an amount
    post = next(i for i in range(headers[4], headers[5]) if "posts small blind $" in lines[i])
    at = lines[post].index("$") + 2
    lines[post] = lines[post][:at] + "\x00" + lines[post][at:]
    planted[post + 1] = (at + 1, "U+0000 (NUL)")
    # hand 9: a C1 control in an action
    fold = next(i for i in range(headers[8], headers[9]) if lines[i].endswith(": folds"))
    lines[fold] = lines[fold][:-len("folds")] + "fo\x85lds"
    planted[fold + 1] = (lines[fold].index("\x85") + 1, "U+0085")
    path = tmp_path / "in" / "damaged.txt"
    path.parent.mkdir()
    path.write_bytes("\n".join(lines).encode("utf-8"))
    return path, planted


def test_a_damaged_line_makes_its_hand_unparsed_with_line_column_and_what(tmp_path: Path) -> None:
    path, planted = _damaged(tmp_path)
    before = list(read([SOURCE]))
    after = list(read([path]))
    assert len(after) == len(before) == 78
    unparsed = {r.line: r for r in after if r.hand is None}
    assert len(unparsed) == 3
    for record in unparsed.values():
        assert record.error is not None
        column, what = planted[record.error.line]
        assert record.error.column == column and what in record.error.message, record.error
        assert "damaged text" in record.error.message and not CONTROL.search(record.error.describe())
    # every other hand reads as it did
    def same(records: list[HandRecord]) -> list[object]:
        kept = [r.hand for r in records if r.hand is not None and r.line not in unparsed]
        return [hand.model_copy(update={"file": ""}) for hand in kept]

    assert same(after) == same(before)
    for record in after:
        if record.hand is not None:
            assert not any(CONTROL.search(s.player) for s in record.hand.seats)


def test_a_name_spelled_with_a_control_by_a_document_escape_is_damage(tmp_path: Path) -> None:
    """An XML document can spell a C1 control with a character reference (``&#x85;``, allowed by XML 1.0): the
    lines hold none, the name would."""
    xml = CORPUS / "fpdb" / "cash" / "iPoker" / "Flop" / "LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml"
    if not xml.is_file():
        pytest.skip(f"{xml} is not there")
    text = xml.read_text(encoding="utf-8")
    damaged = tmp_path / "damaged.xml"
    damaged.write_text(text.replace('"Player1"', '"&#x85;Player1"'), encoding="utf-8")
    before = list(read([xml]))
    after = list(read([damaged]))
    assert len(after) == len(before) > 1
    seated = {r.line for r in before if r.hand is not None and "Player1" in {s.player for s in r.hand.seats}}
    assert seated
    for was, record in zip(before, after, strict=True):
        if record.line in seated:
            assert record.hand is None and record.error is not None, record.line
            assert "U+0085" in record.error.message and "seat 1" in record.error.message
        else:
            assert record.status == was.status  # (one hand of the file is unparsed for a reason of its own)


COMMANDS = [
    ["parse"], ["parse", "--json"], ["audit"], ["audit", "--json"], ["audit", "--warnings"],
    ["stats"], ["stats", "--format", "csv"], ["stats", "--format", "jsonl", "--per-hand"],
    ["stats", "--format", "json"],
    ["stats", "--format", "csv", "--by", "position"], ["replay", "--all"],
]


@pytest.mark.slow
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_no_output_of_a_command_holds_a_control_character(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = _damaged(tmp_path)
    main([*argv, str(path)])
    out, err = capsys.readouterr()
    assert out and not CONTROL.search(out), CONTROL.search(out)
    assert not CONTROL.search(err)


def test_no_file_a_command_writes_holds_a_control_character(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, planted = _damaged(tmp_path)
    folder = path.parent
    db = tmp_path / "h.sqlite"
    runs = [
        ["convert", "--to", "phh", "--output", str(tmp_path / "phh"), str(folder)],
        ["convert", "--to", "pokerstars", "--output", str(tmp_path / "stars"), str(folder)],
        ["replay", "--all", "--html", str(tmp_path / "page.html"), str(folder)],
        ["stats", "--per-hand", "--format", "csv", "--output", str(tmp_path / "stats.csv"), str(folder)],
        ["graph", "--player", "Hero", "-o", str(tmp_path / "graph.png"), str(folder)],  # (a PNG: binary)
        ["import", "--db", str(db), str(folder)],
        ["stats", "--db", str(db), "--format", "csv"],
        ["audit", "--db", str(db)],
        ["anonymize", "--output", str(tmp_path / "anon"), str(folder)],
    ]
    for argv in runs:
        main(argv)
        out, err = capsys.readouterr()
        assert not CONTROL.search(out) and not CONTROL.search(err), argv
    assert (tmp_path / "graph.png").is_file()
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p != path and p.suffix not in (".sqlite", ".png")]
    assert {p.name for p in written} == {"page.html", "stats.csv", "damaged.phhs", "damaged.txt"}
    for out_file in written:
        text = out_file.read_bytes().decode("utf-8", errors="replace")
        assert not CONTROL.search(text), out_file
    # the damaged hands are not in the database: the stored names hold no control character either
    import sqlite3

    with sqlite3.connect(db) as con:
        tables = [r[0] for r in con.execute("select name from sqlite_master where type='table'")]
        for table in tables:
            for row in con.execute(f'select * from "{table}"'):  # the database's own table names
                for cell in row:
                    if isinstance(cell, str):
                        assert not CONTROL.search(cell), (table, cell)
    # the anonymised copy of a file with unreadable hands is not written
    assert not (tmp_path / "anon" / "in" / "damaged.txt").exists()
    assert planted
