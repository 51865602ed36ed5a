"""The reader machinery shared by every site whose logs are in PokerStars' line-per-action layout.

A site is three files: ``grammars/<site>.lark`` (its lines), ``handlog/formats/<site>.py`` (only its quirks) and
``tests/formats/test_<site>.py`` (golden hands). Everything else lives here, once: the builder's bookkeeping of
seats, streets, summary and line numbers; the parse through the grammar's own LALR table
(``grammar.TableParser``), the Lark fallback and its error explained in words; detection, hand splitting hints and
header peeking for the registry. No rule is checked here: a log that breaks the rules is converted faithfully
and judged by the engine.

How to add a site (the sqlglot-dialect pattern: a dialect is a subclass that overrides tables and hooks)
=======================================================================================================

1. **Grammar**, ``grammars/<site>.lark``. Either write every line, or, for a dialect of PokerStars, import
   PokerStars' hand shape and replace only the lines that differ::

       %import .common (PLAYER, AMOUNT, CARDS, ALL_IN, EOL)
       %import .pokerstars (start, _line, HEADER, TABLE, CHAT, STATUS, NOTICE, BLANK_LINE)
       %override HEADER: /GGPoker Hand #(?P<hand_id>…)…/ EOL     // replace a line
       %override TABLE: …
       %extend _line: CASH_DROP                                   // a street's line PokerStars lacks
       CASH_DROP: /Cash Drop to Pot : total / AMOUNT EOL
       %ignore CHAT                                               // Lark does not import %ignore: repeat them
       %ignore STATUS
       %ignore NOTICE
       %ignore BLANK_LINE

   Name in ``%import`` every rule or line you ``%override`` / ``%extend`` and every ``%ignore``d line; the other
   lines come along as ``pokerstars__FOLD`` …, and the reader hands each to the method of its *kind* (``FOLD``),
   so an inherited line needs nothing in Python. Each line is ONE terminal ending in ``EOL``, with its fields as
   named groups. The builder reads these group names; a new line should use them where they fit:
   ``player``, ``amount`` (``amount_2`` for the second), ``all_in``, ``cards``, ``new``, ``board``, ``street``,
   ``run``, ``draw``, ``post``, ``seat``, ``count``, ``shown``, ``description``, ``pot``, ``fee``, ``text``,
   ``status``; the header: ``hand_id``, ``game``, ``structure``, ``stakes`` / ``mix_stakes`` / ``level_stakes``,
   ``tournament``, ``buy_in``, ``level``, ``time`` (local) and ``time_et``; the table: ``table``, ``max_seats``,
   ``button``, ``money``; the summary: ``total``, ``pots``, ``rake``, ``outcome``, ``positions``.
   ``%override`` replaces a line everywhere, inside PokerStars' rules too; to change the shape of a hand, import
   and override ``start`` or one of its rules (``_deal``, ``_street``, ``_summary``, ``_cancelled``).

   The grammar also states where a hand starts, once, in terminals no rule uses (``headers.grammar_head`` reads
   them without compiling the grammar; detection and hand splitting use them before the reader is loaded)::

       HEAD_START: /^\\ufeff?GGPoker Hand #[0-9]+: /      // matches at the start of a header line
       HEAD_HEADS: "GGPok" | "\\ufeffGGPo"                 // optional: what such a line can start with, one length
       GLUED_HEADER: /GGPoker Hand #[0-9]+: /             // optional: a header glued mid-line by concatenation
       GLUED_HINTS: "Hand #"                             // …found only in a line holding one of these
       HEAD_LAYOUT: /^Start hand: /                      // optional: a line of the first lines this layout has
       HEAD_FALLBACK: "fallback"                         // optional: a layout many rooms share, asked last

2. **Reader**, ``handlog/formats/<site>.py``: subclass ``TextHandBuilder`` (or a shared builder: ``stars``'
   ``PokerStarsBuilder`` for a dialect of PokerStars, ``added``'s builders for rooms that print the chips an action
   adds; never another room's builder, a test checks it) for the quirks of converting lines to events:

   - vocabulary tables (class attributes): ``games``, ``structures``, ``posts``, ``streets``, ``draws``, ``runs``,
     ``statuses``; extend them with ``{**TextHandBuilder.games, "short deck hold'em": Game.SIX_PLUS_HOLDEM}``;
   - one method per new line kind, named like the terminal (``def CASH_DROP(self, tok, fields=None)``; use
     ``self._add(tok, fields, make)`` to append an event, ``self._f(tok, fields)`` for the fields alone), or an
     override of an inherited one (``RAISE`` for a site whose raises are "raises to X");
   - hooks for the hand as a whole: ``stakes_of`` (stakes from the header's text), ``site_name`` (the room that
     wrote the hand), ``currency``, ``home_game``, ``zoom``, ``time_utc``.

   Then subclass ``TextSiteFormat`` and set its class attributes: ``name`` (registry name), ``site`` (room name),
   ``grammar`` (the ``.lark`` file's stem; the reader's ``head``, its header facts, is the one the grammar states),
   ``builder`` (your builder class), ``descriptions`` (words for error messages, by line kind) and
   ``summary_marker``. A hand's id, game and structure are peeked without a parse (for hands that do not parse,
   and to know duplicates) by the grammar's own header terminals (``peek_hand``): name their fields ``hand_id``,
   ``game``, ``structure``, and a header that implies a structure says so in the builder's ``header_game``.
   Dict-valued class attributes are annotated ``ClassVar[...]`` (ruff's RUF012). Finish the module with
   ``register(MySiteFormat())`` and declare the format in ``handlog/formats/__init__.py``'s
   ``DECLARED`` (its name, its module and ``_text("<grammar>")``: detection asks the grammar's head, and the
   module is imported when a file of the room is met). A format outside the package may instead set the header
   facts as class attributes (``header_start``, ``header_heads``, ``head_width``, ``glued_header_pattern``,
   ``glued_hints``) and register itself. Detection asks each format in turn (``stars_layout``, the reader of
   PokerStars' layout from rooms without a reader of their own, is the fallback, asked last), so a header
   pattern must not match another site's header; a room that ``stars_layout`` reads today gets its own reader
   simply by registering one.

3. **Tests**, ``tests/formats/test_<site>.py``: golden hands (``.txt`` + expected ``Hand`` as ``.json``), the
   site's corpus files counted by an independent header regex, and the table driver against Lark (as
   ``tests/formats/test_table_parser.py`` does for PokerStars).

Adding a site touches no engine code and imports no other room's module (``tests/formats/test_rooms_apart.py``)
nor another site's private (``_x``) names; tests check all three.
``tests/formats/dialect/demo.lark`` with the ``Demo*`` classes of ``tests/formats/test_textsite.py`` is a whole
working dialect in about forty lines.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TypeVar

from handlog.errors import ParseError
from handlog.events import (
    Bet,
    Call,
    Cards,
    CashOut,
    Chat,
    Check,
    Collect,
    DealHole,
    Discard,
    Event,
    Fold,
    Game,
    Hand,
    HandCancelled,
    Muck,
    Notice,
    PlayerStatus,
    Post,
    PostType,
    Raise,
    Seat,
    SeatResult,
    Show,
    StackAfter,
    Stakes,
    StandPat,
    StatedResults,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    Tournament,
    UncalledBet,
    UncalledReturns,
    UnknownLine,
    maker,
)
from handlog.formats.grammar import (
    MARK,
    UNKNOWN,
    Fields,
    LineGrammar,
    LineRef,
    TableParser,
    kind_of,
    line_patterns,
    load_line_grammar,
)
from handlog.formats.headers import HeaderTests, TextHeader, grammar_head
from handlog.formats.text import FieldError, StreetBets, amount, cards, currency_of, utc_time
from handlog.formats.unknown import bad_field_line, has_chip_words, unknown_line
from handlog.reading.decode import MAX_LINE
from handlog.reading.registry import HandParseFailure, HeaderFacts

if TYPE_CHECKING:
    from lark import Token
    from lark.exceptions import UnexpectedInput

# The layout's words, as PokerStars writes them; a dialect extends these through its builder's class attributes.
GAMES = {
    "hold'em": Game.HOLDEM,
    "split hold'em": Game.SPLIT_HOLDEM,
    "6+ hold'em": Game.SIX_PLUS_HOLDEM,
    "5 card draw": Game.FIVE_CARD_DRAW,
    "omaha": Game.OMAHA,
    "omaha hi/lo": Game.OMAHA_HI_LO,
    "5 card omaha": Game.FIVE_CARD_OMAHA,
    "5 card omaha hi/lo": Game.FIVE_CARD_OMAHA_HI_LO,
    "6 card omaha": Game.SIX_CARD_OMAHA,
    "courchevel": Game.COURCHEVEL,
    "courchevel hi/lo": Game.COURCHEVEL_HI_LO,
    "7 card stud": Game.SEVEN_CARD_STUD,
    "7 card stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
    "badugi": Game.BADUGI,
    "triple draw 2-7 lowball": Game.TRIPLE_DRAW_27,
    "single draw 2-7 lowball": Game.SINGLE_DRAW_27,
}
STRUCTURES = {
    "no limit": Structure.NO_LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "limit": Structure.FIXED_LIMIT,
    "fixed limit": Structure.FIXED_LIMIT,  # converted logs in PokerStars' layout ("Omaha Fixed Limit ($30/$60.00)")
    "pot limit pre-flop, no limit post-flop": Structure.PL_PREFLOP_NL_POSTFLOP,
}
POSTS = {
    "small blind": PostType.SMALL_BLIND,
    "big blind": PostType.BIG_BLIND,
    "the ante": PostType.ANTE,
    "small & big blinds": PostType.BOTH_BLINDS,
    "straddle": PostType.STRADDLE,
    "button blind": PostType.BUTTON_BLIND,
}
STREETS = {
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "PRE-FLOP": Street.PREFLOP,
    "3rd STREET": Street.THIRD,
    "4th STREET": Street.FOURTH,
    "5th STREET": Street.FIFTH,
    "6th STREET": Street.SIXTH,
}
DRAWS = {"FIRST": Street.DRAW_1, "SECOND": Street.DRAW_2, "THIRD": Street.DRAW_3}
RUNS = {None: None, "FIRST": 1, "SECOND": 2}
STATUSES = (
    ("joins", PlayerStatus.JOINS),
    ("leaves", PlayerStatus.LEAVES),
    ("is sitting out", PlayerStatus.SITS_OUT),
    ("sits out", PlayerStatus.SITS_OUT),
    ("has timed out", PlayerStatus.TIMED_OUT),
    ("has returned", PlayerStatus.RETURNS),
    ("is connected", PlayerStatus.CONNECTED),
    ("is disconnected", PlayerStatus.DISCONNECTED),
    ("has been disconnected", PlayerStatus.DISCONNECTED),
    ("will be allowed", PlayerStatus.WAITS_FOR_BUTTON),
    ("was removed", PlayerStatus.REMOVED),
)
DESCRIPTIONS = {
    "HEADER": "the hand header",
    "TABLE": "the table line ('Table '…' 6-max Seat #1 is the button')",
    "SEAT": "a seat line ('Seat 1: P ($1 in chips)')",
    "POST": "a forced bet ('P: posts small blind $1')",
    "BRINGS_IN": "a bring-in ('P: brings in for 10')",
    "DEALT": "a deal ('Dealt to P [Ah Kd]')",
    "HOLE_CARDS": "'*** HOLE CARDS ***'",
    "DEALING_HANDS": "'*** DEALING HANDS ***'",
    "STREET": "a street ('*** FLOP *** […]')",
    "DRAW": "a draw ('*** FIRST DRAW ***')",
    "SHOWDOWN": "'*** SHOW DOWN ***'",
    "SUMMARY": "'*** SUMMARY ***'",
    "FOLD": "a fold",
    "CHECK": "a check",
    "CALL": "a call",
    "BET": "a bet",
    "RAISE": "a raise ('P: raises $1 to $2')",
    "DISCARD": "a discard ('P: discards 2 cards')",
    "STAND_PAT": "'P: stands pat'",
    "UNCALLED": "'Uncalled bet (…) returned to P'",
    "SHOWS": "'P: shows […]'",
    "MUCKS": "'P: mucks hand'",
    "NO_SHOW": "'P: doesn't show hand'",
    "COLLECT": "'P collected … from pot'",
    "CASH_OUT": "'P cashed out the hand for …'",
    "CANCELLED": "'Hand cancelled'",
    "TOTAL_POT": "'Total pot … | Rake …'",
    "RUN_TWICE": "'Hand was run twice'",
    "BOARD": "'Board […]'",
    "SUMMARY_SEAT": "a summary seat line ('Seat 1: P folded before Flop')",
    "$END": "the end of the hand",
}

HAND_SHAPE_KINDS = frozenset({"HEADER", "TABLE", "BUTTON", "SEAT"})
"""Lines without which the hand cannot be followed: a field of theirs the reader cannot read fails the hand."""
SHAPE_KINDS = HAND_SHAPE_KINDS | frozenset({
    "STREET", "HOLE_CARDS", "DRAW", "SHOWDOWN", "SUMMARY", "TOTAL_POT", "BOARD", "SUMMARY_SEAT", "RUN_TWICE",
    "DEALT", "DEALT_CARD", "DEALT_HIDDEN", "SHOWS", "MUCKS", "DISCARD", "STAND_PAT"})
"""Lines that give the hand its shape (its header, seats, streets, summary) or deal, show or change its cards: a
known line of these kinds where the grammar does not allow it (a street twice, a seat line among the actions, a
deal before the hole cards' mark) fails the hand, never kept as unknown."""
LOOSE_KINDS = frozenset({"SUMMARY_SEAT", "CHAT", "STATUS", "NOTICE"})
"""Line kinds that match many lines: an error message names a more specific kind first."""
_POT_PART = re.compile(r"(Main pot|Side pot(?:-[0-9]+)?|STP)\s+([^ |]+?)\.?(?=\s|\||$)")
_POSITION = re.compile(r"\(([^)]*)\)")
_WON = re.compile(r"(?:won|collected) \(([^)]*)\)")
_SHOWED = re.compile(r"showed \[([^\]]*)\]")
_MUCKED = re.compile(r"mucked \[([^\]]*)\]")
# The commonest lines' models, built by their validators straight from a dict of fields (``events.maker``).
_SEAT, _SEAT_RESULT, _POST = maker(Seat), maker(SeatResult), maker(Post)
_FOLD, _CHECK, _CALL, _BET, _RAISE = maker(Fold), maker(Check), maker(Call), maker(Bet), maker(Raise)
_DEAL, _STREET, _COLLECT, _UNCALLED = maker(DealHole), maker(StreetStart), maker(Collect), maker(UncalledBet)
_SHOW, _STATED, _HAND, _STAKES = maker(Show), maker(StatedResults), maker(Hand), maker(Stakes)
_DISCARD, _STAND_PAT, _MUCK = maker(Discard), maker(StandPat), maker(Muck)
_CHAT, _STATUS, _NOTICE = maker(Chat), maker(StatusChange), maker(Notice)
_STAKE_PAIR = re.compile(
    r"(?P<small>(?:[$€£₹¥]|Rs\.\s?)?[0-9][0-9,.]*)\s*/\s*(?P<big>(?:[$€£₹¥]|Rs\.\s?)?[0-9][0-9,.]*)"
)


def passes_over(event: Event) -> bool:
    """An event of a line that moves no chips and deals no card (a notice, a player's chat or status, a chip-free
    unknown line): a reader that reads two lines as one (a deal's cards, both blinds) looks past it
    (docs/unknown-lines.md)."""
    return isinstance(event, Notice | StatusChange | Chat) or (isinstance(event, UnknownLine) and not event.action)


def shown_cards(text: str | None) -> tuple[Cards, int]:
    """Shown cards and how many of them a converted log hid as ``XX`` ("shows [XX Qs]": one card shown)."""
    words = (text or "").split()
    known = [w for w in words if w not in ("XX", "xx")]
    return cards(" ".join(known)), len(words) - len(known)


@dataclass(slots=True)
class SummaryBlock:
    """The SUMMARY block as it is read, before it becomes ``StatedResults``."""

    total: Decimal | None = None
    main: Decimal | None = None
    sides: list[Decimal] = field(default_factory=list)
    rake: Decimal | None = None
    stp: Decimal | None = None
    boards: list[Cards] = field(default_factory=list)
    run_twice: bool = False
    seats: list[SeatResult] = field(default_factory=list)
    pot_line: int = 0
    board_line: int = 0
    stacks_after: list[StackAfter] = field(default_factory=list)


Tok = TypeVar("Tok", "Token", LineRef)
"""A line as a callback receives it: a Lark ``Token``, or the fast path's ``LineRef``."""


def _dedented(lines: Sequence[str]) -> Sequence[str]:
    """A hand whose every line after its header begins with one space (a hand copied with an indent: the corpus'
    "Full Ring (10 Handed)" PokerStars file) read as written without it; any other hand as it is."""
    if len(lines) < 3 or not lines[1].startswith(" "):
        return lines
    rest = [line for line in lines[1:] if line.strip()]
    if not all(line.startswith(" ") and not line.startswith("  ") for line in rest):
        return lines
    return [lines[0], *(line[1:] if line.strip() else line for line in lines[1:])]


class TextHandBuilder:
    """Turns each line token into an event as the lexer produces it; the grammar checks their order.

    One method per line kind, named like the grammar's terminal, called with the line (``Tok``) and, on the fast
    path, its fields already matched. A site subclasses this class, overrides the vocabulary tables below, the
    methods of lines it writes differently and the hooks of ``build`` (``stakes_of``, ``site_name``,
    ``currency``, ``home_game``, ``zoom``).
    """

    games: ClassVar[dict[str, Game]] = GAMES
    structures: ClassVar[dict[str, Structure]] = STRUCTURES
    posts: ClassVar[dict[str, PostType]] = POSTS
    streets: ClassVar[dict[str, Street]] = STREETS
    draws: ClassVar[dict[str, Street]] = DRAWS
    runs: ClassVar[dict[str | None, int | None]] = RUNS
    statuses: ClassVar[tuple[tuple[str, PlayerStatus], ...]] = STATUSES
    uncalled_returns: ClassVar[UncalledReturns] = UncalledReturns.PRINTED
    """How the room shows an uncalled bet's return (``StatedResults.uncalled``; the engine derives the return)."""

    @classmethod
    def header_game(cls, game: str | None, structure: str | None) -> tuple[Game | None, Structure | None]:
        """The game and betting structure a header's ``game`` and ``structure`` fields name, from the vocabulary
        tables (None where the field is absent or, for the structure, unknown); a room whose header implies one
        (GGPoker's "PLO" is pot limit) says so here, for the hand and for ``TextSiteFormat.peek_hand`` alike."""
        return (
            None if game is None else cls.games.get(game.lower(), Game.OTHER),
            None if structure is None else cls.structures.get(structure.lower()),
        )

    def __init__(self, site: str) -> None:
        super().__init__()
        self.site = site
        self.fields: Mapping[str, re.Pattern[str]] = {}
        self.reset(1)

    def reset(self, first_line: int) -> None:
        self.offset = first_line - 1
        self.header: dict[str, str | None] = {}
        self.stakes: Stakes | None = None
        self.stakes_text = ""
        self.table: dict[str, str | None] = {}
        self.seats: list[Seat] = []
        self.events: list[Event] = []
        self.summary = SummaryBlock()
        self.run: int | None = None
        self.summary_line = 0
        self.at = 1
        self.board_dealt: Cards = ()  # the board cards the street lines have dealt so far (outside a second run)

    # -- helpers
    def _f(self, tok: Token | LineRef, fields: Fields | None = None) -> Fields:
        self.at = tok.line or 1  # the line being read, for errors in its fields
        if fields is not None:  # the fast path matched the line with its fields already
            return fields
        assert not isinstance(tok, LineRef)  # the fast path always brings the fields
        m = self.fields[tok.type].match(tok)
        if m is None:  # pragma: no cover - the lexer matched this very pattern
            raise FieldError(f"line does not match {tok.type}")
        return m.groupdict()

    def _lineno(self, tok: Token | LineRef) -> int:
        return self.offset + (tok.line or 1)

    def last_event(self) -> tuple[int, Event] | None:
        """The last event and its index, past the lines that move nothing (``passes_over``), or None."""
        for at in range(len(self.events) - 1, -1, -1):
            if not passes_over(self.events[at]):
                return at, self.events[at]
        return None

    def _deal_begins(self, tok: Tok) -> None:
        """For a room that writes no line for the deal: the first line after the blinds (a deal or an action)
        starts it."""
        if not any(isinstance(e, StreetStart) for e in self.events):
            self.events.append(StreetStart(line=self._lineno(tok), street=Street.PREFLOP))

    def _add(self, tok: Tok, fields: Fields | None, make: Callable[[Fields, int], Event]) -> Tok:
        self.events.append(make(self._f(tok, fields), self._lineno(tok)))
        return tok

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        h = self.header = self._f(tok, fields)
        self.stakes_text = h.get("stakes") or h.get("mix_stakes") or h.get("level_stakes") or ""
        self.stakes = self.stakes_of(self.stakes_text, h.get("level_stakes"))
        return tok

    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.table = self._f(tok, fields)
        return tok

    def BUTTON(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """A line of its own naming the button's seat (rooms that do not write it on the table line)."""
        self.table = {**self.table, "button": self._f(tok, fields)["button"]}
        return tok

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        bounty, sitting_out, out_of_hand = f["bounty"], f["sitting_out"], f["out_of_hand"]
        seat = int(f["seat"] or 0)
        player, stack, line = f["player"] or "", amount(f["amount"] or ""), self._lineno(tok)
        if bounty or sitting_out or out_of_hand:
            self.seats.append(_SEAT({
                "seat": seat, "player": player, "stack": stack, "sitting_out": bool(sitting_out),
                "out_of_hand": bool(out_of_hand),
                "bounty": amount(bounty) if bounty and bounty[0] in "$€£₹0123456789" else None, "line": line,
            }))
        else:  # most seats: the defaults are left to the model (fewer fields to validate)
            self.seats.append(_SEAT({"seat": seat, "player": player, "stack": stack, "line": line}))
        return tok

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        kind = self.posts[f["post"] or ""]
        value = amount(f["amount"] or "")
        line, player, all_in = self.offset + (tok.line or 1), f["player"] or "", bool(f["all_in"])
        if kind is PostType.BOTH_BLINDS and self.stakes is not None:
            # A returning player's "small & big blinds": the big blind is live, the rest is dead money.
            dead = max(Decimal(0), value - self.stakes.big)
            self.events.append(Post(line=line, player=player, post=kind, amount=value, dead=dead, all_in=all_in))
        elif all_in:
            self.events.append(Post(line=line, player=player, post=kind, amount=value, all_in=True))
        else:  # the commonest: no dead money, not all-in (the model's defaults)
            self.events.append(_POST({"line": line, "player": player, "post": kind, "amount": value}))
        return tok

    def BRINGS_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: Post(
                line=line, player=f["player"] or "", post=PostType.BRING_IN,
                amount=amount(f["amount"] or ""), all_in=bool(f["all_in"]),
            ),
        )

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self.offset + (tok.line or 1)
        self.events.append(
            _DEAL({"line": line, "player": f["player"] or "", "cards": cards(f["cards"]), "new": cards(f["new"])})
        )
        return tok

    def HOLE_CARDS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.events.append(_STREET({"line": self._lineno(tok), "street": Street.PREFLOP}))
        return tok

    DEALING_HANDS = HOLE_CARDS

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self.offset + (tok.line or 1)
        new, board = cards(f["new"]), cards(f["board"])
        run = self.runs[f["run"]]
        if not new:  # "*** FLOP *** [a b c]": the bracket holds the new cards
            new, board = board, ()
            dealt = self.board_dealt
            if dealt and run is None and len(new) > len(dealt) and new[: len(dealt)] == dealt:
                # ... after the board so far: Courchevel's flop, written whole in one bracket by 2013 logs
                # ("*** PRE-FLOP *** [2s]", then "*** FLOP *** [2s 3h 4h]"; later ones write "[2s] [3h 4h]")
                board, new = dealt, new[len(dealt) :]
        if run is None:
            self.board_dealt += new
        self.events.append(_STREET(
            {"line": line, "street": self.streets[f["street"] or ""], "cards": new, "board": board, "run": run}
        ))
        return tok

    def DRAW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: _STREET({"line": line, "street": self.draws[f["draw"] or ""]}))

    def SHOWDOWN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: dict[str, str | None], line: int) -> Event:
            self.run = self.runs[f["run"]]
            return _STREET({"line": line, "street": Street.SHOWDOWN, "run": self.run})

        return self._add(tok, fields, make)

    # -- actions
    # The commonest lines build their event directly (no closure), passing only the fields the line sets.
    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        shown = f["shown"]
        line = self.offset + (tok.line or 1)
        if shown:
            self.events.append(_FOLD({"line": line, "player": f["player"] or "", "shown": cards(shown)}))
        else:
            self.events.append(_FOLD({"line": line, "player": f["player"] or ""}))
        return tok

    def CHECK(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.events.append(_CHECK({"line": self.offset + (tok.line or 1), "player": f["player"] or ""}))
        return tok

    def _wager(self, tok: Tok, fields: Fields | None, make: Callable[[dict[str, object]], Event]) -> Tok:
        f = self._f(tok, fields)
        line, player, value = self.offset + (tok.line or 1), f["player"] or "", amount(f["amount"] or "")
        if f["all_in"]:
            self.events.append(make({"line": line, "player": player, "amount": value, "all_in": True}))
        else:
            self.events.append(make({"line": line, "player": player, "amount": value}))
        return tok

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._wager(tok, fields, _CALL)

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._wager(tok, fields, _BET)

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self.offset + (tok.line or 1)
        self.events.append(_RAISE(
            {"line": line, "player": f["player"] or "", "by": amount(f["amount"] or ""),
             "to": amount(f["amount_2"] or ""), "all_in": bool(f["all_in"]), "cap_reached": bool(f["cap"])}
        ))
        return tok

    def DISCARD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: _DISCARD(
                {"line": line, "player": f["player"] or "", "count": int(f["count"] or 0), "cards": cards(f["cards"])}
            ),
        )

    def STAND_PAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: _STAND_PAT({"line": line, "player": f["player"] or "", "cards": cards(f["cards"])}),
        )

    # -- money and showdown
    def UNCALLED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self.offset + (tok.line or 1)
        self.events.append(_UNCALLED({"line": line, "player": f["player"] or "", "amount": amount(f["amount"] or "")}))
        return tok

    def SHOWS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self.offset + (tok.line or 1)
        known, unknown = shown_cards(f["cards"])
        self.events.append(_SHOW(
            {"line": line, "player": f["player"] or "", "cards": known, "description": f["description"] or "",
             "unknown": unknown}
        ))
        return tok

    def MUCKS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: _MUCK({"line": line, "player": f["player"] or ""}))

    def NO_SHOW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields, lambda f, line: _MUCK({"line": line, "player": f["player"] or "", "announced": False})
        )

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self.offset + (tok.line or 1)
        self.events.append(_COLLECT(
            {"line": line, "player": f["player"] or "", "amount": amount(f["amount"] or ""), "pot": f["pot"] or "pot",
             "run": self.run}
        ))
        return tok

    def CASH_OUT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: CashOut(
                line=line, player=f["player"] or "", amount=amount(f["amount"] or ""),
                fee=amount(f["fee"] or "0"),
            ),
        )

    def CANCELLED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.events.append(HandCancelled(line=self._lineno(tok)))
        return tok

    # -- lines that may come anywhere
    def CHAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields, lambda f, line: _CHAT({"line": line, "player": f["player"] or "", "text": f["text"] or ""})
        )

    def STATUS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: dict[str, str | None], line: int) -> Event:
            text = f["status"] or ""
            status = next(s for prefix, s in self.statuses if text.startswith(prefix))
            written = f.get("seat")  # a room whose status lines name no seat has no such field
            seat = int(written) if written else None
            return _STATUS({"line": line, "player": f["player"] or "", "status": status, "seat": seat})

        return self._add(tok, fields, make)

    def NOTICE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: _NOTICE({"line": line, "text": f["text"] or ""}))

    # -- lines the grammar does not know (``docs/unknown-lines.md``)
    def UNKNOWN_LINE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """A line no line of the grammar matches, inside the hand: kept as it is written, and the hand goes on."""
        return self._add(
            tok, fields, lambda f, line: unknown_line(line, f["text"] or "", (s.player for s in self.seats))
        )

    def misplaced(self, tok: LineRef, text: str, kinds: tuple[str, ...]) -> bool:
        """A known line the grammar does not allow where it comes (``TableParser.misplaced``): kept as an unknown line
        when it carries no chips the reader can see (a loose line form that matched a notice: ``Player3 has timed
        out`` read as a showdown's ``has``, a table message as a dealer line: no word of the game's actions, no
        seated player's number), and it is no line of the hand's shape (``SHAPE_KINDS``); else (a post, a seated
        player's action, a seat, a street twice) the hand fails as before."""
        if any(kind in SHAPE_KINDS for kind in kinds):
            return False
        event = unknown_line(self._lineno(tok), text, (s.player for s in self.seats))
        # a word of the game's actions anywhere in it (not only after a seated player's name: a room may name its
        # players otherwise in its lines than in its seats, as Bovada's positions) and it may have moved chips
        if event.action or has_chip_words(text):
            return False
        self.events.append(event)
        return True

    def recover(self, tok: LineRef, fields: Fields | None, text: str, exc: ValueError) -> bool:
        """A line of a known kind that names a seated player but whose amount or cards the reader cannot read: an
        action in a new form (an ``UnknownLine`` naming the player), and the hand goes on. The lines that make the
        hand (header, table, seats) and lines naming nobody fail it as before."""
        if not isinstance(exc, FieldError) or not self.seats or kind_of(tok.type) in HAND_SHAPE_KINDS:
            return False
        if fields is None:
            m = self.fields[tok.type].match(text) if tok.type in self.fields else None
            fields = m.groupdict() if m is not None else {}
        player = fields.get("player")
        if not player:
            return False
        self.events.append(bad_field_line(self._lineno(tok), text, player))
        return True

    # -- summary
    def SUMMARY(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.summary_line = self._lineno(tok)
        return tok

    def TOTAL_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        s = self.summary
        s.pot_line = self._lineno(tok)
        s.total = amount(f["total"] or "")
        s.rake = amount(f["rake"] or "")
        for name, value in _POT_PART.findall(f["pots"] or ""):
            if name == "Main pot":
                s.main = amount(value)
            elif name == "STP":
                s.stp = amount(value)
            else:
                s.sides.append(amount(value))
        return tok

    def RUN_TWICE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.summary.run_twice = True
        return tok

    def BOARD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.summary.boards.append(cards(self._f(tok, fields)["board"]))
        self.summary.board_line = self.summary.board_line or self._lineno(tok)
        return tok

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        outcome = f["outcome"] or ""
        positions = f["positions"]
        # Most seats only folded: look for amounts and cards only when the words are there.
        shown = _SHOWED.search(outcome) if "showed [" in outcome else None
        mucked = _MUCKED.search(outcome) if "mucked [" in outcome else None
        paid = "won (" in outcome or "collected (" in outcome  # not "(didn't bet)", the commonest
        won = tuple(amount(w) for w in _WON.findall(outcome)) if paid else ()
        seat, player, line = int(f["seat"] or 0), f["player"] or "", self._lineno(tok)
        if not (positions or won or shown or mucked):  # a seat that folded: the defaults are left to the model
            self.summary.seats.append(_SEAT_RESULT({"seat": seat, "player": player, "text": outcome, "line": line}))
            return tok
        self.summary.seats.append(_SEAT_RESULT({
            "seat": seat,
            "player": player,
            "text": outcome,
            "positions": tuple(_POSITION.findall(positions)) if positions else (),
            "won": won,
            "shown": shown_cards(shown.group(1))[0] if shown else (),
            "mucked": cards(mucked.group(1)) if mucked else (),
            "line": line,
        }))
        return tok

    # -- the hand
    def build(self, file: str, first_line: int) -> Hand:
        h, t, s = self.header, self.table, self.summary
        game_text = (h.get("game") or "").lower()
        structure = self.structures[(h.get("structure") or "").lower()]
        tournament = None
        if h.get("tournament"):
            tournament = Tournament(
                id=h["tournament"] or "", buy_in=(h.get("buy_in") or "").strip(), level=h.get("level") or ""
            )
        stakes = self.stakes
        if stakes is None:  # pragma: no cover - the grammar puts a header first
            raise FieldError("no header")
        time_local = (h.get("time") or "").strip()
        time_et = h.get("time_et")
        button = t.get("button")
        max_seats = t.get("max_seats")
        stated = _STATED({
            "total_pot": s.total,
            "main_pot": s.main,
            "side_pots": tuple(s.sides),
            "rake": s.rake,
            "stp": s.stp,
            "boards": tuple(s.boards),
            "run_twice": s.run_twice,
            "seats": tuple(s.seats),
            "line": self.summary_line,
            "pot_line": s.pot_line,
            "board_line": s.board_line,
            "stacks_after": tuple(s.stacks_after),
            "uncalled": self.uncalled_returns,
        })
        events = self.events
        return _HAND({
            "site": self.site_name(),
            "hand_id": h.get("hand_id") or "",
            "file": file,
            "line": first_line,
            "game": self.games.get(game_text, Game.OTHER),
            "game_name": h.get("game") or "",
            "structure": structure,
            "stakes": stakes,
            "currency": self.currency(tournament is not None),
            "tournament": tournament,
            "home_game": self.home_game(),
            "zoom": self.zoom(),
            "table": t.get("table") or "",
            "max_seats": int(max_seats) if max_seats else None,
            "button": int(button) if button else None,
            "time_local": time_local + (f" [{time_et}]" if time_et else ""),
            "time_utc": self.time_utc(time_local, time_et),
            "seats": tuple(self.seats),
            "events": tuple(events),
            "summary": stated,
            "cancelled": HandCancelled in map(type, events),  # (no event model has subclasses)
        })

    # -- hooks for a site's quirks about the hand as a whole
    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        """The stakes in the header's stakes text ("$1/$2 USD"), or in the tournament level's ("50/100")."""
        pair = _STAKE_PAIR.search(text) or _STAKE_PAIR.search(level_stakes or "")
        if pair is None:
            raise FieldError(f"no stakes in {text!r}")
        small, big = amount(pair.group("small").rstrip(".,")), amount(pair.group("big").rstrip(".,"))
        return _STAKES({"small": small, "big": big})

    def time_utc(self, time_local: str, time_second: str | None) -> datetime | None:
        """The hand's start in UTC from the header's times: the bracketed second time ("[2012/12/13 19:59:19 ET]",
        PokerStars' Eastern time) when there is one, else the first."""
        return utc_time(time_second) if time_second else utc_time(time_local)

    def site_name(self) -> str:
        """The room that wrote this hand (``Hand.site``): the format's site unless the header names another."""
        return self.site

    def currency(self, tournament: bool) -> str:
        """Tournament chips, play money, or the ISO code the stakes are written in."""
        if tournament:
            return "CHIPS"
        code = currency_of(self.stakes_text)
        if self.table.get("money") == "Play Money" or code is None:
            return "PLAY"
        return code

    def home_game(self) -> str | None:
        """The private club or home game the hand was played in, if any."""
        return self.header.get("club")

    def zoom(self) -> bool:
        """Fast-fold poker (a new table after every fold)."""
        return False


class RaiseToBuilder(TextHandBuilder):
    """The layout's builder for sites that write a raise by its total only ("raises to $12", Full Tilt; Winning's
    "raises $12 to $12", whose first amount is the chips put in): it follows each street's bets
    (``text.StreetBets``) so that a raise's increment is its total less the highest bet before it.

    ``raise_total`` names the field of the RAISE line that holds the total; ``bets_carry_into`` the streets that
    start without sweeping the bets (stud's first street keeps the bring-in).
    """

    raise_total: ClassVar[str] = "amount"
    bets_carry_into: ClassVar[frozenset[Street]] = frozenset({Street.PREFLOP, Street.SECOND, Street.THIRD})

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.street = StreetBets()

    def BRINGS_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.street.add(f["player"] or "", amount(f["amount"] or ""))
        return super().BRINGS_IN(tok, f)

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.street.add(f["player"] or "", amount(f["amount"] or ""))
        return super().CALL(tok, f)

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.street.add(f["player"] or "", amount(f["amount"] or ""))
        return super().BET(tok, f)

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        if self.streets[f["street"] or ""] not in self.bets_carry_into:
            self.street.new_street()
        return super().STREET(tok, f)

    def DRAW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.street.new_street()
        return super().DRAW(tok, fields)

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, to = f["player"] or "", amount(f[self.raise_total] or "")
        by = self.street.raise_to(player, to)
        self.events.append(Raise(line=self._lineno(tok), player=player, by=by, to=to, all_in=bool(f["all_in"])))
        return tok


class TextSiteFormat(HeaderTests):
    """A registered reader of one site's text logs: detection, splitting hints, peek and parse.

    A site sets the class attributes below (see the module docstring); the methods are the same for every site.
    Its header facts (``header_start``, ``header_heads``, ``head_width``, ``glued_header_pattern``,
    ``glued_hints``, ``fallback``) come from its ``head`` (``headers.TextHeader``, which the registry detects
    with before this reader is loaded), or are set one by one as class attributes. Detection, ``is_header`` and
    ``glued_header`` are ``headers.HeaderTests``'. Each thread compiles its own grammar, builder and table
    driver (``_grammar``), on first use.
    """

    name: str
    """The registry name (``pokerstars``)."""
    site: str
    """The room, as ``Hand.site`` names it (``PokerStars``)."""
    grammar: ClassVar[str | Path]
    """The stem of the grammar file in ``grammars/`` (or a path to a ``.lark`` file elsewhere)."""
    builder: ClassVar[type[TextHandBuilder]] = TextHandBuilder
    head: ClassVar[TextHeader | None] = None
    """The header facts, copied to the class attributes below when a subclass sets it."""
    header_heads: frozenset[str] = frozenset()
    head_width: int = 5
    glued_header_pattern: re.Pattern[str] | None = None
    glued_hints: tuple[str, ...] = ()
    descriptions: ClassVar[dict[str, str]] = DESCRIPTIONS
    """Line kinds in words, for error messages."""
    summary_marker: str | None = "*** SUMMARY ***"
    """A line after which the first blank line ends the hand, or None."""
    between_hands: re.Pattern[str] | None = None
    """Lines the room writes between hands, part of none (an archive's numbering, the hand id said again before
    the header): skipped without being reported as lines outside any hand."""
    fallback: bool = False
    """True for a reader of a layout that many rooms share: detection asks it after every other format."""
    peek_fields: ClassVar[tuple[str, ...]] = ("hand_id", "game", "structure")
    """The header fields ``peek_hand`` looks for in the grammar's lines (a room whose header names the room that
    wrote it adds that field, and reads it in ``header_facts``)."""
    peek_id: ClassVar[re.Pattern[str] | None] = re.compile(r"#([0-9]+)")
    """The hand's id (group 1) in a first line no terminal of the grammar reads (a damaged header); None for a room
    whose first line numbers something else (PKR's ``Table #15200183``)."""
    peek_lines: ClassVar[int] = 12
    """How many of a hand's first lines may hold its header fields (PKR writes them over five lines)."""
    lead_control: ClassVar[str] = ""
    """A control character some clients write at the start of lines (``reading.reader.control_character``)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        head = cls.__dict__.get("head")
        if head is None and "grammar" in cls.__dict__:  # the header the reader's grammar states
            head = cls.head = grammar_head(cls.grammar)  # None: the facts are class attributes, set one by one
        if head is not None:  # every header fact from the head, none inherited from the parent reader
            for name in TextHeader.__dataclass_fields__:
                setattr(cls, name, getattr(head, name))

    def __init__(self) -> None:
        self._local = threading.local()
        self._peekers: tuple[tuple[re.Pattern[str], tuple[tuple[str, tuple[str, ...]], ...]], ...] | None = None

    def detect(self, head: Sequence[str]) -> bool:
        own = type(self).head  # a head may test more than the header line (``headers.LayoutHeader``)
        return own.detect(head) if own is not None else HeaderTests.detect(self, head)

    def _grammar(self) -> tuple[LineGrammar, TextHandBuilder, TableParser]:
        """The compiled grammar, its builder and the fast table driver, one set per thread."""
        state: tuple[LineGrammar, TextHandBuilder, TableParser] | None = getattr(self._local, "state", None)
        if state is None:
            builder = self.builder(self.site)
            grammar = load_line_grammar(self.grammar, builder)
            builder.fields = grammar.fields
            state = (grammar, builder,
                     TableParser(grammar, grammar.callbacks(builder), builder.recover, builder.misplaced))
            self._local.state = state
        return state

    def peek(self, header: str) -> HeaderFacts:
        return self.peek_hand((header,))

    def peek_hand(self, lines: Sequence[str]) -> HeaderFacts:
        """Hand id, game and structure read from the hand's first lines by the grammar's own terminals (those
        whose fields include ``peek_fields``), without a parse: what names a hand that cannot be parsed, and what
        ``reading.dedupe`` knows it by. A header the grammar cannot read gives only ``peek_id``'s id, from the
        first line."""
        found: dict[str, str] = {}
        wanted = len(self.peek_fields)
        strip = "\ufeff" + self.lead_control
        terminals = self._peekers or self._peek_terminals()
        for line in lines[: self.peek_lines]:
            text = line.lstrip(strip) + "\n"
            for rx, fields in terminals:
                m = rx.match(text)
                if m is None:
                    continue
                group = m.group  # the few groups asked by name: a header's ~16 as a dict cost more
                for name, groups in fields:
                    if name not in found:
                        for g in groups:
                            if (value := group(g)) is not None:
                                found[name] = value
                                break
            if len(found) == wanted:
                break
        facts = self.header_facts(found)
        if facts.hand_id is None and self.peek_id is not None and lines:
            m = self.peek_id.search(lines[0])
            if m is not None:
                facts = replace(facts, hand_id=m.group(1))
        return facts

    def header_facts(self, found: Mapping[str, str]) -> HeaderFacts:
        """``HeaderFacts`` of the fields ``peek_hand`` found (by their names in the grammar)."""
        game, structure = _header_game(self.builder, found.get("game"), found.get("structure"))
        return HeaderFacts(found.get("hand_id") or None, game, structure)

    def _peek_terminals(self) -> tuple[tuple[re.Pattern[str], tuple[tuple[str, tuple[str, ...]], ...]], ...]:
        """The grammar's line terminals holding a ``peek_fields`` field, each with the names of the groups that
        hold each (a field written twice in a terminal is numbered: ``game``, ``game_2``); read once, from the
        compiled grammar's field patterns."""
        if self._peekers is None:
            patterns = line_patterns(self.grammar)
            own = re.compile(r"\(\?P<(" + "|".join(self.peek_fields) + r")(?:_[0-9]+)?>")
            peekers = []
            for name in sorted(patterns.sources):  # the source text first: only these few are compiled
                if own.search(patterns.sources[name]) is None:
                    continue
                rx = patterns[name]
                fields = tuple(
                    (f, tuple(g for g in rx.groupindex if g == f or re.fullmatch(re.escape(f) + "_[0-9]+", g)))
                    for f in self.peek_fields
                )
                peekers.append((rx, tuple((f, g) for f, g in fields if g)))
            self._peekers = tuple(peekers)
        return self._peekers

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        grammar, builder, fast = self._grammar()
        if lines and max(map(len, lines)) > MAX_LINE:  # (one pass in C: the loop below only for such a hand)
            for index, text_line in enumerate(lines):
                if len(text_line) > MAX_LINE:  # no line of a hand is this long; do not make the lexer crawl it
                    error = ParseError(line=first_line + index, message=f"line longer than {MAX_LINE} characters")
                    raise HandParseFailure(error)
        written = lines
        lines = _dedented(lines)
        text = "\n".join(lines).lstrip("\ufeff") + "\n"
        builder.reset(first_line)
        try:
            if not (fast.available and fast.parse(text)):
                builder.reset(first_line)  # the fast path gave up: Lark parses again, and explains any error
                self._lark_parse(grammar, grammar.mark_unknown(text), lines, first_line, builder)
            hand = builder.build(file, first_line)
            if lines is not written:  # said, never mended silently
                said = Notice(line=first_line + 1, text="every line after the header is indented by one space (a"
                              " copy of the hand): read without it")
                hand = hand.model_copy(update={"events": (said, *hand.events)})
            return hand
        except FieldError as exc:
            index = builder.at - 1
            text_line = lines[index] if 0 <= index < len(lines) else ""
            error = ParseError(line=builder.offset + builder.at, message=str(exc), text=text_line[:300])
            raise HandParseFailure(error) from None

    def _lark_parse(
        self, grammar: LineGrammar, text: str, lines: Sequence[str], first_line: int, builder: TextHandBuilder
    ) -> None:
        """Lark's parse of a hand the fast path refused (Lark is imported here, not before): the events, or its
        error explained (``HandParseFailure``). A known line out of place once the hand has begun goes to the
        reader's ``misplaced``, as on the fast path: kept, Lark goes on after it."""
        from lark.exceptions import UnexpectedInput, UnexpectedToken

        def misplaced(exc: UnexpectedInput) -> bool:
            if not isinstance(exc, UnexpectedToken) or exc.token.type == "$END" or exc.interactive_parser is None:
                return False
            if len(exc.interactive_parser.parser_state.state_stack) <= 1:  # before the hand's first line
                return False
            written = str(exc.token.value)
            if not written.endswith("\n") or exc.token.type == UNKNOWN:
                return False
            kinds = grammar.kinds_matching(written)
            return builder.misplaced(LineRef(UNKNOWN, exc.token.line or 1), written.rstrip("\n"), kinds)

        try:
            grammar.parser.parse(text, on_error=misplaced)
        except UnexpectedInput as exc:
            error = self.explain(exc, grammar, lines, first_line)
            raise HandParseFailure(_at_unknown_line(error, text, lines, first_line)) from None

    def explain(self, exc: UnexpectedInput, grammar: LineGrammar, lines: Sequence[str], first_line: int) -> ParseError:
        """A parse failure in words: which line, what it is (if anything), and what the grammar would accept."""
        from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

        words = self.descriptions
        kinds_of = grammar.kinds
        index = (exc.line if isinstance(exc.line, int) and exc.line > 0 else len(lines)) - 1
        text = lines[index] if 0 <= index < len(lines) else ""
        expected: set[str] = set()
        if isinstance(exc, UnexpectedToken | UnexpectedEOF):
            expected = set(exc.expected)
        elif isinstance(exc, UnexpectedCharacters):
            expected = set(exc.allowed or ())
        expected = {kinds_of.get(e, e) for e in expected}
        names = tuple(sorted(words.get(e, e) for e in expected if not e.startswith("_") and e != "BLANK_LINE"))
        if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
            message = "the hand ends too early (truncated?)"
            index = len(lines) - 1
            text = lines[-1] if lines else ""
        else:
            # Name the most specific kind the line has ("Seat 4: P ($1 in chips)" is also a loose summary line).
            kinds = [kinds_of.get(name, name) for name, rx in grammar.fields.items() if rx.fullmatch(text + "\n")]
            kinds.sort(key=lambda name: name in LOOSE_KINDS)
            if not kinds and isinstance(exc, UnexpectedToken):
                kinds = [kinds_of.get(exc.token.type, exc.token.type)]
            message = f"{words.get(kinds[0], kinds[0])} cannot come here" if kinds else "unrecognised line"
        column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
        return ParseError(
            line=first_line + max(index, 0), column=column, message=message, expected=names, text=text[:300]
        )


_HEADER_GAMES: dict[tuple[type[TextHandBuilder], str | None, str | None], tuple[str | None, str | None]] = {}


def _header_game(
    builder: type[TextHandBuilder], game: str | None, structure: str | None
) -> tuple[str | None, str | None]:
    """The values of the game and structure ``builder.header_game`` names, once per text: a file's headers repeat a
    few games (an enum's ``.value`` and the tables' lookups cost ~3 µs a hand, twice per hand when peeked)."""
    key = (builder, game, structure)
    named = _HEADER_GAMES.get(key)
    if named is None:
        named_game, named_structure = builder.header_game(game, structure)
        if len(_HEADER_GAMES) >= 1024:  # bounded: texts a header does not match are kept too
            _HEADER_GAMES.clear()
        named = _HEADER_GAMES[key] = (
            named_game.value if named_game else None, named_structure.value if named_structure else None
        )
    return named


def _at_unknown_line(error: ParseError, marked: str, lines: Sequence[str], first_line: int) -> ParseError:
    """A known line refused right after unknown lines (passed over, ``grammar.MARK``), or a hand ending on them,
    was refused in their place: the first of them is the line the hand could not be followed at ("unrecognised
    line", what the grammar expected there), as before unknown lines were kept (a table line in a new form, then
    the seats; a translated client's posts, then nothing the grammar knows)."""
    if not (error.message.endswith("cannot come here") or error.message.startswith("the hand ends too early")):
        return error
    marks = [line.startswith(MARK) for line in marked.split("\n")]
    index = error.line - first_line
    start = index
    while start > 0 and start - 1 < len(marks) and marks[start - 1]:
        start -= 1
    if start == index or start >= len(lines):
        return error
    return error.model_copy(update={"line": first_line + start, "column": 1, "message": "unrecognised line",
                                    "text": lines[start][:300]})
