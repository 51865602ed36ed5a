"""Microgaming XML hand histories: only Microgaming's quirks, on the streaming machinery of ``xmlsession``.

A hand is a ``<Game id=… date=… tablename=… unicodetablename=… stakes="0.10|0.20" betlimit="NL" gametype=…
currencysymbol=…>`` with ``<Seats>`` (each ``<Seat num alias unicodealias balance endbalance dealer>``) and
``<Gameplay>``: ``<Action seq type seat value>`` elements (cards as ``<Card value suit id>`` inside them) and a
closing ``<Action type="Win">`` listing ``<Seat num amount …>``. Microgaming's quirks:

- an action names its player by SEAT number;
- texts that may not be ASCII are written twice, plainly and as base64 of UTF-16LE (``unicodetablename``,
  ``unicodealias``, ``currencysymbol`` ``rCA=`` for €): the plain ``alias`` names the player (a name the plain text
  cannot hold falls back to the decoded one), the decoded symbol gives the currency;
- the first layout (no ``hhversion``) writes a call and a raise as the player's TOTAL for the round; ``hhversion``
  2 and later write the chips they add (a raise: the call and the raise together); ``Bet`` before the flop is a
  raise; ``AllIn`` adds its chips;
- ``PostedToPlay`` is a new player's blind: the big blind, or a small one when it is the small blind's amount;
  ``AllIn`` before the deal is a blind the stack does not cover; ``sittingout="true"`` on a seat sits out;
- ``BadBeatContribution`` (tables with ``badbeat="true"``, 2013) is a jackpot fee a player pays outside the pot: a
  side payment, as GGPoker's jackpot fees are;
- a bet nobody called is written ``MoneyReturned``, or not at all: then the owner's ``Win`` holds it;
- each seat's ``endbalance`` is its stack after the hand, and no total pot nor rake is written: the engine computes
  them (its notes say so); ``endbalance`` is checked against the replay by the tests.
"""

from __future__ import annotations

import base64
import binascii
from decimal import Decimal, InvalidOperation
from typing import ClassVar

