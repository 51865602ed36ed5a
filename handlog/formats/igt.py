"""IGT poker network JSON hand histories (2017-2019): a document reader (the standard library's ``json``, with a
size limit), no grammar.

A file is one JSON document, ``{"history": [hand, …]}`` (or a list of such documents); each hand is an object:

* ``player``: the seats (``name``, ``seat``, ``state``: ``STATE_EMPTY`` (or the name ``UNKNOWN``) for an empty
  seat, another than ``STATE_PLAYING`` for a player sitting out, ``dealer``: ``"Y"``
  for the button, ``amount``: the stack at the start; some exports write ``"0.00"`` for every stack, and the
  reader then takes the stack the hand's own numbers give: the player's stack after the hand plus what they put
  in less what they won, and says so in a notice);
* ``action``: in order, ``HAND_BLINDS`` (``kind`` ``HAND_SB``, ``HAND_BB``, ``HAND_DSB``: a dead small blind, dead
  money, ``HAND_ANTE``), ``HAND_DEAL`` (a player's cards; ``"b"`` a hidden card), ``ACTION_FOLD`` / ``CHECK`` /
  ``CALL`` / ``BET`` / ``RAISE`` / ``ALLIN`` whose ``value`` is the player's whole bet in the round (a call of 7.50
  from 1.75 adds 5.75; ``bankRoll`` is the stack after it), ``ACTION_ADJUSTEMENT`` (sic): what is left of a bet
  nobody called (a bet of 15 adjusted to 13.52 gets 1.48 back), and ``HAND_BOARD`` (``BOARD_FLOP`` …: the whole
  board with the pot so far after rake and the rake so far);
* ``showDown``: each player's shown ``card``, their ``win`` (one per pot half in hi/lo: ``winType``) and
  ``bankRoll`` after the hand, and the final ``pot`` (after rake) and ``rake`` (absent when none was stated);
* the table's facts: ``handId``, ``table``, ``gameType`` (``TEXASHOLDEM``, ``OMAHA``, ``OMAHAHILO``), ``limit``,
  ``stake`` (``"0.25/0.5"``; in 2019 ``small`` and ``large``, or neither: the blinds posted give it), ``gameKind`` /
  ``tournamentTable`` (a tournament: chips), ``tableCurrency``, ``date`` (the start, milliseconds since 1970, UTC;
  one cut to twelve digits gives way to the first action's).

Cards are numbers 0-51: the rank is the number modulo 13 (0 a deuce … 12 an ace, as the shown hands' names
confirm: "two pair, jacks and tens" is 35, 48, 8, 34), the suit the number divided by 13: clubs, diamonds,
hearts, spades in that order, as the format's other public readers take it (the corpus shows no flush that would
confirm the suits).

What the room states and the replay must reproduce: the total pot (``pot`` + ``rake``), the rake and every win.
Where the rake is absent the audit computes what was kept and says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

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
    Muck,
    Notice,
    Post,
    PostType,
    Raise,
    Seat,
    Show,
    Stakes,
    StatedResults,
    Street,
    StreetStart,
    Structure,
    Tournament,
    UncalledBet,
)
from handlog.formats import headers
from handlog.formats.document import DocumentFailure, DocumentReader, SizeLimit, failure_in, load_json, positive
from handlog.formats.unknown import bad_field_line, unknown_entry
from handlog.reading.registry import HandParseFailure, HeaderFacts, register
from handlog.reading.split import Chunk, SplitStats

ZERO = Decimal(0)
MAX_DOCUMENT = 8 * 1024 * 1024
"""Longest document read, in characters: a hand is a few kilobytes, a day's session a few hundred."""
MAX_HANDS = 100_000

