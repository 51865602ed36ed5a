"""Tournament rows and the per-player summary (PokerTracker 4's and Hold'em Manager 3's tournament report).

Definitions (per site, player and currency, optionally per ``--by`` key):

- ``tournaments``: results with a known place (a player still playing when the summary was written is counted
  in ``unfinished`` and nowhere else);
- ``itm``: those finished in the money (a prize, a ticket or a seat won); ``itm_pct`` = itm / tournaments × 100;
- ``buy_ins``: what the player paid (buy-in, fee and bounty per entry, rebuys and add-ons) over the finished
  results whose buy-in is known; ``prizes``: money won over the same results (prizes and bounties);
- ``profit`` = prizes − buy_ins; ``roi_pct`` = profit / buy_ins × 100 (none when nothing was paid);
- ``avg_finish``: the mean place.

Percentages and the average are rounded to two decimals; money is exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from handlog.events.tournament import Result

ZERO = Decimal(0)
CENT = Decimal("0.01")

ROW_COLUMNS = [
    "site", "tournament_id", "player", "finish", "entrants", "buy_in", "fee", "bounty", "prize", "currency",
    "cost", "profit", "ticket", "name", "game", "speed", "type", "start_utc", "source", "file", "line",
]
BY_CHOICES = ("buyin", "speed", "type", "month")
SUMMARY_COLUMNS = [
    "site", "player", "currency", "tournaments", "unfinished", "itm", "itm_pct", "buy_ins", "prizes", "profit",
    "roi_pct", "avg_finish",
]


def row(r: Result) -> dict[str, Any]:
    return {
        "site": r.site, "tournament_id": r.tournament_id, "player": r.player, "finish": r.finish,
        "entrants": r.entrants, "buy_in": r.buy_in, "fee": r.fee, "bounty": r.bounty, "prize": r.prize,
        "currency": r.currency, "cost": r.cost, "profit": r.profit, "ticket": r.ticket, "name": r.name,
        "game": r.game, "speed": r.speed, "type": r.kind, "start_utc": r.start_utc, "source": r.source,
        "file": r.file, "line": r.line,
    }


def by_value(r: Result, by: str) -> str:
    if by == "buyin":
        return "" if r.buy_in is None else f"{r.buy_in + r.bounty}+{r.fee} {r.currency}"
    if by == "speed":
        return r.speed
    if by == "type":
        return r.kind
    if by == "month":
        return r.start_utc.strftime("%Y-%m") if isinstance(r.start_utc, datetime) else ""
    raise ValueError(f"unknown --by {by!r}")


@dataclass(slots=True)
class _Sums:
    tournaments: int = 0
    unfinished: int = 0
    itm: int = 0
    buy_ins: Decimal = ZERO
    prizes: Decimal = ZERO
    paid_prizes: Decimal = ZERO
    places: list[int] = field(default_factory=list)

    def add(self, r: Result) -> None:
        if r.finish is None:
            self.unfinished += 1
            return
        self.tournaments += 1
        self.places.append(r.finish)
        if r.in_the_money:
            self.itm += 1
        self.prizes += r.prize
        if r.cost is not None:
            self.buy_ins += r.cost
            self.paid_prizes += r.prize


def _pct(part: Decimal, whole: Decimal) -> Decimal | None:
    if whole == 0:
        return None
    return (part * 100 / whole).quantize(CENT, rounding=ROUND_HALF_EVEN)


def summarize(results: Iterable[Result], by: Sequence[str] = ()) -> list[dict[str, Any]]:
    """One record per (site, player, currency[, by keys]), in that order."""
    groups: dict[tuple[str, ...], _Sums] = {}
    for r in results:
        key = (r.site, r.player, r.currency, *(by_value(r, b) for b in by))
        groups.setdefault(key, _Sums()).add(r)
    out: list[dict[str, Any]] = []
    for key in sorted(groups):
        s = groups[key]
        profit = s.paid_prizes - s.buy_ins
        rec: dict[str, Any] = {"site": key[0], "player": key[1], "currency": key[2]}
        rec.update({b: key[3 + i] for i, b in enumerate(by)})
        rec.update(
            tournaments=s.tournaments, unfinished=s.unfinished, itm=s.itm,
            itm_pct=_pct(Decimal(s.itm), Decimal(s.tournaments)), buy_ins=s.buy_ins, prizes=s.prizes,
            profit=profit, roi_pct=_pct(profit, s.buy_ins),
            avg_finish=(Decimal(sum(s.places)) / len(s.places)).quantize(CENT) if s.places else None,
        )
        out.append(rec)
    return out


def summary_columns(by: Sequence[str]) -> list[str]:
    return SUMMARY_COLUMNS[:3] + list(by) + SUMMARY_COLUMNS[3:]
