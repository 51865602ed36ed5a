"""One hand as the database stores it: its row, its players' counters, its actions, violations and text.

``prepare`` does the work of ``handlog audit`` and ``handlog stats --per-hand`` for one hand (parse, replay,
checks, counters), so that reading from the database gives the same answers without doing it again.
``prepare_chunk`` is what ``import``'s worker processes run on a run of hands: it also turns each hand into the
rows the database writer inserts as they are (tuples in the column order of ``*_COLUMNS``, values as the
backend stores them; on SQLite a player's counters in one cell, ``COUNTERS_AT``), so that the one process that
writes does little work per row but insert them.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from handlog.audit import audit
from handlog.clock import HandTime, hand_time
from handlog.events import Hand, Street, StreetStart
from handlog.reading import HandRecord
from handlog.reading.reader import parse_chunk
from handlog.reading.registry import HandFormat, get
from handlog.stats.frame import MONEY_FIELDS, SUPPORTED_GAMES, hand_rows, stakes_text
from handlog.stats.totals import COUNTER_FIELDS

if TYPE_CHECKING:
    from handlog.store.tail import Position, TailHand

AMOUNT_FIELDS = ("amount", "to")
"""Event fields that hold an action's money (a raise's ``to``: the total it raises to)."""


@dataclass(slots=True)
class StoredHand:
    """Everything stored for one hand; ``key`` is (site, hand key), the hand's identity."""

    key: tuple[str, str]
    row: dict[str, Any]
    status: str
    players: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    text: bytes = b""


def hand_key(hand_id: str | None, text: str) -> str:
    """The site's hand id, or (a hand whose header could not be read) a hash of its text."""
    return hand_id if hand_id else "sha256:" + hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:64]


def compress(lines: list[str]) -> bytes:
    return zlib.compress("\n".join(lines).encode("utf-8", "surrogatepass"), 6)


def decompress(blob: bytes) -> list[str]:
    return zlib.decompress(blob).decode("utf-8", "surrogatepass").split("\n")


HAND_COLUMNS = (
    "site", "hand_key", "hand_id", "format", "game", "game_name", "structure", "stakes", "small_blind",
    "big_blind", "currency", "tournament_id", "is_tournament", "time_utc", "local_time", "time_zone", "time_source",
    "table_name", "button", "status",
    "error", "error_line", "line",
)  # fmt: skip
"""``hands``' columns in ``PreparedHand.row`` (the writer adds ``id`` and ``file_id`` in front)."""
PLAYER_COLUMNS = (
    "seq", "player", "time_utc", "seat", "position", *COUNTER_FIELDS, "all_in_street", "pot", *MONEY_FIELDS,
)  # fmt: skip
ACTION_COLUMNS = ("seq", "street", "player", "kind", "amount", "all_in", "line")
VIOLATION_COLUMNS = ("seq", "code", "category", "severity", "line", "message")
"""The columns of a hand's rows in ``hand_players``, ``actions`` and ``violations`` (the writer adds ``hand``
in front)."""

COUNTERS_AT = PLAYER_COLUMNS.index(COUNTER_FIELDS[0])
"""Where a prepared player row holds its ~125 counters (consecutive in ``PLAYER_COLUMNS``): in one cell, ``bytes``
(a tuple of ints when a count passes 255). For SQLite the writer spreads them into their columns
(``spread_counters``): a worker sends one object instead of 125 ints, and pickling a chunk there and back costs
186 K instructions a hand instead of 403 K (cachegrind, 1,000 hands). For PostgreSQL the worker writes them as
their COPY columns (``copytext.counters_text``)."""


