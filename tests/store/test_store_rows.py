"""The rows ``import``'s workers make ready to insert (``records.prepared``): the schema's columns, and each value
what SQLAlchemy's column types would have bound for it, on SQLite and on PostgreSQL (the writer inserts them as
they are, without the types' processing)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import Column, Table
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Dialect
from storekit import SAMPLES

from handlog.reading.registry import get
from handlog.stats.totals import COUNTER_FIELDS
from handlog.store import schema
from handlog.store.records import (
    ACTION_COLUMNS,
    COUNTERS_AT,
    HAND_COLUMNS,
    MONEY_COLUMNS,
    PLAYER_COLUMNS,
    TIME_COLUMNS,
    VIOLATION_COLUMNS,
    StoredHand,
    prepare,
    prepared,
    spread_counters,
)
from handlog.store.tail import Position, detect, new_hands
from handlog.store.types import Money, UtcDateTime

TABLES = {
    "hands": (schema.hands, HAND_COLUMNS, {"id", "file_id"}),
    "hand_players": (schema.hand_players, PLAYER_COLUMNS, {"hand"}),
    "actions": (schema.actions, ACTION_COLUMNS, {"hand"}),
    "violations": (schema.violations, VIOLATION_COLUMNS, {"hand"}),
}
DIALECTS = {"sqlite": sqlite.dialect(), "postgresql": postgresql.psycopg.dialect()}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_columns_are_the_schemas(name: str) -> None:
    table, columns, writers = TABLES[name]
    assert len(set(columns)) == len(columns)
    assert set(columns) | writers == set(table.c.keys())
    typed = {c.name: type(c.type) for c in table.c}
    assert set(MONEY_COLUMNS.get(name, ())) == {c for c, t in typed.items() if t is Money}
    assert set(TIME_COLUMNS.get(name, ())) == {c for c, t in typed.items() if t is UtcDateTime}


def bound(table: Table, columns: tuple[str, ...], row: dict[str, Any], dialect: Dialect) -> tuple[Any, ...]:
    """The values SQLAlchemy Core hands the driver for ``row`` (what ``insert(table)`` did before)."""
    out = []
    for name in columns:
        column: Column[Any] = table.c[name]
        process = column.type.dialect_impl(dialect).bind_processor(dialect)
        out.append(process(row[name]) if process else row[name])
    return tuple(out)


def sample_hands() -> list[StoredHand]:
    """Every hand of the text samples, one with violations (the first cash hand with a pot collected that it
    does not hold) and one that cannot be parsed (its header and a line of nonsense)."""
    first = (SAMPLES / "nl_holdem_cash.txt").read_text(encoding="utf-8").split("\n\n\n")[0].strip("\n")
    broken = first.replace("collected €0.38 from", "collected €9.38 from").splitlines()
    hands = [
        prepare(get("pokerstars"), "broken.txt", 1, broken),
        prepare(get("pokerstars"), "broken.txt", 1, [broken[0], "Seat one: nobody"]),
    ]
    for path in sorted(SAMPLES.glob("*.txt")):
        fmt, encoding = detect(path)
        if fmt is None:
            continue
        for piece in new_hands(path, fmt, encoding, Position(), settle=0):
            hands.append(prepare(get(fmt.name), str(path), piece.line, piece.lines))
    return hands


@pytest.fixture(scope="module")
def stored() -> list[StoredHand]:
    return sample_hands()


@pytest.mark.parametrize("backend", sorted(DIALECTS))
def test_each_value_is_what_the_column_type_binds(stored: list[StoredHand], backend: str) -> None:
    dialect = DIALECTS[backend]
    assert sum(bool(s.violations) for s in stored) > 0 and sum(s.status == "unparsed" for s in stored) > 0
    checked = 0
    for s in stored:
        rows = prepared(s, backend)
        assert rows.key == s.key and rows.status == s.status and rows.text == s.text
        hand = {**s.row, "hand_key": s.key[1], "status": s.status}
        assert rows.row == bound(schema.hands, HAND_COLUMNS, hand, dialect)
        players = [spread_counters(0, r)[1:] for r in rows.players]  # the counters as ints: 1 == True
        for got, want, (table, columns) in (
            (players, s.players, (schema.hand_players, PLAYER_COLUMNS)),
            (rows.actions, s.actions, (schema.actions, ACTION_COLUMNS)),
            (rows.violations, s.violations, (schema.violations, VIOLATION_COLUMNS)),
        ):
            assert got == [bound(table, columns, r, dialect) for r in want]
            checked += len(got)
            if backend == "sqlite":  # the type too: 1 == True, but the driver binds a bool ~10 times slower
                assert not any(type(v) is bool for r in got for v in r)
    assert checked > 1000


def test_sqlite_values_have_the_types_sqlalchemy_gives() -> None:
    """Equal is not enough where SQLite would store another type: money stays text ("1.50", not 1.5), times
    SQLAlchemy's text."""
    hand = StoredHand(("Site", "1"), {name: None for name in HAND_COLUMNS}, "clean")
    summer = timezone(timedelta(hours=2))
    hand.row.update(small_blind=Decimal("0.50"), big_blind=Decimal("1"), is_tournament=False,
                    time_utc=datetime(2024, 5, 6, 7, 8, 9, 10, tzinfo=summer), line=3)  # fmt: skip
    rows = prepared(hand, "sqlite").row
    index = HAND_COLUMNS.index
    assert rows[index("small_blind")] == "0.50" and rows[index("big_blind")] == "1"
    assert rows[index("time_utc")] == "2024-05-06 05:08:09.000010"
    assert type(rows[index("is_tournament")]) is int and rows[index("is_tournament")] == 0  # SQLAlchemy binds 0
    server = prepared(hand, "postgresql").row
    assert server[index("small_blind")] == Decimal("0.50")
    assert server[index("time_utc")] == datetime(2024, 5, 6, 5, 8, 9, 10, tzinfo=UTC)
    assert server[index("time_utc")].tzinfo is UTC


