"""The room names interchange formats write, as handlog names the rooms.

An Open Hand History document names its room in ``site_name`` / ``network_name`` and a PHH hand in ``venue``, in
the converter's own words ("Pacific Poker", "888 Poker", "iPoker Network"). handlog knows a hand by (site, hand
id) (``handlog.reading.dedupe``, the hand database) and groups statistics by site, so a room written under
another name is read under the name handlog's own reader of that room gives it (``888poker`` for both of the
above): the OHH copy of an 888 hand is then the same hand as the 888 text. A name not listed here is kept as
written.
"""

from __future__ import annotations

ROOMS: dict[str, str] = {
    # lower-case name as written → handlog's site name (``site`` of the room's own reader)
    "pokerstars": "PokerStars",
    "poker stars": "PokerStars",
    "pacific poker": "888poker",
    "888 poker": "888poker",
    "888poker": "888poker",
    "888": "888poker",
    "ipoker": "iPoker",
    "ipoker network": "iPoker",
    "ggpoker": "GGPoker",
    "gg poker": "GGPoker",
    "gg network": "GGPoker",
    "winamax": "Winamax",
    "partypoker": "PartyPoker",
    "party poker": "PartyPoker",
    "full tilt": "Full Tilt",
    "full tilt poker": "Full Tilt",
    "pokernow": "PokerNow",
    "poker now": "PokerNow",
    "pokernow.club": "PokerNow",
}


def room_name(written: str | None, fallback: str) -> str:
    """handlog's name of the room ``written`` names (stripped; as written when unknown), else ``fallback``."""
    text = (written or "").strip()
    if not text:
        return fallback
    return ROOMS.get(text.lower(), text)
