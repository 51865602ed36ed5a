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


_NUMBER = r"(?:#|n\.?\s?[°ºo]|n\.\s?º|nº|n°|Nr\.?|No\.?|№|n\.)\s*[0-9]{3,}"
"""A hand's number as the clients' translations write it: ``#123``, ``n° 123``, ``nº``, ``n.º``, ``Nr. 123``, ``№``."""

_HEADER_NUMBER = re.compile(_NUMBER + r"|\b[0-9]{6,}\b", re.IGNORECASE)
"""A hand's number on a header line: written after a number sign in a translation, or a long number alone."""

_STARS_HEADER = re.compile(r"^\W{0,2}(?:[^\n:]{0,40}?\bPokerStars\b[^\n:]{0,40}?" + _NUMBER + r"|PokerStars)",
                           re.IGNORECASE)
"""A PokerStars header line, in English or a translation: the room's name near the hand's number (``Mão PokerStars
#…``, ``Main PokerStars n° …``, ``PokerStars Hand #…``), or a line that starts with it."""

_EVERLEAF_HEADER = re.compile(
    r"^\W{0,2}(?:Everleaf\b|- - [^\n]*? - )|^\s*\*{5} [^\n*]*" + _NUMBER + r"\s*\*{5}", re.IGNORECASE
)
"""An Everleaf (or skin) header: ``Everleaf Gaming …``, ``- - Skin - …``, or its ``***** … #N *****`` line."""

_WINAMAX_HEADER = re.compile(r"^\W{0,2}Winamax\b", re.IGNORECASE)

# The words of each language a client's translation writes in a hand's first lines (header, table, seats, blinds):
# the language is the one with the most of them. Words several languages share count for each.
_LANGUAGES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (language, re.compile(words, re.IGNORECASE))
    for language, words in (
        ("Portuguese", r"\bMão\b|\bTorneio\b|\bNível\b|\bLugar\s*#?[0-9]|\bem fichas\b|\bé o botão\b|\bcoloca\b"
                       r"|\bpaga o\b|\bCARTAS (?:DA MÃO|FECHADAS)\b|\bdesiste\b|\bpassa\b|\biguala\b"),
        ("Spanish", r"\bMano\b|\bTorneo\b|\bNivel\b|\bAsiento\s*#?[0-9]|\ben fichas\b|\bes el botón\b|\bMesa\b"
                    r"|\bciega\b|\bpone\b|\bse retira\b|\bpasa\b|\biguala\b|\bsube\b"),
        ("French", r"\bMain\b|\bTournoi\b|\bNiveau\b|\bSi[èe]ge\s*#?[0-9]|\bjetons\b|\bbouton\b|\bPartie\b"
                   r"|\bblinde\b|\bpetite\b|\bgrosse\b|\bse couche\b|\bparole\b|\bsuit\b|\brelance\b|\bmise\b"),
        ("German", r"\bTurnier\b|\bPlatz\s*#?[0-9]|\bTisch\b|\bist der Button\b|\bsetzt\b|\bpasst\b"
                   r"|\bgeht mit\b|\berhöht\b|\bStufe\b|\bSpiel\b"),
        ("Italian", r"\bMano\b|\bTorneo\b|\bLivello\b|\bPosto\s*#?[0-9]|\bTavolo\b|\bgettoni\b|\bfiches\b"
                    r"|\bè il bottone\b|\bpiccolo buio\b|\bgrande buio\b|\blascia\b|\bpunta\b|\brilancia\b"),
        ("Dutch", r"\bToernooi\b|\bStoel\s*#?[0-9]|\bTafel\b|\bfiches\b|\bis de button\b|\bpast\b|\bverhoogt\b"),
        ("Polish", r"\bRozdanie\b|\bTurniej\b|\bPoziom\b|\bMiejsce\s*#?[0-9]|\bStół\b|\bżeton"),
        ("Swedish", r"\bTurnering\b|\bNivå\b|\bPlats\s*#?[0-9]|\bBord\b|\bmarker\b"),
        ("Danish or Norwegian", r"\bHånd\b|\bTurnering\b|\bSæde\s*#?[0-9]|\bSete\s*#?[0-9]|\bBord\b"),
        ("Czech", r"\bTurnaj\b|\bÚroveň\b|\bSedadlo\b|\bStůl\b|\bžeton"),
        ("Hungarian", r"\bLeosztás\b|\bVerseny\b|\bSzint\b|\bAsztal\b|\bzseton"),
        ("Finnish", r"\bKäsi\b|\bTurnaus\b|\bTaso\b|\bPaikka\b|\bPöytä\b|\bpelimerk"),
        ("Romanian", r"\bMâna\b|\bTurneu\b|\bNivel(?:ul)?\b|\bLoc(?:ul)?\s*#?[0-9]|\bMasa\b|\bjetoane\b"),
        ("Turkish", r"\bEl\s*#|\bTurnuva\b|\bSeviye\b|\bKoltuk\b|\bMasa\b|\bfiş"),
        ("Greek", r"Χέρι|Τουρνουά|Επίπεδο|Θέση|Τραπέζι|μάρκες"),
        ("Russian", r"Раздача|Турнир|Уровень|Место\s*[0-9]|Стол|фишк|фишек"),
        ("Ukrainian", r"Роздача|Турнір|Рівень|Місце|Стіл|фішк"),
        ("Bulgarian", r"Раздаване|Турнир|Ниво|Място|Маса|чипа"),
        ("Japanese", r"ハンド|トーナメント|レベル|シート|テーブル|チップ"),
        ("Chinese", r"牌局|手牌|锦标赛|錦標賽|级别|級別|座位|桌|筹码|籌碼"),
    )
)
_ENGLISH = re.compile(
    r"\b(?:Hand|Game|Tournament|Level|Seat [0-9]|Table|in chips|is the button|posts|folds|checks|calls|raises)\b"
)


