"""``stats`` (from files and from ``--db``) leaves out the hands the audit cannot verify (an unknown line their own
numbers do not prove, an action in an unknown form; docs/unknown-lines.md), says how many, and counts them with
``--include-unverified``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from handlog.cli.main import main

GOLDEN = Path(__file__).resolve().parents[1] / "formats" / "golden" / "cash_out_6plus.txt"
HOLE = "*** HOLE CARDS ***"
ANTE = "Hero: posts the ante $0.25\n"


def _files(tmp_path: Path) -> dict[str, Path]:
    text = GOLDEN.read_text(encoding="utf-8")
    assert text.count(HOLE) == 1 and text.count(ANTE) == 1
    made = {
        "clean": text,
        # a table notice: the hand's own numbers still reconcile, a warning, counted
        "notice": text.replace(HOLE, "Set dealer\n" + HOLE),
        # a seated player's ante in a form the reader does not know: an error whatever the totals
        "action": text.replace(ANTE, "Hero: drops $0.25\n"),
    }
    out = {}
    hand_id = "213326978771"
    assert hand_id in text
    for n, (name, content) in enumerate(made.items()):
        content = content.replace(hand_id, f"{hand_id[:-1]}{n}")  # three hands, not one read three times
        (tmp_path / name).mkdir()
        out[name] = tmp_path / name / "hand.txt"
        out[name].write_text(content, encoding="utf-8")
        os.utime(out[name], (1_600_000_000, 1_600_000_000))  # settled: import reads its last hand as complete
    return out


def _stats(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[dict[str, int], str]:
    code = main(["stats", "--format", "json", "--quiet", "--jobs", "1", *args])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return {r["player"]: r["hands"] for r in json.loads(captured.out)}, captured.err


def test_stats_leave_out_an_unverified_hand_and_say_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = _files(tmp_path)
    clean, err = _stats(capsys, str(files["clean"]))
    assert clean["Hero"] == 1 and "left out" not in err
    notice, err = _stats(capsys, str(files["notice"]))
    assert notice == clean and "left out" not in err
    action, err = _stats(capsys, str(files["action"]))
    assert action == {}
    assert "handlog: 1 hands were left out of the statistics" in err and "--include-unverified" in err
    included, err = _stats(capsys, "--include-unverified", str(files["action"]))
    assert included["Hero"] == 1 and "left out" not in err


def test_stats_from_the_database_leave_out_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = _files(tmp_path)
    db = str(tmp_path / "hands.db")
    assert main(["import", str(files["notice"]), "--db", db, "--quiet"]) == 0
    capsys.readouterr()
    stored, err = _stats(capsys, "--db", db)
    from_files, _ = _stats(capsys, str(files["notice"]))
    assert stored == from_files and "left out" not in err
    db2 = str(tmp_path / "action.db")
    assert main(["import", str(files["action"]), "--db", db2, "--quiet"]) == 0
    capsys.readouterr()
    stored, err = _stats(capsys, "--db", db2)
    assert stored == {} and "handlog: 1 hands were left out of the statistics" in err
    stored, err = _stats(capsys, "--db", db2, "--include-unverified")
    assert stored["Hero"] == 1 and "left out" not in err


def test_graph_leaves_out_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = _files(tmp_path)
    out = str(tmp_path / "g.png")
    code = main(["graph", "--player", "Hero", "-o", out, "--quiet", str(files["action"]), str(files["notice"])])
    err = capsys.readouterr().err
    assert code == 0 and "handlog: 1 hands were left out of the statistics" in err
    code = main(["graph", "--player", "Hero", "-o", out, "--quiet", "--include-unverified", str(files["action"]),
                 str(files["notice"])])
    err = capsys.readouterr().err
    assert code == 0 and "left out" not in err and Path(out).stat().st_size > 0


def test_audit_json_counts_the_unknown_lines_per_hand_and_in_its_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the scoreboard's per-room view of unknown lines reads these fields (docs/unknown-lines.md)
    files = _files(tmp_path)
    main(["audit", "--json", "--quiet", "--jobs", "1", *(str(p) for p in files.values())])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_file = {Path(r["file"]).parent.name: r for r in records if "file" in r}
    assert "unknown_lines" not in by_file["clean"] and "unverified" not in by_file["clean"]
    assert (by_file["notice"]["unknown_lines"], by_file["notice"]["unverified"]) == (1, False)  # a warning
    assert (by_file["action"]["unknown_lines"], by_file["action"]["unverified"]) == (1, True)  # an error
    summary = records[-1]["summary"]
    assert (summary["hands"], summary["unknown_lines"], summary["unverified"]) == (3, 2, 1)
