"""Chips of different tournaments are never added: the tournament id is in every per-hand record, a statistics row
over several tournaments has no chip sums (only bb/100, each hand's net in its own big blinds), and ``--by
tournament`` gives the net in chips per tournament.

The hands are two real PokerStars tournament hands of one player, ``Hero`` (values from the logs' own lines):

- Zoom tournament #932545562, level X (100/200): Hero ``posts the ante 25`` and folds: net −25 chips, −0.125 bb;
- tournament #1731156709, level I (15/30, 5 Card Omaha): Hero ``calls 90`` preflop and folds to a raise on the
  turn: net −90 chips, −3 bb.

So bb/100 over both is 100 × (−0.125 − 3) / 2 = −156.25; −115 "chips" would add 25 chips worth an eighth of a big
blind to 90 chips worth three.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from handlog.cli.main import main

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
STARS = CORPUS / "fpdb" / "tour" / "Stars" / "Flop"
ZOOM = STARS / "NLHE-9max-MTT-USD-3-201407.Zoom.txt"
PLO5 = STARS / "5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.txt"


@pytest.fixture(scope="module")
def files() -> list[str]:
    if not (ZOOM.exists() and PLO5.exists()):
        pytest.skip("corpus absent")
    return [str(ZOOM), str(PLO5)]


def stats(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["stats", "--quiet", "--player", "Hero", "--format", "json", *args]) == 0
    return list(json.loads(capsys.readouterr().out))


def test_two_tournaments_chips_are_not_added(files: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    (row,) = stats(capsys, *files)
    assert (row["currency"], row["hands"]) == ("CHIPS", 2)
    assert row["bb_per_100"] == -156.25
    for name in ("net", "showdown_net", "non_showdown_net", "net_allin_ev", "rake"):
        assert row[name] is None, name  # not −115


def test_by_tournament_net_in_chips_and_bb_per_100(files: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    rows = {r["tournament"]: r for r in stats(capsys, "--by", "tournament", *files)}
    assert set(rows) == {"932545562", "1731156709"}
    zoom, plo5 = rows["932545562"], rows["1731156709"]
    assert (zoom["hands"], Decimal(str(zoom["net"])), zoom["bb_per_100"]) == (1, Decimal(-25), -12.5)
    assert (plo5["hands"], Decimal(str(plo5["net"])), plo5["bb_per_100"]) == (1, Decimal(-90), -300.0)
    assert Decimal(str(plo5["non_showdown_net"])) == Decimal(-90)  # folded on the turn


def test_one_tournament_keeps_its_chip_net(files: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    (row,) = stats(capsys, files[1])
    assert Decimal(str(row["net"])) == Decimal(-90)


def test_per_hand_records_name_their_tournament(files: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--quiet", "--per-hand", "--player", "Hero", *files]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [(r["tournament_id"], r["stakes"], r["net"]) for r in lines] == [
        ("932545562", "100/200", "-25"), ("1731156709", "15/30", "-90"),
    ]  # fmt: skip


def test_cash_hands_have_no_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    cash = Path(__file__).resolve().parents[2] / "samples" / "nl_holdem_cash.txt"
    assert main(["stats", "--quiet", "--per-hand", str(cash)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines and all(r["tournament_id"] is None for r in lines)
    assert main(["stats", "--quiet", "--format", "json", str(cash)]) == 0
    assert all(r["net"] is not None for r in json.loads(capsys.readouterr().out))  # cash nets are added as before


def test_winnings_graph_of_several_tournaments_is_in_big_blinds(
    files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from handlog.stats.frame import read_per_hand
    from handlog.stats.graph import winnings_series

    series = winnings_series(read_per_hand(files), "Hero", in_big_blinds=True)
    # in time order: the Zoom hand (2014-07-20, −25 at 100/200), then the 5 Card Omaha hand (2016-11-26, −90 at 15/30)
    assert list(series["net"]) == [Decimal("-0.125"), Decimal("-3.125")]
    out = tmp_path / "g.png"
    assert main(["graph", "--player", "Hero", "-o", str(out), *files]) == 0
    assert "hands are of 2 tournaments: drawn in big blinds" in capsys.readouterr().err
    assert out.read_bytes().startswith(b"\x89PNG")
