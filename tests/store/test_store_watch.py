"""``handlog watch``: hands written into a folder the way a client writes them are imported within a second of
being complete, never before; rotation and truncation are survived; Ctrl-C stops cleanly."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import select
from storekit import renumbered_hands

import handlog.db
from handlog.store import schema

FIRST = 9_000_000_000


def stored(db: handlog.db.Database) -> list[str]:
    with db.engine.connect() as conn:
        return [r[0] for r in conn.execute(select(schema.hands.c.hand_key))]


def wait_for(db: handlog.db.Database, key: str, limit: float) -> float:
    """Seconds until hand ``key`` is in the database (fails after ``limit``)."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if key in stored(db):
            return time.monotonic() - start
        time.sleep(0.02)
    raise AssertionError(f"hand {key} not imported within {limit} s")


def append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(text)
        out.flush()


@pytest.mark.slow
@pytest.mark.parametrize("poll", [False, True], ids=["notifications", "polling"])
def test_watch_imports_each_hand_within_a_second_of_completion(db_url: str, tmp_path: Path, poll: bool) -> None:
    if poll and not db_url.endswith(".sqlite"):
        pytest.skip("polling is exercised once, on SQLite")
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    hands = renumbered_hands(10)
    live = folder / "table1.txt"
    with handlog.db.open(db_url, create=True) as db:
        pass  # created (and migrated) before the watcher starts
    proc = subprocess.Popen(
        [sys.executable, "-m", "handlog", "watch", str(folder), "--db", db_url, "--no-allin-ev",
         *(["--poll"] if poll else [])],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stderr is not None
        assert "watching" in proc.stderr.readline()
        time.sleep(0.5)
        delays = []
        with handlog.db.open(db_url) as db:
            for i in range(6):
                half = len(hands[i]) // 2
                append(live, hands[i][:half])  # the client is still writing this hand
                time.sleep(0.4)
                assert str(FIRST + i) not in stored(db), "a half-written hand was imported"
                append(live, hands[i][half:])
                delays.append(wait_for(db, str(FIRST + i), 5.0))
            live.rename(folder / "table1.1.txt")  # rotation: a new file under the old name
            for i in range(6, 9):
                append(live, hands[i])
                delays.append(wait_for(db, str(FIRST + i), 5.0))
            live.write_text(hands[9], encoding="utf-8")  # truncated and rewritten
            delays.append(wait_for(db, str(FIRST + 9), 5.0))
            print("delays", [round(d, 3) for d in delays])
            assert max(delays) <= 1.0, delays
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=20)
            assert proc.returncode == 0, err
            # the rotated file keeps its place (not read again); the truncated one is read whole
            assert out.splitlines()[-1].startswith("2 files, 10 hands: 10 new, 0 duplicates")
            keys = stored(db)
        assert sorted(keys) == [str(FIRST + i) for i in range(10)]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
