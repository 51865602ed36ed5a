from __future__ import annotations

import json
import os
import sys
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stats"))

import made_hands as hands

from handlog.cli.main import main


@pytest.fixture()
def history(tmp_path: Path) -> Path:
    """The hand-made hands as one PokerStars file."""
    path = tmp_path / "hands.txt"
    path.write_text("\n\n".join(hands.TEXTS[h.hand_id] for h in hands.ALL), encoding="utf-8")
    return path


def test_per_hand_jsonl(history: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--per-hand", "--quiet", str(history)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == sum(len(h.seats) for h in hands.ALL)
    assert sum(Decimal(r["net"]) for r in lines) == -Decimal("1.30")  # the rake of the limped and all-in hands


def test_aggregate_json_by_position(history: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--quiet", "--format", "json", "--by", "position", "--player", "Bb", str(history)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {r["position"] for r in data} == {"BB"}
    assert isinstance(data[0]["net"], str)


def test_table_and_csv_output(history: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--quiet", str(history)]) == 0
    assert "VPIP" in capsys.readouterr().out
    out = tmp_path / "stats.csv"
    assert main(["stats", "--quiet", "--format", "csv", "--output", str(out), str(history)]) == 0
    assert out.read_text(encoding="utf-8").startswith("player,site,currency,identity,hands,")


def test_usage_errors(history: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--per-hand", "--format", "table", str(history)]) == 2
    assert main(["stats", "--format", "jsonl", str(history)]) == 2
    assert main(["stats", "--format", "parquet", str(history)]) == 2  # parquet needs --output
    assert main(["stats", str(history.parent / "missing.txt")]) == 2


def test_graph(history: Path, tmp_path: Path) -> None:
    out = tmp_path / "w.png"
    assert main(["graph", "--quiet", str(history), "--player", "Co", "-o", str(out)]) == 0
    assert out.read_bytes()[:4] == b"\x89PNG"
    assert main(["graph", "--quiet", str(history), "--player", "Nobody", "-o", str(out)]) == 1


def test_per_hand_csv_file_and_bad_output(history: Path, tmp_path: Path) -> None:
    out = tmp_path / "hands.csv"
    assert main(["stats", "--per-hand", "--quiet", "--format", "csv", "-o", str(out), str(history)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("hand_id,file,site,") and len(lines) == 1 + sum(len(h.seats) for h in hands.ALL)
    assert main(["stats", "--quiet", "--format", "csv", "-o", str(tmp_path / "no" / "x.csv"), str(history)]) == 2
    assert main(["graph", "--quiet", "--player", "Co", "-o", str(tmp_path / "no" / "w.png"), str(history)]) == 2
    parquet = tmp_path / "hands.parquet"
    assert main(["stats", "--per-hand", "--quiet", "--format", "parquet", "-o", str(parquet), str(history)]) == 0
    assert parquet.read_bytes()[:4] == b"PAR1"


def test_no_allin_ev_keeps_the_actual_result(history: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--per-hand", "--quiet", str(history)]) == 0
    with_ev = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert any(r["net_allin_ev"] != r["net"] for r in with_ev)  # the all-in hand has an expectation ...
    assert main(["stats", "--per-hand", "--quiet", "--no-allin-ev", str(history)]) == 0
    without = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert all(r["net_allin_ev"] == r["net"] for r in without)  # ... which --no-allin-ev skips


def test_by_choices_are_the_groups_the_statistics_know() -> None:
    from handlog.cli import stats_cmd
    from handlog.stats.frame import GROUPS

    assert set(stats_cmd.GROUPS) == set(GROUPS)


def test_graph_draws_one_currency(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Dollars and tournament chips are never added into one line: the graph draws the player's main currency
    (or the one asked for) and says which others it left out."""
    samples = Path(__file__).resolve().parents[2] / "samples"
    out = tmp_path / "w.png"
    assert main(["graph", str(samples), "--player", "Hero", "-o", str(out), "--no-allin-ev"]) == 0
    err = capsys.readouterr().err
    # a player is (site, name): "Hero" of one site is drawn (said), then one of its currencies (issue 23)
    assert "handlog graph: drawing Hero on " in err
    drawn = err.split("handlog graph: drawing ")[-1].split(";", 1)[0]
    assert drawn in ("USD", "CHIPS") and "also found" in err and ({"USD", "CHIPS"} - {drawn}).pop() in err
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # as any file the user writes, not a private temporary
    assert main(["graph", str(samples), "--player", "Hero", "-o", str(out), "--currency", "CHIPS"]) == 0
    assert main(["graph", str(samples), "--player", "Hero", "-o", str(out), "--currency", "GBP"]) == 2
    assert "has no GBP hands" in capsys.readouterr().err


NOT_REPLAYED_PHH = """variant = "NS"
antes = [1, 1]
blinds_or_straddles = [0, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs", "d dh p2 QdQc", "p1 f"]
"""
"""A PHH Short Deck hand: PHH's short deck is read (``Game.OTHER``) but not replayed, the one game left so since Full
Tilt's Irish and 5 Card Stud are (issue 15)."""


def test_games_without_statistics_are_named_not_dropped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    samples = Path(__file__).resolve().parents[2] / "samples"
    razz = Path(__file__).resolve().parents[1] / "engine" / "hands" / "razz_showdown.txt"
    # PHH's Short Deck is read but neither replayed nor counted (Full Tilt's 5 Card Stud and Irish are, since
    # issue 15)
    short_deck = tmp_path / "short_deck.phh"
    short_deck.write_text(NOT_REPLAYED_PHH, encoding="utf-8")
    paths = [str(samples / "nl_holdem_cash.txt"), str(samples / "pl_omaha_cash.txt"), str(razz), str(short_deck)]
    assert main(["stats", "--quiet", "--no-allin-ev", *paths]) == 0
    err = capsys.readouterr().err
    assert "no statistics for these games yet, left out: 1 " in err
    assert "Omaha" not in err and "Razz" not in err  # every replayed game is counted (issue 15)
    # the whole samples folder: every room's games are counted, none left out
    assert main(["stats", "--quiet", "--no-allin-ev", str(samples)]) == 0
    assert "left out" not in capsys.readouterr().err
