"""Streaming reader of XML session files (iPoker, Merge): one XML document holding many hands.

A text log is cut into hands by its header lines (``reading.split``); an XML session is one document, and its hands
are elements (``<game>``) that may share lines with each other and with the session's own elements. So the
document is parsed as it streams, line by line, by the standard library's expat parser through ``defusedxml``
(entity declarations and external references are refused, so no entity expansion), and each hand element is
handed on as soon as it closes, with the session-level elements read before it (the ``<general>`` block: game
type, currency, the hero's nickname, the tournament). Only the hand being read is held in memory, so a session file
of any size is read in bounded memory. Every element keeps the line where it starts: each event carries it.

A document that breaks off (malformed XML, a refused entity) ends the file with one unparsed record that says
where and why; the hands read before it are kept (``reading.registry.StreamFormat``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from html.entities import name2codepoint
from typing import Any, ClassVar
from xml.etree.ElementTree import ParseError as XMLParseError
from xml.sax.saxutils import escape, unescape

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from handlog.errors import ParseError
from handlog.events import Bet, Call, Event, Hand, Post, PostType, Raise, Seat, Stakes, Structure, UnknownLine
from handlog.events.chips import ChipLedger
from handlog.formats.headers import XmlHeader
from handlog.formats.unknown import may_carry_chips
from handlog.reading.registry import HandParseFailure, HeaderFacts
from handlog.reading.split import Chunk, SplitStats

ZERO = Decimal(0)
FRAGMENTS = "handlog-fragments"
MAX_TEXT = 4096
"""Characters of text kept per element: cards and numbers are short, an absurd text must not fill memory."""
MAX_HAND_NODES = 20_000
"""Elements kept per hand: a "hand" with more (no real one has a tenth of it) is cut, and fails to read."""


@dataclass(slots=True)
class Node:
    """One XML element as the readers use it: tag, attributes, text, children and its line in the file."""

    tag: str
    attrib: dict[str, str]
    line: int
    text: str = ""
    children: list[Node] = field(default_factory=list)

    def get(self, name: str, default: str = "") -> str:
        return self.attrib.get(name, default)

    def find(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]

    def findtext(self, tag: str, default: str = "") -> str:
        found = self.find(tag)
        return found.text.strip() if found is not None else default

    def iter(self, tag: str) -> Iterator[Node]:
        """Every element below this one (depth first, in document order) with this tag."""
        for child in self.children:
            if child.tag == tag:
                yield child
            yield from child.iter(tag)


@dataclass(frozen=True, slots=True)
class HandDocument:
    """One hand element and the session-level elements read before it (by tag: the last one of each)."""

    node: Node
    context: dict[str, Node]
    cut: bool = False
    """The hand had ``MAX_HAND_NODES`` elements or more and was cut."""
    unclosed: bool = False
    """The file ends before the hand's element closes (the room stopped writing): read as far as written."""


@dataclass(frozen=True, slots=True)
class DocumentFailure:
    """Where and why the document could not be read on."""

    line: int
    column: int
    message: str


