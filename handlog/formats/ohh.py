"""Open Hand History (OHH, hh-specs.handhistory.org): ``.ohh`` files of ``{"ohh": {…}}`` JSON objects.

A file holds one hand or many, each a self-contained JSON object, separated by a blank line (the specification's
"Storage Format"); this reader also takes objects on one line each, several on one line, or an array of them. The
file is cut into objects by a small scanner that follows braces and strings (``split``: a ``DocumentFormat``), so
that a malformed object costs only itself, and each object is read with the standard library's ``json`` (exact
``Decimal`` numbers, no ``NaN``), within size and depth limits. Each hand's line is the line its object starts on.

What the specification says and this reader maps onto handlog's events:

- ``game_type`` ``Holdem``, ``Omaha``, ``OmahaHiLo`` (five or six hole cards dealt: the five- and six-card games);
  ``Stud``, ``StudHiLo`` and ``Draw`` have no street names in OHH for their rounds and are refused with that reason;
  ``bet_limit.bet_type`` ``NL``, ``PL``, ``FL`` (fixed limit: the small bet is the big blind, the big bet twice it),
  ``bet_cap`` a cap when above zero;
- actions: ``Post SB``/``Post BB``/``Post Ante``/``Straddle``/``Post Dead``/``Post Extra Blind`` are forced bets;
  ``Bet``, ``Call`` and ``Raise`` give "the amount the player put into the pot for this action" (the spec's
  example: raised to 20 after betting 2 is a raise of 18), so a raise is made "to" the player's bet on the street
  plus its amount; ``Shows Cards``, ``Mucks Cards``, ``Dealt Cards``; ``Add to Pot`` is money the site put in;
  ``Added Chips``, ``Sits Down``, ``Stands Up`` (and anything else without an amount) are kept as notices; an
  action this reader does not know that moves an amount fails the hand, never skipped;
- rounds in ``id`` order; a street met again is the next run of a hand run twice; the ``Showdown`` round is
  read after the board (some writers put it before the run-outs);
- ``pots``: each player's ``win_amount`` is what they collected from that pot, ``amount`` the pot with its rake
  (and ``jackpot``); OHH writes no return of an uncalled bet: the pots' total is what the players put in once it
  came back, and the audit returns it from that total. ``cashout_amount`` is a cash-out (the player's win is then
  not collected), ``bonus_amount`` money paid outside the pot.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from handlog.errors import ParseError
from handlog.events import (
    Bet,
    Call,
    CashOut,
    Check,
    Collect,
    DealHole,
    Event,
    Fold,
    Game,
    Hand,
    HouseFee,
    Muck,
    Notice,
    Post,
    PostType,
    PotDrop,
    Raise,
    Seat,
    Show,
    SidePayment,
    Stakes,
    StatedResults,
    Street,
    StreetStart,
    Structure,
    Tournament,
)
from handlog.formats import headers
from handlog.formats.document import DocumentFailure, DocumentReader, SizeLimit, failure_in, load_json
from handlog.formats.sitenames import room_name
from handlog.formats.unknown import bad_field_line, unknown_entry
from handlog.reading.registry import HandParseFailure, HeaderFacts, register
from handlog.reading.split import MAX_HAND_LINES, Chunk, SplitStats

ZERO = Decimal(0)
MAX_OBJECT_CHARS = 4_000_000
"""An object longer than this is not read (the largest real hand is some ten thousand characters)."""
MAX_DEPTH = 16
"""OHH nests four deep (hand, rounds, actions, cards); deeper nesting is refused before ``json`` recurses."""

STRUCTURES = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
BOARD_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
POSTS = {
    "Post SB": PostType.SMALL_BLIND,
    "Post BB": PostType.BIG_BLIND,
    "Post Ante": PostType.ANTE,
    "Straddle": PostType.STRADDLE,
    "Post Dead": PostType.DEAD_BLIND,
    "Post Extra Blind": PostType.BIG_BLIND,
}
LIVE_POSTS = frozenset({PostType.SMALL_BLIND, PostType.BIG_BLIND, PostType.STRADDLE})
WAGERS = frozenset({"Bet", "Call", "Raise", "Check", "Fold"})
NOTICES = frozenset({"Added Chips", "Sits Down", "Stands Up", "Payout"})
"""Actions kept as notices: seat changes, and "Payout" (not in the specification; PokerStars' converted hands
write one after the showdown; the pots say what was won)."""
PLAY_MONEY = frozenset({"XPM", "PPC"})


ACTIONS = (
    "Dealt Cards", "Mucks Cards", "Shows Cards", "Post Ante", "Post SB", "Post BB", "Straddle", "Post Dead",
    "Post Extra Blind", "Fold", "Check", "Bet", "Raise", "Call", "Added Chips", "Sits Down", "Stands Up",
    "Add to Pot",
)
STREETS = ("Preflop", "Flop", "Turn", "River", "Showdown")
GAME_TYPES = {"holdem": "Holdem", "texasholdem": "Holdem", "omaha": "Omaha", "omahahilo": "OmahaHiLo",
              "omahahl": "OmahaHiLo", "omaha8": "OmahaHiLo", "stud": "Stud", "studhilo": "StudHiLo", "draw": "Draw"}
BET_TYPES = {"nl": "NL", "nolimit": "NL", "pl": "PL", "potlimit": "PL", "fl": "FL", "limit": "FL", "fixedlimit": "FL"}


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_CANONICAL = {_key(name): name for name in (*ACTIONS, *STREETS)}


def _canonical(value: object, table: dict[str, str] = _CANONICAL) -> object:
    """The specification's spelling of a name a writer wrote in another case or spacing ("post sb", "PreFlop")."""
    return table.get(_key(value), value) if isinstance(value, str) else value


