"""The per hand and player table and the per player aggregates, as pandas DataFrames.

``hand_rows(replay)`` gives one record per player dealt in, with the fields of ``FIELDS``: facts about the hand,
the counters of :mod:`handlog.stats.counters` and the money of the replay's results (exact ``Decimal``).
``per_hand(hands)`` is those records as a DataFrame; ``aggregate(table)`` sums them per player (optionally per
position, stakes, game or month) into the usual percentages, each one actions over opportunities.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from typing import Any

import pandas as pd

from handlog.engine import replay as replay_hand
from handlog.engine.views import Replay
from handlog.events import Game, Hand, Structure
from handlog.reading import HandRecord, read
from handlog.stats import counters
from handlog.stats.allin_ev import allin_ev
from handlog.stats.positions import dealt_in, positions

HAND_FIELDS = (
    "hand_id",
    "file",
    "site",
    "game",
    "structure",
    "stakes",
    "currency",
    "time",
    "player",
    "seat",
    "position",
)
COUNTER_FIELDS = (
    "vpip", "pfr", "limp", "cold_call", "three_bet_opp", "three_bet", "four_bet_opp", "four_bet",
    "fold_to_three_bet_opp", "fold_to_three_bet", "squeeze_opp", "squeeze", "open_opp", "open_raise",
    "steal_opp", "steal", "fold_sb_to_steal_opp", "fold_sb_to_steal", "fold_bb_to_steal_opp", "fold_bb_to_steal",
    "saw_flop", "saw_turn", "saw_river", "saw_showdown", "won_at_showdown", "won_when_saw_flop",
    "cbet_flop_opp", "cbet_flop", "cbet_turn_opp", "cbet_turn", "cbet_river_opp", "cbet_river",
    "fold_to_cbet_flop_opp", "fold_to_cbet_flop", "fold_to_cbet_turn_opp", "fold_to_cbet_turn",
    "fold_to_cbet_river_opp", "fold_to_cbet_river", "check_raise_flop_opp", "check_raise_flop",
    "postflop_bets", "postflop_raises", "postflop_calls", "postflop_checks", "postflop_folds",
)  # fmt: skip
MONEY_FIELDS = ("committed", "collected", "rake", "net", "net_allin_ev")
FIELDS = (*HAND_FIELDS, *COUNTER_FIELDS, "all_in_street", *MONEY_FIELDS)
"""The columns of the per-hand table, in order (also the JSON/CSV field names)."""

SUPPORTED_GAMES = frozenset({Game.HOLDEM, Game.FIVE_CARD_DRAW})
"""Games whose statistics are computed (the others are skipped by :func:`per_hand`)."""

ZERO = Decimal(0)


def stakes_text(hand: Hand) -> str:
    """``small/big`` as written in the header (blinds; small and big bet in fixed limit)."""
    return f"{hand.stakes.small}/{hand.stakes.big}"


def big_blind(structure: str, stakes: str) -> Decimal:
    """The big blind from the ``structure`` and ``stakes`` columns (fixed limit: the small bet)."""
    small, _, big = stakes.partition("/")
    return Decimal(small) if structure == Structure.FIXED_LIMIT.value else Decimal(big)


def hand_rows(replay: Replay, with_allin_ev: bool = True) -> list[dict[str, Any]]:
    """One record per player dealt in (see ``FIELDS``)."""
    hand = replay.hand
    labels = positions(hand)
    players = tuple(p for p in dealt_in(hand) if p in replay.results or p in labels)
    collected = {p: r.collected for p, r in replay.results.items()}
    events = tuple(step.event for step in replay.steps) if replay.steps else hand.events
    ctx = counters.Context(
        betting=counters.betting(events, players),
        players=players,
        positions=labels,
        collected=collected,
    )
    ev = allin_ev(replay) if with_allin_ev else {}
    rows: list[dict[str, Any]] = []
    for p in players:
        result = replay.results.get(p)
        seat = hand.seat_of(p)
        row: dict[str, Any] = {
            "hand_id": hand.hand_id,
            "file": hand.file,
            "site": hand.site,
            "game": hand.game.value,
            "structure": hand.structure.value,
            "stakes": stakes_text(hand),
            "currency": hand.currency,
            "time": hand.time_utc,
            "player": p,
            "seat": seat.seat if seat else None,
            "position": labels.get(p),
        }
        row.update(counters.count(ctx, p))
        net = result.net if result else ZERO
        row["all_in_street"] = result.all_in_street.value if result and result.all_in_street else None
        row["committed"] = result.committed if result else ZERO
        row["collected"] = result.collected if result else ZERO
        row["rake"] = result.rake if result else ZERO
        row["net"] = net
        row["net_allin_ev"] = ev.get(p, net)
        rows.append({k: row[k] for k in FIELDS})
    return rows


def iter_rows(
    hands: Iterable[Hand | HandRecord],
    player: str | None = None,
    with_allin_ev: bool = True,
    replay: Callable[[Hand], Replay] = lambda hand: replay_hand(hand, states=False),
) -> Iterator[dict[str, Any]]:
    """Records of every supported, not cancelled hand (only ``player``'s when given). ``hands`` may be
    ``Hand`` objects or the records of ``handlog.read`` (unparsed ones are skipped)."""
    for item in hands:
        hand = item.hand if isinstance(item, HandRecord) else item
        if hand is None or hand.game not in SUPPORTED_GAMES or hand.cancelled:
            continue
        if player is not None and hand.seat_of(player) is None:
            continue
        for row in hand_rows(replay(hand), with_allin_ev):
            if player is None or row["player"] == player:
                yield row


def per_hand(hands: Iterable[Hand | HandRecord], player: str | None = None, with_allin_ev: bool = True) -> pd.DataFrame:
    """The per hand and player table: one row per (hand, player), columns ``FIELDS``; money as Decimal.

    >>> import handlog, handlog.stats
    >>> table = handlog.stats.per_hand(handlog.read(["hands/"]))  # doctest: +SKIP
    >>> handlog.stats.aggregate(table, by=["position"])  # doctest: +SKIP
    """
    return to_frame(iter_rows(hands, player, with_allin_ev))


def read_per_hand(
    paths: Iterable[str | os.PathLike[str]], player: str | None = None, with_allin_ev: bool = True
) -> pd.DataFrame:
    """:func:`per_hand` of every hand in ``paths`` (files or folders)."""
    return per_hand(read(paths), player, with_allin_ev)


def to_frame(rows: Iterable[dict[str, Any]]) -> pd.DataFrame:
    frame = pd.DataFrame.from_records(list(rows), columns=list(FIELDS))
    for name in COUNTER_FIELDS:
        frame[name] = frame[name].astype(int if name.startswith("postflop_") else bool)
    return frame


GROUPS = {"position": "position", "stakes": "stakes", "game": "game", "month": "month"}

RATIOS: tuple[tuple[str, str, str], ...] = (
    ("vpip_pct", "vpip", ""),
    ("pfr_pct", "pfr", ""),
    ("limp_pct", "limp", ""),
    ("cold_call_pct", "cold_call", ""),
    ("open_raise_pct", "open_raise", "open_opp"),
    ("three_bet_pct", "three_bet", "three_bet_opp"),
    ("fold_to_three_bet_pct", "fold_to_three_bet", "fold_to_three_bet_opp"),
    ("four_bet_pct", "four_bet", "four_bet_opp"),
    ("squeeze_pct", "squeeze", "squeeze_opp"),
    ("steal_pct", "steal", "steal_opp"),
    ("fold_sb_to_steal_pct", "fold_sb_to_steal", "fold_sb_to_steal_opp"),
    ("fold_bb_to_steal_pct", "fold_bb_to_steal", "fold_bb_to_steal_opp"),
    ("cbet_flop_pct", "cbet_flop", "cbet_flop_opp"),
    ("cbet_turn_pct", "cbet_turn", "cbet_turn_opp"),
    ("cbet_river_pct", "cbet_river", "cbet_river_opp"),
    ("fold_to_cbet_flop_pct", "fold_to_cbet_flop", "fold_to_cbet_flop_opp"),
    ("fold_to_cbet_turn_pct", "fold_to_cbet_turn", "fold_to_cbet_turn_opp"),
    ("fold_to_cbet_river_pct", "fold_to_cbet_river", "fold_to_cbet_river_opp"),
    ("check_raise_flop_pct", "check_raise_flop", "check_raise_flop_opp"),
    ("wtsd_pct", "saw_showdown", "saw_flop"),
    ("wsd_pct", "won_at_showdown", "saw_showdown"),
    ("wwsf_pct", "won_when_saw_flop", "saw_flop"),
)
"""Aggregate percentages: (column, action, opportunity); an empty opportunity means every hand but walks."""

AGGREGATE_MONEY = ("net", "showdown_net", "non_showdown_net", "net_allin_ev", "rake")


def _pct(done: int, opp: int) -> float | None:
    return 100.0 * done / opp if opp else None


def walks(g: pd.DataFrame) -> pd.Series:
    """Hands the big blind won with no decision (everyone folded to them): in the big blind, no flop,
    money collected, nothing put in voluntarily. As in PokerTracker 4 they do not count towards VPIP and
    PFR (the player had no chance to play)."""
    return (g["position"] == "BB") & ~g["saw_flop"] & ~g["vpip"] & ~g["pfr"] & (g["collected"] > 0)


def _summary(g: pd.DataFrame) -> dict[str, Any]:
    hands = len(g)
    played = hands - int(walks(g).sum())
    out: dict[str, Any] = {"hands": hands}
    for name, done, opp in RATIOS:
        out[name] = _pct(int(g[done].sum()), played if not opp else int(g[opp].sum()))
    aggressive = int(g["postflop_bets"].sum() + g["postflop_raises"].sum())
    calls = int(g["postflop_calls"].sum())
    folds = int(g["postflop_folds"].sum())
    out["af"] = aggressive / calls if calls else None
    out["afq_pct"] = _pct(aggressive, aggressive + calls + folds)
    showdown = g["saw_showdown"].astype(bool)
    out["net"] = _dsum(g["net"])
    out["bb_per_100"] = (
        float(100 * sum(
            (n / big_blind(s, k) for n, s, k in zip(g["net"], g["structure"], g["stakes"], strict=True)),
            ZERO,
        ) / hands)
        if hands
        else None
    )  # fmt: skip
    out["showdown_net"] = _dsum(g.loc[showdown, "net"])
    out["non_showdown_net"] = _dsum(g.loc[~showdown, "net"])
    out["net_allin_ev"] = _dsum(g["net_allin_ev"])
    out["rake"] = _dsum(g["rake"])
    return out


def _dsum(values: Iterable[Any]) -> Decimal:
    return sum((Decimal(v) for v in values), ZERO)


def aggregate(table: pd.DataFrame, by: Sequence[str] = (), player: str | None = None) -> pd.DataFrame:
    """Per player and currency (and per ``by``: ``position``, ``stakes``, ``game``, ``month``) totals and
    percentages. The currency is always a key: a player's cash and tournament hands (chips) are apart.

    Percentages are 0–100 (None without an opportunity): VPIP, PFR, limp and cold call over hands less
    walks (:func:`walks`);
    every other one over its own opportunity; WTSD over flops seen, W$SD over showdowns, WWSF over flops seen.
    AF is (bets + raises) / calls and AFq (bets + raises) / (bets + raises + calls + folds), after the first
    round. Money is Decimal: ``net``, its showdown and non-showdown parts, ``net_allin_ev`` and ``rake``;
    ``bb_per_100`` is 100 × the mean of net / big blind.
    """
    for key in by:
        if key not in GROUPS:
            raise ValueError(f"cannot group by {key!r}: choose from {', '.join(GROUPS)}")
    data = table if player is None else table[table["player"] == player]
    data = data.copy()
    if "month" in by:
        data["month"] = [t.strftime("%Y-%m") if t is not None and not pd.isna(t) else "" for t in data["time"]]
    keys = ["player", "currency", *by]  # money is never summed across currencies (or chips)
    records: list[dict[str, Any]] = []
    for values, group in data.groupby(keys, sort=True, dropna=False):
        rec: dict[str, Any] = dict(zip(keys, values if isinstance(values, tuple) else (values,), strict=True))
        rec.update(_summary(group))
        records.append(rec)
    columns = [*keys, "hands", *(r[0] for r in RATIOS), "af", "afq_pct", "net", "bb_per_100",
               "showdown_net", "non_showdown_net", "net_allin_ev", "rake"]  # fmt: skip
    return pd.DataFrame.from_records(records, columns=columns)
