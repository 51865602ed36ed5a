"""Cake Poker text hand histories (2010-2011): ``grammars/cake.lark`` plus what is the room's own in reading them,
on the shared builder of the rooms that print the chips a call adds (``added.AddedCallsBuilder``: amounts added,
all-ins from the stacks, no summary), where its lines below are read.

What differs from Everleaf:

* the header holds the whole game (``Hand#2589013774000163 - New Castle (Turbo 6-max) 13774 -- $0.02/$0.04 FL
  Hold'em -- 2011/05/08 - 10:37:17``): the table's name, its kind in brackets and its number, the stakes (for fixed
  limit the small and big bet), the time in US Eastern time; the button is the seat line marked ``DEALER``;
* calls and bets are the chips the line adds, a raise its total (``raises to $0.08``);
* ``P: is all in $0.07``: the player's last chips, which are a bet, a raise or a call by what they come to;
* cards as ``[7c,5h]`` or ``[7h 5c]``; a loser's ``mucks`` at the showdown, then after the wins ``mucks [9h,As]
  (TwoPair) .`` once more with the cards;
* no summary, so no total pot, rake or board line: the engine computes the pot and the rake kept (5-6 % in the
  corpus' two fixed-limit hands: 0.04 of 0.66 and of 0.70) and says so in its audit notes.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import ClassVar
from zoneinfo import ZoneInfo

from handlog.formats.added import AddedCallsBuilder
from handlog.formats.grammar import Fields
from handlog.formats.text import currency_of
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.reading.registry import register

_EASTERN = ZoneInfo("America/New_York")
_TABLE = re.compile(r"^(?P<name>[^(]*?)(?: \((?P<kind>[^)]*)\))?(?: (?P<number>[0-9]+))?$")


class CakeBuilder(AddedCallsBuilder):
    """Cake's header, Eastern time and currency on the bookkeeping of the rooms that print the chips a call adds."""

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        table = _TABLE.match((f["table"] or "").strip())
        self.header = {"hand_id": f["hand_id"], "game": f["game"], "structure": f["structure"], "time": f["time"]}
        self.table = {"table": table.group("name") if table else (f["table"] or "").strip()}
        self.stakes_text = f["stakes"] or ""
        self.stakes = self.stakes_of(self.stakes_text, None)
        return tok

    # -- the hand
    def time_utc(self, time_local: str, time_second: str | None) -> datetime | None:
        """The header's time is US Eastern ("2011/05/08 - 10:37:17" is 14:37:17 UTC)."""
        try:
            local = datetime.strptime(time_local, "%Y/%m/%d - %H:%M:%S").replace(tzinfo=_EASTERN)
        except ValueError:
            return None
        return local.astimezone(UTC)

    def site_name(self) -> str:
        return "Cake"

    def currency(self, tournament: bool) -> str:
        return "CHIPS" if tournament else currency_of(self.stakes_text) or "PLAY"


class CakeFormat(TextSiteFormat):
    """The Cake Poker reader, registered as ``cake``."""

    name = "cake"
    site = "Cake"
    grammar = "cake"
    builder = CakeBuilder
    # "Hand#" with no blank before the number is Cake's alone (Winning writes "Hand #"); the rest of the line is the
    # grammar's to check, so that a damaged header is an unparsed hand rather than an unrecognised file
    summary_marker: str | None = None
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Hand#… - Table -- $0.02/$0.04 FL Hold'em -- 2011/05/08 - 10:37:17')",
        "SEAT": "a seat line ('Seat 3: P ($0.31 in chips)')",
        "POST": "a forced bet ('P: posts small blind $0.01')",
        "DEALT": "a deal ('Dealt to P [7c,5h]')",
        "STREET": "a street ('*** FLOP *** [6d,8c,4s]')",
        "SHOWDOWN": "'***SHOW DOWN***'",
        "RAISE": "a raise ('P: raises to $0.08')",
        "ALL_IN": "an all-in ('P: is all in $0.07')",
        "SHOWS": "'P: shows [7h 5c]'",
        "MUCKS": "'P: mucks'",
        "COLLECT": "'P wins $0.31 with …'",
    }


register(CakeFormat())
