"""Winning Poker Network (Americas Cardroom, Black Chip, True Poker …) text hand histories in both its layouts.

The layout of 2019 and later: ``grammars/winning.lark``, a dialect of PokerStars' grammar, plus Winning's quirks:

* ``Hand #… - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC``; tournaments ``Game Hand #… - $5,000 GTD
  Tournament #… - Holdem(No Limit) - Level 10 (3000.00/6000.00)- …``; the table line names no "Table" for cash;
* ``raises $12.00 to $18.00``: the first amount is what the player puts in with this action, not the raise's
  increment, so the increment is the total less the highest bet so far (``text.StreetBets``);
* ``caps $0.55`` in cap games: a bet or raise of the chips put in, up to the cap (the player can bet no more);
* ``posts dead`` (both blinds, the small one dead), ``posts $0.10`` (a live big blind), ``straddle``;
* ``Total pot $1.19 | Rake $0.04 | JP Fee $0.02``: the total is what the winners collect, net of the rake and
  the jackpot fee; the hand's stated total is therefore total + rake + fee and its rake rake + fee (fpdb counts
  the fee as rake too);
* uncontested pots have no "collected" line: the summary's "did not show and won $9.00" is the collect;
* run it twice: ``*** RUN IT TWICE ***``, ``*** FLOP 1 ***``, ``collected … from main pot 2``, a board and the
  seats per run in the summary (merged into one result per seat);
* ``Main pot $34.50 | Rake $1.50`` after each street: the running pot, kept as a notice.

The layout of 2015-2018: ``grammars/winning_2015.lark``, its own grammar, read by ``winning_2015``.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from handlog.events import (
    Bet,
    ButtonDraw,
    Collect,
    Event,
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
    amount,
    cards,
    collects_from_summary,
    merge_seat_result,
    seats_sitting_out,
)
from handlog.formats.textsite import (
    DESCRIPTIONS,
    RaiseToBuilder,
    TextHandBuilder,
    TextSiteFormat,
    Tok,
    passes_over,
    shown_cards,
)
from handlog.reading.registry import register

GAMES = {
    "holdem": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha h/l": Game.OMAHA_HI_LO,
    "5card omaha": Game.FIVE_CARD_OMAHA,
    "5card omaha h/l": Game.FIVE_CARD_OMAHA_HI_LO,
    # "Reshuffle" tables deal 5-card Omaha as usual; the name is the room's (a reshuffled deck for the runouts).
    "5card omaha reshuffle": Game.FIVE_CARD_OMAHA,
    "7stud": Game.SEVEN_CARD_STUD,
    "7stud h/l": Game.SEVEN_CARD_STUD_HI_LO,
}
STRUCTURES = {
    "no limit": Structure.NO_LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "fixed limit": Structure.FIXED_LIMIT,
    # "All-in or Fold": every bet is all-in; no limit allows exactly that and the engine checks it as such.
    "all-in or fold limit": Structure.NO_LIMIT,
}
POSTS = {
    "posts the small blind": PostType.SMALL_BLIND,
    "posts the big blind": PostType.BIG_BLIND,
    "posts ante": PostType.ANTE,
    "posts dead": PostType.BOTH_BLINDS,
    "posts": PostType.BIG_BLIND,
    "straddle": PostType.STRADDLE,
}
ZERO = Decimal(0)
_WON = re.compile(r"(?:won|collected) (?:\()?([$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)")
_SHOWED = re.compile(r"showed \[([^\]]*)\]")
_MUCKED = re.compile(r"mucked \[([^\]]*)\]")


def net_total_pot(builder: TextHandBuilder, tok: Tok, fields: Fields | None) -> None:
    """``Total pot $1.19 | Rake $0.04 | JP Fee $0.02`` (2015-2018: ``Pot: 612. Rake 2.76. JP fee 0.24``): what the
    winners share, net of the rake and the fee. The hand's total is what the players put in: all three."""
    f = builder._f(tok, fields)
    s = builder.summary
    s.pot_line = builder._lineno(tok)
    taken = amount(f["rake"] or "0") + amount(f["fee"] or "0")
    s.total = amount(f["total"] or "") + taken
    s.rake = taken


