"""``handlog watch DIR``: import a poker client's live hand-history folder as hands are played.

Each hand is imported within a moment of being complete (the next hand, the blank line after its summary or its
summary's last line written), a file's last hand without an end once the file has been quiet for the quiet
period; Ctrl-C stops cleanly (the file being read is finished, everything is committed) and prints the counts,
with the hands still pending and why. Exit 0, or 2 when the folder or the database cannot
be opened.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path
from types import FrameType

from handlog.cli import jsonout
from handlog.cli.common import EXIT_OK, EXIT_USAGE, print_problems
from handlog.cli.dbopts import add_db_argument, open_db
from handlog.cli.import_cmd import pending_why, write_summary
from handlog.reading import ReadReport


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "watch",
        help="import a live hand-history folder as hands are played",
        description="Follow a poker client's hand-history folder: every hand is imported into the hand database "
        "as soon as it is complete (the next hand, or the blank line after its summary, has been written). "
        "Rotated or truncated files are read again, their known hands skipped. Ctrl-C stops cleanly.",
    )
    p.add_argument("folder", metavar="DIR", help="the client's hand-history folder")
    add_db_argument(p, reading=False)
    p.add_argument("--poll", action="store_true", help="look for changes every quarter second (network drives)")
    p.add_argument("--json", action="store_true", help="JSON Lines: one record per import, then a summary")
    p.add_argument(
        "--quiet-period", type=float, default=None, metavar="SECONDS",
        help="a file's last hand without an end is imported once the file has not changed for this long "
        "(default: 5, as import)",
    )
    p.add_argument("--no-allin-ev", dest="allin_ev", action="store_false", help="skip the all-in expectation")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from handlog.store.importer import Counts, FileResult, Importer
    from handlog.store.watch import Watcher

    folder = Path(args.folder)
    if not folder.is_dir():
        sys.stderr.write(f"handlog watch: no such folder: {folder}\n")
        return EXIT_USAGE
    db = open_db("watch", args.db, create=True)
    if db is None:
        return EXIT_USAGE
    if args.quiet_period is not None and not args.quiet_period >= 0:
        sys.stderr.write("handlog watch: --quiet-period must be a number of seconds, 0 or more\n")
        return EXIT_USAGE
    watcher = Watcher(Importer(db.engine, with_allin_ev=args.allin_ev), folder, poll=args.poll,
                      settle=args.quiet_period)  # fmt: skip
    total = Counts()

    def stop(signum: int, _frame: FrameType | None) -> None:
        watcher.stop.set()
        signal.signal(signum, signal.SIG_DFL)  # a second Ctrl-C stops at once (the open batch is rolled back)

    def show(result: FileResult) -> None:
        total.add(result.read)
        if args.json:
            jsonout.write(result.as_dict())
            sys.stdout.flush()
        elif result.read.new or result.reread:
            c = result.read
            sys.stdout.write(
                f"{time.strftime('%H:%M:%S')} {result.path}: {c.new} new"
                + (f", {c.duplicates} duplicates" if c.duplicates else "")
                + (" (file rewritten: read again)" if result.reread else "")
                + "\n"
            )
            sys.stdout.flush()

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    report = ReadReport()
    if not args.json:
        how = "polling" if args.poll else "notifications"
        sys.stderr.write(f"handlog: watching {folder} ({how}) into {db.url}; Ctrl-C stops\n")
    try:
        watcher.run(report, show)
    finally:
        db.close()
    total.files = report.files
    write_summary(total, args.json, pending=[str(p) for p in sorted(watcher.pending)],
                  why=pending_why(watcher.importer.settle))  # fmt: skip
    print_problems(report)
    return EXIT_OK
