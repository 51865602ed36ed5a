"""Builders for the rooms that print the chips an action *adds* (not the player's total for the round): Everleaf
and its skins, Cake, OnGame, PKR. Shared machinery, not a room: each room's module subclasses one of these, never
another room's builder.

``AddedChipsBuilder``: every amount is the chips the line adds ("raises [$ 0.35 USD]" puts 0.35 more in, a raise
to the player's bet plus 0.35; ``text.StreetBets`` keeps each bet on the street); stud's "completes to $0.05." is
the one total. No line says all-in: a player whose chips run out is all-in, which the builder knows from the
seat's stack. The seat lines list everyone seated, and a seated player with no line in the hand was not dealt in.

``AddedCallsBuilder``: calls and bets are the chips they add, a raise its total ("raises to $0.08"); "P: is all in
$0.07" is the player's last chips, a bet, a call or a raise by what they come to; no line starts the deal (the
first line after the blinds does); a loser's "mucks", repeated after the wins with the cards, is one muck; cards
may be written "[7c,5h]" as well as "[7h 5c]".
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from handlog.events import (
    STUD_GAMES,
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
    Stakes,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    Tournament,
)
from handlog.formats.grammar import Fields
from handlog.formats.text import StreetBets, amount, cards, deal_hole, seats_sitting_out
from handlog.formats.textsite import TextHandBuilder, Tok

_POSTS = {"small blind": PostType.SMALL_BLIND, "big blind": PostType.BIG_BLIND, "ante": PostType.ANTE}
_DEAD_BLIND_POSTS = {**_POSTS, "dead blind": PostType.BOTH_BLINDS}

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



def money(text: str | None) -> Decimal:
    """"$ 0.35", "€1", "1,000" → the amount (the client puts a blank after the currency sign)."""
    return amount((text or "").replace(" ", ""))


def comma_cards(text: str | None) -> tuple[str, ...]:
    """``"Qd, 7c"``, ``"7c,5h"`` or ``"7h 5c"`` → ``("Qd", "7c")`` …"""
    return cards((text or "").replace(",", " "))


class AddedChipsBuilder(TextHandBuilder):
    """Every amount the chips added, turned into bets and raises to totals; all-ins from the stacks."""

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
        return self.games.get((self.header.get("game") or "").lower()) in STUD_GAMES

    def _all_in(self, player: str) -> bool:
        """The player has no chips left behind (the room writes no all-in: the stack says it)."""
        stack = self.stacks.get(player)
        return stack is not None and self.bets.total(player) >= stack

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
        stack = money(f["amount"]) if f["amount"] else Decimal(0)
        self.stacks[player] = stack
        out = bool(f["new"] or f["all_in"]) or stack == 0
        self.seats.append(Seat(seat=int(f["seat"] or 0), player=player, stack=stack, out_of_hand=out,
                               line=self._lineno(tok)))
        return tok

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value, kind = f["player"] or "", money(f["amount"]), _POSTS[f["post"] or ""]
        if kind is PostType.ANTE:
            self.bets.dead(player, value)
        else:
            self.bets.add(player, value)
        self.events.append(Post(line=self._lineno(tok), player=player, post=kind, amount=value,
                                all_in=self._all_in(player)))
        return tok

    def BRING_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", money(f["amount"])
        self.bets.add(player, value)
        self.events.append(Post(line=self._lineno(tok), player=player, post=PostType.BRING_IN, amount=value,
                                all_in=self._all_in(player)))
        return tok

    def COMPLETE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"completes to $0.05.": the bring-in raised to a full small bet, the one amount written as a total."""
        f = self._f(tok, fields)
        player, to = f["player"] or "", money(f["amount"])
        by = self.bets.raise_to(player, to)
        self.events.append(Raise(line=self._lineno(tok), player=player, by=by, to=to, all_in=self._all_in(player)))
        return tok

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.events.append(deal_hole(self.holes, f["player"] or "", comma_cards(f["cards"]), self._lineno(tok)))
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
        self.events.append(StreetStart(line=self._lineno(tok), street=street, cards=comma_cards(f["new"])))
        return tok

    # -- actions: the chips each line adds
    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Fold(line=line, player=f["player"] or ""))

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, more = f["player"] or "", money(f["amount"])
        self.bets.add(player, more)
        self.events.append(Call(line=self._lineno(tok), player=player, amount=more, all_in=self._all_in(player)))
        return tok

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, more = f["player"] or "", money(f["amount"])
        self.bets.add(player, more)
        self.events.append(Bet(line=self._lineno(tok), player=player, amount=more, all_in=self._all_in(player)))
        return tok

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"raises [$ 1.80 USD]": 1.80 more on the player's bet; a raise to that total (or, all-in for less than
        the bet to call, a call)."""
        f = self._f(tok, fields)
        player, more = f["player"] or "", money(f["amount"])
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
        shown = comma_cards(f["cards"])
        self.events.append(Show(line=self._lineno(tok), player=player, cards=shown,
                                description=(f["description"] or "").strip()))
        return tok

    def NO_SHOW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"does not show cards": an uncontested winner's, or at the showdown a muck."""
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or "", announced=False))

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"wins $ 0.25 USD from main pot", "wins  low ($0.05) from main pot": the pot less any uncalled bet."""
        f = self._f(tok, fields)
        self.events.append(Collect(line=self._lineno(tok), player=f["player"] or "", amount=money(f["amount"]),
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

    def home_game(self) -> str | None:
        return None


class AddedCallsBuilder(AddedChipsBuilder):
    """Calls and bets as the chips added, raises to a total, "is all in" by what it comes to, the deal begun by the
    first line after the blinds."""

    games: ClassVar[dict[str, Game]] = {"hold'em": Game.HOLDEM, "omaha": Game.OMAHA, "omaha hi/lo": Game.OMAHA_HI_LO}

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
        player, value, kind = f["player"] or "", amount(f["amount"] or ""), _DEAD_BLIND_POSTS[f["post"] or ""]
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

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self._deal_begins(tok)
        deal: DealHole = deal_hole(self.holes, f["player"] or "", comma_cards(f["cards"]), self._lineno(tok))
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
        self.events.append(Show(line=self._lineno(tok), player=f["player"] or "", cards=comma_cards(f["cards"]),
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

