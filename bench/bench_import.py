"""Import speed of ``handlog import`` into SQLite and PostgreSQL, side by side with the same work done
without a database (parse, replay, checks and counters for every hand): hands per second and the ratio, which
is what the database costs.

Usage: ``python bench/bench_import.py [HANDS] [postgresql://user:pass@host/db] [--stored N]``. The hands are the
NL Hold'em sample over and over with fresh hand ids (so every one is new); all-in EV is included. ``--stored N``
first imports N other hands (not timed): the rate into a database that already holds them, which should not
depend on N. The PostgreSQL database's ``public`` schema is emptied first: give a scratch database.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "store"))

from storekit import renumbered_hands

import handlog.db
from handlog.store.records import prepare
from handlog.store.tail import Position, detect, new_hands


def without_database(path: Path) -> float:
    """Seconds to prepare every hand (what the import does before writing)."""
    fmt, encoding = detect(path)
    assert fmt is not None
    start = time.perf_counter()
    for piece in new_hands(path, fmt, encoding, Position(), settle=0):
        prepare(fmt, str(path), piece.line, piece.lines)
    return time.perf_counter() - start


def into(url: str, path: Path, hands: int, stored: Path | None = None) -> float:
    with handlog.db.open(url, create=True) as db:
        if stored is not None:
            db.import_paths([stored], settle=0)
        start = time.perf_counter()
        counts = db.import_paths([path], settle=0)
        elapsed = time.perf_counter() - start
        assert counts.new == hands, counts
        again = time.perf_counter()
        assert db.import_paths([path], settle=0).new == 0
        print(f"  re-import of the unchanged file: {time.perf_counter() - again:.3f} s")
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("hands", nargs="?", type=int, default=5000)
    ap.add_argument("pg", nargs="?", metavar="postgresql://…", help="a scratch PostgreSQL database, emptied")
    ap.add_argument("--stored", type=int, default=0, metavar="N", help="import N other hands first (not timed)")
    args = ap.parse_args()
    hands, pg = args.hands, args.pg
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "session.txt"
        path.write_text("".join(renumbered_hands(hands)), encoding="utf-8")
        stored = None
        if args.stored:
            stored = folder / "stored.txt"
            stored.write_text("".join(renumbered_hands(args.stored, start=8_000_000_000)), encoding="utf-8")
        base = without_database(path)
        print(f"no database (parse, replay, checks, counters): {hands / base:.0f} hands/s ({hands} hands)")
        runs = {"SQLite": str(folder / "bench.sqlite")}
        if pg:
            from sqlalchemy import create_engine, text

            engine = create_engine(pg.replace("postgresql://", "postgresql+psycopg://", 1))
            with engine.begin() as conn:
                conn.execute(text("DROP SCHEMA public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
            engine.dispose()
            runs["PostgreSQL"] = pg
        for name, url in runs.items():
            took = into(url, path, hands, stored)
            held = f" into a database holding {args.stored:,} hands" if args.stored else ""
            print(f"{name}: {hands / took:.0f} hands/s{held}, {took / base:.2f}x the time without a database")


if __name__ == "__main__":
    main()
