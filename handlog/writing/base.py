"""What every writer shares: the error for a hand a format cannot hold, and exact numbers as text."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from handlog.engine import replay
from handlog.engine.rules import profile_for
from handlog.events import Hand


class Unconvertible(ValueError):
    """A hand the target format cannot hold (PHH: a game without a variant code, a cancelled hand, a hand run
    twice; PokerStars text: a game PokerStars never dealt, money outside the pot)."""


def number(value: Decimal | int) -> str:
    """An amount exactly as it is, without an exponent (``Decimal("1E+3")`` → ``1000``)."""
    return format(Decimal(value), "f")


@dataclass(frozen=True, slots=True)
class Written:
    """One hand in the target format, and what of the source hand that format could not say (one note each)."""

    text: str
    notes: tuple[str, ...] = ()


def unfinished(hand: Hand) -> bool:
    """A log that states no result (a research log, a truncated site log read without its summary) and ends
    before the hand does: the replay awards nothing, and a written copy would have to invent the end."""
    if hand.summary.results_stated or hand.cancelled:
        return False
    rp = replay(hand, profile_for(hand.site), states=False)
    return rp.supported and not rp.collects and not rp.cancelled
