"""PostgreSQL's COPY text as ``import``'s workers write it (``store.copytext``): a player row's packed counters come
out as the columns psycopg's own formatter writes for the same values as integers (which a ``boolean`` column reads
as 0 and 1)."""

from __future__ import annotations

from typing import Any

import pytest

from handlog.stats.totals import COUNTER_FIELDS
from handlog.store.copytext import counters_text, rows_text
from handlog.store.records import COUNTERS_AT, HAND_COLUMNS, PLAYER_COLUMNS, StoredHand, prepared, spread_counters


def player_row(**counts: int) -> dict[str, Any]:
    row: dict[str, Any] = {name: None for name in PLAYER_COLUMNS}
    row.update(dict.fromkeys(COUNTER_FIELDS, False), seq=0, player="Hero\tof the\nnight", vpip=True, **counts)
    return row


@pytest.mark.parametrize(
    "counts",
    [{}, {"postflop_bets": 9}, {"postflop_bets": 10, "postflop_calls": 2}, {"postflop_raises": 300}],
    ids=["flags", "nine", "ten", "past-a-byte"],
)
def test_packed_counters_are_written_as_their_columns(counts: dict[str, int]) -> None:
    hand = StoredHand(("Site", "1"), {name: None for name in HAND_COLUMNS}, "clean", players=[player_row(**counts)])
    rows = prepared(hand, "postgresql").players
    spread = [spread_counters(0, row)[1:] for row in rows]  # every counter an int
    assert rows_text(rows, packed_at=COUNTERS_AT) == rows_text(spread)
    line = rows_text(rows, packed_at=COUNTERS_AT).decode()
    assert line.endswith("\n") and line.count("\n") == 1 and line.count("\t") == len(PLAYER_COLUMNS) - 1
    assert "Hero\\tof the\\nnight" in line  # the other cells escaped by psycopg's formatter


def test_counters_text() -> None:
    assert counters_text(bytes([0, 1, 9])) == b"0\t1\t9"
    assert counters_text(bytes([1, 12, 0])) == b"1\t12\t0"
    assert counters_text((1, 256, 0)) == b"1\t256\t0"
    assert counters_text(bytes([7])) == b"7"
