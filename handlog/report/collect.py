"""What the report page shows, gathered in one pass over the hands (a batch per worker, merged here).

Each hand is audited once (:func:`handlog.audit.audit`, the ``audit`` command's code); its statistics rows come
from that audit's replay through :func:`handlog.stats.frame.iter_rows` (the ``stats`` command's code, the replay
given rather than made again) and are summed by :class:`handlog.stats.totals.Totals`, per player and per player and
position. A hand the audit cannot verify (an unknown line its numbers do not prove) is left out of the statistics
unless asked, as ``stats`` does. A hand with violations is drawn by the replayer
(:func:`handlog.replayer.model.record_view`) for the pages the violations link to. Tournament finishes are read
from the hands by :func:`handlog.tournaments.results.from_hands`.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial
from typing import Any

from handlog.engine import Replay, RulesProfile
from handlog.events import Hand
from handlog.parallel import Batch, records
from handlog.reading import HandRecord
from handlog.replayer.model import HandView
from handlog.stats.identity import ANONYMOUS, Aliases
from handlog.stats.totals import Totals
from handlog.store.filters import Filters
from handlog.tournaments.results import HandsTournament

SERIES_FIELDS = ("time", "net", "saw_showdown", "net_allin_ev", "net_showdown", "net_non_showdown")
"""The per-hand fields the winnings graph reads (:func:`handlog.stats.graph.winnings_series`); those the per-hand
records do not have are left out."""

NAN = float("nan")
ZERO = Decimal(0)

SeriesKey = tuple[Any, ...]
"""A graph line set's player: the key of :class:`handlog.stats.totals.Totals` (player, site, currency, kind)."""

SPLIT = ("showdown", "non_showdown")
"""The exact sums beside the fields': the net split by whether the player saw a showdown (the graph's own split)."""


@dataclass(slots=True)
class Series:
    """One player's hands for the graph: each hand's fields (``SERIES_FIELDS`` the records have) as floats in one
    flat array, in reading order (a time as a POSIX timestamp, NaN when unknown; a flag 0 or 1), for drawing alone;
    and the exact sums of the money (``Decimal``), which the legend gives. 32 bytes or so a hand: every player's hands
    are kept, so that the players with most hands are drawn whatever order the files come in."""

    values: array[float] = field(default_factory=lambda: array("d"))
    sums: dict[str, Decimal] = field(default_factory=dict)

    def add(self, row: Mapping[str, Any], fields: Sequence[str]) -> None:
        for name in fields:
            value = row[name]
            if name == "time":
                self.values.append(NAN if value is None or value != value else value.timestamp())
            elif isinstance(value, Decimal):
                self.values.append(float(value))
                self.sums[name] = self.sums.get(name, ZERO) + value
            else:
                self.values.append(float(value))
        net = Decimal(row["net"])
        split = SPLIT[0] if row["saw_showdown"] else SPLIT[1]
        self.sums[split] = self.sums.get(split, ZERO) + net

    def merge(self, other: Series) -> None:
        self.values.extend(other.values)
        for name, value in other.sums.items():
            self.sums[name] = self.sums.get(name, ZERO) + value


@dataclass(slots=True)
class Violated:
    """A hand with violations: where it is, and what the audit found (``as_dict`` of each violation)."""

    site: str
    hand_id: str
    file: str
    line: int
    status: str
    violations: list[dict[str, object]]


@dataclass(slots=True)
class Part:
    """The report's data for some hands (a worker's batch, or everything once merged)."""

    hands: int = 0
    unparsed: int = 0
    unverified: int = 0
    left_out: int = 0  # hands the filters leave out
    other_games: Counter[str] = field(default_factory=Counter)
    statuses: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    totals: Totals = field(default_factory=Totals)
    positions: Totals = field(default_factory=lambda: Totals(("position",)))
    pots: Totals = field(default_factory=lambda: Totals(("pot",)))  # by pot type: single-raised, 3-bet, 4-bet+
    series: dict[SeriesKey, Series] = field(default_factory=dict)
    violated: list[Violated] = field(default_factory=list)
    views: list[HandView] = field(default_factory=list)  # the replayer's view of each hand of ``violated``
    tournaments: dict[tuple[str, str], HandsTournament] = field(default_factory=dict)


def series_fields(fields: Iterable[str]) -> tuple[str, ...]:
    """The fields of :data:`SERIES_FIELDS` the per-hand records have."""
    have = set(fields)
    return tuple(f for f in SERIES_FIELDS if f in have)