def test_money_that_is_not_a_decimal_is_refused() -> None:
    hand = StoredHand(("Site", "1"), {name: None for name in HAND_COLUMNS}, "clean")
    hand.row["small_blind"] = 0.5  # a float would lose exactness
    with pytest.raises(TypeError, match="Decimal"):
        prepared(hand, "sqlite")


def test_each_time_has_its_own_text_whatever_came_before() -> None:
    """The SQLite text of the last time converted is kept (a hand's rows share its time): the same instant in two
    zones has one text, a naive time (UTC) another than the aware one of the same wall clock."""
    summer = timezone(timedelta(hours=2))
    times = [datetime(2024, 5, 6, 7, 8, 9, tzinfo=summer), datetime(2024, 5, 6, 5, 8, 9, tzinfo=UTC),
             datetime(2024, 5, 6, 7, 8, 9), datetime(2024, 5, 6, 7, 8, 9, tzinfo=summer)]  # fmt: skip
    texts = []
    for when in times:
        hand = StoredHand(("Site", "1"), {name: None for name in HAND_COLUMNS}, "clean")
        hand.row.update(is_tournament=False, time_utc=when, line=1)
        texts.append(prepared(hand, "sqlite").row[HAND_COLUMNS.index("time_utc")])
    assert texts == ["2024-05-06 05:08:09.000000", "2024-05-06 05:08:09.000000", "2024-05-06 07:08:09.000000",
                     "2024-05-06 05:08:09.000000"]  # fmt: skip


def test_a_player_row_s_counters_are_sqlite_integers_even_past_a_byte() -> None:
    """The counters reach SQLite as integers (flags 0 and 1, counts as they are), a count over 255 included."""
    row: dict[str, Any] = {name: None for name in PLAYER_COLUMNS}
    row.update(dict.fromkeys(COUNTER_FIELDS, False), seq=0, player="Hero", vpip=True, postflop_bets=300,
               postflop_calls=2)  # fmt: skip
    hand = StoredHand(("Site", "1"), {name: None for name in HAND_COLUMNS}, "clean", players=[row])
    (packed,) = prepared(hand, "sqlite").players
    got = spread_counters(0, packed)[1:]
    index = PLAYER_COLUMNS.index
    assert got[index("postflop_bets")] == 300 and got[index("postflop_calls")] == 2
    assert got[index("vpip")] == 1 and got[index("pfr")] == 0
    assert all(type(got[index(name)]) is int for name in COUNTER_FIELDS)


@pytest.mark.parametrize("backend", sorted(DIALECTS))
def test_a_player_row_s_counters_travel_in_one_cell(stored: list[StoredHand], backend: str) -> None:
    """The counters are one ``bytes`` cell (one object to pickle, or to write as COPY text), spread back into
    their columns."""
    rows = [r for s in stored for r in prepared(s, backend).players]
    assert rows and all(type(r[COUNTERS_AT]) is bytes for r in rows)
    assert all(len(r) == len(PLAYER_COLUMNS) - len(COUNTER_FIELDS) + 1 for r in rows)
    assert all(len(spread_counters(1, r)) == 1 + len(PLAYER_COLUMNS) for r in rows)
