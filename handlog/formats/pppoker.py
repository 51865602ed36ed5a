"""PPPoker text hand histories (2025, club games): ``grammars/pppoker.lark``, a dialect of PokerStars' layout, on
PokerStars' builder. What is PPPoker's own:

* the header ``PPPoker Hand #934479950000496:  5 Card Omaha Pot Limit ($0.30/$0.60 USD) - 2025/06/21 17:47:21
  UTC`` (the time in UTC);
* the table line names the club and the table: ``Table 'ClubId:2990864,Table:PPP_93447995' 6-max``; the club is
  the hand's home game (``Hand.home_game``: ``PPPoker club 2990864``);
* each board line ends with the rake taken so far (``*** FLOP *** [2d Td Ks] {Rake: $0}``): read and left out
  (the summary's ``Total pot $93.99 | Rake $5.10`` is what the accounting holds the hand to);
* the summary's seat lines state no amounts (``Seat 3: P showed [8d Th Tc Jh Kh]``, no "and won"): a seat's
  wins are its player's ``collected … from pot`` lines, the only place the room states them;
* the summary says ``showed […]`` for players whose showdown line said ``mucks hand``, and ``folded on the
  Flop`` for a player who folded before it: the seat lines' words are kept as written, the events are the
  lines above them;
* the hand's last line, ``Hand ended at 2025/06/21 17:48:45``.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from handlog.events import Collect, Hand
from handlog.formats.grammar import Fields
from handlog.formats.stars import PokerStarsBuilder
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.reading.registry import register

_CLUB = re.compile(r"ClubId:(?P<club>[0-9]+)")
_STATES_WIN = re.compile(r"\b(?:won|collected)\b")


class PPPokerBuilder(PokerStarsBuilder):
    """PokerStars' builder with PPPoker's club and its end line."""

    def HAND_ENDED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # the hand's end time: the header's start is the hand's time

    def build(self, file: str, first_line: int) -> Hand:
        won: dict[str, list[Decimal]] = {}
        for e in self.events:
            if isinstance(e, Collect):
                won.setdefault(e.player, []).append(e.amount)
        self.summary.seats = [
            seat.model_copy(update={"won": tuple(won[seat.player])})
            if not seat.won and seat.player in won and not _STATES_WIN.search(seat.text) else seat
            for seat in self.summary.seats
        ]
        return super().build(file, first_line)

    def home_game(self) -> str | None:
        club = _CLUB.search(self.table.get("table") or "")
        return f"PPPoker club {club.group('club')}" if club else None


class PPPokerFormat(TextSiteFormat):
    """The PPPoker reader, registered as ``pppoker``."""

    name = "pppoker"
    site = "PPPoker"
    grammar = "pppoker"
    builder = PPPokerBuilder
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('PPPoker Hand #…:  5 Card Omaha Pot Limit ($0.30/$0.60 USD) - … UTC')",
        "STREET": "a street ('*** FLOP *** [2d Td Ks] {Rake: $0}')",
    }


register(PPPokerFormat())