def _game(game_type: str, hole: int) -> tuple[Game, str]:
    if game_type == "Holdem":
        return Game.HOLDEM, "Hold'em"
    if game_type in ("Omaha", "OmahaHiLo"):
        hi_lo = game_type == "OmahaHiLo"
        if hole == 5:
            if hi_lo:
                return Game.FIVE_CARD_OMAHA_HI_LO, "5 Card Omaha Hi/Lo"
            return Game.FIVE_CARD_OMAHA, "5 Card Omaha"
        if hole == 6 and not hi_lo:
            return Game.SIX_CARD_OMAHA, "6 Card Omaha"
        return (Game.OMAHA_HI_LO, "Omaha Hi/Lo") if hi_lo else (Game.OMAHA, "Omaha")
    raise OHHError(
        f"game_type {game_type!r}: handlog reads OHH's board games (Holdem, Omaha, OmahaHiLo); OHH names no"
        " streets for the rounds of Stud and Draw"
    )


# ---------------------------------------------------------------------------------------------- the document
def _cards(value: object) -> list[str]:
    """``cards`` as the spec writes them (an array of card strings); writers also put "" or a space-separated
    string for no cards."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [_card(c) for c in value.split()]
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return [_card(c) for c in value if c]
    raise ValueError("cards must be an array of card strings")


def _card(text: str) -> str:
    """A card as the spec writes it (rank then suit, ``"Ah"``), from a writer's other spellings (``"AH"``,
    ``"10h"``)."""
    text = text.strip()
    if len(text) == 3 and text[:2] == "10":
        text = "T" + text[2]
    return text[0].upper() + text[1].lower() if len(text) == 2 else text


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="allow")


class OHHAction(_Model):
    action_number: int | None = None
    player_id: int | None = None
    action: str
    amount: Decimal = ZERO
    is_allin: bool = False
    cards: list[str] = []

    @field_validator("action", mode="before")
    @classmethod
    def _spelling(cls, v: object) -> object:
        return _canonical(v)

    @field_validator("cards", mode="before")
    @classmethod
    def _card_list(cls, v: object) -> list[str]:
        return _cards(v)

    @field_validator("amount", mode="before")
    @classmethod
    def _no_amount(cls, v: object) -> object:
        return ZERO if v is None else v

    @field_validator("is_allin", mode="before")
    @classmethod
    def _no_flag(cls, v: object) -> object:
        return False if v is None else v


class OHHRound(_Model):
    id: int | None = None
    street: str
    cards: list[str] = []
    actions: list[OHHAction] = []

    @field_validator("street", mode="before")
    @classmethod
    def _spelling(cls, v: object) -> object:
        return _canonical(v)

    @field_validator("actions", mode="before")
    @classmethod
    def _no_actions(cls, v: object) -> object:
        return [] if v is None else v

    @field_validator("cards", mode="before")
    @classmethod
    def _card_list(cls, v: object) -> list[str]:
        return _cards(v)


class OHHPlayer(_Model):
    id: int
    seat: int
    name: str
    display: str | None = None
    starting_stack: Decimal
    is_sitting_out: bool = False


class OHHWin(_Model):
    player_id: int
    win_amount: Decimal = ZERO
    cashout_amount: Decimal | None = None
    cashout_fee: Decimal | None = None
    bonus_amount: Decimal | None = None


class OHHPot(_Model):
    number: int | None = None
    amount: Decimal
    rake: Decimal | None = None
    jackpot: Decimal | None = None
    player_wins: list[OHHWin] = []


class OHHBetLimit(_Model):
    bet_type: str
    bet_cap: Decimal | None = None

    @field_validator("bet_type", mode="before")
    @classmethod
    def _spelling(cls, v: object) -> object:
        return _canonical(v, BET_TYPES)


class OHHTournamentInfo(_Model):
    tournament_number: str | int | None = None
    name: str | None = None
    buyin_amount: Decimal | None = None
    fee_amount: Decimal | None = None
    bounty_fee_amount: Decimal | None = None
    currency: str | None = None


POKERNOW = "PokerNow"
_POKERNOW_GAME = re.compile(r"pgl[A-Za-z0-9_-]{20,}")
"""A PokerNow game's id ("pglMTwWjtlpKXlGCB119DrPl6", the game's address on pokernow.club)."""


_PEEK_NUMBER = re.compile(r'"game_number"\s*:\s*("(?:[^"\\\n]|\\.)*"|-?\d+)')
_PEEK_NAME = re.compile(r'"(site_name|network_name|table_name)"\s*:\s*("(?:[^"\\\n]|\\.)*"|null)')


def room(site_name: str | None, network_name: str | None) -> str:
    """The hand's room: its ``site_name`` (else ``network_name``) under handlog's name for it
    (``formats.sitenames``: "Pacific Poker" is ``888poker``), else ``OHH``."""
    return room_name(site_name or network_name, "OHH")


def pokernow_conversion(doc: OHHHand) -> bool:
    """A document a converter wrote from a PokerNow log under another room's name (``site_name`` "PokerStars", for
    the trackers that import PokerStars' hands): its table is a PokerNow game's id and its players carry
    PokerNow's nicknames beside their ids (``display``). Both corpus files of the kind
    (fresh/ohh-json/*poker_now_log_pgl*.ohh, 2022) list the Showdown round's shows in an order of their own: the
    pot's winner first in 29 of their 32 showdowns of two or more hands, whoever bet last."""
    table = doc.table_name
    return (
        isinstance(table, str) and _POKERNOW_GAME.fullmatch(table) is not None
        and any(p.display and p.display != p.name for p in doc.players)
    )


class OHHHand(_Model):
    """The fields of ``{"ohh": …}`` handlog reads (hh-specs.handhistory.org, "The Specification")."""

    spec_version: str | None = None
    site_name: str | None = None
    network_name: str | None = None
    tournament: bool = False
    tournament_info: OHHTournamentInfo | None = None
    game_number: str | int
    start_date_utc: str | None = None
    table_name: str | int | None = None
    game_type: str
    bet_limit: OHHBetLimit
    table_size: int | None = None
    currency: str | None = None
    dealer_seat: int | None = None
    small_blind_amount: Decimal | None = None
    big_blind_amount: Decimal | None = None
    ante_amount: Decimal | None = None
    flags: list[str] = []
    players: list[OHHPlayer]
    rounds: list[OHHRound]
    pots: list[OHHPot] = []

    @field_validator("game_type", mode="before")
    @classmethod
    def _spelling(cls, v: object) -> object:
        return _canonical(v, GAME_TYPES)

    @field_validator("flags", "rounds", "pots", mode="before")
    @classmethod
    def _no_list(cls, v: object) -> object:
        return [] if v is None else v

    @field_validator("tournament", mode="before")
    @classmethod
    def _no_flag(cls, v: object) -> object:
        return False if v is None else v


class OHHError(ValueError):
    """A hand whose fields contradict each other, with the line to blame (0: the hand's own line)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def load(lines: Sequence[str], first_line: int) -> tuple[OHHHand, str]:
    """The hand in one object's lines (``lines[0]`` is file line ``first_line``) and its text; raises
    ``HandParseFailure`` with the line and what was wrong."""
    failure = failure_in(lines[-1], first_line) if len(lines) == 2 else None  # what ``split`` cut short
    if failure is not None:
        raise HandParseFailure(ParseError(line=failure.line, message=failure.message))
    text = "\n".join(lines)
    try:
        data = load_json(text)
    except json.JSONDecodeError as exc:
        index = min(max(exc.lineno - 1, 0), max(len(lines) - 1, 0))
        ends = not text[exc.pos :].strip()
        message = (
            "the file ends before this JSON object is closed" if ends else f"not valid JSON: {exc.msg}"
        )
        raise HandParseFailure(ParseError(
            line=first_line + index, column=exc.colno, message=message, text=lines[index][:300] if lines else "",
        )) from None
    except (ValueError, RecursionError) as exc:
        raise HandParseFailure(ParseError(line=first_line, message=f"not valid JSON: {exc}")) from None
    if not isinstance(data, dict) or not isinstance(data.get("ohh"), dict):
        keys = ", ".join(sorted(map(str, data)))[:200] if isinstance(data, dict) else type(data).__name__
        raise HandParseFailure(ParseError(
            line=first_line, message=f'a JSON object without "ohh": not an Open Hand History hand ({keys})',
            expected=('{"ohh": {…}}',),
        ))
    try:
        return OHHHand.model_validate(data["ohh"]), text
    except ValidationError as exc:
        first = exc.errors()[0]
        path = " → ".join(str(part) for part in first["loc"])
        key = next((str(p) for p in reversed(first["loc"]) if isinstance(p, str)), "")
        line = _key_line(lines, first_line, key)
        raise HandParseFailure(ParseError(line=line, message=f"OHH field {path or '?'}: {first['msg']}")) from None


def _key_line(lines: Sequence[str], first_line: int, key: str) -> int:
    if key:
        needle = f'"{key}"'
        for k, line in enumerate(lines):
            if needle in line:
                return first_line + k
    return first_line


def _lines_of(lines: Sequence[str], first_line: int, pattern: re.Pattern[str], count: int) -> list[int]:
    """The file line of each occurrence of ``pattern`` (a key), when there are ``count`` of them; else the hand's."""
    found = [first_line + k for k, line in enumerate(lines) for _ in pattern.finditer(line)]
    return found if len(found) == count else [first_line] * count


_ACTION_KEY = re.compile(r'"action"\s*:')
_STREET_KEY = re.compile(r'"street"\s*:')
_WIN_KEY = re.compile(r'"player_id"\s*:\s*-?[0-9]+\s*,\s*"win_amount"|"win_amount"\s*:')
_STACK_KEY = re.compile(r'"starting_stack"\s*:')


# ---------------------------------------------------------------------------------------------- the hand
class HandBuilder:
    """One pass over an OHH hand's rounds, keeping each street's bets (a raise's amount is what it adds)."""

    def __init__(self, doc: OHHHand, lines: Sequence[str], first_line: int, file: str) -> None:
        self.doc = doc
        self.lines = lines
        self.first_line = first_line
        self.file = file
        self.names: dict[int, str] = {}
        for p in doc.players:
            if p.id in self.names:
                raise OHHError(f"player id {p.id} is given twice", _key_line(lines, first_line, "players"))
            if p.name in self.names.values():
                raise OHHError(f"the player name {p.name!r} is given twice", _key_line(lines, first_line, "players"))
            self.names[p.id] = p.name
        if len(self.names) < 2:
            raise OHHError("a hand needs at least two players", _key_line(lines, first_line, "players"))
        structure = STRUCTURES.get(doc.bet_limit.bet_type.upper())
        if structure is None:
            raise OHHError(f"bet_type {doc.bet_limit.bet_type!r}: expected NL, PL or FL",
                           _key_line(lines, first_line, "bet_type"))
        self.structure = structure
        hole = max((len(a.cards) for r in doc.rounds for a in r.actions if a.action == "Dealt Cards"), default=0)
        try:
            self.game, self.game_name = _game(doc.game_type, hole)
        except OHHError as exc:
            raise OHHError(str(exc), _key_line(lines, first_line, "game_type")) from None
        self.events: list[Event] = []
        self.bets: dict[str, Decimal] = {}

    def name(self, player_id: int | None, line: int, action: str) -> str:
        if player_id is None or player_id not in self.names:
            raise OHHError(f"{action!r} by player_id {player_id}, who is not in players", line)
        return self.names[player_id]

    # ------------------------------------------------------------------ rounds
    def rounds(self) -> None:
        doc = self.doc
        total = sum(len(r.actions) for r in doc.rounds)
        action_lines = iter(_lines_of(self.lines, self.first_line, _ACTION_KEY, total))
        street_lines = _lines_of(self.lines, self.first_line, _STREET_KEY, len(doc.rounds))
        located = [
            (street_lines[k], r, [next(action_lines) for _ in r.actions]) for k, r in enumerate(doc.rounds)
        ]
        order = sorted(range(len(located)), key=lambda k: (located[k][1].id is None, located[k][1].id or 0, k))
        located = [located[k] for k in order]
        # the showdown after the board (a writer may put it before the run-outs of an all-in hand)
        located.sort(key=lambda x: x[1].street == "Showdown")
        if not located or located[0][1].street != "Preflop":
            raise OHHError("the first round must be Preflop (round 0)", street_lines[0] if street_lines else 0)
        board: list[str] = []
        before: dict[Street, list[str]] = {}
        runs: dict[Street, int] = {}
        shown: set[tuple[str, tuple[str, ...]]] = set()
        for line, rnd, lines in located:
            if rnd.street == "Preflop":
                if self.bets:
                    raise OHHError("a second Preflop round", line)
                self.preflop(rnd, lines, line)
                continue
            if rnd.street == "Showdown":
                folded = sum(1 for e in self.events if isinstance(e, Fold))
                if len(self.names) - folded >= 2:  # a lone winner's (or a folded player's) show is no showdown
                    self.events.append(StreetStart(line=line, street=Street.SHOWDOWN))
                for a, at in zip(rnd.actions, lines, strict=True):
                    if a.action == "Shows Cards" and a.player_id in self.names:
                        key = (self.names[a.player_id], tuple(a.cards))
                        if key in shown:  # shown once per run of a hand run twice: one show is enough
                            continue
                        shown.add(key)
                    self.action(a, at)
                continue
            street = BOARD_STREETS.get(rnd.street)
            if street is None:
                raise OHHError(f"street {rnd.street!r}: expected Preflop, Flop, Turn, River or Showdown", line)
            runs[street] = runs.get(street, 0) + 1
            self.bets = {}
            if runs[street] == 1:
                before[street] = list(board)
                self.events.append(StreetStart(line=line, street=street, cards=tuple(rnd.cards)))
                board.extend(rnd.cards)
            else:
                later = [s for s in BOARD_STREETS.values() if s in runs and s != street and runs[s] == runs[street]]
                base = () if later else tuple(before[street])
                self.events.append(
                    StreetStart(line=line, street=street, cards=tuple(rnd.cards), board=base, run=runs[street])
                )
            for a, at in zip(rnd.actions, lines, strict=True):
                self.action(a, at)

    def preflop(self, rnd: OHHRound, lines: list[int], line: int) -> None:
        """Forced bets first, then the deal, then the betting, as a site's log writes them."""
        acts = list(zip(rnd.actions, lines, strict=True))
        first_bet = next((k for k, (a, _) in enumerate(acts) if a.action in WAGERS), len(acts))
        self.bets = {name: ZERO for name in self.names.values()}
        for a, at in acts[:first_bet]:
            if a.action in POSTS or a.action == "Add to Pot":
                self.action(a, at)
        self.events.append(StreetStart(line=line, street=Street.PREFLOP))
        for a, at in acts[:first_bet]:
            if a.action == "Dealt Cards":
                self.action(a, at)
        for a, at in acts[:first_bet]:
            if a.action not in POSTS and a.action not in ("Add to Pot", "Dealt Cards"):
                self.action(a, at)
        for a, at in acts[first_bet:]:
            self.action(a, at)

    # ------------------------------------------------------------------ actions
    def action(self, a: OHHAction, line: int) -> None:
        kind = a.action
        amount = a.amount
        if amount < 0:  # an amount in a form not met: an action of its player in a new form (when seated)
            if a.player_id not in self.names:
                raise OHHError(f"{kind!r} of a negative amount ({amount})", line)
            text = json.dumps(a.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False)
            self.events.append(bad_field_line(line, text, self.names[a.player_id]))
            return
        if kind == "Add to Pot":
            self.events.append(PotDrop(line=line, amount=amount))
            return
        if kind in NOTICES:
            who = self.names.get(a.player_id) if a.player_id is not None else None
            text = f"{kind} {amount}" if amount else kind
            self.events.append(Notice(line=line, text=text, player=who))
            return
        if kind not in POSTS and kind not in WAGERS and kind not in ("Dealt Cards", "Shows Cards", "Mucks Cards"):
            # an action of a kind not met: kept, and judged by the audit (docs/unknown-lines.md)
            who = self.names.get(a.player_id) if a.player_id is not None else None
            text = json.dumps(a.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False)
            self.events.append(unknown_entry(line, text, kind, who, (amount,), self.names.values()))
            return
        player = self.name(a.player_id, line, kind)
        bets = self.bets
        if kind in POSTS:
            post = POSTS[kind]
            if post in LIVE_POSTS:
                bets[player] = bets.get(player, ZERO) + amount
            self.events.append(Post(line=line, player=player, post=post, amount=amount, all_in=a.is_allin))
        elif kind == "Dealt Cards":
            if a.cards and all(len(c) == 2 and c[0] not in "Xx?" for c in a.cards):
                self.events.append(DealHole(line=line, player=player, cards=tuple(a.cards)))
        elif kind == "Fold":
            self.events.append(Fold(line=line, player=player))
        elif kind == "Check":
            self.events.append(Check(line=line, player=player))
        elif kind == "Call":
            bets[player] = bets.get(player, ZERO) + amount
            self.events.append(Call(line=line, player=player, amount=amount, all_in=a.is_allin))
        elif kind == "Bet":
            bets[player] = bets.get(player, ZERO) + amount
            self.events.append(Bet(line=line, player=player, amount=amount, all_in=a.is_allin))
        elif kind == "Raise":
            top = max(bets.values(), default=ZERO)
            to = bets.get(player, ZERO) + amount
            bets[player] = to
            self.events.append(Raise(line=line, player=player, by=to - top, to=to, all_in=a.is_allin))
        elif kind == "Shows Cards":
            self.events.append(Show(line=line, player=player, cards=tuple(a.cards)))
        elif kind == "Mucks Cards":
            self.events.append(Muck(line=line, player=player))

    # ------------------------------------------------------------------ results
    def pots(self) -> StatedResults:
        doc = self.doc
        pots = sorted(doc.pots, key=lambda p: p.number if p.number is not None else 0)
        wins = sum(len(p.player_wins) for p in pots)
        win_lines = iter(_lines_of(self.lines, self.first_line, _WIN_KEY, wins))
        pot_line = _key_line(self.lines, self.first_line, "pots")
        # a hand nobody won anything in (everyone folded to a lone blind, whose bet came back): its zero wins are
        # still the awards, so that the audit settles the hand (returns the uncalled bet the pots' total shows)
        nothing_won = not any(w.win_amount > 0 or w.cashout_amount for p in pots for w in p.player_wins)
        for k, pot in enumerate(pots):
            name = "pot" if len(pots) == 1 else ("main pot" if k == 0 else f"side pot-{k}")
            for w in pot.player_wins:
                line = next(win_lines)
                player = self.name(w.player_id, line, "player_wins")
                if w.cashout_amount is not None and w.cashout_amount > 0:
                    self.events.append(CashOut(
                        line=line, player=player, amount=w.cashout_amount, fee=w.cashout_fee or ZERO,
                    ))
                elif w.win_amount or nothing_won:
                    self.events.append(Collect(line=line, player=player, amount=w.win_amount, pot=name))
                if w.bonus_amount:
                    self.events.append(SidePayment(line=line, player=player, amount=w.bonus_amount, reason="bonus"))
        rakes = [p.rake for p in pots if p.rake is not None]
        jackpot = sum((p.jackpot or ZERO for p in pots), ZERO)
        repeated = any(isinstance(e, StreetStart) and e.run for e in self.events)
        return StatedResults(
            total_pot=sum((p.amount for p in pots), ZERO) if pots else None,
            main_pot=pots[0].amount if len(pots) > 1 else None,
            side_pots=tuple(p.amount for p in pots[1:]) if len(pots) > 1 else (),
            rake=sum(rakes, ZERO) if rakes else None,
            fees=(HouseFee(name="Jackpot", amount=jackpot),) if jackpot else (),
            run_twice=repeated or "Run_It_Twice" in doc.flags,
            line=pot_line,
            pot_line=pot_line,
        )

    def stakes(self) -> Stakes:
        doc = self.doc
        big = doc.big_blind_amount
        small = doc.small_blind_amount
        posted = [a.amount for r in doc.rounds for a in r.actions if a.action == "Post BB" and a.amount > 0]
        if big is None or (big <= 0 and posted):
            if not posted:
                raise OHHError("big_blind_amount is not given and no big blind is posted",
                               _key_line(self.lines, self.first_line, "big_blind_amount"))
            big = max(posted)
        small = small if small is not None else big / 2
        ante = doc.ante_amount if doc.ante_amount else None
        cap = doc.bet_limit.bet_cap if doc.bet_limit.bet_cap else None
        if self.structure == Structure.FIXED_LIMIT:  # OHH states the blinds: the bets are the big blind and twice it
            return Stakes(small=big, big=big * 2, ante=ante, cap=cap)
        return Stakes(small=small, big=big, ante=ante, cap=cap)

    def hand(self) -> Hand:
        doc = self.doc
        stack_lines = _lines_of(self.lines, self.first_line, _STACK_KEY, len(doc.players))
        seats = tuple(
            Seat(seat=p.seat, player=p.name, stack=p.starting_stack, sitting_out=p.is_sitting_out, line=line,
                 display=p.display if p.display and p.display != p.name else None)
            for p, line in zip(doc.players, stack_lines, strict=True)
        )
        if len({s.seat for s in seats}) != len(seats):
            raise OHHError("two players share a seat", _key_line(self.lines, self.first_line, "players"))
        stakes = self.stakes()
        self.rounds()
        summary = self.pots()
        tournament = self.tournament()
        site = room(doc.site_name, doc.network_name)
        if site != POKERNOW and pokernow_conversion(doc):
            # the hands were played at PokerNow; their Showdown round is in the converter's order (winners first)
            site = POKERNOW
            summary = summary.model_copy(update={"shows_in_order": False})
        return Hand(
            site=site,
            hand_id=str(doc.game_number),
            file=self.file,
            line=self.first_line,
            game=self.game,
            game_name=self.game_name,
            structure=self.structure,
            stakes=stakes,
            currency=self.currency(tournament is not None),
            tournament=tournament,
            zoom="Fast" in doc.flags,
            table=str(doc.table_name) if doc.table_name is not None else "",
            max_seats=doc.table_size,
            button=doc.dealer_seat,
            time_local=doc.start_date_utc or "",
            time_utc=self.time(),
            seats=seats,
            events=tuple(self.events),
            summary=summary,
        )

    def tournament(self) -> Tournament | None:
        info = self.doc.tournament_info
        if not self.doc.tournament and info is None:
            return None
        number = info.tournament_number if info is not None else None
        buy_in = ""
        if info is not None and info.buyin_amount is not None:
            fee = info.fee_amount or ZERO
            buy_in = f"{info.buyin_amount}+{fee}" + (f" {info.currency}" if info.currency else "")
        return Tournament(id=str(number) if number is not None else "", buy_in=buy_in)

    def currency(self, tournament: bool) -> str:
        code = (self.doc.currency or "").strip().upper()
        if tournament:
            return "CHIPS"
        if code in PLAY_MONEY:
            return "PLAY"
        return code or "CHIPS"

    def time(self) -> datetime | None:
        text = (self.doc.start_date_utc or "").strip()
        if not text:
            return None
        try:
            t = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return None
        return t.replace(tzinfo=UTC) if t.tzinfo is None else t.astimezone(UTC)


# ---------------------------------------------------------------------------------------------- the format
class OHHFormat(DocumentReader):
    """The OHH reader, registered as ``ohh``: a ``DocumentFormat`` (it cuts its files into JSON objects). No line
    is a header: ``split`` yields a hand on the line its object closes, so no line starts the next one (a file
    read on as it grows, ``store.tail``, resumes after that line)."""

    name = "ohh"
    site = "OHH"
    declared = headers.OHH

    def peek(self, header: str) -> HeaderFacts:
        m = re.search(r'"game_number"\s*:\s*"?([^",}\s]+)', header)
        return HeaderFacts(hand_id=m.group(1) if m else None)

    def peek_hand(self, lines: Sequence[str]) -> HeaderFacts:
        """The hand's ``game_number`` and room (``site_name``, else ``network_name``, as :func:`room` names it)
        found in its text without reading the object (``handlog.reading.dedupe`` knows a hand by them): a key
        written once, as a JSON key (inside a string its quotes would be escaped). A hand whose text does not say
        them plainly (no ``game_number``, or one written twice) has no id here, and is known by its text."""
        text = "\n".join(lines)
        numbers = _PEEK_NUMBER.findall(text)
        values: dict[str, list[str | None]] = {}
        try:
            for key, value in _PEEK_NAME.findall(text):
                values.setdefault(key, []).append(None if value == "null" else json.loads(value))
            hand_id = json.loads(numbers[0]) if len(numbers) == 1 else None
        except ValueError:  # an escape JSON does not know: the parse says where
            return HeaderFacts()
        if hand_id is None or any(len(v) > 1 for v in values.values()):
            return HeaderFacts()
        site = room(*(values.get(k, [None])[0] for k in ("site_name", "network_name")))
        table = values.get("table_name", [None])[0]
        if site != POKERNOW and table is not None and _POKERNOW_GAME.fullmatch(table) and '"display"' in text:
            site = POKERNOW  # as :func:`pokernow_conversion` (whose players' ``display`` differ from their names)
        return HeaderFacts(hand_id=str(hand_id), site=site)

    def split(self, lines: Iterable[str], stats: SplitStats | None, start: int) -> Iterator[Chunk]:
        """The top-level JSON objects in ``lines``, each as the lines it spans (cut to the object on its first and
        last line), from the line it starts on. Text outside any object other than separators (``[``, ``,``,
        ``]``) is counted as junk; an object too long or too deep is cut short (and fails, saying so)."""
        depth = 0
        in_string = False
        parts: list[str] = []
        begin_line = start
        limit = SizeLimit(MAX_OBJECT_CHARS, MAX_HAND_LINES)
        cut: str | None = None
        for number, line in enumerate(lines, start):
            pos = 0  # where the open object's text on this line begins
            junk = False
            i = 0
            n = len(line)
            if depth == 0:
                pos = -1
            while i < n:
                ch = line[i]
                if in_string:
                    if ch == "\\":
                        i += 2
                        continue
                    if ch == '"':
                        in_string = False
                    i += 1
                    continue
                if depth == 0:
                    if ch == "{":
                        depth, pos, begin_line, cut = 1, i, number, None
                        limit = SizeLimit(MAX_OBJECT_CHARS, MAX_HAND_LINES)
                    elif not (ch.isspace() or ch in "[],\ufeff"):
                        junk = True
                    i += 1
                    continue
                if ch == '"':
                    in_string = True
                elif ch in "{[":
                    depth += 1
                    if depth > MAX_DEPTH:
                        cut = cut or f"nested more than {MAX_DEPTH} deep"
                elif ch in "}]":
                    depth -= 1
                    if depth == 0:
                        parts.append(line[pos : i + 1])
                        yield self._chunk(begin_line, parts, cut)
                        parts, pos = [], -1
                i += 1
            if depth > 0:
                piece = line[pos:] if pos >= 0 else line
                if not limit.take(piece, newline=False) and cut is None:
                    cut = limit.what()
                if cut is None or not parts:
                    parts.append(piece)
            if junk and stats is not None:
                stats.junk(number, line)
        if depth > 0 and parts:
            yield self._chunk(begin_line, parts, cut)

    @staticmethod
    def _chunk(line: int, parts: list[str], cut: str | None) -> Chunk:
        """The object's lines; one cut short keeps its first line (its id, for the record) and the failure."""
        if cut is None:
            return Chunk(line, parts)
        return Chunk(line, [parts[0], DocumentFailure(line, 1, f"a JSON object {cut}: not read").as_line()])

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        doc, _ = load(lines, first_line)
        try:
            return HandBuilder(doc, lines, first_line, file).hand()
        except OHHError as exc:
            raise HandParseFailure(ParseError(line=exc.line or first_line, message=str(exc))) from None
        except (InvalidOperation, ValidationError, ValueError) as exc:
            message = f"an OHH hand handlog cannot read: {exc}"
            raise HandParseFailure(ParseError(line=first_line, message=message)) from None


register(OHHFormat())
