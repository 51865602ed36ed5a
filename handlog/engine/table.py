"""The table: a state machine that replays a hand's events under the rules and records every violation.

One mutable ``Table`` per replay. Each event goes through ``apply``, which first checks the event against the
rules (whose turn it is, what the player owes, what the betting structure allows, which cards are still in
the deck) and then applies it *as the log says*: the engine never repairs a log, it reports and continues
where it safely can, so that one error does not hide the next.
"""

from __future__ import annotations

from collections.abc import Callable
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

    __slots__ = ("acts_before", "betting", "handlers", "posts", "settlement", "streets", "turns")

    def __init__(self, hand: Hand, variant: Variant, rules: RulesProfile, states: bool = True) -> None:
        super().__init__(hand, variant, rules, states)
        self.turns = TurnOrder(self)
        self.posts = ForcedPosts(self)
        self.settlement = Settlement(self)
        self.streets = Streets(self)
        self.betting = Betting(self)
        self.dealing = dealing_for(self)
        self.acts_before = type(self.dealing).before_action is not Dealing.before_action  # see ``Betting._act``
        posts, settlement, streets, betting = self.posts, self.settlement, self.streets, self.betting
        dealing = self.dealing
        # each handler takes the one event type it is registered for (``Any``: a dict cannot say so per key)
        self.handlers: dict[type[Event], Callable[[Any], None]] = {
            Post: posts.on_post,
            ButtonDraw: posts.on_button_draw,
            DealHole: streets.on_deal,
            StreetStart: streets.on_street,
            Fold: betting.on_fold,
            Check: betting.on_check,
            Call: betting.on_call,
            Bet: betting.on_bet,
            Raise: betting.on_raise,
            Discard: dealing.discard,
            StandPat: dealing.discard,
            UncalledBet: settlement.on_uncalled,
            Show: settlement.on_show,
            Muck: settlement.on_muck,
            Collect: settlement.on_collect,
            CashOut: settlement.on_cash_out,
            PotDrop: settlement.on_pot_drop,
            SidePayment: settlement.on_side_payment,
            HandCancelled: settlement.on_cancelled,
            Burn: streets.on_burn,
            Redeal: streets.on_redeal,
            CardReplaced: streets.on_card_replaced,
        }

    def release(self) -> None:
        """Let the table go once the replay is made: its parts and handlers point back at it, and without that
        cycle the table and all it holds are freed at once rather than left to the cyclic garbage collector."""
        del self.turns, self.posts, self.settlement, self.streets, self.betting, self.dealing, self.handlers

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
            handler(event)
        street = self.street or _PREFLOP
        # tuple.__new__ skips the named tuple's Python-level constructor: one step is made per event
        state = self.turns.snapshot() if keep else None
        self.steps.append(_new_step(Step, (event, street, state, to_call)))


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

