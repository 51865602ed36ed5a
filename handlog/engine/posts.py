"""Forced bets on the table: blinds, antes, straddles and dead money as they enter the pot, and the draw for the
button (amounts and seats are judged by ``forced``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from handlog.engine.state import ZERO, PlayerState
from handlog.engine.variants import high_card_by_suit_button
from handlog.events import Bet, ButtonDraw, Call, Check, Fold, Post, PostType, Raise

if TYPE_CHECKING:
    from handlog.engine.table import Table


# read once: an enum member read from its class goes through EnumType.__getattr__'s hook (Python 3.11)
_SMALL_BLIND, _BIG_BLIND, _BOTH_BLINDS = PostType.SMALL_BLIND, PostType.BIG_BLIND, PostType.BOTH_BLINDS
_ANTE = PostType.ANTE
_STRADDLE, _BUTTON_BLIND, _BRING_IN, _DEAD_BLIND = (
    PostType.STRADDLE, PostType.BUTTON_BLIND, PostType.BRING_IN, PostType.DEAD_BLIND
)


class ForcedPosts:
    """The posts before the deal, and the button's draw."""

    __slots__ = ("t",)  # one per hand: no instance dict to make

    def __init__(self, t: Table) -> None:
        self.t = t  # the table whose state this part reads and changes

    def on_post(self, e: Post) -> None:
        t = self.t
        line, amount, post, all_in = e.line, e.amount, e.post, e.all_in  # each field read once (pydantic's hook)
        name = e.player
        p = t.player(name, line)
        if p is None:
            return
        p.in_hand = True
        if t.street is not None and post != _BRING_IN:
            t.violate(
                "post-after-deal", line,
                f"{p.name} posts a {post.value.replace('_', ' ')} after the cards were dealt",
            )
        if post in (_ANTE, _DEAD_BLIND):  # dead money: into the pot, not the player's bet
            t.put(p, amount, line, to_bet=False)
            if post == _ANTE:
                p.ante += amount
            else:
                p.dead += amount
        elif post == _BOTH_BLINDS:
            dead = min(t.hand.stakes.small, amount) if not t.fixed_limit else ZERO
            if dead == ZERO or amount - dead <= 0:
                dead = amount - t.big_blind if amount > t.big_blind else ZERO
            t.put(p, dead, line, to_bet=False)
            p.dead += dead
            t.put(p, amount - dead, line)
        else:
            if post == _SMALL_BLIND and t.small_blind_posted and not t.rules.second_small_blind_live:
                # a second small blind (a returning player) is dead money, not a live bet (``RulesProfile``)
                t.put(p, amount, line, to_bet=False)
                p.dead += amount
            else:
                t.put(p, amount, line)
            if post == _SMALL_BLIND:
                t.small_blind_posted = True
            self._blind_anchor(p, post)
            if post in (_BIG_BLIND, _STRADDLE, _BUTTON_BLIND):
                if post == _BIG_BLIND:
                    t.big_blind_player = t.big_blind_player or p.name
                    t.bb_level = max(t.bb_level, t.big_blind if all_in else p.bet)
                t.full_level = max(t.full_level, t.big_blind if all_in else p.bet)
                if p.bet > t.current_bet:
                    t.last_raise = max(t.last_raise, p.bet - t.current_bet, t.big_blind)
                    if post == _STRADDLE:  # a straddle is a blind raise: the next raise doubles it
                        t.last_raise = max(t.last_raise, p.bet)
                    t.current_bet = p.bet
                    t.raises = 1
        if post == _BRING_IN:
            t.dealing.bring_in(p, e)
        t.check_all_in_flag(p, all_in, line)
        # blinds, antes, the button blind and straddles at their amounts and seats (``forced``); the seats dealt in:
        # only a straddle's seat is judged by them
        problem = t.forced.check(e, p.seat, [q.seat for q in t.seated if q.in_hand] if post == _STRADDLE else [])
        # an unseated player's seat is not known: only the amount is checked
        if problem is not None and not (name in t.unseated and problem.code.endswith("-position")):
            t.violate(problem.code, line, problem.message)

    def _blind_anchor(self, p: PlayerState, post: PostType) -> None:
        """The seat after which the first to act sits: the big blind's, or the last straddle's or button blind's. An
        unseated blind sits just after the seated blind posted before it, so that seat stands for it."""
        if p.name in self.t.unseated:
            if post in (_BIG_BLIND, _STRADDLE) and self.t.blind_anchor is None:
                self.t.blind_anchor = self.t.last_blind_seat
            return
        self.t.last_blind_seat = p.seat
        if post in (_STRADDLE, _BUTTON_BLIND) or (post == _BIG_BLIND and self.t.blind_anchor is None):
            self.t.blind_anchor = p.seat

    def on_button_draw(self, e: ButtonDraw) -> None:
        """five-card-draw-rules-de.txt, "1. Auslosung des ersten Dealer-Button Inhabers": each player gets one open
        card and the highest card by suit takes the first button (the cards then go back into the deck, so they
        are not seen cards of the deal). ``check_button_draw`` judges the draw once the cards are dealt."""
        p = self.t.player(e.player, e.line)
        if p is None:
            return
        taken = next((d for d in self.t.button_draw.values() if d.card == e.card), None)
        if taken is not None:
            self.t.violate(
                "duplicate-card", e.line,
                f"{e.card} (drawn for the button by {p.name}) was already drawn by {taken.player} on line"
                f" {taken.line}",
            )
        elif p.seat in self.t.button_draw:
            self.t.violate("draws-twice", e.line, f"{p.name} draws twice for the button")
        else:
            self.t.button_draw[p.seat] = e

    def check_button_draw(self) -> None:
        """The button is the seat that drew the highest card by suit."""
        if not self.t.button_draw or self.t.button is None:
            return
        cards = {seat: d.card for seat, d in self.t.button_draw.items()}
        try:
            winner = high_card_by_suit_button(cards)
        except ValueError as exc:
            line = min(d.line for d in self.t.button_draw.values())
            self.t.violate("button-draw", line, f"the draw for the button is unreadable: {exc}")
            return
        if winner != self.t.button:
            best = self.t.button_draw[winner]
            self.t.violate(
                "button-draw", best.line,
                f"{best.player} (seat {winner}) drew the highest card by suit, {best.card}, and takes the button;"
                f" the log puts the button on seat {self.t.button}",
            )

    def _acts_unseated_later(self) -> bool:
        """A name no seat line gives acts in this hand (a log renamed in part: its ``unknown-player`` comes later):
        who was dealt in is then not known, and neither is whether the hand was heads-up."""
        players, acts = self.t.players, (Fold, Check, Call, Bet, Raise, Post)
        return any(isinstance(e, acts) and e.player not in players for e in self.t.hand.events)

    def _button_posts_big_blind(self) -> bool:
        """The button's player posts the big blind (heads-up: the blinds of the two players left of the dealer)."""
        players = self.t.players
        return any(
            isinstance(e := step.event, Post) and e.post == PostType.BIG_BLIND and e.player in players
            and players[e.player].seat == self.t.button
            for step in self.t.steps
        )

    def check_heads_up_blinds(self, line: int) -> None:
        """Heads-up, the button posts the small blind. A dead button (on a seat with nobody dealt in: an empty
        seat, a player sitting out) has no one to post: the blinds follow it as at any table (Merge 2012, hand
        56166187-14: the button on a player not dealt in, the two players left of it post the blinds)."""
        dealt = [p for p in self.t.seated if p.in_hand]
        if len(dealt) != 2 or self.t.button is None or self.t.unseated:  # an unseated player may be in the hand too
            return
        if all(p.seat != self.t.button for p in dealt):
            return
        if self._acts_unseated_later():  # so may one who first acts after the blinds
            return
        for step in self.t.steps:
            e = step.event
            if isinstance(e, Post) and e.post == PostType.SMALL_BLIND and e.player in self.t.players:
                seat = self.t.players[e.player].seat
                if seat != self.t.button and not (
                    self.t.rules.heads_up_button_may_post_big_blind and self._button_posts_big_blind()
                ):
                    self.t.violate(
                        "blind-position", e.line,
                        f"heads-up the button (seat {self.t.button}) posts the small blind; {e.player} in seat"
                        f" {seat} does",
                    )
                return
