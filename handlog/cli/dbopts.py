"""Options the commands share for the hand database: ``--db`` and the filters (player, site, game, stakes,
dates, tournament or cash), and opening the database with one clear line on failure."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from handlog.reading import HandRecord, ReadReport
from handlog.store.filters import FilterError, Filters, parse_when

if TYPE_CHECKING:
    from handlog.db import Database
    from handlog.stats.identity import Aliases

GAMES = ("holdem", "five_card_draw", "omaha", "omaha_hi_lo", "badugi", "razz", "seven_card_stud")


def add_db_argument(p: argparse.ArgumentParser, reading: bool = True) -> None:
    what = "read the hands from this database instead of files" if reading else "the database to import into"
    p.add_argument(
        "--db", metavar="URL", action=_DbOption,
        help=f"{what}: an SQLite file or postgresql://user:pass@host/db (default: $HANDLOG_DB, else "
        "{default})",
    )  # fmt: skip


class _DbOption(argparse._StoreAction):
    """``--db``, whose help names the default database's path only when the help is shown (finding the user's
    data folder imports ``platformdirs``: no command pays for it at start-up)."""

    @property
    def help(self) -> str | None:
        text = self._help_text
        return text.replace("{default}", _default_shown()) if text is not None else None

    @help.setter
    def help(self, value: str | None) -> None:
        self._help_text = value


def _default_shown() -> str:
    from handlog.store.location import default_path

    return str(default_path())


def add_filter_arguments(p: argparse.ArgumentParser, player: bool = True) -> None:
    g = p.add_argument_group("filters (files or database alike)")
    if player:
        g.add_argument("--player", metavar="P", help="only hands (and statistics) of this player (PokerNow: the "
                       "name the table showed, or the full 'name @ id')")
    g.add_argument("--site", metavar="S", help="only this site's hands (PokerStars …)")
    g.add_argument("--game", metavar="G", help=f"only this game ({', '.join(GAMES)} …)")
    g.add_argument("--stakes", metavar="SB/BB", help="only these stakes, compared as numbers (0.5/1 = 0.50/1.00)")
    g.add_argument("--since", metavar="DATE", help="hands from this UTC date or ISO date-time on (a hand whose "
                   "log gives no zone: by its own wall-clock time, and the command says how many)")
    g.add_argument("--until", metavar="DATE", help="hands before this ISO date-time (a date: up to its end)")
    g.add_argument("--tz", metavar="ZONE", help="the time zone (Europe/Paris …) of logs that state none (else "
                   "per site in zones.toml in the user's config folder, else the wall-clock time as written)")
    g.add_argument("--aliases", metavar="FILE", help="a TOML file of aliases merging one person's accounts: "
                   "[aliases] me = [\"PokerStars:hero123\", \"GGPoker:Hero\"] (default: those stored with "
                   "handlog aliases, with --db)")
    kind = g.add_mutually_exclusive_group()
    kind.add_argument("--tournament", dest="tournament", action="store_const", const=True, help="tournament hands")
    kind.add_argument("--cash", dest="tournament", action="store_const", const=False, help="cash-game hands")


def filters_from(args: argparse.Namespace, times: bool = False) -> Filters:
    """The filters of the command line; raises FilterError on a bad date, zone or zones file. The user's zones
    (``--tz``, ``zones.toml``) are read for a time filter, or when the command shows times (``times``: stats,
    graph); a command that only filters (audit, replay) does not load them otherwise."""
    zones = None
    if times or getattr(args, "tz", None) or args.since or args.until:
        from handlog.clock import ZoneError, load_zones

        try:
            zones = load_zones(getattr(args, "tz", None))
        except ZoneError as exc:
            raise FilterError(str(exc)) from None
    return Filters(
        player=getattr(args, "player", None),
        site=args.site,
        game=args.game,
        stakes=args.stakes,
        since=parse_when(args.since) if args.since else None,
        until=parse_when(args.until, end=True) if args.until else None,
        tournament=args.tournament,
        zones=zones,
    )


def aliases_from_args(args: argparse.Namespace, db: Database | None = None) -> Aliases:
    """The aliases of ``--aliases FILE``, else those stored in the database ``db`` (``handlog aliases``);
    raises AliasError."""
    from handlog.stats.identity import Aliases, load_aliases

    path = getattr(args, "aliases", None)
    if path is not None:
        return load_aliases(path)
    if db is not None:
        from handlog.store.aliases import stored_aliases

        return stored_aliases(db)
    return Aliases()


def open_db(command: str, url: str | None, create: bool = False) -> Database | None:
    """The database, or None after one line on stderr saying why it cannot be opened."""
    from handlog.db import Database
    from handlog.store.errors import StoreError

    try:
        return Database(url, create=create)
    except StoreError as exc:
        sys.stderr.write(f"handlog {command}: {exc}\n")
        return None


def db_source(command: str, args: argparse.Namespace, check_paths: bool = False) -> Database | int | None:
    """Where a reading command takes its hands: None for the files given, the database (``--db``, or no
    files: ``$HANDLOG_DB`` or the default database), or an exit code after a usage error was printed.
    ``check_paths``: a missing path is a usage error at once (else the command reads the others first)."""
    from pathlib import Path

    from handlog.cli.common import EXIT_USAGE

    try:
        filters_from(args)
    except FilterError as exc:
        sys.stderr.write(f"handlog {command}: {exc}\n")
        return EXIT_USAGE
    if args.paths:
        if args.db is not None:
            sys.stderr.write(f"handlog {command}: give files or --db, not both\n")
            return EXIT_USAGE
        missing = [p for p in args.paths if not Path(p).exists()] if check_paths else []
        if missing:
            sys.stderr.write(f"handlog {command}: no such file or folder: {missing[0]}\n")
            return EXIT_USAGE
        return None
    db = open_db(command, args.db)
    return EXIT_USAGE if db is None else db


def add_unverified_argument(p: argparse.ArgumentParser) -> None:
    """``--include-unverified``: statistics count the hands the audit could not verify (docs/unknown-lines.md)."""
    p.add_argument(
        "--include-unverified", action="store_true",
        help="count the hands with a line the reader did not know that their own numbers do not prove, or an "
        "action in an unknown form (left out by default, and counted on stderr)",
    )


def stats_rows(
    db: Database, filters: Filters, with_allin_ev: bool, include_unverified: bool = False
) -> tuple[list[dict[str, Any]], int, Counter[str]]:
    """What ``stats`` reads from the database: the per hand and player records, the unparsed hands and the
    hands of games without statistics (the same three things it counts while reading files). All the records in
    one list (``graph`` draws them all); :func:`streamed_stats_rows` gives them one at a time."""
    with streamed_stats_rows(db, filters, with_allin_ev, include_unverified) as (rows, unparsed, other):
        return list(rows), unparsed, other


UNVERIFIED_NOTE = ("handlog: {n} hands were left out of the statistics: a line their reader did not know that"
                   " their own numbers do not prove, or an action in an unknown form (the audit's unknown-line and"
                   " unknown-action errors; --include-unverified counts them)\n")


@contextmanager
def streamed_stats_rows(
    db: Database, filters: Filters, with_allin_ev: bool, include_unverified: bool = False
) -> Iterator[tuple[Iterator[dict[str, Any]], int, Counter[str]]]:
    """:func:`stats_rows` with the records streamed from the open connection (in batches from the server, never
    all in memory: a million stored hands are several million records), to be read inside the ``with``. The
    hands with an unknown line their numbers do not prove are left out unless ``include_unverified`` (and
    counted on stderr)."""
    from handlog.store import query
    from handlog.store.database import translated

    with translated(db.engine), db.engine.connect() as conn:
        if with_allin_ev and (missing := query.missing_allin_ev(conn, filters)):
            sys.stderr.write(f"handlog: {missing} records were imported without the all-in expectation"
                             " (import --no-allin-ev): their net stands in for it\n")
        if not include_unverified and (unverified := query.unverified_count(conn, filters.hand_level())):
            sys.stderr.write(UNVERIFIED_NOTE.format(n=unverified))
        unparsed, other = query.unparsed_count(conn), query.other_games(conn, filters.hand_level())
        yield query.iter_rows(conn, filters, with_allin_ev, include_unverified), unparsed, other


def stored_records(db: Database, report: ReadReport) -> Iterator[HandRecord]:
    """The stored hands, parsed again from their text (``audit --db`` re-checks them with today's rules);
    ``report.files`` counts the files they came from."""
    files: set[str] = set()
    with db:
        for record in db.records():
            files.add(record.file)
            report.files = len(files)
            yield record


__all__ = [
    "UNVERIFIED_NOTE",
    "FilterError",
    "add_db_argument",
    "add_filter_arguments",
    "add_unverified_argument",
    "db_source",
    "filters_from",
    "open_db",
    "stats_rows",
    "stored_records",
    "streamed_stats_rows",
]
