"""The per-hand table and the aggregates: money adds up, aggregates equal a direct pandas computation."""

from __future__ import annotations

from decimal import Decimal

import made_hands as hands
import pandas as pd
import pytest

from handlog.engine import replay
from handlog.stats.frame import FIELDS, aggregate, big_blind, per_hand


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return per_hand(hands.ALL)


def test_columns_and_money_types(table: pd.DataFrame) -> None:
    assert list(table.columns) == list(FIELDS)
    for name in ("committed", "collected", "rake", "net", "net_allin_ev"):
        assert all(isinstance(v, Decimal) for v in table[name])


def test_net_sums_to_minus_the_rake(table: pd.DataFrame) -> None:
    total_rake = sum((replay(h).rake for h in hands.ALL), Decimal(0))
    assert sum(table["net"], Decimal(0)) == -total_rake
    assert sum(table["rake"], Decimal(0)) == total_rake
    assert all(table["net"] == table["collected"] - table["committed"])


def test_aggregates_equal_a_direct_computation(table: pd.DataFrame) -> None:
    agg = aggregate(table).set_index("player")
    assert set(agg["currency"]) == {"USD"}
    for player, g in table.groupby("player"):
        a = agg.loc[player]
        assert a["hands"] == len(g)
        walk = (g["position"] == "BB") & ~g["saw_flop"] & ~g["vpip"] & ~g["pfr"] & (g["collected"] > 0)
        # percentages are rounded to 2 decimals (issue 23), their counts beside them are exact
        assert a["vpip_pct"] == round(100 * g.loc[~walk, "vpip"].mean(), 2)
        assert a["pfr_pct"] == round(100 * g.loc[~walk, "pfr"].mean(), 2)
        assert a["vpip"] == g.loc[~walk, "vpip"].sum() and a["played"] == (~walk).sum()
        for pct, done, opp in (
            ("three_bet_pct", "three_bet", "three_bet_opp"),
            ("steal_pct", "steal", "steal_opp"),
            ("fold_bb_to_steal_pct", "fold_bb_to_steal", "fold_bb_to_steal_opp"),
            ("cbet_flop_pct", "cbet_flop", "cbet_flop_opp"),
            ("wtsd_pct", "saw_showdown", "saw_flop"),
            ("wsd_pct", "won_at_showdown", "saw_showdown"),
        ):
            n = g[opp].sum()
            if n:
                assert a[pct] == round(100 * g[done].sum() / n, 2)
                assert (a[done], a[opp]) == (g[done].sum(), n)
            else:
                assert a[pct] is None or pd.isna(a[pct])
        agg_bets = g["postflop_bets"].sum() + g["postflop_raises"].sum()
        calls = g["postflop_calls"].sum()
        if calls:
            assert a["af"] == round(agg_bets / calls, 2)
        assert a["net"] == sum(g["net"], Decimal(0))
        assert a["showdown_net"] + a["non_showdown_net"] == a["net"]
        assert a["showdown_net"] == sum(g.loc[g["saw_showdown"], "net"], Decimal(0))
        assert a["net_allin_ev"] == sum(g["net_allin_ev"], Decimal(0))
        bb = [big_blind(s, k) for s, k in zip(g["structure"], g["stakes"], strict=True)]
        per100 = 100 * sum(n / b for n, b in zip(g["net"], bb, strict=True)) / len(g)
        assert a["bb_per_100"] == round(float(per100), 2)


def test_a_walk_is_not_a_hand_for_vpip(table: pd.DataFrame) -> None:
    bb = aggregate(table[table["hand_id"].isin(["1001", "1003"])], player="Bb")  # a walk and a limped pot
    assert bb["hands"].iloc[0] == 2 and bb["vpip_pct"].iloc[0] == 0.0
    walk_only = aggregate(table[table["hand_id"] == "1001"], player="Bb")
    assert walk_only["vpip_pct"].iloc[0] is None or pd.isna(walk_only["vpip_pct"].iloc[0])


def test_group_by_position_and_month(table: pd.DataFrame) -> None:
    by_pos = aggregate(table, by=["position"], player="Bb")
    assert set(by_pos["position"]) == {"BB"}
    assert by_pos["hands"].sum() == (table["player"] == "Bb").sum()
    by_month = aggregate(table, by=["month"])
    assert set(by_month["month"]) == {"2024-01"}
    with pytest.raises(ValueError, match="cannot group"):
        aggregate(table, by=["weekday"])


def test_player_filter() -> None:
    only = per_hand(hands.ALL, player="Co")
    assert set(only["player"]) == {"Co"}
    assert len(only) == sum(1 for h in hands.ALL if h.seat_of("Co"))


def test_each_record_has_every_field_once_in_order() -> None:
    """``hand_rows``' records: the keys ``ROW_FIELDS`` in that order, the hand's facts the same in each, a player's
    own values (who, the seat the hand gives them, their money) in theirs."""
    from handlog.stats.frame import ROW_FIELDS, hand_rows

    for hand in hands.ALL:
        rows = hand_rows(replay(hand))
        assert rows
        seats = {s.player: s.seat for s in hand.seats}
        for row in rows:
            assert list(row) == list(ROW_FIELDS)
            assert (row["hand_id"], row["site"], row["game"]) == (hand.hand_id, hand.site, hand.game.value)
            assert row["seat"] == seats[row["player"]]
            assert row["net"] == row["collected"] - row["committed"]
        assert len({row["player"] for row in rows}) == len(rows)
        assert all(row is not other for row in rows for other in rows if row["player"] != other["player"])
