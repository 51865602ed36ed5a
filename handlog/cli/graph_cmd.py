"""``handlog graph``: a player's winnings graph (cumulative net, showdown, non-showdown, all-in EV) as PNG."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, print_problems, progress_records
from handlog.cli.dbopts import add_db_argument, add_filter_arguments, db_source, filters_from, stats_rows
from handlog.reading import ReadReport


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "graph",
        help="a player's winnings graph (PNG)",
        description="Draw a player's cumulative winnings over their hands: net, showdown and non-showdown "
        "winnings and the all-in EV adjusted net. Exit codes: 0 ok, 1 some hand unparsed, 2 usage error.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (recursive); none with --db")
    p.add_argument("--player", required=True, metavar="P", help="whose winnings")
    add_db_argument(p)
    add_filter_arguments(p, player=False)
    p.add_argument("-o", "--output", default="winnings.png", metavar="F", help="PNG file (default winnings.png)")
    p.add_argument(
        "--currency", metavar="C",
        help="the money to draw (USD, EUR, CHIPS …); by default the one the player has most hands in",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--tournaments", action="store_true",
        help="cumulative profit in money over the player's tournaments (summaries and finish lines)",
    )
    p.add_argument(
        "--no-allin-ev", dest="allin_ev", action="store_false",
        help="skip the all-in expectation line (exact, a few ms per all-in)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.tournaments:
        return run_tournaments(args)
    from handlog.stats.export import OutputPathError, resolve_output
    from handlog.stats.frame import per_hand, to_frame
    from handlog.stats.graph import save_graph

    try:
        resolve_output(args.output, "winnings.png")  # a bad path is reported before the hands are read
    except OutputPathError as exc:
        sys.stderr.write(f"handlog graph: {exc}\n")
        return EXIT_USAGE
    source = db_source("graph", args)
    if isinstance(source, int):
        return source
    filters = filters_from(args)
    report = ReadReport()
    unparsed = 0
    hands = []
    if source is not None:
        with source:
            rows, unparsed, _ = stats_rows(source, filters, args.allin_ev)
        table = to_frame(rows)
    else:
        for record in progress_records(args.paths, report, quiet=args.quiet):
            if record.hand is None:
                unparsed += 1
            elif filters.matches(record.hand):
                hands.append(record.hand)
        print_problems(report)
        if any(p.usage for p in report.problems):
            return EXIT_USAGE
        table = per_hand(hands, player=args.player, with_allin_ev=args.allin_ev)
    if table.empty:
        sys.stderr.write(f"handlog graph: no hands of {args.player!r} found\n")
        return EXIT_PROBLEMS
    # one line per currency: euros, dollars and tournament chips are never added together
    counts = table["currency"].value_counts()
    currency = args.currency or str(counts.index[0])
    if currency not in counts.index:
        found = ", ".join(f"{c} ({n} hands)" for c, n in counts.items())
        sys.stderr.write(f"handlog graph: {args.player} has no {currency} hands; found {found}\n")
        return EXIT_USAGE
    if len(counts) > 1 and not args.quiet:
        others = ", ".join(f"{c} ({n} hands)" for c, n in counts.items() if c != currency)
        sys.stderr.write(f"handlog graph: drawing {currency}; also found {others} (choose with --currency)\n")
    table = table[table["currency"] == currency]
    try:
        _, series = save_graph(table, args.player, args.output)
    except OutputPathError as exc:
        sys.stderr.write(f"handlog graph: {exc}\n")
        return EXIT_USAGE
    if not args.quiet:
        sys.stderr.write(f"handlog: {len(series)} hands of {args.player} drawn to {args.output}\n")
    return EXIT_PROBLEMS if unparsed else EXIT_OK


def run_tournaments(args: argparse.Namespace) -> int:
    """``--tournaments``: the player's cumulative tournament profit in one currency (his most played by default)."""
    from collections import Counter

    from handlog.cli.tournaments_cmd import read_files
    from handlog.stats.export import OutputPathError, resolve_output
    from handlog.tournaments.graph import profit_series, save

    try:
        resolve_output(args.output, "tournaments.png")
    except OutputPathError as exc:
        sys.stderr.write(f"handlog graph: {exc}\n")
        return EXIT_USAGE
    errors: Sequence[object] = ()
    if args.db is not None or not args.paths:
        from handlog.cli.dbopts import open_db
        from handlog.store.tournaments import load_results

        db = open_db("graph", args.db)
        if db is None:
            return EXIT_USAGE
        with db:
            results, _, _ = load_results(db)
    else:
        results, _, errors, _, usage = read_files(args.paths)
        if usage:
            return EXIT_USAGE
    mine = [r for r in results if r.player == args.player and r.finish is not None and r.cost is not None]
    if not mine:
        sys.stderr.write(f"handlog graph: no finished tournament of {args.player!r} with a known buy-in\n")
        return EXIT_PROBLEMS
    counts = Counter(r.currency for r in mine)
    currency = args.currency or counts.most_common(1)[0][0]
    series = profit_series(mine, args.player, currency)
    if not series:
        found = ", ".join(f"{c} ({n})" for c, n in counts.most_common())
        sys.stderr.write(f"handlog graph: {args.player} has no {currency} tournaments; found {found}\n")
        return EXIT_USAGE
    try:
        save(series, args.output, f"{args.player}: {len(series)} tournaments", currency)
    except OutputPathError as exc:
        sys.stderr.write(f"handlog graph: {exc}\n")
        return EXIT_USAGE
    if not args.quiet:
        sys.stderr.write(f"handlog: {len(series)} tournaments of {args.player} drawn to {args.output} "
                         f"(profit {series[-1][1]} {currency})\n")
    return EXIT_PROBLEMS if errors else EXIT_OK
