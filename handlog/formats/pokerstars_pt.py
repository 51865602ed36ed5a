"""PokerStars' Portuguese client: ``grammars/pokerstars_pt.lark`` (PokerStars' layout, its words translated) plus
the words that become the layout's vocabulary here.

A hand of it (``Mão PokerStars #137738351488: Torneio #…``, ../shared/corpus/fresh/pokerstars) writes the forced
bets ``coloca ante`` and ``paga o small blind`` / ``paga o big blind``, ``*** CARTAS DA MÃO ***``, the actions
``desiste`` (folds), ``passa`` (checks), ``iguala`` (calls), ``aposta`` (bets), ``Aposta não-igualada (X) voltou
para P`` (the return of an uncalled bet), ``P recebeu X do pote`` (collects), ``*** SUMÁRIO ***``, ``Total pote X |
comissão Y`` (rake), ``Mesa [..]`` (the board) and summary seats ``(Botão) (small blind) recebeu (132)`` and
``desistiu no Turn``. The streets (``*** FLOP ***``), game names and blinds' names stay English. Its raises, all-ins,
deals and shows are not in the corpus: a line of them is an unknown line naming its player (an error), never
skipped quietly. The hand is PokerStars' (``Hand.site``), under PokerStars' rules profile.
"""

from __future__ import annotations

from typing import ClassVar

from handlog.events import PostType
from handlog.formats.grammar import Fields
from handlog.formats.stars import PokerStarsBuilder
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat, Tok
from handlog.reading.registry import register

POSITIONS = {"Botão": "button"}
"""A summary seat's positions, as the layout names them (the blinds' names are English already)."""
OUTCOMES = (("recebeu (", "collected ("), ("mostrou [", "showed ["))
"""The summary's words the layout's builder reads amounts and cards after."""


class PokerStarsPtBuilder(PokerStarsBuilder):
    """The Portuguese words of forced bets, collects and summary seats, mapped to the layout's."""

    posts: ClassVar[dict[str, PostType]] = {
        "coloca ante": PostType.ANTE,
        "paga o small blind": PostType.SMALL_BLIND,
        "paga o big blind": PostType.BIG_BLIND,
    }

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = dict(self._f(tok, fields))
        f["pot"] = "pot"  # "do pote": the pot (side pots are not in the corpus)
        return super().COLLECT(tok, f)

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = dict(self._f(tok, fields))
        written = f["outcome"] or ""
        outcome = written
        for word, layout in OUTCOMES:
            outcome = outcome.replace(word, layout)
        positions = f["positions"] or ""
        for word, layout in POSITIONS.items():
            positions = positions.replace(f"({word})", f"({layout})")
        f["outcome"], f["positions"] = outcome, positions or None
        super().SUMMARY_SEAT(tok, f)
        seat = self.summary.seats[-1]
        self.summary.seats[-1] = seat.model_copy(update={"text": written})  # the line's own words
        return tok


class PokerStarsPtFormat(TextSiteFormat):
    """PokerStars' Portuguese client, registered as ``pokerstars-pt``."""

    name = "pokerstars-pt"
    site = "PokerStars"
    grammar = "pokerstars_pt"
    builder = PokerStarsPtBuilder
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Mão PokerStars #…')",
        "TABLE": "the table line ('Mesa '…' 6-max Lugar #1 é o botão')",
        "SEAT": "a seat line ('Lugar 1: P (1500 em fichas)')",
        "POST": "a forced bet ('P: paga o small blind 10')",
        "HOLE_CARDS": "'*** CARTAS DA MÃO ***'",
        "SUMMARY": "'*** SUMÁRIO ***'",
        "TOTAL_POT": "'Total pote … | comissão …'",
    }


register(PokerStarsPtFormat())
