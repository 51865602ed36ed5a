"""The table: a state machine that replays a hand's events under the rules and records every violation.

One mutable ``Table`` per replay. Each event goes through ``apply``, which first checks the event against the
rules (whose turn it is, what the player owes, what the betting structure allows, which cards are still in
the deck) and then applies it *as the log says*: the engine never repairs a log, it reports and continues
where it safely can, so that one error does not hide the next.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from handlog.engine.betting import Betting
from handlog.engine.state import ZERO, PlayerState
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


class Table(Betting):
    """The replay state of one hand: ``apply`` each event in order (``replay`` then settles the hand).

    The layers it stacks, one job each: ``state`` (seats, cards seen, money put in), ``turns`` (turn order),
    ``posts`` (forced bets), ``settlement`` (uncalled bets, showdown, collects), ``streets`` (deal, board, draws)
    and ``betting`` (actions).
    """

    # ------------------------------------------------------------------ events
    def apply(self, event: Event) -> None:
        to_call: Decimal | None = None
        kind = type(event)
        handler = _HANDLERS.get(kind)
        if handler is not None and not (self.cancelled or self.stopped):
            if kind in _BY_PLAYER:  # (asking a model without the field for ``player`` costs pydantic an exception)
                name: str = event.player  # type: ignore[union-attr,assignment]
                p = self.players.get(name)
                if p is not None:
                    owed = self.current_bet - p.bet
                    to_call = ZERO if owed < ZERO else owed  # max(owed, ZERO), keeping owed's exponent on a tie
            handler(self, event)
        street = self.street or Street.PREFLOP
        # tuple.__new__ skips the named tuple's Python-level constructor: one step is made per event
        self.steps.append(_new_step(Step, (event, street, self.snapshot() if self.keep_states else None, to_call)))



_HANDLERS: dict[type, Callable[[Table, object], None]] = {
    Post: Table.on_post,  # type: ignore[dict-item]
    ButtonDraw: Table.on_button_draw,  # type: ignore[dict-item]
    DealHole: Table.on_deal,  # type: ignore[dict-item]
    StreetStart: Table.on_street,  # type: ignore[dict-item]
    Fold: Table.on_fold,  # type: ignore[dict-item]
    Check: Table.on_check,  # type: ignore[dict-item]
    Call: Table.on_call,  # type: ignore[dict-item]
    Bet: Table.on_bet,  # type: ignore[dict-item]
    Raise: Table.on_raise,  # type: ignore[dict-item]
    Discard: Table.on_discard,  # type: ignore[dict-item]
    StandPat: Table.on_discard,  # type: ignore[dict-item]
    UncalledBet: Table.on_uncalled,  # type: ignore[dict-item]
    Show: Table.on_show,  # type: ignore[dict-item]
    Muck: Table.on_muck,  # type: ignore[dict-item]
    Collect: Table.on_collect,  # type: ignore[dict-item]
    CashOut: Table.on_cash_out,  # type: ignore[dict-item]
    PotDrop: Table.on_pot_drop,  # type: ignore[dict-item]
    SidePayment: Table.on_side_payment,  # type: ignore[dict-item]
    HandCancelled: Table.on_cancelled,  # type: ignore[dict-item]
    Burn: Table.on_burn,  # type: ignore[dict-item]
    Redeal: Table.on_redeal,  # type: ignore[dict-item]
    CardReplaced: Table.on_card_replaced,  # type: ignore[dict-item]
}

_BY_PLAYER: frozenset[type] = frozenset(kind for kind in _HANDLERS if "player" in getattr(kind, "model_fields", {}))
"""The handled events that name a player: their ``to_call`` is recorded."""
_new_step = tuple.__new__
