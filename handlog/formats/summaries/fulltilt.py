"""Full Tilt Poker tournament summaries (2009 to 2014, ``Full Tilt Poker Tournament Summary NAME (ID) GAME (FLAGS)``,
UTF-16 or ASCII). Quirks: a knockout's ``Knockout Bounty`` is part of the ``Buy-In`` (the prize pool is the rest);
a Matrix tournament's matches share one id (``Match N`` follows it: the id read is ``ID-N``); a multi-entry player
"finished in 8307th, 9204th and 9520th place"; a line may be glued to the next (``Total Rebuys: 2Total Prize
Pool: $55``); ``[Player not loaded]`` stands for a name the client had not loaded."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from handlog.events.tournament import Finish, SummaryError, TournamentSummary
from handlog.formats.summaries.lines import (
    EASTERN,
    LineKind,
    SummaryFailure,
    apply_lines,
    eastern_time,
    kind,
    merge_entries,
)
from handlog.formats.summaries.money import amount

HEADER = re.compile(
    r"^Full Tilt Poker(?P<fr>\.fr)? Tournament Summary (?P<name>.*?) ?\((?P<id>[0-9]+)\)(?: Match (?P<match>[0-9]+))?"
    r" (?P<game>[^()]*?) *(?:\((?P<flags>[^()]*)\))?$"
)
NOT_LOADED = "[Player not loaded]"
_GLUED = re.compile(r"(?<=[0-9])(?=Total Prize Pool: )")


def _money(text: str, f: dict[str, Any]) -> Decimal:
    value, cur = amount(text)
    if cur and not f.get("currency"):
        f["currency"] = cur
    return value


def _buy_in(f: dict[str, Any], m: re.Match[str]) -> None:
    f["buy_in_text"] = m.group(0)[len("Buy-In: "):]
    f["buy_in"] = _money(m.group(1), f)
    f["fee"] = _money(m.group(2), f)


def _set(key: str, conv: Any = str, group: int = 1) -> Any:
    def action(f: dict[str, Any], m: re.Match[str]) -> None:
        f[key] = conv(m.group(group))

    return action


def _count(text: str) -> int:
    return int(text.replace(",", ""))


def _place(f: dict[str, Any], m: re.Match[str]) -> None:
    name, _, prize = m.group(2).partition(", ")
    row: dict[str, Any] = {"player": name.strip(), "place": int(m.group(1)), "line": f["_line"]}
    prize = prize.strip()
    if prize:
        try:
            value, cur = amount(prize, f.get("currency", ""))
        except ValueError:
            lead = re.match(r"^([$€£][0-9][0-9,.]*) (.+)$", prize)  # "$13 MiniFTOPS Ticket"
            row["ticket"] = prize
            if lead:
                row["ticket_value"] = amount(lead.group(1))[0]
        else:
            if cur and f.get("currency") and cur != f["currency"]:
                row["ticket"] = prize
            else:
                row["prize"] = value
    f["finishes"].append(row)


def _still(f: dict[str, Any], m: re.Match[str]) -> None:
    f["finishes"].append({"player": m.group(1).strip(), "place": None, "line": f["_line"]})


def _hero(f: dict[str, Any], m: re.Match[str]) -> None:
    f["hero"] = m.group(1)
    f["hero_places"] = [int(p) for p in re.findall(r"([0-9]+)(?:st|nd|rd|th)", m.group(2))]


def _performed(f: dict[str, Any], m: re.Match[str]) -> None:
    key = "rebuys" if m.group(3).lower().startswith("rebuy") else "addons"
    f.setdefault("hero_counts", {})[key] = int(m.group(2))


def _received(f: dict[str, Any], m: re.Match[str]) -> None:
    if not m.group(2).startswith("%"):  # "4 received %1 Knockout Bounty Awards": a template left unfilled
        f.setdefault("bounty_counts", {})[m.group(1)] = int(m.group(2))


def _ignore(f: dict[str, Any], m: re.Match[str]) -> None:
    return None


KINDS: tuple[LineKind, ...] = (
    kind("Buy-In: X + Y", r"^Buy-In: (.+?) \+ (.+)$", _buy_in),
    kind("Knockout Bounty: X", r"^Knockout Bounty: (.+)$", lambda f, m: f.__setitem__("ko", amount(m.group(1))[0])),
    kind("Rebuy: X", r"^Rebuy: (.+)$", lambda f, m: f.__setitem__("rebuy_cost", amount(m.group(1))[0])),
    kind("Add-On: X", r"^Add-On: (.+)$", lambda f, m: f.__setitem__("addon_cost", amount(m.group(1))[0])),
    kind("P performed N Rebuys", r"^(.+) performed ([0-9]+) (Rebuys?|Add-Ons?)$", _performed),
    kind("P received N Knockout Bounty Awards", r"^(.+) received (%?[0-9]+) Knockout Bounty Awards?$", _received),
    kind("… Chips: N", r"^(?:Buy-In|Rebuy|Add-On) Chips: [0-9,]+$", _ignore),
    kind("N Entries", r"^([0-9][0-9,]*) Entries$", _set("entrants", _count)),
    kind("Total Rebuys: N", r"^Total Rebuys: ([0-9,]+)$", _set("total_rebuys", _count)),
    kind("Total Add-Ons: N", r"^Total Add-Ons: ([0-9,]+)$", _set("total_addons", _count)),
    kind("Total Prize Pool: X", r"^Total Prize Pool: (.+)$", _set("prize_pool_text")),
    kind("Top N finishers receive entry to Tournament N",
         r"^Top [0-9,]+ finishers receive entry to Tournament ([0-9]+)$", _set("target_tournament")),
    kind("Top N finishers receive a ticket", r"^Top [0-9,]+ finishers receive (?!entry to Tournament)(.+)$",
         _ignore),  # each finisher's line names his ticket
    kind("Tournament started: …", r"^Tournament started: (.+)$", _set("start_local")),
    kind("Tournament finished: …", r"^Tournament finished: (.+)$", _set("end_local")),
    kind("Tournament is still in progress", r"^Tournament is still in progress$", _ignore),
    kind("Still Playing - P", r"^Still Playing - (.+)$", _still),
    kind("N: P[, prize]", r"^([0-9]+): (.+)$", _place),
    kind("P finished in Nth place", r"^(.+?) finished in ((?:[0-9]+(?:st|nd|rd|th)(?:, | and )?)+) place\.?$", _hero),
    kind("Some player names are missing …", r"^Some player names are missing from this summary.*$", _ignore),
)

_WORDED = re.compile(r"^[A-Z][a-z]{2}, ([A-Z][a-z]+) ([0-9]{1,2}), ([0-9]{4}) ([0-9]{1,2}):([0-9]{2}) ET$")


def _time(text: str) -> datetime | None:
    m = _WORDED.match(text.strip())
    if m is not None:
        month = datetime.strptime(m.group(1), "%B").month
        local = datetime(int(m.group(3)), month, int(m.group(2)), int(m.group(4)), int(m.group(5)), tzinfo=EASTERN)
        return local.astimezone(ZoneInfo("UTC"))
    return eastern_time(text)


def parse(lines: Sequence[tuple[int, str]], file: str) -> TournamentSummary:
    first_no, first = lines[0]
    head = HEADER.match(first.strip().lstrip("\ufeff"))
    if head is None:
        raise SummaryFailure(SummaryError(file=file, line=first_no, message="not a Full Tilt summary header",
                                          text=first, expected=("Full Tilt Poker Tournament Summary NAME (ID) GAME",)))
    f: dict[str, Any] = {"finishes": []}
    for no, text in lines[1:]:
        f["_line"] = no
        for piece in _GLUED.split(text):
            apply_lines(KINDS, [(no, piece)], f, file, "Full Tilt")
    currency = f.get("currency", "")
    if f.get("prize_pool_text"):
        ptext = f["prize_pool_text"]
        pool, pcur = amount(ptext, currency)
        f["prize_pool"] = pool
        currency = currency or pcur
    bounty = f.get("ko", Decimal(0))
    buy_in = f.get("buy_in")
    if buy_in is not None and bounty:
        buy_in -= bounty
    hero = f.get("hero")
    finishes = []
    for row in merge_entries([r for r in f["finishes"] if r["player"] != NOT_LOADED]):
        if hero is not None and row["player"] == hero:
            places = f.get("hero_places") or []
            counts = f.get("hero_counts", {})
            row.update(entries=max(row.get("entries", 1), len(places)), rebuys=counts.get("rebuys", 0),
                       addons=counts.get("addons", 0))
            if places and row.get("place") is not None:
                row["place"] = min(places)
            count = f.get("bounty_counts", {}).get(hero)
            if count is not None and bounty:
                row.update(bounty_count=count, bounties=bounty * count)
            cost = Decimal(0)
            if counts.get("rebuys") and f.get("rebuy_cost") is not None:
                cost += counts["rebuys"] * f["rebuy_cost"]
            if counts.get("addons") and f.get("addon_cost") is not None:
                cost += counts["addons"] * f["addon_cost"]
            if cost:
                row["extra_cost"] = cost
        finishes.append(Finish(**row))
    notes: list[str] = []
    if hero is not None and not any(x.player == hero for x in finishes) and f.get("hero_places"):
        place = min(f["hero_places"])
        holder = next((x.player for x in finishes if x.place == place), None)
        if holder is None:
            finishes.append(Finish(player=hero, place=place, entries=len(f["hero_places"]), line=first_no))
        else:  # a list and a last line that disagree (a partly anonymised file): the list is kept
            notes.append(f"the last line says {hero} finished {place}, the list names {holder} there")
    flags = head.group("flags") or ""
    tid = head.group("id") + (f"-{head.group('match')}" if head.group("match") else "")
    speed = next((s for s in ("Super Turbo", "Turbo", "Hyper") if s in flags or s in head.group("name")), "")
    return TournamentSummary(
        site="Full Tilt", tournament_id=tid, name=head.group("name").strip(), game=head.group("game").strip(),
        speed=speed, kind=flags, buy_in=buy_in, fee=f.get("fee", Decimal(0)), bounty=bounty,
        currency=currency or "PLAY", prize_currency=currency or "PLAY", buy_in_text=f.get("buy_in_text", ""),
        start_local=f.get("start_local", ""), start_utc=_time(f.get("start_local", "")),
        end_local=f.get("end_local", ""), end_utc=_time(f.get("end_local", "")), entrants=f.get("entrants"),
        prize_pool=f.get("prize_pool"), prize_pool_text=f.get("prize_pool_text", ""),
        rebuy_cost=f.get("rebuy_cost"), addon_cost=f.get("addon_cost"), total_rebuys=f.get("total_rebuys"),
        total_addons=f.get("total_addons"), target_tournament=f.get("target_tournament", ""), hero=hero,
        finishes=tuple(finishes), finished=bool(f.get("end_local")), notes=tuple(notes), file=file, line=first_no,
    )
