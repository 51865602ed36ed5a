"""What to say of a file no reader recognises: a hand history of a known client in a header no reader knows (another
language, a skin's own header, a new layout), or not a hand history at all.

Detection asks each reader for its header (``registry.detect``); a file none of them claims is not given up on in
silence when its first lines read like a hand history: the problem names the header that was not recognised (and
the client whose words it holds, where it holds some), so that a log of a room handlog reads is never reported as
"not a hand history in any known format" (docs/unknown-lines.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

NOT_A_HAND_HISTORY = "not a hand history in any known format"

_HAND_WORDS = re.compile(
    r"^\s*Seat\s*[0-9]+\s*:|\*\*\*|^\s*Dealt to |posts? (?:the )?(?:small|big) blind|\bsmall blind\b|\bbig blind\b"
    r"|\bbutton\b|\bHand\s*#|\bGame\s*#|\bHandId\b|\bTable\b|<(?:session|game|HISTORY|Game|hand)\b"
    r"|\b(?:folds|checks|calls|raises|bets|mucks|shows)\b|\bBlinds?\b|\bante\b",
    re.IGNORECASE,
)
"""Words of a hand history's lines, in the English most clients write and the XML of the session formats."""
_ROOMS = (
    ("PokerStars", re.compile(r"PokerStars|Pokerstars", re.IGNORECASE)),
    ("Full Tilt", re.compile(r"Full Tilt|FullTilt", re.IGNORECASE)),
    ("PartyPoker", re.compile(r"PartyPoker|Party Poker|\*{5} Hand History", re.IGNORECASE)),
    ("888poker", re.compile(r"888(?:poker)?|Pacific Poker", re.IGNORECASE)),
    ("GGPoker", re.compile(r"GGPoker|Poker Hand #[A-Z]{2}[0-9]", re.IGNORECASE)),
    ("Winamax", re.compile(r"Winamax", re.IGNORECASE)),
    ("Bovada", re.compile(r"Bovada|Bodog|Ignition", re.IGNORECASE)),
    ("Winning", re.compile(r"Winning|Americas Cardroom|\bACR\b|Ya Poker", re.IGNORECASE)),
    ("iPoker", re.compile(r"<session\b|iPoker", re.IGNORECASE)),
    ("Merge", re.compile(r"<game id=|Merge", re.IGNORECASE)),
    ("Everleaf", re.compile(r"Everleaf", re.IGNORECASE)),
    ("Microgaming", re.compile(r"<Game hhversion", re.IGNORECASE)),
    ("Boss", re.compile(r"<HISTORY\b", re.IGNORECASE)),
)


_HAND_MARKS = re.compile(
    r"^\s*(?:Seat|Si[eè]ge|Platz|Asiento|Lugar|Posto|Zitplaats|Miejsce|Место)\s*[0-9]+\s*:|^\s*Dealt to "
    r"|posts? (?:the )?(?:small|big) blind|^\s*(?:small|big) blind\s*:|\bin seat [0-9]+\)"
    r"|\*\*\* *(?:HOLE CARDS|PRE-?FLOP|FLOP)"
    r"|<(?:game|HISTORY|Game)\b[^>]*\b(?:id|ID|gamecode)=",
    re.IGNORECASE,
)
"""Lines only a hand (not a tournament summary, not a web page) holds: a seat, a deal, a blind, a street, a hand's
element."""


def looks_like_hands(head: Sequence[str]) -> bool:
    """The first non-blank lines read like a hand history: three lines or more with a hand history's words, one of
    them a line only a hand holds."""
    return sum(1 for line in head if _HAND_WORDS.search(line)) >= 3 and any(_HAND_MARKS.search(h) for h in head)


def room_named(head: Sequence[str]) -> str | None:
    """The client whose name or mark the first lines hold, if any."""
    text = "\n".join(head[:5])
    return next((room for room, rx in _ROOMS if rx.search(text)), None)


def unrecognised(head: Sequence[str]) -> str:
    """The problem to report of a file whose first non-blank lines (``head``) no reader recognises."""
    if not head or not looks_like_hands(head):
        return NOT_A_HAND_HISTORY
    room = room_named(head)
    header = head[0].strip()[:200]
    client = f"a {room} hand history" if room else "a hand history"
    return f"{client} whose header no reader recognises (another language, a skin or a new layout?): {header!r}"


def unrecognised_file(path: Path, lines: int = 20) -> str:
    """``unrecognised`` of a file's first non-blank lines (read again: the importer detects without keeping them)."""
    from handlog.reading.decode import iter_lines

    head: list[str] = []
    try:
        with path.open("rb") as stream:
            for line in iter_lines(stream):
                if line.strip():
                    head.append(line)
                if len(head) >= lines:
                    break
    except OSError:
        return NOT_A_HAND_HISTORY
    return unrecognised(head)
