"""What tells each format's files apart and where its hands start: light to import, so that detecting a file's
format does not load every reader.

Importing every room's reader (its builder, the XML session machinery and the standard library's ``xml.sax`` →
``urllib`` → ``email`` chain, PHH's TOML models, Lark) cost every process ~45 ms of CPU before its first hand,
when a file needs one reader. So the facts detection and splitting need of each format are read here as plain
data (compiled patterns, marker strings), together with the tests that use them. A text room states its header
once, in its own grammar (``grammars/<room>.lark``: the terminals ``HEAD_START``, ``HEAD_HEADS``,
``GLUED_HEADER``, ``GLUED_HINTS``, ``HEAD_LAYOUT``, ``HEAD_FALLBACK``, which no rule uses): ``grammar_head``
reads them from the file without compiling the grammar (nor importing Lark). Its reader takes the same facts
(``textsite.TextSiteFormat`` derives ``head`` from its ``grammar``), and ``handlog.formats`` declares every format
to the registry by name, module and head (``registry.declare``): a reader's module is imported when a file of
its format is met, or when it is asked for by name. The document formats (XML, JSON, CSV, PHH, ACPC), which have
no grammar of lines, state their heads below. This module imports nothing but ``re``, ``functools`` and
``pathlib``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path


class HeaderTests:
    """Detection, header and glued-header tests of a text format, from its header facts: shared by ``TextHeader``
    (the facts as data) and ``textsite.TextSiteFormat`` (the same facts as class attributes, copied from its
    ``head``), so that the registry's light detection and the reader answer alike."""

    __slots__ = ()

    header_start: re.Pattern[str]
    """Matches at the start of a line that begins a hand: detection by content."""
    header_heads: frozenset[str]
    """The first ``head_width`` characters a header line can start with (a cheap test before ``header_start``);
    empty: every line is tried with ``header_start``."""
    head_width: int
    glued_header_pattern: re.Pattern[str] | None
    """A whole header found in the middle of a line (logs concatenated without a newline), or None."""
    glued_hints: tuple[str, ...]
    """Words that a line holding a glued header must contain (a cheap test before ``glued_header``)."""

    def detect(self, head: Sequence[str]) -> bool:
        """True when these first non-blank lines of a file hold a header (at the start of a line, or glued)."""
        return any(self.header_start.match(line) or self.glued_header(line) > 0 for line in head)

    def is_header(self, line: str) -> bool:
        # Cheap first: most lines start with a player's name, and only a few names start like a header.
        heads = self.header_heads
        if heads and line[: self.head_width] not in heads:
            return False
        return self.header_start.match(line) is not None

    def split_hints(self) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """What ``reading.split.cut_hands`` looks for in a block of lines instead of asking ``is_header`` and
        ``glued_header`` of every line: a header line starts with one of the first strings (``header_heads``),
        a line holding a glued header contains one of the second (``glued_hints``). None when no such promise
        holds: no header heads, or glued headers found without hints."""
        own = type(self).is_header is HeaderTests.is_header and type(self).glued_header is HeaderTests.glued_header
        glued = self.glued_header_pattern is not None
        if not own or not self.header_heads or (glued and not self.glued_hints):
            return None
        return tuple(sorted(self.header_heads)), self.glued_hints if glued else ()

    def glued_header(self, line: str) -> int:
        """Where a header starts in the middle of ``line`` (logs concatenated without a newline), or -1."""
        glued = self.glued_header_pattern
        if glued is None:
            return -1
        if self.glued_hints:  # asked of every line of a file: a plain loop, cheaper than any() over a generator
            for hint in self.glued_hints:
                if hint in line:
                    break
            else:
                return -1
        m = glued.search(line, 1)
        if m is None or ' said, "' in line[: m.start()]:
            return -1
        return m.start()


@dataclass(frozen=True, slots=True)
class TextHeader(HeaderTests):
    """The header facts of a text format (see ``HeaderTests``)."""

    header_start: re.Pattern[str]
    header_heads: frozenset[str] = frozenset()
    head_width: int = 5
    glued_header_pattern: re.Pattern[str] | None = None
    glued_hints: tuple[str, ...] = ()
    fallback: bool = False
    """True for a reader of a layout that many rooms share: detection asks it after every other format."""


@dataclass(frozen=True, slots=True)
class LayoutHeader(TextHeader):
    """A text format whose header line another layout of the room writes too: its files are told apart by a line
    of their first lines that ``layout`` matches (OnGame's ``Start hand: Mon Jan 06 08:53:00 CET 2014`` of 2014
    against 2011's ``… GMT+0100 2011``). The format that reads it is declared before the other layout's."""

    layout: re.Pattern[str] = re.compile(r"(?!)")

    def detect(self, head: Sequence[str]) -> bool:
        return TextHeader.detect(self, head) and any(self.layout.match(line) for line in head)


