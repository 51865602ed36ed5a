"""``handlog replay``: a hand's table states in the terminal (``--step`` to walk them) or as one HTML page.

Exit 0 when the hands were shown, 1 when a chosen hand did not parse (its error is shown), 2 on a usage error
(no such hand, an unreadable path, an output file that cannot be written).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, print_problems
from handlog.cli.dbopts import add_db_argument, add_filter_arguments, db_source, filters_from, stored_records
from handlog.cli.rules_option import RulesFileError, add_rules_option, rules_file_problem, rules_from_args
from handlog.reading import HandRecord, ReadReport, read
from handlog.reading.dedupe import Dedupe
from handlog.replayer.model import HandView, record_view

if TYPE_CHECKING:
    from rich.console import Console

    from handlog.db import Database
    from handlog.engine import RulesProfile


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay", help="step through a hand's table states, in the terminal or as an HTML page",
        description="Show a hand as the table after every event: stacks, bets, cards, pots, whose turn, the action"
                    " and each violation where it happens. By default the first hand of PATH.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (recursive); none with --db")
    p.add_argument("--hand", metavar="ID", help="the hand to show (its site's hand number)")
    p.add_argument("--all", action="store_true", help="every hand read (the HTML page lists them)")
    p.add_argument("--step", action="store_true",
                   help="interactive: → or Enter next, ← back, q quit (prints every state without a terminal)")
    p.add_argument("--html", metavar="OUT", help="write one self-contained HTML replayer to OUT")
    add_rules_option(p)
    add_db_argument(p)
    add_filter_arguments(p)
    p.set_defaults(run=run)


def _chosen(records: Iterator[HandRecord], args: argparse.Namespace) -> tuple[list[HandRecord], bool]:
    """The records to show, and whether more hands were read than are shown (the first-hand default)."""
    if args.all:
        return list(records), False
    if args.hand is not None:
        wanted = args.hand.lstrip("#")
        found = next((r for r in records if r.hand_id == wanted), None)
        return ([found] if found is not None else []), False
    first = next(records, None)
    if first is None:
        return [], False
    more = next(records, None) is not None
    return [first], more


def run(args: argparse.Namespace) -> int:
    if args.all and args.hand is not None:
        sys.stderr.write("handlog replay: --hand and --all do not go together\n")
        return EXIT_USAGE
    try:
        rules = rules_from_args(args)
    except RulesFileError as exc:
        return rules_file_problem("replay", exc)
    source = db_source("replay", args)
    if isinstance(source, int):
        return source
    filters = filters_from(args)
    report = ReadReport()
    # a stored hand is parsed again from its text (the database keeps it), so both views come from one replay
    found = read(args.paths, report, Dedupe()) if source is None else stored_records(source, report)
    kept = (r for r in found if filters.keep(r))
    if args.all and args.html is None and not args.step:  # every hand in the terminal: one at a time
        return _stream(kept, rules, report, args, source)
    records, more = _chosen(kept, args)
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    if not records and args.hand is None and not filters.empty:
        from handlog.cli.filtermiss import report_miss, seen_in

        return report_miss("replay", filters, seen_in(args.paths, None, source))
    if not records:
        what = f"no hand {args.hand}" if args.hand is not None else "no hand"
        where = ", ".join(args.paths) if source is None else "the database"
        sys.stderr.write(f"handlog replay: {what} in {where}\n")
        return EXIT_USAGE
    if more:
        sys.stderr.write(
            f"handlog replay: showing the first hand ({records[0].hand_id}); choose another with --hand ID,"
            " or show every hand with --all\n"
        )
    hands = [record_view(r, rules) for r in records]
    if args.html is not None:
        if not _write_html(hands, Path(args.html), listing=args.all):
            return EXIT_USAGE
    else:
        _show(hands, args.step)
    return EXIT_PROBLEMS if any(h["status"] == "unparsed" for h in hands) else EXIT_OK


def _stream(records: Iterator[HandRecord], rules: RulesProfile | None, report: ReadReport,
            args: argparse.Namespace, source: Database | None = None) -> int:
    """``--all`` in the terminal: each hand shown as soon as it is replayed and then let go, so that a file of any
    size is shown in the memory of one hand."""
    from handlog.replayer import terminal

    console = _printing_console()
    shown = unparsed = 0
    for record in records:
        hand = record_view(record, rules)
        terminal.print_hands([hand], console)
        shown += 1
        unparsed += hand["status"] == "unparsed"
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    if not shown and not filters_from(args).empty:
        from handlog.cli.filtermiss import report_miss, seen_in

        return report_miss("replay", filters_from(args), seen_in(args.paths, None, source))
    if not shown:
        where = ", ".join(args.paths) if args.paths else "the database"
        sys.stderr.write(f"handlog replay: no hand in {where}\n")
        return EXIT_USAGE
    return EXIT_PROBLEMS if unparsed else EXIT_OK


def _write_html(hands: list[HandView], out: Path, listing: bool) -> bool:
    from handlog.replayer.html import render_page

    page = render_page(hands, listing=listing)
    tmp = out.with_name(out.name + ".tmp")
    try:
        tmp.write_text(page, encoding="utf-8")
        os.replace(tmp, out)
    except OSError as exc:
        sys.stderr.write(f"handlog replay: cannot write {out}: {exc.strerror or exc}\n")
        tmp.unlink(missing_ok=True)
        return False
    sys.stderr.write(f"handlog replay: wrote {out} ({len(hands)} hand{'s' if len(hands) != 1 else ''})\n")
    return True


def _show(hands: list[HandView], step: bool) -> None:
    from rich.console import Console

    from handlog.replayer import terminal

    if step and terminal.interactive():
        terminal.run_stepper(hands, Console(highlight=False))
        return
    terminal.print_hands(hands, _printing_console())


def _printing_console() -> Console:
    """The console that prints every state: the terminal's width, else 110 columns when piped (unless COLUMNS)."""
    from rich.console import Console

    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 110
    return Console(highlight=False, width=width, soft_wrap=False)
