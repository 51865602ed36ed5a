"""The filters trackers offer (player, site, game, stakes, dates, tournament or cash), one definition for both
the files and the database, so that ``stats``/``graph``/``audit`` give the same answer from either.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from handlog.events import Hand
from handlog.reading import HandRecord

if TYPE_CHECKING:  # the statistics' modules load when a filter needs them (audit loads no statistics)
    from handlog.clock import HandTime, Zones


class FilterError(ValueError):
    """A filter value that cannot be understood (a date that is not ISO 8601)."""


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands to keep. ``stakes`` is written as the statistics show it (``0.01/0.02``); ``since`` is
    inclusive and ``until`` exclusive (a date alone means its whole day, UTC); ``tournament`` True keeps only
    tournament hands, False only cash hands. ``player`` keeps the hands the player was seated in (and, for
    statistics, that player's rows): on a room with stable ids (PokerNow) the name the table showed, or the full
    ``name @ id`` (:func:`handlog.stats.identity.names_player`). Stakes compare as numbers (``0.50/1.00`` is
    ``0.5/1``). A hand whose log gives no zone is placed by its wall-clock time (:mod:`handlog.clock`;
    ``zones``: the zones the user gave); one with no time at all is left out by a time filter (:meth:`placed`
    says which)."""

    player: str | None = None
    site: str | None = None
    game: str | None = None
    stakes: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    tournament: bool | None = None
    zones: Zones | None = None

    @property
    def empty(self) -> bool:
        return all(getattr(self, f.name) is None for f in fields(self) if f.name != "zones")

    @property
    def timed(self) -> bool:
        return self.since is not None or self.until is not None

    def hand_level(self) -> Filters:
        """These filters without ``player`` (which the statistics apply per row)."""
        return Filters(None, self.site, self.game, self.stakes, self.since, self.until, self.tournament, self.zones)

    def placed(self, hand: Hand) -> str:
        """How a time filter placed ``hand``: ``utc``, ``local`` (its wall-clock time: zone unknown) or ``none``
        (no time: left out)."""
        from handlog.clock import NONE, UNKNOWN, hand_time

        source = hand_time(hand, self.zones).source
        return "none" if source == NONE else "local" if source == UNKNOWN else "utc"

    def matches(self, hand: Hand) -> bool:
        if self.player is not None and hand.seat_of(self.player) is None:
            # a player written with a stable id ("name @ id": PokerNow, ``stats.identity.STABLE_IDS``) may be named by
            # the name the table showed or in full; the statistics are loaded only for such a hand
            if not any(" @ " in s.player for s in hand.seats):
                return False
            from handlog.stats.identity import seated

            if not seated(self.player, hand.site, (s.player for s in hand.seats)):
                return False
        if self.site is not None and hand.site.lower() != self.site.lower():
            return False
        if self.game is not None and hand.game.value != self.game:
            return False
        if self.stakes is not None:
            from handlog.stats.frame import normal_stakes, stakes_text

            if stakes_text(hand) != normal_stakes(self.stakes):
                return False
        if self.tournament is not None and (hand.tournament is not None) != self.tournament:
            return False
        if not self.timed:
            return True
        from handlog.clock import hand_time

        return self.time_ok(hand_time(hand, self.zones))
        return True

    def time_ok(self, t: HandTime) -> bool:
        """Whether a hand of time ``t`` is inside ``since``/``until``: by UTC where its zone is known, else by
        its wall-clock time against the dates as written; a hand with no time is outside."""
        if t.utc is not None:
            when, since, until = t.utc, self.since, self.until
        elif t.local is not None:
            when = t.local
            since = self.since.replace(tzinfo=None) if self.since is not None else None
            until = self.until.replace(tzinfo=None) if self.until is not None else None
        else:
            return False
        return (since is None or when >= since) and (until is None or when < until)

    def keep(self, record: HandRecord) -> bool:
        """A record to keep: a parsed hand that matches; an unparsed one (whose game, stakes, time … are
        unknown) only when nothing but its site is asked."""
        if record.hand is not None:
            return self.matches(record.hand)
        unknown = (self.player, self.game, self.stakes, self.since, self.until, self.tournament)
        return all(v is None for v in unknown) and (self.site is None or record.site.lower() == self.site.lower())


def parse_when(text: str, end: bool = False) -> datetime:
    """An ISO date or date-time (UTC unless it says otherwise); a date alone as ``until`` means its end."""
    try:
        if len(text) == 10:
            day = date.fromisoformat(text)
            start = datetime(day.year, day.month, day.day, tzinfo=UTC)
            return start + timedelta(days=1) if end else start
        when = datetime.fromisoformat(text)
    except ValueError:
        raise FilterError(f"{text!r} is not a date (YYYY-MM-DD) or an ISO date-time") from None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


@dataclass(slots=True)
class Seen:
    """The values the hands read had (before filtering): what a filter could have selected."""

    players: set[str] = field(default_factory=set)
    sites: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)
    stakes: set[str] = field(default_factory=set)

    def add(self, hand: Hand) -> None:
        from handlog.stats.frame import stakes_text

        self.players.update(s.player for s in hand.seats)
        self.sites.add(hand.site)
        self.games.add(hand.game.value)
        self.stakes.add(stakes_text(hand))

    def merge(self, other: Seen) -> None:
        self.players |= other.players
        self.sites |= other.sites
        self.games |= other.games
        self.stakes |= other.stakes
