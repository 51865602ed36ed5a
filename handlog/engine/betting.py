"""Betting actions: fold, check, call, bet and raise, each checked for turn, amount and the betting structure."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from handlog.engine.state import UNKNOWN_STACK, ZERO, PlayerState
from handlog.engine.structures import RoundFacts
from handlog.events import Bet, Call, Check, Fold, Post, Raise, Street, StreetStart

if TYPE_CHECKING:
    from handlog.engine.table import Table


class Betting:
    """The betting actions of a round."""

    __slots__ = ("t", "void")  # one per hand: no instance dict to make

    def __init__(self, t: Table) -> None:
        self.t = t  # the table whose state this part reads and changes
        self.void = False  # the action being read is a folded player's: it takes no turn

    def _act(self, name: str, line: int, what: str, p: PlayerState | None = None) -> PlayerState | None:
        """Common checks for a betting action: known player, still in, in turn, round open (``p``: the player, when
        the caller has looked them up already)."""
        t = self.t
        if p is None:
            p = t.player(name, line)
            if p is None:
                return None
        if not p.in_hand:  # a player sitting out who acts was dealt in after all
            p.in_hand = True
        self.void = p.folded
        if p.folded:
            # one error: the action of a player out of the hand takes no turn (the others' order is unchanged)
            t.violate("acts-after-fold", line, f"{name} {what} after folding")
            t.void_line = line
        elif p.all_in:
            # registered as a warning: a site printing a check for an all-in player changes no chips
            t.violate(
                "acts-after-all-in", line, f"{name} {what} after going all-in",
            )
        elif t.in_draw or (t.street is not None and not t.round_open and t.turns.draw_pending()):
            t.violate(
                "act-during-draw", line,
                f"{name} {what} before every player has drawn",
            )
        elif t.board_pending is not None and not t.board_pending_reported:
            # two boards (Split Hold'em): one betting round follows both boards' streets, never the first alone;
            # reported once (the actions after it are in turn, or reported by the usual order check)
            t.board_pending_reported = True
            t.violate(
                "out-of-turn", line,
                f"{name} {what} out of turn: the second board's {t.board_pending.value} is not dealt yet",
            )
        elif not t.round_open:
            t.violate(
                "no-betting-round", line,
                f"{name} {what} but no betting round is open (the round was complete or the hand is over)",
            )
        else:
            if t.acts_before:  # (a board game's dealing does nothing here: its call is skipped)
                t.dealing.before_action(p)
            expected = t.turns.next_to_act()
            if name in t.skipped:
                # passed over by an action out of turn, reported then: acting now is that error's consequence
                t.skipped.discard(name)
            elif expected != name and name not in t.unseated:  # an unseated player's turn cannot be judged
                t.violate(
                    "out-of-turn", line,
                    f"{name} {what} out of turn: it is {expected or 'nobody'}'s turn",
                )
                t.skipped |= t.turns.passed_over(expected, name)
        return p

    def _after_action(self, p: PlayerState) -> None:
        if self.void:  # a folded player's action (acts-after-fold) takes no turn
            self.void = False
            return
        t = self.t
        if t.in_draw:
            # a betting action during the draw was reported (act-during-draw); it neither takes a turn in the
            # draw nor starts the draw again, so the players who drew keep their place (one error, one violation)
            if p.folded and all(q.drew for q in t.turns.live_players()):
                t.dealing.finish_draw()  # the last player yet to draw folded: the draw is over
            return
        if p.name not in t.unseated:  # the turn passes over an unseated player (see ``next_to_act``)
            t.last_actor = p.name
        if t.turns.round_complete():
            t.round_open = False
            if t.turns.draw_pending():
                t.turns.enter_draw(0)

    def on_fold(self, e: Fold) -> None:
        name, line = e.player, e.line  # each field read once (a pydantic model's attribute costs a hook)
        p = self.t.player(name, line)
        if p is not None and p.all_in and not p.folded:
            # the site logs an automatic fold for an all-in player sitting out; an all-in player cannot fold,
            # and the site's own pots keep the player in: the fold is reported and has no effect
            self.t.violate(
                "acts-after-all-in", line,
                f"{p.name} folds after going all-in: an all-in player takes no further action (the fold is void)",
            )
            self.t.last_actor = p.name
            return
        p = self._act(name, line, "folds", p)
        if p is None:
            return
        t = self.t
        p.folded = True
        # ``turns.level``, whose call only a short big blind needs (one call less per action)
        p.acted_at = t.current_bet if t.bb_level <= t.current_bet else t.turns.level(p)
        if e.shown:
            self.t.see(tuple(c for c in e.shown if c not in p.hole), e.line, f"shown by {p.name}")
        self._after_action(p)

    def on_check(self, e: Check) -> None:
        p = self._act(e.player, e.line, "checks")
        if p is None:
            return
        t = self.t
        level = t.current_bet if t.bb_level <= t.current_bet else t.turns.level(p)  # ``turns.level``: see on_fold
        if p.bet < level:
            self.t.violate(
                "check-facing-bet", e.line,
                f"{p.name} checks but owes {level - p.bet}: a check needs nothing to call",
            )
        p.acted_at = level
        self._after_action(p)

    def on_call(self, e: Call) -> None:
        line = e.line  # each field of an event read once: a pydantic model's attribute costs its __getattr__ hook
        p = self._act(e.player, line, "calls")
        if p is None:
            return
        t = self.t
        amount, all_in = e.amount, e.all_in
        owed = (t.current_bet if t.bb_level <= t.current_bet else t.turns.level(p)) - p.bet  # see on_fold
        wrong = False
        if owed <= 0:
            t.violate(
                "call-nothing", line, f"{p.name} calls {amount} but owes nothing"
            )
        else:
            due = min(owed, t.effective_stack(p))
            if p.stack == UNKNOWN_STACK and all_in:  # all-in for less: the log's word, the stack is not stated
                due = min(owed, amount)
            # a call of what is owed by a player without the chips is one error, the stack (``exceeds-stack``)
            full_blind = (
                t.rules.call_of_the_full_big_blind and t.street == Street.PREFLOP
                and t.current_bet < t.big_blind and amount == t.big_blind - p.bet <= p.stack
            )
            wrong = amount != due and not (amount == owed and amount > p.stack) and not full_blind
            if wrong:
                reported = t.violate(
                    "call-amount", line,
                    f"{p.name} owes {owed} (and has {p.stack}); a call is {due}, the log calls {amount}",
                )
                if reported and amount > due:  # the chips past the call stay in the pot: this error's, no bet back
                    t.reported_excess.append((p.name, amount - due))
        t.put(p, amount, line)
        if not wrong:  # a call of the wrong amount is no raise: the others owe nothing more (one error)
            t.current_bet = max(t.current_bet, p.bet)  # a call of the full big blind over a short one
        p.acted_at = t.current_bet if t.bb_level <= t.current_bet else t.turns.level(p)
        t.check_all_in_flag(p, all_in, line)
        self._after_action(p)

    def _among_posts(self, line: int) -> bool:
        """Whether the wager on ``line`` sits among the forced bets: another post follows it before any street."""
        for e in self.t.hand.events:
            if e.line <= line:
                continue
            if isinstance(e, StreetStart):
                return False
            if isinstance(e, Post):
                return True
        return False

    def _before_deal(self, p: PlayerState, put: Decimal, line: int) -> None:
        """A bet or raise among the forced bets, before the cards are dealt (reported by ``_act``: no betting round
        is open). There is no round for it to open or raise, so its chips go in as the one kind of money a player
        puts in there, a forced bet: like a returning player's blinds posted at once (``PostType.BOTH_BLINDS``),
        the big blind's worth live and the rest dead, and a small blind posted after it is a second one, dead. The
        hand is then judged on from the blinds, so the one misplaced line is one violation. (A wager after the
        last post, where only the deal's line is missing, is judged as the betting it is.)"""
        live = min(put, max(ZERO, self.t.big_blind - p.bet))
        self.t.put(p, put - live, line, to_bet=False)
        p.dead += put - live
        self.t.put(p, live, line)
        self.t.small_blind_posted = True
        self.t.check_all_in_flag(p, False, line)

    def on_bet(self, e: Bet) -> None:
        line, amount = e.line, e.amount  # each field read once (a pydantic model's attribute costs a hook)
        p = self._act(e.player, line, "bets")
        if p is None:
            return
        t = self.t
        if t.street is None and not t.round_open and not t.in_draw and self._among_posts(line):
            self._before_deal(p, amount, line)
            return
        if t.current_bet > 0:
            t.violate(
                "bet-facing-bet", line,
                f"{p.name} bets but there is already a bet of {t.current_bet}: it must be a call or a raise",
            )
        if amount == t.big_bet != t.small_bet and t.dealing.open_pair_showing():
            t.fourth_big = True
        all_in = e.all_in or amount >= t.effective_stack(p)
        facts = t.turns.facts(p)
        problem = t.structure.bet_problem(amount, all_in, facts)
        if problem:
            code = "fixed-limit-size" if t.fixed_limit else "bet-size"
            t.violate(code, line, problem)
        t.put(p, amount, line)
        increment = p.bet - t.current_bet
        if t.fixed_limit:
            self._fixed_limit_level(p, facts)
        elif t.current_bet == 0 or t.structure.is_full_raise(increment, facts):
            floor = t.big_blind if t.current_bet == 0 else t.last_raise
            t.last_raise = max(increment, floor)
            t.raises += 1
        t.current_bet = max(t.current_bet, p.bet)
        p.acted_at = t.current_bet if t.bb_level <= t.current_bet else t.turns.level(p)
        t.check_all_in_flag(p, e.all_in, line)
        self._after_action(p)

    def on_raise(self, e: Raise) -> None:
        line, to, by, cap_reached = e.line, e.to, e.by, e.cap_reached  # each field read once
        p = self._act(e.player, line, "raises")
        if p is None:
            return
        t = self.t
        if t.street is None and not t.round_open and not t.in_draw and self._among_posts(line):
            self._before_deal(p, to - p.bet, line)
            return
        if (
            not t.fourth_big
            and t.big_bet != t.small_bet
            and to - t.current_bet == t.big_bet
            and t.dealing.open_pair_showing()
        ):
            # an open pair on fourth street gives the choice of the small or the big bet: a raise of the big bet
            # over a small bet is that choice, and the big bet is the unit from then on (stud_open_pair_big_bet)
            t.fourth_big = True
        facts = t.turns.facts(p)
        increment = to - facts.current_bet
        written = to - t.current_bet  # the site writes "raises X to Y" with X over the highest bet made
        completes = t.dealing.completes()
        if t.current_bet == 0 and not completes:  # stud: the bring-in's player may complete at once
            t.violate(
                "raise-without-bet", line,
                f"{p.name} raises but there is no bet to raise: it is a bet",
            )
        if by != written and by != increment and by != to - self._highest_bet():
            t.violate(
                "raise-increment", line,
                f"'raises {by} to {to}' but the bet was {t.current_bet}, so the raise is by {written}",
            )
        if (
            p.acted_at is not None
            and not p.all_in
            and facts.current_bet - p.acted_at < t.last_raise
            and not t.structure.is_full_raise(facts.current_bet - p.acted_at, facts)
        ):
            t.violate(
                "raise-not-reopened", line,
                f"{p.name} re-raises after acting, but only an incomplete all-in raise came since:"
                " the betting was not reopened (call or fold only)",
            )
        put = to - p.bet
        all_in = e.all_in or cap_reached or put >= t.effective_stack(p)
        problem = t.structure.raise_problem(to, all_in, facts)
        if problem and t.rules.all_in_marks_covered_bet and t.covers_the_others(p, put):
            problem = None  # a raise to all any other player can match: no bigger raise could be called
        if problem:
            code = "raise-size"
            if t.fixed_limit:
                code = "raise-cap" if "capped" in problem else "fixed-limit-size"
            t.violate(code, line, problem)
        t.put(p, put, line)
        if t.fixed_limit:
            self._fixed_limit_level(p, facts)
        elif t.structure.is_full_raise(increment, facts):
            t.last_raise = increment
            t.raises += 1
        t.current_bet = max(t.current_bet, p.bet)
        p.acted_at = t.current_bet if t.bb_level <= t.current_bet else t.turns.level(p)
        t.check_all_in_flag(p, e.all_in, line, capped=cap_reached)
        self._after_action(p)

    def _highest_bet(self) -> Decimal:
        """The highest bet in front of any player: a small blind above a big blind all-in for less (Bovada
        3412787731: small blind 800, big blind all-in 400, "Raises 4800 to 4800" adds 4000 over the 800) counts,
        though the big blind's level is what the engine holds as the bet."""
        return max((q.bet for q in self.t.players.values()), default=ZERO)

    def _fixed_limit_level(self, p: PlayerState, facts: RoundFacts) -> None:
        """Fixed limit: a bet or raise that reaches a full unit over the last complete level makes a new level and
        counts toward the cap; an all-in for less does neither (the next raise completes it)."""
        self.t.last_raise = facts.bet_unit
        if p.bet >= self.t.full_level + facts.bet_unit:
            self.t.full_level = p.bet
            self.t.raises += 1
        elif (
            p.stack == ZERO
            and self.t.rules.half_bet_all_in_sets_level
            and (p.bet - self.t.full_level) * 2 >= facts.bet_unit
        ):
            # a room whose next raise goes a full bet over an all-in raise of half a bet or more (see the profile)
            self.t.full_level = p.bet
            self.t.raises += 1