GAMES = {"TEXASHOLDEM": Game.HOLDEM, "OMAHA": Game.OMAHA, "OMAHAHILO": Game.OMAHA_HI_LO}
STRUCTURES = {
    "no limit": Structure.NO_LIMIT, "pot limit": Structure.POT_LIMIT, "fixed limit": Structure.FIXED_LIMIT,
    "limit": Structure.FIXED_LIMIT,
}
POSTS = {
    "HAND_SB": PostType.SMALL_BLIND, "HAND_BB": PostType.BIG_BLIND, "HAND_DSB": PostType.DEAD_BLIND,
    "HAND_ANTE": PostType.ANTE, "HAND_STRADDLE": PostType.STRADDLE,
}
STREETS = {"BOARD_FLOP": Street.FLOP, "BOARD_TURN": Street.TURN, "BOARD_RIVER": Street.RIVER}
SUITS = "cdhs"
RANKS = "23456789TJQKA"
_KEY_ACTION = re.compile(r'"action"\s*:')
_KEY_TYPE = re.compile(r'"type"\s*:')
_KEY_SHOWDOWN = re.compile(r'"showDown"\s*:')


class IgtError(ValueError):
    """A hand that breaks the document's shape: where, and what is wrong."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True, slots=True)
class IgtHand:
    """One hand as the document holds it: the hand's object and the lines of its actions and showdown."""

    hand: Any
    line: int
    action_lines: tuple[int, ...]
    showdown_line: int


IgtFailure = DocumentFailure
"""A document that could not be read: where and why (one unparsed record)."""


