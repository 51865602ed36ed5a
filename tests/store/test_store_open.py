"""Where the database is (``--db``, ``HANDLOG_DB``, the user's data folder) and what is refused, on every
backend: one line, exit 2, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select, text
from storekit import copied_samples

import handlog.db
from handlog.cli.main import main
from handlog.store import schema
from handlog.store.database import StoreError

SAMPLES = Path()  # set by _copied_samples: a copy of samples/


@pytest.fixture(autouse=True, scope="module")
def _copied_samples(tmp_path_factory: pytest.TempPathFactory) -> None:
    global SAMPLES
    SAMPLES = copied_samples(tmp_path_factory.mktemp("store") / "samples")


def test_the_default_database_is_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("HANDLOG_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["import", str(SAMPLES), "--quiet"]) == 0
    assert (tmp_path / "data" / "handlog" / "hands.sqlite").is_file()
    assert str(tmp_path / "data" / "handlog" / "hands.sqlite") in capsys.readouterr().out
    assert main(["import", "--help"]) == 0
    assert "hands.sqlite" in capsys.readouterr().out


def test_handlog_db_names_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HANDLOG_DB", str(tmp_path / "env.sqlite"))
    assert main(["import", str(SAMPLES), "--quiet"]) == 0
    assert (tmp_path / "env.sqlite").is_file()
    capsys.readouterr()
    assert main(["stats", "--format", "json", "--quiet", "--no-allin-ev"]) == 0  # no PATH: the database
    from_db = capsys.readouterr().out
    assert main(["stats", str(SAMPLES), "--format", "json", "--quiet", "--no-allin-ev"]) == 0
    assert capsys.readouterr().out == from_db


def test_a_newer_schema_is_refused_before_anything_is_written(
    db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with handlog.db.open(db_url, create=True) as db:
        db.import_paths([SAMPLES / "fl_holdem.txt"], settle=0, with_allin_ev=False)
        with db.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = 'ffff0001'"))
            before = conn.execute(select(func.count()).select_from(schema.hands)).scalar_one()
    code = main(["import", str(SAMPLES), "--db", db_url, "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "newer than this handlog knows" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(StoreError, match="ffff0001"):
        handlog.db.open(db_url)
    from sqlalchemy import create_engine

    from handlog.store.database import resolve_url

    engine = create_engine(resolve_url(db_url))
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(schema.hands)).scalar_one() == before
    engine.dispose()
