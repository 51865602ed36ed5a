"""Boss Media XML hand histories: only Boss's quirks, on the streaming machinery of ``xmlsession``.

A file is a ``<ROOT>`` holding one ``<HISTORY ID=… TABLE=… GAME=… LIMIT=… STAKES="0.05/0.10" TABLECURRENCY=…
DATE=epoch>`` per hand: its ``<PLAYER NAME SEAT AMOUNT>`` (the stack before the blinds), then ``<ACTION TYPE=…
PLAYER=… VALUE=…>`` elements in the order played, and a ``<SHOWDOWN POT=… RAKE=…>`` with one ``<RESULT PLAYER WIN
HAND>`` per player. Boss's quirks:

- cards are numbers (``<CARD LINK="42">``; ``b``, the card's back, for an unknown card): ``LINK`` = 13 × suit +
  rank, suits in the order diamonds, clubs, hearts, spades, ranks from the ace (0) to the king (12). Derived from
  fpdb's sidecars of the three corpus hands, whose ``card1…`` fields and ``boardcard1…`` code cards as 13 × (h, d,
  c, s) + (2 … A = 1 … 13): the GBP hand's board LINKs 14, 0, 19, 6, 8 are fpdb's 27, 26, 32, 19, 21 (2c Ad 7c 7d
  9d), the hero's 42, 25 are 4s Kc, the winner's 11, 26 (Qd Ah: "two pair, aces and sevens", as its ``HAND``
  says); the USD hero's 34, 6 are 9h 7d, the PLO hero's 25, 24, 2, 27 are Kc Qc 3d 2h: every one fits;
- a bet, raise or all-in states the player's TOTAL for the round, not the chips it adds; so does a call in the
  clients that write no ``ENDTIME`` (the GBP hand's small blind "calls 0.55" of a raise to 0.55, and the flop's
  ``POT`` is 2.30 only so); the later ones (2009-2016) state a call as the chips it adds (the small blind of 5.00
  "calls 5.00" of a big blind of 10.00, and the flop's ``POT`` is 30.00 over three players);
- a seat with nobody in it is written ``NAME="UNKNOWN" STATE="STATE_EMPTY"``; ``STATE_SITOUT`` sits out;
- a tournament's ante is an action of its own, ``HAND_ANTE``; Omaha Hi/Lo is ``GAME_OMAHL``;
- the button is the player written ``DEALER="Y"``; the older clients name none: it is the seat before the small
  blind's (heads-up, the small blind's own);
- the board is written whole on each street (``HAND_BOARD``: the flop, then flop and turn …);
- the showdown's ``POT`` is what the winners share, after the rake: the total pot is ``POT`` + ``RAKE``; a ``WIN``
  leaves out a bet nobody called, which is never written: the engine returns it (the total shows it) and its notes
  say so.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import ClassVar

from handlog.events import (
    Check,
    Collect,
    DealHole,
    Fold,
    Game,
    Hand,
    PostType,
    Seat,
    Show,
    Stakes,
    StatedResults,
    Street,
    StreetStart,
    Structure,
)
from handlog.formats import headers
from handlog.formats.xmlsession import (
    HandDocument,
    Node,
    XmlHandBuilder,
    XmlHandError,
    XmlSessionFormat,
    to_int,
    unknown_element,
)
from handlog.reading.registry import register

ZERO = Decimal(0)
SUITS = "dchs"
RANKS = "A23456789TJQK"
UNKNOWN = "b"
GAMES = {"GAME_THM": (Game.HOLDEM, "Hold'em"), "GAME_OMA": (Game.OMAHA, "Omaha"),
         "GAME_OMAHL": (Game.OMAHA_HI_LO, "Omaha Hi/Lo")}
EMPTY = "STATE_EMPTY"
"""A seat written with nobody in it (``NAME="UNKNOWN" AMOUNT="0.00"``): no player."""
SITTING_OUT = "STATE_SITOUT"
STRUCTURES = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
POSTS = {"HAND_SB": PostType.SMALL_BLIND, "HAND_BB": PostType.BIG_BLIND, "HAND_ANTE": PostType.ANTE}
WAGERS = {"ACTION_CALL": "call", "ACTION_BET": "bet", "ACTION_RAISE": "raise", "ACTION_ALLIN": "all_in"}
BOARDS = {"BOARD_FLOP": Street.FLOP, "BOARD_TURN": Street.TURN, "BOARD_RIVER": Street.RIVER}
FOLDED = "$(STR_G_FOLD)"
"""A result's ``HAND`` for a player who shows nothing (folded, or lost and mucked)."""


