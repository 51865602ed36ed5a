"""``kill -9`` at random moments of a 5,000-hand import, a PostgreSQL server restarted and an SQLite disk filling up
mid-import, two imports at once: each ends cleanly, and a rerun gives the database a clean import gives."""

from __future__ import annotations

import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from storekit import renumbered_hands

import handlog.db
from handlog.store import schema

pytestmark = pytest.mark.slow  # imports killed and restarted: minutes; `pytest -m "not slow"` leaves it out

HANDS = 3000
FILES = 5


def snapshot(db: handlog.db.Database) -> dict[str, Any]:
    """Hands (by key, with status and line), players' counters and violations, independent of row ids."""
    H, P, V = schema.hands, schema.hand_players, schema.violations
    with db.engine.connect() as conn:
        hands = sorted(tuple(r) for r in conn.execute(select(H.c.hand_key, H.c.status, H.c.line)))
        skip = {"hand", "time_utc"}
        players = sorted(
            (r.hand_key, *(str(getattr(r, c.name)) for c in P.columns if c.name not in skip))
            for r in conn.execute(select(H.c.hand_key, P).join(P, P.c.hand == H.c.id))
        )
        violations = sorted(
            (r.hand_key, r.seq, r.code, r.line)
            for r in conn.execute(select(H.c.hand_key, V).join(V, V.c.hand == H.c.id))
        )
        positions = sorted(tuple(r) for r in conn.execute(select(schema.files.c.path, schema.files.c.consumed)))
    return {"hands": hands, "players": players, "violations": violations, "files": positions}


