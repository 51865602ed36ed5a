"""Betting structures as small strategy objects: what a bet or raise may be under each structure.

The engine tracks the round (current bet, last full raise, pot); a structure only answers "is this size
legal here?" and "does this raise reopen the betting?". Adding a structure touches this file only.
"""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple

from handlog.engine.rules import RulesProfile
from handlog.events import Street, Structure


class RoundFacts(NamedTuple):
    """What the sizing rules need to know about the betting round when a player acts (a named tuple: one is made
    per bet or raise, and tuples are the cheapest immutable record to make)."""

    street: Street
    big_blind: Decimal  # the minimum opening bet in no-limit and pot-limit
    bet_unit: Decimal  # fixed limit: the small bet before the turn (or the draw), the big bet after
    current_bet: Decimal
    last_raise: Decimal  # size of the last full bet or raise this round (the minimum raise increment)
    pot: Decimal  # all chips in the middle, bets in front of players included
    to_call: Decimal
    raises: int  # bets and raises so far this round (fixed limit: the blind counts as the bet preflop)
    heads_up: bool
    full_level: Decimal = Decimal(0)  # fixed limit: the bet made by the last complete bet or raise


class BettingStructure:
    """No limit: bets of at least the big blind, raises of at least the last full raise, no maximum."""

    name = "no limit"

    def __init__(self, rules: RulesProfile) -> None:
        self.rules = rules

    def bet_problem(self, amount: Decimal, all_in: bool, r: RoundFacts) -> str | None:
        if amount < r.big_blind and not all_in:
            return f"a {self.name} bet must be at least the big blind {r.big_blind}, the log bets {amount}"
        return self._max_problem(r.current_bet + amount, r)

    def raise_problem(self, to: Decimal, all_in: bool, r: RoundFacts) -> str | None:
        increment = to - r.current_bet
        if increment < r.last_raise and not all_in:
            return (
                f"a raise must be at least the last full raise {r.last_raise} (to {r.current_bet + r.last_raise}),"
                f" the log raises by {increment} to {to}"
            )
        return self._max_problem(to, r)

    def _max_problem(self, to: Decimal, r: RoundFacts) -> str | None:
        return None

    def is_full_raise(self, increment: Decimal, r: RoundFacts) -> bool:
        return increment >= r.last_raise

    def counts_as_raise(self, increment: Decimal, r: RoundFacts) -> bool:
        """Whether this bet or raise counts toward a fixed-limit cap (any full bet or raise does)."""
        return self.is_full_raise(increment, r)


def pot_limit_problem(to: Decimal, r: RoundFacts) -> str | None:
    """A pot-limit bet or raise may go at most to the current bet plus the pot after the call."""
    limit = r.current_bet + r.pot + r.to_call
    if to > limit:
        return f"a pot-limit bet or raise can be at most to {limit} (the pot after the call), the log goes to {to}"
    return None


class PotLimit(BettingStructure):
    """Pot limit: as no limit, and no bet or raise larger than the pot after the call."""

    name = "pot-limit"

    def _max_problem(self, to: Decimal, r: RoundFacts) -> str | None:
        return pot_limit_problem(to, r)


class FixedLimit(BettingStructure):
    """Fixed limit: bets and raises of exactly one unit, at most ``fixed_limit_bets_per_round`` per round."""

    name = "fixed-limit"

    def bet_problem(self, amount: Decimal, all_in: bool, r: RoundFacts) -> str | None:
        if amount != r.bet_unit and not (all_in and amount < r.bet_unit):
            return f"a fixed-limit bet on the {r.street.value} must be {r.bet_unit}, the log bets {amount}"
        return None

    def raise_problem(self, to: Decimal, all_in: bool, r: RoundFacts) -> str | None:
        cap = self.rules.fixed_limit_bets_per_round
        if r.raises >= cap and (self.rules.cap_applies_heads_up or not r.heads_up):
            return f"the betting is capped at {cap} bets per round; the log makes bet number {r.raises + 1}"
        # A raise goes one unit above the last complete bet or raise: after an all-in for less, that "completes"
        # the short raise rather than adding a unit to it.
        increment = to - r.full_level
        if increment != r.bet_unit and not (all_in and increment < r.bet_unit):
            return (
                f"a fixed-limit raise on the {r.street.value} goes to {r.full_level + r.bet_unit} (one bet of"
                f" {r.bet_unit} over {r.full_level}), the log raises to {to}"
            )
        return None

    def is_full_raise(self, increment: Decimal, r: RoundFacts) -> bool:
        if self.rules.half_bet_reopens_fixed_limit:
            return increment * 2 >= r.bet_unit
        return increment >= r.bet_unit


class PotLimitPreflopNoLimitPostflop(BettingStructure):
    """PokerStars' "Pot Limit Pre-Flop, No Limit Post-Flop": pot-limit sizes preflop, no-limit after."""

    name = "pot-limit pre-flop"

    def _max_problem(self, to: Decimal, r: RoundFacts) -> str | None:
        if r.street == Street.PREFLOP:
            return pot_limit_problem(to, r)
        return None


_KINDS: dict[Structure, type[BettingStructure]] = {
    Structure.NO_LIMIT: BettingStructure,
    Structure.POT_LIMIT: PotLimit,
    Structure.FIXED_LIMIT: FixedLimit,
    Structure.PL_PREFLOP_NL_POSTFLOP: PotLimitPreflopNoLimitPostflop,
}


def structure_for(structure: Structure, rules: RulesProfile) -> BettingStructure:
    return _KINDS[structure](rules)
