"""When a hand was played: the wall-clock time its log wrote, the zone of that time, and where the zone came from.

Every hand keeps the time its log wrote (``local``, as written, no zone attached). Its zone comes, in this order,
from:

``log``
    the log itself: a zone name after the time (PokerStars' ``ET``, PartyPoker's ``CEST``, Winning's ``UTC``) or a
    UTC offset or epoch (read by the room's reader into ``Hand.time_utc``);
``room``
    the room's convention, where one is published (:data:`ROOM_ZONES` names its source; none is known for the
    rooms whose logs print no zone, so the table is empty rather than guessed);
``--tz``
    the zone the user gives on the command line (``--tz Europe/Paris``);
``config``
    the zone the user gives per site in ``zones.toml`` in the user's config folder (:func:`config_path`)::

        [zones]
        GGPoker = "Europe/Malta"
        Bovada = "America/Toronto"

``unknown``
    none of these: the hand keeps its wall-clock time with no zone; time filters and ``--by month`` place it by
    that local time and say how many hands they placed so.

A hand whose log prints no date at all has no time (source ``none``); ``--by month`` puts it under ``unknown``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from handlog.events import Hand
from handlog.formats.text import ZONES as ZONE_ABBREVIATIONS

LOG, ROOM, OPTION, CONFIG, UNKNOWN, NONE = "log", "room", "--tz", "config", "unknown", "none"
SOURCES = (LOG, ROOM, OPTION, CONFIG, UNKNOWN, NONE)

ROOM_ZONES: Mapping[str, tuple[str, str]] = {}
"""Per site (lower case): (IANA zone, the source that states it) for rooms whose logs print a time without a
zone. Empty: for GGPoker, 888, Bovada, Everleaf, Merge, Winning's "Game started at", iPoker, Microgaming and PKR
no published statement of the zone their logs are written in was found, so their hands keep their wall-clock
time (zone unknown) unless the user gives the zone (``--tz`` or ``zones.toml``)."""

_PATTERNS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    # 2021/03/02 18:22:40, 2010/08/03 - 17:03:59, 2016/8/4 14:8:1, 2019-04-01 17:55:24, 2019-06-28 (a date alone)
    (re.compile(r"(?P<y>\d{4})[/-](?P<mo>\d{1,2})[/-](?P<d>\d{1,2})(?:[\sT]*-?\s*(?P<h>\d{1,2}):(?P<mi>\d{1,2})"
                r"(?::(?P<s>\d{1,2}))?)?"), ()),
    # 888: 03 02 2020 21:08:24 (day month year)
    (re.compile(r"(?P<d>\d{2}) (?P<mo>\d{2}) (?P<y>\d{4}) (?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?"), ()),
    # iPoker tournaments: 30/01/2012 02:30 (day/month/year)
    (re.compile(r"(?P<d>\d{1,2})/(?P<mo>\d{1,2})/(?P<y>\d{4})\s+(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?"), ()),
    # Merge: 20110419091134
    (re.compile(r"^(?P<y>\d{4})(?P<mo>\d{2})(?P<d>\d{2})(?P<h>\d{2})(?P<mi>\d{2})(?P<s>\d{2})$"), ()),
    # PKR: 30 Mar 2009 21:00:00; iPoker: 20-Apr-2012 20:42:31
    (re.compile(r"(?P<d>\d{1,2})[ -](?P<mon>[A-Z][a-z]{2})[ -](?P<y>\d{4}) (?P<h>\d{1,2}):(?P<mi>\d{2})"
                r"(?::(?P<s>\d{2}))?"), ()),
)
_MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                       "Dec"), 1)}  # fmt: skip
_ABBREVIATION = re.compile(r"\b(" + "|".join(sorted(ZONE_ABBREVIATIONS, key=len, reverse=True)) + r")\b")


def wall_clock(text: str) -> datetime | None:
    """The first date and time written in ``text`` (a log's header time), as written: no zone attached."""
    text = text.strip()
    if not text:
        return None
    for pattern, _ in _PATTERNS:
        m = pattern.search(text)
        if m is None:
            continue
        g = m.groupdict()
        month = int(g["mo"]) if g.get("mo") else _MONTHS.get(g.get("mon") or "", 0)
        try:
            return datetime(int(g["y"]), month, int(g["d"]), int(g.get("h") or 0), int(g.get("mi") or 0),
                            int(g.get("s") or 0))  # fmt: skip
        except ValueError:
            continue
    if text.isdigit() and len(text) >= 9:  # an epoch (Everest): seconds since 1970, UTC
        try:
            return datetime.fromtimestamp(int(text), UTC).replace(tzinfo=None)
        except (OverflowError, OSError, ValueError):
            return None
    return None


@dataclass(frozen=True, slots=True)
class Zones:
    """The zones the user gives: ``default`` (``--tz``) for every site whose log states none, and per site
    (lower case) from the config file; ``--tz`` wins over the file."""

    default: str | None = None
    sites: Mapping[str, str] = field(default_factory=dict)

    def of(self, site: str) -> tuple[str, str] | None:
        if self.default is not None:
            return self.default, OPTION
        zone = self.sites.get(site.lower())
        return (zone, CONFIG) if zone is not None else None


class ZoneError(ValueError):
    """A zone name that is not an IANA zone, or a zones file that cannot be read."""


def check_zone(name: str) -> str:
    """``name`` if it is an IANA zone (``Europe/Paris``, ``UTC``), else ZoneError."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ZoneError(f"{name!r} is not a time zone (an IANA name such as Europe/Paris, America/New_York)") from None
    return name


def config_path() -> Path:
    """``zones.toml`` in the user's config folder (platformdirs)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("handlog", appauthor=False)) / "zones.toml"


def load_zones(default: str | None = None, path: Path | None = None) -> Zones:
    """The user's zones: ``--tz`` and the ``[zones]`` table of the config file (absent: none)."""
    if default is not None:
        check_zone(default)
    path = path if path is not None else config_path()
    sites: dict[str, str] = {}
    if path.is_file():
        try:
            data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ZoneError(f"{path}: cannot read: {exc}") from None
        table = data.get("zones", {})
        if not isinstance(table, dict):
            raise ZoneError(f"{path}: [zones] must be a table of SITE = \"ZONE\"")
        for site, zone in table.items():
            if not isinstance(zone, str):
                raise ZoneError(f"{path}: zones.{site} must be a zone name")
            try:
                sites[site.lower()] = check_zone(zone)
            except ZoneError as exc:
                raise ZoneError(f"{path}: zones.{site}: {exc}") from None
    return Zones(default, sites)


@dataclass(frozen=True, slots=True)
class HandTime:
    """A hand's time: ``utc`` where the zone is known, ``local`` as its log wrote it, ``zone`` and its
    ``source`` (one of :data:`SOURCES`)."""

    utc: datetime | None
    local: datetime | None
    zone: str | None
    source: str


def hand_time(hand: Hand, zones: Zones | None = None) -> HandTime:
    """Where ``hand``'s time comes from (see the module's text)."""
    local = wall_clock(hand.time_local)
    if hand.time_utc is not None:
        m = _ABBREVIATION.search(hand.time_local)
        zone = m.group(1) if m is not None else ("UTC" if local is None or local == hand.time_utc.replace(tzinfo=None)
                                                 else "UTC offset")  # fmt: skip
        return HandTime(hand.time_utc, local or hand.time_utc.replace(tzinfo=None), zone, LOG)
    if local is None:
        return HandTime(None, None, None, NONE)
    m = _ABBREVIATION.search(hand.time_local)
    if m is not None and m.group(1) in ZONE_ABBREVIATIONS:  # a zone the reader did not convert (a PHH header)
        return _placed(local, ZONE_ABBREVIATIONS[m.group(1)], LOG, m.group(1))
    room = ROOM_ZONES.get(hand.site.lower())
    if room is not None:
        return _placed(local, room[0], ROOM)
    given = zones.of(hand.site) if zones is not None else None
    if given is not None:
        return _placed(local, given[0], given[1])
    return HandTime(None, local, None, UNKNOWN)


def _placed(local: datetime, zone: str, source: str, label: str | None = None) -> HandTime:
    return HandTime(local.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC), local, label or zone, source)
