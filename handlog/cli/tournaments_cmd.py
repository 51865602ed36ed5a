"""``handlog tournaments``: tournament results (one row per site, tournament and player) from the summaries and
the hands' finish lines, or a per-player summary (ITM %, ROI %, buy-ins, prizes, profit, average finish)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE
from handlog.cli.dbopts import add_db_argument
from handlog.events.tournament import Result, SummaryError, TournamentSummary
from handlog.reading import ReadReport

FORMATS = ("table", "csv", "json", "parquet")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from handlog.tournaments.report import BY_CHOICES

    p = sub.add_parser(
        "tournaments",
        help="tournament results, ITM and ROI from summaries and hands",
        description="Read tournament summaries (PokerStars, Full Tilt, Winamax, 888poker, OTS JSON) and the "
        "finish lines of tournament hands (and the owner's result an iPoker session states): one row per site, "
        "tournament and player, or with --summary per player "
        "and currency: tournaments, ITM %, ROI %, buy-ins, prizes, profit, average finish. Exit codes: 0 ok, "
        "1 a summary unread or a filter that selects nothing, 2 usage error.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (recursive); none with --db")
    add_db_argument(p)
    g = p.add_argument_group("filters (files or database alike)")
    g.add_argument("--player", metavar="P", help="only this player's results")
    g.add_argument("--hero", action="store_true", help="only the player each summary was written for")
    g.add_argument("--site", metavar="S", help="only this site's tournaments")
    g.add_argument("--currency", metavar="C", help="only tournaments bought in this currency (USD, EUR, PLAY …)")
    g.add_argument("--since", metavar="DATE", help="tournaments started from this UTC date on")
    g.add_argument("--until", metavar="DATE", help="tournaments started before this date (a date: up to its end)")
    p.add_argument("--summary", action="store_true", help="per player and currency instead of one row a result")
    p.add_argument("--by", action="append", choices=BY_CHOICES, default=[], help="--summary: group also by …")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format (default table)")
    p.add_argument("--output", "-o", metavar="F", help="write to this file (parquet needs it)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from handlog.store.filters import FilterError, parse_when

    if args.by and not args.summary:
        sys.stderr.write("handlog tournaments: --by groups the --summary\n")
        return EXIT_USAGE
    if args.format == "parquet" and not args.output:
        sys.stderr.write("handlog tournaments: parquet needs --output FILE\n")
        return EXIT_USAGE
    if args.db is not None and args.paths:
        sys.stderr.write("handlog tournaments: give files or --db, not both\n")
        return EXIT_USAGE
    if args.db is None and not args.paths:
        sys.stderr.write("handlog tournaments: give files or folders, or --db URL\n")
        return EXIT_USAGE
    try:
        since = parse_when(args.since) if args.since else None
        until = parse_when(args.until, end=True) if args.until else None
    except FilterError as exc:
        sys.stderr.write(f"handlog tournaments: {exc}\n")
        return EXIT_USAGE
    errors: list[SummaryError] = []
    notices: list[str] = []
    usage = False
    if args.db is not None:
        from handlog.cli.dbopts import open_db
        from handlog.store.tournaments import load_results

        db = open_db("tournaments", args.db)
        if db is None:
            return EXIT_USAGE
        with db:
            results, heroes, notices = load_results(db)
    else:
        results, heroes, errors, notices, usage = read_files(args.paths)
    for notice in notices:
        sys.stderr.write(f"handlog tournaments: notice: {notice}\n")
    for err in errors:
        sys.stderr.write(f"handlog tournaments: {err.describe()}\n")
    if usage:
        return EXIT_USAGE
    selected = select(results, heroes, args, since, until)
    if not selected:
        asked = any(getattr(args, k) for k in ("player", "hero", "site", "currency", "since", "until"))
        why = "no tournament result matches the filters" if asked and results else "no tournament results"
        sys.stderr.write(f"handlog tournaments: {why}\n")
        return EXIT_PROBLEMS
    write(selected, args)
    return EXIT_PROBLEMS if errors else EXIT_OK


def read_files(paths: Sequence[str]) -> tuple[list[Result], set[tuple[str, str, str]], list[SummaryError],
                                               list[str], bool]:
    """Results from the files (summaries and hands), their heroes, unread summaries, notices, a usage error."""
    from handlog.cli.common import print_problems
    from handlog.reading import read
    from handlog.tournaments.results import collect, from_hands

    report = ReadReport()
    hands = from_hands(r.hand for r in read(paths, report) if r.hand is not None and r.hand.tournament is not None)
    summaries, errors, usage = summaries_of(report)
    print_problems(report)
    collected = collect(summaries, hands)
    heroes = {(s.site, s.tournament_id, s.hero) for s in summaries if s.hero}
    return collected.results, heroes, errors, collected.notices, usage


def summaries_of(
    report: ReadReport, unknown_files: bool = True
) -> tuple[list[TournamentSummary], list[SummaryError], bool]:
    """The tournament summaries among the files a reading of hands set aside (``report.summaries``, and the files
    it could not read that may be summaries: an Excel export, a file of no known layout), read; those files are
    taken off ``report``'s problems. Also the summaries that could not be read, and whether a usage problem (a
    missing path …) remains. Without ``unknown_files`` a file of no known layout stays a problem (not a summary)."""
    from handlog.formats.summaries import is_summary_file, read_file

    summaries: list[TournamentSummary] = []
    errors: list[SummaryError] = []
    files = list(report.summaries)
    problems = []
    for problem in report.problems:
        if not problem.usage and (
            is_summary_file(Path(problem.file)) or (unknown_files and problem.message.startswith("not a hand"))
        ):
            # an Excel export, or a file of no known layout: an unread summary, with its first line and the layouts
            files.append(problem.file)
        else:
            problems.append(problem)
    report.problems = problems
    for name in files:
        for item in read_file(Path(name)):
            if isinstance(item, SummaryError):
                errors.append(item)
            else:
                summaries.append(item)
    report.summaries = []
    return summaries, errors, any(p.usage for p in problems)


def select(results: list[Result], heroes: set[tuple[str, str, str]], args: argparse.Namespace,
           since: datetime | None, until: datetime | None) -> list[Result]:
    out = []
    for r in results:
        if args.player is not None and r.player != args.player:
            continue
        if args.hero and (r.site, r.tournament_id, r.player) not in heroes:
            continue
        if args.site is not None and r.site.lower() != args.site.lower():
            continue
        if args.currency is not None and r.currency.upper() != args.currency.upper():
            continue
        if since is not None or until is not None:
            when = r.start_utc
            if when is None or when.tzinfo is None:
                continue
            if (since is not None and when < since) or (until is not None and when >= until):
                continue
        out.append(r)
    return out


def write(results: list[Result], args: argparse.Namespace) -> None:
    from handlog.tournaments.report import ROW_COLUMNS, row, summarize, summary_columns

    if args.summary:
        records = summarize(results, args.by)
        columns = summary_columns(args.by)
    else:
        records = [row(r) for r in results]
        columns = ROW_COLUMNS
    if args.format == "table":
        if args.output:
            with open(args.output, "w", encoding="utf-8") as out:
                _table(records, columns, out)
        else:
            _table(records, columns, sys.stdout)
        return
    from handlog.stats.export import RECORD_WRITERS, resolve_output, write_atomic, write_parquet

    name = "tournament-summary" if args.summary else "tournaments"
    if args.format == "parquet":
        import pandas as pd

        frame = pd.DataFrame.from_records([{c: _parquet_cell(rec[c]) for c in columns} for rec in records],
                                          columns=columns)
        for c in ("finish", "entrants", "line", "tournaments", "unfinished", "itm"):
            if c in frame:
                frame[c] = frame[c].astype("Int64")  # whole numbers, missing ones included
        path = resolve_output(args.output, f"{name}.parquet")
        write_atomic(path, lambda p: write_parquet(frame, p), binary=True)
        return
    writer = RECORD_WRITERS[args.format]
    if args.output:
        path = resolve_output(args.output, f"{name}.{args.format}")
        write_atomic(path, lambda f: writer(records, columns, f))
    else:
        writer(records, columns, sys.stdout)


def _parquet_cell(value: Any) -> Any:
    return str(value) if isinstance(value, Decimal) else value


TABLE_COLUMNS = ("site", "tournament_id", "player", "finish", "entrants", "buy_in", "fee", "bounty", "prize",
                 "currency", "profit", "ticket")


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    return str(value)


def _table(records: list[dict[str, Any]], columns: list[str], out: TextIO) -> None:
    shown = [c for c in columns if c in TABLE_COLUMNS] if "tournament_id" in columns else columns
    cells = [[_cell(rec[c]) for c in shown] for rec in records]
    widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(shown)]
    out.write("  ".join(c.ljust(w) for c, w in zip(shown, widths, strict=True)).rstrip() + "\n")
    for row in cells:
        out.write("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() + "\n")