class WinningBuilder(RaiseToBuilder):
    """The layout's builder with Winning's words; it follows each street's bets to read its raises."""

    games: ClassVar[dict[str, Game]] = GAMES
    structures: ClassVar[dict[str, Structure]] = STRUCTURES
    posts: ClassVar[dict[str, PostType]] = POSTS
    streets: ClassVar[dict[str, Street]] = {**TextHandBuilder.streets, "7th STREET": Street.SEVENTH}
    runs: ClassVar[dict[str | None, int | None]] = {None: None, "1": 1, "2": 2}
    raise_total: ClassVar[str] = "amount_2"  # "raises $12.00 to $18.00": the chips put in, then the total

    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.table = {**f, "table": f["table"] or f["table_2"]}
        return tok

    # -- bets, followed for the raises
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", amount(f["amount"] or "")
        if f["post"] in ("posts ante", "posts dead"):
            self.street.dead(player, value)
        else:
            self.street.add(player, value)
        super().POST(tok, f)
        self._blinds_before_the_deal()
        return tok

    def _blinds_before_the_deal(self) -> None:
        """Tournaments of 2021 print the blinds after ``*** HOLE CARDS ***`` and the running pot of the antes, before
        the first card is dealt (``Dealt to``): they are posted before the deal, and the post goes before the mark."""
        at = len(self.events) - 1
        start = next((i for i in range(at - 1, -1, -1) if isinstance(self.events[i], StreetStart)), None)
        mark = self.events[start] if start is not None else None
        if start is None or not isinstance(mark, StreetStart) or mark.street is not Street.PREFLOP:
            return
        # a line between them that moves no chips (a notice, a player's status, a chip-free unknown line) changes
        # nothing (docs/unknown-lines.md)
        if all(isinstance(e, Post) or passes_over(e) for e in self.events[start + 1 : at]):
            self.events.insert(start, self.events.pop(at))

    def WAITS_FOR_BB(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.waiting.add(f["player"] or "")
        return self._add(tok, f, lambda f, line: StatusChange(
            line=line, player=f["player"] or "", status=PlayerStatus.WAITS_FOR_BUTTON))

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.waiting: set[str] = set()

    def CAPS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """``caps X``: X more chips, up to the cap: a bet when nobody has bet, else a raise that reaches it."""
        f = self._f(tok, fields)
        player, put = f["player"] or "", amount(f["amount"] or "")
        line = self._lineno(tok)
        if self.street.level == 0:
            self.street.add(player, put)
            self.events.append(Bet(line=line, player=player, amount=put, all_in=bool(f["all_in"])))
            return tok
        to = self.street.bets.get(player, ZERO) + put
        by = self.street.raise_to(player, to)
        self.events.append(
            Raise(line=line, player=player, by=by, to=to, all_in=bool(f["all_in"]), cap_reached=True)
        )
        return tok

    # -- money
    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """``from main pot`` (``main pot 2``: of the second run), ``from side pot 1``."""

        def make(f: Fields, line: int) -> Event:
            pot, number = f["pot"] or "pot", f["number"]
            if pot == "side pot" and number:
                pot = f"side pot-{number}"
            run = self.run if self.run is not None or pot != "main pot" or not number else int(number)
            return Collect(line=line, player=f["player"] or "", amount=amount(f["amount"] or ""), pot=pot, run=run)

        return self._add(tok, fields, make)

    RUN_IT_TWICE = TextHandBuilder.RUN_TWICE

    def BUTTON_DRAW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """A card dealt face up to choose a tournament's first button ("Dealt to Hero [4s]" before the antes)."""
        return self._add(
            tok, fields, lambda f, line: ButtonDraw(line=line, player=f["player"] or "", card=f["card"] or "")
        )

    def RUNNING_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Notice(line=line, text=f["text"] or ""))

    # -- summary
    def TOTAL_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        net_total_pot(self, tok, fields)
        return tok

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        outcome = f["outcome"] or ""
        shown, mucked = _SHOWED.search(outcome), _MUCKED.search(outcome)
        positions = tuple(p.strip(" ()") for p in (f["positions"] or "").split(")") if p.strip())
        merge_seat_result(
            self.summary.seats,
            SeatResult(
                seat=int(f["seat"] or 0),
                player=f["player"] or "",
                text=outcome,
                positions=positions,
                won=tuple(amount(w) for w in _WON.findall(outcome)),
                shown=shown_cards(shown.group(1))[0] if shown else (),
                mucked=cards(mucked.group(1)) if mucked else (),
                line=self._lineno(tok),
            ),
        )
        return tok

    def build(self, file: str, first_line: int) -> Hand:
        if not any(isinstance(e, Collect) for e in self.events):
            # an uncontested pot: "Seat 4: Hero did not show and won $9.00" is the only word of the collect
            self.events.extend(collects_from_summary(self.summary.seats))
        # "Player0 sits out" before the deal; "P waits for big blind": not dealt in either
        self.seats = seats_sitting_out(self.seats, self.events, self.waiting)
        return super().build(file, first_line)

    def zoom(self) -> bool:
        return False


class WinningFormat(TextSiteFormat):
    """The Winning Poker Network reader (2019 and later), registered as ``winning``."""

    name = "winning"
    site = "Winning"
    grammar = "winning"
    builder = WinningBuilder
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Hand #… - Holdem(No Limit) - …')",
        "TABLE": "the table line ('Parachute 6-max Seat #5 is the button')",
        "SEAT": "a seat line ('Seat 1: P ($1.00)')",
        "POST": "a forced bet ('P posts the small blind $1')",
        "RAISE": "a raise ('P raises $1 to $2')",
        "CAPS": "'P caps $1'",
        "SHOWS": "'P shows […]'",
        "MUCKS": "'P mucks hand'",
        "NO_SHOW": "'P does not show'",
        "COLLECT": "'P collected … from main pot'",
        "TOTAL_POT": "'Total pot … | Rake …'",
        "RUN_IT_TWICE": "'*** RUN IT TWICE ***'",
        "RUNNING_POT": "'Main pot … | Rake …'",
    }


register(WinningFormat())
