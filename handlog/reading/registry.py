"""The registry of hand-history formats, and detection of a file's format by its content.

A format is a small object registered by name (``pokerstars``, later ``phh``, ``ggpoker`` …). Detection looks at
the first non-blank lines of a file, never at its name. Adding a format touches its own module and nothing here.

A format may also be *declared* before it is loaded (``declare``): its name, the module that registers it, and
its ``head``, the cheap facts detection needs (``handlog.formats.headers``). Detection asks a declared format's
head, and the module is imported only when its format is detected or asked for by name (``get``): a process
reading PokerStars files never imports the other rooms' readers.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeGuard, runtime_checkable

if TYPE_CHECKING:
    from handlog.events import Hand
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


@runtime_checkable
class HandPeek(Protocol):
    """A format whose hand's id and room are not on its first lines (an OHH object, a PHH table): ``peek_hand``
    finds them in the hand's lines cheaply (no full parse), for ``handlog.reading.dedupe`` and the records of
    hands that cannot be parsed."""

    def peek_hand(self, lines: Sequence[str]) -> HeaderFacts:
        """Hand id and site of the hand in ``lines`` (None where the hand does not say it plainly)."""
        ...


_STREAMS: dict[type, bool] = {}


def is_stream(fmt: object) -> TypeGuard[StreamFormat]:
    """``isinstance(fmt, StreamFormat)``, answered once per class: a runtime protocol's ``isinstance`` walks the
    protocol's members at every call (~30 µs on Python 3.11), and a streamed document's every hand asks it. The
    same answer: a format's methods are its class's (no format sets them on an instance)."""
    kind = type(fmt)
    answer = _STREAMS.get(kind)
    if answer is None:
        answer = _STREAMS[kind] = isinstance(fmt, StreamFormat)
    return answer


def peek(fmt: HandFormat, lines: Sequence[str], document: object = None) -> HeaderFacts:
    """What a hand's header tells (``HeaderFacts``): from a streamed document's parsed form, from the whole hand
    (``HandPeek``), else from its first line (or its second, for a header that writes the id there)."""
    if document is not None and is_stream(fmt):
        return fmt.peek_document(document)
    peek_hand = getattr(fmt, "peek_hand", None)  # ``HandPeek``, without the protocol's isinstance (~11 µs a call)
    if peek_hand is not None:
        facts: HeaderFacts = peek_hand(lines)
        return facts
    if not lines:
        return HeaderFacts()
    facts = fmt.peek(lines[0])
    if facts.hand_id is None and len(lines) > 1:
        facts = fmt.peek(lines[1])
    return facts


class Detector(Protocol):
    """What detection needs of a format before its reader is loaded (``handlog.formats.headers``)."""

    def detect(self, head: Sequence[str]) -> bool: ...


@dataclass(frozen=True, slots=True)
class Declared:
    """A format known by name whose reader is not loaded yet: ``module`` registers it when imported."""

    name: str
    module: str
    head: Detector

    @property
    def fallback(self) -> bool:
        return bool(getattr(self.head, "fallback", False))


_FORMATS: dict[str, HandFormat | Declared] = {}
"""Every format by name, in the order detection asks them: registered readers, and declared ones not loaded yet
(registering a declared format's reader replaces its entry in place, so the order stays)."""


def register(fmt: HandFormat) -> HandFormat:
    _FORMATS[fmt.name] = fmt
    return fmt


def declare(name: str, module: str, head: Detector) -> None:
    """Make a format known by ``name`` without importing ``module`` (which registers its reader under that name):
    detection asks ``head`` (the same facts the reader detects with) and imports the module on a match."""
    _FORMATS.setdefault(name, Declared(name, module, head))


def names() -> list[str]:
    """Every format's name, in the order detection asks them (loads nothing)."""
    return list(_FORMATS)


def formats() -> list[HandFormat]:
    """Every format's reader (loading the declared ones)."""
    return [get(name) for name in list(_FORMATS)]


def get(name: str) -> HandFormat:
    """The reader registered as ``name``, its module imported first if it was only declared (KeyError if unknown)."""
    fmt = _FORMATS[name]
    if not isinstance(fmt, Declared):
        return fmt
    importlib.import_module(fmt.module)
    loaded = _FORMATS[name]
    if isinstance(loaded, Declared):
        raise LookupError(f"importing {fmt.module} did not register the format {name!r}")
    return loaded


_SUMMARIES: list[Detector] = []
"""Detectors of tournament summaries (files about a tournament, not hands), asked before the hand formats."""


def declare_summary(head: Detector) -> None:
    """Make the reader recognise a tournament summary by ``head`` (``handlog.formats.summaries``), to skip it."""
    if head not in _SUMMARIES:
        _SUMMARIES.append(head)


def is_summary(head: Sequence[str]) -> bool:
    """True when these first non-blank lines are a tournament summary's (not hands: ``handlog tournaments``)."""
    return any(d.detect(head) for d in _SUMMARIES)


def detect(head: Sequence[str]) -> HandFormat | None:
    """The format that recognises these first lines, if any (its reader loaded).

    Formats are asked in the order they were declared or registered, except that a format with a true
    ``fallback`` attribute (one that reads a layout many rooms share, such as PokerStars' from rooms without a
    reader of their own) is asked only after every other, whenever it was registered.
    """
    fallbacks: list[HandFormat | Declared] = []
    # in order, the fallbacks kept for last: a format's ``fallback`` is asked only until a format is found (a text
    # room's head reads its grammar file to know it, so sorting first read every room's grammar in every process)
    for fmt in list(_FORMATS.values()):
        if getattr(fmt, "fallback", False):
            fallbacks.append(fmt)
        elif (found := _detected(fmt, head)) is not None:
            return found
    for fmt in fallbacks:
        if (found := _detected(fmt, head)) is not None:
            return found
    return None


def _detected(fmt: HandFormat | Declared, head: Sequence[str]) -> HandFormat | None:
    """``fmt``'s reader (loaded) when it recognises ``head``, else None."""
    if isinstance(fmt, Declared):
        return get(fmt.name) if fmt.head.detect(head) else None
    return fmt if fmt.detect(head) else None