@dataclass(frozen=True, slots=True)
class JsonHeader:
    """A JSON document format: the document (after a BOM and blanks) starts with ``{`` and its first lines hold
    every string of one of ``together``'s groups."""

    together: tuple[tuple[str, ...], ...]

    def detect(self, head: Sequence[str]) -> bool:
        text = "\n".join(head)
        if not text.lstrip("\ufeff").lstrip().startswith(("{", "[")):
            return False
        return any(all(part in text for part in group) for group in self.together)


@dataclass(frozen=True, slots=True)
class XmlHeader:
    """An XML session format: its files start with ``<`` and hold one of ``markers`` in their first lines; or,
    when ``together`` is given, they hold every string of one of its groups (wherever the document starts)."""

    markers: tuple[str, ...] = ()
    together: tuple[tuple[str, ...], ...] = ()

    def detect(self, head: Sequence[str]) -> bool:
        text = "\n".join(head)
        if self.together:
            return any(all(part in text for part in group) for group in self.together)
        return text.lstrip("\ufeff").lstrip().startswith("<") and any(m in text for m in self.markers)


@dataclass(frozen=True, slots=True)
class LinesHeader:
    """A format whose first lines hold, for each of ``patterns``, a line it matches at its start."""

    patterns: tuple[re.Pattern[str], ...]

    def detect(self, head: Sequence[str]) -> bool:
        return all(any(p.match(line) for line in head) for p in self.patterns)


# ---------------------------------------------------------------- research formats (told apart by content first)
PHH = LinesHeader((
    re.compile(r"^\s*variant\s*=\s*[\"']"),
    re.compile(r"^\s*(?:antes|blinds_or_straddles|starting_stacks|actions|min_bet|small_bet|bring_in)\s*="),
))
ACPC_STATE = re.compile(r"^STATE:(\d+):")
"""An ACPC / Pluribus hand: one ``STATE:<hand>:…`` line."""
ACPC = LinesHeader((ACPC_STATE,))
OHH = JsonHeader(together=(('"ohh"',),))
"""Open Hand History (hh-specs.handhistory.org): ``{"ohh": {…}}`` objects, one after another."""

# ---------------------------------------------------------------- text rooms: the header as their grammar states it
def grammar_dir() -> Path:
    """The folder of ``*.lark`` files: inside the installed package, or ``grammars/`` of a source checkout."""
    packaged = Path(str(files("handlog"))) / "grammars"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "grammars"


_HEAD_TERMINAL = re.compile(
    r"^(HEAD_START|HEAD_HEADS|HEAD_LAYOUT|HEAD_FALLBACK|GLUED_HEADER|GLUED_HINTS)\s*:\s*(.*?)\s*$"
)
_REGEX_LITERAL = re.compile(r"/((?:\\.|[^/\\])*)/([imsux]*)")
_STRING_LITERAL = re.compile(r'"((?:\\.|[^"\\])*)"')
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)")
_FLAGS = {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL, "u": re.UNICODE, "x": re.VERBOSE}


def _unescape(m: re.Match[str]) -> str:
    code = m.group(1)
    return chr(int(code[1:], 16)) if code[0] in "ux" and len(code) > 1 else code


def _regex(text: str, where: str) -> re.Pattern[str]:
    m = _REGEX_LITERAL.fullmatch(text)
    if m is None:
        raise ValueError(f"{where}: expected one regular expression literal /…/, found {text!r}")
    flags = 0
    for flag in m.group(2):
        flags |= _FLAGS[flag]
    return re.compile(m.group(1).replace("\\/", "/"), flags)


def _strings(text: str, where: str) -> tuple[str, ...]:
    parts = [part.strip() for part in text.split(" | ")]
    found = [_STRING_LITERAL.fullmatch(part) for part in parts]
    if not all(found):
        raise ValueError(f"{where}: expected string literals \"…\" | \"…\", found {text!r}")
    return tuple(_ESCAPE.sub(_unescape, m.group(1)) for m in found if m)