def card(link: object) -> str | None:
    """A card number (``"35"``) as a card (``"Jh"``); None for a hidden card (``"b"``) or none (``"100"``)."""
    if not isinstance(link, str) or not link.isdigit():
        return None
    n = int(link)
    if not 0 <= n < 52:
        return None
    return RANKS[n % 13] + SUITS[n // 13]


def _cards(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    out = (card(c.get("link")) if isinstance(c, dict) else None for c in value)
    return tuple(c for c in out if c is not None)


def _money(value: object, line: int, what: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
        raise IgtError(line, f"{what}: not an amount: {value!r}")
    try:
        out = Decimal(str(value))
    except InvalidOperation:
        raise IgtError(line, f"{what}: not an amount: {value!r}") from None
    if not out.is_finite() or abs(out) >= Decimal(10) ** 15:
        raise IgtError(line, f"{what}: amount out of range: {value!r}")
    return out


class _NewForm(Exception):
    """A known entry whose kind or amount is in a form the reader has not met (an action of its player in a new
    form: ``unknown-action``)."""


def _amount(value: object, line: int, what: str) -> Decimal:
    """An action's amount; one that cannot be read makes the action one in a new form."""
    try:
        return _money(value, line, what)
    except IgtError:
        raise _NewForm from None


def _entry_text(a: dict[str, Any]) -> str:
    """An action entry as written (its JSON)."""
    return json.dumps(a, default=str, ensure_ascii=False)


def _text(obj: dict[str, Any], key: str) -> str:
    value = obj.get(key)
    return value if isinstance(value, str) else ""


class _Builder:
    """One hand's events from its object: the round's bets followed to turn totals into the chips added."""

    def __init__(self, doc: IgtHand, file: str) -> None:
        self.doc, self.file = doc, file
        self.events: list[Event] = []
        self.bets: dict[str, Decimal] = {}
        self.put: dict[str, Decimal] = {}
        self.level = ZERO
        self.board: tuple[str, ...] = ()
        self.seated: set[str] = set()
        self.first_bankroll: dict[str, tuple[Decimal, int]] = {}
        """Each player's stack after their first action that states it, with its line, and what they had put in."""

    def _line(self, index: int) -> int:
        lines = self.doc.action_lines
        return lines[index] if index < len(lines) else self.doc.line

    def _add(self, player: str, to: Decimal) -> Decimal:
        """The player's round bet becomes ``to``; returns the chips added."""
        before = self.bets.get(player, ZERO)
        self.bets[player] = to
        self.put[player] = self.put.get(player, ZERO) + to - before
        self.level = max(self.level, to)
        return to - before

    def _wager(self, kind: str, player: str, value: Decimal, line: int) -> Event:
        level = self.level
        all_in = kind == "ACTION_ALLIN"
        if all_in:
            if level == 0:
                kind = "ACTION_BET"
            elif value <= level:
                kind = "ACTION_CALL"
            else:
                kind = "ACTION_RAISE"
        added = self._add(player, value)
        if kind == "ACTION_BET":
            return Bet(line=line, player=player, amount=added, all_in=all_in)
        if kind == "ACTION_CALL":
            return Call(line=line, player=player, amount=added, all_in=all_in)
        return Raise(line=line, player=player, by=value - level, to=value, all_in=all_in)

    def hand(self) -> Hand:
        h, line = self.doc.hand, self.doc.line
        if not isinstance(h, dict):
            raise IgtError(line, "a hand is not an object")
        players = h.get("player")
        actions = h.get("action")
        if not isinstance(players, list) or not isinstance(actions, list):
            raise IgtError(line, "a hand without its 'player' and 'action' lists")
        game_type = _text(h, "gameType")  # a game not known here is read, and left unreplayed (Game.OTHER)
        structure = STRUCTURES.get(_text(h, "limit").lower())
        if structure is None:
            raise IgtError(line, f"unknown betting structure {_text(h, 'limit')!r}")
        seats: list[Seat] = []
        button = None
        for p in players:
            if not isinstance(p, dict) or _text(p, "state") == "STATE_EMPTY" or _text(p, "name") == "UNKNOWN":
                continue
            name, seat = _text(p, "name"), _text(p, "seat")
            if not name or not seat.isdigit():
                raise IgtError(line, f"a seat without its name or number: {p!r}")
            seats.append(Seat(seat=int(seat), player=name, stack=_money(p.get("amount", "0"), line, name), line=line,
                              sitting_out=_text(p, "state") not in ("STATE_PLAYING", "")))
            if _text(p, "dealer") == "Y":
                button = int(seat)
        self.seated = {s.player for s in seats}
        blinds: dict[PostType, Decimal] = {}
        for index, a in enumerate(actions):
            if not isinstance(a, dict):
                raise IgtError(self._line(index), "an action is not an object")
            self._action(a, self._line(index), blinds)
        summary = self._showdown(h)
        seats = self._stacks(seats, h)
        for taken in seats:  # the seat's stated stack against its first bankRoll: reported, never mended
            before = self.first_bankroll.get(taken.player)
            if before is not None and taken.stack and before[0] != taken.stack:
                self.events.append(Notice(
                    line=before[1], player=taken.player,
                    text=f"{taken.player}'s seat amount is {taken.stack}, but their bankRoll here makes it {before[0]}",
                ))
        currency = _text(h, "tableCurrency") or "PLAY"
        tournament = None
        if h.get("tournamentTable") is True or _text(h, "gameKind") == "GAMEKIND_TOURNAMENT":
            tournament, currency = Tournament(id=_text(h, "tableTourneyId")), "CHIPS"
        started = _started(h)
        return Hand(
            site="IGT",
            hand_id=_text(h, "handId") or _text(h, "id"),
            file=self.file,
            line=line,
            game=GAMES.get(game_type, Game.OTHER),
            game_name=f"{game_type} {_text(h, 'limit')}",
            structure=structure,
            stakes=self._stakes(_stake_text(h), blinds, structure),
            currency=currency,
            tournament=tournament,
            table=_text(h, "table"),
            max_seats=len(players),
            button=button,
            time_local=started,
            time_utc=_utc(started),
            seats=tuple(seats),
            events=tuple(self.events),
            summary=summary,
        )

    def _action(self, a: dict[str, Any], line: int, blinds: dict[PostType, Decimal]) -> None:
        kind, player = _text(a, "type"), _text(a, "player")
        try:
            self._act(a, kind, player, line, blinds)
        except _NewForm:  # a known entry in a form not met (a forced bet of a new kind, an amount not read)
            self.events.append(bad_field_line(line, _entry_text(a), player))
            return
        if player and "bankRoll" in a and player not in self.first_bankroll:
            self.first_bankroll[player] = (_money(a["bankRoll"], line, "bankRoll") + self.put.get(player, ZERO), line)

    def _act(self, a: dict[str, Any], kind: str, player: str, line: int, blinds: dict[PostType, Decimal]) -> None:
        if kind == "HAND_BLINDS":
            post = POSTS.get(_text(a, "kind"))
            if post is None:
                raise _NewForm
            value = _amount(a.get("value"), line, kind)
            if post in (PostType.ANTE, PostType.DEAD_BLIND):  # dead money: in the pot, not in the bet
                self.put[player] = self.put.get(player, ZERO) + value
            else:
                self._add(player, self.bets.get(player, ZERO) + value)
                blinds.setdefault(post, value)
            self.events.append(Post(line=line, player=player, post=post, amount=value))
        elif kind == "HAND_DEAL":
            if not any(isinstance(e, StreetStart) for e in self.events):
                self.events.append(StreetStart(line=line, street=Street.PREFLOP))
            dealt = _cards(a.get("card"))
            if dealt:
                self.events.append(DealHole(line=line, player=player, cards=dealt))
        elif kind == "HAND_BOARD":
            street = STREETS.get(_text(a, "value"))
            if street is None:
                raise IgtError(line, f"unknown board {_text(a, 'value')!r}")
            board = _cards(a.get("card"))
            before, self.board = self.board, board
            self.bets, self.level = {}, ZERO
            self.events.append(StreetStart(line=line, street=street, cards=board[len(before):],
                                           board=board[: len(before)]))
        elif kind == "ACTION_FOLD":
            self.events.append(Fold(line=line, player=player))
        elif kind == "ACTION_CHECK":
            self.events.append(Check(line=line, player=player))
        elif kind in ("ACTION_CALL", "ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN"):
            self.events.append(self._wager(kind, player, _amount(a.get("value"), line, kind), line))
        elif kind == "ACTION_ADJUSTEMENT":  # what is left of the bet nobody called
            left = _amount(a.get("value"), line, kind)
            back = self.bets.get(player, ZERO) - left
            if back > 0:
                self._add(player, left)
                self.events.append(UncalledBet(line=line, player=player, amount=back))
        else:  # an entry of a kind not met: kept, and judged by the audit (docs/unknown-lines.md)
            amounts = (a.get("value"), a.get("bankRoll"))
            self.events.append(unknown_entry(line, _entry_text(a), kind, player or None, amounts, self.seated))

    def _showdown(self, h: dict[str, Any]) -> StatedResults:
        sd, line = h.get("showDown"), self.doc.showdown_line
        if not isinstance(sd, dict):
            return StatedResults()
        results = sd.get("result")
        for r in results if isinstance(results, list) else ():
            if not isinstance(r, dict):
                continue
            player = _text(r, "player")
            shown = _cards(r.get("card"))
            if shown and r.get("folded") is not True:
                self.events.append(Show(line=line, player=player, cards=shown))
            elif _text(r, "hand") == "$(STR_G_MUCK)":
                self.events.append(Muck(line=line, player=player, announced=False))
            won = _money(r.get("win", "0"), line, f"{player}'s win")
            if won:
                self.events.append(Collect(line=line, player=player, amount=won))
        pot = _money(sd["pot"], line, "pot") if "pot" in sd else None
        rake = _money(sd["rake"], line, "rake") if "rake" in sd else None
        total = pot + (rake or ZERO) if pot is not None else None
        return StatedResults(total_pot=total, rake=rake, line=line, pot_line=line)

    def _stacks(self, seats: list[Seat], h: dict[str, Any]) -> list[Seat]:
        """Seats whose stack the export wrote as 0.00 although the player put chips in: the stack after the hand
        (``showDown``'s ``bankRoll``) plus what they put in less what they won."""
        sd = h.get("showDown")
        results = sd.get("result") if isinstance(sd, dict) else None
        after: dict[str, tuple[Decimal, Decimal]] = {}
        for r in results if isinstance(results, list) else ():
            if isinstance(r, dict) and "bankRoll" in r:
                line = self.doc.showdown_line
                after[_text(r, "player")] = (_money(r["bankRoll"], line, "bankRoll"), _money(r.get("win", "0"), line,
                                                                                             "win"))
        out = []
        for s in seats:
            put = self.put.get(s.player, ZERO)
            if s.stack == 0 and s.player in after:
                bankroll, won = after[s.player]
                stack = bankroll + put - won
                if stack > 0:
                    self.events.insert(0, Notice(line=s.line, player=s.player,
                                                 text=f"{s.player}'s stack is written 0.00: {stack}, from the"
                                                      f" stack after the hand ({bankroll})"))
                    s = s.model_copy(update={"stack": stack})
            out.append(s)
        return out

    @staticmethod
    def _stakes(text: str, blinds: dict[PostType, Decimal], structure: Structure) -> Stakes:
        small_text, _, big_text = text.partition("/")
        try:
            small, big = Decimal(small_text), Decimal(big_text)
        except InvalidOperation:
            small = blinds.get(PostType.SMALL_BLIND, ZERO)
            big = blinds.get(PostType.BIG_BLIND, small * 2)
        if structure is Structure.FIXED_LIMIT:
            return Stakes(small=big, big=big * 2)
        return Stakes(small=small, big=big)


def _stake_text(h: dict[str, Any]) -> str:
    """``"0.25/0.5"``; 2019's hands give the blinds as ``small`` and ``large`` instead (or neither: the posts tell)."""
    small, large = h.get("small"), h.get("large")
    if not _text(h, "stake") and isinstance(small, str | int | Decimal) and isinstance(large, str | int | Decimal):
        return f"{small}/{large}"
    return _text(h, "stake")


def _utc(millis: str) -> datetime | None:
    """Milliseconds since 1970 as a UTC time; None for a number no calendar holds."""
    if not millis.isdigit() or len(millis) > 15:
        return None
    try:
        return datetime.fromtimestamp(int(millis) / 1000, UTC)
    except (OverflowError, OSError, ValueError):
        return None


def _started(h: dict[str, Any]) -> str:
    """The hand's ``date`` (milliseconds since 1970: thirteen digits from 2001 to 2286); a ``date`` cut short
    ("154929840000", in a 2019 hand) gives way to the first action's or the showdown's."""
    actions = h.get("action")
    candidates = [h.get("date")]
    candidates += [a.get("date") for a in actions if isinstance(a, dict)] if isinstance(actions, list) else []
    showdown = h.get("showDown")
    candidates += [showdown.get("date")] if isinstance(showdown, dict) else []
    for date in candidates:
        if isinstance(date, str) and len(date) == 13 and date.isdigit():
            return date
    return _text(h, "date")


def _line_at(text: str, offset: int, first: int) -> int:
    return first + text.count("\n", 0, offset)


class IgtFormat(DocumentReader):
    """The IGT JSON reader, registered as ``igt``: a ``registry.DocumentFormat`` (it cuts its own documents).

    Each hand is cut as one line of JSON: the hand's object and where its lines were in the file
    (``{"history": [hand], "handlog_lines": {…}}``), or a document's failure (``{"handlog_error": {…}}``). So a
    hand is plain lines like any other, which the database stores and ``parse`` reads again with its lines."""

    name = "igt"
    site = "IGT"
    declared = headers.IGT

    def peek(self, header: str) -> HeaderFacts:
        """Hand id, game and structure of a hand as ``split`` cut it (none of anything else)."""
        try:
            doc = load_json(header)
        except (ValueError, RecursionError):
            return HeaderFacts()
        hands = _hands(doc)
        if not hands or not isinstance(hands[0], dict):
            return HeaderFacts()
        h = hands[0]
        game = GAMES.get(_text(h, "gameType"))
        structure = STRUCTURES.get(_text(h, "limit").lower())
        return HeaderFacts(_text(h, "handId") or None, game.value if game else None,
                           structure.value if structure else None)

    def split(self, lines: Iterable[str], stats: SplitStats | None, start: int) -> Iterator[Chunk]:
        """The document's hands, one chunk (of one line) each; a document too long or not JSON is one failure."""
        for item in _documents(lines, start):
            if isinstance(item, IgtFailure):
                yield Chunk(item.line, [item.as_line()])
            else:
                placed = {"hand": item.line, "actions": list(item.action_lines), "showdown": item.showdown_line}
                text = json.dumps({"history": [item.hand], "handlog_lines": placed}, default=str, ensure_ascii=False)
                yield Chunk(item.line, [text])

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        """A hand as ``split`` cut it, or the first hand of a whole document's lines."""
        item = _cut(lines, first_line)
        if isinstance(item, IgtFailure):
            raise HandParseFailure(ParseError(line=item.line, column=item.column, message=item.message))
        try:
            return _Builder(item, file).hand()
        except IgtError as exc:
            raise HandParseFailure(ParseError(line=exc.line, message=str(exc))) from None
        except (ValueError, TypeError, KeyError) as exc:  # a field of the wrong type or shape
            raise HandParseFailure(ParseError(line=first_line, message=f"malformed hand: {exc}")) from None


def _cut(lines: Sequence[str], first_line: int) -> IgtHand | IgtFailure:
    """The hand ``split`` cut into ``lines``, with its lines in the file."""
    if len(lines) == 1:
        failure = failure_in(lines[0], first_line)
        if failure is not None:
            return failure
        try:
            doc = load_json(lines[0])
        except (ValueError, RecursionError):
            doc = None
        placed = doc.get("handlog_lines") if isinstance(doc, dict) else None
        hands = _hands(doc)
        if isinstance(placed, dict) and hands and len(hands) == 1:
            actions = placed.get("actions")
            return IgtHand(
                hands[0], positive(placed.get("hand"), first_line),
                tuple(positive(n, first_line) for n in actions) if isinstance(actions, list) else (),
                positive(placed.get("showdown"), first_line),
            )
    for item in _documents(lines, first_line):  # a whole document's lines, not cut by ``split``
        return item
    return IgtFailure(first_line, 1, "no hand in the document")


def _documents(lines: Iterable[str], start: int) -> Iterator[IgtHand | IgtFailure]:
    """The hands of the document in ``lines``, each with the lines of its actions and showdown."""
    kept: list[str] = []
    limit = SizeLimit(MAX_DOCUMENT)
    for line in lines:
        if not limit.take(line):
            yield IgtFailure(start, 1, f"the document is longer than {MAX_DOCUMENT} characters")
            return
        kept.append(line)
    text = "\n".join(kept).lstrip("\ufeff")
    try:
        doc = load_json(text)
    except json.JSONDecodeError as exc:
        yield IgtFailure(start + exc.lineno - 1, exc.colno, f"not JSON: {exc.msg}")
        return
    except (ValueError, RecursionError) as exc:
        yield IgtFailure(start, 1, f"not JSON: {exc}")
        return
    hands = _hands(doc)
    if hands is None:
        yield IgtFailure(start, 1, "a JSON document without a 'history' list of hands")
        return
    starts = [m.start() for m in _KEY_ACTION.finditer(text)]
    placed = len(starts) == len(hands)
    for index, hand in enumerate(hands[:MAX_HANDS]):
        if not placed:
            yield IgtHand(hand, start, (), start)
            continue
        begin, end = starts[index], starts[index + 1] if index + 1 < len(starts) else len(text)
        actions = tuple(_line_at(text, m.start(), start) for m in _KEY_TYPE.finditer(text, begin, end))
        showdown = _KEY_SHOWDOWN.search(text, begin, end)
        listed = hand.get("action") if isinstance(hand, dict) else None
        n_actions = len(listed) if isinstance(listed, list) else -1
        hand_line = _line_at(text, begin, start)
        yield IgtHand(
            hand, hand_line, actions if len(actions) == n_actions else (),
            _line_at(text, showdown.start(), start) if showdown else hand_line,
        )


def _hands(doc: object) -> list[Any] | None:
    """The hands of ``{"history": […]}`` or of a list of such documents."""
    if isinstance(doc, dict) and isinstance(doc.get("history"), list):
        return list(doc["history"])
    if isinstance(doc, list) and all(isinstance(d, dict) and isinstance(d.get("history"), list) for d in doc):
        return [h for d in doc for h in d["history"]]
    return None


register(IgtFormat())
