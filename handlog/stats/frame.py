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
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from handlog.checks.unknown import replay_unverified
from handlog.clock import HandTime, Zones, hand_time
from handlog.engine import replay as replay_hand
from handlog.engine.views import Replay
from handlog.events import DRAW_GAMES, STUD_GAMES, Game, Hand
from handlog.reading import HandRecord, read
from handlog.stats import counters, totals
from handlog.stats.allin_ev import allin_ev
from handlog.stats.identity import Aliases, seated, selects, shown_picks, split_player
from handlog.stats.positions import dealt_in, positions
from handlog.stats.totals import COUNT_FIELDS, COUNTER_FIELDS, RATIOS, big_blind

if TYPE_CHECKING:  # pandas loads when a DataFrame is asked for (the CLI streams without it)
    import pandas as pd

__all__ = ["COUNTER_FIELDS", "FIELDS", "RATIOS", "aggregate", "big_blind", "hand_rows", "iter_rows", "per_hand"]

HAND_FIELDS = (
    "hand_id",
    "file",
    "site",
    "game",
    "structure",
    "stakes",
    "currency",
    "tournament_id",
    "time",
    "local_time",
    "time_zone",
    "time_source",
    "player",
    "seat",
    "position",
)
MONEY_FIELDS = ("committed", "collected", "rake", "net", "net_allin_ev")
SPLIT_NET = ("net_showdown", "net_non_showdown")
"""The net split by whether the player saw the showdown (the red and blue lines): one of the two is the net, the
other zero. Derived from ``net`` and ``saw_showdown`` (the database stores neither)."""
FIELDS = (*HAND_FIELDS, *COUNTER_FIELDS, "all_in_street", "pot", *MONEY_FIELDS, *SPLIT_NET)
"""The columns of the per-hand table, in order (also the JSON/CSV field names)."""
SHOWN_FIELDS = (*FIELDS[: FIELDS.index("player") + 1], "player_id", *FIELDS[FIELDS.index("player") + 1 :])
"""The columns ``stats --per-hand`` writes: ``FIELDS`` with ``player`` the name the table showed and ``player_id``
the player's stable id beside it (PokerNow's ``name @ id``; empty for the rooms that name players by name only)."""


