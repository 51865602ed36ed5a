"""``handlog audit``: the JSON Lines records, the human report and the exit codes (0 clean, 1 errors or
unparsed hands, 2 usage)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from handlog.cli.main import main

HANDS = Path(__file__).resolve().parents[1] / "engine" / "hands"
RECORD_KEYS = {"file", "line", "hand_id", "site", "game", "structure", "status", "violations"}
VIOLATION_KEYS = {"code", "category", "severity", "line", "message"}


def kicker_text() -> str:
    return (HANDS / "nl_6max_kicker.txt").read_text(encoding="utf-8")


@pytest.fixture
def clean_dir(tmp_path: Path) -> Path:
    (tmp_path / "a.txt").write_text(kicker_text(), encoding="utf-8")
    (tmp_path / "b.txt").write_text((HANDS / "draw_pl.txt").read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def wrong_collect(tmp_path: Path) -> Path:
    path = tmp_path / "wrong.txt"
    path.write_text(kicker_text().replace("Player4 collected $8.55", "Player4 collected $8.65"), encoding="utf-8")
    return path


def unparsed(tmp_path: Path) -> Path:
    lines = kicker_text().splitlines()
    path = tmp_path / "cut.txt"
    intruder = "Seat 9: Intruder ($1 in chips)"  # a seat among the actions: the hand cannot be followed
    path.write_text("\n".join([*lines[:20], intruder, *lines[20:]]) + "\n", encoding="utf-8")
    return path


def run_json(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, list[dict[str, object]]]:
    code = main(["audit", "--json", *map(str, paths)])
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines()]


def test_json_clean(clean_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, records = run_json(capsys, clean_dir)
    assert code == 0
    hands, summary = records[:-1], records[-1]
    assert len(hands) == 2
    for record in hands:
        assert set(record) == RECORD_KEYS
        assert record["status"] == "clean"
        assert record["violations"] == []
        assert record["site"] == "PokerStars"
    first = hands[0]
    assert first["file"] == str(clean_dir / "a.txt")
    assert (first["line"], first["hand_id"], first["game"], first["structure"]) == (
        1, "35824527128", "holdem", "no_limit",
    )
    assert hands[1]["game"] == "five_card_draw"
    assert hands[1]["structure"] == "pot_limit"
    assert summary == {"summary": {"files": 2, "hands": 2, "clean": 2, "violations": 0, "unparsed": 0, "duplicates": 0}}


def test_json_violations_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, records = run_json(capsys, wrong_collect(tmp_path))
    assert code == 1
    record = records[0]
    assert set(record) == RECORD_KEYS
    assert record["status"] == "violations"
    violations = record["violations"]
    assert isinstance(violations, list)
    for v in violations:
        assert set(v) == VIOLATION_KEYS
    assert {(v["code"], v["category"], v["severity"], v["line"]) for v in violations} == {
        ("collected-total", "accounting", "error", 32),  # the summary's "won" makes the total: one error
    }
    assert records[-1] == {"summary": {"files": 1, "hands": 1, "clean": 0, "violations": 1, "unparsed": 0,
                                       "duplicates": 0}}


def test_json_warnings_only_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "w.txt"
    path.write_text((HANDS / "nl_short_all_in_big_blind.txt").read_text(encoding="utf-8"), encoding="utf-8")
    code, records = run_json(capsys, path)
    assert code == 0
    assert records[0]["status"] == "violations"
    violations = records[0]["violations"]
    assert isinstance(violations, list)
    assert [v["severity"] for v in violations] == ["warning"]


def test_json_unparsed_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, records = run_json(capsys, unparsed(tmp_path))
    assert code == 1
    record = records[0]
    assert set(record) >= RECORD_KEYS
    assert record["status"] == "unparsed"
    assert record["violations"] == []
    assert record["hand_id"] == "35824527128"
    assert records[-1] == {"summary": {"files": 1, "hands": 1, "clean": 0, "violations": 0, "unparsed": 1,
                                       "duplicates": 0}}


def test_missing_path_exit_2(clean_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the other paths are still read
    code = main(["audit", "--json", str(clean_dir / "a.txt"), str(clean_dir / "nope.txt")])
    captured = capsys.readouterr()
    assert code == 2
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert records[-1] == {"summary": {"files": 1, "hands": 1, "clean": 1, "violations": 0, "unparsed": 0,
                                       "duplicates": 0}}
    assert "nope.txt" in captured.err


def test_usage_error_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit"]) == 2
    assert main(["audit", "--no-such-option", "x"]) == 2


def test_human_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = wrong_collect(tmp_path)
    assert main(["audit", "--quiet", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:32: hand 35824527128: error collected-total:" in out
    assert "1 files, 1 hands: 0 clean, 1 with violations, 0 unparsed" in out
    assert "accounting/collected-total" in out


def test_human_report_warnings_only_with_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "w.txt"
    path.write_text((HANDS / "nl_short_all_in_big_blind.txt").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["audit", "--quiet", str(path)]) == 0
    assert "acts-after-all-in:" not in capsys.readouterr().out
    assert main(["audit", "--quiet", "--warnings", str(path)]) == 0
    assert "warning acts-after-all-in:" in capsys.readouterr().out


def test_json_says_what_the_replay_inferred(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 2005-era hand with no "Uncalled bet" line: clean, and the record says the return was read from the total."""
    path = tmp_path / "old.txt"
    path.write_text(
        (Path(__file__).resolve().parents[1] / "engine" / "hands" / "fl_2005_no_uncalled_line.edited.txt").read_text(
            encoding="utf-8"
        ),
        encoding="utf-8",
    )
    assert main(["audit", "--json", str(path)]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    assert record["status"] == "clean"
    assert record["notes"] == ["uncalled 0.50 returned to Hero without a line (the total shows it)"]


def test_a_verdict_is_the_dataclass_verdict() -> None:
    # ``audit_cmd._verdict`` sets the frozen dataclass's fields through its slots: the very object its constructor makes
    import dataclasses
    import pickle

    from handlog.cli.audit_cmd import Verdict, _verdict

    values = ("f.txt", "violations", True, ("legality/out-of-turn",), "{}\n", 2, True)
    made = _verdict(*values)
    assert type(made) is Verdict and made == Verdict(*values)
    assert [getattr(made, f.name) for f in dataclasses.fields(Verdict)] == list(values)
    assert pickle.loads(pickle.dumps(made)) == made  # as a worker sends it back
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.text = ""  # type: ignore[misc]


def test_lines_outside_any_hand_are_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing read is lost silently: text before the first hand and after a summary is counted in the summary
    and named per file, with its first line (control characters escaped)."""
    path = tmp_path / "quoted.txt"
    path.write_text("> forwarded\x07 mail\n" + kicker_text() + "\n\nnot a hand\n", encoding="utf-8")
    code, records = run_json(capsys, path)
    assert code == 0 and records[-1]["summary"]["outside_lines"] == 2
    main(["audit", str(path)])
    err = capsys.readouterr().err
    assert f"handlog: {path}: 2 lines outside any hand skipped (the first, line 1: '> forwarded\\x07 mail')" in err


def test_the_lines_a_room_writes_between_hands_are_not_outside_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    samples = Path(__file__).resolve().parents[2] / "samples"
    party = (samples / "partypoker.txt").read_text(encoding="utf-8")
    assert party.startswith("#Game No : ")  # the hand id said again before the first header
    code, records = run_json(capsys, samples / "partypoker.txt")
    assert code == 0 and "outside_lines" not in records[-1]["summary"]
    assert "outside any hand" not in capsys.readouterr().err
