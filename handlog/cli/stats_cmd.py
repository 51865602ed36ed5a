"""``handlog stats``: player statistics from hand histories, per player (or group) or per hand and player."""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import partial
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from handlog.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    EngineError,
    add_engine_arguments,
    add_jobs_argument,
    engine_executor,
    no_hand_found,
    print_problems,
    progress,
)
from handlog.cli.dbopts import (
    UNVERIFIED_NOTE,
    add_db_argument,
    add_filter_arguments,
    add_unverified_argument,
    aliases_from_args,
    db_source,
    filters_from,
    streamed_stats_rows,
)
from handlog.cli.filtermiss import Seen, print_duplicates, report_miss
from handlog.cli.rules_option import RulesFileError, add_rules_option, rules_file_problem, rules_from_args
from handlog.engine import RulesProfile
from handlog.events import Hand
from handlog.parallel import Batch, map_batches, records
from handlog.reading import ReadReport
from handlog.reading.dedupe import Dedupe
from handlog.stats.export import OutputPathError, resolve_output
from handlog.stats.identity import AliasError, Aliases
from handlog.stats.totals import Totals, with_ids
from handlog.stats.totals import columns as totals_columns
from handlog.store.filters import Filters

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from handlog.db import Database

GROUPS = ("game", "month", "pot", "position", "site", "stakes", "tournament")
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
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (recursive); none with --db")
    add_db_argument(p)
    add_filter_arguments(p)
    p.add_argument("--by", action="append", choices=sorted(GROUPS), default=[], help="group per player and …")
    p.add_argument("--per-hand", action="store_true", help="one record per hand and player")
    p.add_argument("--format", choices=sorted({*AGGREGATE_FORMATS, *PER_HAND_FORMATS}), help="output format")
    p.add_argument(
        "--columns", metavar="C,C…", type=_column_list,
        help="the table's statistics, by name or label (vpip, 3B, cbet_flop_pct, net …; default: hands, VPIP, "
        "PFR, 3B, AF, WTSD, W$SD, bb/100, net, all-in EV net)",
    )
    p.add_argument("--counts", action="store_true", help="each percentage with its counts in the table: 16.7 (1/6)")
    p.add_argument("--output", "-o", metavar="F", help="write to this file (or folder) instead of stdout")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_unverified_argument(p)
    p.add_argument(
        "--no-allin-ev", dest="allin_ev", action="store_false",
        help="skip the all-in expectation (exact, a few ms per all-in); net_allin_ev is then net",
    )
    add_jobs_argument(p)
    add_engine_arguments(p)
    add_rules_option(p)
    p.add_argument(
        "--dataset", metavar="DIR",
        help="--engine dask: the folder, reachable by every worker, where they write the per-hand records as a "
        "partitioned Parquet dataset (default: a temporary folder, removed afterwards)",
    )
    p.set_defaults(run=run)


@dataclass(slots=True)
class Part:
    """What a worker sends back for a batch of hands: partial totals (or the per-hand rows, values in
    ``FIELDS`` order), and the hands left out."""

    hands: int = 0
    unparsed: int = 0
    unverified: int = 0
    other_games: Counter[str] = field(default_factory=Counter)
    seen: Seen = field(default_factory=Seen)  # what a filter could have selected (for "did you mean")
    local: int = 0  # hands a time filter or --by month placed by their wall-clock time (zone unknown)
    untimed: int = 0  # hands a time filter left out as they have no time at all
    totals: Totals | None = None
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    dataset_part: str | None = None  # --engine dask: the Parquet part the worker wrote instead


