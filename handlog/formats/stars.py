"""PokerStars' layout as the rooms that write it share it: the builder of its stakes texts ("Button Blind $1 - Ante
$0.10", "- $2 Cap"), Zoom and Home Games (``PokerStarsBuilder``), and the same for a room whose raises must be read
by their totals (``StarsRaiseToBuilder``). Shared machinery, not a room: PokerStars' own reader
(``pokerstars``) and each dialect of its layout (``stars_layout``, ``pokerstars_pt``, ``pppoker``, ``weplay``,
``coinpoker``) subclass these, never one another.
"""

from __future__ import annotations

import re
from typing import ClassVar

from handlog.events import Post, PostType, Stakes
from handlog.formats.grammar import Fields
from handlog.formats.text import amount
from handlog.formats.textsite import RaiseToBuilder, TextHandBuilder, Tok

_BUTTON_ANTE = re.compile(r"Button Blind\s*(?P<bb>\S+)\s*-\s*Ante\s*(?P<ante>\S+)")
_CAP = re.compile(r"-\s*(?P<cap>\S+) Cap")


class PokerStarsBuilder(TextHandBuilder):
    """PokerStars' stakes texts, Home Games and Zoom on top of the layout's builder."""

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        button = _BUTTON_ANTE.search(text)
        if button:  # "Button Blind $1 - Ante $0.10": one blind, posted by the button, and an ante from everyone
            bb, ante = amount(button.group("bb")), amount(button.group("ante"))
            return Stakes(small=bb, big=bb, ante=ante, button_blind=bb)
        stakes = super().stakes_of(text, level_stakes)
        cap = _CAP.search(text)  # capped no-limit and pot-limit: "($0.25/$0.50 - $10 Cap USD)"
        return stakes.model_copy(update={"cap": amount(cap.group("cap"))}) if cap else stakes

    def zoom(self) -> bool:
        return (self.header.get("room") or "").startswith("Zoom") or bool(self.header.get("zoom_tournament"))


class StarsRaiseToBuilder(RaiseToBuilder, PokerStarsBuilder):
    """PokerStars' builder for a room whose raises must be read by their totals: WePlay's "raises $41.06 to
    $43.06" (the first amount is the chips put in, not the increment), CoinPoker's "raises 0.46 and is all-in" (the
    chips put in, no total). It follows each round's bets, blinds included (``RaiseToBuilder``)."""

    raise_total: ClassVar[str] = "amount_2"

    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        super().POST(tok, fields)
        post = self.events[-1]
        if isinstance(post, Post):
            if post.post in (PostType.ANTE, PostType.DEAD_BLIND):
                self.street.dead(post.player, post.amount)
            else:
                self.street.dead(post.player, post.dead)
                self.street.add(post.player, post.amount - post.dead)
        return tok
