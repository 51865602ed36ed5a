"""Everleaf Gaming and its skins (Concord, Grand Poker, Partouche …): ``grammars/everleaf.lark`` plus what is the
room's own in reading them.

Every amount is the chips the line *adds*: "raises [$ 0.35 USD]" puts 0.35 more in, a raise to the player's bet
plus 0.35 (``text.StreetBets`` keeps each bet on the street); stud's "completes to $0.05." is the one total.
No line says all-in: a player whose chips run out is all-in, which the reader knows from the seat's stack.

What the room does not write: a summary (no total pot, no rake, no board line), and the return of an uncalled
bet: "N wins $ 0.25 USD from main pot" pays the pot without the bet nobody called, whose excess goes back
unwritten. The reader says so (``UncalledReturns.UNPRINTED``): the engine returns the
excess itself and notes it, computes the pot and the rake kept, and holds the rake to the room's share.

The euro: the clients wrote cp1252's euro (byte 0x80) or, on Cyrillic Windows, cp1251's (byte 0x88), which
``reading.decode`` reads as the euro before an amount.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from handlog.events import (
    Bet,
    Call,
    Check,
    Collect,
    DealHole,
    Fold,
    Game,
    Hand,
    Muck,
    PlayerStatus,
    Post,
    PostType,
    Raise,
    Seat,
    Show,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    Tournament,
    UncalledReturns,
)
from handlog.formats import headers
from handlog.formats.grammar import Fields
from handlog.formats.text import StreetBets, amount, cards, currency_of, deal_hole, seats_sitting_out
from handlog.formats.textsite import DESCRIPTIONS, TextHandBuilder, TextSiteFormat, Tok
from handlog.reading.registry import register

_STUD = frozenset({Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO, Game.RAZZ})
_POSTS = {"small blind": PostType.SMALL_BLIND, "big blind": PostType.BIG_BLIND, "ante": PostType.ANTE}
_STATUSES = (
    ("has joined", PlayerStatus.JOINS),
    ("has been reseated", PlayerStatus.JOINS),
    ("has left", PlayerStatus.LEAVES),
    ("sits out", PlayerStatus.SITS_OUT),
    ("is sitting out", PlayerStatus.SITS_OUT),
    ("has disconnected", PlayerStatus.DISCONNECTED),
    ("has reconnected", PlayerStatus.CONNECTED),
    ("has returned", PlayerStatus.RETURNS),
)
_IN_HAND = (Post, DealHole, Fold, Check, Call, Bet, Raise, Show, Collect)


def _money(text: str | None) -> Decimal:
    """"$ 0.35", "€1", "1,000" → the amount (the client puts a blank after the currency sign)."""
    return amount((text or "").replace(" ", ""))


def _cards(text: str | None) -> tuple[str, ...]:
    """"Qd, 7c" → ("Qd", "7c")."""
    return cards((text or "").replace(",", " "))


class EverleafBuilder(TextHandBuilder):
    """Everleaf's lines to events: amounts added turned into bets and raises to totals, all-ins from the stacks."""

    # "N wins $ 0.25 USD from main pot" after an uncalled raise to 0.35 over the blinds of 0.05 and 0.10 is the pot
    # without the 0.25 nobody called (every such hand of the corpus)
    uncalled_returns: ClassVar[UncalledReturns] = UncalledReturns.UNPRINTED

    games: ClassVar[dict[str, Game]] = {
        "hold'em": Game.HOLDEM,
        "omaha": Game.OMAHA,
        "omaha hi/lo": Game.OMAHA_HI_LO,
        "7 card stud": Game.SEVEN_CARD_STUD,
        "7 card stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
        "razz": Game.RAZZ,
    }
    # Stud names no structure: it is dealt fixed limit.
    structures: ClassVar[dict[str, Structure]] = {
        "nl": Structure.NO_LIMIT,
        "pl": Structure.POT_LIMIT,
        "fl": Structure.FIXED_LIMIT,
        "": Structure.FIXED_LIMIT,
    }
    streets: ClassVar[dict[str, Street]] = {
        "flop": Street.FLOP,
        "turn": Street.TURN,
        "river": Street.RIVER,
        "4th street": Street.FOURTH,
        "5th street": Street.FIFTH,
        "6th street": Street.SIXTH,
    }

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.bets = StreetBets()
        self.stacks: dict[str, Decimal] = {}
        self.holes: dict[str, tuple[str, ...]] = {}

    def _stud(self) -> bool:
        return self.games.get((self.header.get("game") or "").lower()) in _STUD

    def _all_in(self, player: str) -> bool:
        """The player has no chips left behind (the room writes no all-in: the stack says it)."""
        stack = self.stacks.get(player)
        return stack is not None and self.bets.total(player) >= stack

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        skin = (f.get("skin") or f.get("skin_2") or "").strip(" -")
        self.header = {"hand_id": f["hand_id"], "skin": skin or None}
        return tok

    def TOURNAMENT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.header = {**self.header, "tournament": f["tournament"], "level": f["level"]}
        return tok

    def STAKES(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.header = {**self.header, "game": f["game"], "structure": f["structure"] or "", "time": f["time"]}
        self.table = {**self.table, "max_seats": f["max_seats"]}
        self.stakes_text = f["stakes"] or ""
        self.stakes = self.stakes_of(self.stakes_text, None)
        return tok

    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.table = {**self.table, "table": self._f(tok, fields)["table"]}
        return tok

    def PLAYER_COUNT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # the seat lines list the players

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"( new player )": seated, not yet dealt in; "( All-in )": no chips left from the hand before."""
        f = self._f(tok, fields)
        player = f["player"] or ""
        stack = _money(f["amount"]) if f["amount"] else Decimal(0)
        self.stacks[player] = stack
        out = bool(f["new"] or f["all_in"]) or stack == 0
        self.seats.append(Seat(seat=int(f["seat"] or 0), player=player, stack=stack, out_of_hand=out,
                               line=self._lineno(tok)))
        return tok

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value, kind = f["player"] or "", _money(f["amount"]), _POSTS[f["post"] or ""]
        if kind is PostType.ANTE:
            self.bets.dead(player, value)
        else:
            self.bets.add(player, value)
        self.events.append(Post(line=self._lineno(tok), player=player, post=kind, amount=value,
                                all_in=self._all_in(player)))
        return tok

    def BRING_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", _money(f["amount"])
        self.bets.add(player, value)
        self.events.append(Post(line=self._lineno(tok), player=player, post=PostType.BRING_IN, amount=value,
                                all_in=self._all_in(player)))
        return tok

    def COMPLETE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"completes to $0.05.": the bring-in raised to a full small bet, the one amount written as a total."""
        f = self._f(tok, fields)
        player, to = f["player"] or "", _money(f["amount"])
        by = self.bets.raise_to(player, to)
        self.events.append(Raise(line=self._lineno(tok), player=player, by=by, to=to, all_in=self._all_in(player)))
        return tok

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.events.append(deal_hole(self.holes, f["player"] or "", _cards(f["cards"]), self._lineno(tok)))
        return tok

    def DEAL_DOWN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        street = Street.THIRD if self._stud() else Street.PREFLOP
        self.events.append(StreetStart(line=self._lineno(tok), street=street))
        return tok

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        name = (f["street"] or "").lower()
        street = Street.SEVENTH if name == "river" and self._stud() else self.streets[name]
        self.bets.new_street()
        self.events.append(StreetStart(line=self._lineno(tok), street=street, cards=_cards(f["new"])))
        return tok

    # -- actions: the chips each line adds
    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Fold(line=line, player=f["player"] or ""))

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, more = f["player"] or "", _money(f["amount"])
        self.bets.add(player, more)
        self.events.append(Call(line=self._lineno(tok), player=player, amount=more, all_in=self._all_in(player)))
        return tok

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, more = f["player"] or "", _money(f["amount"])
        self.bets.add(player, more)
        self.events.append(Bet(line=self._lineno(tok), player=player, amount=more, all_in=self._all_in(player)))
        return tok

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"raises [$ 1.80 USD]": 1.80 more on the player's bet; a raise to that total (or, all-in for less than
        the bet to call, a call)."""
        f = self._f(tok, fields)
        player, more = f["player"] or "", _money(f["amount"])
        to = self.bets.bets.get(player, Decimal(0)) + more
        line = self._lineno(tok)
        if to <= self.bets.level:  # chips that do not pass the bet: an all-in call, as the room writes it
            self.bets.add(player, more)
            self.events.append(Call(line=line, player=player, amount=more, all_in=self._all_in(player)))
            return tok
        by = self.bets.raise_to(player, to)
        self.events.append(Raise(line=line, player=player, by=by, to=to, all_in=self._all_in(player)))
        return tok

    # -- showdown and the pots
    def SHOWS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player = f["player"] or ""
        shown = _cards(f["cards"])
        self.events.append(Show(line=self._lineno(tok), player=player, cards=shown,
                                description=(f["description"] or "").strip()))
        return tok

    def NO_SHOW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"does not show cards": an uncontested winner's, or at the showdown a muck."""
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or "", announced=False))

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"wins $ 0.25 USD from main pot", "wins  low ($0.05) from main pot": the pot less any uncalled bet."""
        f = self._f(tok, fields)
        self.events.append(Collect(line=self._lineno(tok), player=f["player"] or "", amount=_money(f["amount"]),
                                   pot=f["pot"] or "main pot"))
        return tok

    def WIN_CONTINUED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # the end of a hand's description, which the client wrote on a line of its own

    # -- lines that may come anywhere
    def STATUS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        text = f["status"] or ""
        status = next(s for prefix, s in _STATUSES if text.startswith(prefix))
        self.events.append(StatusChange(line=self._lineno(tok), player=f["player"] or "", status=status))
        return tok

    # -- the hand
    def build(self, file: str, first_line: int) -> Hand:
        hand = super().build(file, first_line)
        if hand.tournament is None and hand.currency == "CHIPS":  # a sit & go's chips: no tournament line
            hand = hand.model_copy(update={"tournament": Tournament(id="")})
        # The seat lines list everyone seated, dealt in or not, and the room writes a line for every player dealt
        # in (a blind, an ante, a fold at the least): a seated player without one was not dealt in (in a
        # tournament too, where a player sitting out is dealt in and folded by the room, in a line).
        present = {e.player for e in hand.events if isinstance(e, _IN_HAND)}
        seats = [s if s.player in present else s.model_copy(update={"out_of_hand": True}) for s in hand.seats]
        seats = seats_sitting_out(seats, list(hand.events))
        return hand.model_copy(update={"seats": tuple(seats)})

    def site_name(self) -> str:
        return "Everleaf"

    def home_game(self) -> str | None:
        return None

    def currency(self, tournament: bool) -> str:
        """The stakes' currency sign; stakes without one are tournament chips."""
        return "CHIPS" if tournament else currency_of(self.stakes_text) or "CHIPS"


