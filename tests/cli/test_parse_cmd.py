"""``handlog parse``: exit codes, the text report and the JSON Lines records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from handlog.cli.main import main

GOLDEN = Path(__file__).resolve().parents[1] / "formats" / "golden"
GOOD = (GOLDEN / "nl_cash_showdown.txt").read_text(encoding="utf-8")
RECORD_KEYS = ["file", "line", "hand_id", "site", "game", "structure", "status", "error", "header", "events"]


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.txt"
    path.write_text(GOOD + "\n\n" + (GOLDEN / "five_card_draw_nl.txt").read_text(encoding="utf-8"))
    return path


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    path = tmp_path / "bad.txt"
    lines = GOOD.splitlines()
    lines[12] = "Player3: juggles"
    path.write_text(GOOD + "\n\n" + "\n".join(lines) + "\n")
    return path


def json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_all_parsed_exits_0(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", str(good)]) == 0
    out = capsys.readouterr().out
    assert "1 files, 2 hands: 2 parsed, 0 unparsed" in out
    assert "holdem no_limit: 1" in out and "five_card_draw no_limit: 1" in out


def test_an_unparsed_hand_exits_1_and_says_where(bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"unparsed hand 35602079546: {bad}:62:1: unrecognised line" in out
    assert "'Player3: juggles'" in out
    assert "2 hands: 1 parsed, 1 unparsed" in out


def test_json_records_then_summary(good: Path, bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--json", str(good), str(bad)]) == 1
    records = json_lines(capsys.readouterr().out)
    assert len(records) == 5
    *hands, summary = records
    assert summary == {"summary": {"files": 2, "hands": 4, "parsed": 3, "unparsed": 1}}
    for record in hands:
        assert list(record) == RECORD_KEYS
    first = hands[0]
    assert first["file"] == str(good) and first["line"] == 1 and first["hand_id"] == "35602079546"
    assert (first["site"], first["game"], first["structure"], first["status"]) == (
        "PokerStars", "holdem", "no_limit", "parsed"
    )
    assert first["error"] is None
    assert first["events"][0] == {
        "line": 9, "player": "Player1", "kind": "post", "post": "small_blind", "amount": "0.05", "dead": "0",
        "all_in": False,
    }
    failed = hands[3]
    assert failed["status"] == "unparsed" and failed["events"] == []
    assert failed["error"]["line"] == 62 and failed["error"]["message"] == "unrecognised line"
    assert set(failed["error"]) == {"line", "column", "message", "expected"}
    assert (failed["game"], failed["structure"]) == ("holdem", "no_limit")  # from the header alone


def test_a_missing_path_exits_2_but_the_others_are_read(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = good.parent / "nope.txt"
    assert main(["parse", "--json", str(missing), str(good)]) == 2
    captured = capsys.readouterr()
    assert json_lines(captured.out)[-1] == {"summary": {"files": 1, "hands": 2, "parsed": 2, "unparsed": 0}}
    assert f"handlog: {missing}: no such file or folder" in captured.err


def test_a_folder_is_read_recursively_and_unknown_files_are_reported(
    good: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (good.parent / "sub").mkdir()
    (good.parent / "sub" / "notes.txt").write_text("Game 1 at the Casino Royale, Hold'em, 1/2\n")
    (good.parent / "sub" / "copy.txt").write_text(GOOD)
    assert main(["parse", str(good.parent)]) == 0
    captured = capsys.readouterr()
    assert "3 files, 3 hands: 3 parsed, 0 unparsed" in captured.out
    assert "notes.txt: not a hand history in any known format" in captured.err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse"]) == 2
    assert main(["parse", "--no-such-flag", "x"]) == 2
    capsys.readouterr()


def test_samples_parse_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    samples = Path(__file__).resolve().parents[2] / "samples"
    if not samples.is_dir():
        pytest.skip("no samples/ folder")
    assert main(["parse", str(samples)]) == 0
    captured = capsys.readouterr()
    assert " 0 unparsed" in captured.out
    assert captured.err == ""  # README.md is skipped, every other file is PokerStars
