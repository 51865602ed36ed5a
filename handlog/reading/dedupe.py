"""Each hand once: the same hand read from two files (a folder holding a copy, an export made twice) counts once.

Hands are known by (site, hand id), as the hand database knows them: the id and the room come from the header
alone (the format's ``peek``), so the reading process dedupes while it cuts the files, before any hand is parsed
or sent to a worker. A document format whose hand states its id and room deeper in (an OHH object's
``game_number`` and ``site_name``, a PHH hand's ``hand`` and ``venue``) finds them in the hand's lines
(``registry.peek``); rooms are named as handlog's readers name them (``formats.sitenames``), so the OHH or PHH copy
of a room's own text (same site, same id) is the same hand. A hand that gives no id is known by its text.

The first copy read is kept (files are read in sorted order); each later one is skipped and remembered
(:class:`Duplicate`), and a "duplicate" whose text differs from the kept copy's (the same hand id written twice
differently) is flagged, for the commands to report as a notice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from handlog.reading import registry

COUNTER_IDS = frozenset({"pokernow"})
"""Sites (lower case) whose hand "id" is a counter that starts again in each game's log (PokerNow's ``hand #125``):
there an id names no hand across files, so a hand is known by its id and its text (an identical copy is still
read once). Only in the room's own log: an OHH document converted from a PokerNow log numbers its hands itself
(``game_number``, a time in milliseconds), and is known by that."""


@dataclass(frozen=True, slots=True)
class Duplicate:
    """A hand skipped as a copy of one read before."""

    file: str
    line: int
    site: str
    hand_id: str | None
    first_file: str
    first_line: int
    differs: bool  # its text is not the kept copy's


@dataclass(slots=True)
class Dedupe:
    """The hands read so far, by (site, hand id) or text; ``duplicates`` the copies skipped."""

    seen: dict[tuple[str, str], tuple[bytes, str, int]] = field(default_factory=dict)
    duplicates: list[Duplicate] = field(default_factory=list)
    last: registry.HeaderFacts | None = None
    """The header facts ``admit`` peeked of the hand it was last given (None: its header could not be peeked): the
    reader passes them on to ``reader.parse_chunk``, which would otherwise peek the same lines again."""

    def admit(self, fmt: registry.HandFormat, file: str, line: int, lines: Sequence[str], document: object) -> bool:
        """Whether this hand is read (the first time its key is met), else remember it as a duplicate."""
        digest = hashlib.blake2b("\n".join(lines).encode("utf-8", "surrogatepass"), digest_size=16).digest()
        facts = self.last = _peeked(fmt, lines, document)
        site, hand_id = (fmt.site, None) if facts is None else (facts.site or fmt.site, facts.hand_id or None)
        counter = hand_id and site.lower() in COUNTER_IDS and fmt.site.lower() in COUNTER_IDS  # the room's own log
        known_by = f"{hand_id}#{digest.hex()}" if counter else hand_id
        key = (site.lower(), known_by) if known_by else ("", digest.hex())
        first = self.seen.get(key)
        if first is None:
            self.seen[key] = (digest, file, line)
            return True
        self.duplicates.append(Duplicate(file, line, site, hand_id, first[1], first[2], first[0] != digest))
        return False

    @property
    def differing(self) -> list[Duplicate]:
        return [d for d in self.duplicates if d.differs]


def _peeked(fmt: registry.HandFormat, lines: Sequence[str], document: object) -> registry.HeaderFacts | None:
    """The hand's header facts, as ``reading.reader.parse_chunk`` peeks them (None: the peek failed, and the hand is
    known by its text)."""
    try:
        return registry.peek(fmt, lines, document)
    except Exception:  # noqa: BLE001 - a header no reader foresaw: known by its text
        return None


def summary(dedupe: Dedupe) -> list[str]:
    """The lines the commands print about duplicates: how many were skipped, and each whose text differs."""
    out: list[str] = []
    if dedupe.duplicates:
        out.append(f"{len(dedupe.duplicates)} duplicate hands skipped (the same site and hand id read before)")
    for d in dedupe.differing:
        out.append(f"{d.file}:{d.line}: notice: hand {d.hand_id} ({d.site}) was read before at "
                   f"{d.first_file}:{d.first_line} with a different text; the first is kept")  # fmt: skip
    return out
