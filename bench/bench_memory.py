"""Peak memory (RSS of the process and its workers together) of parse, audit, stats and import on a large file.

A file of real hands with fresh ids is made for each size (``make_hands.py``); each command runs on it as a
user would run it, and ``/proc`` is sampled every 20 ms for the resident memory of the command's process
tree. Memory that stays the same from one size to the next is what "constant memory" means; the target is
under 300 MB at 1,000,000 hands.

``import`` writes into a fresh database for each run: an SQLite file in the temporary folder (deleted with it,
its ``-wal`` and ``-shm`` files too), and with ``--pg URL`` also a scratch PostgreSQL database whose ``public``
schema is emptied before each run and at the end (give a database made for it). ``--trace SECONDS`` prints a
line every SECONDS while a command runs: the tree's RSS and how far into the file it has read (the largest
offset of the file among the tree's open descriptors, as hands by the file's average hand size), which shows
whether memory grows along one long run. Every run's exit status is printed. ``stats-db`` runs ``stats --db`` on
each database right after its import (so it needs ``import`` in ``--commands``).

    python bench/bench_memory.py [--hands 20000 100000] [--jobs N] [--commands stats import stats-db] [--pg URL]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from make_hands import real_hands, renumbered

COMMANDS = {
    "parse": ["parse", "--json"],
    "audit": ["audit", "--json"],
    "stats": ["stats", "--quiet", "--format", "json"],
    "import": ["import", "--quiet"],
    "stats-db": ["stats", "--quiet", "--format", "json"],
}
"""``stats-db`` reads the database the ``import`` before it wrote (``--db``), so it needs ``import`` too."""


def tree_pids(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    found: list[int] = []
    stack = [pid]
    while stack:
        p = stack.pop()
        found.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children", encoding="ascii") as children:
                    stack.extend(int(c) for c in children.read().split())
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return found


def tree_rss(pid: int) -> int:
    """Resident bytes of ``pid`` and every process below it."""
    total = 0
    for p in tree_pids(pid):
        try:
            with open(f"/proc/{p}/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
                        break
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total


def read_offset(pid: int, path: Path) -> int:
    """The largest offset of ``path`` among the open descriptors of the tree (0 when none has it open)."""
    best = 0
    target = str(path)
    for p in tree_pids(pid):
        try:
            for fd in os.listdir(f"/proc/{p}/fd"):
                try:
                    if os.readlink(f"/proc/{p}/fd/{fd}") != target:
                        continue
                    with open(f"/proc/{p}/fdinfo/{fd}", encoding="ascii") as info:
                        pos = int(info.readline().split()[1])
                except (FileNotFoundError, ProcessLookupError, PermissionError, ValueError, IndexError):
                    continue
                best = max(best, pos)
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return best


def peak(
    command: list[str], trace: float | None = None, path: Path | None = None, hands: int = 0
) -> tuple[int, float, int]:
    """(peak RSS of the tree in bytes, wall seconds, exit status), output thrown away. With ``trace``, a line
    every ``trace`` seconds: time, the tree's RSS now and at its highest, and how far into ``path`` it is."""
    start = time.perf_counter()
    size = path.stat().st_size if path is not None else 0
    next_trace = start + (trace or 0.0)
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as proc:
        top = 0
        while proc.poll() is None:
            now_rss = tree_rss(proc.pid)
            top = max(top, now_rss)
            if trace and time.perf_counter() >= next_trace:
                next_trace += trace
                elapsed = time.perf_counter() - start
                line = f"    {elapsed:8.0f} s  RSS {now_rss / 2**20:6.1f} MB (peak {top / 2**20:6.1f})"
                if path is not None and size:
                    offset = read_offset(proc.pid, path)
                    line += f"  read {offset / 1e6:6.0f} MB ≈ {offset / size * hands:9,.0f} hands"
                print(line, flush=True)
            time.sleep(0.02)
    return top, time.perf_counter() - start, proc.returncode


