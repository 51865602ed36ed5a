"""Full Tilt Poker text hand histories: ``grammars/fulltilt.lark`` plus Full Tilt's quirks.

Full Tilt's layout is PokerStars' line-per-action family with its own wording of nearly every line, so its grammar
is its own (sharing ``common.lark``'s pieces) and its builder a ``textsite.TextHandBuilder``; only what differs
from the layout lives here:

* two header generations: ``$0.25/$0.50 - No Limit 5 Card Draw - 03:00:26 ET - 2010/11/07`` until 2012, the game
  first and abbreviated (``NL Hold'em - $0.01/$0.02``) from 2013; local time with the ET time in brackets, or ET
  alone; stakes in thousands written ``50K/100K``;
* ``raises to $12``: Full Tilt writes only the total, so the raise's increment is the total less the highest
  bet of the street, which the builder follows from the lines it has read;
* ``posts a dead small blind`` (dead money), ``posts $2.50`` (a new player's live big blind), ``antes``,
  ``brings in``, ``completes it to``;
* the button line after the blinds; hands named without cards (``P shows two pair, Kings and Sixes``),
  ``P is dealt 2 cards`` and stud's ``is low with [2c]`` are information only (notices);
* run it twice: ``*** TURN 2 ***``, ``*** SHOW DOWN 1 ***``, ``wins pot 2 ($77.60)``, ``ties for pot 1``, and a
  summary per run (``*** SUMMARY 2 ***``, ``Pot 2 $77.60``, ``Board: [..]``) whose seat lines are merged into
  one result per seat;
* "Observed" hands of 2006 written without seat lines: the seats come from the summary, with stacks unknown
  (the largest amount the player is seen to put in stands in for the stack; see ``_observed_seats``).
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from typing import ClassVar

from handlog.events import (
    Chat,
    Collect,
    Discard,
    Event,
    Fold,
    Game,
    Hand,
    Notice,
    PlayerStatus,
    Post,
    PostType,
    Seat,
    SeatResult,
    Stakes,
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
    utc_time,
)
from handlog.formats.textsite import DESCRIPTIONS, RaiseToBuilder, TextSiteFormat, Tok, shown_cards
from handlog.reading.registry import register

GAMES = {
    "hold'em": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi": Game.OMAHA,
    "omaha h/l": Game.OMAHA_HI_LO,
    "omaha hi/lo": Game.OMAHA_HI_LO,
    "5 card omaha": Game.FIVE_CARD_OMAHA,
    "5 card omaha hi": Game.FIVE_CARD_OMAHA,
    "5 card omaha h/l": Game.FIVE_CARD_OMAHA_HI_LO,
    "6 card omaha": Game.SIX_CARD_OMAHA,
    "6 card omaha hi": Game.SIX_CARD_OMAHA,
    "courchevel": Game.COURCHEVEL,
    "courchevel hi": Game.COURCHEVEL,
    "courchevel h/l": Game.COURCHEVEL_HI_LO,
    "5 card draw": Game.FIVE_CARD_DRAW,
    "2-7 triple draw": Game.TRIPLE_DRAW_27,
    "2-7 single draw": Game.SINGLE_DRAW_27,
    "a-5 triple draw": Game.TRIPLE_DRAW_A5,
    "badugi": Game.BADUGI,
    "stud hi": Game.SEVEN_CARD_STUD,
    "stud h/l": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
    "irish": Game.IRISH,  # Omaha dealt, two cards discarded after the flop ("*** DISCARD ROUND ***")
    "5 card stud": Game.FIVE_CARD_STUD,
}
STRUCTURES = {
    "no limit": Structure.NO_LIMIT,
    "nl": Structure.NO_LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "pl": Structure.POT_LIMIT,
    "limit": Structure.FIXED_LIMIT,
    "fl": Structure.FIXED_LIMIT,
}
STREETS = {
    "FLOPET": Street.PREFLOP,  # Courchevel: the first flop card, face up before the first betting round
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "2ND STREET": Street.SECOND,
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
    "7TH STREET": Street.SEVENTH,
}
DRAWS = {
    "DRAW": Street.DRAW_1,
    "FIRST DRAW": Street.DRAW_1,
    "SECOND DRAW": Street.DRAW_2,
    "THIRD DRAW": Street.DRAW_3,
    "DISCARD ROUND": Street.DRAW_1,  # Irish: every player discards two cards after the flop
}
RUNS: dict[str | None, int | None] = {None: None, "1": 1, "2": 2}
STATUSES = (
    *RaiseToBuilder.statuses,
    ("sits down", PlayerStatus.JOINS),
    ("stands up", PlayerStatus.LEAVES),
    ("has reconnected", PlayerStatus.CONNECTED),
)
ZERO = Decimal(0)

_THOUSANDS = {"K": Decimal(1000), "M": Decimal(1_000_000)}
_BUY_IN = re.compile(r"^(?P<buy_in>[$€£][0-9][0-9,.]*(?: \+ [$€£][0-9][0-9,.]*)?)")
_SEATS = re.compile(r"(?P<max>[0-9]+) max|(?P<heads_up>heads up)")
_TIME = re.compile(r"(?P<clock>[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?) (?P<zone>[A-Z]+) - (?P<date>.+)")
_WON = re.compile(r"(?:won|collected|wins the (?:side |main )?pot) \(([^)]*)\)")
_SHOWED = re.compile(r"showed \[([^\]]*)\]")
_MUCKED = re.compile(r"mucked \[([^\]]*)\]")


def _chips(text: str) -> Decimal:
    """``"$0.50"``, ``"1,500"``, ``"50K"`` → the amount; Full Tilt's headers write big stakes in thousands."""
    text = text.strip()
    if text[-1:] in _THOUSANDS:
        return amount(text[:-1]) * _THOUSANDS[text[-1]]
    return amount(text)


