"""The table: a state machine that replays a hand's events under the rules and records every violation.

One mutable ``Table`` per replay. Each event goes through ``apply``, which first checks the event against the
rules (whose turn it is, what the player owes, what the betting structure allows, which cards are still in
the deck) and then applies it *as the log says*: the engine never repairs a log, it reports and continues
where it safely can, so that one error does not hide the next.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from operator import attrgetter
from typing import Any

from handlog.engine.betting import Betting
from handlog.engine.dealing import Dealing, dealing_for
from handlog.engine.posts import ForcedPosts
from handlog.engine.rules import RulesProfile
from handlog.engine.settlement import Settlement
from handlog.engine.state import ZERO, PlayerState, TableState
from handlog.engine.streets import Streets
from handlog.engine.turns import TurnOrder
from handlog.engine.variants import Variant
from handlog.engine.views import Step
from handlog.events import (
    Bet,
    Burn,
    ButtonDraw,
    Call,
    CardReplaced,
    CashOut,
    Check,
    Collect,
    DealHole,
    Discard,
    Event,
    Fold,
    Hand,
    HandCancelled,
    Muck,
    Post,
    PotDrop,
    Raise,
    Redeal,
    Show,
    SidePayment,
    StandPat,
    Street,
    StreetStart,
    UncalledBet,
)

__all__ = ["ZERO", "PlayerState", "Table"]


class Table(TableState):
    """The replay state of one hand: ``apply`` each event in order (``replay`` then settles the hand).

    The table holds the state (``TableState``: seats, cards seen, money put in, the round's bet) and is composed of
    parts, one job each, which read and change that state and call each other through the table: ``turns``
    (turn order), ``posts`` (forced bets), ``settlement`` (uncalled bets, showdown, collects), ``streets`` (deal,
    board, draws) and ``betting`` (actions). ``handlers`` sends each kind of event to the part that handles it.
    """

    __slots__ = ("acts_before", "betting", "handlers", "parts", "posts", "settlement", "streets", "turns")

    def __init__(self, hand: Hand, variant: Variant, rules: RulesProfile, states: bool = True) -> None:
        super().__init__(hand, variant, rules, states)
        self.turns = TurnOrder(self)
        self.posts = ForcedPosts(self)
        self.settlement = Settlement(self)
        self.streets = Streets(self)
        self.betting = Betting(self)
        self.dealing = dealing_for(self)
        self.acts_before = type(self.dealing).before_action is not Dealing.before_action  # see ``Betting._act``
        # each kind of event goes to its part's handler: (the part's index in ``parts``, the handler's function), made
        # once per dealing strategy rather than ~22 bound methods per hand
        self.parts: tuple[Any, ...] = (self.posts, self.streets, self.betting, self.settlement, self.dealing)
        self.handlers = _handlers(type(self.dealing))

    def release(self) -> None:
        """Let the table go once the replay is made: its parts point back at it, and without that cycle the table and
        all it holds are freed at once rather than left to the cyclic garbage collector."""
        del self.turns, self.posts, self.settlement, self.streets, self.betting, self.dealing, self.parts

    # ------------------------------------------------------------------ events
    def apply(self, event: Event) -> None:
        to_call: Decimal | None = None
        kind = type(event)
        handler = self.handlers.get(kind)
        keep = self.keep_states
        if handler is not None and not (self.cancelled or self.stopped):
            # what the acting player owed is kept with the table's states (``replay(states=False)``, an audit's, keeps
            # neither); ``_BY_PLAYER``: asking a model without the field for ``player`` costs pydantic an exception
            if keep and kind in _BY_PLAYER:
                p = self.players.get(_player(event))
                if p is not None:
                    owed = self.current_bet - p.bet
                    to_call = ZERO if owed < ZERO else owed  # max(owed, ZERO), keeping owed's exponent on a tie
            index, handle = handler
            handle(self.parts[index], event)
        street = self.street or _PREFLOP
        # tuple.__new__ skips the named tuple's Python-level constructor: one step is made per event
        state = self.turns.snapshot() if keep else None
        self.steps.append(_new_step(Step, (event, street, state, to_call)))

    def apply_all(self, events: Iterable[Event]) -> None:
        """``apply`` each of ``events`` in order: with no states kept (an audit's replay), the same steps from one loop
        whose lookups are made once."""
        if self.keep_states:
            for event in events:
                self.apply(event)
            return
        handlers, parts, append = self.handlers, self.parts, self.steps.append
        for event in events:
            handler = handlers.get(type(event))
            if handler is not None and not (self.cancelled or self.stopped):
                handler[1](parts[handler[0]], event)
            append(_new_step(Step, (event, self.street or _PREFLOP, None, None)))


_POSTS, _STREETS, _BETTING, _SETTLEMENT, _DEALING = range(5)  # the parts' indexes in ``Table.parts``
_HANDLER_NAMES: dict[type[Event], tuple[int, str]] = {
    Post: (_POSTS, "on_post"),
    ButtonDraw: (_POSTS, "on_button_draw"),
    DealHole: (_STREETS, "on_deal"),
    StreetStart: (_STREETS, "on_street"),
    Fold: (_BETTING, "on_fold"),
    Check: (_BETTING, "on_check"),
    Call: (_BETTING, "on_call"),
    Bet: (_BETTING, "on_bet"),
    Raise: (_BETTING, "on_raise"),
    Discard: (_DEALING, "discard"),
    StandPat: (_DEALING, "discard"),
    UncalledBet: (_SETTLEMENT, "on_uncalled"),
    Show: (_SETTLEMENT, "on_show"),
    Muck: (_SETTLEMENT, "on_muck"),
    Collect: (_SETTLEMENT, "on_collect"),
    CashOut: (_SETTLEMENT, "on_cash_out"),
    PotDrop: (_SETTLEMENT, "on_pot_drop"),
    SidePayment: (_SETTLEMENT, "on_side_payment"),
    HandCancelled: (_SETTLEMENT, "on_cancelled"),
    Burn: (_STREETS, "on_burn"),
    Redeal: (_STREETS, "on_redeal"),
    CardReplaced: (_STREETS, "on_card_replaced"),
}
"""Which part handles each kind of event, and by which method."""
Handlers = dict[type[Event], tuple[int, Callable[[Any, Any], None]]]
_BY_DEALING: dict[type[Dealing], Handlers] = {}


def _handlers(dealing: type[Dealing]) -> Handlers:
    """The handlers of a table dealt by ``dealing`` (each takes its part, then the one event type it is registered
    for: ``Any``, a dict cannot say so per key), made once per strategy."""
    found = _BY_DEALING.get(dealing)
    if found is None:
        classes = (ForcedPosts, Streets, Betting, Settlement, dealing)
        found = {kind: (index, getattr(classes[index], name)) for kind, (index, name) in _HANDLER_NAMES.items()}
        _BY_DEALING[dealing] = found
    return found


_BY_PLAYER: frozenset[type] = frozenset(
    kind for kind in (
        Post, ButtonDraw, DealHole, StreetStart, Fold, Check, Call, Bet, Raise, Discard, StandPat, UncalledBet, Show,
        Muck, Collect, CashOut, PotDrop, SidePayment, HandCancelled, Burn, Redeal, CardReplaced,
    )
    if "player" in getattr(kind, "model_fields", {})
)
"""The handled events that name a player: their ``to_call`` is recorded."""
_new_step = tuple.__new__
_player: Callable[[Event], str] = attrgetter("player")  # one C call: the event's player (``_BY_PLAYER`` has one)
_PREFLOP = Street.PREFLOP  # an enum member read from its class costs EnumType.__getattr__'s hook (Python 3.11)

