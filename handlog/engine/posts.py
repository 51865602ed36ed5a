"""Forced bets on the table: blinds, antes, straddles and dead money as they enter the pot, and the draw for the
button (amounts and seats are judged by ``forced``)."""

from __future__ import annotations

from handlog.engine.state import ZERO, PlayerState
from handlog.engine.turns import TurnOrder
from handlog.engine.variants import high_card_by_suit_button
from handlog.engine.violations import Category
from handlog.events import Bet, ButtonDraw, Call, Check, Fold, Post, PostType, Raise, Structure


class ForcedPosts(TurnOrder):
    """The posts before the deal, and the button's draw."""

    def on_post(self, e: Post) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        p.in_hand = True
        if self.street is not None and e.post != PostType.BRING_IN:
            self.violate(
                "post-after-deal", Category.STRUCTURE, e.line,
                f"{p.name} posts a {e.post.value.replace('_', ' ')} after the cards were dealt", warning=True,
            )
        if e.post in (PostType.ANTE, PostType.DEAD_BLIND):  # dead money: into the pot, not the player's bet
            self._put(p, e.amount, e.line, to_bet=False)
            if e.post == PostType.ANTE:
                p.ante += e.amount
            if e.post == PostType.DEAD_BLIND:
                p.dead += e.amount
        elif e.post == PostType.BOTH_BLINDS:
            dead = min(self.hand.stakes.small, e.amount) if self.hand.structure != Structure.FIXED_LIMIT else ZERO
            if dead == ZERO or e.amount - dead <= 0:
                dead = e.amount - self.big_blind if e.amount > self.big_blind else ZERO
            self._put(p, dead, e.line, to_bet=False)
            p.dead += dead
            self._put(p, e.amount - dead, e.line)
        else:
            if e.post == PostType.SMALL_BLIND and self.small_blind_posted and not self.rules.second_small_blind_live:
                # a second small blind (a returning player) is dead money, not a live bet (``RulesProfile``)
                self._put(p, e.amount, e.line, to_bet=False)
                p.dead += e.amount
            else:
                self._put(p, e.amount, e.line)
            if e.post == PostType.SMALL_BLIND:
                self.small_blind_posted = True
            self._blind_anchor(p, e.post)
            if e.post in (PostType.BIG_BLIND, PostType.STRADDLE, PostType.BUTTON_BLIND):
                if e.post == PostType.BIG_BLIND:
                    self.big_blind_player = self.big_blind_player or p.name
                    self.bb_level = max(self.bb_level, self.big_blind if e.all_in else p.bet)
                self.full_level = max(self.full_level, self.big_blind if e.all_in else p.bet)
                if p.bet > self.current_bet:
                    self.last_raise = max(self.last_raise, p.bet - self.current_bet, self.big_blind)
                    if e.post == PostType.STRADDLE:  # a straddle is a blind raise: the next raise doubles it
                        self.last_raise = max(self.last_raise, p.bet)
                    self.current_bet = p.bet
                    self.raises = 1
        if e.post == PostType.BRING_IN:
            self._bring_in(p, e)
        self._check_all_in_flag(p, e.all_in, e.line)
        self._check_blind_amount(p, e)

    def _blind_anchor(self, p: PlayerState, post: PostType) -> None:
        """The seat after which the first to act sits: the big blind's, or the last straddle's or button blind's. An
        unseated blind sits just after the seated blind posted before it, so that seat stands for it."""
        if p.name in self.unseated:
            if post in (PostType.BIG_BLIND, PostType.STRADDLE) and self.blind_anchor is None:
                self.blind_anchor = self.last_blind_seat
            return
        self.last_blind_seat = p.seat
        if post in (PostType.STRADDLE, PostType.BUTTON_BLIND) or (
            post == PostType.BIG_BLIND and self.blind_anchor is None
        ):
            self.blind_anchor = p.seat

    def _bring_in(self, p: PlayerState, e: Post) -> None:
        """Stud's bring-in: a forced bet by the lowest up card (Razz: the highest), suits breaking ties
        (``engine.stud``); the action goes on from the player to its left, and the bring-in is no full bet, so the
        next raise completes it to the small bet."""
        stud = self.variant.stud
        if stud is None:
            self.violate("bring-in-not-in-game", Category.STRUCTURE, e.line, f"{self.variant.name} has no bring-in")
            return
        due = self.bring_in_due()
        if due is not None and p.up:
            suits = self.rules.bring_in_suits
            if due is not p:
                which = "highest" if stud.aces_low else "lowest"
                self.violate(
                    "bring-in-player", Category.LEGALITY, e.line,
                    f"the {which} up card brings in: {due.name}'s {due.up[0]} (suits {suits} from low to high);"
                    f" {p.name} brings in with {p.up[0]}",
                )
        if e.amount >= self.small_bet and not e.all_in:
            self.violate(
                "bring-in-amount", Category.LEGALITY, e.line,
                f"a bring-in is less than the small bet of {self.small_bet} (a full bet is a completion);"
                f" {p.name} brings in for {e.amount}",
            )
        self.round_anchor = p.seat
        self.last_actor = p.name
        p.acted_at = p.bet
        self.current_bet = max(self.current_bet, p.bet)
        self.last_raise = self.small_bet

    def _check_blind_amount(self, p: PlayerState, e: Post) -> None:
        """Blinds, antes, the button blind and straddles at their amounts and seats (see ``forced``)."""
        dealt = [q.seat for q in self._seated if q.in_hand]
        problem = self.forced.check(e, p.seat, dealt)
        if problem is not None and p.name in self.unseated and problem.code.endswith("-position"):
            return  # an unseated player's seat is not known: only the amount is checked
        if problem is not None:
            self.violate(problem.code, problem.category, e.line, problem.message)

    def on_button_draw(self, e: ButtonDraw) -> None:
        """five-card-draw-rules-de.txt, "1. Auslosung des ersten Dealer-Button Inhabers": each player gets one open
        card and the highest card by suit takes the first button (the cards then go back into the deck, so they
        are not seen cards of the deal). ``check_button_draw`` judges the draw once the cards are dealt."""
        p = self._player(e.player, e.line)
        if p is None:
            return
        taken = next((d for d in self.button_draw.values() if d.card == e.card), None)
        if taken is not None:
            self.violate(
                "duplicate-card", Category.CARDS, e.line,
                f"{e.card} (drawn for the button by {p.name}) was already drawn by {taken.player} on line"
                f" {taken.line}",
            )
        elif p.seat in self.button_draw:
            self.violate("draws-twice", Category.LEGALITY, e.line, f"{p.name} draws twice for the button")
        else:
            self.button_draw[p.seat] = e

    def check_button_draw(self) -> None:
        """The button is the seat that drew the highest card by suit."""
        if not self.button_draw or self.button is None:
            return
        cards = {seat: d.card for seat, d in self.button_draw.items()}
        try:
            winner = high_card_by_suit_button(cards)
        except ValueError as exc:
            line = min(d.line for d in self.button_draw.values())
            self.violate("button-draw", Category.LEGALITY, line, f"the draw for the button is unreadable: {exc}")
            return
        if winner != self.button:
            best = self.button_draw[winner]
            self.violate(
                "button-draw", Category.LEGALITY, best.line,
                f"{best.player} (seat {winner}) drew the highest card by suit, {best.card}, and takes the button;"
                f" the log puts the button on seat {self.button}",
            )

    def _acts_unseated_later(self) -> bool:
        """A name no seat line gives acts in this hand (a log renamed in part: its ``unknown-player`` comes later):
        who was dealt in is then not known, and neither is whether the hand was heads-up."""
        players, acts = self.players, (Fold, Check, Call, Bet, Raise, Post)
        return any(isinstance(e, acts) and e.player not in players for e in self.hand.events)

    def _button_posts_big_blind(self) -> bool:
        """The button's player posts the big blind (heads-up: the blinds of the two players left of the dealer)."""
        return any(
            isinstance(step.event, Post) and step.event.post == PostType.BIG_BLIND and step.event.player in self.players
            and self.players[step.event.player].seat == self.button
            for step in self.steps
        )

    def _check_heads_up_blinds(self, line: int) -> None:
        """Heads-up, the button posts the small blind. A dead button (on a seat with nobody dealt in: an empty
        seat, a player sitting out) has no one to post: the blinds follow it as at any table (Merge 2012, hand
        56166187-14: the button on a player not dealt in, the two players left of it post the blinds)."""
        dealt = [p for p in self._seated if p.in_hand]
        if len(dealt) != 2 or self.button is None or self.unseated:  # an unseated player may be in the hand too
            return
        if all(p.seat != self.button for p in dealt):
            return
        if self._acts_unseated_later():  # so may one who first acts after the blinds
            return
        for step in self.steps:
            e = step.event
            if isinstance(e, Post) and e.post == PostType.SMALL_BLIND and e.player in self.players:
                seat = self.players[e.player].seat
                if seat != self.button and not (
                    self.rules.heads_up_button_may_post_big_blind and self._button_posts_big_blind()
                ):
                    self.violate(
                        "blind-position", Category.LEGALITY, e.line,
                        f"heads-up the button (seat {self.button}) posts the small blind; {e.player} in seat"
                        f" {seat} does",
                    )
                return
