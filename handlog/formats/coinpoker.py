"""CoinPoker text hand histories (2024-2025): ``grammars/coinpoker.lark``, a dialect of PokerStars' layout, on
PokerStars' builder for raises read by their totals (``stars.StarsRaiseToBuilder``). What is CoinPoker's own:

* the header ``CoinPoker Hand #352024761: Hold'em No Limit (0.01/0.02 ) 2025/12/28 00:10:17 GMT``: no dash
  before the time (GMT), stakes without a currency (cash games play for USDT, the room's ``₮``), and a
  tournament's ``Tournament #1287772, Bankroll Starter Freeroll Hold'em No Limit (400/800 ante 100 play)``;
* ``waqqas: raises 0.46 and is all-in``: an all-in raise written with the chips it puts in and no total;
* ``*** HAND CANCELLED ***`` after the deal, then ``All bets returned (1310)``: the summary's seats each
  ``collected (100)`` back what they put in; the hand is cancelled, nobody wins or loses;
* ``Board [ Kc 7s Td 8h 9s ]`` with blanks inside the brackets, and ``Game ended: 2025/12/28 00:11:07 GMT``
  inside the summary.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from handlog.events import HandCancelled, Notice, Raise, Stakes
from handlog.formats.grammar import Fields
from handlog.formats.stars import StarsRaiseToBuilder
from handlog.formats.text import amount
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.reading.registry import register

_ANTE = re.compile(r"\bante (?P<ante>[0-9][0-9,.]*)")


class CoinPokerBuilder(StarsRaiseToBuilder):
    """PokerStars' builder with CoinPoker's header, all-in raises and cancelled hands."""

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        """"0.01/0.02 ", "400/800 ante 100 play": the blinds and an ante."""
        stakes = super().stakes_of(text, level_stakes)
        ante = _ANTE.search(text)
        return stakes.model_copy(update={"ante": amount(ante.group("ante"))}) if ante else stakes

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        if f["amount_2"]:
            return super().RAISE(tok, f)
        player = f["player"] or ""
        to = self.street.bets.get(player, Decimal(0)) + amount(f["amount"] or "")  # the chips put in, no total
        by = self.street.raise_to(player, to)
        self.events.append(Raise(line=self._lineno(tok), player=player, by=by, to=to, all_in=bool(f["all_in"])))
        return tok

    def HAND_CANCELLED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.events.append(HandCancelled(line=self._lineno(tok)))
        return tok

    def BETS_RETURNED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Notice(line=line, text=f"All bets returned ({f['amount']})"))

    def GAME_ENDED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # the hand's end: the header's time is its start

    def currency(self, tournament: bool) -> str:
        return "CHIPS" if tournament else "USDT"


class CoinPokerFormat(TextSiteFormat):
    """The CoinPoker reader, registered as ``coinpoker``."""

    name = "coinpoker"
    site = "CoinPoker"
    grammar = "coinpoker"
    builder = CoinPokerBuilder
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('CoinPoker Hand #…: Hold'em No Limit (0.01/0.02 ) 2025/12/28 00:10:17 GMT')",
        "RAISE": "a raise ('P: raises 0.16 to 0.18', 'P: raises 0.46 and is all-in')",
        "HAND_CANCELLED": "'*** HAND CANCELLED ***'",
        "BETS_RETURNED": "'All bets returned (1310)'",
    }


register(CoinPokerFormat())
