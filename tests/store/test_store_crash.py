"""``kill -9`` at random moments of a 5,000-hand import, then a rerun: the database equals a clean import's."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from storekit import renumbered_hands

import handlog.db
from handlog.store import schema

HANDS = 5000
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
    # three seeds on SQLite, two on PostgreSQL (each seed is a whole import: the CI run stays short)
    for seed in (11, 22, 33) if db_url.endswith(".sqlite") else (44, 55):
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