def part(
    per_hand: bool, by: tuple[str, ...], player: str | None, with_allin_ev: bool, rules: RulesProfile | None,
    filters: Filters, aliases: Aliases, batch: Batch, include_unverified: bool = False,
) -> Part:
    """The statistics of one batch of hands (runs in a worker process), replayed under the house ``rules`` (else
    each hand's site's); the hands ``filters`` (hand-level: ``player`` picks rows) leave out are skipped, and so,
    counted, are those the audit cannot verify (an unknown line, ``docs/unknown-lines.md``) unless
    ``include_unverified``."""
    from handlog.checks.unknown import replay_unverified, unknown_lines
    from handlog.engine import replay
    from handlog.stats.frame import FIELDS, SUPPORTED_GAMES, iter_rows

    out = Part(hands=len(batch), totals=None if per_hand else Totals(by, player, aliases))
    hands: list[Hand] = []
    placing = filters.timed or "month" in by
    # what a filter could have selected: asked for only when a filter (or --player) selects nothing
    seeing = player is not None or not filters.empty
    for record in records(batch):
        hand = record.hand
        if hand is None:
            out.unparsed += 1
            continue
        if seeing:
            out.seen.add(hand)
        if not filters.matches(hand):
            out.untimed += filters.timed and filters.placed(hand) == "none"
            continue
        out.local += placing and filters.placed(hand) == "local"
        if hand.game not in SUPPORTED_GAMES:
            out.other_games[hand.game_name or hand.game.value] += 1
        else:
            hands.append(hand)
    under_rules = partial(replay, rules=rules, states=False)
    if not include_unverified:
        verified = [h for h in hands if not (unknown_lines(h) and replay_unverified(under_rules(h)))]
        out.unverified, hands = len(hands) - len(verified), verified
    equity_loaded = EQUITY in sys.modules
    rows = iter_rows(hands, player=player, with_allin_ev=with_allin_ev, replay=under_rules, aliases=aliases,
                     zones=filters.zones, include_unverified=True)  # fmt: skip
    if out.totals is None:
        out.rows = [tuple(row[name] for name in FIELDS) for row in rows]
    else:
        out.totals.update(rows)
    if not equity_loaded and EQUITY in sys.modules:  # this batch's first all-in loaded numpy and the tables
        gc.freeze()
    return out


EQUITY = "handlog.stats.equity"
"""The all-in EV's module, imported with numpy at the first all-in (a run without one never loads them). What it
loads then lives as long as the process, as the modules ``cli.main`` freezes at start-up: ``part`` freezes it
too, once, so that the cyclic collector stops walking those ~7,500 objects at every collection of the older
generations (frozen with them: the few objects still alive at that moment, the batch's rows gone)."""


