"""Everleaf Gaming and its skins (Concord, Grand Poker, Partouche …): ``grammars/everleaf.lark`` plus what is the
room's own in reading them.

Every amount is the chips the line *adds*: "raises [$ 0.35 USD]" puts 0.35 more in, a raise to the player's bet
plus 0.35 (``text.StreetBets`` keeps each bet on the street); stud's "completes to $0.05." is the one total.
No line says all-in: a player whose chips run out is all-in, which the reader knows from the seat's stack.

What the room does not write: a summary (no total pot, no rake, no board line), and the return of an uncalled
bet: "N wins $ 0.25 USD from main pot" pays the pot without the bet nobody called, whose excess goes back
unwritten. The reader says so (``UncalledReturns.UNPRINTED``): the engine returns the
excess itself and notes it, computes the pot and the rake kept, and holds the rake to the room's share.

The bookkeeping of amounts added is shared with the other rooms that print them (``added.AddedChipsBuilder``);
what is left here is Everleaf's header, its skins and its currency.

The euro: the clients wrote cp1252's euro (byte 0x80) or, on Cyrillic Windows, cp1251's (byte 0x88), which
``reading.decode`` reads as the euro before an amount.
"""

from __future__ import annotations

from typing import ClassVar

from handlog.events import Game, UncalledReturns
from handlog.formats.added import AddedChipsBuilder
from handlog.formats.grammar import Fields
from handlog.formats.text import currency_of
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.reading.registry import register


class EverleafBuilder(AddedChipsBuilder):
    """Everleaf's header and skins on the bookkeeping of the rooms that print the chips added."""

    # "N wins $ 0.25 USD from main pot" after an uncalled raise to 0.35 over the blinds of 0.05 and 0.10 is the pot
    # without the 0.25 nobody called (every such hand of the corpus)
    uncalled_returns: ClassVar[UncalledReturns] = UncalledReturns.UNPRINTED

    games: ClassVar[dict[str, Game]] = {
        "hold'em": Game.HOLDEM,
        "omaha": Game.OMAHA,
        "omaha hi/lo": Game.OMAHA_HI_LO,
        "7 card stud": Game.SEVEN_CARD_STUD,
        "7 card stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
        "razz": Game.RAZZ,
    }

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        skin = (f.get("skin") or f.get("skin_2") or "").strip(" -")
        self.header = {"hand_id": f["hand_id"], "skin": skin or None}
        return tok

    # -- the hand
    def site_name(self) -> str:
        return "Everleaf"

    def currency(self, tournament: bool) -> str:
        """The stakes' currency sign; stakes without one are tournament chips."""
        return "CHIPS" if tournament else currency_of(self.stakes_text) or "CHIPS"


class EverleafFormat(TextSiteFormat):
    """The Everleaf reader (and its skins'), registered as ``everleaf``."""

    name = "everleaf"
    site = "Everleaf"
    grammar = "everleaf"
    builder = EverleafBuilder
    summary_marker: str | None = None
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Everleaf Gaming Game #…')",
        "GAME_NO": "'***** Hand history for game #… *****'",
        "TOURNAMENT": "'Tournament #… - Level …'",
        "STAKES": "the stakes line ('Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:15')",
        "TABLE": "the table line ('Table …')",
        "BUTTON": "'Seat N is the button'",
        "PLAYER_COUNT": "'Total number of players: N'",
        "SEAT": "a seat line ('Seat 1: P (  $ 5 USD )')",
        "POST": "a forced bet ('P: posts small blind [$ 0.05 USD]')",
        "BRING_IN": "a bring-in ('P posts bring-in $0.02.')",
        "COMPLETE": "a completion ('P completes to $0.05.')",
        "DEALT": "a deal ('Dealt to P [ Qd, 7c ]')",
        "DEAL_DOWN": "'** Dealing down cards **'",
        "STREET": "a street ('** Dealing Flop ** [ 8s, 9h, 3s ]')",
        "CALL": "a call ('P calls [$ 0.10 USD]')",
        "BET": "a bet ('P: bets [$ 0.40 USD]')",
        "RAISE": "a raise ('P raises [$ 0.35 USD]')",
        "SHOWS": "'P shows [ 9c, Ac ] …'",
        "NO_SHOW": "'P does not show cards'",
        "COLLECT": "'P wins $ 0.25 USD from main pot'",
    }


register(EverleafFormat())
