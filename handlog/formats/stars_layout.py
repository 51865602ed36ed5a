"""PokerStars' layout written by other rooms and programs: ``<Room> Hand #…`` headers, read with ``Hand.site``
naming the room.

Several rooms licensed or copied PokerStars' hand-history layout (Run It Once Poker, PokerBros, PokerMaster,
MPL Poker, Suprema Poker; Full Tilt after it moved to PokerStars' software in 2016), and converters and research
tools write it too. Their hands are PokerStars hands line for line except for what ``grammars/stars_layout.lark``
overrides; the quirks of reading them live here:

- the room is the header's first words (``Run It Once Poker Hand #…``); Full Tilt's fast-fold "Rush" is
  Full Tilt with ``zoom`` set, as PokerStars' Zoom is;
- Run It Once: the log's owner marked ``[hero]`` on its seat line, showdowns without a colon and with the hand
  after "for" (``Galen U shows [Ad Qd] for Pair [Ad Kd Qs Qd 5c]``), side pots named ``side pot 1``, and
  summary lines with the amount won out of brackets (``showed [Ad Qd] and won €0.76 with …``);
- Run It Once announces its Splash The Pot (``STP added: €0.50``, kept as a ``Notice``; the summary's
  ``| STP €0.50 |`` is what the accounting reads);
- Run It Once writes the time in UTC and then, in brackets, at UTC+1 labelled "CET" all year round: the UTC one
  is taken;
- PokerMaster's exported logs carry a JSON comment line after the seats (``# {"gt":"PLO",…}``), kept as a
  ``Notice``;
- MPL Poker names five- and six-card Omaha ``Omaha 5 Cards`` / ``Omaha 6 Cards``.

Chip amounts written with a decimal fraction (``collected 1500.0 from pot``, as research logs do) are the
numbers they say: ``Decimal("1500.0") == 1500``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import ClassVar

from handlog.events import Bet, Call, Event, Game, Notice, Post, PostType, Raise, Show, Street, StreetStart
from handlog.formats.grammar import Fields
from handlog.formats.stars import PokerStarsBuilder
from handlog.formats.text import amount, utc_time
from handlog.formats.textsite import DESCRIPTIONS, TextHandBuilder, TextSiteFormat, Tok, shown_cards
from handlog.reading.registry import HeaderFacts, register

ROOMS = {
    "Run It Once Poker": "Run It Once",
    "Full Tilt Rush": "Full Tilt",
    "MPLPoker": "MPL Poker",
    "SupremaPoker": "Suprema Poker",
}
"""Rooms whose header spells their name otherwise than the room calls itself; others are kept as written."""

RAISE_LEAVES_OUT_BET = frozenset({"Run It Once Poker"})
"""Rooms whose "raises X to Y", after the raiser opened the round with a bet, leaves that bet out of Y: "John R:
bets €0.19", "Barre: raises €0.39 to €0.58", "John R: raises €0.54 to €1.12", "Barre: calls €0.73" is a raise to
€1.31 (0.19 + 1.12), as Barre's call of 0.73 and the total pot show (and in another hand the raiser's stack and
the uncalled bet returned to him). Blinds and earlier raises stay in Y, as at PokerStars ("InvesThor: posts small
blind 10", "raises 20 to 40", "Bobby Q: calls 20" from the big blind); X is then of no use."""


def room_name(header_words: str) -> str:
    """The room's name for the words its header starts with ("Run It Once Poker" → "Run It Once")."""
    words = header_words.strip()
    return ROOMS.get(words, words)


def own_bets(events: Sequence[Event], player: str) -> Decimal:
    """The bets ``player`` opened betting rounds with, in the current round (a new street starts a new one)."""
    total = Decimal(0)
    for e in events:
        if isinstance(e, StreetStart) and e.street is not Street.PREFLOP:
            total = Decimal(0)
        elif isinstance(e, Bet) and e.player == player:
            total += e.amount
    return total


def highest_bet(events: Sequence[Event]) -> Decimal:
    """The highest amount anyone has in the current betting round, from the events read so far."""
    put: dict[str, Decimal] = {}
    for e in events:
        if isinstance(e, StreetStart) and e.street is not Street.PREFLOP:  # the blinds come before PRE-FLOP
            put = {}
        elif isinstance(e, Post) and e.post is not PostType.ANTE:
            put[e.player] = put.get(e.player, Decimal(0)) + e.amount - e.dead
        elif isinstance(e, Bet | Call):
            put[e.player] = put.get(e.player, Decimal(0)) + e.amount
        elif isinstance(e, Raise):
            put[e.player] = e.to
    return max(put.values(), default=Decimal(0))


_ROOM = re.compile(r"^\ufeff?(?P<room>[^#\n]+?) (?i:Hand|Game) #")
_UTC = re.compile(r"\bUTC\b")
_SIDE_POT = re.compile(r"side pot (?P<n>[0-9]+)")
_WON_BARE = re.compile(r"(?:won|collected) ((?:[$€£₹]|Rs\. ?)?[0-9][0-9,]*(?:\.[0-9]+)?)")


class StarsLayoutBuilder(PokerStarsBuilder):
    """PokerStars' builder with the room taken from the header and the other rooms' words."""

    games: ClassVar[dict[str, Game]] = {
        **TextHandBuilder.games,
        "omaha 5 cards": Game.FIVE_CARD_OMAHA,
        "omaha 6 cards": Game.SIX_CARD_OMAHA,
    }

    def site_name(self) -> str:
        return room_name(self.header.get("site") or "") or self.site

    def zoom(self) -> bool:
        return (self.header.get("site") or "").endswith(" Rush")

    def time_utc(self, time_local: str, time_second: str | None) -> datetime | None:
        # "2019/04/19 17:52 UTC [2019/04/19 18:52 CET]": Run It Once states UTC first; its bracketed "CET" is
        # UTC+1 all year round (18:52 in April), not Paris time, so the UTC time is the one to take.
        if _UTC.search(time_local):
            return utc_time(time_local)
        return super().time_utc(time_local, time_second)

    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        super().POST(tok, fields)
        post = self.events[-1]
        # PokerMaster writes a straddle as a second, bigger big blind ("posts big blind $8" at $2/$4).
        if (
            isinstance(post, Post)
            and post.post is PostType.BIG_BLIND
            and self.stakes is not None
            and post.amount > self.stakes.big
            and any(isinstance(e, Post) and e.post is PostType.BIG_BLIND for e in self.events[:-1])
        ):
            self.events[-1] = post.model_copy(update={"post": PostType.STRADDLE})
        return tok

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        if self.header.get("site") not in RAISE_LEAVES_OUT_BET:
            return super().RAISE(tok, fields)
        f = self._f(tok, fields)
        player = f["player"] or ""
        bet = own_bets(self.events, player)
        if not bet:
            return super().RAISE(tok, f)
        to = bet + amount(f["amount_2"] or "")
        self.events.append(
            Raise(
                line=self._lineno(tok), player=player, by=to - highest_bet(self.events), to=to,
                all_in=bool(f["all_in"]), cap_reached=bool(f["cap"]),
            )
        )
        return tok

    def SHOWS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: Fields, line: int) -> Show:
            known, unknown = shown_cards(f["cards"])
            description = f["description"] or f["best"] or ""
            return Show(line=line, player=f["player"] or "", cards=known, description=description, unknown=unknown)

        return self._add(tok, fields, make)

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        pot = f["pot"] or "pot"
        side = _SIDE_POT.fullmatch(pot)
        f = {**f, "pot": f"side pot-{side.group('n')}" if side else pot}  # the engine's name of that pot
        return super().COLLECT(tok, f)

    def STP_ADDED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Notice(line=line, text=f"STP added: {f['amount']}"))

    def EXPORT_COMMENT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Notice(line=line, text=f"# {f['text']}"))

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        super().SUMMARY_SEAT(tok, fields)
        seat = self.summary.seats[-1]
        if not seat.won and " won " in seat.text:  # Run It Once: "showed [Ad Qd] and won €0.76 with Pair …"
            won = tuple(amount(w) for w in _WON_BARE.findall(seat.text))
            self.summary.seats[-1] = seat.model_copy(update={"won": won})
        return tok


class StarsLayoutFormat(TextSiteFormat):
    """Hands in PokerStars' layout from any other room, registered as ``stars-layout``."""

    name = "stars-layout"
    site = "PokerStars layout"
    grammar = "stars_layout"
    builder = StarsLayoutBuilder
    descriptions: ClassVar[dict[str, str]] = {**DESCRIPTIONS, "HEADER": "the hand header ('<Room> Hand #…: …')"}

    def peek_hand(self, lines: Sequence[str]) -> HeaderFacts:
        facts = super().peek_hand(lines)
        room = _ROOM.match(lines[0]) if lines else None
        if room is None:  # pragma: no cover - the splitter only cuts hands at lines ``header_start`` matches
            return facts
        return replace(facts, site=room_name(room.group("room")))


register(StarsLayoutFormat())