class _Target:
    """The parser's target: builds ``Node``s for hand elements and for the session-level context elements and
    drops everything else as it goes."""

    def __init__(self, hand_tag: str, context_tags: frozenset[str]) -> None:
        self.hand_tag = hand_tag
        self.context_tags = context_tags
        self.expat: Any = None
        self.stack: list[Node | None] = []
        self.context: dict[str, Node] = {}
        self.ready: list[HandDocument] = []
        self.nodes = 0
        self.line_offset = 0
        self.stored = False
        """Reading a stored hand (``stored_lines``): the session elements say their lines."""

    def _line(self) -> int:
        return int(self.expat.CurrentLineNumber) + self.line_offset if self.expat is not None else 0

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        parent = self.stack[-1] if self.stack else None
        node: Node | None = None
        line = self._line()
        if self.stored and _LINE_ATTRIBUTE in attrib:
            attrib = dict(attrib)
            written = attrib.pop(_LINE_ATTRIBUTE)
            line = int(written) if written.isdigit() else line
        if parent is not None:
            if self.nodes < MAX_HAND_NODES:
                node = Node(tag, dict(attrib), line)
                parent.children.append(node)
                self.nodes += 1
        elif tag == self.hand_tag or (tag in self.context_tags and not self._in_hand()):
            node = Node(tag, dict(attrib), line)
            self.nodes = 1
        self.stack.append(node)

    def _in_hand(self) -> bool:
        return any(n is not None and n.tag == self.hand_tag for n in self.stack)

    def data(self, text: str) -> None:
        node = self.stack[-1] if self.stack else None
        if node is not None and len(node.text) < MAX_TEXT:
            node.text += text[: MAX_TEXT - len(node.text)]

    def end(self, tag: str) -> None:
        node = self.stack.pop() if self.stack else None
        if node is None or (self.stack and self.stack[-1] is not None):
            return
        if node.tag == self.hand_tag:
            self.ready.append(HandDocument(node, dict(self.context), self.nodes >= MAX_HAND_NODES))
        else:
            self.context[node.tag] = node

    def close(self) -> None:
        return None


class XmlHandError(Exception):
    """A field of a room's XML hand that does not read as the room writes it (each room's reader raises its own
    subclass): the hand is reported unparsed at its element's line, with the message."""


class XmlHandBuilder:
    """One hand's element (with the session elements in ``document.context``) into a ``Hand``: the bookkeeping
    every XML room's builder starts from. A room subclasses it and writes ``build``, raising an ``XmlHandError``
    where a field does not read."""

    def __init__(self, doc: HandDocument, file: str) -> None:
        self.doc, self.node, self.file = doc, doc.node, file
        self.events: list[Event] = []
        self.folded: set[str] = set()
        self.big = ZERO
        """The big blind, or in fixed limit the small bet: the unit of a raise (``RoundBets.post``)."""

    def start_betting(self, seats: Iterable[Seat], stakes: Stakes, structure: Structure) -> RoundBets:
        """The round's bets followed from the seats' stacks (``self.bets``), and the betting unit (``self.big``)."""
        self.big = stakes.small if structure is Structure.FIXED_LIMIT else stakes.big
        self.bets = RoundBets({s.player: s.stack for s in seats})
        return self.bets

    def build(self) -> Hand:
        raise NotImplementedError


