"""``handlog stats``: player statistics from hand histories, per player (or group) or per hand and player."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, print_problems, progress_records
from handlog.cli.rules_option import RulesFileError, add_rules_option, rules_file_problem, rules_from_args
from handlog.events import Hand
from handlog.reading import ReadReport

if TYPE_CHECKING:  # pandas and the statistics load only when the command runs (a fast start for the others)
    import pandas as pd

    from handlog.engine import Replay

GROUPS = ("game", "month", "position", "stakes")
"""What ``--by`` accepts (the keys of ``handlog.stats.frame.GROUPS``; a test keeps them equal)."""

AGGREGATE_FORMATS = ("table", "csv", "json", "parquet")
PER_HAND_FORMATS = ("jsonl", "csv", "parquet")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "stats",
        help="player statistics (VPIP, PFR, 3-bet, c-bet, winnings …)",
        description="Player statistics. Money is exact (decimal strings in CSV and JSON). Percentages are "
        "actions over opportunities. Exit codes: 0 all hands read, 1 some hand unparsed, 2 usage error.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (recursive)")
    p.add_argument("--player", metavar="P", help="only this player")
    p.add_argument("--by", action="append", choices=sorted(GROUPS), default=[], help="group per player and …")
    p.add_argument("--per-hand", action="store_true", help="one record per hand and player")
    p.add_argument("--format", choices=sorted({*AGGREGATE_FORMATS, *PER_HAND_FORMATS}), help="output format")
    p.add_argument("--output", "-o", metavar="F", help="write to this file (or folder) instead of stdout")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--no-allin-ev", dest="allin_ev", action="store_false",
        help="skip the all-in expectation (exact, ~1 s per preflop all-in); net_allin_ev is then net",
    )
    add_rules_option(p)
    p.set_defaults(run=run)


def _hands(
    paths: list[str], report: ReadReport, quiet: bool, unparsed: list[int], other_games: Counter[str]
) -> Iterator[Hand]:
    from handlog.stats.frame import SUPPORTED_GAMES

    for record in progress_records(paths, report, quiet=quiet):
        if record.hand is None:
            unparsed[0] += 1
        elif record.hand.game not in SUPPORTED_GAMES:
            other_games[record.hand.game_name or record.hand.game.value] += 1
        else:
            yield record.hand


def run(args: argparse.Namespace) -> int:
    from handlog.engine import replay
    from handlog.stats.export import OutputPathError, resolve_output, stream_rows, write_atomic, write_frame
    from handlog.stats.frame import FIELDS, aggregate, iter_rows, to_frame

    try:
        rules = rules_from_args(args)
    except RulesFileError as exc:
        return rules_file_problem("stats", exc)

    def replay_under_rules(hand: Hand) -> Replay:
        return replay(hand, rules, states=False)

    fmt = args.format or ("jsonl" if args.per_hand else "table")
    allowed = PER_HAND_FORMATS if args.per_hand else AGGREGATE_FORMATS
    if fmt not in allowed:
        kind = "--per-hand" if args.per_hand else "player statistics"
        sys.stderr.write(f"handlog stats: --format {fmt} is not available for {kind} ({', '.join(allowed)})\n")
        return EXIT_USAGE
    if args.per_hand and args.by:
        sys.stderr.write("handlog stats: --by groups the per-player statistics, not --per-hand records\n")
        return EXIT_USAGE
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        sys.stderr.write(f"handlog stats: no such file or folder: {missing[0]}\n")
        return EXIT_USAGE
    name = "hands" if args.per_hand else "stats"
    try:
        target = None if args.output is None else resolve_output(args.output, f"{name}.{fmt}")
        if fmt == "parquet" and target is None:
            raise OutputPathError("parquet needs --output FILE")
    except OutputPathError as exc:
        sys.stderr.write(f"handlog stats: {exc}\n")
        return EXIT_USAGE
    report = ReadReport()
    unparsed = [0]
    other_games: Counter[str] = Counter()
    hands = _hands(args.paths, report, args.quiet, unparsed, other_games)
    if args.per_hand and fmt in ("jsonl", "csv"):
        rows = iter_rows(hands, player=args.player, with_allin_ev=args.allin_ev, replay=replay_under_rules)
        columns = list(FIELDS)
        if target is None:
            count = stream_rows(rows, fmt, columns, sys.stdout)
        else:
            counted: list[int] = []
            write_atomic(target, lambda out: counted.append(stream_rows(rows, fmt, columns, out)))
            count = counted[0]
    else:
        table = to_frame(iter_rows(hands, player=args.player, with_allin_ev=args.allin_ev, replay=replay_under_rules))
        frame = table if args.per_hand else aggregate(table, by=args.by, player=args.player)
        count = len(frame)
        if fmt == "table":
            print_table(frame, args.by)
        else:
            write_frame(frame, fmt, target, sys.stdout, default_name=name)
    print_problems(report)
    if target is not None and not args.quiet:
        sys.stderr.write(f"handlog: wrote {count} records to {target}\n")
    if other_games:
        left = ", ".join(f"{n} {game}" for game, n in sorted(other_games.items()))
        sys.stderr.write(f"handlog: no statistics for these games yet, left out: {left}\n")
    if unparsed[0]:
        sys.stderr.write(f"handlog: {unparsed[0]} hands could not be parsed and were left out\n")
        return EXIT_PROBLEMS
    return EXIT_OK


LABELS = {
    "hands": "Hands",
    "vpip_pct": "VPIP",
    "pfr_pct": "PFR",
    "three_bet_pct": "3B",
    "fold_to_three_bet_pct": "F3B",
    "four_bet_pct": "4B",
    "steal_pct": "Steal",
    "fold_sb_to_steal_pct": "FSB",
    "fold_bb_to_steal_pct": "FBB",
    "cbet_flop_pct": "CB F",
    "cbet_turn_pct": "CB T",
    "cbet_river_pct": "CB R",
    "fold_to_cbet_flop_pct": "FCB F",
    "fold_to_cbet_turn_pct": "FCB T",
    "fold_to_cbet_river_pct": "FCB R",
    "check_raise_flop_pct": "XR F",
    "af": "AF",
    "afq_pct": "AFq",
    "wtsd_pct": "WTSD",
    "wsd_pct": "W$SD",
    "wwsf_pct": "WWSF",
    "net": "Net",
    "bb_per_100": "bb/100",
    "showdown_net": "SD net",
    "non_showdown_net": "non-SD net",
    "net_allin_ev": "All-in EV net",
}


COMPACT = ("hands", "vpip_pct", "pfr_pct", "three_bet_pct", "steal_pct", "cbet_flop_pct", "fold_to_cbet_flop_pct",
           "af", "wtsd_pct", "wsd_pct", "net", "bb_per_100", "net_allin_ev")  # fmt: skip
"""The columns of the one-row-per-player table (the full set is shown when there are four rows or fewer)."""


def _fmt(name: str, value: Any) -> str:
    if value is None or (isinstance(value, float) and value != value):  # None or NaN
        return "-"
    if isinstance(value, Decimal):
        return f"{value:,.2f}"
    if name == "af" or name == "bb_per_100":
        return f"{value:.2f}"
    if name.endswith("_pct"):
        return f"{value:.1f}"
    return str(value)


def print_table(frame: pd.DataFrame, by: list[str]) -> None:
    """A readable terminal table: one column per player (or group) when there are few, else one row each."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 160))
    keys = ["player", "currency", *by]
    if frame.empty:
        console.print("no hands")
        return
    if len(frame) <= 4:
        table = Table(show_header=True, header_style="bold")
        table.add_column("")
        for _, row in frame.iterrows():
            table.add_column(" / ".join(str(row[k]) for k in keys), justify="right")
        for name, label in LABELS.items():
            table.add_row(label, *(_fmt(name, row[name]) for _, row in frame.iterrows()))
    else:
        table = Table(show_header=True, header_style="bold")
        for k in keys:
            table.add_column(k)
        for name in COMPACT:
            table.add_column(LABELS[name], justify="right")
        for _, row in frame.iterrows():
            table.add_row(*(str(row[k]) for k in keys), *(_fmt(name, row[name]) for name in COMPACT))
    console.print(table)