@cache
def grammar_head(grammar: str | Path) -> TextHeader | None:
    """The header facts a text grammar states (``grammars/<grammar>.lark``, or a ``.lark`` file's path), read once
    without compiling it; None when it states no ``HEAD_START``. ``head_width`` is the length of the
    ``HEAD_HEADS`` strings (all of one length)."""
    path = grammar if isinstance(grammar, Path) else grammar_dir() / f"{grammar}.lark"
    text = path.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(("HEAD_", "GLUED_")) and (m := _HEAD_TERMINAL.match(line)) is not None:
            found[m.group(1)] = m.group(2)
            found[m.group(1) + "@"] = f"{path.name}:{number}"
    if "HEAD_START" not in found:
        return None
    heads = _strings(found["HEAD_HEADS"], found["HEAD_HEADS@"]) if "HEAD_HEADS" in found else ()
    widths = {len(h) for h in heads}
    if len(widths) > 1:
        raise ValueError(f"{found['HEAD_HEADS@']}: the HEAD_HEADS strings must be of one length")
    def regex(name: str) -> re.Pattern[str] | None:
        return _regex(found[name], found[name + "@"]) if name in found else None

    start = regex("HEAD_START")
    assert start is not None
    glued = regex("GLUED_HEADER")
    hints = _strings(found["GLUED_HINTS"], found["GLUED_HINTS@"]) if "GLUED_HINTS" in found else ()
    width, fallback, layout = widths.pop() if widths else 5, "HEAD_FALLBACK" in found, regex("HEAD_LAYOUT")
    if layout is not None:
        return LayoutHeader(start, frozenset(heads), width, glued, hints, fallback, layout)
    return TextHeader(start, frozenset(heads), width, glued, hints, fallback)


@dataclass(frozen=True, slots=True)
class GrammarHead:
    """A text room's head as the registry declares it: the header its grammar states (``grammar_head``), read
    when first asked, so that a process reads only the grammars its files need."""

    grammar: str

    @property
    def facts(self) -> TextHeader:
        head = grammar_head(self.grammar)
        if head is None:
            raise LookupError(f"grammars/{self.grammar}.lark states no HEAD_START")
        return head

    @property
    def fallback(self) -> bool:
        return self.facts.fallback

    def detect(self, head: Sequence[str]) -> bool:
        return self.facts.detect(head)


# ---------------------------------------------------------------- XML sessions
IPOKER = XmlHeader(("<session sessioncode=", "<game gamecode=", "<client_version>"))
MERGE = XmlHeader(("<description type=",))
BOSS = XmlHeader(("<HISTORY ID=",))
MICROGAMING = XmlHeader(together=(("<Game ", "unicodetablename="),))
EVEREST = XmlHeader(together=(("<SESSION ", "screenName="), ("<HAND time=", "<SEAT position=")))

# ---------------------------------------------------------------- tournament summaries (not hands)
SUMMARY_HEADS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("pokerstars", re.compile(r"^(?:PokerStars|Full Tilt)(?: Home Game)? Tournament #[0-9]+, ")),
    ("fulltilt", re.compile(r"^Full Tilt Poker(?:\.fr)? Tournament Summary .*\([0-9]+\)")),
    ("winamax", re.compile(r"^Winamax Poker - Tournament summary : ")),
    ("pacific", re.compile(r"^\*{5} (?:Cassava|888poker|888|Pacific Poker) Tournament Summary \*{5}$")),
    ("stars_email", re.compile(r"^Subject: PokerStars Tournament History Request")),  # anywhere in the head
    ("stars_archive", re.compile(r"<title>TOURNEYS: ", re.IGNORECASE)),  # anywhere in the head
)
"""The layouts of ``handlog.formats.summaries``: the first line's, or a line of the head's for a document."""
_OTS = re.compile(r'^\s*\{?\s*"ots"\s*:')
_ANYWHERE = ("stars_email", "stars_archive")


def summary_layout(head: Sequence[str]) -> str | None:
    """The tournament-summary layout of a file whose first non-blank lines are ``head``, or None."""
    for i, line in enumerate(head[:20]):
        text = line.lstrip("\ufeff")
        for name, pattern in SUMMARY_HEADS:
            if name in _ANYWHERE:
                if pattern.search(text):
                    return name
            elif i == 0 and pattern.match(text.strip()):
                return name
        if _OTS.match(text):
            return "ots"
    return None


@dataclass(frozen=True, slots=True)
class SummaryHead:
    """The ``head`` the reader asks (``registry.declare_summary``): true for a tournament summary."""

    def detect(self, head: Sequence[str]) -> bool:
        return summary_layout(head) is not None


SUMMARY = SummaryHead()

# ---------------------------------------------------------------- JSON documents
IGT = JsonHeader(together=(('"history"', '"player"', '"STATE_'),))


# ---------------------------------------------------------------- CSV logs
@dataclass(frozen=True, slots=True)
class CsvLogHeader:
    """A CSV log of ``columns`` (its header row), or without the header row, of records ending in ``rows``'s shape:
    PokerNow's ``entry,at,order`` with an ISO UTC time and an order number."""

    columns: str
    rows: re.Pattern[str]

    def detect(self, head: Sequence[str]) -> bool:
        first = head[0].lstrip("\ufeff").strip() if head else ""
        if first == self.columns:
            return True
        return sum(1 for line in head if self.rows.search(line)) >= 2


POKERNOW = CsvLogHeader(
    columns="entry,at,order",
    rows=re.compile(r'^".*(?:-- (?:starting|ending) hand #| @ ).*",[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z,[0-9]+\s*$'),
)
