"""PokerStars text hand histories: ``grammars/pokerstars.lark`` plus the conversion of its lines to events.

Only site quirks live here ("raises 2 to 3" is a raise *to* 3; "small & big blinds" is a live big blind plus a
dead small blind; the SUMMARY block is kept as the site's stated results). No rule is checked here: a log
that breaks the rules is converted faithfully and judged by the engine.

Quirks of logs that passed through other tools are read too: PokerTracker 2 exports upper-case the header,
converted logs show hidden cards as ``XX`` ("shows [XX Qs]": one card shown, one unknown, see ``Show.unknown``),
and concatenated files can glue a header to the middle of a line (``glued_header``; the hand before it is then
truncated and reported as such).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeVar

from lark import Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

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
    Stakes,
    StandPat,
    StatedResults,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    Tournament,
    UncalledBet,
)
from handlog.formats.grammar import Fields, LineGrammar, LineRef, TableParser, load_line_grammar
from handlog.formats.text import FieldError, amount, cards, currency_of, utc_time
from handlog.reading.decode import MAX_LINE
from handlog.reading.registry import HandParseFailure, HeaderFacts, register

GAMES = {
    "hold'em": Game.HOLDEM,
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
    "HEADER": "the hand header ('PokerStars Hand #…')",
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

_LOOSE_KINDS = frozenset({"SUMMARY_SEAT", "CHAT", "STATUS", "NOTICE"})
_HEADER_HEADS = frozenset({"Poker", "POKER", "poker", "\ufeffPoke", "\ufeffPOKE", "\ufeffpoke"})
_HEADER_START = re.compile(r"^\ufeff?PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #", re.IGNORECASE)
_GLUED_HEADER = re.compile(
    r"PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #[0-9]+: [^\n]* - [0-9]{4}/[0-9]{1,2}/[0-9]{1,2}",
    re.IGNORECASE,
)
_GAME_WORDS = "|".join(re.escape(k) for k in sorted(GAMES, key=len, reverse=True))
_STRUCTURE_WORDS = "|".join(re.escape(k) for k in sorted(STRUCTURES, key=len, reverse=True))
_PEEK = re.compile(
    rf"#(?P<id>[0-9]+):.*?(?P<game>{_GAME_WORDS}) (?P<structure>{_STRUCTURE_WORDS})", re.IGNORECASE
)
_PEEK_ID = re.compile(r"#([0-9]+)")
_POT_PART = re.compile(r"(Main pot|Side pot(?:-[0-9]+)?|STP)\s+([^ |]+?)\.?(?=\s|\||$)")
_POSITION = re.compile(r"\(([^)]*)\)")
_WON = re.compile(r"(?:won|collected) \(([^)]*)\)")
_SHOWED = re.compile(r"showed \[([^\]]*)\]")
_MUCKED = re.compile(r"mucked \[([^\]]*)\]")
_STAKE_PAIR = re.compile(
    r"(?P<small>(?:[$€£₹]|Rs\.\s?)?[0-9][0-9,.]*)\s*/\s*(?P<big>(?:[$€£₹]|Rs\.\s?)?[0-9][0-9,.]*)"
)
_BUTTON_ANTE = re.compile(r"Button Blind\s*(?P<bb>\S+)\s*-\s*Ante\s*(?P<ante>\S+)")
_CAP = re.compile(r"-\s*(?P<cap>\S+) Cap")


def _shown_cards(text: str | None) -> tuple[Cards, int]:
    """Shown cards and how many of them a converted log hid as ``XX`` ("shows [XX Qs]": one card shown)."""
    words = (text or "").split()
    known = [w for w in words if w not in ("XX", "xx")]
    return cards(" ".join(known)), len(words) - len(known)


def _decimal(text: str | None) -> Decimal | None:
    return amount(text) if text else None


@dataclass(slots=True)
class _Summary:
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


Tok = TypeVar("Tok", Token, LineRef)
"""A line as a callback receives it: a Lark ``Token``, or the fast path's ``LineRef``."""


