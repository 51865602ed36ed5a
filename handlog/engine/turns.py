"""Turn order: whose turn it is, what a player must match, when a betting round or a draw is complete."""

from __future__ import annotations

from decimal import Decimal
from operator import attrgetter

from handlog.engine.state import ZERO, PlayerState, TableState
from handlog.engine.structures import RoundFacts
from handlog.engine.stud import bring_in_order, showing_strength
from handlog.engine.views import Snapshot
from handlog.engine.violations import Category
from handlog.events import Street

_SEAT_VALUES = attrgetter("stack", "bet", "committed", "folded", "all_in", "in_hand")


class TurnOrder(TableState):
    """Who acts next in a betting round or a draw, and when the round is over."""

    def snapshot(self) -> Snapshot:
        """The table now, compactly (see ``Step``)."""
        values = tuple(map(_SEAT_VALUES, self._seated))
        if len(self._board_t) != len(self.board):
            self._board_t = tuple(self.board)
        return (
            self.street or Street.PREFLOP,
            self._board_t,
            self._seat_names,
            values,
            self.next_to_act() if self.round_open else None,
            self.current_bet,
            self.raises,
        )

    def _after(self, seat: int | None) -> list[PlayerState]:
        """Players in seat order starting after ``seat`` (the whole table when None)."""
        ps = self._seated
        if seat is None:
            return ps
        rotated = self._rotations.get(seat)
        if rotated is None:  # the seats never change during a hand: each rotation is made once (callers only read it)
            rotated = ps
            for i, p in enumerate(ps):
                if p.seat > seat:
                    rotated = ps[i:] + ps[:i]
                    break
            self._rotations[seat] = rotated
        return rotated

    def level(self, p: PlayerState | None = None) -> Decimal:
        """The bet ``p`` must match: the highest bet, or preflop the full big blind when the big blind is all-in
        for less, as long as someone else can still act (otherwise only what can be called counts)."""
        level = self.current_bet
        short_blind = self.street in (None, Street.PREFLOP) and self.bb_level > level
        if short_blind and (p is None or any(q.active and q is not p for q in self.players.values())):
            level = self.bb_level
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
        if not self.round_open:
            return None
        start = self.players[self.last_actor].seat if self.last_actor is not None else self.round_anchor
        level = self.current_bet
        if self.bb_level > level and self.street in (None, Street.PREFLOP):  # a short big blind: ``level`` per player
            for p in self._after(start):
                if self.needs_action(p):
                    return p.name
            return None
        for p in self._after(start):  # ``needs_action`` inlined
            if p.in_hand and not p.folded and not p.all_in and (
                p.acted_at is None or (p.bet < level and p.acted_at < level)
            ):
                return p.name
        return next((p.name for p in self._unseated_states if self.needs_action(p)), None)

    def round_complete(self) -> bool:
        """No one still owes an action (a lone active player facing no bet has nothing to do)."""
        live = 0
        active: list[PlayerState] = []
        for p in self._seated if not self._unseated_states else [*self._seated, *self._unseated_states]:
            if p.in_hand and not p.folded:
                live += 1
                if not p.all_in:
                    active.append(p)
        if live <= 1 or not active:
            return True
        if len(active) == 1 and active[0].bet >= self.current_bet:
            return True
        level = self.current_bet
        if self.bb_level > level and self.street in (None, Street.PREFLOP):  # a short big blind: ``level`` per player
            return not any(self.needs_action(p) for p in active)
        # ``needs_action`` inlined: every one of them is active and owes the same level
        return all(p.acted_at is not None and (p.bet >= level or p.acted_at >= level) for p in active)

    def live_players(self) -> list[PlayerState]:
        return [p for p in self.players.values() if p.live]

    def _close_round(self, line: int, what: str) -> None:
        """The betting round ends here; anyone who still had to act is a violation."""
        if self.round_open and not self.round_complete():
            waiting = self.next_to_act()
            self.violate(
                "round-incomplete", Category.LEGALITY, line,
                f"{what} comes before the betting round is complete ({waiting} still has to act)",
            )
        self.round_open = False

    def _draw_pending(self) -> bool:
        """The betting round just played is followed by a draw (never after the showdown has begun)."""
        return bool(self.variant.draw_before) and self.street in self.variant.rounds and (
            self.variant.next_round(self.street) in self.variant.draw_before
        ) and len(self.live_players()) > 1

    def _enter_draw(self, line: int) -> None:
        if self.deck_used == 0:
            dealt = sum(1 for p in self.players.values() if p.in_hand)
            self.deck_used = dealt * self.variant.hole_cards + len(self.board)
        self.in_draw = True
        self.last_actor = None
        self.round_anchor = self.button
        for p in self.players.values():
            p.drew = False

    def _next_drawer(self) -> str | None:
        last = self.players[self.last_actor].seat if self.last_actor else self.button
        for p in self._after(last):
            if p.live and not p.drew:
                return p.name
        return None

    def street_anchor(self) -> int | None:
        """The seat after which a later round's first actor sits: the button; in stud the seat just before the best
        showing hand (``engine.stud``), so that an all-in best hand passes the action to its left."""
        if self.variant.stud is None:
            return self.button
        shower = self.best_showing()
        return None if shower is None else shower.seat - 1

    def best_showing(self) -> PlayerState | None:
        """Stud: the live player whose up cards show best (Razz: lowest); ties to the lowest seat."""
        stud = self.variant.stud
        showing = [p for p in self._seated if p.live and p.up]
        if stud is None or not showing or self._up_cards_unseen():
            return None
        return max(showing, key=lambda p: (showing_strength(p.up, stud.aces_low), -p.seat))

    def _up_cards_unseen(self) -> bool:
        """A live player whose up cards the log does not show (PartyPoker shows only the hero's): the best or the
        lowest showing hand cannot be judged, so whoever acts first opens the round (``betting._act``)."""
        return any(p.live and not p.up for p in self._seated)

    def bring_in_due(self) -> PlayerState | None:
        """Stud, third street: who brings in (or completes), by the lowest up card (Razz: the highest), suits
        breaking ties; a player all-in for the ante has nothing left to bring in with."""
        stud = self.variant.stud
        showing = [p for p in self._seated if p.live and p.up]
        if stud is None or not showing or self._up_cards_unseen():
            return None
        suits = self.rules.bring_in_suits
        low = min(showing, key=lambda p: bring_in_order(p.up[0], stud.aces_low, suits))
        if low.active:
            return low
        # all-in for the ante: the bring-in passes to the next player on the left (PokerStars: a 2023 HORSE hand
        # of the corpus, 7-StudHL-USD-0.98-0.12-202302.allin.ante.txt, brings in left of the all-in 2s)
        return next((p for p in self._after(low.seat) if p.active and p.up), None)

    def bet_unit(self, street: Street) -> Decimal:
        """Fixed limit: the small or the big bet on ``street`` (stud: the big bet once made over an open pair on
        the variant's ``open_pair_street``)."""
        return self.big_bet if self.variant.uses_big_bet(street) or self.fourth_big else self.small_bet

    def open_pair_showing(self) -> bool:
        """Stud, fourth street (Five Card Stud: third): a live player shows a pair, which lets the big bet be made
        (where the rules say).
        A log that does not show a live player's up cards (old Everleaf stud logs deal them unseen) cannot rule the
        pair out: the big bet is then not held against it (no false alarm)."""
        stud = self.variant.stud
        return stud is not None and self.street == stud.open_pair_street and self.rules.stud_open_pair_big_bet \
            and any(p.live and (len(p.up) < 2 or len({c[0] for c in p.up}) < len(p.up)) for p in self._seated)

    def facts(self, p: PlayerState) -> RoundFacts:
        street = self.street or Street.PREFLOP
        unit = self.bet_unit(street)
        return RoundFacts(
            street=street,
            big_blind=self.big_blind,
            bet_unit=unit,
            current_bet=self.level(p),
            last_raise=self.last_raise,
            pot=sum((q.committed for q in self.players.values()), self.dropped),
            to_call=max(self.level(p) - p.bet, ZERO),
            raises=self.raises,
            heads_up=sum(1 for q in self.players.values() if q.live) == 2,
            full_level=self.full_level,
        )