def fresh_postgres(url: str) -> None:
    """Empty the scratch PostgreSQL database's ``public`` schema."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    finally:
        engine.dispose()


def databases(folder: Path, count: int, pg: str | None, sqlite: bool = True) -> list[tuple[str, str]]:
    """(name, ``--db`` value) of each fresh database an import of ``count`` hands writes into."""
    dbs = [("sqlite", str(folder / f"import-{count}.sqlite"))] if sqlite else []
    if pg:
        dbs.append(("postgresql", pg))
    return dbs


def db_size(name: str, url: str) -> str:
    """The database's size on disk, as text (SQLite: the file and its WAL)."""
    if name == "sqlite":
        total = sum(Path(url + suffix).stat().st_size for suffix in ("", "-wal") if Path(url + suffix).exists())
        return f"{total / 1e6:.0f} MB database"
    return ""


def drop_database(name: str, url: str) -> None:
    if name == "sqlite":
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(url + suffix).unlink(missing_ok=True)
    else:
        fresh_postgres(url)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, nargs="+", default=[20_000, 100_000])
    ap.add_argument("--jobs", type=int, help="passed to every command (default: theirs)")
    ap.add_argument("--commands", nargs="+", choices=list(COMMANDS), default=list(COMMANDS))
    ap.add_argument("--pg", metavar="URL", help="import into this scratch PostgreSQL database too (emptied)")
    ap.add_argument("--no-sqlite", action="store_true", help="with --pg: import into PostgreSQL only")
    ap.add_argument("--trace", type=float, metavar="SECONDS", help="print RSS and progress every SECONDS")
    ap.add_argument("--tmp", type=Path, help="folder for the file and the SQLite database (default: the system's)")
    args = ap.parse_args(argv)
    handlog = str(Path(sys.executable).parent / "handlog")
    hands = real_hands()
    jobs = [] if args.jobs is None else ["--jobs", str(args.jobs)]
    print(f"peak RSS of the whole process tree (jobs: {args.jobs or 'default'})", flush=True)
    with tempfile.TemporaryDirectory(prefix="handlog-memory-", dir=args.tmp) as name:
        folder = Path(name)
        free = shutil.disk_usage(folder).free
        print(f"  {folder}: {free / 1e9:.1f} GB free", flush=True)
        for count in args.hands:
            path = folder / f"{count}.txt"
            with path.open("w", encoding="utf-8", newline="\n") as out:
                out.writelines(renumbered(hands, count, 800_000_000_000))
            size = path.stat().st_size / 1e6
            for command in args.commands:
                if command == "stats-db":
                    continue  # run right after each import, on its database
                runs = databases(folder, count, args.pg, not args.no_sqlite) if command == "import" else [("", "")]
                for db_name, url in runs:
                    extra = ["--db", url] if url else []
                    if db_name == "postgresql":
                        fresh_postgres(url)
                    try:
                        rss, wall, status = peak(
                            [handlog, *COMMANDS[command], *extra, *jobs, str(path)], args.trace, path, count
                        )
                        label = f"{command} {db_name}".strip()
                        note = db_size(db_name, url) if db_name else ""
                        print(f"  {count:>9,} hands ({size:5.0f} MB)  {label:17} {rss / 2**20:7.1f} MB"
                              f"  {wall:7.1f} s  exit {status}  {note}".rstrip(), flush=True)
                        if db_name and "stats-db" in args.commands:
                            rss, wall, status = peak([handlog, *COMMANDS["stats-db"], *extra], args.trace)
                            print(f"  {count:>9,} hands ({size:5.0f} MB)  {'stats --db ' + db_name:17}"
                                  f" {rss / 2**20:7.1f} MB  {wall:7.1f} s  exit {status}", flush=True)
                    finally:
                        if db_name:
                            drop_database(db_name, url)
            path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
