"""``--rules FILE.toml`` on audit, stats and replay: the house's rules decide the verdict; a bad file is exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from handlog.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
FARSI = ROOT / "samples" / "rules" / "holdem-fa.toml"

# The river bettor is called and the caller shows first: a site's habit (a warning) by default, an error where the
# house holds players to the showdown order (holdem-rules-fa.txt).
SHOWS_OUT_OF_ORDER = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 AhKh", "d dh p2 QsQd", "d dh p3 7c2d",
  "p3 f", "p1 cc", "p2 cc",
  "d db Ac9d4s", "p1 cc", "p2 cc", "d db 5h", "p1 cc", "p2 cc", "d db Jd",
  "p1 cbr 10", "p2 cc",
  "p2 sm QsQd", "p1 sm AhKh",
]
"""


@pytest.fixture
def hand(tmp_path: Path) -> Path:
    path = tmp_path / "live.phh"
    path.write_text(SHOWS_OUT_OF_ORDER, encoding="utf-8")
    return path


def _records(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_the_house_rules_decide_the_severity(hand: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--json", str(hand)]) == 0
    (record, _) = _records(capsys.readouterr().out)
    assert [(v["code"], v["severity"]) for v in record["violations"]] == [("showdown-order", "warning")]  # type: ignore[index, union-attr]
    assert main(["audit", "--json", "--rules", str(FARSI), str(hand)]) == 1
    (record, _) = _records(capsys.readouterr().out)
    assert [(v["code"], v["severity"]) for v in record["violations"]] == [("showdown-order", "error")]  # type: ignore[index, union-attr]


@pytest.mark.parametrize("command", ["audit", "stats", "replay"])
@pytest.mark.parametrize(
    ("content", "words"),
    [("max_discards = 5\n", "unknown setting 'max_discards'"), ("max_discard = 'five'\n", "max_discard:")],
)
def test_a_malformed_rules_file_is_one_error_line_and_exit_2(
    hand: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, content: str, words: str
) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text(content, encoding="utf-8")
    assert main([command, "--rules", str(rules), str(hand)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith(f"handlog {command}: {rules}:1: ") and words in line


def test_stats_under_house_rules(hand: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--rules", str(FARSI), "--format", "json", "--no-allin-ev", str(hand)]) == 0
    out = capsys.readouterr().out
    rows = json.loads(out)
    nets = {row["player"]: row["net"] for row in rows}
    # a PHH hand without names: p1 … are placeholders, each its own anonymous player (name @ hand id, issue 23)
    assert nets == {"p1 @live": "12", "p2 @live": "-12", "p3 @live": "0"}  # 2 preflop and 10 on the river
    assert {row["identity"] for row in rows} == {"anonymous"}
