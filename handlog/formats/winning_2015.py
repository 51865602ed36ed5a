"""Winning Poker Network's layout of 2015-2018 (``grammars/winning_2015.lark``, its own grammar): a ledger more than
a log, read by ``WinningLedgerBuilder``. The layout of 2019 and later, and what both layouts share (the table's
structures, the total pot net of rake and jackpot fee), are in ``winning``.
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
    Notice,
    PlayerStatus,
    Post,
    PostType,
    Raise,
    SeatResult,
    StatusChange,
    Street,
    StreetStart,
    Structure,
)
from handlog.formats.grammar import Fields
from handlog.formats.text import (
    StreetBets,
    amount,
    cards,
    seats_sitting_out,
)
from handlog.formats.textsite import DESCRIPTIONS, TextHandBuilder, TextSiteFormat, Tok, passes_over
from handlog.formats.winning import STRUCTURES, net_total_pot
from handlog.reading.registry import register

ZERO = Decimal(0)

LEDGER_GAMES = {
    "hold'em": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hilow": Game.OMAHA_HI_LO,
    "seven cards stud": Game.SEVEN_CARD_STUD,
    "seven cards stud hilow": Game.SEVEN_CARD_STUD_HI_LO,
}
LEDGER_POSTS = {
    "has small blind": PostType.SMALL_BLIND,
    "has big blind": PostType.BIG_BLIND,
    "posts": PostType.BIG_BLIND,
    "ante": PostType.ANTE,
    "posts ante": PostType.ANTE,
    "straddle": PostType.STRADDLE,
}
# Winning names the stud streets by the betting rounds after the first: its "Third street" deals the fourth card.
LEDGER_STREETS = {
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "Third street": Street.FOURTH,
    "Fourth street": Street.FIFTH,
    "Fifth street": Street.SIXTH,
    "Sixth street": Street.SEVENTH,
    "Seventh street": Street.SEVENTH,
}
LEDGER_STATUSES = {
    "sitting out": PlayerStatus.SITS_OUT,
    "is timed out.": PlayerStatus.TIMED_OUT,
    "wait BB": PlayerStatus.WAITS_FOR_BUTTON,
}
_TABLE_OF_TOURNAMENT = re.compile(r", Table [0-9]+$")
_MAX = re.compile(r"(?P<max>[0-9]+)-Max|(?P<heads_up>Heads-up)", re.IGNORECASE)


def _tens(text: str | None) -> str:
    """Cards as Winning's 2015-2018 logs write them, a ten as "10" ("[10c 6c]"), in the usual notation."""
    return (text or "").replace("10", "T")


def _cards(text: str | None) -> tuple[str, ...]:
    return cards(_tens(text))