def stored_parts(
    source: Database, filters: Filters, with_allin_ev: bool, per_hand: bool, by: tuple[str, ...], player: str | None,
    aliases: Aliases | None = None, include_unverified: bool = False,
) -> Iterator[Part]:
    """The statistics of the database's stored per-hand records, read as they stream from it: one Part of totals,
    or the per-hand rows a thousand at a time (memory by players, or by a thousand rows, never by stored hands)."""
    from handlog.stats.frame import FIELDS
    from handlog.store.query import seen_values

    aliases = aliases if aliases is not None else Aliases()
    if player is not None and aliases.members(player):  # an alias: its accounts are picked per row
        filters = replace(filters, player=None)
    placing = filters.timed or "month" in by
    local: set[tuple[str, str]] = set()

    def counted(rows: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for row in rows:
            if placing and row["time"] is None and row["local_time"] is not None:
                local.add((row["site"], row["hand_id"]))
            yield row

    streamed = streamed_stats_rows(source, filters, with_allin_ev, include_unverified)
    with streamed as (stored_rows, unparsed, other):
        first = Part(unparsed=unparsed, other_games=other, seen=seen_values(source))
        stored = counted(stored_rows)
        if not per_hand:
            first.totals = Totals(by, player, aliases).update(stored)
            first.local = len(local)
            yield first
            return
        rows = (tuple(row[name] for name in FIELDS) for row in stored)
        yielded = False
        while chunk := list(islice(rows, 1000)):
            first.rows = chunk
            yield first
            first, yielded = Part(), True
        if not yielded or local:  # the counts (and what was seen) come through even with no rows
            first.local = len(local)
            yield first


def dataset_part(
    folder: str, player: str | None, with_allin_ev: bool, rules: RulesProfile | None, filters: Filters,
    aliases: Aliases, by: tuple[str, ...], batch: Batch, include_unverified: bool = False,
) -> Part:
    """The per-hand records of one batch written as a part of the dataset in ``folder`` (runs on a Dask
    worker); only the counts of hands left out come back."""
    from handlog.cluster import write_part

    # ``by``: what to count as placed
    out = part(True, by, player, with_allin_ev, rules, filters, aliases, batch, include_unverified)
    return Part(hands=out.hands, unparsed=out.unparsed, unverified=out.unverified, other_games=out.other_games,
                seen=out.seen, local=out.local, untimed=out.untimed, dataset_part=write_part(folder, out.rows))


def _dataset_folder(path: str | None, stack: ExitStack) -> str:
    """Where the workers write the per-hand dataset: ``--dataset`` (created, and refused if it already holds
    parts), or a temporary folder removed afterwards."""
    if path is None:
        return stack.enter_context(tempfile.TemporaryDirectory(prefix="handlog-dataset-"))
    folder = Path(path)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise OutputPathError(f"--dataset must be a folder: {folder}")
    from handlog.cluster import PART_GLOB

    folder.mkdir(parents=True, exist_ok=True)
    if any(folder.glob(PART_GLOB)):
        raise OutputPathError(f"{folder} already holds a dataset; choose an empty folder")
    return str(folder.resolve())


def _one_blas_thread() -> None:
    """No BLAS threads: statistics do no linear algebra, but numpy's OpenBLAS starts a thread per core when
    numpy loads (for the all-in EV), and they spin: about 70 ms of CPU per process on 2 cores, more than the
    import itself (``perf stat`` of ``import numpy``: 189 against 117 ms task-clock). Set before numpy loads,
    inherited by the workers; a value the user set is kept."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _load_equity_tables() -> None:
    """numpy, the hand-value tables, the heads-up preflop table and what a preflop enumeration reads, loaded once
    before the workers start rather than in each, and frozen (see ``EQUITY``) for every worker."""
    from handlog.stats.equity import heads_up_table, preflop_ready, tables

    tables()
    heads_up_table()
    preflop_ready()
    gc.freeze()


def run(args: argparse.Namespace) -> int:
    _one_blas_thread()
    fmt = args.format or ("jsonl" if args.per_hand else "table")
    allowed = PER_HAND_FORMATS if args.per_hand else AGGREGATE_FORMATS
    if fmt not in allowed:
        kind = "--per-hand" if args.per_hand else "player statistics"
        sys.stderr.write(f"handlog stats: --format {fmt} is not available for {kind} ({', '.join(allowed)})\n")
        return EXIT_USAGE
    if args.per_hand and args.by:
        sys.stderr.write("handlog stats: --by groups the per-player statistics, not --per-hand records\n")
        return EXIT_USAGE
    if args.paths and args.db is None:  # a missing file is a usage error at once (before any reading)
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
    try:
        rules = rules_from_args(args)
    except RulesFileError as exc:
        return rules_file_problem("stats", exc)
    if args.engine == "dask" and args.per_hand:
        sys.stderr.write("handlog stats: with --engine dask the per-hand records are the --dataset itself\n")
        return EXIT_USAGE
    source = db_source("stats", args)
    if isinstance(source, int):
        return source
    if source is not None:  # the hand database: its stored records, read here
        refused = "--engine dask reads files, not --db" if args.engine == "dask" else None
        if rules is not None:  # the stored counters were counted at import, under each site's rules
            refused = "--rules replays the hands: give the files, not --db (its counters were made at import)"
        if refused is not None:
            source.close()
            sys.stderr.write(f"handlog stats: {refused}\n")
            return EXIT_USAGE
        with source:
            return _run(args, fmt, name, target, None, None, rules, source)
    with ExitStack() as stack:
        try:
            executor = stack.enter_context(engine_executor(args))
            folder = _dataset_folder(args.dataset, stack) if executor is not None else None
        except (EngineError, OutputPathError) as exc:
            sys.stderr.write(f"handlog stats: {exc}\n")
            return EXIT_USAGE
        return _run(args, fmt, name, target, executor, folder, rules, None)


def _run(
    args: argparse.Namespace, fmt: str, name: str, target: Path | None, executor: Executor | None, folder: str | None,
    rules: RulesProfile | None, source: Database | None,
) -> int:
    """The statistics of the files (over ``--jobs`` workers or a Dask cluster) or of the database ``source``
    (its stored per-hand records): both feed the same output code, so both print the same."""
    from handlog.stats.export import RECORD_WRITERS, stream_rows, write_atomic, write_frame
    from handlog.stats.frame import FIELDS, SHOWN_FIELDS, records_frame, shown_rows, to_frame

    report = ReadReport()
    unparsed = left_unverified = read_hands = 0
    other_games: Counter[str] = Counter()
    seen = Seen()
    placed = {"local": 0, "untimed": 0}
    by = tuple(args.by)
    filters = filters_from(args, times=True)
    try:
        aliases = aliases_from_args(args, source)
    except AliasError as exc:
        sys.stderr.write(f"handlog stats: {exc}\n")
        return EXIT_USAGE
    parts: Iterator[Part]
    dedupe = Dedupe()
    if source is not None:
        parts = stored_parts(source, filters, args.allin_ev, args.per_hand, by, args.player, aliases,
                             args.include_unverified)  # fmt: skip
    else:
        hand_level = filters.hand_level()
        unverified = args.include_unverified
        task: Callable[[Batch], Part] = partial(
            part, args.per_hand, by, args.player, args.allin_ev, rules, hand_level, aliases,
            include_unverified=unverified,
        )
        if folder is not None:
            task = partial(dataset_part, folder, args.player, args.allin_ev, rules, hand_level, aliases, by,
                           include_unverified=unverified)  # fmt: skip
        prepare = _load_equity_tables if args.allin_ev else None
        batches = map_batches(task, args.paths, report, args.jobs, prepare, executor, dedupe=dedupe)
        parts = progress(batches, args.quiet, hands=lambda p: p.hands)

    def counted(parts: Iterator[Part]) -> Iterator[Part]:
        nonlocal unparsed, left_unverified, read_hands
        for p in parts:
            read_hands += p.hands
            unparsed += p.unparsed
            left_unverified += p.unverified
            other_games.update(p.other_games)
            seen.merge(p.seen)
            placed["local"] += p.local
            placed["untimed"] += p.untimed
            yield p

    if args.per_hand:
        rows = shown_rows(checked((dict(zip(FIELDS, row, strict=True)) for p in counted(parts) for row in p.rows),
                                  args.player, aliases))  # fmt: skip
        columns = list(SHOWN_FIELDS)
        if fmt == "parquet":
            table = to_frame(rows, SHOWN_FIELDS)
            count = len(table)
            write_frame(table, fmt, target, sys.stdout, default_name=name)
        elif target is None:
            count = stream_rows(rows, fmt, columns, sys.stdout)
        else:
            counted_rows: list[int] = []
            write_atomic(target, lambda out: counted_rows.append(stream_rows(rows, fmt, columns, out)))
            count = counted_rows[0]
    else:
        totals = Totals(by, args.player, aliases)
        for p in counted(parts):
            if p.totals is not None:
                totals.merge(p.totals)
            elif p.dataset_part is not None:  # a Dask worker's part: the same sums, from the dataset
                from handlog.cluster import read_part

                totals.update(read_part(p.dataset_part))
        found = totals.records()
        columns = with_ids(found, totals_columns(by))
        count = len(found)
        if count == 0 and (args.player is not None or not filters.hand_level().empty):
            print_problems(report)
            if source is None and not read_hands and not any(p.usage for p in report.problems):
                return no_hand_found("stats", args.paths, report)
            print_duplicates(dedupe)
            return report_miss("stats", filters, seen, aliases)
        if fmt == "table":
            print_table(found, list(by), args.columns, args.counts)
        elif fmt == "parquet":
            write_frame(records_frame(found, by), fmt, target, sys.stdout, default_name=name)
        elif target is None:
            RECORD_WRITERS[fmt](found, columns, sys.stdout)
        else:
            write_atomic(target, lambda out: RECORD_WRITERS[fmt](found, columns, out))
    print_problems(report)
    if source is None and not read_hands and not any(p.usage for p in report.problems):
        return no_hand_found("stats", args.paths, report)
    print_duplicates(dedupe)
    if args.per_hand and count == 0 and (args.player is not None or not filters.hand_level().empty):
        return report_miss("stats", filters, seen, aliases)
    if target is not None and not args.quiet:
        sys.stderr.write(f"handlog: wrote {count} records to {target}\n")
    print_placed("stats", placed["local"], placed["untimed"])
    if other_games:
        left = ", ".join(f"{n} {game}" for game, n in sorted(other_games.items()))
        sys.stderr.write(f"handlog: no statistics for these games yet, left out: {left}\n")
    if left_unverified:  # (stats --db said it when it read the database)
        sys.stderr.write(UNVERIFIED_NOTE.format(n=left_unverified))
    if unparsed:
        sys.stderr.write(f"handlog: {unparsed} hands could not be parsed and were left out\n")
        return EXIT_PROBLEMS
    return EXIT_OK


def checked(rows: Iterable[dict[str, Any]], player: str | None, aliases: Aliases) -> Iterator[dict[str, Any]]:
    """``rows``, then :class:`handlog.stats.identity.AmbiguousPlayer` if ``--player`` (or the alias it names) was a
    display name that two players (two stable ids) were shown by: a file being written is not kept
    (``write_atomic``)."""
    from handlog.stats.identity import ShownPicks, add_pick

    alias = player is not None and bool(aliases.members(player))
    picks = ShownPicks()
    for row in rows:
        if player is not None:
            add_pick(picks, row, None if alias else player, aliases if alias else None)
        yield row
    picks.check()


def print_placed(command: str, local: int, untimed: int) -> None:
    """What the time filters and ``--by month`` did with hands whose zone is unknown, or that have no time."""
    if local:
        sys.stderr.write(f"handlog {command}: {local} hands placed by the wall-clock time their log wrote (no time "
                         "zone known for them: give one with --tz or in zones.toml)\n")
    if untimed:
        sys.stderr.write(f"handlog {command}: {untimed} hands have no time and were left out by --since/--until\n")


LABELS = {
    "hands": "Hands",
    "vpip_pct": "VPIP",
    "pfr_pct": "PFR",
    "open_raise_pct": "RFI",
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


COMPACT = ("hands", "vpip_pct", "pfr_pct", "three_bet_pct", "af", "wtsd_pct", "wsd_pct", "bb_per_100", "net",
           "net_allin_ev")  # fmt: skip
"""The statistics of the one-row-per-player table (with player, site and currency: 100 columns for usual names;
the full set is shown when there are four rows or fewer)."""

BY_POSITION = ("hands", "vpip_pct", "pfr_pct", "open_raise_pct", "three_bet_pct", "steal_pct", "bb_per_100", "net",
               "net_allin_ev")  # fmt: skip
"""The statistics of the table ``--by position`` prints: raise first in and 3-bet by position, and the all-in
expectation beside the net."""

SHORT = {"net_allin_ev": "EV net", "hands": "hands"}
"""Shorter headers for the one-row-per-player table."""

TABLE_WIDTH = 100
"""The width of a table written to a pipe or a file (a terminal's own width otherwise)."""


def _column_list(text: str) -> list[str]:
    """``--columns vpip,3B,net``: statistic names (``vpip`` or ``vpip_pct``) or the table's labels (``3B``)."""
    from handlog.stats.totals import columns

    known = [c for c in columns() if c not in ("player", "site", "currency", "identity")]
    by_label = {label.lower(): name for name, label in LABELS.items()}
    out: list[str] = []
    for item in (i.strip() for i in text.split(",")):
        if not item:
            continue
        low = item.lower()
        name = low if low in known else f"{low}_pct" if f"{low}_pct" in known else by_label.get(low)
        if name is None:
            raise argparse.ArgumentTypeError(f"no statistic {item!r} (choose from {', '.join(known)})")
        out.append(name)
    return out


def _count_of(name: str) -> tuple[str, str] | None:
    """The (action, opportunity) counts behind a percentage column, as the aggregate records name them."""
    from handlog.stats.totals import PLAYED, RATIOS

    for pct, done, opp in RATIOS:
        if pct == name:
            return done, opp or PLAYED
    return None


HUNDRED_THOUSAND, TEN_MILLION, MILLION = Decimal(100_000), Decimal(10_000_000), Decimal(1_000_000)


def _fmt(name: str, value: Any, row: dict[str, Any] | None = None) -> str:
    """A cell of the table: at most 9 characters for an amount, 6 for bb/100, 4 for AF and a percentage (CSV
    and JSON are exact)."""
    if value is None or (isinstance(value, float) and value != value):  # None or NaN
        return "-"
    if isinstance(value, Decimal):
        if abs(value) < HUNDRED_THOUSAND:
            return f"{value:.2f}"
        if abs(value) < TEN_MILLION:  # cents dropped from 100,000 on (tournament chips, mostly)
            return f"{value:.0f}"
        return f"{value / MILLION:.1f}M"
    if name == "af" or name == "bb_per_100":
        text = f"{value:.1f}" if name == "bb_per_100" else f"{value:.2f}"
        if len(text) > (6 if name == "bb_per_100" else 4):
            text = f"{value:.1f}" if name == "af" and len(f"{value:.1f}") <= 4 else f"{value:.0f}"
        return text
    if name.endswith("_pct"):
        text = f"{value:.1f}"
        text = text if len(text) <= 4 else f"{value:.0f}"  # 100.0 as 100
        counts = _count_of(name) if row is not None else None
        if counts is not None and row is not None:
            return f"{text} ({row[counts[0]]}/{row[counts[1]]})"
        return text
    return str(value)


def _cell(value: Any) -> str:
    """A group's value in the table (``-`` for none: a cash hand's tournament)."""
    return "-" if value is None else str(value)


def _who(row: dict[str, Any], clash: Collection[str] = ()) -> str:
    """The row's player; with its id (``Guest @Bb2-yy_8``) where two ids show the same names (``clash``)."""
    if row.get("identity") == "alias":
        return f"{row['player']} (alias)"
    name = str(row["player"])
    return f"{name} @{row['player_id']}" if name in clash and row.get("player_id") else name


def _clashes(rows: list[dict[str, Any]]) -> set[str]:
    """The shown names that stand for two players or more (two ids both shown as ``Guest``)."""
    ids: dict[str, set[object]] = {}
    for row in rows:
        if row.get("player_id"):
            ids.setdefault(str(row["player"]), set()).add(row["player_id"])
    return {name for name, found in ids.items() if len(found) > 1}


def print_table(
    rows: list[dict[str, Any]], by: list[str], columns: list[str] | None = None, counts: bool = False,
    console: Any = None,
) -> None:
    """A readable terminal table: one column per player (or group) when there are few, else one row each, in
    the width of the terminal (``TABLE_WIDTH`` when written to a pipe or a file). Anonymous seat-hands (one hand
    each, see ``handlog.stats.identity``) are counted under the table, not listed (CSV and JSON list them)."""
    from rich.console import Console
    from rich.table import Table

    if console is None:
        console = Console()
        if not console.is_terminal and "COLUMNS" not in os.environ:
            console = Console(width=TABLE_WIDTH)
    anonymous = [r for r in rows if r.get("identity") == "anonymous"]
    rows = [r for r in rows if r.get("identity") != "anonymous"]
    clash = _clashes(rows)
    groups = [b for b in by if b != "site"]
    stats = columns or list(BY_POSITION if "position" in by else COMPACT)
    if not rows and not anonymous:
        console.print("no hands")
        return
    if rows and len(rows) <= 4 and columns is None:
        table = Table(show_header=True, header_style="bold")
        table.add_column("")
        for row in rows:
            table.add_column(" / ".join([_who(row, clash), str(row["site"]), str(row["currency"]),
                                         *(_cell(row[k]) for k in groups)]), justify="right")  # fmt: skip
        for name, label in LABELS.items():
            table.add_row(label, *(_fmt(name, row[name], row if counts else None) for row in rows))
        console.print(table)
    elif rows:
        from rich import box

        table = Table(show_header=True, header_style="bold", box=box.SIMPLE_HEAD, show_edge=False,
                      pad_edge=False, padding=(0, 1, 0, 0))
        table.add_column("player", overflow="fold", max_width=20)
        table.add_column("site", overflow="fold", max_width=12)
        table.add_column("cur", no_wrap=True)
        for k in groups:
            table.add_column(k, no_wrap=True)
        for name in stats:  # numbers are never cut: the names give way (folded) when the terminal is narrow
            table.add_column(SHORT.get(name, LABELS.get(name, name)), justify="right", no_wrap=True)
        for row in rows:
            table.add_row(_who(row, clash), str(row["site"]), str(row["currency"]), *(_cell(row[k]) for k in groups),
                          *(_fmt(name, row[name], row if counts else None) for name in stats))  # fmt: skip
        console.print(table)
    if anonymous:
        hands = sum(int(r["hands"]) for r in anonymous)
        sites = ", ".join(sorted({str(r["site"]) for r in anonymous}))
        console.print(f"{hands} anonymous seat-hands ({sites}: players named by seat), each its own player: "
                      "not listed (--format csv or json lists them)")  # fmt: skip
