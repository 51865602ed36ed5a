"""Open Tournament Summary (OTS, ``{"ots": {…}}``), the tournament companion of Open Hand History
(hh-specs.handhistory.org): read with the standard library's ``json`` (the file's size bounded by the caller).
Amounts are JSON numbers: read as ``Decimal`` from their text, never through a float."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from handlog.events.tournament import Finish, SummaryError, TournamentSummary
from handlog.formats.summaries.lines import SummaryFailure


def _fail(file: str, message: str, expected: tuple[str, ...] = ()) -> SummaryFailure:
    return SummaryFailure(SummaryError(file=file, line=1, message=message, expected=expected))


def _decimal(value: Any, file: str, name: str) -> Decimal:
    if isinstance(value, Decimal):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value)
    raise _fail(file, f"OTS field {name!r} is not a number: {value!r}", (f"{name}: a number",))


def _time(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def parse(text: str, file: str) -> TournamentSummary:
    try:
        doc = json.loads(text, parse_float=Decimal)
    except (json.JSONDecodeError, RecursionError) as exc:
        line = exc.lineno if isinstance(exc, json.JSONDecodeError) else 1
        raise SummaryFailure(SummaryError(file=file, line=line, message=f"not valid JSON: {exc}",
                                          expected=("an OTS document",))) from exc
    ots = doc.get("ots") if isinstance(doc, Mapping) else None
    if not isinstance(ots, Mapping):
        raise _fail(file, "a JSON document without an 'ots' object", ('{"ots": {…}}',))
    for key in ("tournament_number", "tournament_finishes_and_winnings"):
        if key not in ots:
            raise _fail(file, f"the OTS document has no {key!r}", (key,))
    rows = ots["tournament_finishes_and_winnings"]
    if not isinstance(rows, list):
        raise _fail(file, "'tournament_finishes_and_winnings' is not a list", ("a list of finishes",))
    # a re-entering player is listed once per entry: his best place, his prizes added
    merged: dict[str, dict[str, Any]] = {}
    for row in rows:
        if not isinstance(row, Mapping) or not isinstance(row.get("player_name"), str):
            raise _fail(file, f"a finish without a player_name: {row!r}", ("player_name",))
        name = row["player_name"]
        still = bool(row.get("still_playing"))
        place = row.get("finish_position")
        if not still and not isinstance(place, int):
            raise _fail(file, f"{name}: finish_position is not a number", ("finish_position",))
        prize = _decimal(row.get("prize", 0), file, "prize")
        ticket = _decimal(row.get("ticket_value", 0), file, "ticket_value")
        m = merged.setdefault(name, {"player": name, "place": None, "prize": Decimal(0), "ticket_value": Decimal(0),
                                     "entries": 0})
        m["entries"] += 1
        if not still and isinstance(place, int) and (m["place"] is None or place < m["place"]):
            m["place"] = place
        m["prize"] += prize
        m["ticket_value"] += ticket
    finishes = []
    for m in merged.values():
        if m["ticket_value"] > 0:
            m["ticket"] = f"ticket worth {m['ticket_value']}"
        finishes.append(Finish(**m))
    speed = ots.get("speed")
    currency = str(ots.get("currency") or "")
    hero = ots.get("hero_player_name")
    return TournamentSummary(
        site=str(ots.get("site_name") or ots.get("network_name") or "OTS"),
        tournament_id=str(ots["tournament_number"]), name=str(ots.get("tournament_name") or ""),
        speed=str(speed.get("type", "")) if isinstance(speed, Mapping) else "",
        kind=" ".join([str(ots.get("type") or "")] + [str(x) for x in ots.get("flags") or []]).strip(),
        buy_in=_decimal(ots.get("buyin_amount", 0), file, "buyin_amount"),
        fee=_decimal(ots.get("fee_amount", 0), file, "fee_amount"),
        bounty=_decimal(ots.get("bounty_fee_amount", 0), file, "bounty_fee_amount"),
        currency=currency, prize_currency=currency, start_local=str(ots.get("start_date_utc") or ""),
        start_utc=_time(ots.get("start_date_utc")), end_local=str(ots.get("end_date_utc") or ""),
        end_utc=_time(ots.get("end_date_utc")),
        entrants=ots.get("player_count") if isinstance(ots.get("player_count"), int) else None,
        prize_pool=_decimal(ots["prize_pool"], file, "prize_pool") if "prize_pool" in ots else None,
        hero=hero if isinstance(hero, str) else None, finishes=tuple(finishes),
        finished=all(not r.get("still_playing") for r in rows if isinstance(r, Mapping)), file=file, line=1,
    )