class XmlSessionFormat:
    """A registered reader of one room's XML session files. A room sets ``name``, ``site``, ``hand_tag`` (the
    element of one hand), ``id_attribute`` (the hand element's attribute holding the hand's id),
    ``context_tags`` (session-level elements its hands need), ``head`` (a ``headers.XmlHeader``: the marker
    strings of which one appears in the first lines of its files) and ``builder`` (its ``XmlHandBuilder``)."""

    name: str
    site: str
    hand_tag: str
    context_tags: frozenset[str] = frozenset({"general"})
    head: XmlHeader
    builder: ClassVar[type[XmlHandBuilder]]
    action_elements: ClassVar[dict[str, frozenset[str]]] = {}
    """The elements of a hand (the hand's own, its seats', its rounds', its actions') and the tags of the children
    the reader knows in each: a child of another tag is kept as an unknown line (``unknown_children``,
    docs/unknown-lines.md), never passed over silently. An element not listed (iPoker's ``general``: the hand's
    description) is not looked into. Empty: the reader meets every child itself (Everest's hand element)."""
    """How its files are told apart (``headers``: what the registry detects with before this reader is loaded)."""
    summary_marker: str | None = None
    fragments: bool = False
    """The file is a run of top-level elements (several roots), not one document."""
    id_attribute: str = "id"
    html_entities: bool = False
    """The room writes HTML's named entities (``&pound;``, ``&Ouml;``) that XML does not define: each is read as
    the character it names (written as a character reference before the parser sees it; no entity is declared)."""

    def detect(self, head: Sequence[str]) -> bool:
        return self.head.detect(head)

    def is_header(self, line: str) -> bool:
        return False

    def glued_header(self, line: str) -> int:
        return -1

    def peek(self, header: str) -> HeaderFacts:
        """The hand id of a stored hand (``stored_lines``), from its first line."""
        m = _STORED_ID.match(header)
        return HeaderFacts(hand_id=_unescape(m.group(1)) or None) if m else HeaderFacts()

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        """A hand stored in the database (``stored_lines``), read again: the same ``Hand`` as from its file."""
        return self.parse_document(self.stored_document(lines, first_line), first_line, file)

    def stored_lines(self, document: object) -> list[str]:
        """One hand of a session as lines that can be stored and read again on their own (``parse``): its element
        written back with each element on the line it had in the file (the first line is the hand's first line,
        so line numbers stay the file's), then the session elements it needs, each on a line of its own, all in a
        root of ours; a document that broke off is one element saying where and why."""
        if isinstance(document, DocumentFailure):
            return [f'<{STORED_FAILURE} line="{document.line}" column="{document.column}"'
                    f' message="{_escape(document.message)}"/>']
        if not isinstance(document, HandDocument):
            raise TypeError("not an XML hand")
        facts = self.peek_document(document)
        flags = "".join(f' {name}="true"' for name, on in (("cut", document.cut), ("unclosed", document.unclosed))
                        if on)
        out = [f'<{STORED} id="{_escape(facts.hand_id or "")}"{flags}>']
        _write(document.node, document.node.line, out)
        out.extend(_inline(node) for node in document.context.values())
        out.append(f"</{STORED}>")
        return out

    @staticmethod
    def complete(document: object) -> bool:
        """False for what a file still being written ends with: a hand whose element is not closed yet, or a
        document that breaks off."""
        return isinstance(document, HandDocument) and not document.unclosed

    def stored_document(self, lines: Sequence[str], first_line: int) -> HandDocument | DocumentFailure:
        """The ``HandDocument`` of a stored hand (``stored_lines``), parsed as safely as a file."""
        head = lines[0] if lines else ""
        failure = _STORED_FAILURE.match(head)
        if failure is not None:
            return DocumentFailure(int(failure.group(1)), int(failure.group(2)), _unescape(failure.group(3)))
        if not head.startswith(f"<{STORED} "):
            return DocumentFailure(first_line, 1, f"not a stored {self.site} hand")
        target = _Target(self.hand_tag, self.context_tags)
        parser = DefusedXMLParser(target=target, forbid_dtd=True, forbid_entities=True, forbid_external=True)
        target.expat = parser.parser
        target.line_offset = first_line - 1
        target.stored = True
        try:
            for line in lines:
                parser.feed(line + "\n")
            parser.close()
        except (DefusedXmlException, XMLParseError) as exc:
            return DocumentFailure(first_line, 1, f"a stored hand that does not read as XML: {exc}")
        if len(target.ready) != 1:
            return DocumentFailure(first_line, 1, f"a stored hand holding {len(target.ready)} hands")
        flags = head[: head.index(">")]
        return HandDocument(target.ready[0].node, target.context, cut=' cut="true"' in flags,
                            unclosed=' unclosed="true"' in flags)

    def split(self, lines: Iterable[str], stats: SplitStats | None, start: int) -> Iterator[Chunk]:
        """The hands of the document in ``lines``, each as soon as its element closes; then, if the document
        breaks off, one chunk with the ``DocumentFailure``. Documents written one after another in one file (a
        client's sessions appended to a file, each with its own declaration) are read one after another; blank
        lines before a document are not part of it."""
        source = iter(lines)
        number = start - 1  # the file's line of ``text``
        carry: str | None = None  # where a document ends inside a line: the rest of it, for the next document
        while True:
            target = _Target(self.hand_tag, self.context_tags)
            parser = DefusedXMLParser(target=target, forbid_dtd=False, forbid_entities=True, forbid_external=True)
            target.expat = parser.parser
            target.line_offset = number - 1 if carry is not None else number
            wrap = self.fragments  # a run of fragments (Merge) is read inside a root of our own, on no line of its own
            began, text = False, ""
            try:
                while True:
                    if carry is not None:
                        text, carry = carry, None
                    else:
                        line = next(source, None)
                        if line is None:
                            break
                        number, text = number + 1, line
                    if not began:
                        if not text.lstrip("\ufeff").strip():
                            target.line_offset = number
                            continue
                        began = True
                    if self.html_entities and "&" in text:
                        text = _HTML_ENTITY.sub(_html_entity, text)
                    if wrap and not text.lstrip("\ufeff").lstrip().startswith("<?xml"):
                        parser.feed(f"<{FRAGMENTS}>")
                        wrap = False
                    parser.feed(text + "\n")
                    yield from self._ready(target)
                if not began:
                    return
                if self.fragments and target.stack and target.stack[0] is None and not target._in_hand():
                    parser.feed(f"</{FRAGMENTS}>")
                if target._in_hand() or not any(n is None for n in target.stack):
                    parser.close()  # a session cut after its last hand (its root never closed) loses nothing
            except DefusedXmlException as exc:
                yield from self._ready(target)
                yield _failure(target._line() or start, 1, f"refused: {exc} (entity declarations and external"
                               " references are never read: entity expansion would let a small file fill memory)")
                return
            except XMLParseError as exc:
                yield from self._ready(target)
                row, column = exc.position
                ended = not target.stack and row + target.line_offset == number
                if ended and _CLOSING_TAGS.fullmatch(text[max(0, text.rfind("<", 0, column + 1)):]):
                    # a closing tag of an element the file never opened (a session cut from its head, ``</ROOT>``
                    # after its last hand): no hand in it; the lines after it are read as a document of their own
                    continue
                if ended and "junk after document element" in str(exc):
                    # the document ended and another begins: read it with a parser of its own
                    carry = text[column:]
                    continue
                open_hand = next((n for n in target.stack if n is not None and n.tag == self.hand_tag), None)
                if open_hand is not None and "no element found" in str(exc):
                    # the file stops before the hand's closing tags: the hand is read as far as it is written
                    yield Chunk(open_hand.line, [], HandDocument(open_hand, dict(target.context), unclosed=True))
                    return
                yield _failure(row + target.line_offset, column + 1, f"malformed XML: {exc}; the hands before it"
                               " are read")
                return
            yield from self._ready(target)
            return

    def _ready(self, target: _Target) -> Iterator[Chunk]:
        while target.ready:
            doc = target.ready.pop(0)
            yield Chunk(doc.node.line, [], doc)

    def peek_document(self, document: object) -> HeaderFacts:
        if isinstance(document, HandDocument):
            return self.facts(document)
        return HeaderFacts()

    def parse_document(self, document: object, first_line: int, file: str) -> Hand:
        if isinstance(document, DocumentFailure):
            raise HandParseFailure(ParseError(line=document.line, column=document.column, message=document.message))
        if not isinstance(document, HandDocument):
            raise HandParseFailure(ParseError(line=first_line, message="not an XML hand"))
        if document.cut:
            raise HandParseFailure(ParseError(line=first_line, message=f"a hand of {MAX_HAND_NODES} elements or"
                                              " more: cut, not read"))
        return self.build(document, file)

    def facts(self, document: HandDocument) -> HeaderFacts:
        return HeaderFacts(hand_id=document.node.get(self.id_attribute) or None)

    def build(self, document: HandDocument, file: str) -> Hand:
        try:
            return self.read(document, file)
        except XmlHandError as exc:
            raise HandParseFailure(ParseError(line=document.node.line, message=str(exc))) from exc

    def read(self, document: HandDocument, file: str) -> Hand:
        """The room's hand from its element (and the session elements in ``document.context``), with every child
        of an action element that the reader does not know (``action_elements``) kept as an unknown line."""
        hand = self.builder(document, file).build()
        if not self.action_elements:
            return hand
        unknown = unknown_children(document.node, self.action_elements, hand.seats)
        if not unknown:
            return hand
        events = list(hand.events)
        for event in unknown:  # in the file's order: before the first event on a later line
            at = next((i for i, e in enumerate(events) if e.line > event.line), len(events))
            events.insert(at, event)
        return hand.model_copy(update={"events": tuple(events)})


