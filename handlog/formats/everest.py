"""Everest Poker XML hand histories: only Everest's quirks, on the streaming machinery of ``xmlsession``.

A file is a run of top-level elements: a ``<SESSION tableName=… money="€" game="hold-em" gametype="no-limit"/>``,
then one ``<HAND id=… time=epoch blinds="0,01 €/0,02 €">`` per hand with ``<SEAT position name balance/>``,
``<DEALER position/>``, ``<BLIND position amount penalty/>``, ``<HOLE position>card</HOLE>`` (one card each, dealt
round by round, ``--`` unknown), ``<BET position amount/>``, ``<FOLD/>``, ``<SWEEP rake tax>pot</SWEEP>`` (a
round's end), ``<COMMUNITY>Kc, 10s, 8s</COMMUNITY>``, ``<PUSH position amount/>`` and ``<WIN position amount
pot/>``. Everest's quirks:

- players are named by their ``position`` (0-based, kept as the seat number, as fpdb does);
- every amount of a hand is in cents (``balance="78"`` is €0.78, ``BLIND amount="1"`` €0.01); only the header's
  ``blinds`` are written in the player's locale with the currency (``0,01 €/0,02 €``, ``5 €/10 €``);
- a ``BET`` is the chips added (``0``: a check); a ``BLIND`` is the small one when it is the small blind's amount;
  ``XBLIND`` is a player who posts nothing (and is dealt nothing);
- ``PUSH`` is a bet nobody called, given back; ``XSHOW`` a winner who shows nothing;
- the last ``SWEEP`` states the pot after the rake, with the ``rake`` and a ``tax`` (both taken by the house): the
  total pot is the pot + rake + tax, the rake stated is rake + tax.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation

from handlog.events import (
    Chat,
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
CENT = Decimal("0.01")
GAMES = {"hold-em": (Game.HOLDEM, "Hold'em"), "omaha-hi": (Game.OMAHA, "Omaha"),
         "omaha-hi-lo": (Game.OMAHA_HI_LO, "Omaha Hi/Lo")}
STRUCTURES = {"no-limit": Structure.NO_LIMIT, "pot-limit": Structure.POT_LIMIT, "limit": Structure.FIXED_LIMIT}
CURRENCIES = {"€": "EUR", "$": "USD", "£": "GBP"}
STREETS = {0: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
"""The street a ``COMMUNITY`` opens, by the board cards dealt before it."""
IGNORED = frozenset({"XBLIND", "XSHOW", "SWEEP", "DEALER", "SEAT", "SITOUT", "SITIN"})
_NUMBER = re.compile(r"[0-9][0-9., ]*")


_ACTS = frozenset({"BLIND", "COMMUNITY", "BET", "FOLD", "PUSH", "SHOW", "WIN"})
"""The elements of the hand's play the reader reads (after the hole cards and chat, read apart)."""

class EverestError(XmlHandError):
    """A field that does not read as Everest writes it."""


def cents(text: str) -> Decimal:
    """``78`` → ``0.78``: amounts inside a hand are whole cents."""
    if not text.strip().isdigit():
        raise EverestError(f"{text!r} is not an amount in cents")
    return Decimal(text.strip()) * CENT


def locale_amount(text: str) -> Decimal:
    """``0,01 €``, ``5 €``, ``1.000,50 €``: the header's amounts, in the player's locale, with the currency."""
    m = _NUMBER.search(text)
    if m is None:
        raise EverestError(f"{text!r} is not an amount")
    number = m.group(0).replace(" ", "").rstrip(".,")
    decimal_mark = max(number.rfind(","), number.rfind("."))
    if decimal_mark >= 0 and len(number) - decimal_mark - 1 != 3:  # "0,01", "1.000,50"; not "1,000"
        number = re.sub(r"[.,]", "", number[:decimal_mark]) + "." + number[decimal_mark + 1:]
    else:
        number = re.sub(r"[.,]", "", number)
    try:
        return Decimal(number)
    except InvalidOperation as exc:
        raise EverestError(f"{text!r} is not an amount") from exc


def card(text: str) -> str | None:
    """``10s`` → ``Ts``; ``--`` (not shown) → None."""
    text = text.strip()
    if text == "--":
        return None
    rank, suit = text[:-1].replace("10", "T"), text[-1:].lower()
    if len(rank) != 1 or rank not in "23456789TJQKA" or suit not in ("s", "h", "d", "c"):
        raise EverestError(f"{text!r} is not a card")
    return rank + suit


