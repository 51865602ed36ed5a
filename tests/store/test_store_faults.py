"""Faults with real servers and real file systems: a PostgreSQL server restarted in the middle of an import, an
SQLite database on a disk that fills up, two imports of one folder at once.

Each ends with a clear one-line error (no traceback) and a consistent database: every file's recorded position
and hand count moved together with its hands (``files.hands`` adds up to the hands stored), so that a rerun
completes the import and gives the database a clean import gives.

The restart needs the command that restarts the test server: ``.ci/run`` (root, Debian's PostgreSQL) sets
``HANDLOG_TEST_PG_RESTART``. The full disk needs a small tmpfs mounted by the test (root in a system that allows
mounts); otherwise these tests skip and say why.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from storekit import renumbered_hands
from test_store_crash import snapshot

import handlog.db
from handlog.store import schema

HANDS = 3000
FILES = 3
RESTART_ENV = "HANDLOG_TEST_PG_RESTART"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    into = tmp_path_factory.mktemp("faults") / "HandHistory"
    into.mkdir()
    hands = renumbered_hands(HANDS)
    per = HANDS // FILES
    for i in range(FILES):
        (into / f"session{i}.txt").write_text("".join(hands[i * per : (i + 1) * per]), encoding="utf-8")
    old = time.time() - 60  # finished sessions: every last hand is complete
    for path in into.iterdir():
        os.utime(path, (old, old))
    return into


@pytest.fixture(scope="module")
def expected(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    with handlog.db.open(str(tmp_path_factory.mktemp("clean") / "clean.sqlite"), create=True) as clean:
        assert clean.import_paths([folder], with_allin_ev=False, settle=0).new == HANDS
        return snapshot(clean)


def _import(url: str, folder: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "handlog", "import", "--db", url, "--quiet", "--no-allin-ev", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def _stored(url: str) -> int:
    with handlog.db.open(url) as db, db.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(schema.hands)).scalar_one())


def assert_consistent(url: str) -> int:
    """Every file's hand count moved with its hands (one transaction each): the counts add up. The hands."""
    with handlog.db.open(url) as db, db.engine.connect() as conn:
        hands = int(conn.execute(select(func.count()).select_from(schema.hands)).scalar_one())
        counted = conn.execute(select(func.coalesce(func.sum(schema.files.c.hands), 0))).scalar_one()
    assert hands == int(counted)
    return hands


def assert_clear_error(err: str) -> None:
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines and lines[-1].startswith("handlog import: database "), err


def _wait_for_some_hands(url: str, proc: subprocess.Popen[str], limit: float = 120.0) -> None:
    start = time.monotonic()
    while time.monotonic() - start < limit and proc.poll() is None:
        try:
            if _stored(url) > 0:
                return
        except Exception:  # noqa: BLE001 - the schema may not be there yet
            pass
        time.sleep(0.05)
    raise AssertionError("the import stored nothing before it ended")


def test_postgresql_restarted_mid_import_then_a_rerun_completes(
    db_url: str, folder: Path, expected: dict[str, Any]
) -> None:
    if db_url.endswith(".sqlite"):
        pytest.skip("a server restart is a PostgreSQL case")
    restart = os.environ.get(RESTART_ENV)
    if not restart:
        missing = pytest.fail if os.environ.get("HANDLOG_REQUIRE_PG") else pytest.skip
        missing(f"{RESTART_ENV} is not set: no command to restart the test server (.ci/run sets it)")
    with handlog.db.open(db_url, create=True):
        pass
    proc = _import(db_url, folder)
    try:
        _wait_for_some_hands(db_url, proc)
        subprocess.run(shlex.split(str(restart)), check=True, timeout=120)
        _, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if proc.returncode == 0:
        pytest.fail("the import finished before the restart: the test tested nothing")
    assert proc.returncode == 2, err
    assert_clear_error(err)
    print(err.strip())
    stored = assert_consistent(db_url)
    assert 0 < stored < HANDS
    rerun = _import(db_url, folder)
    out, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err
    assert f"{HANDS - stored} new" in out
    with handlog.db.open(db_url) as db:
        assert snapshot(db) == expected


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1.5 MB tmpfs mounted for the test (root, where the system allows mounts), or a skip saying why."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1536k", "tmpfs", str(mount)],
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_sqlite_on_a_full_disk_ends_with_a_clear_error_and_an_intact_database(
    small_disk: Path, folder: Path, expected: dict[str, Any]
) -> None:
    url = str(small_disk / "hands.sqlite")
    proc = _import(url, folder)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 2, err
    assert_clear_error(err)
    print(err.strip())
    assert "full" in err  # SQLite's own words: "database or disk is full"
    with sqlite3.connect(url) as con:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    stored = assert_consistent(url)
    assert stored < HANDS
    # room again: the rerun completes the import
    subprocess.run(["mount", "-o", "remount,size=64m", str(small_disk)], check=True)
    rerun = _import(url, folder)
    out, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err
    assert f"{HANDS - stored} new" in out
    with handlog.db.open(url) as db:
        assert snapshot(db) == expected


def test_two_imports_of_one_folder_at_once_store_each_hand_once(
    db_url: str, folder: Path, expected: dict[str, Any]
) -> None:
    with handlog.db.open(db_url, create=True):
        pass
    procs = [_import(db_url, folder), _import(db_url, folder)]
    news = []
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        news.append(int(out.split(" new,")[0].rsplit(" ", 1)[-1]))
    assert sum(news) == HANDS  # each hand new to exactly one of them
    assert assert_consistent(db_url) == HANDS
    with handlog.db.open(db_url) as db:
        got = snapshot(db)
    assert got["hands"] == expected["hands"]
    assert got["files"] == expected["files"]