_CLOSING_TAGS = re.compile(r"\s*(?:</[A-Za-z_][\w.:-]*\s*>\s*)+")
_HTML_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = frozenset({"amp", "lt", "gt", "quot", "apos"})


def _html_entity(m: re.Match[str]) -> str:
    """``&pound;`` → ``&#163;``; XML's own five and unknown names stay as written (the parser judges them)."""
    name = m.group(1)
    if name in _XML_ENTITIES or name not in name2codepoint:
        return m.group(0)
    return f"&#{name2codepoint[name]};"


STORED = "handlog-hand"
"""The root of a hand stored in the database (``XmlSessionFormat.stored_lines``)."""
STORED_FAILURE = "handlog-document-failure"
_STORED_ID = re.compile(rf'<{STORED} id="([^"]*)"')
_STORED_FAILURE = re.compile(rf'<{STORED_FAILURE} line="([0-9]+)" column="([0-9]+)" message="([^"]*)"/>')
_ENTITIES = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def _escape(value: str) -> str:
    """An attribute value in double quotes, on one line."""
    return escape(value, _ENTITIES)


def _unescape(value: str) -> str:
    return unescape(value, {v: k for k, v in _ENTITIES.items()})


_LINE_ATTRIBUTE = "handlog-line"
"""The file's line of a session element stored on a line of its own (``stored_lines``), read back as its line."""