@pytest.fixture(scope="module")
def hand_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("kill")
    hands = renumbered_hands(HANDS)
    per = HANDS // FILES
    paths = []
    for i in range(FILES):
        path = folder / f"session{i}.txt"
        path.write_text("".join(hands[i * per : (i + 1) * per]), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def expected(hand_files: list[Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The database a clean, uninterrupted import gives."""
    with handlog.db.open(str(tmp_path_factory.mktemp("clean") / "clean.sqlite"), create=True) as clean:
        assert clean.import_paths(hand_files, with_allin_ev=False, settle=0).new == HANDS
        return snapshot(clean)


def _import(url: str, paths: list[Path]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "handlog", "import", "--db", url, "--quiet", "--no-allin-ev", *map(str, paths)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip


def test_sigkill_at_random_moments_then_rerun_equals_a_clean_import(
    db_url: str, hand_files: list[Path], expected: dict[str, Any], tmp_path: Path
) -> None:
    # two seeds on each database (each seed is a whole import: the CI run stays short)
    for seed in (11, 22) if db_url.endswith(".sqlite") else (44, 55):
        if not db_url.endswith(".sqlite"):  # PostgreSQL: one scratch database, emptied for each seed
            from conftest import _fresh_postgres

            _fresh_postgres(db_url)
        else:
            db_url = str(tmp_path / f"killed{seed}.sqlite")
        rng = random.Random(seed)
        killed = 0
        for _ in range(2):
            proc = _import(db_url, hand_files)
            time.sleep(rng.uniform(0.5, 2.5))
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
                killed += 1
            proc.wait()
        assert killed, "the import finished before any kill: the test did not test anything"
        proc = _import(db_url, hand_files)
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err.decode()
        with handlog.db.open(db_url) as db:
            got = snapshot(db)
        assert got["hands"] == expected["hands"], f"seed {seed}"
        assert got["players"] == expected["players"], f"seed {seed}"
        assert got["violations"] == expected["violations"], f"seed {seed}"
        assert got["files"] == expected["files"], f"seed {seed}"


def test_two_imports_at_once_store_each_hand_once(db_url: str, hand_files: list[Path]) -> None:
    with handlog.db.open(db_url, create=True):
        pass
    procs = [_import(db_url, hand_files[:2]), _import(db_url, hand_files[:2])]  # the same files, at once
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err.decode()
    with handlog.db.open(db_url) as db:
        got = snapshot(db)
    keys = [h[0] for h in got["hands"]]
    assert len(keys) == len(set(keys)) == 2 * HANDS // FILES


# ---------------------------------------------------------------------- the server or the disk failing mid-import

RESTART_ENV = "HANDLOG_TEST_PG_RESTART"
"""A command that restarts the test's PostgreSQL server (``.ci/run``, as root: ``pg_ctlcluster … restart``)."""


def _stored(url: str) -> int:
    with handlog.db.open(url) as db, db.engine.connect() as conn:
        return len(conn.execute(select(schema.hands.c.id)).all())


def _wait_for_hands(url: str, proc: subprocess.Popen[bytes], at_least: int) -> None:
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            if _stored(url) >= at_least:
                return
        except Exception:  # noqa: BLE001 - the database may not exist yet, or be locked by the import
            pass
        time.sleep(0.05)


def _one_clear_line(err: bytes) -> str:
    """The import's error: one line on stderr saying what failed, no traceback."""
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text, text
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("handlog import: database"), text
    return lines[0]


def _consistent(url: str) -> None:
    """Every stored hand has its players' rows and its text: no batch was half written."""
    with handlog.db.open(url) as db, db.engine.connect() as conn:
        hands = {r.id for r in conn.execute(select(schema.hands.c.id))}
        with_players = {r.hand for r in conn.execute(select(schema.hand_players.c.hand).distinct())}
        with_text = {r.hand for r in conn.execute(select(schema.hand_text.c.hand))}
    assert hands == with_players == with_text


def test_postgres_restarted_mid_import_ends_clearly_and_a_rerun_completes(
    db_url: str, hand_files: list[Path], expected: dict[str, Any]
) -> None:
    if db_url.endswith(".sqlite"):
        pytest.skip("a server restart is PostgreSQL's")
    restart = os.environ.get(RESTART_ENV)
    if not restart:
        (pytest.fail if os.environ.get("HANDLOG_REQUIRE_PG") else pytest.skip)(
            f"no way to restart the server: set {RESTART_ENV} to a command that does (.ci/run does, as root)"
        )
    proc = _import(db_url, hand_files)
    _wait_for_hands(db_url, proc, 500)
    assert proc.poll() is None, "the import finished before the restart: the test did not test anything"
    subprocess.run(shlex.split(restart), check=True, timeout=120)
    _, err = proc.communicate(timeout=300)
    # the restart breaks the import's connection: it stops with one line saying so (a write that comes after
    # the server is back may reconnect and finish instead: both are clean ends)
    if proc.returncode != 0:
        assert proc.returncode == 2, err.decode()
        _one_clear_line(err)
    _consistent(db_url)
    rerun = _import(db_url, hand_files)
    _, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err.decode()
    with handlog.db.open(db_url) as db:
        got = snapshot(db)
    assert got == expected


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MiB tmpfs file system (root only): a disk that fills up."""
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("a full disk needs a small file system, and mounting one needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_sqlite_on_a_full_disk_ends_clearly_with_an_intact_database(
    small_disk: Path, hand_files: list[Path], expected: dict[str, Any]
) -> None:
    url = str(small_disk / "hands.sqlite")
    proc = _import(url, hand_files)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 2, err.decode()
    assert "full" in _one_clear_line(err)
    import sqlite3

    with sqlite3.connect(url) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    stored = _stored(url)
    assert 0 < stored < HANDS  # what was committed before the disk filled stays, the rest was never half written
    _consistent(url)
    # room again (the file system grown): the rerun completes what was left
    grown = subprocess.run(["mount", "-o", "remount,size=256m", str(small_disk)], capture_output=True)
    assert grown.returncode == 0, grown.stderr.decode()
    rerun = _import(url, hand_files)
    _, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err.decode()
    with handlog.db.open(url) as db:
        got = snapshot(db)
    assert got["hands"] == expected["hands"] and got["players"] == expected["players"]
