"""PokerStars text hand histories: ``grammars/pokerstars.lark`` plus what is PokerStars' own in reading them.

The machinery (the builder's bookkeeping, the table driver, the Lark fallback and its explained errors,
detection) lives in ``handlog.formats.textsite``; the lines of the layout map to events there. What is left here
is PokerStars' own: its header (``PokerStars Hand #…``, ``PokerStars Home Game``, ``Zoom``), its stakes texts
("Button Blind $1 - Ante $0.10", "- $2 Cap"), and the quirks of its logs that passed through other tools:
PokerTracker 2 exports upper-case the header, converted logs show hidden cards as ``XX`` ("shows [XX Qs]": one
card shown, one unknown, see ``Show.unknown``; read by ``textsite.shown_cards``), and concatenated files can glue
a header to the middle of a line (``glued_header``; the hand before it is then truncated and reported as such).

The layout's builder (``PokerStarsBuilder``) is shared machinery, in ``handlog.formats.stars``: a room that writes
PokerStars' layout with a few changes subclasses it (and its grammar imports ``pokerstars.lark``), see
``textsite``.
"""

from __future__ import annotations

from typing import ClassVar

from handlog.formats.stars import PokerStarsBuilder
from handlog.formats.textsite import DESCRIPTIONS, TextSiteFormat
from handlog.reading.registry import register

__all__ = ["PokerStarsBuilder", "PokerStarsFormat"]


class PokerStarsFormat(TextSiteFormat):
    """The PokerStars reader, registered as ``pokerstars``."""

    name = "pokerstars"
    site = "PokerStars"
    grammar = "pokerstars"
    builder = PokerStarsBuilder
    descriptions: ClassVar[dict[str, str]] = {**DESCRIPTIONS, "HEADER": "the hand header ('PokerStars Hand #…')"}


register(PokerStarsFormat())
