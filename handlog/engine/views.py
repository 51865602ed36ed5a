"""What a replay exposes: the table after each event, pots, and each player's result.

These are the engine's public, immutable outputs; statistics, exports and checks read them and never the
site's text. (The engine's working state is mutable and private to ``engine.table``.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import Any, NamedTuple

from handlog.engine.rules import STANDARD, RulesProfile
from handlog.engine.violations import Violation
from handlog.events import Collect, Event, Hand, Street


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    player: str
    stack: Decimal  # chips behind
    bet: Decimal  # in front of the player on this betting round
    committed: Decimal  # total put into the pot this hand (antes, dead blinds, bets), less uncalled returns
    folded: bool
    all_in: bool
    in_hand: bool  # dealt in (not sitting out)


@dataclass(frozen=True, slots=True)
class TableView:
    street: Street
    board: tuple[str, ...]
    players: tuple[SeatView, ...]  # in seat order
    to_act: str | None  # who the rules say acts next (None between rounds and after the action)
    current_bet: Decimal  # highest bet on this round
    raises: int  # bets and raises on this round (the opening bet counts 1; blinds count 0)
    pot: Decimal  # everything committed so far, current bets included


SeatValues = tuple[Decimal, Decimal, Decimal, bool, bool, bool]  # stack, bet, committed, folded, all_in, in_hand
Snapshot = tuple[
    Street, tuple[str, ...], tuple[tuple[int, str], ...], tuple[SeatValues, ...], str | None, Decimal, int
]
"""The table after an event, compactly: street, board, seats, per-seat values, to act, current bet, raises."""


class Step(NamedTuple):
    """One event and the table after it. ``to_call`` is what an acting player owed just before acting.

    The table is kept as a compact snapshot and turned into a ``TableView`` only when asked for, so that a
    replay that nobody inspects costs little; ``replay(hand, states=False)`` keeps only the street (no snapshot,
    no ``to_call``). (A named tuple: one is made per event, and tuples are the cheapest immutable record to make.)
    """

    event: Event
    street: Street
    snapshot: Snapshot | None = None
    to_call: Decimal | None = None

    @property
    def state(self) -> TableView:
        if self.snapshot is None:
            raise ValueError("this replay kept no table states: use replay(hand, states=True)")
        street, board, seats, values, to_act, current_bet, raises = self.snapshot
        players = tuple(SeatView(seat, name, *v) for (seat, name), v in zip(seats, values, strict=True))
        pot = sum((sv.committed for sv in players), Decimal(0))
        return TableView(street, board, players, to_act, current_bet, raises, pot)


class Reveal(NamedTuple):
    """What a step's compact snapshot leaves out and a replayer shows (kept only by ``replay(hand, reveal=True)``).

    ``holes``: each player's hole cards as the table knows them after the step (dealt, drawn or shown);
    ``board2``: the second board of a hand run twice; ``drawer``: whose turn it is to draw during a draw.
    """

    holes: tuple[tuple[str, tuple[str, ...]], ...]
    board2: tuple[str, ...] = ()
    drawer: str | None = None


_new_object = object.__new__


def slot_setters(cls: type[Any]) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of the fields of ``cls``, a frozen dataclass with slots, in field order. With ``object.__new__``
    they make an instance without the frozen ``__init__``, which sets each field through ``object.__setattr__`` (a
    call with a tuple of arguments and a check of the class, ~500 instructions a field): for what the replay and the
    audit make once or more per hand (``player_result``, ``pot_view``, ``replay_view``, ``audit.audit``'s result,
    ``audit_cmd``'s verdict; tests/engine/test_views.py)."""
    return tuple(getattr(cls, f.name).__set__ for f in fields(cls))


@dataclass(frozen=True, slots=True)
class Pot:
    amount: Decimal
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()


_set_amount, _set_eligible, _set_winners = slot_setters(Pot)


def pot_view(amount: Decimal, eligible: tuple[str, ...], winners: tuple[str, ...]) -> Pot:
    """``Pot(amount, eligible, winners)``, made as ``player_result`` makes a result (one or two pots per hand)."""
    made = _new_object(Pot)
    _set_amount(made, amount)
    _set_eligible(made, eligible)
    _set_winners(made, winners)
    return made


