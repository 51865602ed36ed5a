"""WePlay text hand histories (2026): ``grammars/weplay.lark``, a dialect of PokerStars' layout, on PokerStars'
builder. What is WePlay's own:

* the header ``Weplay Hand #73968494:  Hold'em No Limit ($2/$5) - 2026/01/28 15:22:37 UTC`` (the time in UTC)
  and the table line ``Table 'Glasgow #1'(11510800) 6-max (Money 3) Seat #3 is the button`` (the table's number
  glued to its name, its kind in brackets);
* ``raises $41.06 to $43.06``: the first amount is the chips the raise puts in (41.06 from a small blind of 2),
  not the raise's increment as at PokerStars; the total is the number read;
* the rake is taken from the winner after the pot is paid: ``collected $32.56 from pot`` and the summary's
  ``won ($32.56)`` are the whole pot (``Total pot $32.56 | Rake $0.81``), and the winner's next stack is 0.81
  less than that collect makes it. The reader records what the winner keeps (the collect less its share of the
  rake, shared pro rata between several winners) and says so in a notice on the collect's line; the summary's
  total pot and rake are the room's, unchanged, and the accounting holds the hand to them;
* a hand whose deal is written again after the showdown (``*** HOLE CARDS ***`` and ``Dealt to P [Qh 3c]`` a
  second time): the repeat is kept as notices, not a second deal.
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from handlog.events import Collect, DealHole, Event, Hand, Notice, SeatResult, Street, StreetStart
from handlog.formats.grammar import Fields
from handlog.formats.stars import StarsRaiseToBuilder
from handlog.formats.text import cards
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.reading.registry import register

ZERO = Decimal(0)


def rake_shares(collects: list[Collect], rake: Decimal) -> list[Decimal]:
    """Each collect's share of ``rake``, pro rata to the amounts, in cents; the rounding's remainder goes to the
    first."""
    total = sum((c.amount for c in collects), ZERO)
    if not collects or total == 0:
        return [ZERO for _ in collects]
    cent = Decimal("0.01")
    shares = [(rake * c.amount / total).quantize(cent, rounding="ROUND_DOWN") for c in collects]
    shares[0] += rake - sum(shares, ZERO)
    return shares


class WePlayBuilder(StarsRaiseToBuilder):
    """PokerStars' builder with WePlay's raises (by their totals), its rake after the collect and its repeated
    deal."""

    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.table = {**f, "money": f["money"] or "Real Money"}
        return tok

    def HOLE_CARDS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        if any(isinstance(e, StreetStart) and e.street is Street.PREFLOP for e in self.events):
            self.events.append(Notice(line=self._lineno(tok), text="*** HOLE CARDS *** (the deal, written again)"))
            return tok
        return super().HOLE_CARDS(tok, fields)

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, dealt = f["player"] or "", cards(f["cards"])
        if any(isinstance(e, DealHole) and e.player == player and e.cards == dealt for e in self.events):
            text = f"Dealt to {player} [{' '.join(dealt)}] (the deal, written again)"
            self.events.append(Notice(line=self._lineno(tok), text=text, player=player))
            return tok
        return super().DEALT(tok, f)

    def build(self, file: str, first_line: int) -> Hand:
        s = self.summary
        collects = [e for e in self.events if isinstance(e, Collect)]
        paid = sum((c.amount for c in collects), ZERO)
        if s.rake and s.total is not None and paid == s.total:  # the whole pot paid: the rake is the winners'
            shares = rake_shares(collects, s.rake)
            kept: dict[str, Decimal] = {}
            events: list[Event] = []
            share_of = {id(c): share for c, share in zip(collects, shares, strict=True)}
            for e in self.events:
                share = share_of.get(id(e)) if isinstance(e, Collect) else None
                if isinstance(e, Collect) and share is not None:
                    events.append(Notice(
                        line=e.line, player=e.player,
                        text=f"{e.player} collected {e.amount}, the whole pot: the rake of {share} is taken from it",
                    ))
                    e = e.model_copy(update={"amount": e.amount - share})
                    kept[e.player] = kept.get(e.player, ZERO) + share
                events.append(e)
            self.events = events
            s.seats = [_less(seat, kept.pop(seat.player, ZERO)) for seat in s.seats]
        return super().build(file, first_line)


def _less(seat: SeatResult, rake: Decimal) -> SeatResult:
    """The summary seat's "won (X)" less the rake taken from it (on its last amount)."""
    if not rake or not seat.won:
        return seat
    return seat.model_copy(update={"won": (*seat.won[:-1], seat.won[-1] - rake)})


class WePlayFormat(TextSiteFormat):
    """The WePlay reader, registered as ``weplay``."""

    name = "weplay"
    site = "WePlay"
    grammar = "weplay"
    builder = WePlayBuilder
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Weplay Hand #…: Hold'em No Limit ($2/$5) - … UTC')",
        "TABLE": "the table line ('Table 'Glasgow #1'(11510800) 6-max (Money 3) Seat #3 is the button')",
    }


register(WePlayFormat())
