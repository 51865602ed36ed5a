"""Streaming totals: the sums do not depend on how the hands are split among workers, and they are what
``aggregate`` returns."""

from __future__ import annotations

import pickle
from decimal import Decimal

import made_hands as hands
import pytest

from handlog.stats.frame import aggregate, iter_rows, per_hand
from handlog.stats.totals import Totals, columns, month


@pytest.fixture(scope="module")
def rows() -> list[dict[str, object]]:
    return list(iter_rows(hands.ALL))


@pytest.mark.parametrize("by", [(), ("position",), ("month", "stakes", "game")])
def test_totals_merged_from_any_split_equal_one_pass(rows: list[dict[str, object]], by: tuple[str, ...]) -> None:
    whole = Totals(by).update(rows).records()
    for size in (1, 2, 3, 7):
        merged = Totals(by)
        for start in range(0, len(rows), size):
            part = Totals(by).update(rows[start : start + size])
            merged.merge(pickle.loads(pickle.dumps(part)))  # as it comes back from a worker
        assert merged.records() == whole


def test_aggregate_is_the_totals(rows: list[dict[str, object]]) -> None:
    table = per_hand(hands.ALL)
    for by in ((), ("position",)):
        frame = aggregate(table, by=list(by))
        records = Totals(by).update(rows).records()
        assert list(frame.columns) == columns(by)
        assert len(frame) == len(records)
        for got, want in zip(frame.to_dict("records"), records, strict=True):
            assert got["player"] == want["player"] and got["hands"] == want["hands"]
            assert got["net"] == want["net"] and isinstance(got["net"], Decimal)


def test_player_filter_and_sorting(rows: list[dict[str, object]]) -> None:
    only = Totals((), "Bb").update(rows).records()
    assert [r["player"] for r in only] == ["Bb"]
    everyone = [r["player"] for r in Totals().update(rows).records()]
    assert everyone == sorted(everyone)


def test_a_missing_group_value_sorts_last() -> None:
    base = next(iter(iter_rows(hands.ALL)))
    missing = {**base, "position": None}
    records = Totals(("position",)).update([missing, base]).records()
    assert [r["position"] for r in records] == [base["position"], None]


def test_month() -> None:
    assert month(None) == "unknown"  # issue 23: no empty month group
    with pytest.raises(ValueError, match="cannot group"):
        Totals(("weekday",))


def test_a_hand_without_a_big_blind_is_left_out_of_bb_per_100(rows: list[dict[str, object]]) -> None:
    """888's BLAST tournaments write blinds like "42.797,60 $/0 $": such a hand has no result in big blinds (it
    crashed the command with a division by zero); bb/100 is taken over the other hands."""
    base = next(r for r in rows if r["structure"] == "no_limit" and Decimal(str(r["net"])) != 0)
    small, _, big = str(base["stakes"]).partition("/")
    net = Decimal(str(base["net"]))
    no_blind = {**base, "stakes": f"{small}/0", "net": str(net * 3)}
    record = next(r for r in Totals().update([base, no_blind]).records() if r["player"] == base["player"])
    assert record["hands"] == 2
    assert record["net"] == net * 4
    assert record["bb_per_100"] == pytest.approx(float(100 * net / Decimal(big)))
    alone = next(r for r in Totals().update([no_blind]).records() if r["player"] == base["player"])
    assert alone["bb_per_100"] is None


def test_counts_add_up_exactly_past_a_byte_each_apart(rows: list[dict[str, object]]) -> None:
    """A key's counters are summed packed in one integer (``totals.packed``): each stays its own sum, whatever its
    neighbours hold, past 255 (a byte) and past 65,535, as the definition of a count says: hands × the row's value."""
    row = dict(next(r for r in rows if r["vpip"] and not r["pfr"]))
    row["postflop_bets"] = 300  # a count over a byte in one row, beside flags
    copies = 2_100
    totals = Totals()
    one = Totals().update([row])
    for _ in range(7):
        part = Totals().update([row] * (copies // 7))
        totals.merge(part)
    (record,) = totals.records()
    (single,) = one.records()
    assert record["hands"] == copies
    assert record["vpip"] == copies and record["pfr"] == 0
    assert record["postflop_bets"] == 300 * copies  # 630,000: past a byte and past 16 bits
    for name in ("postflop_calls", "postflop_raises", "saw_flop", "three_bet_opp", "open_opp"):
        assert record[name] == copies * single[name]
