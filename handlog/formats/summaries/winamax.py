"""Winamax tournament summaries (``Winamax Poker - Tournament summary : NAME(ID)``, 2011 on): the player's own
result only. Quirks: the 2011 files name no player (the row's player is ``(you)``); ``Mode : sngType : sitngo``
glues two fields; ``Levels : Levels : […]``; ``You finished in ... place`` when the client did not know yet;
``Buy-In : Ticket uniquement`` (a ticket only)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from handlog.events.tournament import Finish, SummaryError, TournamentSummary
from handlog.formats.summaries.lines import LineKind, SummaryFailure, apply_lines, kind, place_number
from handlog.formats.summaries.money import amount

HEADER = re.compile(
    r"^Winamax Poker - Tournament summary : (?P<name>.*)\((?P<id>[0-9]+)\)(?P<late> - Late registration)?$"
)
UNNAMED = "(you)"


def _buy_in(f: dict[str, Any], m: re.Match[str]) -> None:
    text = m.group(1).strip()
    f["buy_in_text"] = text
    if m.group(2) is None:  # "Ticket uniquement": bought with a ticket of unstated value (the cost is unknown)
        return
    f["buy_in"], f["currency"] = amount(m.group(2), "EUR")
    f["fee"] = amount(m.group(3), "EUR")[0]


def _set(key: str, conv: Any = str, group: int = 1) -> Any:
    def action(f: dict[str, Any], m: re.Match[str]) -> None:
        f[key] = conv(m.group(group))

    return action


def _mode(f: dict[str, Any], m: re.Match[str]) -> None:
    f["mode"] = m.group(1)
    if m.group(2):
        f["type"] = m.group(2)


def _finished(f: dict[str, Any], m: re.Match[str]) -> None:
    f["place"] = None if m.group(1) == "..." else place_number(m.group(1))


def _won(f: dict[str, Any], m: re.Match[str]) -> None:
    text = m.group(1).strip()
    parts = [p.strip() for p in text.split("+")]
    try:
        f["won"] = amount(parts[0], "EUR")[0]
    except ValueError:
        f["ticket"] = text
        return
    if len(parts) > 1:
        f["ticket"] = " + ".join(parts[1:])


def _ignore(f: dict[str, Any], m: re.Match[str]) -> None:
    return None


_AMOUNT = r"([0-9][0-9.,]*\s?€?|€\s?[0-9][0-9.,]*)"

KINDS: tuple[LineKind, ...] = (
    kind("Player : P", r"^Player : (.+)$", _set("hero")),
    kind("Buy-In : X + Y", rf"^Buy-In : (Ticket uniquement|{_AMOUNT} \+ {_AMOUNT})$", _buy_in),
    kind("Rebuy cost : X + Y", rf"^Rebuy cost : {_AMOUNT} \+ {_AMOUNT}$",
         lambda f, m: f.__setitem__("rebuy_cost", amount(m.group(1))[0] + amount(m.group(2))[0])),
    kind("Addon cost : X + Y", rf"^Addon cost : {_AMOUNT} \+ {_AMOUNT}$",
         lambda f, m: f.__setitem__("addon_cost", amount(m.group(1))[0] + amount(m.group(2))[0])),
    kind("Your rebuys : N", r"^Your rebuys : ([0-9]+)$", _set("rebuys", int)),
    kind("Your addons : N", r"^Your addons : ([0-9]+)$", _set("addons", int)),
    kind("Registered players : N", r"^Registered players : ([0-9]+)$", _set("entrants", int)),
    kind("Total rebuys : N", r"^Total rebuys : ([0-9]+)$", _set("total_rebuys", int)),
    kind("Total addons : N", r"^Total addons : ([0-9]+)$", _set("total_addons", int)),
    kind("Prizepool : X", r"^Prizepool : (.+)$",
         lambda f, m: f.__setitem__("prize_pool", amount(m.group(1), "EUR")[0])),
    kind("Mode : M", r"^Mode : (\S+?)(?:Type : (\S+))?$", _mode),
    kind("Type : T", r"^Type : (\S+)$", _set("type")),
    kind("Speed : S", r"^Speed : (\S+)$", _set("speed")),
    kind("Flight ID : N", r"^Flight ID : ([0-9]+)$", _ignore),
    kind("Levels : […]", r"^Levels : .*$", _ignore),
    kind("Tournament started …", r"^Tournament started (.+)$", _set("start_local")),
    kind("You played …", r"^You played .*$", _ignore),
    kind("You finished in Nth place", r"^You finished in (\.\.\.|[0-9]+(?:st|nd|rd|th)) place$", _finished),
    kind("You won X", r"^You won (.+)$", _won),
)


def _utc(text: str) -> datetime | None:
    m = re.fullmatch(r"([0-9]{4})/([0-9]{2})/([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) UTC", text.strip())
    if m is None:
        return None
    y, mo, d, h, mi, s = (int(x) for x in m.groups())
    return datetime(y, mo, d, h, mi, s, tzinfo=UTC)


def parse(lines: Sequence[tuple[int, str]], file: str) -> TournamentSummary:
    first_no, first = lines[0]
    head = HEADER.match(first.strip().lstrip("\ufeff"))
    if head is None:
        raise SummaryFailure(SummaryError(file=file, line=first_no, message="not a Winamax summary header",
                                          text=first, expected=("Winamax Poker - Tournament summary : NAME(ID)",)))
    f: dict[str, Any] = {"currency": "EUR"}
    for no, text in lines[1:]:
        apply_lines(KINDS, [(no, text)], f, file, "Winamax")
    hero = f.get("hero")
    notes: list[str] = []
    if hero is None:
        notes.append("the summary names no player: its result is the player (you)")
    extra = Decimal(0)
    if f.get("rebuys") and f.get("rebuy_cost") is not None:
        extra += f["rebuys"] * f["rebuy_cost"]
    if f.get("addons") and f.get("addon_cost") is not None:
        extra += f["addons"] * f["addon_cost"]
    finish = Finish(
        player=hero or UNNAMED, place=f.get("place"), prize=f.get("won", Decimal(0)), ticket=f.get("ticket", ""),
        rebuys=f.get("rebuys", 0), addons=f.get("addons", 0), extra_cost=extra or None, line=first_no,
    )
    return TournamentSummary(
        site="Winamax", tournament_id=head.group("id"), name=head.group("name").strip(), speed=f.get("speed", ""),
        kind=" ".join(x for x in (f.get("mode", ""), f.get("type", "")) if x), buy_in=f.get("buy_in"),
        fee=f.get("fee", Decimal(0)), currency=f["currency"], prize_currency="EUR",
        buy_in_text=f.get("buy_in_text", ""),
        start_local=f.get("start_local", ""), start_utc=_utc(f.get("start_local", "")), entrants=f.get("entrants"),
        prize_pool=f.get("prize_pool"), rebuy_cost=f.get("rebuy_cost"), addon_cost=f.get("addon_cost"),
        total_rebuys=f.get("total_rebuys"), total_addons=f.get("total_addons"), hero=hero or UNNAMED,
        finishes=(finish,), finished=finish.place is not None, notes=tuple(notes), file=file, line=first_no,
    )
