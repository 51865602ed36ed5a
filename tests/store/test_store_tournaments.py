"""Tournament summaries in the hand database: import, then ``tournaments --db`` equals ``tournaments`` on the files;
importing twice adds nothing; each tournament once by (site, tournament id)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from sqlalchemy import func, select

from handlog.cli.main import main
from handlog.db import Database
from handlog.store import schema

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
FILES = [
    "fpdb/summaries/Stars/NLHE-MTT-FPP-100-201309.Finished.Super.Satellite.txt",  # one tournament, twice:
    "fpdb/summaries/Stars/NLHE-MTT-FPP-100-201309.Still.Playing.Super.Satellite.txt",  # …while it ran
    "fpdb/summaries/Stars/NLO8-USD-STT-201109.Knockout.sample.txt",
    "fpdb/tour/Stars/Flop/NLO8-USD-STT-201109.Knockout.sample.txt",  # its hands
    "fpdb/tour/Stars/Flop/NLHE-9max-SC-MTT-201512.txt",  # hands of a tournament whose summary is not given
    "fpdb/summaries/FTP/NLHE-9max-USD-4-201104.Rush.txt",  # one tournament from two players' files
    "fpdb/summaries/FTP/NLHE-9max-MTT-USD-4-201104.rush.onDemand.txt",
    "fpdb/summaries/Winamax/NLHE-EUR-MTT-10-201704.rebuys.addons.txt",
    "fresh/ots-json-tournament-summary/33143917-Gundam01-29-23.ots",
    "fpdb/summaries/Stars/PokerStars-SnG-Archive-201007.htm",
]


def output(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["tournaments", *args, "--format", "json"]) == 0
    return list(json.loads(capsys.readouterr().out))


def test_import_then_tournaments_db_equals_the_files(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not CORPUS.exists():
        pytest.skip("corpus absent")
    folder = tmp_path / "in"
    for i, rel in enumerate(FILES):
        (folder / str(i)).mkdir(parents=True)
        shutil.copy(CORPUS / rel, folder / str(i) / Path(rel).name)
        os.utime(folder / str(i) / Path(rel).name, (1_600_000_000, 1_600_000_000))  # a finished session's files
    assert main(["import", "--db", db_url, "--quiet", str(folder)]) == 0
    first = capsys.readouterr().out
    # 8 files, the archive holding 4 rows: 11 summaries of 9 tournaments (two pairs of files share one each)
    assert "11 tournament summaries: 9 new tournaments" in first
    from_files = output(capsys, str(folder))
    from_db = output(capsys, "--db", db_url)
    assert from_db == from_files
    assert {r["source"] for r in from_files} == {"summary", "hands"}
    assert main(["import", "--db", db_url, "--quiet", str(folder)]) == 0
    again = capsys.readouterr().out
    assert "0 new tournaments, 0 new results" in again
    assert output(capsys, "--db", db_url) == from_files
    with Database(db_url) as db, db.engine.connect() as conn:
        keys = conn.execute(select(schema.tournaments.c.site, schema.tournaments.c.tournament_id)).all()
        assert len(keys) == len(set(keys)) == 9
        assert conn.execute(select(func.count()).select_from(schema.tournament_results)).scalar_one() == sum(
            1 for r in from_files if r["source"] == "summary")
    summary_db = output(capsys, "--db", db_url, "--summary", "--hero")
    assert summary_db == output(capsys, str(folder), "--summary", "--hero")
