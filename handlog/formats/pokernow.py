"""PokerNow (pokernow.club) logs: the "download full log" CSV, a document format that cuts its own hands.

A log is a CSV file (read with the ``csv`` module) of rows ``entry,at,order``, NEWEST FIRST: ``entry`` is one line
of the game's log, ``at`` its UTC time (``2021-08-08T21:13:22.839Z``) and ``order`` a number that grows with time
(rows written at the same instant differ in its last digits). ``split`` reads the whole file, puts the rows in
time order (by ``order``, else by ``at``) and cuts it into hands; each hand's chunk is the run of file lines its
rows take, so ``parse`` reads it again from those lines alone (the store keeps and re-reads them the same way).

A hand runs from ``-- starting hand #N (id: x)  (No Limit Texas Hold'em) (dealer: "name @ id") --`` to
``-- ending hand #N --``, and keeps the lines written after its end that still belong to it (cards shown when it
was over, the 7-2 bounty's payments).
Players are written ``"name @ id"``: the id is the player's stable identity, the name what the table shows, so a
hand names each player as the log writes them (``name @ id``: two "Guest"s stay two players; ``player_id`` and
``display_name`` take the parts apart). PokerNow's quirks, read here:

- ``calls X`` and ``raises to X`` give the player's total for the betting round (a call adds X less what the player
  had in), ``bets X`` the same; ``raises to`` the very all-in it faces is a call; ``and go all in`` marks an all-in
  (PokerNow's: for all the others can match, which may leave chips behind: the engine warns ``all-in-marked``);
- ``(dead button)``: the button lies on the empty seat right of the small blind;
- ``posts a missing small blind`` is dead money (into the pot, not the player's bet), ``posts a missed big blind``
  a live big blind; ``Dead Small Blind`` says that nobody posts the small blind; ``posts a straddle``; a bomb pot's
  ``posts a bet of X (bomb pot bet)`` is read as an ante every player posts (the engine knows no bomb pot: it
  reports the preflop round nobody played);
- a hand run twice writes the second board as ``Flop (second run):`` … and the second run's awards as
  ``collected X from pot with … on the second run``;
- ``Your hand is …`` gives the downloading player's cards without naming them: they are the player's whose
  ``shows`` line in the hand shows the same cards; else the log's own player's (``log_facts``: the one player any
  hand of the file proves so, read from the file the hand came from), when seated; else a notice;
- a tournament's log says so only in its ledger ("is in the tournament with a stack of X", rebuys, table moves):
  its hands are the tournament's (``log_facts``), its id the game's;
- the 7-2 bounty, settled after the hand's end: each ``paid X for the 7-2 bounty to "P"`` is money between two
  players outside the pot (a side payment each way), and ``collected X from the 7-2 bounty`` their sum (a notice);
- suits are symbols (``10♠``), amounts plain numbers (chips; a cash game's amounts may have two decimals);
- PokerNow takes no rake and writes neither a total pot nor a summary: the engine computes both and says so in its
  notes, and the profile ``PokerNow`` (``engine.rules``) holds the rake kept to zero.

The lines that are not hand events (players joining, requesting a seat, standing up or quitting with a stack, the
admin's stack changes) are the session's ledger: ``session_results`` reads them into one ``SessionResult`` per
player id (the buy-ins, the stack taken away).
"""

from __future__ import annotations

import csv
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from handlog.errors import ParseError
from handlog.events import (
    Bet,
    Call,
    Check,
    Collect,
    DealHole,
    Event,
    Fold,
    Game,
    Hand,
    Notice,
    Post,
    PostType,
    Raise,
    Seat,
    Show,
    SidePayment,
    Stakes,
    StatedResults,
    Street,
    StreetStart,
    Structure,
    Tournament,
    UncalledBet,
    UnknownLine,
)
from handlog.formats import headers
from handlog.formats.document import DocumentReader
from handlog.formats.unknown import unknown_line
from handlog.reading.decode import iter_lines
from handlog.reading.registry import HandParseFailure, HeaderFacts, register
from handlog.reading.split import Chunk, SplitStats

ZERO = Decimal(0)
MAX_ROWS = 2_000_000
"""Rows read from one file (a long evening's log has a few thousand): past this the rest is junk, counted."""