class EverestBuilder(XmlHandBuilder):
    """One ``<HAND>`` (and the ``<SESSION>`` before it) into a ``Hand``."""

    def __init__(self, doc: HandDocument, file: str) -> None:
        super().__init__(doc, file)
        self.session = doc.context.get("SESSION") or Node("SESSION", {}, 0)
        self.board: list[str] = []
        self.holes: dict[str, list[str]] = {}
        self.hole_lines: dict[str, int] = {}
        self.dealt = False

    def build(self) -> Hand:
        h, s = self.node, self.session
        players = h.findall("SEAT")
        if not players:
            raise EverestError("the hand names no players")
        if s.get("game") not in GAMES:
            raise EverestError(f"unknown game {s.get('game')!r}")
        if s.get("gametype") not in STRUCTURES:
            raise EverestError(f"unknown betting structure {s.get('gametype')!r}")
        game, game_name = GAMES[s.get("game")]
        structure = STRUCTURES[s.get("gametype")]
        small, sep, big = h.get("blinds").partition("/")
        if not sep:
            raise EverestError(f"blinds {h.get('blinds')!r} are not small/big")
        stakes = Stakes(small=locale_amount(small), big=locale_amount(big))
        self.names = {p.get("position"): p.get("name") for p in players}
        dealt = {x.get("position") for x in h.findall("HOLE")}
        seats = tuple(Seat(seat=to_int(p.get("position")), player=p.get("name"), stack=cents(p.get("balance")),
                           line=p.line, out_of_hand=bool(dealt) and p.get("position") not in dealt) for p in players)
        self.small = stakes.small
        self.start_betting(seats, stakes, structure)
        for child in h.children:
            self._element(child)
        self._deal(h.line)
        sweeps = h.findall("SWEEP")
        summary = StatedResults(line=h.line)
        if sweeps:
            last = sweeps[-1]
            rake = cents(last.get("rake", "0")) + cents(last.get("tax", "0"))
            summary = StatedResults(total_pot=cents(last.text) + rake, rake=rake, line=last.line, pot_line=last.line)
        dealer = h.find("DEALER")
        time = h.get("time")
        symbol = s.get("money").strip()
        return Hand(
            site="Everest", hand_id=h.get("id"), file=self.file, line=h.line, game=game, game_name=game_name,
            structure=structure, stakes=stakes, currency=CURRENCIES.get(symbol, symbol or "EUR"),
            table=s.get("tableName"), button=to_int(dealer.get("position")) if dealer is not None else None,
            time_local=time, time_utc=datetime.fromtimestamp(int(time), UTC) if time.isdigit() else None,
            seats=seats, events=tuple(self.events), summary=summary,
        )

    def _player(self, e: Node) -> str:
        position = e.get("position")
        if position not in self.names:
            raise EverestError(f"line {e.line}: position {position} acts, but nobody sits there")
        return self.names[position]

    def _deal(self, line: int) -> None:
        """The hole cards read so far, once the deal is over (before the first action after it)."""
        if self.dealt or not self.holes:
            return
        self.dealt = True
        for name, held in self.holes.items():
            if held:
                self.events.append(DealHole(line=self.hole_lines.get(name, line), player=name, cards=tuple(held)))

    def _element(self, e: Node) -> None:
        tag, line = e.tag, e.line
        if tag in IGNORED:
            return
        if tag == "HOLE":
            if not self.holes:
                self.events.append(StreetStart(line=line, street=Street.PREFLOP))
            known = card(e.text)
            held = self.holes.setdefault(self._player(e), [])
            if known:
                held.append(known)
                self.hole_lines.setdefault(self._player(e), line)
            return
        if tag == "CHAT":
            self.events.append(Chat(line=line, player=e.get("name"), text=e.text))
            return
        if tag not in _ACTS:  # an element of a kind the reader does not know: kept, and the audit judges it; it
            # ends no deal (a notice between two hole cards is no action: docs/unknown-lines.md)
            player = self.names.get(e.get("position"))
            self.events.append(unknown_element(e, tag, player, self.names.values()))
            return
        if tag != "BLIND":
            self._deal(line)
        if tag == "BLIND":
            paid = cents(e.get("amount"))
            post = PostType.SMALL_BLIND if paid == self.small and paid != self.big else PostType.BIG_BLIND
            self.events.append(self.bets.post(line, self._player(e), post, paid, self.big))
        elif tag == "COMMUNITY":
            new = tuple(c for c in (card(x) for x in e.text.split(",")) if c)
            street = STREETS.get(len(self.board))
            if street is None:
                raise EverestError(f"line {line}: board cards after the river")
            self.board += new
            self.bets.new_round()
            self.events.append(StreetStart(line=line, street=street, cards=new))
        elif tag == "BET":
            name, added = self._player(e), cents(e.get("amount"))
            if added == 0:
                self.events.append(Check(line=line, player=name))
            else:  # the chips added: a call, bet or raise as they make it
                self.events.append(self.bets.wager(line, name, "all_in", added))
        elif tag == "FOLD":
            self.events.append(Fold(line=line, player=self._player(e)))
        elif tag == "PUSH":
            self.events.append(UncalledBet(line=line, player=self._player(e), amount=cents(e.get("amount"))))
        elif tag == "SHOW":
            shown = tuple(c for c in (card(x) for x in e.text.split(",")) if c)
            if shown:
                self.events.append(Show(line=line, player=self._player(e), cards=shown))
        elif tag == "WIN":
            pot = to_int(e.get("pot"))
            self.events.append(Collect(line=line, player=self._player(e), amount=cents(e.get("amount")),
                                       pot="pot" if pot == 0 else f"side pot-{pot}"))


class EverestFormat(XmlSessionFormat):
    name = "everest"
    builder = EverestBuilder
    site = "Everest"
    hand_tag = "HAND"
    context_tags = frozenset({"SESSION"})
    head = headers.EVEREST
    fragments = True


register(EverestFormat())
