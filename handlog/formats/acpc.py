"""ACPC dealer logs (the Annual Computer Poker Competition's ``STATE`` lines, also used for the Pluribus hands).

One hand per line, read with the Lark grammar ``grammars/acpc.lark``::

    STATE:<hand>:<betting>:<cards>:<payoffs>:<players>

A line names no actor, no stakes and no stacks: the betting is positional and the game is the competition's.
So this reader decodes the line into PHH actions (``formats.phh``: the same bookkeeping of bets, stacks and
events) for the competition's standard games:

- no-limit (``r<n>``, raise so that the player has ``n`` chips in the pot over the whole hand): blinds 50/100;
  stacks of 20,000 heads-up (ACPC's heads-up no-limit) and 10,000 with more players (the Pluribus games);
- limit (``r`` alone): blinds 5/10, bets of 10 in the first two rounds and 20 in the last two, no stacks;
- heads-up the first player posts the big blind and the second, on the button, the small blind ("reverse
  blinds"); with more players the first posts the small blind and the last is on the button;
- turn order: preflop from the left of the big blind, later rounds from the first player still in.

The payoffs are each player's net; with the chips each put in, they say what each collected: those amounts are
the hand's stated winnings (no rake), which the engine's settlement of the pots must reproduce.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from lark import Lark, Token, Transformer, UnexpectedInput

from handlog.errors import ParseError
from handlog.events import Hand
from handlog.formats import headers
from handlog.formats.headers import grammar_dir
from handlog.formats.phh_builder import HandBuilder, PHHError
from handlog.formats.phh_document import Located, PHHFields
from handlog.reading.registry import HandParseFailure, HeaderFacts, register

ZERO = Decimal(0)
NO_STACK = Decimal(2**31 - 1)
"""Limit games have no stacks; like the ACPC dealer (whose game files leave the stack unset), each player has the
largest 32-bit integer of chips, more than any limit hand can cost."""
NO_LIMIT_BLINDS = (Decimal(50), Decimal(100))
LIMIT_BLINDS = (Decimal(5), Decimal(10))
LIMIT_BETS = (Decimal(10), Decimal(20))  # the small bet (rounds 1 and 2) and the big bet (rounds 3 and 4)
HEADS_UP_STACK = Decimal(20000)
RING_STACK = Decimal(10000)

_STATE = headers.ACPC_STATE


@dataclass(frozen=True, slots=True)
class StateLine:
    """A ``STATE`` line, decoded: betting rounds of (verb, amount) with verb "c", "f" or "r"."""

    hand: str
    rounds: tuple[tuple[tuple[str, int | None], ...], ...]
    holes: tuple[str, ...]  # each player's hole cards as written ("" when not given)
    boards: tuple[str, ...]  # the cards each later round adds
    payoffs: tuple[Decimal, ...]
    players: tuple[str, ...]


class _ToState(Transformer[Token, object]):
    def start(self, c: list[Any]) -> StateLine:
        hand, rounds, (holes, boards), payoffs, players = c
        return StateLine(str(hand), rounds, holes, boards, payoffs, players)

    def betting(self, c: list[object]) -> tuple[object, ...]:
        return tuple(c)

    def round(self, c: list[object]) -> tuple[object, ...]:
        return tuple(c)

    def call(self, c: list[Token]) -> tuple[str, None]:
        return ("c", None)

    def fold(self, c: list[Token]) -> tuple[str, None]:
        return ("f", None)

    def raises(self, c: list[Token]) -> tuple[str, int | None]:
        return ("r", int(c[0]) if c else None)

    def cards(self, c: list[object]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        holes = tuple(x for x in c if isinstance(x, HoleCards))
        boards = tuple(str(x) for x in c if isinstance(x, Token))
        return tuple(h.cards for h in holes), boards

    def hole(self, c: list[Token]) -> HoleCards:
        return HoleCards(str(c[0]) if c else "")

    def payoffs(self, c: list[Token]) -> tuple[Decimal, ...]:
        return tuple(Decimal(str(t)) for t in c)

    def players(self, c: list[Token]) -> tuple[str, ...]:
        return tuple(str(t) for t in c)


@dataclass(frozen=True, slots=True)
class HoleCards:
    cards: str


_local = threading.local()


def _parser() -> Lark:
    parser: Lark | None = getattr(_local, "parser", None)
    if parser is None:
        parser = Lark.open(str(grammar_dir() / "acpc.lark"), parser="lalr", transformer=_ToState())
        _local.parser = parser
    return parser


def parse_state(line: str, number: int) -> StateLine:
    """The fields of one ``STATE`` line; a line that is not one raises ``HandParseFailure`` saying where."""
    try:
        state = _parser().parse(line)
    except UnexpectedInput as exc:
        allowed = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
        expected = tuple(sorted(str(e) for e in allowed))
        column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
        raise HandParseFailure(ParseError(
            line=number, column=column, message="not an ACPC STATE line", expected=expected, text=line[:300]
        )) from None
    assert isinstance(state, StateLine)
    return state


class _Translation:
    """A ``STATE`` line as the PHH actions it stands for, with the chips each player put in."""

    def __init__(self, state: StateLine, line: int) -> None:
        self.state = state
        self.line = line
        self.n = len(state.players)
        if self.n < 2:
            raise PHHError("an ACPC hand needs at least two players", line)
        for what, values in (("hole cards", state.holes), ("payoffs", state.payoffs)):
            if len(values) != self.n:
                raise PHHError(f"{len(values)} {what} for {self.n} players", line)
        amounts = [a for r in state.rounds for verb, a in r if verb == "r"]
        self.limit = any(a is None for a in amounts)
        if self.limit and any(a is not None for a in amounts):
            raise PHHError("raises with and without amounts: neither limit nor no-limit", line)
        blinds = LIMIT_BLINDS if self.limit else NO_LIMIT_BLINDS
        stack = NO_STACK if self.limit else (HEADS_UP_STACK if self.n == 2 else RING_STACK)
        self.blinds = [blinds[0], blinds[1]] + [ZERO] * (self.n - 2)  # phh-std order (reversed heads-up)
        self.stacks = [stack] * self.n
        self.put = [ZERO] * self.n
        posts = [blinds[1], blinds[0]] if self.n == 2 else self.blinds
        for i, amount in enumerate(posts):
            self.put[i] += amount
        self.folded = [False] * self.n
        self.actions: list[str] = []

    def run(self) -> list[str]:
        for i, cards in enumerate(self.state.holes):
            self.actions.append(f"d dh p{i + 1} {cards or '????'}")
        raisers: list[int | None] = []  # the last raiser of each round
        for r, betting in enumerate(self.state.rounds):
            raisers.append(None)
            if r > 0 and r - 1 < len(self.state.boards):
                self.actions.append(f"d db {self.state.boards[r - 1]}")
            street_start = list(self.put) if r > 0 else [ZERO] * self.n
            bets = [self.put[i] - street_start[i] for i in range(self.n)]
            actor = self._first(r)
            for verb, amount in betting:
                if actor is None:
                    raise PHHError(f"an action in round {r + 1} when nobody can act", self.line)
                name = f"p{actor + 1}"
                if verb == "f":
                    self.folded[actor] = True
                    self.actions.append(f"{name} f")
                elif verb == "c":
                    owed = min(max(bets) - bets[actor], self.stacks[actor] - self.put[actor])
                    bets[actor] += owed
                    self.put[actor] += owed
                    self.actions.append(f"{name} cc")
                else:
                    unit = LIMIT_BETS[0] if r < 2 else LIMIT_BETS[1]
                    to = max(bets) + unit if amount is None else Decimal(amount) - street_start[actor]
                    self.put[actor] += to - bets[actor]
                    bets[actor] = to
                    raisers[-1] = actor
                    self.actions.append(f"{name} cbr {to}")
                actor = self._next(actor)
            # a hand that ends all-in shows the remaining boards without betting
        for board in self.state.boards[max(len(self.state.rounds) - 1, 0):]:
            self.actions.append(f"d db {board}")
        live = [i for i in range(self.n) if not self.folded[i]]
        if len(live) > 1:
            # the line has no showing order: write the rules' (holdem-rules-fa.txt, Shotdown): the last bettor or
            # raiser of the last round shows first, with an all-in the last round with a bet, else the first
            # player left of the button
            all_in = any(self.put[i] >= self.stacks[i] for i in live)
            bettors = [x for x in raisers if x is not None] if all_in else raisers[-1:]
            last = bettors[-1] if bettors and bettors[-1] is not None else None
            first = last if last is not None and last in live else live[0]
            order = live[live.index(first):] + live[: live.index(first)]
            for i in order:
                self.actions.append(f"p{i + 1} sm {self.state.holes[i] or '????'}")
        return self.actions

    def _can_act(self, i: int) -> bool:
        return not self.folded[i] and self.put[i] < self.stacks[i]

    def _first(self, r: int) -> int | None:
        start = (1 if self.n == 2 else 2 % self.n) if r == 0 else 0
        return self._from(start)

    def _next(self, actor: int) -> int | None:
        return self._from((actor + 1) % self.n)

    def _from(self, start: int) -> int | None:
        for k in range(self.n):
            i = (start + k) % self.n
            if self._can_act(i):
                return i
        return None

    def winnings(self) -> list[Decimal]:
        """What each player collected: the payoff plus the chips put in, less an uncalled excess returned."""
        put = list(self.put)
        top = max(range(self.n), key=lambda i: put[i])
        second = max((put[i] for i in range(self.n) if i != top), default=ZERO)
        put[top] = min(put[top], second) if not self.folded[top] else put[top]
        return [self.state.payoffs[i] + put[i] for i in range(self.n)]


class ACPCFormat:
    """The ACPC / Pluribus ``STATE`` line reader, registered as ``acpc``."""

    name = "acpc"
    site = "ACPC"
    summary_marker: str | None = None

    def detect(self, head: Sequence[str]) -> bool:
        return headers.ACPC.detect(head)

    def is_header(self, line: str) -> bool:
        return line.startswith("STATE:")

    def glued_header(self, line: str) -> int:
        return -1

    def peek(self, header: str) -> HeaderFacts:
        m = _STATE.match(header)
        return HeaderFacts(hand_id=m.group(1) if m else None, game="holdem")

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        for offset, extra in enumerate(lines[1:], 1):  # a log's own comments and its closing SCORE line
            if extra.strip() and not extra.startswith(("#", "SCORE:")):
                raise HandParseFailure(ParseError(
                    line=first_line + offset, message="not an ACPC STATE line", text=extra[:300]
                ))
        state = parse_state(lines[0].strip(), first_line)
        try:
            translation = _Translation(state, first_line)
            actions = translation.run()
            fields = PHHFields.model_validate({
                "variant": "FT" if translation.limit else "NT",
                "antes": [ZERO] * translation.n,
                "blinds_or_straddles": translation.blinds,
                "small_bet": LIMIT_BETS[0] if translation.limit else None,
                "big_bet": LIMIT_BETS[1] if translation.limit else None,
                "min_bet": None if translation.limit else NO_LIMIT_BLINDS[1],
                "starting_stacks": translation.stacks,
                "actions": actions,
                "players": list(state.players),
                "winnings": translation.winnings(),
                "hand": state.hand,
                "_rake": 0,
            })
            doc = Located(fields, {}, tuple(first_line for _ in actions), first_line)
            hand = HandBuilder(doc, file, state.hand).hand(first_line)
        except PHHError as exc:
            raise HandParseFailure(ParseError(line=exc.line, message=str(exc), text=lines[0][:300])) from None
        return hand.model_copy(update={"site": self.site})


register(ACPCFormat())
