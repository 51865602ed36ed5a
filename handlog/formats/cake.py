"""Cake Poker text hand histories (2010-2011): ``grammars/cake.lark`` plus what is the room's own in reading them,
on Everleaf's builder (the same bookkeeping: amounts added, all-ins from the stacks, no summary).

What differs from Everleaf:

* the header holds the whole game (``Hand#2589013774000163 - New Castle (Turbo 6-max) 13774 -- $0.02/$0.04 FL
  Hold'em -- 2011/05/08 - 10:37:17``): the table's name, its kind in brackets and its number, the stakes (for fixed
  limit the small and big bet), the time in US Eastern time; the button is the seat line marked ``DEALER``;
* calls and bets are the chips the line adds, a raise its total (``raises to $0.08``);
* ``P: is all in $0.07``: the player's last chips, which are a bet, a raise or a call by what they come to;
* cards as ``[7c,5h]`` or ``[7h 5c]``; a loser's ``mucks`` at the showdown, then after the wins ``mucks [9h,As]
  (TwoPair) .`` once more with the cards;
* no summary, so no total pot, rake or board line: the engine computes the pot and the rake kept (5-6 % in the
  corpus' two fixed-limit hands: 0.04 of 0.66 and of 0.70) and says so in its audit notes.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal
from typing import ClassVar
from zoneinfo import ZoneInfo

from handlog.events import (
    Bet,
    Call,
    Collect,
    DealHole,
    Game,
    Muck,
    Post,
    PostType,
    Raise,
    Show,
    Stakes,
    Street,
    StreetStart,
    UncalledReturns,
)
from handlog.formats import headers
from handlog.formats.everleaf import EverleafBuilder
from handlog.formats.grammar import Fields
from handlog.formats.text import amount, cards, currency_of, deal_hole
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.reading.registry import register

_EASTERN = ZoneInfo("America/New_York")
_POSTS = {
    "small blind": PostType.SMALL_BLIND, "big blind": PostType.BIG_BLIND, "dead blind": PostType.BOTH_BLINDS,
    "ante": PostType.ANTE,
}
_TABLE = re.compile(r"^(?P<name>[^(]*?)(?: \((?P<kind>[^)]*)\))?(?: (?P<number>[0-9]+))?$")


def cake_cards(text: str | None) -> tuple[str, ...]:
    """``"7c,5h"`` or ``"7h 5c"`` → ``("7c", "5h")``."""
    return cards((text or "").replace(",", " "))


class CakeBuilder(EverleafBuilder):
    """Cake's lines on Everleaf's bookkeeping: its header, dealer mark, raises to a total and "is all in"."""

    games: ClassVar[dict[str, Game]] = {"hold'em": Game.HOLDEM, "omaha": Game.OMAHA, "omaha hi/lo": Game.OMAHA_HI_LO}
    uncalled_returns: ClassVar[UncalledReturns] = UncalledReturns.PRINTED  # not Everleaf's way: Cake prints them

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        table = _TABLE.match((f["table"] or "").strip())
        self.header = {"hand_id": f["hand_id"], "game": f["game"], "structure": f["structure"], "time": f["time"]}
        self.table = {"table": table.group("name") if table else (f["table"] or "").strip()}
        self.stakes_text = f["stakes"] or ""
        self.stakes = self.stakes_of(self.stakes_text, None)
        return tok

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        """The header's pair: the blinds, or in fixed limit the small and big bets ("$0.02/$0.04 FL": blinds of
        0.01 and 0.02)."""
        small, _, big = text.partition("/")
        return Stakes(small=amount(small), big=amount(big))

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        if f["dealer"]:
            self.table = {**self.table, "button": f["seat"]}
        return super().SEAT(tok, {**f, "new": None, "all_in": None})

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value, kind = f["player"] or "", amount(f["amount"] or ""), _POSTS[f["post"] or ""]
        dead = Decimal(0)
        if kind is PostType.ANTE:
            self.bets.dead(player, value)
        elif kind is PostType.BOTH_BLINDS and self.stakes is not None:
            dead = max(Decimal(0), value - self._big_blind())
            self.bets.dead(player, dead)
            self.bets.add(player, value - dead)
        else:
            self.bets.add(player, value)
        self.events.append(Post(line=self._lineno(tok), player=player, post=kind, amount=value, dead=dead,
                                all_in=self._all_in(player)))
        return tok

    def _big_blind(self) -> Decimal:
        assert self.stakes is not None
        if (self.header.get("structure") or "") == "FL":
            return self.stakes.small
        return self.stakes.big

    def _deal_begins(self, tok: Tok) -> None:
        """The room writes no line for the deal: the first line after the blinds (a deal or an action) starts it."""
        if not any(isinstance(e, StreetStart) for e in self.events):
            self.events.append(StreetStart(line=self._lineno(tok), street=Street.PREFLOP))

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self._deal_begins(tok)
        deal: DealHole = deal_hole(self.holes, f["player"] or "", cake_cards(f["cards"]), self._lineno(tok))
        self.events.append(deal)
        return tok

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        return super().STREET(tok, {**f, "new": (f["new"] or "").replace(",", " ")})

    # -- actions
    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._deal_begins(tok)
        return super().FOLD(tok, fields)

    def CHECK(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._deal_begins(tok)
        return super().CHECK(tok, fields)

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._deal_begins(tok)
        return super().CALL(tok, fields)

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._deal_begins(tok)
        return super().BET(tok, fields)

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"raises to $0.08": the raise's total."""
        f = self._f(tok, fields)
        self._deal_begins(tok)
        player, to = f["player"] or "", amount(f["amount"] or "")
        by = self.bets.raise_to(player, to)
        self.events.append(Raise(line=self._lineno(tok), player=player, by=by, to=to, all_in=self._all_in(player)))
        return tok

    def ALL_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"is all in $0.07": the chips added; a bet when nobody has bet, a call when they do not pass the bet, else
        a raise to the player's bet plus them."""
        f = self._f(tok, fields)
        self._deal_begins(tok)
        player, more, line = f["player"] or "", amount(f["amount"] or ""), self._lineno(tok)
        level = self.bets.level
        to = self.bets.bets.get(player, Decimal(0)) + more
        if level == 0:
            self.bets.add(player, more)
            self.events.append(Bet(line=line, player=player, amount=more, all_in=True))
        elif to <= level:
            self.bets.add(player, more)
            self.events.append(Call(line=line, player=player, amount=more, all_in=True))
        else:
            by = self.bets.raise_to(player, to)
            self.events.append(Raise(line=line, player=player, by=by, to=to, all_in=True))
        return tok

    # -- showdown and the pots
    def SHOWS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.events.append(Show(line=self._lineno(tok), player=f["player"] or "", cards=cake_cards(f["cards"]),
                                description=(f["description"] or "").strip()))
        return tok

    def MUCKS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"mucks" at the showdown; the same player's "mucks [9h,As] (TwoPair) ." after the wins repeats it with
        the cards (kept in the hand's text, not a second muck)."""
        f = self._f(tok, fields)
        player = f["player"] or ""
        if any(isinstance(e, Muck) and e.player == player for e in self.events):
            return tok
        self.events.append(Muck(line=self._lineno(tok), player=player))
        return tok

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"wins $0.31 with Straight Eight high": the player's share of the pot, rake taken."""
        f = self._f(tok, fields)
        self.events.append(Collect(line=self._lineno(tok), player=f["player"] or "", amount=amount(f["amount"] or "")))
        return tok

    # -- the hand
    def time_utc(self, time_local: str, time_second: str | None) -> datetime | None:
        """The header's time is US Eastern ("2011/05/08 - 10:37:17" is 14:37:17 UTC)."""
        try:
            local = datetime.strptime(time_local, "%Y/%m/%d - %H:%M:%S").replace(tzinfo=_EASTERN)
        except ValueError:
            return None
        return local.astimezone(UTC)

    def site_name(self) -> str:
        return "Cake"

    def currency(self, tournament: bool) -> str:
        return "CHIPS" if tournament else currency_of(self.stakes_text) or "PLAY"


class CakeFormat(TextSiteFormat):
    """The Cake Poker reader, registered as ``cake``."""

    name = "cake"
    site = "Cake"
    grammar = "cake"
    builder = CakeBuilder
    # "Hand#" with no blank before the number is Cake's alone (Winning writes "Hand #"); the rest of the line is the
    # grammar's to check, so that a damaged header is an unparsed hand rather than an unrecognised file
    head = headers.CAKE
    summary_marker: str | None = None
    peek_pattern = re.compile(r"Hand#(?P<id>[0-9]+).*? (?P<structure>NL|PL|FL) (?P<game>Hold'em|Omaha Hi/Lo|Omaha)")
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Hand#… - Table -- $0.02/$0.04 FL Hold'em -- 2011/05/08 - 10:37:17')",
        "SEAT": "a seat line ('Seat 3: P ($0.31 in chips)')",
        "POST": "a forced bet ('P: posts small blind $0.01')",
        "DEALT": "a deal ('Dealt to P [7c,5h]')",
        "STREET": "a street ('*** FLOP *** [6d,8c,4s]')",
        "SHOWDOWN": "'***SHOW DOWN***'",
        "RAISE": "a raise ('P: raises to $0.08')",
        "ALL_IN": "an all-in ('P: is all in $0.07')",
        "SHOWS": "'P: shows [7h 5c]'",
        "MUCKS": "'P: mucks'",
        "COLLECT": "'P wins $0.31 with …'",
    }


register(CakeFormat())