def _start(node: Node, line: bool = False) -> str:
    attrib = {**node.attrib, _LINE_ATTRIBUTE: str(node.line)} if line else node.attrib
    attrs = "".join(f' {name}="{_escape(value)}"' for name, value in attrib.items())
    text = node.text.strip()
    return f"<{node.tag}{attrs}>" + (escape(" ".join(text.split("\n")).replace("\r", " ")) if text else "")


_AMOUNT_ATTRIBUTE = re.compile(r"amount|sum|value|chips|bet|stack|win|pot|money", re.IGNORECASE)
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def unknown_element(node: Node, kind: str, player: str | None, seated: Iterable[str]) -> UnknownLine:
    """An event or action element of a type the room's reader does not know (``kind``, its type as written), kept
    as an ``UnknownLine`` with its start tag as the text (``docs/unknown-lines.md``): an action of ``player`` (a
    seated player named by the element) when its type is a word of the game's actions (an ante, a bet, a
    contribution …) or an amount attribute is not zero; else a line that carries no chips (a player leaving,
    disconnecting, a table notice), which the audit judges by the hand's own numbers."""
    text = _start(node)[:MAX_TEXT]
    if player is not None and player not in set(seated):
        player = None
    if player is not None:
        words = _CAMEL.sub(" ", kind).replace("_", " ")
        amounts = [v for name, v in node.attrib.items() if _AMOUNT_ATTRIBUTE.search(name)]
        if may_carry_chips(words) or any(_DIGIT.search(v.replace("0", "")) for v in amounts):
            return UnknownLine(line=node.line, text=text, player=player, action=True)
    return UnknownLine(line=node.line, text=text, player=player)


_DIGIT = re.compile(r"[1-9]")


_SEAT_ATTRIBUTE = re.compile(r"player|seat|position", re.IGNORECASE)


def unknown_children(node: Node, known: dict[str, frozenset[str]], seats: Sequence[Seat]) -> list[UnknownLine]:
    """Every child of an action element (``known``: its tag → the tags of the children its reader knows) whose tag
    is not known there, below ``node``, as an unknown line (``unknown_element``): the seated player it names is the
    one an attribute's value is the name of, or a player, seat or position attribute's value the seat of (Merge
    and Microgaming name a player by seat); its kind is its tag and its ``type`` attribute, if any."""
    out: list[UnknownLine] = []
    seated = [s.player for s in seats]
    names, by_seat = set(seated), {str(s.seat): s.player for s in seats}
    for child in node.children:
        tags = known.get(node.tag)
        if tags is not None and child.tag not in tags:
            player = next((v for v in child.attrib.values() if v in names), None) or next(
                (by_seat[v] for k, v in child.attrib.items() if _SEAT_ATTRIBUTE.fullmatch(k) and v in by_seat), None)
            kind = " ".join(x for x in (child.tag, child.get("type") or child.get("TYPE")) if x)
            out.append(unknown_element(child, kind, player, seated))
            continue
        out.extend(unknown_children(child, known, seats))
    return out


