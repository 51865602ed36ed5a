"""Entraction text hand histories (2012): ``grammars/entraction.lark`` and the room's quirks.

What Entraction writes:

* ``Game # 2645975604 - Texas Hold'em No Limit EUR 0.50/1.00 - Table "Aguilas"``: the game (Texas Hold'em, Omaha
  High, Omaha Hi/Lo, 5-Card Omaha High, 5-Card Omaha Hi/Lo), the structure, the
  currency and the stakes (the blinds; in fixed limit the small and big bets, ``EUR 15.00/30.00`` with blinds of
  7.50 and 15), then ``Players(max 6):`` and one line a seat, ``GrossoGatto   (EUR 100.00 in seat 4)``;
* ``Dealer: P`` names the button by its player; ``Small Blind: P (0.50)`` and ``Big Blind: P (1.00)`` (heads-up
  the big blind may come first);
* no line starts the deal; the streets write the whole board (``Turn  4h - 7h - 6c - 8h``);
* every amount in brackets is the chips the line adds: ``Raise (14.50)`` after a bet of 4 is a raise to 14.50
  from nothing, ``Call (2.00)`` from the big blind is a call to 3; ``All-In (2,075.00)`` is the player's last
  chips, a bet, call or raise by what they come to; ``Payback (10.50)``: the uncalled part of a bet, returned;
* no summary: each winner's ``P wins: EUR 13.30`` (twice for a hi/lo pot won both ways), the rake (``Rake: EUR
  0.70``), then ``Game ended 2012-05-30 15:49:35 GMT+01:00``, the hand's END in local time with its offset (the
  only time the log gives; ``Hand.time_utc`` is that end).

The room states the rake and each win, but no total pot: the audit computes the pot from the bets and says so in
its notes, and holds the wins and the stated rake to it. ``Ballyhoo didn't show hand (Jd - Qh - 6s - Ac)``: a
loser's cards the log owner saw (their own): kept in a notice.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import ClassVar

from handlog.events import (
    Bet,
    Call,
    Collect,
    Fold,
    Game,
    Muck,
    Notice,
    Post,
    PostType,
    Raise,
    Seat,
    Show,
    Stakes,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
)
from handlog.formats.grammar import Fields
from handlog.formats.text import StreetBets, amount, cards
from handlog.formats.textsite import DESCRIPTIONS, TextHandBuilder, TextSiteFormat, Tok
from handlog.reading.registry import register

ZERO = Decimal(0)


def dashed_cards(text: str | None) -> tuple[str, ...]:
    """``"9d - 5d - Ad - 6h"`` → ``("9d", "5d", "Ad", "6h")``."""
    return cards((text or "").replace(" - ", " "))


class EntractionBuilder(TextHandBuilder):
    """Entraction's lines: amounts added, the deal begun by the first action, results without a summary."""

    games: ClassVar[dict[str, Game]] = {
        "texas hold'em": Game.HOLDEM, "omaha high": Game.OMAHA, "omaha": Game.OMAHA, "omaha hi/lo": Game.OMAHA_HI_LO,
        "5-card omaha high": Game.FIVE_CARD_OMAHA, "5-card omaha hi/lo": Game.FIVE_CARD_OMAHA_HI_LO,
    }
    structures: ClassVar[dict[str, Structure]] = {
        "no limit": Structure.NO_LIMIT, "pot limit": Structure.POT_LIMIT, "fixed limit": Structure.FIXED_LIMIT,
    }
    streets: ClassVar[dict[str, Street]] = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
    _posts: ClassVar[dict[str, PostType]] = {"Small Blind": PostType.SMALL_BLIND, "Big Blind": PostType.BIG_BLIND}

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.street = StreetBets()

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.header = {"hand_id": f["hand_id"], "game": f["game"], "structure": f["structure"]}
        self.table = {"table": f["table"]}
        self.stakes_text = f["stakes"] or ""
        self.stakes = self.stakes_of(self.stakes_text, None)
        return tok

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        """"EUR 0.50/1.00": the blinds; in fixed limit the small and big bets."""
        small, _, big = text.split(" ")[-1].partition("/")
        return Stakes(small=amount(small), big=amount(big))

    def PLAYERS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.table = {**self.table, "max_seats": self._f(tok, fields)["max_seats"]}
        return tok

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.seats.append(Seat(seat=int(f["seat"] or 0), player=(f["player"] or "").strip(),
                               stack=amount(f["amount"] or ""), line=self._lineno(tok)))
        return tok

    def DEALER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        player = (self._f(tok, fields)["player"] or "").strip()
        seat = next((s.seat for s in self.seats if s.player == player), None)
        if seat is not None:
            self.table = {**self.table, "button": str(seat)}
        return tok

    # -- blinds and streets
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = (f["player"] or "").strip(), amount(f["amount"] or "")
        self.street.add(player, value)
        self.events.append(Post(line=self._lineno(tok), player=player, post=self._posts[f["post"] or ""],
                                amount=value, all_in=self._all_in(player)))
        return tok

    def _all_in(self, player: str) -> bool:
        seat = next((s for s in self.seats if s.player == player), None)
        return seat is not None and self.street.total(player) >= seat.stack

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self._deal_begins(tok)
        board = dashed_cards(f["board"])
        before = self.board_dealt
        new = board[len(before):] if board[: len(before)] == before else board
        self.board_dealt = board
        self.street.new_street()
        self.events.append(StreetStart(line=self._lineno(tok), street=self.streets[f["street"] or ""], cards=new,
                                       board=before))
        return tok

    # -- actions: every amount is the chips the line adds
    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._deal_begins(tok)
        self.events.append(Fold(line=self._lineno(tok), player=(self._f(tok, fields)["player"] or "").strip()))
        return tok

    def CHECK(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._deal_begins(tok)
        return super().CHECK(tok, {**self._f(tok, fields), "player": (self._f(tok, fields)["player"] or "").strip()})

    def _put(self, tok: Tok, fields: Fields | None, all_in: bool) -> Tok:
        """Chips added: a bet when nobody has bet, a call when they do not pass the bet, else a raise to the
        player's bet plus them."""
        f = self._f(tok, fields)
        self._deal_begins(tok)
        player, more, line = (f["player"] or "").strip(), amount(f["amount"] or ""), self._lineno(tok)
        level = self.street.level
        to = self.street.bets.get(player, ZERO) + more
        if level == 0:
            self.street.add(player, more)
            self.events.append(Bet(line=line, player=player, amount=more, all_in=all_in or self._all_in(player)))
        elif to <= level:
            self.street.add(player, more)
            self.events.append(Call(line=line, player=player, amount=more, all_in=all_in or self._all_in(player)))
        else:
            by = self.street.raise_to(player, to)
            self.events.append(Raise(line=line, player=player, by=by, to=to, all_in=all_in or self._all_in(player)))
        return tok

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._put(tok, fields, False)

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._put(tok, fields, False)

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._put(tok, fields, False)

    def ALL_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._put(tok, fields, True)

    def PAYBACK(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, back = (f["player"] or "").strip(), amount(f["amount"] or "")
        self.street.bets[player] = self.street.bets.get(player, ZERO) - back
        self.events.append(UncalledBet(line=self._lineno(tok), player=player, amount=back))
        return tok

    # -- showdown and results
    def SHOWS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.events.append(Show(line=self._lineno(tok), player=(f["player"] or "").strip(),
                                cards=dashed_cards(f["cards"])))
        return tok

    def NO_SHOW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, line = (f["player"] or "").strip(), self._lineno(tok)
        self.events.append(Muck(line=line, player=player, announced=False))
        if f["cards"]:
            held = " ".join(dashed_cards(f["cards"]))
            self.events.append(Notice(line=line, player=player, text=f"{player} did not show [{held}]"))
        return tok

    def WINS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self._lineno(tok)
        self.summary_line = self.summary_line or line
        self.events.append(Collect(line=line, player=(f["player"] or "").strip(), amount=amount(f["amount"] or "")))
        return tok

    def RAKE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        line = self._lineno(tok)
        self.summary_line = self.summary_line or line
        self.summary.rake = amount(self._f(tok, fields)["rake"] or "")
        self.summary.pot_line = line
        return tok

    def ENDED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header = {**self.header, "time": self._f(tok, fields)["time"]}
        return tok

    # -- the hand
    def time_utc(self, time_local: str, time_second: str | None) -> datetime | None:
        """"2012-05-30 15:49:35 GMT+01:00": the hand's end, with its offset from UTC."""
        try:
            return datetime.strptime(time_local, "%Y-%m-%d %H:%M:%S GMT%z").astimezone(UTC)
        except ValueError:
            return None

    def currency(self, tournament: bool) -> str:
        """The header's ISO code ("EUR 0.50/1.00"); stakes written without one are play money."""
        code = self.stakes_text.split(" ")[0]
        return code if code.isalpha() else "PLAY"


class EntractionFormat(TextSiteFormat):
    """The Entraction reader, registered as ``entraction``."""

    name = "entraction"
    site = "Entraction"
    grammar = "entraction"
    builder = EntractionBuilder
    summary_marker: str | None = None
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Game # 2645975604 - Texas Hold'em No Limit EUR 0.50/1.00 - Table \"Aguilas\"')",
        "PLAYERS": "'Players(max 6):'",
        "SEAT": "a seat line ('P   (EUR 100.00 in seat 4)')",
        "DEALER": "'Dealer:   P'",
        "POST": "a blind ('Small Blind:   P   (0.50)')",
        "STREET": "a street ('Flop   6d - 8d - 9h')",
        "RAISE": "a raise ('P   Raise   (2.50)')",
        "ALL_IN": "an all-in ('P   All-In   (2,075.00)')",
        "PAYBACK": "an uncalled bet returned ('P   Payback   (10.50)')",
        "SHOWS": "'P shows:   9d - 5d - Ad - 6h'",
        "NO_SHOW": "'P didn't show hand'",
        "WINS": "'P wins:   EUR 13.30'",
        "RAKE": "'Rake:   EUR 0.70'",
        "ENDED": "'Game ended 2012-05-30 15:49:35 GMT+01:00'",
    }


register(EntractionFormat())
