"""``--jobs N`` against ``--jobs 1``: wall-clock speed-up and the CPU the parallel run adds, same output.

A file of real hands with fresh ids (``make_hands.py``) goes through ``parse --json``, ``audit --json``,
``stats --format json`` and ``import`` (into a fresh SQLite database each run, or with ``--pg URL`` into that
PostgreSQL database, its ``public`` schema emptied before each run: give a scratch database) with ``--jobs 1``
and ``--jobs N``; each pair's outputs are compared byte for byte (for ``import``: its report, and what
``stats --db`` reads back from the database it wrote).
The ``--repeat`` runs of ``--jobs 1`` and ``--jobs N`` alternate and the best of each counts (this VM's speed
drifts by up to 30 % within minutes). Each command's output goes to a file, as ``handlog parse --json … >
hands.jsonl`` writes it. The speed-up is only meaningful on an otherwise idle machine; the CPU ratio (all
processes of the parallel run over the single one) says what the parallel machinery costs whatever the load.

    python bench/bench_jobs.py [--hands 100000] [--jobs 2] [--repeat 1] [--commands parse audit stats import]
                               [--ceiling] [--pg postgresql://user:password@host/scratch_db]

``--ceiling`` also runs ``--jobs N`` copies of the ``--jobs 1`` command at once, each on its own copy of the file
(parse, audit and stats), and reports N × (one alone) / (all of them together): what N busy processes of this
very work get from the machine, the most any ``--jobs N`` could reach on it. On this project's 2-core virtual
machine two independent copies ran 1.14-1.18x slower each than one alone (1 December 2026), so the ceiling was
~1.7x, not 2x.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
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
    "import": ["import", "--quiet", "--json"],
}


def adopt_orphans() -> bool:
    """Make this process the reaper of its descendants (Linux ``PR_SET_CHILD_SUBREAPER``): a process whose parent
    ends before it is reparented here instead of to init. ``import``'s workers are started by a fork server, a
    child of the command that the command does not wait for: the workers' CPU goes to the server's children and
    the server's to nobody's, so ``RUSAGE_CHILDREN`` missed the workers (the parallel import's CPU read 0.64x
    the single one's). Adopted, the server is waited for here (``reap``) and its CPU, its workers' included,
    counted. False where the call is not available."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(36, 1, 0, 0, 0) == 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def reap() -> None:
    """Wait for every descendant adopted here (see ``adopt_orphans``), so that its CPU is counted."""
    while True:
        try:
            os.wait()
        except ChildProcessError:
            return


def run(command: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and its workers, digest of stdout). The output goes to a file,
    as ``handlog parse --json … > hands.jsonl`` writes it: read through a pipe by this process instead, it would
    add a third busy process (``parse --json`` writes ~2 KB a hand) to the N that ``--jobs N`` keeps busy, and
    none to the idle cores of ``--jobs 1``."""
    with tempfile.TemporaryFile() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=out, stderr=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - start
        reap()  # a fork server the command left behind, and its workers' CPU with it
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        out.seek(0)
        digest = hashlib.file_digest(out, "sha256").hexdigest()
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, digest


def together(commands: list[list[str]]) -> float:
    """Wall seconds for all ``commands`` started at once, until the last ends."""
    start = time.perf_counter()
    running = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for c in commands]
    for process in running:
        process.wait()
    return time.perf_counter() - start


def emptied(url: str) -> None:
    """Drop and recreate the ``public`` schema of the PostgreSQL database at ``url`` (a scratch database)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--repeat", type=int, default=1, help="runs of each; the best counts")
    ap.add_argument("--commands", nargs="+", choices=sorted(COMMANDS), default=list(COMMANDS))
    ap.add_argument("--ceiling", action="store_true", help="also run N copies of --jobs 1 at once (see above)")
    ap.add_argument("--pg", metavar="URL", help="import into this scratch PostgreSQL database instead of SQLite")
    args = ap.parse_args(argv)
    if not adopt_orphans():
        print("(no PR_SET_CHILD_SUBREAPER: the CPU of import's workers is not counted)", file=sys.stderr)
    handlog = str(Path(sys.executable).parent / "handlog")
    with tempfile.TemporaryDirectory(prefix="handlog-jobs-") as folder:
        path = Path(folder) / "hands.txt"
        with path.open("w", encoding="utf-8", newline="\n") as out:
            out.writelines(renumbered(real_hands(), args.hands, 700_000_000_000))
        print(f"{args.hands:,} hands, --jobs 1 vs --jobs {args.jobs}, load {os.getloadavg()[0]:.1f}:")
        for name, command in COMMANDS.items():
            if name not in args.commands:
                continue
            runs: dict[int, list[tuple[float, float, str]]] = {1: [], args.jobs: []}
            for i in range(args.repeat):  # alternated: a machine whose speed drifts favours neither
                for jobs in runs:
                    if name == "import":  # a new database each run, its content compared through stats --db
                        url = f"sqlite:///{folder}/import-{jobs}-{i}.sqlite"
                        if args.pg:
                            emptied(args.pg)
                            url = args.pg
                        wall, cpu, digest = run([handlog, *command, "--db", url, "--jobs", str(jobs), str(path)])
                        stored = run([handlog, "stats", "--quiet", "--format", "json", "--db", url])[2]
                        runs[jobs].append((wall, cpu, digest + stored))
                        Path(folder, f"import-{jobs}-{i}.sqlite").unlink(missing_ok=True)
                    else:
                        runs[jobs].append(run([handlog, *command, "--jobs", str(jobs), str(path)]))
            (w1, c1), (wn, cn) = ((min(r[0] for r in runs[j]), min(r[1] for r in runs[j])) for j in (1, args.jobs))
            digests = {r[2] for rs in runs.values() for r in rs}
            same = "same output" if len(digests) == 1 else "OUTPUT DIFFERS"
            print(f"  {name:6} {w1:7.1f} s -> {wn:7.1f} s wall: {w1 / wn:4.2f}x   CPU {c1:7.1f} s -> {cn:7.1f} s"
                  f" ({cn / c1:4.2f}x)   {same}   {args.hands / w1:,.0f} -> {args.hands / wn:,.0f} hands/s")
            if args.ceiling and name != "import":
                copies = [Path(folder) / f"copy-{k}.txt" for k in range(args.jobs)]
                for copy in copies:
                    copy.write_bytes(path.read_bytes())
                pair = min(
                    together([[handlog, *command, "--jobs", "1", str(copy)] for copy in copies])
                    for _ in range(args.repeat)
                )
                for copy in copies:
                    copy.unlink()
                ceiling = args.jobs * w1 / pair
                print(f"         {args.jobs} copies of --jobs 1 at once: {pair:7.1f} s, ceiling {ceiling:4.2f}x;"
                      f" --jobs {args.jobs} reached {w1 / wn / ceiling:4.0%} of it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