_PLAYER = r'"(?P<player>.+? @ [A-Za-z0-9_-]+)"'
_AMOUNT = r"(?P<amount>[0-9][0-9,]*(?:\.[0-9]+)?)"
_ALL_IN = r"(?P<all_in> and go all in)?"
START = re.compile(
    r"^-- starting hand #(?P<number>[0-9]+)(?: \(id: (?P<id>[^)]*)\))?\s+(?P<game>.*?)\s*"
    r"\((?:dealer: (?P<dealer>\".*\")|(?P<dead>dead button))\) --\s*$"
)
END = re.compile(r"^-- ending hand #(?P<number>[0-9]+) --\s*$")
STACKS = re.compile(r'#(?P<seat>[0-9]+) "(?P<player>.+? @ [A-Za-z0-9_-]+)" \((?P<stack>[0-9][0-9,]*(?:\.[0-9]+)?)\)')
ACTOR = re.compile(rf"^{_PLAYER} (?P<rest>.*)$")
POSTS = {
    "a small blind": PostType.SMALL_BLIND,
    "a big blind": PostType.BIG_BLIND,
    "an ante": PostType.ANTE,
    "a straddle": PostType.STRADDLE,
    "a missing small blind": PostType.DEAD_BLIND,
    "a missed big blind": PostType.BIG_BLIND,
    "a bet": PostType.ANTE,  # "posts a bet of 5 (bomb pot bet)": every player's bomb pot ante
}
POST = re.compile(
    rf"^posts (?P<what>a small blind|a big blind|an ante|a straddle|a missing small blind|a missed big blind|a bet)"
    rf" of {_AMOUNT}{_ALL_IN}(?P<bomb> \(bomb pot bet\))?\s*$"
)
WAGER = re.compile(rf"^(?P<verb>calls|bets|raises to) {_AMOUNT}{_ALL_IN}(?P<bomb> \(bomb pot bet\))?\s*$")
SHOWS = re.compile(r"^shows a (?P<cards>.*?)\.?\s*$")
COLLECTED = re.compile(
    rf"^collected {_AMOUNT} from (?P<pot>pot|main pot|side pot(?:[ -][0-9]+)?)(?: with (?P<with>.*?))?"
    r"(?P<second> on the second run)?\s*(?:\(combination: (?P<combination>[^)]*)\))?\s*$"
)
BOUNTY_PAID = re.compile(rf"^paid {_AMOUNT} for the 7-2 bounty to \"(?P<to>.+? @ [A-Za-z0-9_-]+)\"\.?\s*$")
BOUNTY_COLLECTED = re.compile(rf"^collected {_AMOUNT} from the 7-2 bounty\.?\s*$")
UNCALLED = re.compile(rf"^Uncalled bet of {_AMOUNT} returned to {_PLAYER}\s*$")
BOARD = re.compile(r"^(?P<street>Flop|Turn|River)(?: \((?P<second>second) run\))?:\s*(?P<cards>.*)$")
HERO = re.compile(r"^Your hand is (?P<cards>.*)$")
NEW_ID = re.compile(r'^The player ".+? @ (?P<id>[A-Za-z0-9_-]+)" changed the ID from (?P<old>[A-Za-z0-9_-]+) to ')
CARD = re.compile(r"(?P<rank>10|[2-9TJQKA])(?P<suit>[♠♥♦♣shdc])")
SYMBOL_CARD = re.compile(r"(?:10|[2-9TJQKA])[♠♥♦♣]")
SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "s": "s", "h": "h", "d": "d", "c": "c"}
STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
INFO = (
    re.compile(r"^Dead Small Blind\s*$"),
    re.compile(r"^(?:Remaining players decide whether to run it twice|All players in hand choose to run it twice"
               r"|Some players choose to not run it twice)\.?\s*$"),
)
ACTOR_INFO = re.compile(r"^(?:chooses to +(?:not )?run it twice|chooses to not run it twice)\.?\s*$")
LEDGER = re.compile(
    r"^(?:The player |The admin |The game's |WARNING: |IMPORTANT: |Game entering |Asking to busted |Player stacks:"
    r'|"[^"]* @ [A-Za-z0-9_-]+" will be playing on table )'
)
"""Session lines (joins, seat requests, stand-ups, the admin's changes, blinds changed, breaks): no hand's events."""
GAMES: tuple[tuple[re.Pattern[str], Game, str], ...] = (
    (re.compile(r"omaha 5\b.*hi ?/ ?lo|5 card.*omaha.*hi ?/ ?lo|omaha.*5 cards?.*hi ?/ ?lo", re.I),
     Game.FIVE_CARD_OMAHA_HI_LO, "5 Card Omaha Hi/Lo"),
    (re.compile(r"omaha 5\b|5 card.*omaha|omaha.*5 cards?", re.I), Game.FIVE_CARD_OMAHA, "5 Card Omaha"),
    (re.compile(r"omaha 6\b|6 card.*omaha|omaha.*6 cards?", re.I), Game.SIX_CARD_OMAHA, "6 Card Omaha"),
    (re.compile(r"omaha.*(?:hi ?/ ?lo|hi-lo|8 or better)", re.I), Game.OMAHA_HI_LO, "Omaha Hi/Lo"),
    (re.compile(r"omaha", re.I), Game.OMAHA, "Omaha"),
    (re.compile(r"hold ?'?em", re.I), Game.HOLDEM, "Hold'em"),
)
STRUCTURES = (
    ("no limit", Structure.NO_LIMIT), ("pot limit", Structure.POT_LIMIT), ("limit", Structure.FIXED_LIMIT),
)


class PokerNowError(Exception):
    def __init__(self, line: int, message: str, text: str = "") -> None:
        super().__init__(message)
        self.line, self.text = line, text


@dataclass(frozen=True, slots=True)
class Row:
    """One CSV record: the log's line, its time and order, and the file line it starts on."""

    entry: str
    at: str
    order: int | None
    line: int
    last: int  # the file line it ends on (an entry may hold a newline)


