"""PKR text hand histories (2008-2012): ``grammars/pkr.lark`` plus the room's own quirks, on the shared builder
(``added.AddedCallsBuilder``: each street's bets followed, all-ins from the stacks as well as the log's marker).

What is PKR's own:

* a header block of lines: ``Table #15200183 - Hapuna Beach 2``, ``Starting Hand #746382000``, ``Start time of
  hand: 30 Mar 2009 21:00:00`` (no time zone: the UTC time is unknown), ``Game Type: HOLD'EM``, ``Limit Type: NO
  LIMIT``, ``Blinds are now $0.02/$0.04``, ``Button is at seat 5`` then ``Moving Button to seat 1``: the button
  of this hand is the seat it moves to;
* every amount is the player's total bet on the street: ``calls $0.16`` over one's own bet of 0.08 puts 0.08 more
  in (the small blind "calls $0.04" to complete a $0.02 blind; an all-in ``calls $1.27 (all-in)`` is the
  player's whole stack at the street's start); ``raises to $0.72``;
* ``Hero posts $0.04``: a player new to the table posts the big blind, with no name for it;
* ``Returning $0.13 to P uncalled``, ``Taking Rake of $0.40 from pot 1`` (the rake stated; the total pot is not:
  the engine computes it and says so), ``P wins $3.66 with: Straight, 5 high``; the seats listed again after the
  hand with their stacks;
* the 2013 layout: ``Blinds are now $0.25 / $0.50``, ``Shuffling Deck`` before ``Moving Button to seat 6``,
  ``Dealing Flop [2 c][4 c][Q h]`` (a card a bracket), ``Pot sizes: $54`` after each street, ``P doesn't show``,
  ``End of Hand #…``, and no line for a bet nobody called: it goes back at the first line after the betting.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from handlog.events import (
    Call,
    Collect,
    Game,
    Hand,
    Muck,
    Notice,
    Post,
    PostType,
    SeatResult,
    StackAfter,
    Stakes,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
)
from handlog.formats.added import AddedCallsBuilder, comma_cards
from handlog.formats.grammar import Fields
from handlog.formats.text import amount, currency_of
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.formats.unknown import unknown_line
from handlog.reading.registry import register

_POSTS = {"small blind": PostType.SMALL_BLIND, "big blind": PostType.BIG_BLIND, "ante": PostType.ANTE}


_CARD_APART = re.compile(r"\b(10|[2-9TJQKA]) ([cdhs])\b")


def _board(text: str) -> tuple[str, ...]:
    """``[9s Ac 5s]``; 2013: ``[2 c][4 c][Q h]``, a card a bracket with its rank and suit apart."""
    inner = " ".join(part for part in re.findall(r"\[([^\]]*)\]", text))
    return comma_cards(_CARD_APART.sub(lambda m: m.group(1).replace("10", "T") + m.group(2), inner))


_HAND_WORDS = re.compile(r"\b(?:high|pairs?|kind|straight|flush|full house|royal)\b", re.IGNORECASE)
"""The words of a hand's name ("Straight, 5 high", "Two pair, Aces and Kings", "Full house …")."""

