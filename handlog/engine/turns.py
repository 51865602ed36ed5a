"""Turn order: whose turn it is, what a player must match, when a betting round or a draw is complete."""

from __future__ import annotations

from bisect import bisect_right
from decimal import Decimal
from operator import attrgetter
from typing import TYPE_CHECKING

from handlog.engine.state import ZERO, PlayerState
from handlog.engine.structures import RoundFacts
from handlog.engine.views import Snapshot
from handlog.events import Street

_SEAT_VALUES = attrgetter("stack", "bet", "committed", "folded", "all_in", "in_hand")
# read once: an enum member read from its class goes through EnumType.__getattr__'s hook (Python 3.11), several
# times per action
_PREFLOP = Street.PREFLOP
_BEFORE_FLOP = (None, Street.PREFLOP)

if TYPE_CHECKING:
    from handlog.engine.table import Table


class TurnOrder:
    """Who acts next in a betting round or a draw, and when the round is over."""

    __slots__ = ("_board_t", "_rotations", "_seat_names", "_seats", "t")  # one per hand: no instance dict to make

    def __init__(self, t: Table) -> None:
        self.t = t  # the table whose state this part reads and changes
        self._seat_names: tuple[tuple[int, str], ...] | None = None  # made by the first ``snapshot``
        self._rotations: dict[int, list[PlayerState]] = {}  # seat → the players in seat order after it
        self._board_t: tuple[str, ...] = ()
        self._seats: list[int] | None = None  # the seated players' seats, in order (made by the first ``after``)

    def snapshot(self) -> Snapshot:
        """The table now, compactly (see ``Step``)."""
        t = self.t
        values = tuple(map(_SEAT_VALUES, t.seated))
        if self._seat_names is None:
            self._seat_names = tuple((p.seat, p.name) for p in t.seated)
        if len(self._board_t) != len(t.board):
            self._board_t = tuple(t.board)
        return (
            t.street or _PREFLOP,
            self._board_t,
            self._seat_names,
            values,
            self.next_to_act() if t.round_open else None,
            t.current_bet,
            t.raises,
        )

    def after(self, seat: int | None) -> list[PlayerState]:
        """Players in seat order starting after ``seat`` (the whole table when None)."""
        ps = self.t.seated
        if seat is None:
            return ps
        rotated = self._rotations.get(seat)
        if rotated is None:  # the seats never change during a hand: each rotation is made once (callers only read it)
            if self._seats is None:
                self._seats = [p.seat for p in ps]  # in seat order, as ``seated`` is
            i = bisect_right(self._seats, seat)  # the first player seated after ``seat``
            rotated = ps[i:] + ps[:i] if i < len(ps) else ps
            self._rotations[seat] = rotated
        return rotated

    def level(self, p: PlayerState | None = None) -> Decimal:
        """The bet ``p`` must match: the highest bet, or preflop the full big blind when the big blind is all-in
        for less, as long as someone else can still act (otherwise only what can be called counts)."""
        t = self.t
        level = t.current_bet
        short_blind = t.bb_level > level and t.street in _BEFORE_FLOP
        if short_blind and (p is None or any(q.active and q is not p for q in t.players.values())):
            level = t.bb_level
        return level

    def needs_action(self, p: PlayerState) -> bool:
        """Still to act this round: not yet, or since a bet above the level the player last acted at. A player who
        acted at this level without matching it (a check facing the bet, a call short) was reported then
        (``check-facing-bet``, ``call-amount``) and is not waited for again: one error, one violation."""
        if not p.active:
            return False
        if p.acted_at is None:
            return True
        level = self.level(p)
        return p.bet < level and p.acted_at < level

    def next_to_act(self) -> str | None:
        """The seated player whose turn it is (``last_actor`` is always a seated player: an unseated one, whose seat
        the log does not state, sits between the seated players who act before and after, so the turn passes over
        them); when only unseated players still owe an action, the first of them."""
        t = self.t
        if not t.round_open:
            return None
        start = t.players[t.last_actor].seat if t.last_actor is not None else t.round_anchor
        level = t.current_bet
        # a short big blind: ``level`` per player
        if t.bb_level > level and t.street in _BEFORE_FLOP:
            for p in self.after(start):
                if self.needs_action(p):
                    return p.name
            return None
        rotated = self._rotations.get(start) if start is not None else None  # ``after``, its call saved once made
        for p in rotated if rotated is not None else self.after(start):  # ``needs_action`` inlined
            if p.in_hand and not p.folded and not p.all_in and (
                p.acted_at is None or (p.bet < level and p.acted_at < level)
            ):
                return p.name
        return next((p.name for p in t.unseated_players if self.needs_action(p)), None)

    def passed_over(self, expected: str | None, actor: str) -> set[str]:
        """The players an action out of turn by ``actor`` passed over: from ``expected`` (whose turn it was) up to
        ``actor``, in seat order, those who still owe an action."""
        t = self.t
        if expected is None or expected not in t.players or actor not in t.players:
            return set()
        out: set[str] = set()
        for p in [t.players[expected], *self.after(t.players[expected].seat)]:
            if p.name == actor:
                return out
            if self.needs_action(p):
                out.add(p.name)
        return set()

    def round_complete(self) -> bool:
        """No one still owes an action (a lone active player facing no bet has nothing to do)."""
        t = self.t
        level = t.current_bet
        live = 0
        active = 0
        lone: PlayerState | None = None  # the one active player, while there is only one
        owes = False  # an active player who has not acted at this level (``needs_action`` at the round's level)
        short = t.bb_level > level and t.street in _BEFORE_FLOP  # a short big blind: ``level`` per player
        for p in t.seated if not t.unseated_players else [*t.seated, *t.unseated_players]:
            if p.in_hand and not p.folded:
                live += 1
                if not p.all_in:
                    active += 1
                    lone = p
                    if not owes and (p.acted_at is None or (p.bet < level and p.acted_at < level)):
                        owes = True
                    if owes and active >= 2 and not short:
                        return False  # two can act and one of them still owes: the rest cannot change that
        if live <= 1 or not active:
            return True
        if active == 1 and lone is not None and lone.bet >= level:
            return True
        if short:
            return not any(self.needs_action(p) for p in self._active())
        return not owes

    def _active(self) -> list[PlayerState]:
        t = self.t
        return [p for p in (*t.seated, *t.unseated_players) if p.in_hand and not p.folded and not p.all_in]

    def live_players(self) -> list[PlayerState]:
        return [p for p in self.t.players.values() if p.in_hand and not p.folded]  # ``p.live``, inlined

    def close_round(self, line: int, what: str) -> None:
        """The betting round ends here; anyone who still had to act is a violation."""
        if self.t.round_open and not self.round_complete():
            waiting = self.next_to_act()
            self.t.violate(
                "round-incomplete", line,
                f"{what} comes before the betting round is complete ({waiting} still has to act)",
            )
        self.t.round_open = False

    def draw_pending(self) -> bool:
        """The betting round just played is followed by a draw (never after the showdown has begun)."""
        return bool(self.t.variant.draw_before) and self.t.street in self.t.variant.rounds and (
            self.t.variant.next_round(self.t.street) in self.t.variant.draw_before
        ) and len(self.live_players()) > 1

    def enter_draw(self, line: int) -> None:
        if self.t.deck_used == 0:
            dealt = sum(1 for p in self.t.players.values() if p.in_hand)
            self.t.deck_used = dealt * self.t.variant.hole_cards + len(self.t.board)
        self.t.in_draw = True
        self.t.last_actor = None
        self.t.round_anchor = self.t.button
        for p in self.t.players.values():
            p.drew = False

    def next_drawer(self) -> str | None:
        last = self.t.players[self.t.last_actor].seat if self.t.last_actor else self.t.button
        for p in self.after(last):
            if p.live and not p.drew:
                return p.name
        return None

    def bet_unit(self, street: Street) -> Decimal:
        """Fixed limit: the small or the big bet on ``street`` (stud: the big bet once made over an open pair on
        the variant's ``open_pair_street``)."""
        t = self.t
        if t.big_bet is t.small_bet:  # no limit and pot limit: one unit, the big blind
            return t.small_bet
        return t.big_bet if t.variant.uses_big_bet(street) or t.fourth_big else t.small_bet

    def facts(self, p: PlayerState) -> RoundFacts:
        t = self.t
        street = t.street or _PREFLOP
        level = self.level(p)
        pot = t.dropped  # one pass: what is in the middle, and how many players are left
        live = 0
        for q in t.players.values():
            pot += q.committed
            if q.in_hand and not q.folded:
                live += 1
        return RoundFacts(
            street, t.big_blind, self.bet_unit(street), level, t.last_raise, pot, max(level - p.bet, ZERO), t.raises,
            live == 2, t.full_level,
        )