def language_of(head: Sequence[str]) -> str | None:
    """The language a client's translation writes the first lines of ``head`` in (the one with the most of its
    words there), or None for English (or words of no language known here)."""
    text = "\n".join(head[:8])
    scores = {language: len(rx.findall(text)) for language, rx in _LANGUAGES}
    language, score = max(scores.items(), key=lambda item: item[1])
    if score == 0 or score <= len(_ENGLISH.findall(text)) // 2:
        return None
    best = [name for name, n in scores.items() if n == score]
    return " or ".join(best) if len(best) > 1 else language


def known_client(head: Sequence[str]) -> str | None:
    """The known client whose header the first non-blank line is, in English or a translation: "PokerStars",
    "Everleaf", "Winamax" by their headers' shape, any other room of ``_ROOMS`` whose name or mark the line holds
    beside a hand's number (None: no such header)."""
    if not head:
        return None
    first = head[0]
    for client, rx in (("PokerStars", _STARS_HEADER), ("Everleaf", _EVERLEAF_HEADER), ("Winamax", _WINAMAX_HEADER)):
        if rx.search(first):
            return client
    if _HEADER_NUMBER.search(first):
        return next((room for room, rx in _ROOMS if rx.search(first)), None)
    return None


HEADER_BLOCK = 6
"""The most lines a hand's header block holds (the header and what rooms write before the seats)."""


def in_header_block(lines: Sequence[str], index: int) -> bool:
    """Whether ``lines[index]`` (a hand's lines, from its header) is in its header block: among its first
    ``HEADER_BLOCK`` lines and above its first seat line. A line there that the reader claiming the hand cannot
    read, in a known client's translation, is reported by language (``translated_header``)."""
    if not 0 <= index < HEADER_BLOCK:
        return False
    return not any(_HAND_MARKS.search(line) for line in lines[:index])


def translated_header(head: Sequence[str]) -> str | None:
    """"<client> hand history in <language>: header not recognised: '<line>'" when the first non-blank lines
    (``head``) are a known client's header in a translation (None otherwise)."""
    client = known_client(head)
    language = language_of(head) if client else None
    if client is None or language is None:
        return None
    return f"{client} hand history in {language}: header not recognised: {head[0].strip()[:200]!r}"


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
    translated = translated_header(head)
    if translated is not None:  # never "not a hand history", even when no English word is there to see
        return translated
    language = language_of(head) if head else None
    if language and _HEADER_NUMBER.search(head[0]) and any(_HAND_MARKS.search(h) for h in head):
        # a hand's number, then a seat line in a translation: a hand history of a room not named, in a language
        room = room_named(head)
        client = f"{room} hand history" if room else "a hand history"
        return f"{client} in {language}: header not recognised: {head[0].strip()[:200]!r}"
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
