"""PartyPoker text hand histories: ``grammars/partypoker.lark`` plus PartyPoker's quirks, on the layout it shares
with 888 (``party_layout``: both generations, amounts as chips added, unprinted uncalled bets, glued lines).

What is PartyPoker's alone: the header names the room that dealt a converted copy (``***** Hand History for Game …
***** (Poker Stars)``, ``(WPN)``, ``(PokerBros)``), which ``Hand.site`` names; the game line names the currency
(``$2 USD NL``) or the play-money table; fast-fold tables (``fast``) are zoom.
"""

from __future__ import annotations

from handlog.formats.grammar import Fields
from handlog.formats.party_layout import PartyLayoutBuilder, PartyLayoutFormat
from handlog.formats.text import currency_of
from handlog.formats.textsite import Tok
from handlog.reading.registry import register

SKINS = {"Poker Stars": "PokerStars", "WPN": "WPN", "PokerBros": "PokerBros"}
"""The rooms whose hands a converted copy holds, by the name its header ends with."""


class PartyPokerBuilder(PartyLayoutBuilder):
    """PartyPoker's header and room-level facts on the layout's builder."""

    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.header = {"hand_id": f["hand_id"], "skin": f["skin"]}
        return tok

    def site_name(self) -> str:
        return SKINS.get(self.header.get("skin") or "", self.site)

    def currency(self, tournament: bool) -> str:
        if tournament:
            return "CHIPS"
        if self.table.get("money") == "Play Money":
            return "PLAY"
        return self.header.get("money") or currency_of(self.header.get("stakes") or "") or (
            "EUR" if any("€" in str(s.stack) for s in self.seats) else "USD"
        )

    def zoom(self) -> bool:
        return bool(self.header.get("fast"))


class PartyPokerFormat(PartyLayoutFormat):
    """The PartyPoker reader (both generations and the converted copies), registered as ``partypoker``."""

    name = "partypoker"
    site = "PartyPoker"
    grammar = "partypoker"
    builder = PartyPokerBuilder


register(PartyPokerFormat())
