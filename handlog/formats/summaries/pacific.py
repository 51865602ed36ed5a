"""888poker / Pacific / Cassava tournament summaries (``***** Cassava Tournament Summary *****``, 2011 on): the
player's place out of the entrants and what he won, nothing else. Amounts in the player's locale
(``0,09 € + 0,01 €``, ``20$ + 1$``, ``$5 + $0.50``); ``Buy-In: Free`` for a freeroll."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from handlog.events.tournament import Finish, SummaryError, TournamentSummary
from handlog.formats.summaries.lines import LineKind, SummaryFailure, apply_lines, kind
from handlog.formats.summaries.money import amount

HEADER = re.compile(r"^\*{5} (?P<room>Cassava|888poker|888|Pacific Poker) Tournament Summary \*{5}$")


def _buy_in(f: dict[str, Any], m: re.Match[str]) -> None:
    text = m.group(1).strip()
    f["buy_in_text"] = text
    if text == "Free":
        f["buy_in"], f["currency"] = Decimal(0), "FREE"
        return
    parts = [amount(p) for p in text.split(" + ")]
    if len(parts) > 2:
        raise ValueError("a buy-in of more than two parts")
    f["buy_in"], f["currency"] = parts[0]
    if len(parts) == 2:
        f["fee"] = parts[1][0]
    f["currency"] = f["currency"] or next((c for _, c in parts if c), "")


def _finished(f: dict[str, Any], m: re.Match[str]) -> None:
    f["hero"], f["place"], f["entrants"] = m.group(1), int(m.group(2)), int(m.group(3))
    if m.group(4):
        f["won"], cur = amount(m.group(4))
        f["prize_currency"] = cur


KINDS: tuple[LineKind, ...] = (
    kind("Tournament ID: N", r"^Tournament ID: ([0-9]+)$", lambda f, m: f.__setitem__("id", m.group(1))),
    kind("Buy-In: X [+ Y]", r"^Buy-In: (.+)$", _buy_in),
    kind("P finished N/M [and won X]", r"^(.+) finished ([0-9]+)/([0-9]+)(?: and won (.+))?$", _finished),
)


def parse(lines: Sequence[tuple[int, str]], file: str) -> TournamentSummary:
    first_no, first = lines[0]
    if HEADER.match(first.strip().lstrip("\ufeff")) is None:
        raise SummaryFailure(SummaryError(file=file, line=first_no, message="not an 888poker summary header",
                                          text=first, expected=("***** Cassava Tournament Summary *****",)))
    f: dict[str, Any] = {}
    apply_lines(KINDS, lines[1:], f, file, "888poker")
    missing = [name for name, key in (("Tournament ID", "id"), ("Buy-In", "buy_in"), ("the finish", "place"))
               if key not in f]
    if missing:
        raise SummaryFailure(SummaryError(file=file, line=lines[-1][0], message="the summary ends early",
                                          expected=tuple(missing)))
    currency = f["currency"]
    prize_currency = f.get("prize_currency") or currency
    if currency == "FREE":
        currency = prize_currency if prize_currency != "FREE" else "FREE"
    finish = Finish(player=f["hero"], place=f["place"], prize=f.get("won", Decimal(0)), line=first_no)
    return TournamentSummary(
        site="888poker", tournament_id=f["id"], buy_in=f["buy_in"], fee=f.get("fee", Decimal(0)), currency=currency,
        prize_currency=prize_currency, buy_in_text=f["buy_in_text"], entrants=f["entrants"], hero=f["hero"],
        finishes=(finish,), finished=True, file=file, line=first_no,
    )
