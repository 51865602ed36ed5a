"""``handlog import``: add hands to the hand database, once each, reading grown files from where they ended.

Exit 0 when every hand was read, 1 when some hand could not be parsed (it is stored and counted all the same),
2 on a usage error (a missing path, a database that cannot be opened); nothing is written on a usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from handlog.cli import jsonout
from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, print_problems
from handlog.cli.dbopts import add_db_argument, open_db
from handlog.reading import ReadReport

if TYPE_CHECKING:
    from handlog.store.importer import Counts, Mapper


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from handlog.store.location import default_path

    p = sub.add_parser(
        "import",
        help="add hands to the hand database (SQLite or PostgreSQL)",
        description="Import hand histories into the hand database: each hand once (identified by site and hand "
        "id), files that grew read from their last complete hand, unparsed hands stored and counted. The "
        f"database is --db, else $HANDLOG_DB, else {default_path()}. Exit codes: 0 ok, 1 some hand unparsed, "
        "2 usage error.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (recursive)")
    add_db_argument(p, reading=False)
    p.add_argument("--json", action="store_true", help="JSON Lines: one record per file, then a summary")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--jobs", "-j", type=_positive, default=None, metavar="N",
        help="prepare hands (parse, replay, count) in N processes (default: the number of cores): N-1 workers, and"
             " the main process, which writes the database",
    )  # fmt: skip
    p.add_argument(
        "--no-allin-ev", dest="allin_ev", action="store_false",
        help="do not compute the all-in expectation (faster; stats --db then shows the net in its place)",
    )  # fmt: skip
    p.set_defaults(run=run)


def _positive(text: str) -> int:
    value = int(text) if text.isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of processes, at least 1, not {text!r}")
    return value


CHUNKS_PER_WORKER = 10
"""Chunks sent ahead to each worker: a write batch's worth (``store.importer.BATCH`` / ``CHUNK``, 500 / 50 hands),
so that a worker does not run dry while this process writes. New chunks are sent only between two results
handed to the writer, so a worker can finish at most the chunks it was sent during one write; a write of 500 hands
took 0.15-0.36 s on two cores and a chunk 0.07-0.09 s, so ``parallel.WINDOW_PER_JOB`` (4) left the worker idle
during the longer writes: 20,000 hands, ``--jobs 2``, its idle spells between two chunks summed 0.75-2.2 s, the
longest 0.09-0.75 s; with 10 they summed 0.61-0.68 s, the longest 7 ms (the cost of a chunk's round trip). What
this holds: 10 chunks of ~70 KB of hand text out, ~100 KB of rows back."""


@contextmanager
def _mapper(jobs: int | None) -> Iterator[Mapper]:
    """``map``, or with ``jobs`` > 1 (default: the number of cores) an order-keeping map over ``jobs - 1`` worker
    processes that prepare the next chunks of hands while this process, the Nth, writes the ones done to the
    database, and prepares chunks itself when it would otherwise wait (``parallel.windowed``).

    The workers are started by a fork server, not copied from this process, which holds the database's engine,
    SQLAlchemy and Alembic: a copy would count all of that again in each worker's resident memory (two copied
    workers: 310–340 MB at 5,000 hands, measured with ``bench_memory.py``, over the 300 MB target); a worker
    started by the server loads only what preparing a hand needs (``store.records``)."""
    from handlog.parallel import default_jobs, process_pool, quick_handoffs, windowed

    jobs = default_jobs() if jobs is None else jobs
    if jobs <= 1:
        yield map
        return
    window = (jobs - 1) * CHUNKS_PER_WORKER
    with process_pool(jobs - 1, "forkserver") as pool, quick_handoffs():
        for _ in range(jobs - 1):  # start the workers now, loading what a chunk needs, while the database opens
            pool.submit(import_module, "handlog.store.records")
        yield lambda work, chunks: windowed(pool, work, chunks, window, share=True)


@contextmanager
def _progress(enabled: bool, total: int) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr (hands, hands/s, ETA by bytes) when it is a terminal."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("{task.fields[hands]} hands"), BarColumn(), TextColumn("{task.fields[rate]:.0f} hands/s"),
        TimeRemainingColumn(), transient=True,
    ) as progress:  # fmt: skip
        task = progress.add_task("importing", total=total or None, hands=0, rate=0.0)
        count = [0]

        def step(hands: int, size: int) -> None:
            count[0] += hands
            elapsed = progress.tasks[0].elapsed or 0.0
            progress.update(task, advance=size, hands=count[0], rate=count[0] / elapsed if elapsed else 0.0)

        yield step


def write_summary(total: Counts, as_json: bool, tail: str = "") -> None:
    """The last line: the counts (a JSON summary record with ``--json``)."""
    if as_json:
        jsonout.write({"summary": total.as_dict()})
        return
    sys.stdout.write(
        f"{total.files} files, {total.hands} hands: {total.new} new, {total.duplicates} duplicates, "
        f"{total.unparsed} unparsed, {total.violations} with violations{tail}\n"
    )


def run(args: argparse.Namespace) -> int:
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        sys.stderr.write(f"handlog import: no such file or folder: {missing[0]}\n")
        return EXIT_USAGE
    with _mapper(args.jobs) as mapper:
        return _run(args, mapper)


def _run(args: argparse.Namespace, mapper: Mapper) -> int:
    from handlog.reading.reader import iter_files
    from handlog.store.importer import Counts, Importer

    db = open_db("import", args.db, create=True)
    if db is None:
        return EXIT_USAGE
    report = ReadReport()
    total = Counts()
    summaries = [0, 0, 0, 0]  # summaries read, new tournaments, new results, unread summaries
    size = sum(f.stat().st_size for f in iter_files(args.paths, ReadReport()))
    try:
        with _progress(not (args.quiet or args.json), size) as step:
            importer = Importer(db.engine, with_allin_ev=args.allin_ev, progress=step, mapper=mapper)
            for result in importer.import_paths(args.paths, report):
                total.add(result.counts)
                if result.summaries is not None:
                    s = result.summaries
                    for i, n in enumerate((s.summaries, s.tournaments, s.results, s.errors)):
                        summaries[i] += n
                if args.json:
                    jsonout.write(result.as_dict())
                if result.pending and not args.quiet:
                    sys.stderr.write(
                        f"handlog: {result.path}: its last hand is still being written; it is imported once complete\n"
                    )
    finally:
        db.close()
    total.files = report.files
    write_summary(total, args.json, f" (database {db.url})")
    if any(summaries) and not args.json:
        sys.stdout.write(f"{summaries[0]} tournament summaries: {summaries[1]} new tournaments, {summaries[2]} new "
                         f"results, {summaries[3]} unread\n")
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    return EXIT_PROBLEMS if total.unparsed or summaries[3] else EXIT_OK