def spread_counters(hand: int, row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A player row prepared for SQLite as the driver binds it after the hand's id: its counters in their columns."""
    return (hand, *row[:COUNTERS_AT], *row[COUNTERS_AT], *row[COUNTERS_AT + 1 :])


MONEY_COLUMNS = {"hands": ("small_blind", "big_blind"), "hand_players": MONEY_FIELDS, "actions": ("amount",)}
TIME_COLUMNS = {"hands": ("time_utc",), "hand_players": ("time_utc",)}
"""The columns of type ``Money`` and ``UtcDateTime`` (``store.types``), whose values the backend stores
converted (a test holds these lists equal to the schema's types)."""


class PreparedHand(NamedTuple):
    """One hand as rows ready to insert (a tuple: it pickles small and fast on its way back from a worker)."""

    key: tuple[str, str]
    status: str
    row: tuple[Any, ...]
    players: list[tuple[Any, ...]]
    actions: list[tuple[Any, ...]]
    violations: list[tuple[Any, ...]]
    text: bytes


class CopyHand(NamedTuple):
    """One hand as PostgreSQL's ``COPY`` text (``store.copytext``): each table's rows one block of lines, without
    the hand's id (and ``hands``' ``file_id``), which the writer puts in front."""

    key: tuple[str, str]
    status: str
    row: bytes
    players: bytes
    actions: bytes
    violations: bytes
    text: bytes
    """``hand_text``'s line: the compressed text."""


class PreparedChunk(NamedTuple):
    """A run of consecutive hands of one file, prepared, and the file position after the last of them."""

    hands: list[PreparedHand] | list[CopyHand]
    end: Position


def prepare_chunk(
    fmt_name: str, path: str, with_allin_ev: bool, backend: str, pieces: Sequence[TailHand]
) -> PreparedChunk:
    """Consecutive hands of a file made ready to insert into a ``backend`` database (``sqlite`` or
    ``postgresql``): what ``import``'s worker processes run (module-level, and in a module without the
    database's: a worker that unpickles it loads the parse and the replay, not SQLAlchemy)."""
    fmt = get(fmt_name)
    stored = (prepare(fmt, path, piece.line, piece.lines, with_allin_ev) for piece in pieces)
    if backend == "postgresql":
        return PreparedChunk([copy_prepared(prepared(s, backend)) for s in stored], pieces[-1].end)
    return PreparedChunk([prepared(s, backend) for s in stored], pieces[-1].end)


def copy_prepared(rows: PreparedHand) -> CopyHand:
    """A hand's rows prepared for PostgreSQL, as the ``COPY`` text its writer sends (``store.copytext``; psycopg
    loaded only by a process that prepares for PostgreSQL)."""
    from handlog.store.copytext import bytea_line, rows_text

    return CopyHand(
        key=rows.key,
        status=rows.status,
        row=rows_text((rows.row,)),
        players=rows_text(rows.players, packed_at=COUNTERS_AT),
        actions=rows_text(rows.actions),
        violations=rows_text(rows.violations),
        text=bytea_line(rows.text),
    )


def prepared(stored: StoredHand, backend: str) -> PreparedHand:
    """``stored``'s rows as tuples of the values a ``backend`` database stores, as ``store.types`` converts them:
    on SQLite money as its exact decimal text and times as naive UTC text in SQLAlchemy's format; on PostgreSQL
    money as ``Decimal`` and times as aware UTC ``datetime`` (which ``copy_prepared`` writes as COPY text)."""
    on_sqlite = backend == "sqlite"
    hands, players, actions = (_TABLES[name][on_sqlite] for name in ("hands", "hand_players", "actions"))
    return PreparedHand(
        key=stored.key,
        status=stored.status,
        row=hands.values({**stored.row, "hand_key": stored.key[1], "status": stored.status}),
        players=list(map(players.values, stored.players)),
        actions=list(map(actions.values, stored.actions)),
        violations=list(map(_VIOLATION, stored.violations)),
        text=stored.text,
    )


Convert = Callable[[Any], Any]


class _Columns:
    """A table's columns in ``PreparedHand`` order, and how a backend stores each one it converts: the cells it
    converts one by one (money, times, and on SQLite lone flags), each with its conversion, and the run of
    counters, packed into one cell of integers (``COUNTERS_AT``)."""

    def __init__(self, columns: tuple[str, ...], cells: list[tuple[str, Convert]], run: slice | None) -> None:
        kept = columns if run is None else (*columns[: run.start], *columns[run.stop :])
        self.get = itemgetter(*kept)
        """The columns but the run's: the run is read on its own (``counters``) and put in as one cell."""
        self.cells = tuple((kept.index(name), convert) for name, convert in cells)
        self.counters = None if run is None else itemgetter(*columns[run])
        self.at = 0 if run is None else run.start

    @classmethod
    def both(
        cls, columns: tuple[str, ...], money: tuple[str, ...], times: tuple[str, ...], flags: tuple[str, ...]
    ) -> tuple[_Columns, _Columns]:
        """The table as PostgreSQL and as SQLite store it (in that order: indexed by "is it SQLite")."""
        runs = _runs(sorted(columns.index(name) for name in flags))
        cells = [columns[run.start] for run in runs if run.stop - run.start == 1]
        packed = [run for run in runs if run.stop - run.start > 1]
        assert len(packed) <= 1 and all(run.start == COUNTERS_AT for run in packed), "only the players' counters"
        run = packed[0] if packed else None
        server = cls(columns, [*((n, _checked_money) for n in money), *((n, _utc) for n in times)], run)
        sqlite = cls(
            columns,
            [*((n, _money_text) for n in money), *((n, _sqlite_time) for n in times), *((n, int) for n in cells)],
            run,
        )
        return server, sqlite

    def values(self, row: dict[str, Any]) -> tuple[Any, ...]:
        values = list(self.get(row))
        for i, convert in self.cells:  # a NULL stays NULL
            value = values[i]
            if value is not None:
                values[i] = convert(value)
        if self.counters is not None:  # the counters (never NULL): one cell (``COUNTERS_AT``)
            counters = self.counters(row)
            try:  # flags and small counts as ints in one C call (~3x ``map(int, …)``, measured)
                values.insert(self.at, bytes(counters))
            except ValueError:  # a count over 255
                values.insert(self.at, tuple(map(int, counters)))
        return tuple(values)


def _runs(indexes: list[int]) -> list[slice]:
    """Consecutive column positions as slices (a row's ~125 counters are one run)."""
    runs: list[slice] = []
    for i in indexes:
        if runs and runs[-1].stop == i:
            runs[-1] = slice(runs[-1].start, i + 1)
        else:
            runs.append(slice(i, i + 1))
    return runs


FLAG_COLUMNS = {"hands": ("is_tournament",), "hand_players": COUNTER_FIELDS, "actions": ("all_in",)}
"""The columns of type ``Boolean`` (and the counters among them, ``Integer``) that SQLite receives as integers, as
SQLAlchemy binds a ``Boolean`` there: the driver binds an ``int`` at once, while a ``bool`` first goes through its
adaptation lookup and fails it (~60 µs per player row of ~125 flags, 5× the whole row's insert, measured), in the
one process that writes."""

_money_text: Convert = Decimal.__str__
_checked_money: Convert = Decimal.__copy__
"""Money as SQLite stores it (its exact text) and as PostgreSQL does (the ``Decimal`` itself: a ``Decimal``'s copy
is itself). Both are the type's own C methods, which refuse anything but a ``Decimal`` (a float would lose
exactness) with a ``TypeError``, without a Python call per value (~0.3 µs each, ~40 a hand)."""

def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


_LAST_TIME: tuple[datetime, str] = (datetime.min, "0001-01-01 00:00:00.000000")
"""The last time ``_sqlite_time`` converted and its text (equal times, even in two zones, have one text)."""


def _sqlite_time(value: datetime) -> str:
    global _LAST_TIME  # one entry, replaced whole
    last, known = _LAST_TIME
    if value == last and (value.tzinfo is None) == (last.tzinfo is None):  # a hand's rows share its time
        return known
    t = _utc(value)  # SQLAlchemy's SQLite DATETIME text, of the naive UTC time (``types.UtcDateTime``)
    text = f"{t.year:04d}-{t.month:02d}-{t.day:02d} {t.hour:02d}:{t.minute:02d}:{t.second:02d}.{t.microsecond:06d}"
    _LAST_TIME = (value, text)
    return text


_TABLES = {
    name: _Columns.both(columns, MONEY_COLUMNS.get(name, ()), TIME_COLUMNS.get(name, ()), FLAG_COLUMNS[name])
    for name, columns in (("hands", HAND_COLUMNS), ("hand_players", PLAYER_COLUMNS), ("actions", ACTION_COLUMNS))
}
_VIOLATION = itemgetter(*VIOLATION_COLUMNS)


def prepare(fmt: HandFormat, file: str, line: int, lines: list[str], with_allin_ev: bool = True) -> StoredHand:
    """Parse, audit and count one hand."""
    record = parse_chunk(fmt, file, line, lines)
    text = "\n".join(lines)
    # the zone of the log or the room; the user's zones apply when reading (query)
    when = hand_time(record.hand) if record.hand is not None else None
    stored = StoredHand(
        key=(site_of(fmt, record), hand_key(record.hand_id, text)),
        row=_row(fmt, record, when),
        status="unparsed",
        text=compress(lines),
    )
    hand = record.hand
    if hand is None:
        assert record.error is not None
        stored.row.update(error=record.error.message, error_line=record.error.line)
        return stored
    result = audit(hand)
    stored.status = result.status
    stored.violations = [
        {"seq": i, "code": v.code, "category": v.category.value, "severity": v.severity.value, "line": v.line,
         "message": v.message}
        for i, v in enumerate(result.violations)
    ]  # fmt: skip
    stored.actions = actions(hand)
    if hand.game in SUPPORTED_GAMES and not hand.cancelled and result.replay.supported:
        # ``hand_rows``' records as they are (the writer takes ``PLAYER_COLUMNS`` of them: the per-hand fields,
        # stored once in ``hands``, are left behind there)
        stored.players = rows = hand_rows(result.replay, with_allin_ev, when=when)
        for i, row in enumerate(rows):
            row["seq"] = i
            row["time_utc"] = row["time"]
            if not with_allin_ev:  # not computed: NULL, never the net passed off as the expectation
                row["net_allin_ev"] = None
    return stored


def site_of(fmt: HandFormat, record: HandRecord) -> str:
    """The room: the hand's own (a format shared by several rooms names the room in each hand), else the
    format's."""
    return record.hand.site if record.hand is not None else fmt.site


def _row(fmt: HandFormat, record: HandRecord, when: HandTime | None = None) -> dict[str, Any]:
    hand = record.hand
    row: dict[str, Any] = {
        "site": site_of(fmt, record),
        "hand_id": record.hand_id,
        "format": fmt.name,
        "game": record.game,
        "game_name": None,
        "structure": record.structure,
        "is_tournament": False,
        "line": record.line,
        "error": None,
        "error_line": None,
        "stakes": None,
        "small_blind": None,
        "big_blind": None,
        "currency": None,
        "tournament_id": None,
        "time_utc": None,
        "local_time": None,
        "time_zone": None,
        "time_source": None,
        "table_name": None,
        "button": None,
    }
    if hand is not None:
        if when is None:  # the zone of the log or the room; the user's zones apply when reading (query)
            when = hand_time(hand)
        row.update(
            game=hand.game.value,
            game_name=hand.game_name or hand.game.value,
            structure=hand.structure.value,
            stakes=stakes_text(hand),
            small_blind=hand.stakes.small,
            big_blind=hand.stakes.big,
            currency=hand.currency,
            tournament_id=hand.tournament.id if hand.tournament else None,
            is_tournament=hand.tournament is not None,
            time_utc=when.utc,
            local_time=when.local.isoformat(sep=" ") if when.local is not None else None,
            time_zone=when.zone,
            time_source=when.source,
            table_name=hand.table,
            button=hand.button,
        )
    return row


def actions(hand: Hand) -> list[dict[str, Any]]:
    """Every player event of the hand in log order, with the street it happened on."""
    street = Street.PREFLOP.value
    out: list[dict[str, Any]] = []
    shapes = _SHAPES
    for event in hand.events:
        model = type(event)
        if model is StreetStart:  # the exact type (an ``isinstance`` against a pydantic model costs a call)
            street = cast(StreetStart, event).street.value
            continue
        has_player, amount_field, has_all_in = shapes.get(model) or _shape(event)
        known: Any = event  # the fields ``_shape`` found on its model
        player = known.player if has_player else None
        if not player:
            continue
        amount = getattr(event, amount_field) if amount_field is not None else None
        out.append(
            {"seq": len(out), "street": street, "player": player, "kind": event.kind, "amount": amount,
             "all_in": bool(known.all_in) if has_all_in else False, "line": event.line}
        )  # fmt: skip
    return out


_SHAPES: dict[type, tuple[bool, str | None, bool]] = {}
"""Per event model: whether it has a ``player``, its money field (the first of ``AMOUNT_FIELDS``) and an ``all_in``."""


def _shape(event: object) -> tuple[bool, str | None, bool]:
    """What ``actions`` reads of an event of this model, asked once per model: asking a pydantic model for an
    attribute it lacks goes through its ``__getattr__`` and an exception, three times per event otherwise. Every
    instance of a model has the same attributes (its fields are always set, extra fields are refused)."""
    kind = type(event)
    shape = _SHAPES.get(kind)
    if shape is None:
        amount_field = next((f for f in AMOUNT_FIELDS if hasattr(event, f)), None)
        shape = _SHAPES[kind] = (hasattr(event, "player"), amount_field, hasattr(event, "all_in"))
    return shape
