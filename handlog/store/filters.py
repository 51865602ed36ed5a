"""The filters trackers offer (player, site, game, stakes, dates, tournament or cash), one definition for both
the files and the database, so that ``stats``/``graph``/``audit`` give the same answer from either.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import UTC, date, datetime, timedelta

from handlog.events import Hand
from handlog.reading import HandRecord


class FilterError(ValueError):
    """A filter value that cannot be understood (a date that is not ISO 8601)."""


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands to keep. ``stakes`` is written as the statistics show it (``0.01/0.02``); ``since`` is
    inclusive and ``until`` exclusive (a date alone means its whole day, UTC); ``tournament`` True keeps only
    tournament hands, False only cash hands. ``player`` keeps the hands the player was seated in (and, for
    statistics, that player's rows)."""

    player: str | None = None
    site: str | None = None
    game: str | None = None
    stakes: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    tournament: bool | None = None

    @property
    def empty(self) -> bool:
        return all(getattr(self, f.name) is None for f in fields(self))

    def hand_level(self) -> Filters:
        """These filters without ``player`` (which the statistics apply per row)."""
        return Filters(None, self.site, self.game, self.stakes, self.since, self.until, self.tournament)

    def matches(self, hand: Hand) -> bool:
        if self.player is not None and hand.seat_of(self.player) is None:
            return False
        if self.site is not None and hand.site.lower() != self.site.lower():
            return False
        if self.game is not None and hand.game.value != self.game:
            return False
        if self.stakes is not None and f"{hand.stakes.small}/{hand.stakes.big}" != self.stakes:
            return False
        if self.tournament is not None and (hand.tournament is not None) != self.tournament:
            return False
        if self.since is not None or self.until is not None:
            when = hand.time_utc
            if when is None:
                return False
            if self.since is not None and when < self.since:
                return False
            if self.until is not None and when >= self.until:
                return False
        return True

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