def collect(
    records: Iterable[HandRecord], filters: Filters, player: str | None, aliases: Aliases,
    rules: RulesProfile | None, with_allin_ev: bool = True, include_unverified: bool = False,
    replays: bool = True,
) -> Part:
    """The report's data of ``records``: ``filters`` choose the hands (hand-level: ``player`` chooses the rows, as
    in ``stats``), ``rules`` the house rules (else each site's), ``replays`` whether hands with violations are
    drawn for the replay pages."""
    from handlog.audit import audit
    from handlog.replayer.model import record_view
    from handlog.stats.frame import FIELDS, SUPPORTED_GAMES, iter_rows
    from handlog.tournaments.results import from_hands

    out = Part(totals=Totals((), player, aliases), positions=Totals(("position",), player, aliases),
               pots=Totals(("pot",), player, aliases))
    wanted = series_fields(FIELDS)
    tournament_hands = []
    for record in records:
        out.hands += 1
        hand = record.hand
        if not filters.keep(record):
            out.left_out += 1
            continue
        if hand is None:
            out.unparsed += 1
            out.statuses["unparsed"] += 1
            continue
        if hand.tournament is not None:
            tournament_hands.append(hand)
        result = audit(hand, rules)
        out.statuses[result.status] += 1
        out.codes.update(f"{v.category.value}/{v.code}" for v in result.violations)
        if result.violations:
            out.violated.append(Violated(hand.site, hand.hand_id, record.file, hand.line, result.status,
                                         [v.as_dict() for v in result.violations]))  # fmt: skip
            if replays:
                out.views.append(record_view(record, rules))
        if hand.game not in SUPPORTED_GAMES:
            out.other_games[hand.game_name or hand.game.value] += 1
            continue
        if any(v.code == "internal-error" for v in result.violations):
            continue  # the replay failed: no statistics (the violation says so)
        if result.unverified and not include_unverified:
            out.unverified += 1
            continue
        rows = iter_rows([hand], player=player, with_allin_ev=with_allin_ev, replay=partial(_given, result.replay),
                         aliases=aliases, zones=filters.zones, include_unverified=True)  # fmt: skip
        for row in rows:
            out.totals.add(row)
            out.positions.add(row)
            out.pots.add(row)
            key = out.totals.key(row)
            if key[-1] == ANONYMOUS:
                continue
            found = out.series.get(key)
            if found is None:
                found = out.series[key] = Series()
            found.add(row, wanted)
    out.tournaments = from_hands(tournament_hands)
    return out


def _given(replayed: Replay, _hand: Hand) -> Replay:
    """The replay already made of a hand (the audit's), for :func:`handlog.stats.frame.iter_rows`."""
    return replayed


def merge(into: Part, part: Part) -> None:
    """Add ``part`` (the next hands in reading order) to ``into``."""
    into.hands += part.hands
    into.unparsed += part.unparsed
    into.unverified += part.unverified
    into.left_out += part.left_out
    into.other_games.update(part.other_games)
    into.statuses.update(part.statuses)
    into.codes.update(part.codes)
    into.totals.merge(part.totals)
    into.positions.merge(part.positions)
    into.pots.merge(part.pots)
    into.violated.extend(part.violated)
    into.views.extend(part.views)
    for key, series in part.series.items():
        mine = into.series.get(key)
        if mine is None:
            into.series[key] = series
        else:
            mine.merge(series)
    for tkey, entry in part.tournaments.items():  # as from_hands reads them in order: the first entry, every finish
        held = into.tournaments.get(tkey)
        if held is None:
            into.tournaments[tkey] = entry
            continue
        if not held.buy_in_text and entry.buy_in_text:
            held.buy_in_text = entry.buy_in_text
        held.finishes.update(entry.finishes)
        for player, won in entry.bounties.items():  # a tournament's hands over several batches: every bounty
            held.bounties[player] = held.bounties.get(player, ZERO) + won


def collect_batch(
    filters: Filters, player: str | None, aliases: Aliases, rules: RulesProfile | None, with_allin_ev: bool,
    include_unverified: bool, batch: Batch,
) -> Part:
    """:func:`collect` of a batch of hands (runs in a worker process)."""
    return collect(records(batch), filters, player, aliases, rules, with_allin_ev, include_unverified)
