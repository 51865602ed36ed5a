"""Per player (and group) totals of the per-hand records, streamed: one pass, memory by players, not hands.

:class:`Totals` adds the records of :func:`handlog.stats.frame.hand_rows` one at a time and keeps, per key
(player, currency and the ``by`` groups), the number of hands and walks, the sum of every counter and the
money. Sums of integers and ``Decimal`` cents (bb/100: an exact ratio of integers) are exact and do not depend
on the order of the additions, so totals built in several processes and merged (:meth:`Totals.merge`) equal
totals built in one, exactly. :meth:`Totals.records` turns them into the usual percentages, one record per key in
key order: the rows of :func:`handlog.stats.frame.aggregate`, which is built on this class.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from math import lcm
from operator import itemgetter
from typing import Any

from handlog.events import Structure
from handlog.stats.identity import (
    ALIAS,
    ANONYMOUS,
    PLAYER,
    STABLE_IDS,
    STABLE_MARK,
    Aliases,
    ShownPicks,
    add_pick,
    identity,
    is_anonymous,
    selects,
    stable_id,
)

COUNTER_FIELDS: tuple[str, ...] = (
    "vpip", "pfr", "limp", "cold_call", "three_bet_opp", "three_bet", "four_bet_opp", "four_bet",
    "fold_to_three_bet_opp", "fold_to_three_bet", "squeeze_opp", "squeeze", "open_opp", "open_raise",
    "steal_opp", "steal", "fold_sb_to_steal_opp", "fold_sb_to_steal", "fold_bb_to_steal_opp", "fold_bb_to_steal",
    "saw_flop", "saw_turn", "saw_river", "saw_showdown", "won_at_showdown", "won_when_saw_flop",
    "cbet_flop_opp", "cbet_flop", "cbet_turn_opp", "cbet_turn", "cbet_river_opp", "cbet_river",
    "fold_to_cbet_flop_opp", "fold_to_cbet_flop", "fold_to_cbet_turn_opp", "fold_to_cbet_turn",
    "fold_to_cbet_river_opp", "fold_to_cbet_river", "check_raise_flop_opp", "check_raise_flop",
    "postflop_bets", "postflop_raises", "postflop_calls", "postflop_checks", "postflop_folds",
)  # fmt: skip
_STREETS = ("flop", "turn", "river")
COUNTER_FIELDS += (
    "two_bet_opp", "two_bet", "fold_to_two_bet_opp", "fold_to_two_bet", "cold_four_bet_opp", "cold_four_bet",
    "fold_to_four_bet_opp", "fold_to_four_bet", "fold_to_squeeze_opp", "fold_to_squeeze", "open_limp_opp",
    "open_limp", "limp_call_opp", "limp_call", "limp_fold_opp", "limp_fold", "limp_raise_opp", "limp_raise",
    "in_position_preflop", "in_position_flop", "delayed_cbet_turn_opp", "delayed_cbet_turn", "probe_turn_opp",
    "probe_turn",
    *(f"{kind}_{s}{side}{opp}" for kind in ("cbet", "fold_to_cbet") for s in _STREETS for side in ("_ip", "_oop")
      for opp in ("_opp", "")),
    *(name for s in _STREETS for name in (
        f"check_raise_{s}_opp", f"check_raise_{s}", f"check_call_{s}", f"faced_raise_{s}", f"fold_to_raise_{s}",
        f"donk_{s}_opp", f"donk_{s}")),
    *(name for s in _STREETS[1:] for name in (f"float_{s}_opp", f"float_{s}")),
    *(f"{kind}_{s}" for s in _STREETS for kind in ("bets", "calls", "raises")),
)  # fmt: skip
COUNTER_FIELDS = tuple(dict.fromkeys(COUNTER_FIELDS))  # check_raise_flop(_opp) are listed twice
"""The per hand and player counters (booleans, and counts for ``postflop_…`` and ``bets_/calls_/raises_<street>``),
in column order."""

COUNT_FIELDS = frozenset(n for n in COUNTER_FIELDS if n.startswith(("postflop_", "bets_", "calls_", "raises_")))
"""The counters that are counts (integers); every other one is a flag."""

GROUPS = ("game", "month", "pot", "position", "site", "stakes", "tournament")
"""What a ``by`` may hold besides the player, the site and the currency (``site`` splits an alias's row per site;
every other row is per site already; ``tournament`` is the hand's tournament id, none for cash hands)."""

CHIP_MONEY = ("net", "showdown_net", "non_showdown_net", "net_allin_ev", "rake")
"""The aggregate's sums of the hands' own units: for tournament hands, chips, which mean nothing added over
several tournaments (a 1,500-chip sit-and-go's and a 10,000-chip MTT's): a row whose hands come from more than one
tournament (or from a tournament and cash games) gives none of them (``bb_per_100`` stays: each hand's net is in
its own big blinds). ``--by tournament`` gives them per tournament."""

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
_LISTED = {done for _, done, _ in RATIOS}
_OPPORTUNITY = {
    **{f"check_call_{s}": f"check_raise_{s}_opp" for s in _STREETS},
    **{f"fold_to_raise_{s}": f"faced_raise_{s}" for s in _STREETS},
}
RATIOS += tuple(
    (f"{name}_pct", name, _OPPORTUNITY.get(name, f"{name}_opp"))
    for name in COUNTER_FIELDS
    if name not in _LISTED and (f"{name}_opp" in COUNTER_FIELDS or name in _OPPORTUNITY)
)
HANDS = "hands"
"""The opportunity of a fact of every hand (a position): every hand, walks included."""
RATIOS += (
    ("in_position_preflop_pct", "in_position_preflop", HANDS),  # a walk's big blind is in position: all hands
    ("in_position_flop_pct", "in_position_flop", "saw_flop"),
)
"""Aggregate percentages: (column, action, opportunity); an empty opportunity means every hand but walks, ``hands``
every hand. Every counter with an opportunity has one (issue 27's counters after the first ones, in counter
order)."""

MONEY = ("net", "showdown_net", "non_showdown_net", "net_allin_ev", "rake")

ZERO = Decimal(0)
_INDEX = {name: i for i, name in enumerate(COUNTER_FIELDS)}
_COUNTERS_OF = itemgetter(*COUNTER_FIELDS)
"""A record's counters in column order (one C call, not one per counter)."""


PLAYED = "played"
"""The count behind VPIP, PFR, limp and cold call: hands less walks."""


def _count_columns() -> tuple[str, ...]:
    out: list[str] = []
    for _, done, opp in RATIOS:
        for name in (done, opp or PLAYED):
            if name not in out and name != HANDS:
                out.append(name)
    counts = [n for n in COUNTER_FIELDS if n in COUNT_FIELDS and n != "postflop_checks"]
    return (*out, *counts)


COUNT_COLUMNS = _count_columns()
"""The integer counts beside the percentages (each percentage is its action over its opportunity, both here)."""


def columns(by: Sequence[str] = ()) -> list[str]:
    """The aggregate record's fields, in order: the keys, the percentages (rounded to 2 decimals), AF, money, then
    the integer counts behind every percentage."""
    return [*keys(by), "hands", *(r[0] for r in RATIOS), "af", "afq_pct", "net", "bb_per_100",
            "showdown_net", "non_showdown_net", "net_allin_ev", "rake", *COUNT_COLUMNS]  # fmt: skip


def with_ids(records: list[dict[str, Any]], columns: list[str]) -> list[str]:
    """``columns`` with ``player_id`` after ``player`` when a record is a player known by a stable id (PokerNow's
    ``name @ id``: two ``Guest`` rows are two ids), every record then given one (None for the others)."""
    if not any(r.get("player_id") for r in records):
        return columns
    for r in records:
        r.setdefault("player_id", None)
    at = columns.index("player") + 1 if "player" in columns else 0
    return [*columns[:at], "player_id", *columns[at:]]


def keys(by: Sequence[str] = ()) -> list[str]:
    """The key fields of an aggregate record: who (player, site, identity), the currency and the groups."""
    return ["player", "site", "currency", *(b for b in by if b != "site"), "identity"]


@lru_cache(maxsize=4096)
def big_blind(structure: str, stakes: str) -> Decimal:
    """The big blind from the ``structure`` and ``stakes`` columns (fixed limit: the small bet); kept per stakes
    (each of a player's stakes is asked once a record of totals)."""
    small, _, big = stakes.partition("/")
    return Decimal(small) if structure == Structure.FIXED_LIMIT.value else Decimal(big)


def is_walk(row: Mapping[str, Any]) -> bool:
    """A hand the big blind won with no decision (everyone folded to them): in the big blind, no flop, money
    collected, nothing put in voluntarily. As in PokerTracker 4 it does not count towards VPIP and PFR (the
    player had no chance to play)."""
    return (
        row["position"] == "BB" and not row["saw_flop"] and not row["vpip"] and not row["pfr"]
        and row["collected"] > 0
    )  # fmt: skip


def month(time: Any) -> str:
    """``YYYY-MM`` of a hand's time (``unknown`` when the log has none)."""
    if time is None or time != time:  # None, or pandas' NaT
        return UNKNOWN_MONTH
    return str(time.strftime("%Y-%m"))


UNKNOWN_MONTH = "unknown"


def group(row: Mapping[str, Any], name: str) -> Any:
    """A record's value for the ``by`` group ``name`` (``month``: of its time; ``tournament``: its tournament id,
    None for a cash hand)."""
    if name == "month":
        return month(row_time(row))
    if name == "tournament":
        value = row.get("tournament_id")
        return None if value is None or value != value else str(value)
    return row[name]


def row_time(row: Mapping[str, Any]) -> Any:
    """A record's time for grouping: UTC where its zone is known, else the wall-clock time its log wrote (zone
    unknown: ``local_time``), else None."""
    when = row["time"]
    if when is None or when != when:
        return row.get("local_time")
    return when


_PACKED = struct.Struct(f"<{len(COUNTER_FIELDS)}Q")
"""A row's counters as one integer: each counter a 64-bit field of it (``packed``). Adding two such integers adds
every counter at once, exactly (a field cannot carry into the next before 2**64 hands), in one operation instead
of one per counter (~125)."""


def packed(values: Sequence[Any]) -> int:
    """The counters ``values`` (flags and counts, in ``COUNTER_FIELDS`` order) as one integer (see ``_PACKED``)."""
    try:
        data = _PACKED.pack(*values)
    except struct.error:  # values that are not Python ints or bools (numpy's, from a DataFrame)
        data = _PACKED.pack(*map(int, values))
    return int.from_bytes(data, "little")


_PACKED_SEEN: dict[tuple[Any, ...], int] = {}
"""The packed integers of the counters met lately: most records repeat one seen before (a player who folded first
in the hand: on the tournament files 920 distinct rows of counters among 3,697 records), and looking one up by its
tuple costs less than half of packing it (``struct`` and ``int.from_bytes`` of 1,000 bytes)."""
PACKED_SEEN_MOST = 1024
"""``_PACKED_SEEN`` is emptied when it holds this many (about 2 MB)."""


def unpacked(total: int) -> tuple[int, ...]:
    """The counters a sum of :func:`packed` integers holds, in ``COUNTER_FIELDS`` order."""
    values: tuple[int, ...] = _PACKED.unpack(total.to_bytes(_PACKED.size, "little"))
    return values


def _decimal(value: Any) -> Decimal:
    return value if type(value) is Decimal else Decimal(value)


@dataclass(slots=True)
class Sums:
    """One key's running sums."""

    hands: int = 0
    walks: int = 0
    counts: int = 0  # every counter's sum, packed (see ``packed``; ``unpacked`` gives them)
    money: list[Decimal] = field(default_factory=lambda: [ZERO] * len(MONEY))
    sites: set[str] = field(default_factory=set)  # the sites of an alias's accounts
    net_by_stakes: dict[tuple[str, str], Decimal] = field(default_factory=dict)  # (structure, stakes) → net
    hands_by_stakes: dict[tuple[str, str], int] = field(default_factory=dict)  # (structure, stakes) → hands
    tournaments: set[str | None] = field(default_factory=set)  # the hands' tournament ids (None: cash hands)
    names: set[str] = field(default_factory=set)  # the names a player with a stable id was shown by

    def big_blinds(self) -> tuple[int, int, int]:
        """The sum of net / big blind over the hands as an exact ratio (numerator, denominator), and how many hands
        it covers (for bb/100). A hand whose big blind is nothing (888's BLAST tournaments write "42.797,60 $/0 $
        Blinds") has no result in big blinds, so it is left out of both. Summed in integers over the least common
        denominator, not in ``Fraction``: a tournament player has a stakes per blind level, and each ``Fraction``
        step costs a few calls and a gcd in Python."""
        numerator, denominator, hands = 0, 1, 0
        for stakes, net in self.net_by_stakes.items():
            blind = big_blind(*stakes)
            if blind > 0:
                a, b = net.as_integer_ratio()
                c, d = blind.as_integer_ratio()
                step = b * c  # (a / b) / (c / d) = a * d / step
                common = lcm(denominator, step)
                numerator = numerator * (common // denominator) + a * d * (common // step)
                denominator = common
                hands += self.hands_by_stakes.get(stakes, 0)
        return numerator, denominator, hands

    def add(self, row: Mapping[str, Any], name: str | None = None) -> None:
        """Add one record; ``name``: the display name of a player keyed by a stable id (see ``names``)."""
        self.hands += 1
        site = row["site"]
        self.sites.add(site if type(site) is str else str(site))
        if name is not None:
            self.names.add(name)
        tournament = row.get("tournament_id")
        if type(tournament) is not str:  # None, NaN (pandas' missing value) or a number
            tournament = None if tournament is None or tournament != tournament else str(tournament)
        self.tournaments.add(tournament)
        showdown = bool(row["saw_showdown"])
        if row["position"] == "BB" and not row["saw_flop"]:  # only then a walk, maybe (see is_walk)
            self.walks += is_walk(row)
        values = _COUNTERS_OF(row)
        counts = _PACKED_SEEN.get(values)
        if counts is None:
            if len(_PACKED_SEEN) >= PACKED_SEEN_MOST:
                _PACKED_SEEN.clear()
            counts = _PACKED_SEEN[values] = packed(values)
        self.counts += counts
        net, ev, rake = row["net"], row["net_allin_ev"], row["rake"]
        if type(net) is not Decimal or type(ev) is not Decimal or type(rake) is not Decimal:
            net, ev, rake = _decimal(net), _decimal(ev), _decimal(rake)
        money = self.money
        money[0] += net
        money[1 if showdown else 2] += net
        money[3] += ev
        money[4] += rake
        stakes = (row["structure"], row["stakes"])
        self.net_by_stakes[stakes] = self.net_by_stakes.get(stakes, ZERO) + net
        self.hands_by_stakes[stakes] = self.hands_by_stakes.get(stakes, 0) + 1

    def merge(self, other: Sums) -> None:
        self.hands += other.hands
        self.sites |= other.sites
        self.names |= other.names
        self.tournaments |= other.tournaments
        self.walks += other.walks
        self.counts += other.counts
        self.money = [a + b for a, b in zip(self.money, other.money, strict=True)]
        for stakes, net in other.net_by_stakes.items():
            self.net_by_stakes[stakes] = self.net_by_stakes.get(stakes, ZERO) + net
        for stakes, hands in other.hands_by_stakes.items():
            self.hands_by_stakes[stakes] = self.hands_by_stakes.get(stakes, 0) + hands

    def summary(self) -> dict[str, Any]:
        """The aggregate fields (see :func:`handlog.stats.frame.aggregate`)."""
        c = dict(zip(COUNTER_FIELDS, unpacked(self.counts), strict=True))
        played = self.hands - self.walks
        out: dict[str, Any] = {"hands": self.hands}
        for name, done, opp in RATIOS:
            out[name] = _pct(c[done], played if not opp else self.hands if opp == HANDS else c[opp])
        aggressive = c["postflop_bets"] + c["postflop_raises"]
        calls, folds = c["postflop_calls"], c["postflop_folds"]
        out["af"] = round(aggressive / calls, 2) if calls else None
        out["afq_pct"] = _pct(aggressive, aggressive + calls + folds)
        net, showdown_net, non_showdown_net, allin_ev, rake = self.money
        out["net"] = net
        numerator, denominator, counted = self.big_blinds()
        # an int's true division is correctly rounded: the float of the exact ratio, as ``float(Fraction)`` gives
        out["bb_per_100"] = round(100 * numerator / (denominator * counted), 2) if counted else None
        out["showdown_net"] = showdown_net
        out["non_showdown_net"] = non_showdown_net
        out["net_allin_ev"] = allin_ev
        out["rake"] = rake
        if len(self.tournaments) > 1:  # chips of several tournaments (or chips and cash): no sum
            out.update(dict.fromkeys(CHIP_MONEY))
        c[PLAYED] = played
        for name in COUNT_COLUMNS:
            out[name] = c[name]
        return out


def _pct(done: int, opp: int) -> float | None:
    """A percentage rounded to 2 decimals (``33.33``, not ``33.333333333333336``); its counts go beside it."""
    return round(100.0 * done / opp, 2) if opp else None


def shown_name(key: str, names: set[str]) -> str:
    """How a player keyed by a stable id is shown: the names the table showed (``ToniG / antongeyyer`` for one id
    seen under two), in order; the ``@id`` key where none is known."""
    return " / ".join(sorted(names, key=lambda n: (n.lower(), n))) if names else key


def _order(key: tuple[Any, ...]) -> tuple[tuple[bool, Any], ...]:
    """Keys in order, a missing value after every other (as pandas sorts its groups)."""
    return tuple((v is None, "" if v is None else v) for v in key)


Who = tuple[str, str, str, str | None]
"""A player's key parts (player, site, kind) and display name (:attr:`Totals.seen`)."""
EACH_HAND: Who = ("", "", ANONYMOUS, None)
"""In :attr:`Totals.seen`, an anonymous seat (``identity``: its key names the hand, so is made for each record)."""


@dataclass(slots=True)
class Totals:
    """Running sums per identity (player, site: see :mod:`handlog.stats.identity`), currency and ``by`` groups.
    ``player`` keeps only that name's rows (on every site) or, with ``aliases``, the accounts of that alias."""

    by: tuple[str, ...] = ()
    player: str | None = None
    aliases: Aliases | None = None
    sums: dict[tuple[Any, ...], Sums] = field(default_factory=dict)
    shown: ShownPicks = field(default_factory=ShownPicks)  # the ids a display name picked (one, else an error)
    seen: dict[tuple[Any, Any], Who] = field(default_factory=dict, init=False, repr=False, compare=False)
    """(site, player) as a record gives them → the key's player, site and kind and the display name of a player
    keyed by a stable id (``Sums.names``), or ``EACH_HAND``: all of it depends on the site and the name alone
    (and on ``by``, ``player`` and ``aliases``, fixed), so it is worked out once a player, not once a record (a
    dozen calls and string copies: ``identity``, ``stable_id``, ``add_pick``, the sites' lower case)."""

    def __post_init__(self) -> None:
        for key in self.by:
            if key not in GROUPS:
                raise ValueError(f"cannot group by {key!r}: choose from {', '.join(GROUPS)}")
        self.by = tuple(self.by)

    def key(self, row: Mapping[str, Any]) -> tuple[Any, ...]:
        player, site, kind = identity(row, self.aliases)
        if kind == ALIAS and "site" in self.by:
            site = str(row["site"])
        groups = (group(row, name) for name in self.by if name != "site")
        return (player, site, row["currency"], *groups, kind)

    def add(self, row: Mapping[str, Any]) -> None:
        if self.player is not None and not selects(self.player, row, self.aliases):
            return
        who = self.seen.get((row["site"], row["player"]))
        if who is None:
            who = self._meet(row)
        if who is EACH_HAND:  # an anonymous seat: a key of its own per hand
            key, name = self.key(row), None
        else:
            player, site, kind, name = who
            if self.by:
                key = (player, site, row["currency"], *(group(row, g) for g in self.by if g != "site"), kind)
            else:
                key = (player, site, row["currency"], kind)
        sums = self.sums.get(key)
        if sums is None:
            sums = self.sums[key] = Sums()
        sums.add(row, name)

    def _meet(self, row: Mapping[str, Any]) -> Who:
        """What ``seen`` keeps of a (site, player) met for the first time; the display names the player was picked
        by (``shown``) noted once."""
        site, player = str(row["site"]), str(row["player"])
        stable = site.lower() in STABLE_IDS
        if stable:
            add_pick(self.shown, row, self.player, self.aliases)
        who: Who
        if is_anonymous(site, player):
            who = EACH_HAND
        else:
            key = self.key(row)
            found = stable_id(site, player) if stable else None
            who = (key[0], key[1], key[-1], found[0] if found is not None else None)
        self.seen[row["site"], row["player"]] = who
        return who

    def update(self, rows: Iterable[Mapping[str, Any]]) -> Totals:
        for row in rows:
            self.add(row)
        return self

    def merge(self, other: Totals) -> None:
        """Add ``other``'s sums (totals of other hands, built with the same ``by`` and ``player``)."""
        self.shown.merge(other.shown)
        for key, sums in other.sums.items():
            mine = self.sums.get(key)
            if mine is None:
                self.sums[key] = sums
            else:
                mine.merge(sums)

    def _shown_order(self, key: tuple[Any, ...]) -> tuple[tuple[bool, Any], ...]:
        """Keys in order of the player as shown (a stable id by its names; the id breaks a tie of names)."""
        player = key[0]
        if isinstance(player, str) and player.startswith(STABLE_MARK) and self.sums[key].names:
            return _order((shown_name(player, self.sums[key].names), *key[1:], player))
        return _order((*key, ""))

    def records(self) -> list[dict[str, Any]]:
        """One record per key, in key order, with the fields of :func:`columns`; raises
        :class:`handlog.stats.identity.AmbiguousPlayer` when a display name picked two players."""
        self.shown.check()
        names = keys(self.by)
        out = []
        for key in sorted(self.sums, key=self._shown_order):
            rec: dict[str, Any] = dict(zip(names, key, strict=True))
            sums = self.sums[key]
            if rec["site"] == "*":  # an alias over every site it was seen on
                rec["site"] = "+".join(sorted(sums.sites))
            elif str(rec["player"]).startswith(STABLE_MARK) and rec["identity"] == PLAYER:  # one id: by its names
                rec["player_id"] = rec["player"][len(STABLE_MARK) :]
                rec["player"] = shown_name(rec["player"], sums.names)
            rec.update(sums.summary())
            out.append(rec)
        return out