def _write(node: Node, base: int, out: list[str], lines: bool = False) -> None:
    """``node`` appended to ``out`` (lines; ``out[0]`` is line ``base`` of the file), each element starting on its
    own line (or, with ``lines``, each saying its line). Iterative: a damaged file may nest elements deeper than
    Python's recursion allows."""
    stack: list[Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):  # a closing tag
            out[-1] += item
            continue
        while base + len(out) - 1 < item.line:
            out.append("")
        out[-1] += _start(item, lines)
        stack.append(f"</{item.tag}>")
        stack.extend(reversed(item.children))


def _inline(node: Node) -> str:
    """``node`` written on one line, each element saying the line it had in the file."""
    out = [""]
    _write(node, 1 << 62, out, lines=True)  # every element "before" its line: none starts a new one
    return out[0]


def blind_stakes(small: Decimal | None, big: Decimal | None, structure: Structure) -> Stakes:
    """Stakes a hand does not state, from the blinds it posts (fixed limit: the big blind is the small bet)."""
    big = big if big is not None else (small or ZERO) * 2
    if structure is Structure.FIXED_LIMIT:
        return Stakes(small=big, big=big * 2)
    return Stakes(small=small if small is not None else big / 2, big=big)


def to_int(text: str) -> int:
    """An attribute that should be a number (a seat, a sequence); 0 when it is not."""
    try:
        return int(text)
    except ValueError:
        return 0


def _failure(line: int, column: int, message: str) -> Chunk:
    return Chunk(line, [], DocumentFailure(line, column, message))


class RoundBets(ChipLedger):
    """The chips of the round being read (the one chip ledger, ``events.chips``), for XML rooms that write an
    action's amount as the chips it adds or as its total for the round (iPoker, Merge): the events need both, and
    the bet nobody called, which these rooms do not write, is the last round's top bet over every other bet of that
    round (``uncalled``)."""

    def wager(self, line: int, player: str, kind: str, amount: Decimal) -> Event:
        """The event of a wager as these rooms write it: ``call``, ``bet`` and ``all_in`` give the chips added,
        ``raise`` the player's total for the round; an all-in is the call, bet or raise its chips make."""
        before, top = self.before(player), self.top()
        if kind == "raise":
            all_in = self.take(player, amount - before)
            return Raise(line=line, player=player, by=amount - top, to=amount, all_in=all_in)
        if kind == "all_in":
            kind = "call" if before + amount <= top else "bet" if top == 0 else "all_in"
        all_in = self.take(player, amount)
        if kind == "call":
            return Call(line=line, player=player, amount=amount, all_in=all_in)
        if kind == "bet":
            return Bet(line=line, player=player, amount=amount, all_in=all_in)
        return Raise(line=line, player=player, by=before + amount - top, to=before + amount, all_in=all_in)

    def post(self, line: int, player: str, kind: PostType, amount: Decimal, big: Decimal) -> Post:
        """A forced bet; a big blind over the big blind is a returning player's big blind with a dead small one."""
        dead = ZERO
        if kind in (PostType.BIG_BLIND, PostType.BOTH_BLINDS) and 0 < big < amount:
            kind, dead = PostType.BOTH_BLINDS, amount - big
        all_in = self.take(player, amount - dead, live=kind is not PostType.ANTE)
        self.take(player, dead, live=False)
        return Post(line=line, player=player, post=kind, amount=amount, dead=dead, all_in=all_in or (
            dead > 0 and self.left.get(player, ZERO) <= 0))
