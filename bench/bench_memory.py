"""Peak memory (RSS of the process and its workers together) of parse, audit and stats on a large file.

A file of real hands with fresh ids is made for each size (``make_hands.py``); each command runs on it as a
user would run it, and ``/proc`` is sampled every 20 ms for the resident memory of the command's process
tree. Memory that stays the same from one size to the next is what "constant memory" means; the target is
under 300 MB at 1,000,000 hands.

    python bench/bench_memory.py [--hands 20000 100000] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
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
}


def tree_rss(pid: int) -> int:
    """Resident bytes of ``pid`` and every process below it."""
    total = 0
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
                        break
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children", encoding="ascii") as children:
                    stack.extend(int(c) for c in children.read().split())
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total


def peak(command: list[str]) -> tuple[int, float]:
    """(peak RSS of the tree in bytes, wall seconds), output thrown away."""
    start = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as proc:
        top = 0
        while proc.poll() is None:
            top = max(top, tree_rss(proc.pid))
            time.sleep(0.02)
    return top, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, nargs="+", default=[20_000, 100_000])
    ap.add_argument("--jobs", type=int, help="passed to every command (default: theirs, every core)")
    ap.add_argument("--commands", nargs="+", choices=sorted(COMMANDS), default=list(COMMANDS))
    args = ap.parse_args(argv)
    handlog = str(Path(sys.executable).parent / "handlog")
    hands = real_hands()
    jobs = [] if args.jobs is None else ["--jobs", str(args.jobs)]
    print(f"peak RSS of the whole process tree (jobs: {args.jobs or 'default'})")
    with tempfile.TemporaryDirectory(prefix="handlog-memory-") as folder:
        for count in args.hands:
            path = Path(folder) / f"{count}.txt"
            with path.open("w", encoding="utf-8", newline="\n") as out:
                out.writelines(renumbered(hands, count, 800_000_000_000))
            size = path.stat().st_size / 1e6
            for name in args.commands:
                rss, wall = peak([handlog, *COMMANDS[name], *jobs, str(path)])
                print(f"  {count:>9,} hands ({size:5.0f} MB)  {name:6} {rss / 2**20:7.1f} MB  {wall:7.1f} s")
            path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