def shown_rows(rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """``rows`` as ``stats --per-hand`` writes them (``SHOWN_FIELDS``): the display name, and the id apart."""
    for row in rows:
        row["player"], row["player_id"] = split_player(str(row["site"]), str(row["player"]))
        yield row

FLOP_GAMES = frozenset({
    Game.HOLDEM, Game.SPLIT_HOLDEM, Game.SIX_PLUS_HOLDEM, Game.OMAHA, Game.OMAHA_HI_LO, Game.FIVE_CARD_OMAHA,
    Game.FIVE_CARD_OMAHA_HI_LO, Game.SIX_CARD_OMAHA, Game.COURCHEVEL, Game.COURCHEVEL_HI_LO, Game.IRISH,
})
"""Games of blinds, a button and a board: every counter (VPIP, PFR, 3-bet, steal, c-bets, streets seen …) is
defined for them as for Hold'em (Split Hold'em's second board changes none: one betting round follows each pair
of streets; nor Courchevel's preflop board card, nor Irish's discard after the flop, which takes no betting
round)."""
# DRAW_GAMES and STUD_GAMES are ``handlog.events``'. Draw games: the same counters, the rounds after the draws in
# place of flop, turn and river. Stud games: third street is the first round (VPIP, raise = completing the bring-in
# or raising), fourth to sixth street the later slots (Five Card Stud: second street first, third to fifth after
# it); no button and no blinds, so no position, steal or blind counters.
SUPPORTED_GAMES = FLOP_GAMES | DRAW_GAMES | STUD_GAMES
"""Games whose statistics are computed (the others are skipped by :func:`per_hand`)."""

ZERO = Decimal(0)


def stakes_text(hand: Hand) -> str:
    """``small/big`` in one form whatever the header wrote (``0.50/1.00`` and ``0.5/1`` are both ``0.5/1``): each
    amount without trailing zeros (blinds; small and big bet in fixed limit)."""
    return f"{plain_amount(hand.stakes.small)}/{plain_amount(hand.stakes.big)}"


def plain_amount(value: Decimal) -> str:
    """An amount without trailing zeros and never in exponent form (``0.50`` → ``0.5``, ``100`` → ``100``)."""
    text = format(value.normalize(), "f")
    return text


def normal_stakes(text: str) -> str:
    """Stakes typed by a user (``0.50/1.00``, ``$0.5/$1``) in the form of :func:`stakes_text`; text that is not
    two amounts is given back as it is (it then matches nothing, and the filter says so)."""
    small, sep, big = text.replace("$", "").replace("€", "").replace("£", "").partition("/")
    try:
        return f"{plain_amount(Decimal(small.strip()))}/{plain_amount(Decimal(big.strip()))}" if sep else text
    except ArithmeticError:
        return text


def hand_rows(
    replay: Replay, with_allin_ev: bool = True, zones: Zones | None = None, when: HandTime | None = None
) -> list[dict[str, Any]]:
    """One record per player dealt in (see ``FIELDS``); ``zones``: the zones the user gave for logs that state
    none (:mod:`handlog.clock`); ``when``: the hand's ``hand_time`` under them, when the caller has it already."""
    hand = replay.hand
    dealt = dealt_in(hand)
    labels = positions(hand, dealt) if hand.game not in STUD_GAMES else {}
    results = replay.results
    players = tuple(p for p in dealt if p in results or p in labels)
    collected = {p: r.collected for p, r in results.items()}
    events = tuple(map(_EVENT_OF, replay.steps)) if replay.steps else hand.events
    ctx = counters.Context(
        betting=counters.betting(events, players),
        players=players,
        positions=labels,
        collected=collected,
    )
    ev = allin_ev(replay) if with_allin_ev else {}
    pot = counters.pot_type(ctx.betting)
    if when is None:
        when = hand_time(hand, zones)
    facts = (hand.hand_id, hand.file, hand.site, hand.game.value, hand.structure.value, stakes_text(hand),
             hand.currency, hand.tournament.id if hand.tournament else None, when.utc, when.local, when.zone,
             when.source)  # fmt: skip
    seats: dict[str, int] = {}
    for s in hand.seats:
        seats.setdefault(s.player, s.seat)  # the first, as ``hand.seat_of``
    base = _EMPTY_ROW.copy()  # every record's keys in their order, the hand's facts filled in
    base.update(zip(_FACT_KEYS, facts, strict=True))
    quiet = _QUIET_ROW.copy()  # the same, with the later rounds' counters of a player without a decision
    quiet.update(zip(_FACT_KEYS, facts, strict=True))
    rows: list[dict[str, Any]] = []
    for p in players:
        row = counters.count(ctx, p, base, quiet)  # each family's columns straight into the record
        if len(row) != len(ROW_FIELDS):  # a family gave a column that is no counter
            raise ValueError(f"unknown counters: {sorted(row.keys() - set(ROW_FIELDS))}")
        row["player"], row["seat"], row["position"] = p, seats.get(p), labels.get(p)
        result = results.get(p)
        if result is None:  # (the money keys' values are None until set here, in ``ROW_FIELDS`` order)
            row["committed"] = row["collected"] = row["rake"] = row["net"] = ZERO
            row["net_allin_ev"], row["pot"] = ev.get(p, ZERO), pot
            row["net_showdown"] = row["net_non_showdown"] = ZERO
        else:
            street, net = result.all_in_street, result.net
            row["all_in_street"] = street.value if street else None
            row["committed"], row["collected"], row["rake"], row["net"] = (result.committed, result.collected,
                                                                           result.rake, net)
            row["net_allin_ev"], row["pot"] = ev.get(p, net), pot
            if row["saw_showdown"]:  # see split_net
                row["net_showdown"], row["net_non_showdown"] = net, ZERO
            else:
                row["net_showdown"], row["net_non_showdown"] = ZERO, net
        rows.append(row)
    return rows


ROW_FIELDS = (*HAND_FIELDS, *COUNTER_FIELDS, "all_in_street", *MONEY_FIELDS[:4], "net_allin_ev", "pot", *SPLIT_NET)
"""The keys of a :func:`hand_rows` record, in the order it has always had them (``FIELDS``, ``pot`` after the
money)."""
_EVENT_OF = attrgetter("event")
_FACT_KEYS = HAND_FIELDS[:-3]
"""The hand's facts in a record: all of ``HAND_FIELDS`` but player, seat and position."""
_EMPTY_ROW: dict[str, Any] = dict.fromkeys(ROW_FIELDS)
_QUIET_ROW: dict[str, Any] = {**_EMPTY_ROW, **counters.NO_LATER_DECISION}
"""A record's keys in ``ROW_FIELDS`` order, values None; and the same with the later rounds' counters of a player
without a decision after the first round (``counters.NO_LATER_DECISION``).

A record is one of these copied (one per hand, with the hand's facts), each counter family's columns put in by an
``update`` of the existing keys: copying a dict and updating its keys costs a few table writes, where building a
row of ~125 counters from an empty dict grows its table five times, and picking the counters out and zipping ~150
values into a new dict cost most of a record's making."""


def split_net(row: dict[str, Any]) -> None:
    """Set ``net_showdown`` and ``net_non_showdown`` (see ``SPLIT_NET``) from the row's net and showdown."""
    net = row["net"]
    showdown = bool(row["saw_showdown"])
    row["net_showdown"] = net if showdown else ZERO
    row["net_non_showdown"] = ZERO if showdown else net


def iter_rows(
    hands: Iterable[Hand | HandRecord],
    player: str | None = None,
    with_allin_ev: bool = True,
    replay: Callable[[Hand], Replay] = lambda hand: replay_hand(hand, states=False),
    aliases: Aliases | None = None,
    zones: Zones | None = None,
    include_unverified: bool = False,
) -> Iterator[dict[str, Any]]:
    """Records of every supported, not cancelled hand (only ``player``'s when given: that name on every site, or
    the accounts of that alias). ``hands`` may be ``Hand`` objects or the records of ``handlog.read`` (unparsed
    ones are skipped). A hand with a line its reader did not know that its own numbers do not prove, or an action
    in an unknown form, is left out unless ``include_unverified`` (``docs/unknown-lines.md``)."""
    for item in hands:
        hand = item.hand if isinstance(item, HandRecord) else item
        if hand is None or hand.game not in SUPPORTED_GAMES or hand.cancelled:
            continue
        if player is not None and not seated(player, hand.site, (s.player for s in hand.seats), aliases):
            continue
        replayed = replay(hand)
        if not include_unverified and replay_unverified(replayed):
            continue
        for row in hand_rows(replayed, with_allin_ev, zones):
            if player is None or selects(player, row, aliases):
                yield row


def per_hand(
    hands: Iterable[Hand | HandRecord], player: str | None = None, with_allin_ev: bool = True,
    include_unverified: bool = False,
) -> pd.DataFrame:
    """The per hand and player table: one row per (hand, player), columns ``FIELDS``; money as Decimal.

    >>> import handlog, handlog.stats
    >>> table = handlog.stats.per_hand(handlog.read(["hands/"]))  # doctest: +SKIP
    >>> handlog.stats.aggregate(table, by=["position"])  # doctest: +SKIP
    """
    rows = list(iter_rows(hands, player, with_allin_ev, include_unverified=include_unverified))
    shown_picks(rows, player).check()  # a display name two players were shown by picks neither
    return to_frame(rows)


def read_per_hand(
    paths: Iterable[str | os.PathLike[str]], player: str | None = None, with_allin_ev: bool = True
) -> pd.DataFrame:
    """:func:`per_hand` of every hand in ``paths`` (files or folders)."""
    return per_hand(read(paths), player, with_allin_ev)


def to_frame(rows: Iterable[dict[str, Any]], columns: Sequence[str] = FIELDS) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame.from_records(list(rows), columns=list(columns))
    for name in COUNTER_FIELDS:
        frame[name] = frame[name].astype(int if name in COUNT_FIELDS else bool)
    return frame


GROUPS = {name: name for name in totals.GROUPS}


def walks(g: pd.DataFrame) -> pd.Series:
    """Which rows of the per-hand table are walks (see :func:`handlog.stats.totals.is_walk`)."""
    return (g["position"] == "BB") & ~g["saw_flop"] & ~g["vpip"] & ~g["pfr"] & (g["collected"] > 0)


def aggregate(table: pd.DataFrame, by: Sequence[str] = (), player: str | None = None) -> pd.DataFrame:
    """Per player and currency (and per ``by``: ``position``, ``stakes``, ``game``, ``month``) totals and
    percentages. The currency is always a key: a player's cash and tournament hands (chips) are apart.

    Percentages are 0–100 (None without an opportunity): VPIP, PFR, limp and cold call over hands less
    walks (:func:`handlog.stats.totals.is_walk`);
    every other one over its own opportunity; WTSD over flops seen, W$SD over showdowns, WWSF over flops seen.
    AF is (bets + raises) / calls and AFq (bets + raises) / (bets + raises + calls + folds), after the first
    round. Money is Decimal: ``net``, its showdown and non-showdown parts, ``net_allin_ev`` and ``rake``;
    ``bb_per_100`` is 100 × the mean of net / big blind over the hands that have one. (The sums are
    :class:`handlog.stats.totals.Totals`, which the ``stats`` command streams without building this table.)
    """
    sums = totals.Totals(tuple(by), player)
    names = list(table.columns)
    sums.update(dict(zip(names, row, strict=True)) for row in table.itertuples(index=False, name=None))
    return records_frame(sums.records(), by)


def records_frame(records: list[dict[str, Any]], by: Sequence[str] = ()) -> pd.DataFrame:
    """Aggregate records (:meth:`handlog.stats.totals.Totals.records`) as a DataFrame."""
    import pandas as pd

    return pd.DataFrame.from_records(records, columns=totals.columns(by))
