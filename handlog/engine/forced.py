"""Forced bets: blinds, antes, the button blind and straddles, each at the amount and from the seat the rules say.

The table calls ``check_post`` for every post before the deal. Each rule cites its source in ../shared/rules:

- holdem-rules-de.txt, "Die Blinden": the small blind (left of the button) and the big blind (left of it) post
  predetermined amounts; in tournaments the amounts rise with the levels, so a tournament hand's blinds are the
  amounts of the level its header states.
- limit-holdem-rules-da.txt, first lines: in fixed limit the small blind is half the small bet ("The Small Blind =
  1/2*minimumsindsatsen") and the big blind the small bet; a room may round the half (``RulesProfile``).
- holdem-rules-fa.txt, first paragraph, and five-card-draw-rules-de.txt, "2. Grundeinsatz": every player posts the
  same ante, the one the limit sets ("ein Ante entsprechend dem gültigen Limit").
- holdem-rules-de.txt, "Zuerst Rund von Wetten": the straddle — in non-tournament games, the player left of the big
  blind may become a third blind with a bet of double the big blind (``RulesProfile`` holds the room's variations).

A player all-in for less than the amount is excepted everywhere (the rules' all-in for less).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import cast

from handlog.engine.codes import violation
from handlog.engine.pots import smallest_unit
from handlog.engine.rules import RulesProfile, StraddleSeat
from handlog.engine.violations import Violation
from handlog.events import Hand, Post, PostType, Structure


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    message: str


def small_blinds(hand: Hand, rules: RulesProfile) -> set[Decimal]:
    """The small blind(s) the stakes allow: the stated small blind; in fixed limit half the small bet, or the room's
    own amount where its profile has one. Where half the small bet is finer than the game's unit (a $0.05 or a
    25-chip small bet) and the room's rounding is not known, any amount from a third to two thirds of the small
    bet is the room's rounding (PokerStars, for one, posts $0.02 at $0.05/$0.10 and $0.10 at $0.25/$0.50)."""
    if hand.structure != Structure.FIXED_LIMIT:
        return {hand.stakes.small}
    small_bet = hand.stakes.small
    if small_bet in rules.fixed_limit_small_blinds:
        return {rules.fixed_limit_small_blinds[small_bet]}
    half = small_bet / 2
    unit = smallest_unit(hand)
    if half % unit == 0:
        return {half}
    low = (small_bet / 3).quantize(unit, rounding=ROUND_CEILING)
    high = (small_bet * 2 / 3).quantize(unit, rounding=ROUND_FLOOR)
    steps = int((high - low) / unit) if high >= low else -1
    if not 0 <= steps <= 1000:
        return {half.quantize(unit, rounding=ROUND_FLOOR), half.quantize(unit, rounding=ROUND_CEILING)}
    return {low + unit * i for i in range(steps + 1)}


def usual_ante(hand: Hand) -> Decimal | None:
    """The ante of the hand: the stated one, else the amount most players post (ties: the first posted)."""
    if hand.stakes.ante is not None:
        return hand.stakes.ante
    # exact types (an event model has no subclasses: tests/checks/test_event_kinds.py): once per hand, every event
    antes = [e.amount for e in hand.events if type(e) is Post and e.post == PostType.ANTE and not e.all_in]
    if not antes:
        return None
    counts = Counter(antes)
    top = max(counts.values())
    return next(a for a in antes if counts[a] == top)


