"""``handlog graph``: a player's winnings graph (cumulative net, showdown, non-showdown, all-in EV) as PNG."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, no_hand_found, print_problems, progress
from handlog.cli.dbopts import (
    UNVERIFIED_NOTE,
    add_db_argument,
    add_filter_arguments,
    add_unverified_argument,
    aliases_from_args,
    db_source,
    filters_from,
    stats_rows,
)
from handlog.cli.filtermiss import Seen, print_duplicates, report_miss
from handlog.reading import ReadReport, read
from handlog.reading.dedupe import Dedupe
from handlog.stats.identity import AliasError, selects, shown_picks


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "graph",
        help="a player's winnings graph (PNG, SVG or PDF)",
        description="Draw a player's cumulative winnings over their hands: net, showdown and non-showdown "
        "winnings and the all-in EV adjusted net. Exit codes: 0 ok, 1 some hand unparsed, 2 usage error.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (recursive); none with --db")
    p.add_argument("--player", required=True, metavar="P",
                   help="whose winnings: a name (on one site: the one with the most hands unless --site) or an alias")
    add_db_argument(p)
    add_filter_arguments(p, player=False)
    p.add_argument("-o", "--output", default="winnings.png", metavar="F",
                   help="the image: PNG, SVG or PDF by its suffix (default winnings.png)")
    p.add_argument(
        "--currency", metavar="C",
        help="the money to draw (USD, EUR, CHIPS …); by default the one the player has most hands in",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_unverified_argument(p)
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
    from handlog.stats.export import OutputPathError, image_format, resolve_output
    from handlog.stats.frame import iter_rows, to_frame
    from handlog.stats.graph import save_graph

    try:
        image_format(resolve_output(args.output, "winnings.png"))  # a bad path is reported before reading hands
    except OutputPathError as exc:
        sys.stderr.write(f"handlog graph: {exc}\n")
        return EXIT_USAGE
    source = db_source("graph", args)
    if isinstance(source, int):
        return source
    filters = filters_from(args, times=True)
    try:
        aliases = aliases_from_args(args, source)
    except AliasError as exc:
        sys.stderr.write(f"handlog graph: {exc}\n")
        return EXIT_USAGE
    report = ReadReport()
    dedupe = Dedupe()
    seen = Seen()
    unparsed = 0
    hands = []
    alias = bool(aliases.members(args.player))
    if source is not None:
        with source:
            rows, unparsed, _ = stats_rows(source, replace(filters, player=None if alias else args.player),
                                           args.allin_ev, args.include_unverified)  # fmt: skip
            from handlog.store.query import seen_values

            seen = seen_values(source)
        table = to_frame(r for r in rows if selects(args.player, r, aliases))
    else:
        read_any = False
        for record in progress(read(args.paths, report, dedupe), args.quiet):
            read_any = True
            if record.hand is None:
                unparsed += 1
                continue
            seen.add(record.hand)
            if filters.matches(record.hand):
                hands.append(record.hand)
        print_problems(report)
        print_duplicates(dedupe)
        if any(p.usage for p in report.problems):
            return EXIT_USAGE
        if not read_any:
            return no_hand_found("graph", args.paths, report)
        if not args.include_unverified:  # as stats: the hands the audit cannot verify are left out, and counted
            from handlog.checks.unknown import replay_unverified, unknown_lines
            from handlog.engine import replay

            verified = [h for h in hands if not (unknown_lines(h) and replay_unverified(replay(h, states=False)))]
            if len(verified) < len(hands):
                sys.stderr.write(UNVERIFIED_NOTE.format(n=len(hands) - len(verified)))
            hands = verified
        table = to_frame(iter_rows(hands, player=args.player, with_allin_ev=args.allin_ev, aliases=aliases,
                                   zones=filters.zones, include_unverified=True))  # fmt: skip
    if table.empty:
        return report_miss("graph", replace(filters, player=args.player), seen, aliases)
    picked = ({"site": s, "player": p} for s, p in zip(table["site"], table["player"], strict=True))
    shown_picks(picked, None if alias else args.player, aliases if alias else None).check()  # one player
    if not alias:  # a player is (site, name): one site's hands, the one with the most unless --site chose
        sites = table["site"].value_counts()
        if len(sites) > 1:
            site = str(sites.index[0])
            if not args.quiet:
                others = ", ".join(f"{s} ({n} hands)" for s, n in sites.items() if s != site)
                sys.stderr.write(f"handlog graph: drawing {args.player} on {site}; also found {others} (choose "
                                 "with --site, or merge accounts with --aliases)\n")  # fmt: skip
            table = table[table["site"] == site]
    # one player's rows: an alias's accounts, or a name (PokerNow's display name, or its "name @ id" in every form
    # the table showed) drawn as one player
    table = table.assign(player=args.player)
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
    # chips of different tournaments do not add up: each hand in its own big blinds (money: graph --tournaments)
    tournaments = table["tournament_id"].nunique(dropna=False) if "tournament_id" in table else 1
    in_big_blinds = tournaments > 1 and bool(table["tournament_id"].notna().any())
    if in_big_blinds and not args.quiet:
        sys.stderr.write(f"handlog graph: {args.player}'s {currency} hands are of {tournaments} tournaments: drawn "
                         "in big blinds (chips of different tournaments do not add up; money: graph --tournaments)\n")
    try:
        _, series = save_graph(table, args.player, args.output, in_big_blinds=in_big_blinds)
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
    from handlog.stats.export import OutputPathError, image_format, resolve_output
    from handlog.tournaments.graph import profit_series, save

    try:
        image_format(resolve_output(args.output, "tournaments.png"))
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
