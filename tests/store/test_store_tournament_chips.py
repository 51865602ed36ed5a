"""``stats --db`` keeps tournaments apart as ``stats`` on the files does: the stored per-hand records carry the hand's
tournament id (``hands.tournament_id``), so a row over two tournaments has no chip sums and ``--by tournament``
gives each one's net in chips (the hands: ``tests/stats/test_tournament_chips.py``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from handlog.cli.main import main

STARS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "fpdb" / "tour" / "Stars" / "Flop"
FILES = ("NLHE-9max-MTT-USD-3-201407.Zoom.txt", "5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.txt")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["stats", "--quiet", *args]) == 0
    return capsys.readouterr().out


def test_stats_db_equals_the_files_per_tournament(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not all((STARS / name).exists() for name in FILES):
        pytest.skip("corpus absent")
    folder = tmp_path / "in"
    folder.mkdir()
    for name in FILES:
        shutil.copy2(STARS / name, folder / name)
    assert main(["import", "--db", db_url, "--quiet", str(folder)]) == 0
    capsys.readouterr()
    for args in (["--format", "json"], ["--format", "json", "--by", "tournament"], ["--per-hand"]):
        from_files = run(capsys, *args, str(folder))
        assert run(capsys, *args, "--db", db_url) == from_files, args
    rows = json.loads(run(capsys, "--format", "json", "--player", "Hero", "--db", db_url))
    assert [(r["net"], r["bb_per_100"]) for r in rows] == [(None, -156.25)]
    hands = [json.loads(x) for x in run(capsys, "--per-hand", "--player", "Hero", "--db", db_url).splitlines()]
    assert sorted(r["tournament_id"] for r in hands) == ["1731156709", "932545562"]
