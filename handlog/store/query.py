"""Reading hands back: the per hand and player table from the stored counters, and typed hands re-parsed from
the stored text.

Hands are given back by parsing their stored text again rather than rebuilt from the rows: the text is the
log as the site wrote it, so a parser fixed after the import gives the fixed hand (``handlog audit --db``
re-checks the archive with today's rules), and the ``Hand`` is exactly what reading the file gives: one
definition of a hand, not a second one kept in step with the schema.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from sqlalchemy import ColumnElement, Connection, Select, and_, false, func, or_, select, true

from handlog.clock import HandTime
from handlog.engine.codes import UNVERIFIED_CODES
from handlog.events import Hand
from handlog.reading import HandRecord
from handlog.reading.reader import parse_chunk
from handlog.reading.registry import get
from handlog.stats.frame import COUNTER_FIELDS, SUPPORTED_GAMES, normal_stakes, split_net, to_frame
from handlog.stats.identity import STABLE_IDS, selects, stable_id
from handlog.store import schema
from handlog.store.filters import Filters, Seen
from handlog.store.records import decompress

if TYPE_CHECKING:
    import pandas as pd

    from handlog.db import (
        Database,  # loaded by ``to_frame`` when a frame is asked for: ``import`` and ``audit --db`` never need it
    )

H, P, F = schema.hands, schema.hand_players, schema.files


def hand_clauses(filters: Filters) -> list[ColumnElement[bool]]:
    """The hand-level filters as SQL (``player`` is left to the caller)."""
    out: list[ColumnElement[bool]] = []
    if filters.site is not None:
        out.append(func.lower(H.c.site) == filters.site.lower())
    if filters.game is not None:
        out.append(H.c.game == filters.game)
    if filters.stakes is not None:
        out.append(H.c.stakes == normal_stakes(filters.stakes))
    if filters.tournament is not None:
        out.append(H.c.is_tournament == (true() if filters.tournament else false()))
    # a hand without a UTC time (zone unknown, or no time) is kept here and placed in Python (``placed_rows``)
    if filters.since is not None:
        out.append(or_(H.c.time_utc.is_(None), H.c.time_utc >= filters.since))
    if filters.until is not None:
        out.append(or_(H.c.time_utc.is_(None), H.c.time_utc < filters.until))
    return out


def unverified_clause() -> ColumnElement[bool]:
    """The stored hand has an unknown line its numbers do not prove or an unknown action (an error of
    ``engine.codes.UNVERIFIED_CODES``): statistics leave it out unless asked (``docs/unknown-lines.md``)."""
    V = schema.violations
    return (
        select(V.c.hand)
        .where(V.c.hand == H.c.id, V.c.code.in_(sorted(UNVERIFIED_CODES)), V.c.severity == "error")
        .exists()
    )


def unverified_count(conn: Connection, filters: Filters) -> int:
    """Stored hands that match and that statistics leave out unless asked (``unverified_clause``)."""
    query = select(func.count()).select_from(H).where(unverified_clause(), *hand_clauses(filters))
    return int(conn.execute(query).scalar_one())


def player_clause(name: str) -> ColumnElement[bool]:
    """The stored rows ``--player name`` may pick: the name as stored, and on a room with stable ids the rows
    stored ``name @ …`` (a display name) or ``… @ id`` (a full name: the id); :func:`iter_rows` keeps those
    :func:`handlog.stats.identity.selects` keeps."""
    clauses = [P.c.player == name]
    for site in STABLE_IDS:
        full = stable_id(site, name)
        pattern = f"% @ {_like(full[1])}" if full is not None else f"{_like(name)} @ %"
        clauses.append(and_(func.lower(H.c.site) == site, P.c.player.like(pattern, escape="\\")))
    return or_(*clauses)


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def per_hand_select(filters: Filters, include_unverified: bool = False) -> Select[Any]:
    columns = [
        H.c.hand_id, F.c.path.label("file"), H.c.site, H.c.game, H.c.structure, H.c.stakes, H.c.currency,
        H.c.tournament_id, H.c.time_utc.label("time"), H.c.local_time, H.c.time_zone, H.c.time_source, P.c.player,
        P.c.seat, P.c.position, *(P.c[n] for n in COUNTER_FIELDS),
        P.c.all_in_street, P.c.pot, P.c.committed, P.c.collected, P.c.rake, P.c.net, P.c.net_allin_ev,
    ]  # fmt: skip
    query = select(*columns).select_from(P.join(H, P.c.hand == H.c.id).join(F, H.c.file_id == F.c.id))
    clauses = hand_clauses(filters)
    if filters.player is not None:
        clauses.append(player_clause(filters.player))
    if not include_unverified:
        clauses.append(~unverified_clause())
    return query.where(and_(true(), *clauses)).order_by(H.c.id, P.c.seq)


def iter_rows(
    conn: Connection, filters: Filters, with_allin_ev: bool = True, include_unverified: bool = False
) -> Iterator[dict[str, Any]]:
    """The records of ``handlog.stats.frame.iter_rows`` for the stored hands that match, from the stored counters.

    A row imported without the all-in expectation (``import --no-allin-ev``) has its net in its place, as
    ``stats --no-allin-ev`` does; :func:`missing_allin_ev` counts them. Fetched in batches (a server-side cursor
    on PostgreSQL), so that memory does not grow with the number of stored hands. The hands ``unverified_clause``
    names are left out unless ``include_unverified``.
    """
    query = per_hand_select(filters, include_unverified)
    for row in conn.execute(query, execution_options={"yield_per": 1000}).mappings():
        out = dict(row)
        if not with_allin_ev or out["net_allin_ev"] is None:
            out["net_allin_ev"] = out["net"]
        split_net(out)
        if isinstance(out["local_time"], str):
            out["local_time"] = datetime.fromisoformat(out["local_time"])
        if out["time"] is None and not _placed(out, filters):
            continue
        if filters.player is not None and not selects(filters.player, out):
            continue  # a stored name the SQL pattern matched that is not the player's (``player_clause``)
        yield out


def _placed(row: dict[str, Any], filters: Filters) -> bool:
    """A stored record without a UTC time: its wall-clock time as a datetime, the user's zone applied where they
    gave one for its site (as reading the files does), and the time filters applied to it."""
    local = row["local_time"]
    if local is not None and filters.zones is not None:
        given = filters.zones.of(str(row["site"]))
        if given is not None:
            zone, source = given
            row.update(time=local.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC), time_zone=zone, time_source=source)
    return not filters.timed or filters.time_ok(HandTime(row["time"], local, row["time_zone"], row["time_source"]))


def missing_allin_ev(conn: Connection, filters: Filters) -> int:
    """Stored rows that match and have no all-in expectation."""
    sub = per_hand_select(filters).where(P.c.net_allin_ev.is_(None)).order_by(None).subquery()
    return int(conn.execute(select(func.count()).select_from(sub)).scalar_one())


def per_hand(conn: Connection, filters: Filters, with_allin_ev: bool = True) -> pd.DataFrame:
    """The table of ``handlog.stats.per_hand`` for the stored hands that match (same columns, same types)."""
    return to_frame(iter_rows(conn, filters, with_allin_ev))


def unparsed_count(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).where(H.c.status == "unparsed")).scalar_one())


def other_games(conn: Connection, filters: Filters) -> Counter[str]:
    """Parsed hands of games without statistics, by game (what ``stats`` leaves out and says so)."""
    query = (
        select(H.c.game_name, func.count())
        .where(H.c.status != "unparsed", H.c.game.not_in([g.value for g in SUPPORTED_GAMES]), *hand_clauses(filters))
        .group_by(H.c.game_name)
    )
    return Counter({str(game): int(n) for game, n in conn.execute(query)})


def records(conn: Connection, filters: Filters) -> Iterator[HandRecord]:
    """Every stored hand that ``filters`` keeps, parsed again from its text, in import order."""
    T = schema.hand_text
    prefilter = hand_clauses(filters)
    query = (
        select(H.c.format, F.c.path, H.c.line, T.c.text)
        .select_from(H.join(F, H.c.file_id == F.c.id).join(T, T.c.hand == H.c.id))
        .where(or_(H.c.status == "unparsed", and_(true(), *prefilter)))
        .order_by(H.c.id)
    )
    for fmt_name, path, line, blob in conn.execution_options(yield_per=500).execute(query):
        record = parse_chunk(get(fmt_name), path, line, decompress(blob))
        if filters.keep(record):
            yield record


def hands(conn: Connection, filters: Filters) -> Iterator[Hand]:
    for record in records(conn, filters):
        if record.hand is not None:
            yield record.hand


def seen_values(db: Database) -> Seen:
    """What a filter could select among the stored hands: players, sites, games, stakes (for "did you mean")."""
    from handlog.store.database import translated

    out = Seen()
    with translated(db.engine), db.engine.connect() as conn:
        out.players = {str(v) for v in conn.execute(select(P.c.player).distinct()).scalars()}
        parsed = H.c.status != "unparsed"
        out.sites = {str(v) for v in conn.execute(select(H.c.site).where(parsed).distinct()).scalars()}
        out.games = {str(v) for v in conn.execute(select(H.c.game).where(parsed).distinct()).scalars()}
        out.stakes = {str(v) for v in conn.execute(select(H.c.stakes).where(parsed).distinct()).scalars()}
    return out
