"""Winamax text hand histories: ``grammars/winamax.lark`` plus what is Winamax's own in reading them.

Winamax writes the layout of PokerStars' family with its own words; its lines keep the layout's kinds, so the
shared builder turns them into events. What is left here are its quirks:

* the header: ``Winamax Poker - CashGame | Go Fast "…" | HOLD-UP "…" | Tournament "…" buyIn: … level: N -
  HandId: #table-hand-time - Holdem no limit (1€/2€) - … UTC``; stakes of three amounts are ante, small and big
  ("(50/200/400)"); "Go Fast" is fast-fold poker;
* amounts with the currency after them ("0.50€") or in thousands ("6.02k"), read by ``text.amount``;
* ``posts small blind 3€ out of position`` then ``posts big blind 0€ out of position``: a returning player's small
  and big blinds at once, written as their sum and a zero (one ``BOTH_BLINDS`` post); ``denies big blind``: the
  player declines to post and sits out;
* ``collected … from main pot`` / ``side pot 1`` / ``pot (HI)``: pot names that are not the rules' pots (an
  uncalled excess is a "side pot" of its own), so every collect is read as from "the pot";
* draws: "*** FIRST-BET ***" is the first betting round, "*** FIRST-DRAW ***" a draw, and the "SECOND-BET" …
  lines after a draw mark the round the draw already opened;
* the summary: ``Total pot X | Rake R`` where X is the pot *after* the rake (so the pot is X + R) and ``No rake``;
  "Seat 3: P won 10€" without parentheses; and no "Uncalled bet" line ever: an uncalled excess is inside its
  owner's "collected" and inside the total (``StatedResults.uncalled``), so the engine returns it
  itself and says so in the replay's notes. A total in thousands ("Total pot 17.68k") is rounded to ten chips
  (17,685 written "17.68k", 3,367.50 "3.37k"): where the collects fall within that rounding they state the pot to
  the chip and are taken as the total; otherwise the written total stands, for the checks to compare;
* the shown hands are written losers first, then winners, whoever showed first (the Winamax rules profile).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING, ClassVar

from handlog.events import (
    Collect,
    Game,
    Hand,
    PlayerStatus,
    Post,
    PostType,
    SeatResult,
    Stakes,
    StatusChange,
    Street,
    Structure,
    UncalledReturns,
)
from handlog.formats.grammar import Fields, LineRef
from handlog.formats.text import amount, currency_of
from handlog.formats.textsite import DESCRIPTIONS, TextHandBuilder, TextSiteFormat, Tok
from handlog.reading.registry import register

if TYPE_CHECKING:
    from lark import Token

_OPTIONAL = ("shown", "cap", "bounty", "sitting_out", "out_of_hand", "run", "seat")
"""Fields of the layout's lines that Winamax never writes: always absent."""
_WON = re.compile(r"\bwon ([$€£]?[0-9][0-9,]*(?:\.[0-9]+)?k?[$€£]?)")
_AMOUNTS = re.compile(r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?k?[$€£]?")
_BET_MARKERS = frozenset({"SECOND-BET", "THIRD-BET", "FOURTH-BET"})


class WinamaxBuilder(TextHandBuilder):
    """Winamax's words, blinds out of position, pot names and summary on the layout's builder."""

    uncalled_returns: ClassVar[UncalledReturns] = UncalledReturns.IN_COLLECTS  # no line: inside the "collected"

    games: ClassVar[dict[str, Game]] = {
        **TextHandBuilder.games,
        "holdem": Game.HOLDEM,
        "omaha5": Game.FIVE_CARD_OMAHA,
        "omaha8": Game.OMAHA_HI_LO,
        "lowball27": Game.TRIPLE_DRAW_27,
        "7-card stud": Game.SEVEN_CARD_STUD,
        "7stud": Game.SEVEN_CARD_STUD,
        "7-card stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
    }
    structures: ClassVar[dict[str, Structure]] = {**TextHandBuilder.structures, "fixed limit": Structure.FIXED_LIMIT}
    posts: ClassVar[dict[str, PostType]] = {**TextHandBuilder.posts, "ante": PostType.ANTE}
    streets: ClassVar[dict[str, Street]] = {
        **TextHandBuilder.streets,
        "FIRST-BET": Street.PREFLOP,
        "7th STREET": Street.SEVENTH,
        "THIRD": Street.THIRD,
        "FOURTH": Street.FOURTH,
        "FIFTH": Street.FIFTH,
        "SIXTH": Street.SIXTH,
        "SEVENTH": Street.SEVENTH,
    }
    statuses: ClassVar[tuple[tuple[str, PlayerStatus], ...]] = (
        *TextHandBuilder.statuses,
        ("denies", PlayerStatus.SITS_OUT),
        ("deny", PlayerStatus.SITS_OUT),
    )

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.total_after_rake: Decimal | None = None
        self.total_rounding: Decimal | None = None

    def _f(self, tok: Token | LineRef, fields: Fields | None = None) -> Fields:
        if fields is None and not isinstance(tok, LineRef) and tok.type not in self.fields:
            fields = {}  # a line without fields ("*** SHOW DOWN ***"), read by Lark rather than the table driver
        return {**dict.fromkeys(_OPTIONAL), **super()._f(tok, fields)}

    # -- header
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        super().HEADER(tok, fields)
        h = self.header
        if h.get("room") == "Tournament":  # the first part of the hand id names the tournament's table
            h["tournament"] = (h.get("hand_id") or "").split("-")[0]
        return tok

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        parts = [amount(p) for p in _AMOUNTS.findall(text)]
        if len(parts) == 3:  # "(50/200/400)": the ante, then the blinds (stud: the ante, then the bets)
            return Stakes(small=parts[1], big=parts[2], ante=parts[0])
        if len(parts) == 2:  # "(0.50€/1€)"
            return Stakes(small=parts[0], big=parts[1])
        return super().stakes_of(text, level_stakes)

    def currency(self, tournament: bool) -> str:
        if tournament:
            return "CHIPS"
        if self.table.get("money") == "play money":
            return "PLAY"
        return currency_of(self.stakes_text) or "PLAY"

    def zoom(self) -> bool:
        return self.header.get("room") == "Go Fast"

    # -- forced bets and streets
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", amount(f["amount"] or "")
        at, last = self.last_event() or (-1, None)  # past a line between them that moves nothing
        if (
            f["post"] == "big blind" and value == 0 and f["out_of_position"] and isinstance(last, Post)
            and last.player == player and last.post == PostType.SMALL_BLIND
        ):
            # "posts small blind 3€ out of position" + "posts big blind 0€ out of position": both blinds at once
            dead = max(Decimal(0), last.amount - (self.stakes.big if self.stakes else last.amount))
            self.events[at] = last.model_copy(update={"post": PostType.BOTH_BLINDS, "dead": dead})
            return tok
        return super().POST(tok, f)

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        # stud: "Dealt to P [X X 9h]", the cards face down written as X
        known = " ".join(c for c in (f["cards"] or "").split() if c != "X")
        new = " ".join(c for c in (f["new"] or "").split() if c != "X")
        return super().DEALT(tok, {**f, "cards": known, "new": new})

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        if f["street"] in _BET_MARKERS:  # the betting round after a draw, which the draw already opened
            return tok
        return super().STREET(tok, f)

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        # Winamax's pot names are not the pots of the rules: an uncalled excess is its own "side pot 1", and pots
        # one player wins are merged into the "main pot" (a real log: PLO-FR-EUR-0.02-0.05-201009.Sample, hand
        # 270777-176). A collect is recorded as from "the pot"; the checks then judge it against all the pots.
        return super().COLLECT(tok, {**self._f(tok, fields), "pot": "pot"})

    # -- summary
    def TOTAL_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        s = self.summary
        s.pot_line = self._lineno(tok)
        s.rake = Decimal(0) if f["no_rake"] else amount(f["rake"] or "")
        self.total_after_rake = amount(f["total"] or "")
        self.total_rounding = _rounding(f["total"] or "")
        s.total = self.total_after_rake + s.rake  # "Total pot 3.02€ | Rake 0.34€": a pot of 3.36
        return tok

    def build(self, file: str, first_line: int) -> Hand:
        hand = super().build(file, first_line)
        results: dict[int, SeatResult] = {}
        for seat in hand.summary.seats:
            won = tuple(amount(w) for w in _WON.findall(seat.text))
            before = results.get(seat.seat)
            if before is None:
                results[seat.seat] = seat.model_copy(update={"won": won})
            else:  # a split pot: one summary line per half ("… with HI : …", "… with LO : …")
                text = f"{before.text}; {seat.text}"
                results[seat.seat] = before.model_copy(update={"text": text, "won": before.won + won})
        summary = hand.summary.model_copy(update={"seats": tuple(results.values())})
        if self.total_rounding and self.total_after_rake is not None and summary.total_pot is not None:
            # "Total pot 17.68k": the pot to the nearest 10 chips. The collects (uncalled excess included) state it
            # to the chip; where they fall within the rounding they are the pot the total rounds, else it stands.
            paid = sum((e.amount for e in hand.events if isinstance(e, Collect)), Decimal(0))
            if paid != self.total_after_rake and abs(paid - self.total_after_rake) * 2 <= self.total_rounding:
                summary = summary.model_copy(update={"total_pot": paid + (summary.rake or Decimal(0))})
        # A seat that does nothing in the hand and whose summary says only "folded", or nothing at all, was not
        # dealt in (a player waiting for the big blind, or sitting out): Winamax marks neither.
        acting = {getattr(e, "player", None) for e in hand.events if not isinstance(e, StatusChange)}
        listed = {r.player for r in summary.seats}
        idle = {r.player for r in summary.seats if r.text == "folded"} | {s.player for s in hand.seats} - listed
        idle -= acting
        seated = tuple(s.model_copy(update={"out_of_hand": True}) if s.player in idle else s for s in hand.seats)
        update: dict[str, object] = {"summary": summary, "seats": seated}
        if hand.tournament is not None:
            update["tournament"] = hand.tournament.model_copy(update={"buy_in": self.header.get("buy_in") or ""})
        return hand.model_copy(update=update)


def _rounding(text: str) -> Decimal | None:
    """The unit a total written in thousands is rounded to ("17.68k": 10 chips, "1k": 1000); None when the total is
    written whole ("17685", "3.02€")."""
    m = _THOUSANDS.fullmatch(text.strip())
    if m is None:
        return None
    return Decimal(1000).scaleb(-len(m.group("decimals") or ""))


_THOUSANDS = re.compile(r"[$€£]?[0-9][0-9,]*(?:\.(?P<decimals>[0-9]+))?k[$€£]?")


class WinamaxFormat(TextSiteFormat):
    """The Winamax reader, registered as ``winamax``."""

    name = "winamax"
    site = "Winamax"
    grammar = "winamax"
    builder = WinamaxBuilder
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Winamax Poker - … - HandId: #…')",
        "ANTE_BLINDS": "'*** ANTE/BLINDS ***'",
        "POST": "a forced bet ('P posts small blind 1€')",
        "FOLD": "a fold ('P folds')",
        "RAISE": "a raise ('P raises 1€ to 2€')",
        "SHOWDOWN": "'*** SHOW DOWN ***'",
        "TOTAL_POT": "'Total pot … | Rake …'",
        "BOARD": "'Board: […]'",
    }


register(WinamaxFormat())
