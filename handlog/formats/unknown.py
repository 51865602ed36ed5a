"""Lines a reader does not know, made into ``UnknownLine`` events: the one place that says what such a line may be.

A line inside a hand that matches no line of the room's grammar (or no element of its XML) is kept with its text
and line number, and the hand goes on (``docs/unknown-lines.md``). What the line may have done decides how the
audit judges it:

- a line that names a seated player and reads like an action of theirs (a verb of the game after the name:
  posts, bets, raises, collects …; or an amount) is an action in a form the reader has not met: it may have
  moved chips, so it is an error whatever the totals say (``unknown-action``);
- any other line (a notice, a chat-like line, a player leaving, a table message) carries no chips the reader can
  see: the audit reads the hand when the room's own numbers prove it (``unknown-line``).

The classification errs towards the action: a number that is not plainly a time, a seat, a table or a date counts
as chips.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from handlog.events import UnknownLine

_CHIP_WORDS = re.compile(
    r"\b(?:posts?|posted|posting|bets?|betting|raises?|raised|calls?|called|checks?|checked|folds?|folded"
    r"|antes?|straddles?|straddled|all-?in|allin|pays?|paid|puts?|adds?|added|re-?buys?|add-?on"
    r"|collects?|collected|wins?|won|returned|refunded|refunds?|cash(?:es|ed)? ?out|shows?|showed|shown"
    r"|mucks?|mucked|discards?|discarded|draws?|drew|stands? pat|brings? in|completes?|completed|caps?|capped"
    r"|chips?|pot)\b",
    re.IGNORECASE,
)
"""Words of a line that may move chips or change the action, after a seated player's name."""
_HARMLESS_NUMBERS = re.compile(
    r"[0-9]+\s*(?:seconds?|secs?|s\b|minutes?|mins?|hours?|hrs?|(?:st|nd|rd|th)\b)"
    r"|(?:table|seat|level|round|hand|place|position|game|tournament|#)\s*#?\s*[0-9]+"
    r"|[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?"
    r"|[0-9]{4}[/.-][0-9]{1,2}[/.-][0-9]{1,2}"
    r"|\[(?:\s*(?:10|[2-9TJQKAtjqka])[shdcSHDC]\s*)+\]",
    re.IGNORECASE,
)
"""Numbers that are plainly no chips: a time, a seat, a table, a level, a date, cards."""
_DIGIT = re.compile(r"[0-9]")


def named_player(text: str, players: Iterable[str]) -> str | None:
    """The seated player the line names (the longest name written in it as a whole word), or None."""
    best: str | None = None
    for name in players:
        if not name or (best is not None and len(name) <= len(best)):
            continue
        start = text.find(name)
        while start >= 0:
            end = start + len(name)
            before = text[start - 1] if start else " "
            after = text[end] if end < len(text) else " "
            if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
                best = name
                break
            start = text.find(name, start + 1)
    return best


def has_chip_words(text: str) -> bool:
    """The text has a word of the game's actions (posts, bets, collects …): what a line before the seats, where no
    player's name can be told apart from a number, is judged by."""
    return _CHIP_WORDS.search(text) is not None


def may_carry_chips(text: str) -> bool:
    """The text (what follows a player's name) has a word of the game's actions or a number that may be chips."""
    if _CHIP_WORDS.search(text):
        return True
    return _DIGIT.search(_HARMLESS_NUMBERS.sub(" ", text)) is not None


def unknown_line(line: int, text: str, players: Iterable[str]) -> UnknownLine:
    """The event of an unknown line at ``line``: an action of the seated player it names when it reads like one
    (``may_carry_chips`` of the rest of the line), else a line that carries no chips the reader can see."""
    text = text.rstrip("\r\n")
    player = named_player(text, players)
    if player is not None:
        rest = text.replace(player, " ")
        if may_carry_chips(rest):
            return UnknownLine(line=line, text=text, player=player, action=True)
    return UnknownLine(line=line, text=text, player=player)


def bad_field_line(line: int, text: str, player: str) -> UnknownLine:
    """A line of a known kind whose fields the reader cannot read (an amount or cards in an unknown format): an
    action of ``player`` in a new form."""
    return UnknownLine(line=line, text=text.rstrip("\r\n"), player=player, action=True)


_NONZERO = re.compile(r"[1-9]")
MAX_ENTRY_TEXT = 500
"""An unknown entry's text is cut to this length (an entry of a document may be long)."""


def unknown_entry(line: int, text: str, kind: str, player: str | None, amounts: Iterable[object],
                  seated: Iterable[str]) -> UnknownLine:
    """An entry of a document (a JSON object, a CSV row) of a kind the reader does not know (``kind``, its type
    as written), kept as an ``UnknownLine`` with ``text`` (the entry as written): an action of ``player`` (when
    seated) if its kind is a word of the game's actions (an ante, a bet, a payout …) or one of its ``amounts`` is
    not zero; else an entry that carries no chips (a player sitting out, a table notice), which the audit judges
    by the hand's own numbers. The document readers' counterpart of ``unknown_line`` (text rooms) and
    ``xmlsession.unknown_element`` (XML rooms)."""
    text = " ".join(text.split())[:MAX_ENTRY_TEXT]
    if player is not None and player not in set(seated):
        player = None
    if player is not None:
        words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", kind).replace("_", " ")
        if may_carry_chips(words) or any(_NONZERO.search(str(v)) for v in amounts if v is not None):
            return UnknownLine(line=line, text=text, player=player, action=True)
    return UnknownLine(line=line, text=text, player=player)
