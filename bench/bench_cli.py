"""The whole process, as a user runs it: ``handlog audit --json FILE`` against PokerKit 0.7.7 on the same hands.

handlog runs as a command (start-up, reading the file, parsing, replaying under the rules, every check and a
JSON line per hand), with its default ``--jobs`` (every core) and with ``--jobs 1``. PokerKit runs as a
Python process that reads the same file, parses it with ``HandHistory.from_pokerstars`` and iterates every
history (which plays each action through its state machine): the nearest it comes to an audit. The hands
are the corpus's PokerStars no-limit Hold'em hands that both read, repeated to about ``--hands`` hands.
Wall-clock seconds of each process, best of ``--repeat`` rounds in which the three take turns, and the CPU seconds
it and its workers used.

Both run from compiled bytecode, as installed packages do: PokerKit's ``.pyc`` files were written when pip
installed it, while an editable install of handlog has none until Python writes them on first import, which
it never does where ``PYTHONDONTWRITEBYTECODE`` is set (as in the development container, where every handlog
process then compiled its ~90 modules from source: ~0.1 s of CPU per process, measured). So the bench compiles
handlog's modules first (``compileall``, what ``pip install`` of a wheel does).

    python bench/bench_cli.py [--hands 5000] [--repeat 2] [--keep FILE]
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Hashable
from pathlib import Path
from typing import TypeVar

from bench_parse import CORPUS, bench_text, common_hands, corpus_hands

POKERKIT = """
import sys, warnings, contextlib, io
from pokerkit import HandHistory
text = open(sys.argv[1], encoding="utf-8").read()
played = 0
with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
    warnings.simplefilter("ignore")
    for history in HandHistory.from_pokerstars(text):
        for _state in history:
            pass
        played += 1
print(played)
"""


K = TypeVar("K", bound=Hashable)


def timed(command: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and its children, stdout's last line)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command[0]} failed ({done.returncode}): {done.stderr[-2000:]}")
    lines = done.stdout.strip().splitlines()
    return wall, cpu, lines[-1] if lines else ""


def best(commands: dict[K, list[str]], repeat: int) -> dict[K, tuple[float, float, str]]:
    """Each command's best wall and CPU seconds over ``repeat`` rounds, the commands taking turns within a round:
    this VM's speed drifts by up to 30 % within minutes, and rounds in turn let the drift favour none of them."""
    runs: dict[K, list[tuple[float, float, str]]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            runs[name].append(timed(command))
    return {
        name: (min(r[0] for r in done), min(r[1] for r in done), done[-1][2]) for name, done in runs.items()
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000, help="about how many hands")
    ap.add_argument("--repeat", type=int, default=2, help="runs of each; the best counts")
    ap.add_argument("--keep", type=Path, help="write the hands here (and keep them) instead of a temporary file")
    args = ap.parse_args(argv)
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS} (set HANDLOG_CORPUS)", file=sys.stderr)
        return 2
    hands = list(common_hands(corpus_hands()))
    text, copies, total = bench_text(hands, args.hands)
    folder = Path(tempfile.mkdtemp(prefix="handlog-bench-"))
    path = args.keep or folder / "hands.txt"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.find_spec("handlog")  # its modules' bytecode, as an installed wheel has it (see above)
    for folder_of_package in (spec.submodule_search_locations or []) if spec else []:
        compileall.compile_dir(folder_of_package, quiet=1)
    handlog = shutil.which("handlog", path=str(Path(sys.executable).parent)) or "handlog"
    print(f"{len(hands)} PokerStars NL Hold'em hands read by both, {copies} times: {total} hands, "
          f"{len(text) / 1e6:.1f} MB; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}\n")
    runs = {
        "handlog audit --json": [handlog, "audit", "--json", str(path)],
        "handlog audit --json --jobs 1": [handlog, "audit", "--json", "--jobs", "1", str(path)],
        "pokerkit from_pokerstars + replay": [sys.executable, "-c", POKERKIT, str(path)],
    }
    rates: dict[str, float] = {}
    cpus: dict[str, float] = {}
    for name, (wall, cpus[name], last) in best(runs, args.repeat).items():
        rates[name] = total / wall
        print(f"{name:34} {wall:8.2f} s wall {cpus[name]:8.2f} s CPU {rates[name]:8.0f} hands/s   ({last[:80]})")
    peer = "pokerkit from_pokerstars + replay"
    print()
    for name in list(runs)[:2]:
        print(f"{name} / pokerkit: {rates[name] / rates[peer]:.2f}x wall clock, {cpus[peer] / cpus[name]:.2f}x CPU"
              " (whole processes)")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
