"""Import speed of ``handlog import`` into SQLite and PostgreSQL: hands per second, counters included.

Usage: ``python bench/bench_import.py [HANDS] [postgresql://user:pass@host/db]``. The hands are the NL Hold'em
sample over and over with fresh hand ids (so every one is new); each run parses, replays, audits, counts (all-in
EV included) and writes every hand with its players, actions, violations and text. The PostgreSQL database's
``public`` schema is emptied first: give a scratch database.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "store"))

from storekit import renumbered_hands

import handlog.db


def bench(url: str, paths: list[Path], hands: int) -> float:
    with handlog.db.open(url, create=True) as db:
        start = time.perf_counter()
        counts = db.import_paths(paths, settle=0)
        elapsed = time.perf_counter() - start
        assert counts.new == hands, counts
        again = time.perf_counter()
        assert db.import_paths(paths, settle=0).new == 0
        print(f"  re-import (nothing new): {time.perf_counter() - again:.3f} s")
    return hands / elapsed


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    pg = sys.argv[2] if len(sys.argv) > 2 else None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "session.txt"
        path.write_text("".join(renumbered_hands(hands)), encoding="utf-8")
        print(f"SQLite: {bench(str(folder / 'bench.sqlite'), [path], hands):.0f} hands/s ({hands} hands)")
        if pg:
            from sqlalchemy import create_engine, text

            engine = create_engine(pg.replace("postgresql://", "postgresql+psycopg://", 1))
            with engine.begin() as conn:
                conn.execute(text("DROP SCHEMA public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
            engine.dispose()
            print(f"PostgreSQL: {bench(pg, [path], hands):.0f} hands/s ({hands} hands)")


if __name__ == "__main__":
    main()
