"""Streets: the deal, the board streets, the showdown's header and the start of each betting round (what depends on
the kind of game is asked of ``dealing``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from handlog.engine.state import ZERO
from handlog.events import (
    Burn,
    CardReplaced,
    DealHole,
    Redeal,
    Street,
    StreetStart,
)

if TYPE_CHECKING:
    from handlog.engine.table import Table


# read once: an enum member read from its class goes through EnumType.__getattr__'s hook (Python 3.11)
_PREFLOP, _SHOWDOWN, _DRAWS = Street.PREFLOP, Street.SHOWDOWN, (Street.DRAW_1, Street.DRAW_2, Street.DRAW_3)
_THE = {street: f"the {street.value}" for street in Street}
"""What the messages call each street ("the flop"), made once: ``.value`` is a Python-level property."""


class Streets:
    """The deal, the board streets (and later runs), and the start of each betting round."""

    __slots__ = ("t",)  # one per hand: no instance dict to make

    def __init__(self, t: Table) -> None:
        self.t = t  # the table whose state this part reads and changes

    def on_deal(self, e: DealHole) -> None:
        p = self.t.player(e.player, e.line)
        if p is None:
            return
        self.t.dealing.deal(p, e)

    # the dealer log of a live table (checks.dealer judges the procedure; the cards are followed here)
    def on_burn(self, e: Burn) -> None:
        """A burned card is out of this deal: it may not appear again."""
        if e.card is not None:
            self.t.see((e.card,), e.line, "burned")

    def on_redeal(self, e: Redeal) -> None:
        """A new deal after a misdeal: the cards are shuffled again, the hole cards dealt before are void."""
        for p in self.t.players.values():
            p.hole = []
        self.t.seen.clear()

    def on_card_replaced(self, e: CardReplaced) -> None:
        """An exposed hole card taken back and replaced by the top card: the player holds the new card, the exposed
        one goes back to the dealer (to be burned)."""
        p = self.t.player(e.player, e.line)
        if p is None:
            return
        if e.card in p.hole:
            p.hole = [c for c in p.hole if c != e.card] + ([e.new] if e.new is not None else [])
        self.t.seen.pop(e.card, None)
        if e.new is not None:
            self.t.see((e.new,), e.line, f"dealt to {p.name} in place of {e.card}")

    def on_street(self, e: StreetStart) -> None:
        street = e.street
        if street == _PREFLOP:
            if e.cards or _PREFLOP in self.t.variant.board:
                self._preflop_board(e)
            if self.t.street != _PREFLOP:
                self.start_round(_PREFLOP, e.line)
            return
        if street == _SHOWDOWN:
            self.t.turns.close_round(e.line, "the showdown")
            self.t.street = _SHOWDOWN
            self.t.round_open = False
            return
        if street in _DRAWS:
            self.t.turns.close_round(e.line, "the draw")
            self.t.turns.enter_draw(e.line)
            return
        t = self.t
        if t.dealing.street(e):
            return
        line, cards = e.line, e.cards  # each field read once (a pydantic model's attribute costs a hook)
        if street not in t.variant.board:
            t.violate(
                "street-not-in-game", line,
                f"{t.variant.name} has no {street.value}",
            )
            return
        # a board street
        if t.street is None:
            t.stop(
                "street-order", line,
                f"the {street.value} comes before the deal: no betting round has begun, so the betting after it"
                " belongs to no round the replay can follow",
            )
            return
        expected_count = t.variant.board[street]
        if len(cards) != expected_count:
            t.violate(
                "board-count", line,
                f"the {street.value} adds {expected_count} board card(s); the log deals {len(cards)}",
            )
        run = e.run
        if run is not None and run >= 2:
            t.dealing.later_board(e)
            self._second_run_street(e)
            return
        t.dealing.first_board(e)
        self.next_street(e)
        board = e.board
        if board and list(board) != t.board and not self._miscounted(board, t.board):
            t.violate(
                "board-mismatch", line,
                f"the board is {' '.join(t.board) or 'empty'} but the log prints {' '.join(board)}",
            )
        t.see(cards, line, _THE[street])
        t.board.extend(cards)
        self.start_round(street, line)

    def next_street(self, e: StreetStart) -> None:
        """A later street begins: the round before it ends, and the street must be the next one of the game, dealt
        while at least two players are left (Irish: after every player left has discarded)."""
        t = self.t
        street, line = e.street, e.line  # each field read once (a pydantic model's attribute costs a hook)
        if t.in_draw:
            waiting = t.turns.next_drawer()
            if waiting is not None:
                t.violate(
                    "round-incomplete", line,
                    f"the {street.value} comes before the discard is complete ({waiting} still has to discard)",
                )
        t.turns.close_round(line, _THE[street])
        expected = t.variant.next_round(t.street) if t.street in t.variant.rounds else None
        if t.street is None or expected != street:
            t.violate(
                "street-order", line,
                f"the {street.value} comes after {t.street.value if t.street else 'the deal'};"
                f" expected {expected.value if expected else 'no further street'}",
            )
        if len(t.turns.live_players()) <= 1:
            t.violate(
                "street-after-hand-over", line,
                f"the {street.value} is dealt although only one player is left in the hand",
            )

    def _preflop_board(self, e: StreetStart) -> None:
        """Courchevel: the first flop card is dealt face up before the first betting round ("*** PRE-FLOP ***
        [8s]"); a game without it deals no board card there."""
        expected = self.t.variant.board.get(Street.PREFLOP, 0)
        if not e.cards:
            return  # the hole-cards header, before the card
        if len(e.cards) != expected or self.t.board:
            self.t.violate(
                "board-count", e.line,
                f"{self.t.variant.name} deals {expected} board card(s) before the first betting round; the log deals"
                f" {len(e.cards)}",
            )
        self.t.see(e.cards, e.line, "the first flop card")
        self.t.board.extend(e.cards)

    def _second_run_street(self, e: StreetStart) -> None:
        run = e.run or 2
        nth = {2: "second", 3: "third"}.get(run, f"run {run}'s")
        later = self.t.run_boards.get(run)
        if later is None:
            base = list(e.board) if e.board else []
            if base != self.t.board[: len(base)]:
                self.t.violate(
                    "board-mismatch", e.line,
                    f"the {nth} run starts from {' '.join(base)} but the board was {' '.join(self.t.board)}",
                )
            later = self.t.run_boards[run] = base
        elif e.board and list(e.board) != later and not self._miscounted(e.board, later):
            self.t.violate(
                "board-mismatch", e.line,
                f"the {nth} board is {' '.join(later)} but the log prints {' '.join(e.board)}",
            )
        self.t.see(e.cards, e.line, f"the {nth} {e.street.value}")
        later.extend(e.cards)

    def _miscounted(self, printed: Sequence[str], dealt: Sequence[str]) -> bool:
        """A printed board that differs from the one dealt only by the cards of a street already reported as
        dealing too many or too few (``board-count``): that one error, not a second one on every later line."""
        return (set(printed) <= set(dealt) or set(dealt) <= set(printed)) and any(
            v.code == "board-count" for v in self.t.violations
        )

    def _short_big_blind_seat(self) -> int | None:
        """With no big blind posted, the seat after which preflop's first actor sits: holdem-rules-de.txt, "Die
        Blinden" and "Zuerst Rund von Wetten": the big blind is the player left of the small blind, and the first to
        speak sits left of the big blind. A player in that seat all-in before the blinds (its last chips its ante:
        Bovada 3412778752, "Big Blind : All-in 120" among the antes) keeps the place without posting; otherwise the
        button."""
        if self.t.small_blind_posted and self.t.last_blind_seat is not None:
            after = self.t.turns.after(self.t.last_blind_seat)
            if after and after[0].in_hand and after[0].all_in:
                return after[0].seat
        return self.t.button

    def start_round(self, street: Street, line: int) -> None:
        t = self.t
        first_round = t.street is None
        if not first_round:
            t.settlement.sweep_uncalled(line)  # the bets are swept into the pot: an uncalled excess is owed back
        t.uncalled_checked = False
        t.street = street
        t.in_draw = False
        active = False  # anyone still able to act
        for p in t.players.values():
            p.acted_at = None
            if not first_round:
                p.bet = ZERO
            if not active and p.in_hand and not p.folded and not p.all_in:
                active = True
        t.last_actor = None
        t.skipped.clear()
        if first_round:
            t.posts.check_heads_up_blinds(line)
            # the blinds stay in front of the players; the first actor sits after the last live blind
            anchor = t.blind_anchor
            t.round_anchor = t.dealing.first_round_anchor(
                anchor if anchor is not None else self._short_big_blind_seat()
            )
            if t.current_bet == ZERO:
                t.last_raise = t.small_bet
        else:
            t.current_bet = ZERO
            t.raises = 0
            t.full_level = ZERO
            t.fourth_big = False
            t.last_raise = t.turns.bet_unit(street)  # (fixed limit: the street's unit; else the big blind)
            t.round_anchor = t.dealing.street_anchor()
        t.round_open = active and not t.turns.round_complete()