from handlog.events import (
    Check,
    Collect,
    DealHole,
    Event,
    Fold,
    Game,
    Hand,
    Muck,
    Notice,
    Post,
    PostType,
    Seat,
    Show,
    SidePayment,
    StackAfter,
    Stakes,
    StatedResults,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
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
GAMES = {"hold'em": (Game.HOLDEM, "Hold'em"), "hold 'em": (Game.HOLDEM, "Hold'em"),
         "multi table hold'em": (Game.HOLDEM, "Hold'em"), "omaha": (Game.OMAHA, "Omaha"),
         "omaha h/l": (Game.OMAHA_HI_LO, "Omaha Hi/Lo")}
STRUCTURES = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
CURRENCIES = {"€": "EUR", "$": "USD", "£": "GBP"}
BOARDS = {"DealFlop": Street.FLOP, "DealTurn": Street.TURN, "DealRiver": Street.RIVER}
POSTS = frozenset({"SmallBlind", "BigBlind", "PostedToPlay"})
IGNORED = frozenset({"Disconnect", "Reconnect", "SitOut", "SitIn", "Chat"})
"""Actions that move no chips and deal no cards."""
KNOWN = POSTS | {"AllIn", "DealCards", "Fold", "Check", "ShowCards", "MuckCards", "BadBeatContribution",
                 "MoneyReturned", "Call", "Raise", "Bet"}
"""The seated players' actions this reader knows (with ``Win``, the boards and ``IGNORED``): any other type is kept
as an unknown line, with or without a seat, and never fails the hand (``docs/unknown-lines.md``)."""


class MicrogamingError(XmlHandError):
    """A field that does not read as Microgaming writes it."""


def amount(text: str) -> Decimal:
    try:
        return Decimal(text.replace(",", "").strip())
    except InvalidOperation as exc:
        raise MicrogamingError(f"{text!r} is not an amount") from exc


def unicode_text(encoded: str) -> str:
    """``rCA=`` → ``€``: base64 of UTF-16LE; an attribute that does not decode is read as empty."""
    try:
        return base64.b64decode(encoded, validate=True).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return ""


def card(c: Node) -> str:
    rank, suit = c.get("value").replace("10", "T"), c.get("suit").lower()
    if len(rank) != 1 or rank not in "23456789TJQKA" or suit not in ("s", "h", "d", "c"):
        raise MicrogamingError(f"line {c.line}: {c.get('value')!r} of {c.get('suit')!r} is not a card")
    return rank + suit


class MicrogamingBuilder(XmlHandBuilder):
    """One ``<Game>`` element into a ``Hand``."""

    def __init__(self, doc: HandDocument, file: str) -> None:
        super().__init__(doc, file)
        self.board: tuple[str, ...] = ()

    def build(self) -> Hand:
        g = self.node
        seats_node = g.find("Seats")
        players = seats_node.findall("Seat") if seats_node is not None else []
        if not players:
            raise MicrogamingError("the hand names no players")
        kind = g.get("gametype").lower()
        if kind not in GAMES:
            raise MicrogamingError(f"unknown game {g.get('gametype')!r}")
        if g.get("betlimit") not in STRUCTURES:
            raise MicrogamingError(f"unknown bet limit {g.get('betlimit')!r}")
        game, game_name = GAMES[kind]
        structure = STRUCTURES[g.get("betlimit")]
        small, sep, big = g.get("stakes").partition("|")
        if not sep:
            raise MicrogamingError(f"stakes {g.get('stakes')!r} are not small|big")
        stakes = Stakes(small=amount(small), big=amount(big))
        self.version = to_int(g.get("hhversion", "1")) or 1
        self.names = {p.get("num"): p.get("alias") or unicode_text(p.get("unicodealias")) for p in players}
        gameplay = g.find("Gameplay")
        actions = gameplay.findall("Action") if gameplay is not None else []
        # a seat no action names (a player waiting for the big blind, 2013) is not dealt in: every player dealt in
        # acts before a hand can end
        heard = {a.get("seat") for a in actions} | {s.get("num") for a in actions for s in a.findall("Seat")}
        seats = tuple(Seat(seat=to_int(p.get("num")), player=self.names[p.get("num")], line=p.line,
                           stack=amount(p.get("balance")), sitting_out=p.get("sittingout") == "true",
                           out_of_hand=p.get("num") not in heard)
                      for p in players)
        self.small = stakes.small
        self.start_betting(seats, stakes, structure)
        self.hero = g.get("playerseat")
        for a in sorted(actions, key=lambda a: (a.get("type") == "Win", to_int(a.get("seq")))):
            self._action(a)
        self._return_in_the_win()
        symbol = unicode_text(g.get("currencysymbol")).strip()
        tournament = g.get("istournament") not in ("", "0")
        return Hand(
            site="Microgaming", hand_id=g.get("id"), file=self.file, line=g.line, game=game, game_name=game_name,
            structure=structure, stakes=stakes,
            currency="CHIPS" if tournament else CURRENCIES.get(symbol, symbol or "EUR"),
            table=unicode_text(g.get("unicodetablename")) or g.get("tablename"),
            max_seats=to_int(g.get("tablesize")) or None,
            button=next((to_int(p.get("num")) for p in players if p.get("dealer") == "true"), None),
            time_local=g.get("date"), seats=seats, events=tuple(self.events),
            summary=StatedResults(line=g.line, stacks_after=tuple(
                StackAfter(player=self.names[p.get("num")], stack=amount(p.get("endbalance")), line=p.line)
                for p in players if p.get("endbalance"))),
        )

    def _return_in_the_win(self) -> None:
        """A bet nobody called with no ``MoneyReturned`` for it: the owner's ``Win`` holds it (2013: jugins bets
        0.02 on the flop, everyone folds, and his win of 0.09 is the pot of 0.07 and his bet; his ``endbalance``
        says so). The return is split from the collect, with a notice."""
        if any(isinstance(e, UncalledBet) for e in self.events):
            return
        found = self.bets.uncalled(self.folded)
        if found is None:
            return
        owner, excess = found
        at = next((i for i, e in enumerate(self.events)
                   if isinstance(e, Collect) and e.player == owner and e.amount >= excess), None)
        if at is None:
            return
        e = self.events[at]
        assert isinstance(e, Collect)
        rest = [e.model_copy(update={"amount": e.amount - excess})] if e.amount > excess else []
        self.events[at : at + 1] = [
            UncalledBet(line=e.line, player=owner, amount=excess),
            Notice(line=e.line, player=owner, text=f"uncalled {excess} returned to {owner} inside the win of"
                   f" {e.amount} (no MoneyReturned)"),
            *rest,
        ]

    def _player(self, a: Node, seat: str | None = None) -> str:
        seat = a.get("seat") if seat is None else seat
        if seat not in self.names:
            raise MicrogamingError(f"line {a.line}: seat {seat} acts, but no player sits there")
        return self.names[seat]

    def _action(self, a: Node) -> None:
        kind, line = a.get("type"), a.line
        if kind in IGNORED:
            return
        if kind == "Win":
            for s in a.findall("Seat"):
                won = amount(s.get("amount", "0"))
                if won > 0:
                    self.events.append(Collect(line=s.line, player=self._player(s, s.get("num")), amount=won))
            return
        if kind in BOARDS:
            new = tuple(card(c) for c in a.findall("Card"))
            self.board += new
            self.bets.new_round()
            self.events.append(StreetStart(line=line, street=BOARDS[kind], cards=new))
            return
        if kind not in KNOWN:  # an action of a type not seen: its seat's player where one sits there, else none
            name = self.names.get(a.get("seat"), "")
            self.events.append(unknown_element(a, kind, name or None, self.names.values()))  # the audit judges it
            return
        name = self._player(a)
        value = amount(a.get("value")) if a.get("value") else ZERO
        started = any(isinstance(e, StreetStart) for e in self.events)
        if kind == "AllIn" and not started:
            # "AllIn" before the deal: a blind the player's stack does not cover (2015: seat 7 is all-in for 10 as
            # the small blind of 10/20), the big blind when the small one is posted
            posted = {e.post for e in self.events if isinstance(e, Post)}
            post = PostType.BIG_BLIND if PostType.SMALL_BLIND in posted else PostType.SMALL_BLIND
            self.events.append(self.bets.post(line, name, post, value, self.big))
            return
        if kind not in POSTS and not started:
            self.events.append(StreetStart(line=line, street=Street.PREFLOP))  # the blinds are posted: the deal
        if kind == "SmallBlind":
            self.events.append(self.bets.post(line, name, PostType.SMALL_BLIND, value, self.big))
        elif kind == "BigBlind":
            self.events.append(self.bets.post(line, name, PostType.BIG_BLIND, value, self.big))
        elif kind == "PostedToPlay":
            post = PostType.SMALL_BLIND if value == self.small and value != self.big else PostType.BIG_BLIND
            self.events.append(self.bets.post(line, name, post, value, self.big))
        elif kind == "DealCards":
            dealt = tuple(card(c) for c in a.findall("Card"))
            if dealt:
                self.events.append(DealHole(line=line, player=name, cards=dealt))
        elif kind == "Fold":
            self.folded.add(name)
            self.events.append(Fold(line=line, player=name))
        elif kind == "Check":
            self.events.append(Check(line=line, player=name))
        elif kind == "ShowCards":
            self.events.append(Show(line=line, player=name, cards=tuple(card(c) for c in a.findall("Card"))))
        elif kind == "MuckCards":
            if name not in self.folded:
                self.events.append(Muck(line=line, player=name))
        elif kind == "BadBeatContribution":
            # the bad beat jackpot's fee (a table with ``badbeat="true"``): paid to the house, outside the pot, as
            # GGPoker's jackpot fees; the player's stack pays it (``endbalance`` counts it)
            self.bets.left[name] = self.bets.left.get(name, ZERO) - value
            self.events.append(SidePayment(line=line, player=name, amount=-value, reason="bad beat jackpot"))
        elif kind == "MoneyReturned":
            self.events.append(UncalledBet(line=line, player=name, amount=value))
        else:  # Call, Raise, Bet, AllIn
            self.events.append(self._wager(line, name, kind, value))

    def _wager(self, line: int, name: str, kind: str, value: Decimal) -> Event:
        before = self.bets.before(name)
        if kind == "AllIn":
            return self.bets.wager(line, name, "all_in", value)
        if kind == "Bet" and self.bets.top() > 0:  # a "bet" before the flop is a raise over the blinds
            kind = "Raise"
        if self.version == 1:  # the first layout: totals for the round
            if kind == "Call":
                return self.bets.wager(line, name, "call", value - before)
            if kind == "Raise":
                return self.bets.wager(line, name, "raise", value)
            return self.bets.wager(line, name, "bet", value)
        if kind == "Raise":
            return self.bets.wager(line, name, "raise", before + value)
        return self.bets.wager(line, name, "call" if kind == "Call" else "bet", value)


class MicrogamingFormat(XmlSessionFormat):
    name = "microgaming"
    builder = MicrogamingBuilder
    site = "Microgaming"
    hand_tag = "Game"
    action_elements: ClassVar[dict[str, frozenset[str]]] = {
        "Game": frozenset({"Seats", "Gameplay"}), "Seats": frozenset({"Seat"}), "Gameplay": frozenset({"Action"}),
        "Action": frozenset({"Card", "Seat"}),
    }
    context_tags = frozenset()
    head = headers.MICROGAMING
    fragments = True


register(MicrogamingFormat())
