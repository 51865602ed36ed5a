"""``handlog report``: one self-contained HTML page of the statistics (every counter a column), the winnings graph,
the positional breakdown, the tournaments and the audit's violations, each linked to its hand in a replay page
written beside the report. Exit codes: 0 all hands read, 1 some hand unparsed, 2 usage error."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, add_jobs_argument, no_hand_found, print_problems
from handlog.cli.common import progress as progress_bar
from handlog.cli.dbopts import (
    UNVERIFIED_NOTE,
    add_db_argument,
    add_filter_arguments,
    add_unverified_argument,
    aliases_from_args,
    db_source,
    filters_from,
    stored_records,
)
from handlog.cli.rules_option import RulesFileError, add_rules_option, rules_file_problem, rules_from_args
from handlog.stats.export import OutputPathError, resolve_output, write_atomic
from handlog.stats.identity import AliasError
from handlog.store.filters import FilterError

if TYPE_CHECKING:
    from handlog.events.tournament import Result
    from handlog.replayer.model import HandView
    from handlog.report.collect import Part

REPLAY_HANDS = 200
"""Hands per replay page written beside the report (each page opens at once; a link names its page and hand)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "report",
        help="one HTML page: player statistics, winnings graph, positions, tournaments, violations",
        description="Write one self-contained HTML page (no network): the player table (sortable, filterable, "
        "every statistic a column), the winnings graph, the statistics by position, the tournaments and the audit's "
        "violations, each linked to its hand in replay pages written beside the report (REPORT.replay-N.html). "
        "Exit codes: 0 all hands read, 1 some hand unparsed, 2 usage error.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (recursive); none with --db")
    add_db_argument(p)
    add_filter_arguments(p)
    p.add_argument("-o", "--output", default="report.html", metavar="F",
                   help="the page (default report.html; a folder: report.html in it)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_unverified_argument(p)
    p.add_argument("--no-allin-ev", dest="allin_ev", action="store_false",
                   help="skip the all-in expectation (exact, a few ms per all-in); its line is then the net")
    add_jobs_argument(p)
    add_rules_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        target = resolve_output(args.output, "report.html")  # a bad path is said before any hand is read
    except OutputPathError as exc:
        sys.stderr.write(f"handlog report: {exc}\n")
        return EXIT_USAGE
    if args.paths and args.db is None:
        missing = [p for p in args.paths if not Path(p).exists()]
        if missing:
            sys.stderr.write(f"handlog report: no such file or folder: {missing[0]}\n")
            return EXIT_USAGE
    try:
        rules = rules_from_args(args)
    except RulesFileError as exc:
        return rules_file_problem("report", exc)
    source = db_source("report", args)
    if isinstance(source, int):
        return source
    try:
        filters = filters_from(args, times=True)
        aliases = aliases_from_args(args, source)
    except (FilterError, AliasError) as exc:
        if source is not None:
            source.close()
        sys.stderr.write(f"handlog report: {exc}\n")
        return EXIT_USAGE
    from handlog.cli.filtermiss import print_duplicates
    from handlog.cli.tournaments_cmd import summaries_of
    from handlog.reading import ReadReport
    from handlog.reading.dedupe import Dedupe
    from handlog.report.collect import Part, collect, collect_batch, merge

    player = args.player
    # the hands chosen: a player's own (a name; an alias's accounts are chosen per row), and their rows alone
    chosen = filters if player is not None and not aliases.members(player) else filters.hand_level()
    report = ReadReport()
    dedupe = Dedupe()
    whole = Part()
    replays = Replays(target)
    results: list[Result] = []
    heroes: set[tuple[str, str, str]] = set()
    notices: list[str] = []
    if source is not None:
        from handlog.store.tournaments import load_results

        with source:
            part = collect(stored_records(source, report), chosen, player, aliases, rules, args.allin_ev,
                           args.include_unverified)  # fmt: skip
            merge(whole, part)
            results, heroes, notices = load_results(source)
    else:
        task = partial(collect_batch, chosen, player, aliases, rules, args.allin_ev, args.include_unverified)
        from handlog.parallel import map_batches

        for part in progress_bar(map_batches(task, args.paths, report, args.jobs, dedupe=dedupe), args.quiet,
                                 hands=lambda p: p.hands):  # fmt: skip
            merge(whole, part)
            try:
                replays.add(whole.views)
            except (OutputPathError, OSError) as exc:
                sys.stderr.write(f"handlog report: cannot write beside {target}: {exc}\n")
                return EXIT_USAGE
        summaries, errors, _ = summaries_of(report, unknown_files=False)
        for err in errors:
            sys.stderr.write(f"handlog report: {err.describe()}\n")
        if summaries or whole.tournaments:
            from handlog.tournaments.results import collect as collect_results

            collected = collect_results(summaries, whole.tournaments)
            results, notices = collected.results, collected.notices
            heroes = {(s.site, s.tournament_id, s.hero) for s in summaries if s.hero}
    results = [r for r in results if (player is None or r.player == player)
               and (args.site is None or r.site.lower() == args.site.lower())]  # fmt: skip
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    if source is None and not whole.hands and not results:
        return no_hand_found("report", args.paths, report)
    print_duplicates(dedupe)
    try:
        replays.add(whole.views, last=True)
        data = _page(whole, args, replays.links, results, report.files, notices, heroes)
        from handlog.report.page import render_report

        page = render_report(data)
        write_atomic(target, lambda out: out.write(page))
    except (OutputPathError, OSError) as exc:
        sys.stderr.write(f"handlog report: cannot write {target}: {exc}\n")
        return EXIT_USAGE
    if not args.quiet:
        sys.stderr.write(f"handlog report: wrote {target} ({whole.hands - whole.left_out} hands, "
                         f"{len(whole.violated)} with violations)\n")  # fmt: skip
    if whole.unverified:
        sys.stderr.write(UNVERIFIED_NOTE.format(n=whole.unverified))
    if whole.unparsed:
        sys.stderr.write(f"handlog: {whole.unparsed} hands could not be parsed and were left out\n")
        return EXIT_PROBLEMS
    return EXIT_OK


def replay_name(target: Path, n: int) -> str:
    """The name of the ``n``-th replay page (from 1) beside the report ``target``."""
    return f"{target.stem}.replay-{n}.html"


class Replays:
    """The hands with violations drawn by the replayer, written ``REPLAY_HANDS`` a page beside the report as they
    come (memory holds one page's hands at most), and the link to each: its page and its place there
    (``NAME.replay-2.html#hand=17&violation``: the page opens that hand at its first violation)."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.links: list[str | None] = []
        self.pages = 0

    def add(self, views: list[HandView], last: bool = False) -> None:
        """Write every full page of ``views`` (all of them when ``last``) and take those hands off the list."""
        while len(views) >= REPLAY_HANDS or (last and views):
            self._write(views[:REPLAY_HANDS])
            del views[:REPLAY_HANDS]

    def _write(self, views: list[HandView]) -> None:
        from handlog.replayer.html import render_page
        from handlog.report.page import clean

        self.pages += 1
        name = replay_name(self.target, self.pages)
        path = resolve_output(self.target.parent / name, name)
        page = render_page(clean(views), listing=True)
        write_atomic(path, lambda out: out.write(page))
        self.links.extend(f"{quote(name)}#hand={i}&violation" for i in range(len(views)))


def _page(whole: Part, args: argparse.Namespace, links: list[str | None], results: list[Result], files: int,
          notices: list[str], heroes: set[tuple[str, str, str]]) -> dict[str, Any]:
    from handlog.cli.stats_cmd import COMPACT, LABELS
    from handlog.report.page import page_data

    shown = [*COMPACT, "showdown_net", "non_showdown_net", "net_showdown", "net_non_showdown"]
    hands = whole.hands - whole.left_out
    return page_data(whole, labels=LABELS, shown=shown, player=args.player, links=links, results=results,
                     files=files, title=f"handlog report: {hands} hands", notices=notices, heroes=heroes)  # fmt: skip