def level_in_force(hand: Hand, rules: RulesProfile) -> tuple[Hand, str | None]:
    """The hand at the blinds it is played at, and a note when they are not the header's.

    A tournament's blinds are the level its header states (holdem-rules-de.txt, "Die Blinden"), except in a room
    whose first hand of a new level is still played at the level before (``RulesProfile.level_rise_lags_one_hand``):
    there a hand whose small and big blinds are posted below the header's, every one of them at one amount and in
    the header's proportion, is played at the posted blinds (and the ante is the one its players post). Any other
    mix of amounts keeps the header's level, so a wrong blind is still reported."""
    stakes = hand.stakes
    if not rules.level_rise_lags_one_hand or hand.tournament is None or hand.structure == Structure.FIXED_LIMIT:
        return hand, None
    smalls = {e.amount for e in hand.events if isinstance(e, Post) and e.post == PostType.SMALL_BLIND and not e.all_in}
    bigs = {e.amount for e in hand.events if isinstance(e, Post) and e.post == PostType.BIG_BLIND and not e.all_in}
    if len(smalls) != 1 or len(bigs) != 1:
        return hand, None
    small, big = smalls.pop(), bigs.pop()
    if not (0 < small < stakes.small and 0 < big < stakes.big and small * stakes.big == big * stakes.small):
        return hand, None
    played = hand.model_copy(update={"stakes": stakes.model_copy(update={"small": small, "big": big, "ante": None})})
    note = (f"the header names the level {stakes.small}/{stakes.big}; the hand posts and is played at the level"
            f" before, {small}/{big} (the {rules.name} rules: a new level's first hand is dealt at the old one)")
    return played, note


def _wrong_amount(e: Post, expected: set[Decimal], what: str) -> str | None:
    """What is wrong with the amount of ``e`` (None: one of ``expected``, or all-in for less)."""
    if e.amount in expected or (e.all_in and e.amount < min(expected)):
        return None
    ordered = sorted(expected)
    want = " or ".join(map(str, ordered)) if len(ordered) <= 2 else f"from {ordered[0]} to {ordered[-1]}"
    return f"the {what} is {want}; {e.player} posts {e.amount}"


def _blind_amount(e: Post, expected: set[Decimal], what: str) -> Problem | None:
    wrong = _wrong_amount(e, expected, what)
    return None if wrong is None else Problem("blind-amount", wrong)


_LIVE = frozenset({PostType.SMALL_BLIND, PostType.BIG_BLIND, PostType.BUTTON_BLIND, PostType.STRADDLE})
# read once: an enum member read from its class goes through EnumType.__getattr__'s hook (Python 3.11)
_SMALL_BLIND, _BIG_BLIND, _ANTE = PostType.SMALL_BLIND, PostType.BIG_BLIND, PostType.ANTE
_BUTTON_BLIND, _STRADDLE = PostType.BUTTON_BLIND, PostType.STRADDLE


