"""The registry of hand-history formats, and detection of a file's format by its content.

A format is a small object registered by name (``pokerstars``, later ``phh``, ``ggpoker`` …). Detection looks at
the first non-blank lines of a file, never at its name. Adding a format touches its own module and nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from handlog.events import Hand

if TYPE_CHECKING:
    from handlog.reading.split import Chunk, SplitStats


@dataclass(frozen=True, slots=True)
class HeaderFacts:
    """What a header line tells cheaply, even when the rest of the hand cannot be read."""

    hand_id: str | None = None
    game: str | None = None
    structure: str | None = None
    site: str | None = None
    """The room, when the header names one other than the format's (a format read by several rooms)."""


class HandParseFailure(Exception):
    """Raised by a format's ``parse`` when a hand cannot be read; carries a ``ParseError``."""

    def __init__(self, error: object) -> None:
        super().__init__(str(error))
        self.error = error


class HandFormat(Protocol):
    """What a site or research format provides to the reader."""

    name: str
    site: str
    summary_marker: str | None
    """A line after which the first blank line ends the hand (``*** SUMMARY ***``), or None."""

    def detect(self, head: Sequence[str]) -> bool:
        """True when these first non-blank lines of a file are in this format."""
        ...

    def is_header(self, line: str) -> bool:
        """True when ``line`` starts a new hand."""
        ...

    def glued_header(self, line: str) -> int:
        """Where a header starts in the middle of ``line`` (logs concatenated without a newline), or -1."""
        ...

    def peek(self, header: str) -> HeaderFacts:
        """Hand id, game and structure from a header line, without a full parse."""
        ...

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        """The hand in ``lines`` (``first_line`` is the file line of ``lines[0]``); raises HandParseFailure."""
        ...


@runtime_checkable
class DocumentFormat(Protocol):
    """A format that cuts its own lines into hands, for formats whose hands are not runs of lines opened by a
    header line: a PHH file is one TOML document (``.phh``: the whole file is one hand; ``.phhs``: one table
    ``[1]``, ``[2]`` … per hand), and a TOML document is not read line by line. A format that also provides
    ``split`` is cut by it instead of by ``split.split_hands``'s header and summary rules; everything else
    (decoding, detection by content, one record per hand, a bad hand costing only itself) stays the same."""

    def split(self, lines: Iterable[str], stats: SplitStats | None, start: int) -> Iterator[Chunk]:
        """The hands in ``lines`` (``start`` is the file line of the first one); lines in no hand go to ``stats``."""
        ...


@runtime_checkable
class StreamFormat(DocumentFormat, Protocol):
    """A document format whose file is ONE document holding many hands (an iPoker or Merge XML session): its
    ``split`` parses the document as it streams (never the whole file at once: a session file can be tens of
    megabytes) and yields each hand as a ``Chunk`` whose ``document`` is that hand's parsed form, so nothing is
    parsed twice; ``parse_document`` turns it into the ``Hand``. A document that breaks off (malformed XML, a
    refused entity declaration) ends the file with one unparsed record saying where; the hands before it stay."""

    def peek_document(self, document: object) -> HeaderFacts:
        """Hand id, game and structure of ``document``, even when it cannot be turned into a hand."""
        ...

    def parse_document(self, document: object, first_line: int, file: str) -> Hand:
        """The hand in ``document`` (``split``'s parsed form of one hand); raises HandParseFailure."""
        ...


_FORMATS: dict[str, HandFormat] = {}


def register(fmt: HandFormat) -> HandFormat:
    _FORMATS[fmt.name] = fmt
    return fmt


def formats() -> list[HandFormat]:
    return list(_FORMATS.values())


def get(name: str) -> HandFormat:
    return _FORMATS[name]


def detect(head: Sequence[str]) -> HandFormat | None:
    """The registered format that recognises these first lines, if any.

    Formats are asked in the order they were registered, except that a format with a true ``fallback``
    attribute (one that reads a layout many rooms share, such as PokerStars' from rooms without a reader of
    their own) is asked only after every other, whenever it was registered.
    """
    for fmt in sorted(_FORMATS.values(), key=lambda f: bool(getattr(f, "fallback", False))):
        if fmt.detect(head):
            return fmt
    return None