class WinningLedgerBuilder(TextHandBuilder):
    """Winning's layout of 2015-2018, a ledger more than a log:

    * two header lines, ``Game started at: 2015/4/28 1:1:3`` (local time, no zone) and ``Game ID: 406051551 5/10
      Mauilite (PRR) - CAP - 6-Max - 3 (Omaha)``, which name no betting structure: fixed limit when the big blind
      is the small bet (and for stud), pot limit for Omaha, no limit for Hold'em (what the tables were);
      tournaments are the tables named ``…, Table 1`` (and the ones named nothing); play money ``PM …``;
    * every amount is the chips the action puts in: ``raises (90)``, ``calls (190)``, ``caps (253.88)``, ``allin
      (204.93)`` (a bet, a call or a raise, by what it reaches);
    * no mark where the deal starts: the first dealt card opens the first betting round; the hole cards one a
      line (``received card: [10c]``: a ten), gathered into one deal;
    * no collect lines and no showdown: the summary's ledger (``*Player P shows: … [Jd 7d Ad 5s]. Bets: 300.
      Collects: 612. Wins: 312.``) gives who collected what (the collects) and the cards shown;
    * ``Pot: 612. Rake 2.76. JP fee 0.24``: the pot net of rake and fee, as in the later layout.
    """

    games: ClassVar[dict[str, Game]] = LEDGER_GAMES
    structures: ClassVar[dict[str, Structure]] = STRUCTURES
    posts: ClassVar[dict[str, PostType]] = LEDGER_POSTS
    streets: ClassVar[dict[str, Street]] = LEDGER_STREETS

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.street = StreetBets()
        self.dealing = False
        self.dealt: set[str] = set()
        self.fee_stated = False
        self.ledger_bets = ZERO

    def _deal_starts(self, line: int) -> None:
        """The first card dealt opens the first betting round (stud's is third street)."""
        if not self.dealing:
            self.dealing = True
            stud = self.games.get((self.header.get("game") or "").lower()) in (
                Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO,
            )
            self.events.append(StreetStart(line=line, street=Street.THIRD if stud else Street.PREFLOP))

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header = dict(self._f(tok, fields))
        return tok

    def GAME_ID(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        table = (f["table"] or "").strip()
        self.header.update(hand_id=f["hand_id"], game=f["game"], table=table)
        self.stakes_text = f["stakes"] or ""
        self.stakes = self.stakes_of(self.stakes_text, None)
        seats = _MAX.search(table)
        self.table["table"] = table
        self.table["max_seats"] = ("2" if seats.group("heads_up") else seats.group("max")) if seats else None
        if not table or _TABLE_OF_TOURNAMENT.search(table):
            self.header.update(tournament=" ", buy_in=table.split(" ", 1)[0] if table else "", level=self.stakes_text)
        return tok

    # -- forced bets, deals, streets
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", amount(f["amount"] or "")
        if f["post"] == "bring in":
            self._deal_starts(self._lineno(tok))
            self.street.add(player, value)
            return super().BRINGS_IN(tok, {**f, "all_in": None})
        if f["dead"]:  # "posts (0.25) as a dead bet": a missed blind, dead money
            self.street.dead(player, value)
            return self._add(tok, f, lambda f, line: Post(
                line=line, player=player, post=PostType.DEAD_BLIND, amount=value))
        if f["post"] in ("ante", "posts ante"):
            self.street.dead(player, value)
        else:
            self.street.add(player, value)
        return super().POST(tok, {**f, "all_in": None})

    def DEALT_HIDDEN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.dealt.add(self._f(tok, fields)["player"] or "")
        self._deal_starts(self._lineno(tok))
        return tok

    def DEALT_CARD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """One card a line: the cards of one deal gather into one ``DealHole`` (at the first card's line)."""
        f = self._f(tok, fields)
        line = self._lineno(tok)
        self._deal_starts(line)
        player: str = f["player"] or ""
        self.dealt.add(player)
        dealt: tuple[str, ...] = _cards(f["card"])
        deals: list[tuple[int, DealHole]] = [
            (i, e) for i, e in enumerate(self.events) if isinstance(e, DealHole) and e.player == player
        ]
        held: tuple[str, ...] = deals[-1][1].cards if deals else ()  # stud: the earlier streets' cards too
        # the same deal goes on (past a line between its cards that moves nothing: docs/unknown-lines.md)
        if deals and all(passes_over(e) for e in self.events[deals[-1][0] + 1 :]):
            self.events[deals[-1][0]] = deals[-1][1].model_copy(update={"cards": (*held, *dealt)})
        else:
            self.events.append(DealHole(line=line, player=player, cards=(*held, *dealt)))
        return tok

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.street.new_street()
        self.dealing = True
        return super().STREET(tok, {**f, "run": None, "board": _tens(f["board"]), "new": _tens(f["new"])})

    # -- actions
    def ACTION(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """Every amount is the chips put in by this action; what it is follows from the bet it reaches."""
        f = self._f(tok, fields)
        line, player, action = self._lineno(tok), f["player"] or "", f["action"] or ""
        if action == "allin" and not self.dealing:
            # "Player P allin (0.24)" before any card is dealt: a blind the player's stack does not cover (the big
            # blind when the small one is posted), all-in
            posted = {e.post for e in self.events if isinstance(e, Post)}
            kind = PostType.BIG_BLIND if PostType.SMALL_BLIND in posted else PostType.SMALL_BLIND
            put = amount(f["amount"] or "0")
            self.street.add(player, put)
            self.events.append(Post(line=line, player=player, post=kind, amount=put, all_in=True))
            return tok
        self._deal_starts(line)
        if action == "folds":
            self.events.append(Fold(line=line, player=player))
            return tok
        if action == "checks":
            self.events.append(Check(line=line, player=player))
            return tok
        put = amount(f["amount"] or "0")
        all_in, capped = action == "allin", action in ("caps", "cap")
        to = self.street.bets.get(player, ZERO) + put
        if action == "calls" or (all_in and to <= self.street.level):
            self.street.add(player, put)
            self.events.append(Call(line=line, player=player, amount=put, all_in=all_in))
        elif self.street.level == 0:
            self.street.add(player, put)
            self.events.append(Bet(line=line, player=player, amount=put, all_in=all_in))
        else:
            by = self.street.raise_to(player, to)
            self.events.append(Raise(line=line, player=player, by=by, to=to, all_in=all_in, cap_reached=capped))
        return tok

    def STATUS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: StatusChange(
                line=line, player=f["player"] or "", status=LEDGER_STATUSES[f["status"] or ""]
            ),
        )

    # -- summary
    def TOTAL_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        net_total_pot(self, tok, f)
        self.fee_stated = bool(f["fee"])
        return tok

    def BOARD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        return super().BOARD(tok, {**f, "board": _tens(f["board"])})

    def _unnamed_fee(self) -> None:
        """``Pot: 14.95. Rake 0.80`` over a ledger whose bets add up to 16 (2014): the room took 0.25 more than the
        pot and the rake, a fee it does not name (the jackpot fee its later lines print as ``JP fee 0.24``), when it
        took a rake. The ledger's bets are the room's total; the difference is a fee outside the pot, with the rake."""
        s = self.summary
        if self.fee_stated or s.total is None or not s.rake or not self.ledger_bets:
            return
        fee = self.ledger_bets - s.total
        if fee > 0:
            s.total, s.rake = self.ledger_bets, s.rake + fee
            self.events.append(Notice(line=s.pot_line, text=f"the ledger's bets add up to {self.ledger_bets}, the"
                                      f" pot and the rake to {self.ledger_bets - fee}: a fee of {fee} the room does"
                                      " not name (its later logs' 'JP fee'), counted with the rake"))

    def LEDGER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """A player's line of the ledger: cards shown or mucked, and what they collected (a collect)."""
        f = self._f(tok, fields)
        player, line = f["player"] or "", self._lineno(tok)
        collected = amount(f["collects"] or "0")
        self.ledger_bets += amount(f["bets"] or "0")
        seat = next((s.seat for s in self.seats if s.player == player), 0)
        self.summary.seats.append(
            SeatResult(
                seat=seat, player=player, text=f["outcome"] or "", won=(collected,) if collected else (),
                shown=_cards(f["shown"]), mucked=_cards(f["mucked"]), line=line,
            )
        )
        if collected:
            self.events.append(Collect(line=line, player=player, amount=collected))
        return tok

    def ENDED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok

    def build(self, file: str, first_line: int) -> Hand:
        h = self.header
        game = self.games.get((h.get("game") or "").lower(), Game.OTHER)
        big_blind = next((e.amount for e in self.events if isinstance(e, Post) and e.post is PostType.BIG_BLIND), None)
        stakes = self.stakes
        if game in (Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO) or (
            stakes is not None and big_blind == stakes.small
        ):
            h["structure"] = "fixed limit"
        else:
            h["structure"] = "pot limit" if game in (Game.OMAHA, Game.OMAHA_HI_LO) else "no limit"
        self._unnamed_fee()
        self.seats = seats_sitting_out(self.seats, self.events)
        if self.dealt:  # the deal names who is in: a seat dealt no card is out of the hand
            self.seats = [
                s if s.player in self.dealt else s.model_copy(update={"out_of_hand": True}) for s in self.seats
            ]
        hand = super().build(file, first_line)
        tournament = hand.tournament.model_copy(update={"id": ""}) if hand.tournament is not None else None
        return hand.model_copy(update={"tournament": tournament, "time_utc": None})

    def currency(self, tournament: bool) -> str:
        if tournament:
            return "CHIPS"
        return "PLAY" if (self.table.get("table") or "").startswith("PM ") else "USD"


class WinningLedgerFormat(TextSiteFormat):
    """The reader of Winning's 2015-2018 layout, registered as ``winning_2015``."""

    name = "winning_2015"
    site = "Winning"
    grammar = "winning_2015"
    builder = WinningLedgerBuilder
    summary_marker: str | None = "------ Summary ------"
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Game started at: …')",
        "GAME_ID": "'Game ID: … (Hold'em)'",
        "BUTTON": "'Seat 1 is the button'",
        "SEAT": "a seat line ('Seat 1: P (100).')",
        "POST": "a forced bet ('Player P has small blind (1)')",
        "DEALT_HIDDEN": "'Player P received a card.'",
        "DEALT_CARD": "'Player P received card: [Ah]'",
        "STREET": "a street ('*** FLOP ***: […]')",
        "ACTION": "an action ('Player P raises (6)')",
        "MUCKS": "'Player P mucks cards'",
        "SUMMARY": "'------ Summary ------'",
        "TOTAL_POT": "'Pot: … Rake …'",
        "BOARD": "'Board: […]'",
        "LEDGER": "a ledger line ('Player P does not show cards. Bets: 1. Collects: 0. Loses: 1.')",
        "ENDED": "'Game ended at: …'",
    }


register(WinningLedgerFormat())