class ForcedBets:
    """Checks every forced bet of one hand; keeps what it needs of the posts seen so far (the straddles)."""

    __slots__ = ("_ante", "_small", "big_blind", "big_blind_seat", "hand", "live", "rules", "straddles")  # one a hand

    def __init__(self, hand: Hand, rules: RulesProfile, big_blind: Decimal) -> None:
        self.hand = hand
        self.rules = rules
        self.big_blind = big_blind
        self._ante: Decimal | bool | None = False  # ``ante``, made on the first ante posted (False: not yet)
        self._small: set[Decimal] | None = None  # ``small_blinds``, made on the first small blind posted
        self.big_blind_seat: int | None = None
        self.straddles: list[tuple[int, Decimal]] = []  # (seat, size) of each straddle so far
        self.live: dict[str, Decimal] = {}  # each player's live blinds and straddles so far

    @property
    def ante(self) -> Decimal | None:
        """The hand's ante (``usual_ante``), found once an ante is posted: most hands post none."""
        if self._ante is False:
            self._ante = usual_ante(self.hand)
        return cast("Decimal | None", self._ante)

    def check(self, e: Post, seat: int, dealt: list[int]) -> Problem | None:
        """``seat`` is the poster's seat, ``dealt`` the seats dealt in, in seat order."""
        post, amount = e.post, e.amount  # each field read once (a pydantic model's attribute costs a hook)
        if post in _LIVE:
            self.live[e.player] = self.live.get(e.player, Decimal(0)) + amount
        if post == _SMALL_BLIND:
            if self._small is None:  # the same for every post of the hand
                self._small = small_blinds(self.hand, self.rules)
            # (``_wrong_amount`` finds nothing wrong with an expected amount: its call saved)
            return None if amount in self._small else _blind_amount(e, self._small, "small blind at these stakes")
        if post == _BIG_BLIND:
            if self.big_blind_seat is None:
                self.big_blind_seat = seat
            if amount == self.big_blind:
                return None
            return _blind_amount(e, {self.big_blind}, "big blind at these stakes")
        if post == _ANTE:
            ante = self.ante
            if ante is None or amount == ante:
                return None
            wrong = _wrong_amount(e, {ante}, "ante")
            return None if wrong is None else Problem("ante-amount", wrong)
        if post == _BUTTON_BLIND:
            return self._button_blind(e, seat)
        if post == _STRADDLE:
            return self._straddle(e, seat, dealt)
        return None

    def _button_blind(self, e: Post, seat: int) -> Problem | None:
        """The button blind is posted by the button, at the stated amount."""
        if self.hand.button is not None and seat != self.hand.button:
            return Problem(
                "blind-position",
                f"the button blind is the button's (seat {self.hand.button}); {e.player} in seat {seat} posts it",
            )
        if self.hand.stakes.button_blind is None:
            return None
        return _blind_amount(e, {self.hand.stakes.button_blind}, "button blind")

    def _straddle(self, e: Post, seat: int, dealt: list[int]) -> Problem | None:
        """A straddle's size is the straddler's whole live bet after it: a player who straddles over a blind or a
        straddle of their own (GGPoker's "straddle $0.08" after "straddle $0.04") adds only the difference."""
        rules = self.rules
        before = self.straddles[-1] if self.straddles else None
        size = self.live[e.player]
        self.straddles.append((seat, size))
        tournament = self.hand.tournament is not None
        allowed = rules.straddle_in_tournaments if tournament else rules.straddle_in_cash_games
        if not allowed:
            game = "tournaments" if tournament else "cash games"
            return Problem(
                "straddle-not-allowed",
                f"{e.player} straddles, but the {rules.name} rules allow no straddle in {game}"
            )
        if len(self.straddles) > rules.max_straddles:
            return Problem(
                "straddle-not-allowed",
                f"{e.player} posts straddle number {len(self.straddles)}; the {rules.name} rules allow"
                f" {rules.max_straddles}",
            )
        if rules.straddle_seat == StraddleSeat.LEFT_OF_BIG_BLIND:
            after = before[0] if before is not None else self.big_blind_seat
            if after is not None and dealt:
                left = next((s for s in dealt if s > after), dealt[0])
                if seat != left:
                    what = "the last straddler" if before is not None else "the big blind"
                    return Problem(
                        "straddle-position",
                        f"only the player directly left of {what} (seat {left}) may straddle; {e.player} in seat"
                        f" {seat} does",
                    )
        base = before[1] if before is not None else self.big_blind
        expected = base * rules.straddle_multiple
        if size == expected or (e.all_in and size < expected) or (rules.over_straddle and size > expected):
            return None
        what = f"straddle ({rules.straddle_multiple} times {base})"
        at_least = " at least" if rules.over_straddle else ""
        return Problem("straddle-amount", f"the {what} is{at_least} {expected}; {e.player} straddles to {size}")


def forced_bet_violations(hand: Hand, rules: RulesProfile) -> list[Violation]:
    """The forced bets of a hand whose game the engine does not replay yet (6+ Hold'em's button blind and antes,
    stud antes): they are checked all the same, with every seat taken as dealt in."""
    hand, _ = level_in_force(hand, rules)
    big_blind = hand.stakes.small if hand.structure == Structure.FIXED_LIMIT else hand.stakes.big
    checker = ForcedBets(hand, rules, big_blind)
    seats = {s.player: s.seat for s in hand.seats}
    dealt = sorted(seats.values())
    found: list[Violation] = []
    for e in hand.events:
        if isinstance(e, Post) and e.player in seats:
            problem = checker.check(e, seats[e.player], dealt)
            if problem is not None:
                found.append(violation(problem.code, e.line, problem.message))
    return found