class BossError(XmlHandError):
    """A field that does not read as Boss writes it."""


def amount(text: str) -> Decimal:
    """``7.12``: Boss writes plain decimal amounts."""
    try:
        return Decimal(text.strip())
    except InvalidOperation as exc:
        raise BossError(f"{text!r} is not an amount") from exc


def card(link: str) -> str | None:
    """A ``LINK`` code as a card (``42`` → ``4s``); None for a card's back (``b``)."""
    if link == UNKNOWN:
        return None
    if not link.isdigit() or not 0 <= int(link) < 52:
        raise BossError(f"card LINK {link!r} is not a card code (0-51, or b)")
    n = int(link)
    return RANKS[n % 13] + SUITS[n // 13]


def cards_of(node: Node) -> tuple[tuple[str, ...], int]:
    """The known cards under an element, and how many were written face down."""
    links = [c.get("LINK") for c in node.findall("CARD")]
    known = tuple(c for c in (card(x) for x in links) if c)
    return known, len(links) - len(known)


class BossBuilder(XmlHandBuilder):
    """One ``<HISTORY>`` element into a ``Hand``."""

    def __init__(self, doc: HandDocument, file: str) -> None:
        super().__init__(doc, file)
        self.board: tuple[str, ...] = ()

    def build(self) -> Hand:
        h = self.node
        players = [p for p in h.findall("PLAYER") if p.get("STATE") != EMPTY]
        if not players:
            raise BossError("the hand names no players")
        if h.get("GAME") not in GAMES:
            raise BossError(f"unknown game {h.get('GAME')!r}")
        if h.get("LIMIT") not in STRUCTURES:
            raise BossError(f"unknown limit {h.get('LIMIT')!r}")
        game, game_name = GAMES[h.get("GAME")]
        structure = STRUCTURES[h.get("LIMIT")]
        small, sep, big = h.get("STAKES").partition("/")
        if not sep:
            raise BossError(f"stakes {h.get('STAKES')!r} are not small/big")
        stakes = Stakes(small=amount(small), big=amount(big))
        seats = tuple(sorted((Seat(seat=to_int(p.get("SEAT")), player=p.get("NAME"), stack=amount(p.get("AMOUNT")),
                                   sitting_out=p.get("STATE") == SITTING_OUT, line=p.line) for p in players),
                             key=lambda s: s.seat))
        # the clients of 2009 and later (the hand's ENDTIME written) state a call as the chips it adds; the older
        # ones as the player's total for the round, as every client states a bet or a raise
        self.calls_add = "ENDTIME" in h.attrib
        self.names = {s.player for s in seats}
        self.start_betting(seats, stakes, structure)
        actions = h.findall("ACTION")
        for a in actions:
            self._action(a)
        showdown = h.find("SHOWDOWN")
        summary = StatedResults(line=h.line)
        if showdown is not None:
            self._results(showdown)
            rake = amount(showdown.get("RAKE", "0"))
            summary = StatedResults(total_pot=amount(showdown.get("POT", "0")) + rake, rake=rake,
                                    line=showdown.line, pot_line=showdown.line)
        date = h.get("DATE")
        return Hand(
            site="Boss", hand_id=h.get("ID"), file=self.file, line=h.line, game=game, game_name=game_name,
            structure=structure, stakes=stakes, currency=h.get("TABLECURRENCY") or "USD", table=h.get("TABLE"),
            button=self._button(seats, actions), time_local=date,
            time_utc=datetime.fromtimestamp(int(date), UTC) if date.isdigit() else None,
            seats=seats, events=tuple(self.events), summary=summary,
        )

    def _button(self, seats: tuple[Seat, ...], actions: list[Node]) -> int | None:
        """The seat its player's ``DEALER="Y"`` names (later clients); else the seat before the small blind's (the
        small blind's own heads-up): the older clients name no button."""
        dealer = next((to_int(p.get("SEAT")) for p in self.node.findall("PLAYER") if p.get("DEALER") == "Y"), None)
        if dealer is not None:
            return dealer
        small = next((a.get("PLAYER") for a in actions if a.get("KIND") == "HAND_SB"), None)
        order = [s.seat for s in seats]
        seat = next((s.seat for s in seats if s.player == small), None)
        if seat is None or len(order) < 3:
            return seat
        return order[order.index(seat) - 1]

    def _player(self, a: Node) -> str:
        name = a.get("PLAYER")
        if name not in self.names:
            raise BossError(f"line {a.line}: {name!r} acts but has no seat")
        return name

    def _action(self, a: Node) -> None:
        kind, line = a.get("TYPE"), a.line
        if kind == "HAND_BLINDS":
            post = POSTS.get(a.get("KIND"))
            if post is None:
                raise BossError(f"line {line}: unknown blind {a.get('KIND')!r}")
            self.events.append(self.bets.post(line, self._player(a), post, amount(a.get("VALUE")), self.big))
        elif kind == "HAND_ANTE":  # a tournament's ante, an action of its own
            self.events.append(self.bets.post(line, self._player(a), PostType.ANTE, amount(a.get("VALUE")), self.big))
        elif kind == "HAND_DEAL":
            if not any(isinstance(e, StreetStart) for e in self.events):
                self.events.append(StreetStart(line=line, street=Street.PREFLOP))
            known, _ = cards_of(a)
            if known:
                self.events.append(DealHole(line=line, player=self._player(a), cards=known))
        elif kind == "HAND_BOARD":
            street = BOARDS.get(a.get("VALUE"))
            if street is None:
                raise BossError(f"line {line}: unknown board {a.get('VALUE')!r}")
            whole, _ = cards_of(a)
            new, self.board = whole[len(self.board):], whole
            self.bets.new_round()
            self.events.append(StreetStart(line=line, street=street, cards=new))
        elif kind == "ACTION_FOLD":
            name = self._player(a)
            self.folded.add(name)
            self.events.append(Fold(line=line, player=name))
        elif kind == "ACTION_CHECK":
            self.events.append(Check(line=line, player=self._player(a)))
        elif kind in WAGERS:  # a wager states the player's total for the round (a call, in later clients, the chips)
            name, to = self._player(a), amount(a.get("VALUE"))
            wager = WAGERS[kind]
            if wager == "call" and self.calls_add:
                to += self.bets.before(name)
            added = to - self.bets.before(name)
            self.events.append(self.bets.wager(line, name, wager, to if wager == "raise" else added))
        else:
            self.events.append(unknown_element(a, kind, a.get("PLAYER"), self.names))  # the audit judges it

    def _results(self, showdown: Node) -> None:
        """Shown hands, then what each player collected (``WIN``: the pot after rake, no uncalled bet)."""
        results = showdown.findall("RESULT")
        for r in results:
            shown, unknown = cards_of(r)
            if shown and r.get("HAND") != FOLDED:
                self.events.append(Show(line=r.line, player=self._player(r), cards=shown, unknown=unknown))
        for r in results:
            won = amount(r.get("WIN", "0"))
            if won > 0:
                self.events.append(Collect(line=r.line, player=self._player(r), amount=won))


class BossFormat(XmlSessionFormat):
    name = "boss"
    builder = BossBuilder
    site = "Boss"
    hand_tag = "HISTORY"
    action_elements: ClassVar[dict[str, frozenset[str]]] = {
        "HISTORY": frozenset({"ACTION", "PLAYER", "SHOWDOWN"}), "ACTION": frozenset({"CARD"}),
        "SHOWDOWN": frozenset({"RESULT"}), "RESULT": frozenset({"CARD"}),
    }
    context_tags = frozenset()
    head = headers.BOSS

    id_attribute = "ID"
    html_entities = True  # "&pound;&Ouml;" in a player's name


register(BossFormat())
