"""OnGame network text hand histories (bwin and the network's other skins, 2009-2011): ``grammars/ongame.lark``
plus the room's own quirks, on the shared builder of the rooms that print the chips a call adds
(``added.AddedCallsBuilder``: amounts added, raises to a total, all-ins from the stacks).

What is OnGame's own:

* a header block of lines: ``***** History for hand R5-22678800-36 *****``, ``Start hand: Sun Feb 13 14:14:04
  GMT+0100 2011`` (the local time with its UTC offset), ``Table: [SPEED] Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM
  €0.02/€0.04, Real money)`` (a speed table's mark, the name, the table's number, the game and the blinds),
  ``User:``, ``Button: seat 10``; the hand ends with ``***** End of hand … *****``;
* no player's name is followed by a colon: ``Player2 posts small blind (€0.02)``, ``Player8 calls €0.04``; a
  raise names its increment and its total (``raises €0.08 to €0.12``); streets are ``--- Dealing flop [Jc, 4d,
  Qs]``;
* the summary states every pot with its winners and what each won (``Main pot: €0.36 won by Hero (€0.35)``), the
  rake (``Rake taken: €0.01``) and each seat's stack after the hand with its net result: the pots and the rake are
  the oracle the replay must reproduce; the wins are the hand's collects.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal
from typing import ClassVar

from handlog.events import Collect, Game, Hand, SeatResult, StackAfter, Stakes, Street, StreetStart, Structure
from handlog.formats.added import AddedCallsBuilder, comma_cards
from handlog.formats.grammar import Fields
from handlog.formats.text import FieldError, amount, currency_of
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.reading.registry import register

_WINNER = re.compile(r"(?P<player>[^,(]+?) \((?P<amount>[^)]*)\)")


class OnGameBuilder(AddedCallsBuilder):
    """OnGame's header block, streets and summary on the bookkeeping of amounts added."""

    games: ClassVar[dict[str, Game]] = {
        "texas_holdem": Game.HOLDEM, "omaha": Game.OMAHA, "omaha_hi": Game.OMAHA, "omaha_hi_lo": Game.OMAHA_HI_LO,
    }
    structures: ClassVar[dict[str, Structure]] = {
        "no_limit": Structure.NO_LIMIT, "pot_limit": Structure.POT_LIMIT, "limit": Structure.FIXED_LIMIT,
    }
    streets: ClassVar[dict[str, Street]] = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header = {"hand_id": self._f(tok, fields)["hand_id"]}
        return tok

    def START_TIME(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header = {**self.header, "time": self._f(tok, fields)["time"]}
        return tok

    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.header = {**self.header, "game": f["game"], "structure": f["structure"]}
        self.table = {**self.table, "table": (f["table"] or "").strip(), "money": f["money"]}
        self.stakes_text = f["stakes"] or ""
        self.stakes = self.stakes_of(self.stakes_text, None)
        return tok

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        """The table line's blinds ("€0.02/€0.04"); in fixed limit the bets are the big blind and twice it."""
        small, _, big = text.partition("/")
        if (self.header.get("structure") or "") == "LIMIT":
            return Stakes(small=amount(big), big=amount(big) * 2)
        return Stakes(small=amount(small), big=amount(big))

    def _big_blind(self) -> Decimal:
        return amount(self.stakes_text.partition("/")[2])

    def USER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # the player whose client wrote the log: the "Dealing to" line names them too

    def PLAYER_COUNT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # the seat lines list the players

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return super().SEAT(tok, {**self._f(tok, fields), "dealer": None})

    # -- streets
    def SEPARATOR(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # "---": between the blinds and the deal, and before the summary

    def DEALING(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.events.append(StreetStart(line=self._lineno(tok), street=Street.PREFLOP))
        return tok

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.bets.new_street()
        self.events.append(StreetStart(line=self._lineno(tok), street=self.streets[f["street"] or ""],
                                       cards=comma_cards(f["new"])))
        return tok

    # -- summary
    def POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"Main pot: €0.36 won by Hero (€0.35)": the pot before rake, and each winner's share as a collect."""
        f = self._f(tok, fields)
        s, line, total = self.summary, self._lineno(tok), amount(f["total"] or "")
        s.pot_line = s.pot_line or line
        s.total = (s.total or Decimal(0)) + total
        if (f["pot"] or "") == "Main pot":
            s.main = total
        else:
            s.sides.append(total)
        winners = _WINNER.findall(f["winners"] or "")
        if not winners:
            raise FieldError(f"no winner in {f['winners']!r}")
        pot = re.sub(r"^side pot ([0-9]+)$", r"side pot-\1", (f["pot"] or "").lower())  # the engine's pot names
        for player, won in winners:
            self.events.append(Collect(line=line, player=player.strip(), amount=amount(won), pot=pot))
        return tok

    def RAKE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.summary.rake = amount(self._f(tok, fields)["rake"] or "")
        return tok

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player = f["player"] or ""
        text = f"({f['stack']})" + (f", net: {f['net']}" if f["net"] else "")
        # what the pot lines above say the player won: the seat's share of the summary's statement
        won = tuple(e.amount for e in self.events if isinstance(e, Collect) and e.player == player)
        self.summary.seats.append(SeatResult(seat=int(f["seat"] or 0), player=player, text=text, won=won,
                                             shown=comma_cards(f["cards"]), line=self._lineno(tok)))
        if f["stack"]:
            self.summary.stacks_after.append(StackAfter(player=player, stack=amount(f["stack"]),
                                                        line=self._lineno(tok)))
        return tok

    def END(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok

    # -- the hand
    def build(self, file: str, first_line: int) -> Hand:
        hand = super().build(file, first_line)
        if self.summary.rake is None and self.summary.total is not None:
            # no "Rake taken" line: nothing was kept
            hand = hand.model_copy(update={"summary": hand.summary.model_copy(update={"rake": Decimal(0)})})
        return hand

    def time_utc(self, time_local: str, time_second: str | None) -> datetime | None:
        """"Sun Feb 13 14:14:04 GMT+0100 2011": local time with its offset from UTC."""
        try:
            return datetime.strptime(time_local, "%a %b %d %H:%M:%S GMT%z %Y").astimezone(UTC)
        except ValueError:
            return None

    def site_name(self) -> str:
        return "OnGame"

    def currency(self, tournament: bool) -> str:
        if self.table.get("money") == "Play money":
            return "PLAY"
        return currency_of(self.stakes_text) or "PLAY"


class OnGameFormat(TextSiteFormat):
    """The OnGame (bwin) reader, registered as ``ongame``."""

    name = "ongame"
    site = "OnGame"
    grammar = "ongame"
    builder = OnGameBuilder
    summary_marker: str | None = "Summary:"
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('***** History for hand R5-22678800-36 *****')",
        "START_TIME": "'Start hand: Sun Feb 13 14:14:04 GMT+0100 2011'",
        "TABLE": "the table line ('Table: Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM €0.02/€0.04, Real money)')",
        "USER": "'User: …'",
        "BUTTON": "'Button: seat N'",
        "PLAYER_COUNT": "'Players in round: N'",
        "SEAT": "a seat line ('Seat 2: P (€2.26)')",
        "POST": "a forced bet ('P posts small blind (€0.02)')",
        "SEPARATOR": "'---'",
        "DEALING": "'Dealing pocket cards'",
        "DEALT": "a deal ('Dealing to P: [7d, Td]')",
        "STREET": "a street ('--- Dealing flop [Jc, 4d, Qs]')",
        "RAISE": "a raise ('P raises €0.08 to €0.12')",
        "SUMMARY": "'Summary:'",
        "POT": "a pot ('Main pot: €0.36 won by P (€0.35)')",
        "RAKE": "'Rake taken: €0.01'",
        "SUMMARY_SEAT": "a summary seat line ('Seat 2: P (€2.22), net: -€0.04')",
        "END": "'***** End of hand … *****'",
    }


register(OnGameFormat())