@dataclass(frozen=True, slots=True)
class PlayerResult:
    player: str
    seat: int
    start_stack: Decimal
    committed: Decimal
    collected: Decimal  # gross amount won (collected lines; cash-outs included)
    net: Decimal  # collected - committed
    rake: Decimal  # the rake charged to this player, pro rata to what they won
    cashed_out: bool = False
    all_in_street: Street | None = None
    side_payments: Decimal = Decimal(0)  # paid to (+) or by (-) the player outside the pot; part of ``net``
    uncalled_in_collect: Decimal = Decimal(0)  # the player's own uncalled chips inside a "collected" (Winamax)


(_set_player, _set_seat, _set_start_stack, _set_committed, _set_collected, _set_net, _set_rake, _set_cashed_out,
 _set_all_in_street, _set_side_payments, _set_uncalled_in_collect) = slot_setters(PlayerResult)


def player_result(
    player: str, seat: int, start_stack: Decimal, committed: Decimal, collected: Decimal, net: Decimal, rake: Decimal,
    cashed_out: bool, all_in_street: Street | None, side_payments: Decimal, uncalled_in_collect: Decimal,
) -> PlayerResult:
    """``PlayerResult(...)``, the same result made about twice as fast: a frozen dataclass's ``__init__`` sets each
    field through ``object.__setattr__`` (a call with a tuple of arguments and a check of the class), where the
    slots' own descriptors set them directly. A replay makes one result per player (tests/engine/test_views.py)."""
    r = _new_object(PlayerResult)
    _set_player(r, player)
    _set_seat(r, seat)
    _set_start_stack(r, start_stack)
    _set_committed(r, committed)
    _set_collected(r, collected)
    _set_net(r, net)
    _set_rake(r, rake)
    _set_cashed_out(r, cashed_out)
    _set_all_in_street(r, all_in_street)
    _set_side_payments(r, side_payments)
    _set_uncalled_in_collect(r, uncalled_in_collect)
    return r


@dataclass(frozen=True, slots=True)
class Replay:
    hand: Hand
    steps: tuple[Step, ...]
    violations: tuple[Violation, ...]
    results: dict[str, PlayerResult]
    pots: tuple[Pot, ...]
    rake: Decimal
    supported: bool = True  # False when the game is not one the engine replays yet (only its forced bets were checked)
    notes: tuple[str, ...] = field(default=())
    boards: tuple[tuple[str, ...], ...] = ()  # the final board; one per run when the hand was run twice or thrice
    collects: tuple[Collect, ...] = ()  # the log's "collected" lines, in order
    rules: RulesProfile = STANDARD  # the house rules the hand was replayed under
    cancelled: bool = False
    stopped: bool = False  # the log's structure left nothing to follow: one violation, then no further replay
    reveals: tuple[Reveal, ...] = ()  # one per step with ``replay(hand, reveal=True)``, else empty
    returned_unprinted: tuple[tuple[str, Decimal], ...] = ()
    """Each uncalled excess the engine returned where no line returns it, as (player, amount), in order: the room's
    convention (``StatedResults.uncalled``) or the total shows it, and the notes say which."""
    reported_excess: tuple[tuple[str, Decimal], ...] = ()
    """Chips a reported violation left in the pot beyond what the rules put there, as (player, amount): a bet
    nobody called that no line returned (``uncalled-not-returned``) or a short "Uncalled bet" line left
    (``uncalled-bet``), a call of more than was owed (``call-amount``). The replay's pot holds them and the log's
    own total does not, so that difference is the same error again (``checks.accounting.total_pot``), and such
    chips are no side pot of their own (``checks.showdown``)."""

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "error")


_REPLAY_SETTERS = slot_setters(Replay)


def replay_view(
    hand: Hand, steps: tuple[Step, ...], violations: tuple[Violation, ...], results: dict[str, PlayerResult],
    pots: tuple[Pot, ...], rake: Decimal, supported: bool, notes: tuple[str, ...], boards: tuple[tuple[str, ...], ...],
    collects: tuple[Collect, ...], rules: RulesProfile, cancelled: bool, stopped: bool, reveals: tuple[Reveal, ...],
    returned_unprinted: tuple[tuple[str, Decimal], ...], reported_excess: tuple[tuple[str, Decimal], ...],
) -> Replay:
    """``Replay(...)`` with every field given in order, made as ``player_result`` makes a result: through the slots'
    own descriptors, not ``object.__setattr__`` once per field (one replay per hand; tests/engine/test_views.py)."""
    done = _new_object(Replay)
    values = (hand, steps, violations, results, pots, rake, supported, notes, boards, collects, rules, cancelled,
              stopped, reveals, returned_unprinted, reported_excess)
    for set_field, value in zip(_REPLAY_SETTERS, values, strict=True):
        set_field(done, value)
    return done