def player_id(player: str) -> str:
    """``"K. Godel @ TN11URmFSv"`` → ``"TN11URmFSv"``: the stable identity of a PokerNow player."""
    return player.rpartition(" @ ")[2]


def display_name(player: str) -> str:
    """``"K. Godel @ TN11URmFSv"`` → ``"K. Godel"``: the name the table shows."""
    name, sep, _ = player.rpartition(" @ ")
    return name if sep else player


def amount(text: str) -> Decimal:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount") from None


def cards(text: str) -> tuple[str, ...]:
    """``"A♠, 10♥"`` → ``("As", "Th")``."""
    return tuple(("T" if m["rank"] == "10" else m["rank"]) + SUITS[m["suit"]] for m in CARD.finditer(text))


def utc_time(at: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(at.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.astimezone(UTC) if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def read_rows(lines: Iterable[str], start: int = 1, stats: SplitStats | None = None) -> tuple[list[Row], list[str]]:
    """The records of a log (its header row left out) and the text of every line read, through ``csv``.
    A record that is not ``entry,at,order`` is counted in ``stats`` as junk."""
    texts: list[str] = []

    def feed() -> Iterator[str]:
        for text in lines:
            texts.append(text)
            yield text if text.endswith("\n") else text + "\n"  # a quoted newline stays in its entry

    reader = csv.reader(feed(), strict=False)
    rows: list[Row] = []
    before = 0
    while True:
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error:  # a NUL byte, a field too long: that record only
            _junk(stats, start + before, texts[before] if before < len(texts) else "")
            before = reader.line_num
            continue
        first, last = start + before, start + reader.line_num - 1
        before = reader.line_num
        if not record or (len(record) == 1 and not record[0].strip()):
            continue
        if len(record) == 3 and [f.strip().lstrip("\ufeff") for f in record] == ["entry", "at", "order"]:
            continue
        if len(record) < 3 or len(rows) >= MAX_ROWS:
            _junk(stats, first, ",".join(record))
            continue
        entry, at, order = record[0], record[1], record[2].strip()
        rows.append(Row(entry, at, int(order) if order.isdigit() else None, first, last))
    return rows, texts


def chronological(rows: list[Row]) -> list[Row]:
    """The rows in the order they were written: by ``order``; rows without one by ``at``, and rows alike in both
    in the reverse of their file order (PokerNow writes the newest row first).

    ``order`` is the time in milliseconds followed by two digits that number the rows of one instant
    (``163028767906702``); a log may write one with its trailing zero lost (``16302875682920``, the start of a hand
    of the corpus' run-it-twice log): an order shorter than the log's usual length is read as if its zeros were
    still there."""
    newest_first = sorted(rows, key=lambda r: -r.line)
    if not all(r.order is not None for r in rows):
        return sorted(newest_first, key=lambda r: r.at)
    return sorted(newest_first, key=order_key(rows))


def order_key(rows: list[Row]) -> Callable[[Row], int]:
    """A row's ``order`` as a number comparable across the rows (an order that lost its trailing zeros gets them
    back: the usual length is the rows' commonest)."""
    lengths = Counter(len(str(r.order)) for r in rows if r.order is not None)
    usual = lengths.most_common(1)[0][0] if lengths else 0

    def key(r: Row) -> int:
        order = r.order or 0
        short = usual - len(str(order))
        return order * 10**short if short > 0 else order

    return key


def _junk(stats: SplitStats | None, number: int, line: str) -> None:
    if stats is not None:
        stats.junk(number, line)


def _after_end(entry: str) -> bool:
    """A line written after its hand's end that still belongs to it: cards shown, the 7-2 bounty's payments."""
    m = ACTOR.match(entry)
    rest = m["rest"] if m is not None else ""
    return m is not None and (SHOWS.match(rest) is not None or BOUNTY_PAID.match(rest) is not None
                              or BOUNTY_COLLECTED.match(rest) is not None)


def is_session_line(entry: str) -> bool:
    """A line of the session's ledger or the table's notices, not of any hand."""
    return LEDGER.match(entry) is not None


@dataclass(slots=True)
class _Group:
    rows: list[Row] = field(default_factory=list)


def hands_of(rows: list[Row]) -> Iterator[list[Row]]:
    """The rows of each hand, in time order: from its start to its end, with the lines written after its end that
    still belong to it (``_after_end``); a hand with no end (the log stops, or a new hand starts) ends at its last
    row. Rows of hand play before the first start (the log begins in the middle of a hand) make a group of their
    own."""
    current: _Group | None = None
    ended: _Group | None = None
    orphan = _Group()
    for row in chronological(rows):
        entry = row.entry
        if entry.startswith("-- starting hand #"):
            if current is not None:
                yield current.rows
            if orphan.rows:
                yield orphan.rows
                orphan = _Group()
            if ended is not None:
                yield ended.rows
                ended = None
            current = _Group([row])
            continue
        if current is not None:
            current.rows.append(row)
            if END.match(entry):
                ended, current = current, None
            continue
        if ended is not None and _after_end(entry):
            ended.rows.append(row)
        elif ended is None and not is_session_line(entry) and entry.strip():
            orphan.rows.append(row)
    for group in (orphan, current, ended):
        if group is not None and group.rows:
            yield group.rows


class PokerNowFormat(DocumentReader):
    """The PokerNow log reader, registered as ``pokernow``: a ``DocumentFormat`` (it cuts its own hands)."""

    name = "pokernow"
    site = "PokerNow"
    declared = headers.POKERNOW

    def is_header(self, line: str) -> bool:
        return "-- starting hand #" in line

    def peek(self, header: str) -> HeaderFacts:
        m = re.search(r"(?:starting|ending) hand #([0-9]+)(?: \(id: ([^)]*)\))?", header)
        if m is None:
            return HeaderFacts()
        return HeaderFacts(hand_id=m.group(2) or m.group(1))

    def split(self, lines: Iterable[str], stats: SplitStats | None, start: int) -> Iterator[Chunk]:
        """Each hand's chunk: the file lines from its first to its last row (its rows are written together,
        newest first; the ledger lines between them are read again by ``parse`` and left as notices)."""
        rows, texts = read_rows(lines, start, stats)
        known: set[int] = set()
        for group in hands_of(rows):
            first = min(r.line for r in group)
            last = max(r.last for r in group)
            known.update(range(first, last + 1))
            yield Chunk(first, texts[first - start:last - start + 1])
        if stats is not None:
            for r in rows:
                if r.line not in known and not is_session_line(r.entry) and not r.entry.startswith("-- ending hand"):
                    _junk(stats, r.line, r.entry)

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        rows, _ = read_rows(lines, first_line)
        groups = [g for g in hands_of(rows) if g]
        own = [g for g in groups if g[0].entry.startswith("-- starting hand #")]
        try:
            if not own:
                raise PokerNowError(
                    rows[0].line if rows else first_line,
                    "the log begins in the middle of this hand: its '-- starting hand' line is not in the file")
            group = own[-1] if len(own) > 1 else own[0]
            return _Builder(group, file, log_facts(file)).build()
        except PokerNowError as exc:
            raise HandParseFailure(ParseError(line=exc.line, message=str(exc), text=exc.text[:300])) from None
        except ValueError as exc:
            raise HandParseFailure(ParseError(line=first_line, message=str(exc))) from None


MAX_LOG_SCAN = 64 << 20
"""The largest log ``log_facts`` reads (bytes): a long evening's log is a few hundred kilobytes."""
TOURNAMENT_LINES = re.compile(
    r'^(?:The player "[^"]* @ [A-Za-z0-9_-]+" (?:is in the tournament with a stack|rebought\. New stack'
    r"|will start to play in this table|was moved to table)|Asking to busted players the rebuy decision)"
)
"""Lines only a tournament's log writes."""


@dataclass(frozen=True, slots=True)
class LogFacts:
    """What a hand learns from its whole log, not from its own lines."""

    hero: frozenset[str] = frozenset()
    """The ids of the player who downloaded the log (whose cards its ``Your hand is`` lines give): the one player
    whose ``shows`` line, in some hand, shows exactly the cards ``Your hand is`` gave in that hand (with the ids the
    player had before and after "changed the ID from A to B"); empty when no hand proves it or two players would."""
    tournament: bool = False
    """The log is a tournament's: it seats players "in the tournament", rebuys them, moves them between tables."""


def log_facts(file: str) -> LogFacts:
    """The facts of the log at ``file`` (nothing when it cannot be read: a hand read from text alone)."""
    try:
        stat = os.stat(file)
    except (OSError, ValueError):
        return LogFacts()
    if not stat.st_size or stat.st_size > MAX_LOG_SCAN:
        return LogFacts()
    return _log_facts(file, stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=16)
def _log_facts(file: str, size: int, mtime: int) -> LogFacts:
    try:
        with open(file, "rb") as stream:
            rows, _ = read_rows(iter_lines(stream))
    except (OSError, UnicodeError):
        return LogFacts()
    if not any(r.entry.startswith("-- starting hand #") for r in rows):
        return LogFacts()  # not a PokerNow log
    tournament = any(TOURNAMENT_LINES.match(r.entry) for r in rows)
    same: dict[str, str] = {}  # an id → the id it became ("changed the ID from A to B because authenticated login")
    for r in rows:
        if (m := NEW_ID.match(r.entry)) is not None:
            same[m["old"]] = m["id"]

    def latest(pid: str) -> str:
        seen = {pid}
        while pid in same and same[pid] not in seen:
            pid = same[pid]
            seen.add(pid)
        return pid

    found: set[str] = set()
    for group in hands_of(rows):
        mine: frozenset[str] = frozenset()
        for row in group:
            if (h := HERO.match(row.entry)) is not None:
                mine = frozenset(cards(h["cards"]))
                continue
            a = ACTOR.match(row.entry) if mine else None
            s = SHOWS.match(a["rest"]) if a is not None else None
            if a is not None and s is not None and frozenset(cards(s["cards"])) == mine:
                found.add(latest(player_id(a["player"])))
    if len(found) != 1:
        return LogFacts(frozenset(), tournament)
    (hero,) = found
    return LogFacts(frozenset({hero, *(old for old in same if latest(old) == hero)}), tournament)


def table_of(file: str) -> str:
    """The game's id from the file's name (``poker_now_log_pglO3_ifEQg8-hXa8Ze718V4v.csv``), else its stem."""
    stem = Path(file).stem if file else "pokernow"
    m = re.search(r"poker_now_log_(.+)$", stem)
    return m.group(1) if m else stem


class _Builder:
    """One hand's rows, in time order, into a ``Hand``."""

    def __init__(self, rows: list[Row], file: str, facts: LogFacts | None = None) -> None:
        self.rows, self.file, self.facts = rows, file, facts or LogFacts()
        self.events: list[Event] = []
        self.round: dict[str, Decimal] = {}
        self.seats: list[Seat] = []
        self.hero_cards: tuple[str, ...] = ()
        self.hero_line = 0
        self.preflop = False
        self.bomb = False
        self.small: Decimal | None = None
        self.big: Decimal | None = None
        self.ante: Decimal | None = None
        self.boards: list[list[str]] = [[], []]
        self.seconds: set[Street] = set()
        self.end_line = 0

    def build(self) -> Hand:
        head = self.rows[0]
        m = START.match(head.entry)
        if m is None:
            raise PokerNowError(head.line, "not a PokerNow hand header", head.entry)
        game, game_name, structure = _game(m["game"], head.line)
        self.seconds = {STREETS[b["street"]] for r in self.rows if (b := BOARD.match(r.entry)) and b["second"]}
        ended = any(END.match(r.entry) for r in self.rows)
        if not ended:
            raise PokerNowError(
                self.rows[-1].line,
                f"the log ends before '-- ending hand #{m['number']} --': the hand is cut off", self.rows[-1].entry)
        for row in self.rows[1:]:
            try:
                self._row(row)
            except ValueError as exc:
                raise PokerNowError(row.line, str(exc), row.entry) from None
        if not self.seats:
            raise PokerNowError(head.line, "the hand has no 'Player stacks:' line")
        self._attach_hero()
        dealer = m["dealer"].strip('"') if m["dealer"] else None
        button = next((s.seat for s in self.seats if s.player == dealer), None) if dealer else self._dead_button()
        big = self.big if self.big is not None else (self.small * 2 if self.small is not None else ZERO)
        small = self.small if self.small is not None else big / 2
        table = table_of(self.file)
        number = m["number"]
        # the start's order (its time in milliseconds and a sequence: a number unique across games, as a tracker
        # needs it); PokerNow's own id and number stay in a notice
        hand_id = str(order_key(self.rows)(head)) if head.order is not None else m["id"] or f"{table}-{number}"
        self.events.insert(0, Notice(line=head.line, text=f"PokerNow hand #{number}" + (
            f" (id: {m['id']})" if m["id"] else "")))
        two = bool(self.seconds)
        boards = tuple(tuple(b) for b in self.boards if b) if two else ((tuple(self.boards[0]),) if self.boards[0]
                                                                         else ())
        return Hand(
            site="PokerNow", hand_id=hand_id, file=self.file, line=head.line, game=game, game_name=game_name,
            structure=structure, stakes=Stakes(small=small, big=big, ante=self.ante), currency="CHIPS",
            tournament=Tournament(id=table) if self.facts.tournament else None,
            table=table, max_seats=10, button=button, time_local=head.at.strip(), time_utc=utc_time(head.at),
            seats=tuple(self.seats), events=tuple(self.events),
            summary=StatedResults(line=self.end_line, boards=boards, run_twice=two),
        )

    # ------------------------------------------------------------------ rows
    def _row(self, row: Row) -> None:
        entry, line = row.entry.strip(), row.line
        if entry.startswith("Player stacks:"):
            if self.seats:
                raise ValueError("a second 'Player stacks:' line")
            for s in STACKS.finditer(entry):
                self.seats.append(Seat(seat=int(s["seat"]), player=s["player"], stack=amount(s["stack"]), line=line))
            if not self.seats:
                raise ValueError("a 'Player stacks:' line that names no player")
            return
        if END.match(entry):
            self.end_line = line
            return
        if (h := HERO.match(entry)) is not None:
            self.hero_cards, self.hero_line = cards(h["cards"]), line
            return
        if (b := BOARD.match(entry)) is not None:
            self._board(line, b)
            return
        if (u := UNCALLED.match(entry)) is not None:
            self._start_preflop(line)
            self.events.append(UncalledBet(line=line, player=u["player"], amount=amount(u["amount"])))
            return
        if any(p.match(entry) for p in INFO) or is_session_line(entry):
            self.events.append(Notice(line=line, text=entry))
            return
        a = ACTOR.match(entry)
        if a is None:
            self._unknown(line, entry)
            return
        self._act(line, a["player"], a["rest"].strip(), entry)

    def _act(self, line: int, player: str, rest: str, entry: str) -> None:
        if (p := POST.match(rest)) is not None:
            kind = POSTS[p["what"]]
            value = amount(p["amount"])
            if self.preflop and kind is not PostType.ANTE:
                raise ValueError("a blind posted after the betting began")
            live = kind in (PostType.SMALL_BLIND, PostType.BIG_BLIND, PostType.STRADDLE)
            if live:
                self.round[player] = self.round.get(player, ZERO) + value
            if kind is PostType.SMALL_BLIND and self.small is None:
                self.small = value
            elif kind is PostType.BIG_BLIND and p["what"] == "a big blind" and self.big is None:
                self.big = value
            elif kind is PostType.ANTE and self.ante is None:
                self.ante = value
            self.events.append(Post(line=line, player=player, post=kind, amount=value, all_in=bool(p["all_in"])))
            self.bomb = self.bomb or bool(p["bomb"])
            return
        if rest == "folds":
            self._start_preflop(line)
            self.events.append(Fold(line=line, player=player))
            return
        if rest == "checks":
            self._start_preflop(line)
            self.events.append(Check(line=line, player=player))
            return
        if (w := WAGER.match(rest)) is not None and w["bomb"]:  # "calls 5 (bomb pot bet)": the bomb pot's bet
            value = amount(w["amount"])
            self.ante = self.ante if self.ante is not None else value
            self.bomb = True
            self.events.append(Post(line=line, player=player, post=PostType.ANTE, amount=value,
                                    all_in=bool(w["all_in"])))
            return
        if w is not None:
            self._start_preflop(line)
            self.events.append(self._wager(line, player, w["verb"], amount(w["amount"]), bool(w["all_in"])))
            return
        if (s := SHOWS.match(rest)) is not None:
            shown = cards(s["cards"])
            if not shown:
                raise ValueError("a 'shows' line without cards")
            self.events.append(Show(line=line, player=player, cards=shown))
            return
        if (c := COLLECTED.match(rest)) is not None:
            self._start_preflop(line)
            pot = c["pot"].replace(" ", "-").replace("side-pot", "side pot").replace("main-pot", "main pot")
            run = (2 if c["second"] else 1) if self.seconds else None
            self.events.append(Collect(line=line, player=player, amount=amount(c["amount"]), pot=pot, run=run))
            return
        if (b := BOUNTY_PAID.match(rest)) is not None:  # a side bet between players, outside the pot
            value = amount(b["amount"])
            self.events.append(SidePayment(line=line, player=player, amount=-value, reason=f"7-2 bounty to {b['to']}"))
            self.events.append(SidePayment(line=line, player=b["to"], amount=value, reason=f"7-2 bounty from {player}"))
            return
        if BOUNTY_COLLECTED.match(rest):  # the sum of the payments above: said once, not paid twice
            self.events.append(Notice(line=line, text=entry, player=player))
            return
        if ACTOR_INFO.match(rest):
            self.events.append(Notice(line=line, text=entry, player=player))
            return
        self._unknown(line, entry)

    def _unknown(self, line: int, entry: str) -> None:
        """A line this reader does not know: kept, and judged by the audit (``docs/unknown-lines.md``): an action
        of the seated player it names when it reads like one, else a line that carries no chips."""
        seen = unknown_line(line, SYMBOL_CARD.sub(" ", entry), (s.player for s in self.seats))  # a rank is no amount
        self.events.append(UnknownLine(line=line, text=entry, player=seen.player, action=seen.action))

    def _start_preflop(self, line: int) -> None:
        if self.preflop:
            return
        self.preflop = True
        self.events.append(StreetStart(line=line, street=Street.PREFLOP))
        if self.bomb:  # the engine knows no bomb pot: the flop then ends a preflop round nobody played, and says so
            self.events.append(Notice(line=line, text="a bomb pot: every player's bet is posted, and the flop comes"
                                      " with no betting round before it"))

    def _wager(self, line: int, player: str, verb: str, to: Decimal, all_in: bool) -> Event:
        """PokerNow writes a call, a bet and a raise as the player's total for the round."""
        before = self.round.get(player, ZERO)
        top = max(self.round.values(), default=ZERO)
        if to < before:
            raise ValueError(f"{verb} {to}, less than the {before} the player already has in")
        self.round[player] = to
        if verb == "calls":
            return Call(line=line, player=player, amount=to - before, all_in=all_in)
        if verb == "bets" and top == 0:
            return Bet(line=line, player=player, amount=to - before, all_in=all_in)
        if verb == "raises to" and to == top and top > 0:  # "raises to" the all-in it faces: a call (2023 logs)
            return Call(line=line, player=player, amount=to - before, all_in=all_in)
        return Raise(line=line, player=player, by=to - top, to=to, all_in=all_in)

    def _board(self, line: int, b: re.Match[str]) -> None:
        self._start_preflop(line)
        street = STREETS[b["street"]]
        text = b["cards"]
        before_text, bracket, new_text = text.rpartition("[")
        new = cards(new_text if bracket else text)
        shown_before = cards(before_text) if bracket else ()
        if not new:
            raise ValueError(f"a {b['street']} line without cards")
        run = 2 if b["second"] else (1 if street in self.seconds else None)
        if run == 2:  # the second run's line writes the whole board before its new cards
            self.boards[1] = [*shown_before, *new]
        else:
            self.boards[0].extend(new)
        self.round = {}
        self.events.append(StreetStart(line=line, street=street, cards=new, board=shown_before, run=run))

    def _dead_button(self) -> int | None:
        """``(dead button)``: no player holds the button; it lies on the seat right of the small blind (the seat of
        a player who left: PokerNow numbers ten seats), which acts last after the flop. None without a small blind."""
        small = next((e.player for e in self.events if isinstance(e, Post) and e.post is PostType.SMALL_BLIND), None)
        seat = next((s.seat for s in self.seats if s.player == small), None)
        if seat is None:
            return None
        return seat - 1 if seat > 1 else max(10, *(s.seat for s in self.seats))

    def _attach_hero(self) -> None:
        """``Your hand is`` names nobody: the cards are the player's whose ``shows`` line shows them."""
        if not self.hero_cards:
            return
        mine = set(self.hero_cards)
        owner = next((e.player for e in self.events if isinstance(e, Show) and set(e.cards) == mine), None)
        if owner is None and self.facts.hero:  # the log's own player, when seated in this hand
            owner = next((s.player for s in self.seats if player_id(s.player) in self.facts.hero), None)
        if owner is None:
            text = "Your hand is " + " ".join(self.hero_cards)
            self.events.insert(self._deal_index(), Notice(line=self.hero_line, text=text))
            return
        self.events.insert(self._deal_index(), DealHole(line=self.hero_line, player=owner, cards=self.hero_cards))

    def _deal_index(self) -> int:
        """Right after the preflop street starts (the cards are dealt when the blinds are in)."""
        for i, e in enumerate(self.events):
            if isinstance(e, StreetStart):
                return i + 1
        return len(self.events)


def _game(text: str, line: int) -> tuple[Game, str, Structure]:
    name = text.strip()
    if name.startswith("(") and name.endswith(")"):
        name = name[1:-1].strip()
    lower = name.lower()
    structure = next((s for word, s in STRUCTURES if lower.startswith(word)), None)
    found = next(((g, n) for pattern, g, n in GAMES if pattern.search(name)), None)
    if found is None or structure is None:
        raise PokerNowError(line, f"a game this reader does not know: {name!r}", name)
    return found[0], found[1], structure


def names_in(rows: Iterable[Row]) -> set[str]:
    """Every player a log names (``"name @ id"``), in hands or only in its ledger (a player who asked for a seat and
    never played): what ``handlog anonymize`` must replace."""
    return {m.group(1) for r in rows for m in re.finditer(r'"([^"]*? @ [A-Za-z0-9_-]+)"', r.entry)}


# ---------------------------------------------------------------------------------------------- the session ledger
_LEDGER_PLAYER = r'"(?P<player>.+? @ (?P<id>[A-Za-z0-9_-]+))"'
_LEDGER_AMOUNT = r"(?P<amount>[0-9][0-9,]*(?:\.[0-9]+)?)"
LEDGER_LINES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("approved", re.compile(rf"^The admin approved the player {_LEDGER_PLAYER} participation with a stack of"
                            rf" {_LEDGER_AMOUNT}\.?\s*$")),
    ("joined", re.compile(rf"^The player {_LEDGER_PLAYER} joined the game with a stack of {_LEDGER_AMOUNT}\.?\s*$")),
    ("sit_back", re.compile(rf"^The player {_LEDGER_PLAYER} sit back with the stack of {_LEDGER_AMOUNT}\.?\s*$")),
    ("stand_up", re.compile(rf"^The player {_LEDGER_PLAYER} stand up with the stack of {_LEDGER_AMOUNT}\.?\s*$")),
    ("quits", re.compile(rf"^The player {_LEDGER_PLAYER} quits the game with a stack of {_LEDGER_AMOUNT}\.?\s*$")),
    ("updated", re.compile(rf"^The admin updated the player {_LEDGER_PLAYER} stack from {_LEDGER_AMOUNT} to"
                           r" (?P<to>[0-9][0-9,]*(?:\.[0-9]+)?)\.?\s*$")),
    ("tournament", re.compile(rf"^The player {_LEDGER_PLAYER} is in the tournament with a stack of"
                              rf" {_LEDGER_AMOUNT}\.?\s*$")),
    ("arrives", re.compile(rf"^The player {_LEDGER_PLAYER} will start to play in this table with a stack of"
                           rf" {_LEDGER_AMOUNT}\.?\s*$")),
    ("rebought", re.compile(rf"^The player {_LEDGER_PLAYER} rebought\. New stack {_LEDGER_AMOUNT}\.?\s*$")),
    ("moved", re.compile(rf"^The player {_LEDGER_PLAYER} was moved to table #")),
    ("new_id", re.compile(rf"^The player {_LEDGER_PLAYER} changed the ID from (?P<old>[A-Za-z0-9_-]+) to ")),
)
"""The ledger lines that move a player's chips on or off the table (or rename the player's id)."""


class SessionResult(BaseModel):
    """One player's session by the ledger: the chips brought to the table (buy-ins, the admin's additions) and
    taken away (the stack of the last stand-up or quit). ``net`` is None while the log leaves the player seated
    with no stack stated (the hands, not the ledger, then tell the result)."""

    model_config = ConfigDict(frozen=True)

    player_id: str
    names: tuple[str, ...]
    buy_in: Decimal
    cash_out: Decimal | None
    line: int  # the ledger line that ended the session (or its last line)
    notes: tuple[str, ...] = ()

    @property
    def net(self) -> Decimal | None:
        return None if self.cash_out is None else self.cash_out - self.buy_in


@dataclass(slots=True)
class _Ledger:
    names: list[str] = field(default_factory=list)
    buy_in: Decimal = ZERO
    cashed: Decimal = ZERO
    held: Decimal | None = None  # the stack of a player standing (or gone) with it
    seated: bool = False
    approved: Decimal | None = None  # an approval whose "joined" line has not come yet
    line: int = 0
    notes: list[str] = field(default_factory=list)


def session_results(rows: Iterable[Row]) -> dict[str, SessionResult]:
    """Each player's session by the ledger lines of a log (``read_rows``' rows), keyed by the player's stable id.

    A buy-in is an admin's approval "with a stack of X" (its "joined" line is the same chips), a "joined" line with
    no approval before it, a tournament's starting stack, a rebuy or a table move's arriving stack; "sit back" brings
    the stack a player stood up with back to the table (no new chips); "The admin updated … stack from A to B" adds
    B - A. The session ends with the last "quits … with a stack of X" or "stand up with the stack of X" (a player
    who stands up and never sits back takes that stack). One quirk: an approval may write a cash game's stack in
    cents ("with a stack of 1." followed by "updated … stack from 0.01 to 150.00" before any hand): an update's
    "from" stated before the player was dealt a hand is taken as the approved stack."""
    ledgers: dict[str, _Ledger] = {}
    aliases: dict[str, str] = {}
    for row in chronological(list(rows)):
        entry = row.entry.strip()
        for kind, pattern in LEDGER_LINES:
            m = pattern.match(entry)
            if m is None:
                continue
            pid = m["id"]
            if kind == "new_id":
                old = m["old"]
                aliases[old] = pid
                if old in ledgers and pid not in ledgers:
                    ledgers[pid] = ledgers.pop(old)
                break
            pid = aliases.get(pid, pid)
            ledger = ledgers.setdefault(pid, _Ledger())
            name = display_name(m["player"])
            if name not in ledger.names:
                ledger.names.append(name)
            ledger.line = row.line
            _ledger_line(ledger, kind, m, row.line)
            break
    results: dict[str, SessionResult] = {}
    for pid, ledger in ledgers.items():
        out: Decimal | None = ledger.cashed + ledger.held if ledger.held is not None else (
            ledger.cashed if not ledger.seated else None)
        results[pid] = SessionResult(player_id=pid, names=tuple(ledger.names), buy_in=ledger.buy_in,
                                     cash_out=out, line=ledger.line, notes=tuple(ledger.notes))
    return results


def _ledger_line(ledger: _Ledger, kind: str, m: re.Match[str], line: int) -> None:
    value = amount(m["amount"]) if kind not in ("moved", "new_id") else ZERO
    if kind == "approved":
        ledger.approved = value  # the chips come to the table with the "joined" line that follows
    elif kind in ("tournament", "arrives"):  # a tournament's chips (a "joined" line may follow, or not)
        ledger.buy_in += value
        ledger.seated = True
    elif kind == "joined":
        if ledger.seated and ledger.approved is None:  # the game restarted: every seated player joins again
            pass
        elif ledger.approved is not None:
            if value != ledger.approved:
                ledger.notes.append(f"line {line}: joined with {value}, approved with {ledger.approved}: the stack"
                                    " joined with is the buy-in")
            ledger.buy_in += value
            ledger.approved = None
        elif ledger.held is None:  # no approval, no stack stood up with: new chips
            ledger.buy_in += value
        ledger.held, ledger.seated = None, True  # (sat back: the chips stood up with)
    elif kind == "sit_back":
        ledger.held = value  # joined next, with the same chips
    elif kind == "stand_up":
        ledger.held, ledger.seated = value, False
    elif kind == "quits":
        if ledger.approved is not None:  # approved, never sat down: what it leaves with is what it brought
            ledger.buy_in += value
            ledger.approved = None
        ledger.cashed += value
        ledger.held, ledger.seated = None, False
    elif kind == "updated":
        if ledger.approved is None:  # before the player joins, the update only changes the stack to join with
            ledger.buy_in += amount(m["to"]) - value
    elif kind == "rebought":
        ledger.buy_in += value
    elif kind == "moved":
        ledger.seated, ledger.held = True, None  # gone to another table: this log does not see the stack

register(PokerNowFormat())