def _sortable_time(text: str) -> str:
    """``"03:00:26 ET - 2010/11/07"`` → ``"2010/11/07 03:00:26 ET"``, the order ``utc_time`` reads; the July
    2010 form ``"15:13 ET - Wed, July 21, 2010"`` too."""
    m = _TIME.match(text.strip())
    if m is None:
        return text
    date = m.group("date").strip()
    if not date[:1].isdigit():
        try:
            date = datetime.strptime(date, "%a, %B %d, %Y").strftime("%Y/%m/%d")
        except ValueError:
            return text
    return f"{date} {m.group('clock')} {m.group('zone')}"


class FullTiltBuilder(RaiseToBuilder):
    """The layout's builder with Full Tilt's lines; it follows each street's bets to read ``raises to``."""

    games: ClassVar[dict[str, Game]] = GAMES
    structures: ClassVar[dict[str, Structure]] = STRUCTURES
    streets: ClassVar[dict[str, Street]] = STREETS
    draws: ClassVar[dict[str, Street]] = DRAWS
    runs: ClassVar[dict[str | None, int | None]] = RUNS
    statuses: ClassVar[tuple[tuple[str, PlayerStatus], ...]] = STATUSES

    def HOLE_CARDS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """``*** HOLE CARDS ***`` again right after itself (a 2011 cap table): one deal, the repeat a notice."""
        last = self.events[-1] if self.events else None
        if isinstance(last, StreetStart) and last.street is Street.PREFLOP:
            self.events.append(Notice(line=self._lineno(tok), text="'*** HOLE CARDS ***' written twice"))
            return tok
        return super().HOLE_CARDS(tok, fields)

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        # the two header generations write the same fields in two orders: the second one's names are numbered
        h = self.header = {k: f.get(k) or f.get(f"{k}_2") for k in f if not k.endswith("_2")}
        self.stakes_text = h.get("stakes") or ""
        self.stakes = self.stakes_of(self.stakes_text, None)
        name = h.get("tournament_name") or ""
        buy_in = _BUY_IN.match(name)
        h["buy_in"], h["level"] = (buy_in.group("buy_in") if buy_in else ""), self.stakes_text
        info = _SEATS.search(h.get("table_info") or "")
        self.table = {
            "table": h.get("table") or h.get("tournament_table"),
            "max_seats": ("2" if info.group("heads_up") else info.group("max")) if info else None,
        }
        return tok

    def SEAT_COUNT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.table["max_seats"] = self._f(tok, fields)["max_seats"]
        return tok

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", amount(f["amount"] or "")
        dead = ZERO
        if f["ante"]:
            kind = PostType.ANTE
        elif f["dead"]:  # "posts a dead small blind": dead money, never part of the player's bet
            kind, dead = PostType.SMALL_BLIND, value
        elif f["post"] == "small blind":
            kind = PostType.SMALL_BLIND
        else:  # "posts the big blind of", or a new player's "posts $2.50": a live big blind
            kind = PostType.BIG_BLIND
        if kind is PostType.ANTE or dead:
            self.street.dead(player, value)
        else:
            self.street.add(player, value)
        self.events.append(
            Post(line=self._lineno(tok), player=player, post=kind, amount=value, dead=dead, all_in=bool(f["all_in"]))
        )
        return tok

    # -- actions
    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Fold(line=line, player=f["player"] or ""))

    # "raises to $12": the total (see RaiseToBuilder); stud's "completes it to X" raises the bring-in to a full bet
    COMPLETE = RaiseToBuilder.RAISE

    def DISCARD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: Fields, line: int) -> Event:
            shown = cards(f["cards"])
            count = int(f["count"]) if f["count"] else len(shown)  # Irish: "P discards" (two cards, unseen)
            return Discard(line=line, player=f["player"] or "", count=count, cards=shown)

        return self._add(tok, fields, make)

    # -- money and showdown
    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """``wins the pot``, ``wins the side pot``, ``wins pot 2`` (the second run), ``ties for the pot``,
        ``wins the low pot`` (a split game's half)."""

        def make(f: Fields, line: int) -> Event:
            pot = f["pot"] or "pot"
            run = int(f["run"]) if f["run"] else self.run
            return Collect(
                line=line, player=f["player"] or "", amount=amount(f["amount"] or ""),
                # "wins pot 2": the second run of the main pot (a side pot is named: "wins the side pot")
                pot="main pot" if pot.startswith("pot ") else pot, run=run,
            )

        return self._add(tok, fields, make)

    # -- lines that may come anywhere
    def CHAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: Fields, line: int) -> Event:
            player = (f["player"] or "") + (" (Observer)" if f["observer"] else "")
            return Chat(line=line, player=player, text=f["text"] or "")

        return self._add(tok, fields, make)

    def NOTICE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Notice(line=line, text=f["text"] or "", player=f["player"]))

    # -- summary
    def DURATION(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok

    def RUN_SUMMARY(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.summary.run_twice = True
        return tok

    def RUN_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """A seat's result; run-it-twice summaries repeat every seat once per run, merged here into one."""
        f = self._f(tok, fields)
        outcome = f["outcome"] or ""
        positions = tuple(p.strip(" ()") for p in (f["positions"] or "").split(")") if p.strip())
        shown = _SHOWED.search(outcome)
        mucked = _MUCKED.search(outcome)
        result = SeatResult(
            seat=int(f["seat"] or 0),
            player=f["player"] or "",
            text=outcome,
            positions=positions,
            won=tuple(amount(w) for w in _WON.findall(outcome)),
            shown=shown_cards(shown.group(1))[0] if shown else (),
            mucked=cards(mucked.group(1)) if mucked else (),
            line=self._lineno(tok),
        )
        merge_seat_result(self.summary.seats, result)
        return tok

    # -- the hand
    def build(self, file: str, first_line: int) -> Hand:
        if not any(isinstance(e, Collect) for e in self.events):
            # Some Full Tilt logs (2011-2012 clients, and walks in tournaments) write no "wins the pot" line:
            # who collected what is stated only in the summary ("Seat 4: P (button) collected ($3.80), mucked").
            self.events.extend(collects_from_summary(self.summary.seats))
        if self.seats:
            # Full Tilt often writes the seat line without ", is sitting out" and says it on a line of its own
            # before the deal ("P is sitting out") or only in the summary ("Seat 2: P is sitting out")
            summary_out = {r.player for r in self.summary.seats if r.text == "is sitting out"}
            self.seats = seats_sitting_out(self.seats, self.events, summary_out)
        else:
            self.street.new_street()
            self.seats = self._observed_seats(first_line)
        hand = super().build(file, first_line)
        time_et = self.header.get("time_et")
        return hand.model_copy(
            update={"time_utc": utc_time(_sortable_time(time_et or self.header.get("time") or ""))}
        )

    def _observed_seats(self, first_line: int) -> list[Seat]:
        """The seats of a hand written without seat lines (an observer's log of 2006), from the summary.

        The stacks are not in the log. A player who went all-in had exactly what they put in; any other
        player is given what they put in plus everything the others put in, enough to cover every bet of the
        log, so that the replay judges the actions and never an invented shortage. A notice says so.
        """
        all_in = {getattr(e, "player", "") for e in self.events if getattr(e, "all_in", False)}
        put = self.street.put
        total = sum(put.values(), ZERO)
        self.events.insert(0, Notice(
            line=first_line,
            text="no seat lines (an observer's log): seats from the summary; stacks unknown except all-in ones",
        ))
        return [
            Seat(
                seat=r.seat, player=r.player, line=r.line,
                stack=put.get(r.player, ZERO) if r.player in all_in else total,
            )
            for r in self.summary.seats
        ]

    # -- hooks
    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        """``$0.25/$0.50``, ``50K/100K``, with the header's ``Ante $0.40`` and ``$2,000 Cap``."""
        small, _, big = text.partition("/")
        ante, cap = self.header.get("ante"), self.header.get("cap")
        return Stakes(
            small=_chips(small), big=_chips(big), ante=_chips(ante) if ante else None,
            cap=_chips(cap) if cap else None,
        )

    def zoom(self) -> bool:
        """Rush Poker (Full Tilt's fast-fold tables) in tournaments: "$10,000 Rush Guar (Rebuy)"."""
        return "Rush" in (self.header.get("tournament_name") or "")


DESCRIPTIONS_FT = {
    **DESCRIPTIONS,
    "HEADER": "the hand header ('Full Tilt Poker Game #…')",
    "SEAT_COUNT": "'Seats: 9'",
    "SEAT": "a seat line ('Seat 1: P ($1)')",
    "POST": "a forced bet ('P posts the small blind of $1', 'P antes $0.25')",
    "BUTTON": "'The button is in seat #1'",
    "BRINGS_IN": "a bring-in ('P brings in for 10')",
    "STREET": "a street ('*** FLOP *** […]', '*** 3RD STREET ***')",
    "DRAW": "a draw ('*** FIRST DRAW ***')",
    "RAISE": "a raise ('P raises to $2')",
    "COMPLETE": "a completion ('P completes it to 10')",
    "DISCARD": "a discard ('P discards 2 cards')",
    "STAND_PAT": "'P stands pat'",
    "UNCALLED": "'Uncalled bet of … returned to P'",
    "SHOWS": "'P shows […]'",
    "MUCKS": "'P mucks'",
    "COLLECT": "'P wins the pot (…)'",
    "DURATION": "'Duration 65s'",
    "TOTAL_POT": "'Total pot … | Rake …'",
    "BOARD": "'Board: […]'",
    "RUN_SUMMARY": "'*** SUMMARY 1 ***'",
    "RUN_POT": "'Pot 1 …'",
    "SUMMARY_SEAT": "a summary seat line ('Seat 1: P folded before the Flop')",
}


class FullTiltFormat(TextSiteFormat):
    """The Full Tilt reader, registered as ``fulltilt``."""

    name = "fulltilt"
    site = "Full Tilt"
    grammar = "fulltilt"
    builder = FullTiltBuilder
    descriptions: ClassVar[dict[str, str]] = DESCRIPTIONS_FT
    between_hands: re.Pattern[str] | None = re.compile(r"\*+ # \d+ \*+\s*$|BEGIN\s*$")
    """An archive's numbering of its hands (``***** # 2 *****``) and the word that opens an exported archive."""


register(FullTiltFormat())