class EverleafFormat(TextSiteFormat):
    """The Everleaf reader (and its skins'), registered as ``everleaf``."""

    name = "everleaf"
    site = "Everleaf"
    grammar = "everleaf"
    builder = EverleafBuilder
    head = headers.EVERLEAF
    summary_marker: str | None = None
    peek_pattern = re.compile(
        r"Game #(?P<id>[0-9]+).*?(?P<structure>NL|PL|FL|)\s?(?P<game>Hold'em|Omaha Hi/Lo|Omaha|7 Card Stud Hi/Lo|"
        r"7 Card Stud|Razz)",
        re.DOTALL,
    )
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Everleaf Gaming Game #…')",
        "GAME_NO": "'***** Hand history for game #… *****'",
        "TOURNAMENT": "'Tournament #… - Level …'",
        "STAKES": "the stakes line ('Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:15')",
        "TABLE": "the table line ('Table …')",
        "BUTTON": "'Seat N is the button'",
        "PLAYER_COUNT": "'Total number of players: N'",
        "SEAT": "a seat line ('Seat 1: P (  $ 5 USD )')",
        "POST": "a forced bet ('P: posts small blind [$ 0.05 USD]')",
        "BRING_IN": "a bring-in ('P posts bring-in $0.02.')",
        "COMPLETE": "a completion ('P completes to $0.05.')",
        "DEALT": "a deal ('Dealt to P [ Qd, 7c ]')",
        "DEAL_DOWN": "'** Dealing down cards **'",
        "STREET": "a street ('** Dealing Flop ** [ 8s, 9h, 3s ]')",
        "CALL": "a call ('P calls [$ 0.10 USD]')",
        "BET": "a bet ('P: bets [$ 0.40 USD]')",
        "RAISE": "a raise ('P raises [$ 0.35 USD]')",
        "SHOWS": "'P shows [ 9c, Ac ] …'",
        "NO_SHOW": "'P does not show cards'",
        "COLLECT": "'P wins $ 0.25 USD from main pot'",
    }


register(EverleafFormat())