class _Builder(Transformer[Token, object]):
    """Turns each line token into an event as the lexer produces it; the grammar checks their order."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, re.Pattern[str]] = {}
        self.reset(1)

    def reset(self, first_line: int) -> None:
        self.offset = first_line - 1
        self.header: dict[str, str | None] = {}
        self.stakes: Stakes | None = None
        self.stakes_text = ""
        self.table: dict[str, str | None] = {}
        self.seats: list[Seat] = []
        self.events: list[Event] = []
        self.summary = _Summary()
        self.run: int | None = None
        self.summary_line = 0
        self.at = 1

    # -- helpers
    def _f(self, tok: Token | LineRef, fields: Fields | None = None) -> Fields:
        self.at = tok.line or 1  # the line being read, for errors in its fields
        if fields is not None:  # the fast path matched the line with its fields already
            return fields
        assert isinstance(tok, Token)  # the fast path always brings the fields
        m = self.fields[tok.type].match(tok)
        if m is None:  # pragma: no cover - the lexer matched this very pattern
            raise FieldError(f"line does not match {tok.type}")
        return m.groupdict()

    def _lineno(self, tok: Token | LineRef) -> int:
        return self.offset + (tok.line or 1)

    def _add(self, tok: Tok, fields: Fields | None, make: Callable[[Fields, int], Event]) -> Tok:
        self.events.append(make(self._f(tok, fields), self._lineno(tok)))
        return tok

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        h = self.header = self._f(tok, fields)
        self.stakes_text = h.get("stakes") or h.get("mix_stakes") or h.get("level_stakes") or ""
        self.stakes = _stakes(self.stakes_text, h.get("level_stakes"))
        return tok

    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.table = self._f(tok, fields)
        return tok

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        bounty = f["bounty"]
        self.seats.append(
            Seat(
                seat=int(f["seat"] or 0),
                player=f["player"] or "",
                stack=amount(f["amount"] or ""),
                sitting_out=bool(f["sitting_out"]),
                out_of_hand=bool(f["out_of_hand"]),
                bounty=amount(bounty) if bounty and bounty[0] in "$€£₹0123456789" else None,
                line=self._lineno(tok),
            )
        )
        return tok

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: dict[str, str | None], line: int) -> Event:
            kind = POSTS[f["post"] or ""]
            value = amount(f["amount"] or "")
            dead = Decimal(0)
            if kind is PostType.BOTH_BLINDS and self.stakes is not None:
                # A returning player's "small & big blinds": the big blind is live, the rest is dead money.
                dead = max(Decimal(0), value - self.stakes.big)
            player = f["player"] or ""
            return Post(line=line, player=player, post=kind, amount=value, dead=dead, all_in=bool(f["all_in"]))

        return self._add(tok, fields, make)

    def BRINGS_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: Post(
                line=line, player=f["player"] or "", post=PostType.BRING_IN,
                amount=amount(f["amount"] or ""), all_in=bool(f["all_in"]),
            ),
        )

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: DealHole(
                line=line, player=f["player"] or "", cards=cards(f["cards"]), new=cards(f["new"])
            ),
        )

    def HOLE_CARDS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.events.append(StreetStart(line=self._lineno(tok), street=Street.PREFLOP))
        return tok

    DEALING_HANDS = HOLE_CARDS

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: dict[str, str | None], line: int) -> Event:
            new, board = cards(f["new"]), cards(f["board"])
            if not new:  # "*** FLOP *** [a b c]": the bracket holds the new cards
                new, board = board, ()
            return StreetStart(
                line=line, street=STREETS[f["street"] or ""], cards=new, board=board, run=RUNS[f["run"]]
            )

        return self._add(tok, fields, make)

    def DRAW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: StreetStart(line=line, street=DRAWS[f["draw"] or ""]))

    def SHOWDOWN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: dict[str, str | None], line: int) -> Event:
            self.run = RUNS[f["run"]]
            return StreetStart(line=line, street=Street.SHOWDOWN, run=self.run)

        return self._add(tok, fields, make)

    # -- actions
    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields, lambda f, line: Fold(line=line, player=f["player"] or "", shown=cards(f["shown"]))
        )

    def CHECK(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Check(line=line, player=f["player"] or ""))

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: Call(
                line=line, player=f["player"] or "", amount=amount(f["amount"] or ""), all_in=bool(f["all_in"])
            ),
        )

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: Bet(
                line=line, player=f["player"] or "", amount=amount(f["amount"] or ""), all_in=bool(f["all_in"])
            ),
        )

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: Raise(
                line=line,
                player=f["player"] or "",
                by=amount(f["amount"] or ""),
                to=amount(f["amount_2"] or ""),
                all_in=bool(f["all_in"]),
                cap_reached=bool(f["cap"]),
            ),
        )

    def DISCARD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: Discard(
                line=line, player=f["player"] or "", count=int(f["count"] or 0), cards=cards(f["cards"])
            ),
        )

    def STAND_PAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields, lambda f, line: StandPat(line=line, player=f["player"] or "", cards=cards(f["cards"]))
        )

    # -- money and showdown
    def UNCALLED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: UncalledBet(line=line, player=f["player"] or "", amount=amount(f["amount"] or "")),
        )

    def SHOWS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: dict[str, str | None], line: int) -> Event:
            known, unknown = _shown_cards(f["cards"])
            return Show(
                line=line, player=f["player"] or "", cards=known, description=f["description"] or "",
                unknown=unknown,
            )

        return self._add(tok, fields, make)

    def MUCKS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or ""))

    def NO_SHOW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or "", announced=False))

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: Collect(
                line=line, player=f["player"] or "", amount=amount(f["amount"] or ""),
                pot=f["pot"] or "pot", run=self.run,
            ),
        )

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
        return self._add(tok, fields, lambda f, line: Chat(line=line, player=f["player"] or "", text=f["text"] or ""))

    def STATUS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: dict[str, str | None], line: int) -> Event:
            text = f["status"] or ""
            status = next(s for prefix, s in STATUSES if text.startswith(prefix))
            seat = int(f["seat"]) if f["seat"] else None
            return StatusChange(line=line, player=f["player"] or "", status=status, seat=seat)

        return self._add(tok, fields, make)

    def NOTICE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Notice(line=line, text=f["text"] or ""))

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
        won = tuple(amount(w) for w in _WON.findall(outcome)) if "(" in outcome else ()
        self.summary.seats.append(
            SeatResult(
                seat=int(f["seat"] or 0),
                player=f["player"] or "",
                text=outcome,
                positions=tuple(_POSITION.findall(positions)) if positions else (),
                won=won,
                shown=_shown_cards(shown.group(1))[0] if shown else (),
                mucked=cards(mucked.group(1)) if mucked else (),
                line=self._lineno(tok),
            )
        )
        return tok

    # -- the hand
    def build(self, file: str, first_line: int) -> Hand:
        h, t, s = self.header, self.table, self.summary
        game_text = (h.get("game") or "").lower()
        structure = STRUCTURES[(h.get("structure") or "").lower()]
        stakes_text = self.stakes_text
        tournament = None
        if h.get("tournament"):
            tournament = Tournament(
                id=h["tournament"] or "", buy_in=(h.get("buy_in") or "").strip(), level=h.get("level") or ""
            )
        stakes = self.stakes
        if stakes is None:  # pragma: no cover - the grammar puts a header first
            raise FieldError("no header")
        if tournament is not None:
            currency = "CHIPS"
        elif t.get("money") == "Play Money" or currency_of(stakes_text) is None:
            currency = "PLAY"
        else:
            currency = currency_of(stakes_text) or "PLAY"
        time_local = (h.get("time") or "").strip()
        time_et = h.get("time_et")
        button = t.get("button")
        max_seats = t.get("max_seats")
        stated = StatedResults(
            total_pot=s.total,
            main_pot=s.main,
            side_pots=tuple(s.sides),
            rake=s.rake,
            stp=s.stp,
            boards=tuple(s.boards),
            run_twice=s.run_twice,
            seats=tuple(s.seats),
            line=self.summary_line,
            pot_line=s.pot_line,
            board_line=s.board_line,
        )
        events = self.events
        return Hand(
            site="PokerStars",
            hand_id=h.get("hand_id") or "",
            file=file,
            line=first_line,
            game=GAMES.get(game_text, Game.OTHER),
            game_name=h.get("game") or "",
            structure=structure,
            stakes=stakes,
            currency=currency,
            tournament=tournament,
            home_game=h.get("club"),
            zoom=(h.get("room") or "").startswith("Zoom") or bool(h.get("zoom_tournament")),
            table=t.get("table") or "",
            max_seats=int(max_seats) if max_seats else None,
            button=int(button) if button else None,
            time_local=time_local + (f" [{time_et}]" if time_et else ""),
            time_utc=utc_time(time_et) if time_et else utc_time(time_local),
            seats=tuple(self.seats),
            events=tuple(events),
            summary=stated,
            cancelled=any(isinstance(e, HandCancelled) for e in events),
        )


def _stakes(text: str, level_stakes: str | None) -> Stakes:
    button = _BUTTON_ANTE.search(text)
    if button:
        bb, ante = amount(button.group("bb")), amount(button.group("ante"))
        return Stakes(small=bb, big=bb, ante=ante, button_blind=bb)
    pair = _STAKE_PAIR.search(text) or _STAKE_PAIR.search(level_stakes or "")
    if pair is None:
        raise FieldError(f"no stakes in {text!r}")
    cap = _CAP.search(text)
    return Stakes(
        small=amount(pair.group("small").rstrip(".,")),
        big=amount(pair.group("big").rstrip(".,")),
        cap=amount(cap.group("cap")) if cap else None,
    )


class PokerStarsFormat:
    """The PokerStars reader, registered as ``pokerstars``."""

    name = "pokerstars"
    site = "PokerStars"
    summary_marker: str | None = "*** SUMMARY ***"

    def __init__(self) -> None:
        self._local = threading.local()

    def _grammar(self) -> tuple[LineGrammar, _Builder, TableParser]:
        """The compiled grammar, its builder and the fast table driver, one set per thread."""
        state: tuple[LineGrammar, _Builder, TableParser] | None = getattr(self._local, "state", None)
        if state is None:
            builder = _Builder()
            grammar = load_line_grammar("pokerstars", builder)
            builder.fields = grammar.fields
            callbacks = {name: getattr(builder, name) for name in grammar.terminal_names if hasattr(builder, name)}
            state = (grammar, builder, TableParser(grammar, callbacks))
            self._local.state = state
        return state

    def detect(self, head: Sequence[str]) -> bool:
        return any(_HEADER_START.match(line) or self.glued_header(line) > 0 for line in head)

    def is_header(self, line: str) -> bool:
        # Cheap first: most lines start with a player's name, and only a few names start with "Poker".
        return line[:5] in _HEADER_HEADS and _HEADER_START.match(line) is not None

    def glued_header(self, line: str) -> int:
        """Where a header starts in the middle of ``line`` (logs concatenated without a newline), or -1."""
        if "Stars" not in line and "STARS" not in line:
            return -1
        m = _GLUED_HEADER.search(line, 1)
        if m is None or ' said, "' in line[: m.start()]:
            return -1
        return m.start()

    def peek(self, header: str) -> HeaderFacts:
        m = _PEEK.search(header)
        if m is None:
            hand_id = _PEEK_ID.search(header)
            return HeaderFacts(hand_id=hand_id.group(1) if hand_id else None)
        game = GAMES.get(m.group("game").lower(), Game.OTHER)
        structure = STRUCTURES.get(m.group("structure").lower())
        return HeaderFacts(m.group("id"), game.value, structure.value if structure else None)

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        grammar, builder, fast = self._grammar()
        for index, text_line in enumerate(lines):
            if len(text_line) > MAX_LINE:  # no PokerStars line is this long; do not make the lexer crawl through it
                error = ParseError(line=first_line + index, message=f"line longer than {MAX_LINE} characters")
                raise HandParseFailure(error)
        text = "\n".join(lines).lstrip("\ufeff") + "\n"
        builder.reset(first_line)
        try:
            if not (fast.available and fast.parse(text)):
                builder.reset(first_line)  # the fast path gave up: Lark parses again, and explains any error
                grammar.parser.parse(text)
            return builder.build(file, first_line)
        except UnexpectedInput as exc:
            raise HandParseFailure(_explain(exc, grammar, lines, first_line)) from None
        except FieldError as exc:
            index = builder.at - 1
            text_line = lines[index] if 0 <= index < len(lines) else ""
            error = ParseError(line=builder.offset + builder.at, message=str(exc), text=text_line[:300])
            raise HandParseFailure(error) from None


def _explain(exc: UnexpectedInput, grammar: LineGrammar, lines: Sequence[str], first_line: int) -> ParseError:
    """A parse failure in words: which line, what it is (if anything), and what the grammar would accept."""
    index = (exc.line if isinstance(exc.line, int) and exc.line > 0 else len(lines)) - 1
    text = lines[index] if 0 <= index < len(lines) else ""
    expected: set[str] = set()
    if isinstance(exc, UnexpectedToken | UnexpectedEOF):
        expected = set(exc.expected)
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
    names = tuple(
        sorted(DESCRIPTIONS.get(e, e) for e in expected if not e.startswith("_") and e != "BLANK_LINE")
    )
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        message = "the hand ends too early (truncated?)"
        index = len(lines) - 1
        text = lines[-1] if lines else ""
    else:
        # Name the most specific kind the line has ("Seat 4: P ($1 in chips)" is also a loose summary line).
        kinds = [name for name, rx in grammar.fields.items() if rx.fullmatch(text + "\n")]
        kinds.sort(key=lambda name: name in _LOOSE_KINDS)
        if not kinds and isinstance(exc, UnexpectedToken):
            kinds = [exc.token.type]
        message = f"{DESCRIPTIONS.get(kinds[0], kinds[0])} cannot come here" if kinds else "unrecognised line"
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    return ParseError(
        line=first_line + max(index, 0), column=column, message=message, expected=names, text=text[:300]
    )


register(PokerStarsFormat())
