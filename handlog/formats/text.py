"""Small converters shared by site readers: amounts, cards, times. Site quirks stay in each site's module."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from handlog.events import (
    Cards,
    Collect,
    DealHole,
    Event,
    PlayerStatus,
    Seat,
    SeatResult,
    StatusChange,
    StreetStart,
)
from handlog.events.chips import ChipLedger


class FieldError(ValueError):
    """A field of a line that the grammar matched but whose value is not usable (bad card, bad number)."""


_CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "Rs.": "INR"}
_AMOUNT = re.compile(
    r"^\s*(?P<sym>[$€£₹¥]|Rs\.\s?)?(?P<num>[0-9][0-9,]*(?:\.[0-9]+)?)(?P<thousands>k)?\s*(?P<after>[$€£])?"
    r"\s*(?P<code>[A-Z]{3})?\s*$"
)
MAX_DIGITS = 18


@lru_cache(maxsize=4096)
def amount(text: str) -> Decimal:
    """``"$1,024.50"`` → ``Decimal("1024.50")``; currency symbols and thousands separators are dropped. A symbol
    may also follow the number (``"0.50€"``), and ``k`` counts thousands (``"6.02k"`` → 6020).

    Cached: a log repeats the same few amounts (blinds, antes, stacks), and ``Decimal`` is immutable.
    """
    m = _AMOUNT.match(text)
    if m is None:
        raise FieldError(f"not an amount: {text!r}")
    num = m.group("num").replace(",", "")
    if len(num) > MAX_DIGITS + 3:
        raise FieldError(f"amount out of range: {text!r}")
    try:
        value = Decimal(num)
        if m.group("thousands"):
            value *= 1000
            return value.quantize(Decimal(1)) if value == value.to_integral_value() else value.normalize()
        return value
    except InvalidOperation as exc:  # pragma: no cover - the pattern only admits digits
        raise FieldError(f"not an amount: {text!r}") from exc


def decimal_of(num: str, text: str) -> Decimal:
    """The amount of ``num``, a room's number already rid of its separators (``text``: the whole field, for the
    error); a number longer than any stack is refused rather than read."""
    if len(num) > MAX_DIGITS + 3:
        raise FieldError(f"amount out of range: {text!r}")
    try:
        return Decimal(num)
    except ArithmeticError as exc:
        raise FieldError(f"not an amount: {text!r}") from exc


def currency_of(text: str) -> str | None:
    """The ISO code an amount or stakes text names, by code or by symbol."""
    m = re.search(r"\b(USD|EUR|GBP|INR|CAD|SEK|CHF|RUB|CNY)\b", text)
    if m:
        return m.group(1)
    for sym, code in _CURRENCY_SYMBOLS.items():
        if sym in text:
            return code
    return None


CARDS = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")


def cards(text: str | None) -> Cards:
    """``"Ah Kd"`` → ``("Ah", "Kd")``; a malformed card is an error, an empty text no cards."""
    if not text:
        return ()
    out = tuple(text.split())
    for card in out:
        if card not in CARDS:
            raise FieldError(f"not a card: {card!r}")
    return out


_TIME = re.compile(
    r"(?P<y>[0-9]{4})/(?P<mo>[0-9]{1,2})/(?P<d>[0-9]{1,2})\s*-?\s*(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2})"
    r"(?::(?P<s>[0-9]{2}))?\s*\(?(?P<tz>[A-Z]{2,5})?\)?"
)
ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki", "MSK": "Europe/Moscow", "GMT": "UTC", "UTC": "UTC",
    "BST": "Europe/London", "IST": "Asia/Kolkata", "AEST": "Australia/Sydney", "NZT": "Pacific/Auckland",
    "CUST": "America/Havana",
}


def utc_time(text: str) -> datetime | None:
    """The UTC instant of a ``2012/12/13 19:59:19 ET`` style time, when its zone is known; else None."""
    m = _TIME.search(text)
    if m is None:
        return None
    zone_name = ZONES.get(m.group("tz") or "")
    if zone_name is None:
        return None
    try:
        zone = ZoneInfo(zone_name)
        local = datetime(
            int(m.group("y")), int(m.group("mo")), int(m.group("d")),
            int(m.group("h")), int(m.group("mi")), int(m.group("s") or 0), tzinfo=zone,
        )
    except (ValueError, ZoneInfoNotFoundError):
        return None
    return local.astimezone(UTC)


StreetBets = ChipLedger
"""Each player's bet on the street being read, for logs that write a raise as its total only ("raises to $12", Full
Tilt; "raises $12 to $12", Winning): the increment is the total less the highest bet so far (``raise_to``); also what
each player put in on earlier streets (``put``), antes and dead money included. The one chip ledger
(``events.chips``)."""


def deal_hole(holes: dict[str, Cards], player: str, dealt: Cards, line: int) -> DealHole:
    """A deal to ``player``, the cards dealt so far kept in ``holes``: the first of a hand, or in stud one more
    card on those dealt before (sites that write each street's card alone: Bovada, Everleaf)."""
    before = holes.get(player, ())
    holes[player] = before + dealt
    if before:
        return DealHole(line=line, player=player, cards=before, new=dealt)
    return DealHole(line=line, player=player, cards=dealt)


def merge_seat_result(seats: list[SeatResult], result: SeatResult) -> None:
    """Add a summary seat line to ``seats``; a run-it-twice summary that repeats a seat once per run (Full Tilt,
    Winning) is merged into that seat's one result: every amount won, the texts joined, the first line kept."""
    same = next((i for i, s in enumerate(seats) if s.seat == result.seat), None)
    if same is None:
        seats.append(result)
        return
    before = seats[same]
    seats[same] = before.model_copy(
        update={
            "text": f"{before.text} | {result.text}" if before.text else result.text,
            "positions": before.positions or result.positions,
            "won": before.won + result.won,
            "shown": before.shown or result.shown,
            "mucked": before.mucked or result.mucked,
        }
    )


def collects_from_summary(seats: list[SeatResult]) -> list[Collect]:
    """The collects of a hand whose log states them only in its summary ("Seat 4: P collected ($3.80)", "Seat 3:
    P did not show and won $9.00"): some sites print no collect line for an uncontested pot. That statement is
    the collect, read from the line that makes it."""
    return [Collect(line=r.line, player=r.player, amount=won) for r in seats for won in r.won]


def seats_sitting_out(
    seats: list[Seat], events: list[Event], also: frozenset[str] | set[str] = frozenset()
) -> list[Seat]:
    """The seat lines with the players the log says sit out before the deal ("P sits out" / "P is sitting out"
    between the seats and the first street, without it on the seat line) marked so, and ``also`` those a site
    names otherwise: they are not dealt in (a player who acts anyway is dealt in by the engine)."""
    out = set(also)
    for e in events:
        if isinstance(e, StreetStart):
            break
        if isinstance(e, StatusChange) and e.status is PlayerStatus.SITS_OUT:
            out.add(e.player)
    return [s.model_copy(update={"sitting_out": True}) if s.player in out else s for s in seats]