class PkrBuilder(AddedCallsBuilder):
    """PKR's header block and totals-per-street amounts on the bookkeeping of amounts added."""

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.returned: dict[str, Decimal] = {}
        self.after: list[tuple[int, str, Decimal, int]] = []

    games: ClassVar[dict[str, Game]] = {"hold'em": Game.HOLDEM, "omaha": Game.OMAHA, "omaha hi/lo": Game.OMAHA_HI_LO}
    structures: ClassVar[dict[str, Structure]] = {
        "no limit": Structure.NO_LIMIT, "pot limit": Structure.POT_LIMIT, "fixed limit": Structure.FIXED_LIMIT,
        "limit": Structure.FIXED_LIMIT,
    }
    streets: ClassVar[dict[str, Street]] = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}

    # -- header and seats
    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.table = {**self.table, "table": (self._f(tok, fields)["table"] or "").strip()}
        return tok

    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header = {**self.header, "hand_id": self._f(tok, fields)["hand_id"]}
        return tok

    def START_TIME(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header = {**self.header, "time": self._f(tok, fields)["time"]}
        return tok

    def LAST_HAND(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok

    def GAME(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header = {**self.header, "game": self._f(tok, fields)["game"]}
        return tok

    def LIMIT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header = {**self.header, "structure": (self._f(tok, fields)["structure"] or "").lower()}
        return tok

    def TABLE_TYPE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok

    def MONEY(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.table = {**self.table, "money": self._f(tok, fields)["money"]}
        return tok

    def BLINDS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.stakes_text = f"{f['stakes'] or ''}/{f['big'] or ''}"
        self.stakes = self.stakes_of(self.stakes_text, None)
        return tok

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        """The blinds ("$0.02/$0.04"); in fixed limit the bets are the big blind and twice it."""
        small, _, big = text.partition("/")
        if (self.header.get("structure") or "") in ("fixed limit", "limit"):
            return Stakes(small=amount(big), big=amount(big) * 2)
        return Stakes(small=amount(small), big=amount(big))

    def _big_blind(self) -> Decimal:
        return amount(self.stakes_text.partition("/")[2])

    def MOVE_BUTTON(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self.BUTTON(tok, fields)  # the button of this hand

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return super().SEAT(tok, {**self._f(tok, fields), "dealer": None})

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"posts small blind ($0.02)"; "posts $0.04", a new player's post: the big blind (any more is dead)."""
        f = self._f(tok, fields)
        name = f["post"]
        if name is not None:
            return super().POST(tok, {**f, "post": name})
        player, value = f["player"] or "", amount(f["amount_2"] or "")
        dead = max(Decimal(0), value - self._big_blind())
        kind = PostType.BOTH_BLINDS if dead else PostType.BIG_BLIND
        self.bets.dead(player, dead)
        self.bets.add(player, value - dead)
        self.events.append(Post(line=self._lineno(tok), player=player, post=kind, amount=value, dead=dead,
                                all_in=self._all_in(player)))
        return tok

    def SHUFFLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok

    def DEALING(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.events.append(StreetStart(line=self._lineno(tok), street=Street.PREFLOP))
        return tok

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.bets.new_street()
        self.events.append(StreetStart(line=self._lineno(tok), street=self.streets[(f["street"] or "").lower()],
                                       cards=_board(f["new"] or "")))
        return tok

    # -- actions: each amount the player's total on the street
    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"calls $0.16": to a total of 0.16, the chips added are the rest."""
        f = self._f(tok, fields)
        player, to = f["player"] or "", amount(f["amount"] or "")
        more = to - self.bets.bets.get(player, Decimal(0))
        self.bets.add(player, more)
        self.events.append(Call(line=self._lineno(tok), player=player, amount=more,
                                all_in=bool(f["all_in"]) or self._all_in(player)))
        return tok

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        to = amount(f["amount"] or "")
        return super().BET(tok, {**f, "amount": str(to - self.bets.bets.get(f["player"] or "", Decimal(0)))})

    # -- money and showdown
    def UNCALLED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, back = f["player"] or "", amount(f["amount"] or "")
        self.returned[player] = self.returned.get(player, Decimal(0)) + back
        self.events.append(UncalledBet(line=self._lineno(tok), player=player, amount=back))
        return tok

    def MUCKS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or ""))

    def _unmatched_back(self, line: int) -> None:
        """2013 writes no ``Returning … uncalled``: at the first line after the betting (the rake, a win), the last
        bet nobody matched goes back to its owner, said in a notice (bigbraine777's all-in raise to 42.48 over a
        bet of 13.50: 28.98 back, his stack after the hand says so)."""
        if self.returned or any(isinstance(e, (UncalledBet, Collect)) for e in self.events):
            return
        ranked = sorted(self.bets.bets.items(), key=lambda kv: kv[1], reverse=True) + [("", Decimal(0))] * 2
        (owner, top), (_, second) = ranked[0], ranked[1]
        if top > second and owner:
            self.returned[owner] = top - second
            self.events.append(UncalledBet(line=line, player=owner, amount=top - second))
            self.events.append(Notice(line=line, player=owner, text=f"uncalled {top - second} returned to {owner}"
                                      " (no line says so)"))

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._unmatched_back(self._lineno(tok))
        return super().COLLECT(tok, fields)

    def RAKE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._unmatched_back(self._lineno(tok))
        f = self._f(tok, fields)
        s = self.summary
        s.rake = (s.rake or Decimal(0)) + amount(f["rake"] or "")
        s.pot_line = s.pot_line or self._lineno(tok)
        return tok

    def HAS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"Player3 has Straight, 5 high": the shown hand in words, said again in the "wins … with:" line. A line
        of that loose form that names no hand ("Player3 has timed out") is a line the reader does not know, kept
        (docs/unknown-lines.md), not passed over."""
        f = self._f(tok, fields)
        if _HAND_WORDS.search(f["description"] or ""):
            return tok
        text = f"{f['player']} has {f['description']}"
        self.events.append(unknown_line(self._lineno(tok), text, (s.player for s in self.seats)))
        return tok

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"Seat 2: Player2 - $5.08": the stack after the hand, kept until the hand is read (``build``)."""
        f = self._f(tok, fields)
        self.summary_line = self.summary_line or self._lineno(tok)
        self.after.append((int(f["seat"] or 0), f["player"] or "", amount(f["stack"] or ""), self._lineno(tok)))
        return tok

    def _seat_results(self) -> None:
        """What each player won by the room's stacks: the stack after the hand, less the stack before, plus what
        the player put in and did not get back. The replay's collects must agree (``summary-won``), so the
        stacks after the hand are an oracle of their own."""
        before = {s.player: s.stack for s in self.seats}
        for seat, player, stack, line in self.after:
            put = self.bets.total(player) - self.returned.get(player, Decimal(0))
            won = stack - before.get(player, Decimal(0)) + put
            self.summary.seats.append(SeatResult(seat=seat, player=player, text=f"- {stack}",
                                                 won=(won,) if won else (), line=line))
            self.summary.stacks_after.append(StackAfter(player=player, stack=stack, line=line))

    def END(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok

    # -- the hand
    def build(self, file: str, first_line: int) -> Hand:
        self._seat_results()
        return super().build(file, first_line)

    def time_utc(self, time_local: str, time_second: str | None) -> None:
        return None  # the log names no time zone

    def site_name(self) -> str:
        return "PKR"

    def currency(self, tournament: bool) -> str:
        if tournament:
            return "CHIPS"
        if self.table.get("money") != "REAL MONEY":
            return "PLAY"
        return currency_of(self.stakes_text) or "USD"


class PkrFormat(TextSiteFormat):
    """The PKR reader, registered as ``pkr``."""

    name = "pkr"
    site = "PKR"
    grammar = "pkr"
    builder = PkrBuilder
    # the hand starts with its table line, the next line names the hand
    summary_marker: str | None = None
    peek_id = None  # the first line's "Table #15200183" numbers the table; the grammar reads the hand's id
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "TABLE": "the table line ('Table #15200183 - Hapuna Beach 2')",
        "HEADER": "'Starting Hand #…'",
        "START_TIME": "'Start time of hand: 30 Mar 2009 21:00:00'",
        "GAME": "'Game Type: HOLD'EM'",
        "LIMIT": "'Limit Type: NO LIMIT'",
        "TABLE_TYPE": "'Table Type: RING'",
        "MONEY": "'Money Type: REAL MONEY'",
        "BLINDS": "'Blinds are now $0.02/$0.04'",
        "BUTTON": "'Button is at seat N'",
        "MOVE_BUTTON": "'Moving Button to seat N'",
        "SEAT": "a seat line ('Seat 1: P - $0.23')",
        "POST": "a forced bet ('P posts small blind ($0.02)')",
        "DEALING": "'Dealing Cards'",
        "DEALT": "a deal ('Dealing [Ad 8h] to P')",
        "STREET": "a street ('Dealing Flop [9s Ac 5s]')",
        "CALL": "a call ('P calls $0.16', the player's total)",
        "RAISE": "a raise ('P raises to $0.72')",
        "UNCALLED": "'Returning $0.13 to P uncalled'",
        "RAKE": "'Taking Rake of $0.40 from pot 1'",
        "COLLECT": "'P wins $3.66 with: …'",
        "SUMMARY_SEAT": "a seat after the hand ('Seat 2: P - $5.08')",
        "END": "'End Of Hand #…'",
    }


register(PkrFormat())
