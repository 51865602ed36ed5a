"""Main and side pots as a pure function of what each player put in and who is still eligible.

Pots are layered by the all-in levels of the players still in the hand: each layer holds, from every
player, what they put in between the previous level and this one, and is contested by the live players who
reached this level. Chips of folded players fill the layers they reached but make no one eligible.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from handlog.engine.views import Pot
from handlog.events import Hand


def smallest_unit(hand: Hand) -> Decimal:
    """The smallest amount of the hand's money: one chip in tournaments and play money, the cent (the minor unit of
    every currency the readers know) in cash games. Pots are split, and blinds rounded, to this unit. Play money
    with stakes in fractions of a chip (Winamax's "0.50€/1€" play tables post a 0.25 small blind) counts in cents."""
    if hand.tournament is not None or hand.currency == "CHIPS":
        return Decimal(1)
    if hand.currency == "PLAY":  # or stacks in cents (888's Practice Play "0.50/1", stacks such as 258.55)
        amounts = (hand.stakes.small, hand.stakes.big, hand.stakes.ante or Decimal(0), *(s.stack for s in hand.seats))
        return Decimal(1) if all(a == a.to_integral_value() for a in amounts) else Decimal("0.01")
    return Decimal("0.01")


def build_pots(
    committed: Mapping[str, Decimal], live: set[str] | frozenset[str], antes: Mapping[str, Decimal] | None = None,
    dead: Decimal = Decimal(0),
) -> list[Pot]:
    """Pots from each player's total contribution; ``live`` are the players who have not folded.

    Example: A all-in for 10, B and C put in 30, D folded after 5 → main pot 35 (A, B, C), side pot 40 (B, C).

    ``antes``: each player's antes. An ante nobody else posts (the big blind ante, which one player posts for the
    table) is dead money in the main pot, not a level of its own: it makes no side pot for its poster. ``dead``:
    other dead money (dead blinds, already left out of ``committed``), added to the main pot too.
    """
    if antes:
        # an ante over others' smaller antes is returned when nobody can call it (the table does that): only an ante
        # nobody else posts at all is dead money here
        unmatched = {p: a for p, a in antes.items() if a > 0 and not any(b > 0 for q, b in antes.items() if q != p)}
        dead += sum(unmatched.values(), Decimal(0))
        committed = {p: c - min(unmatched.get(p, Decimal(0)), c) for p, c in committed.items()}
    pots = _layers(committed, live)
    if dead > 0:
        if pots and pots[0].eligible:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        else:
            pots.insert(0, Pot(dead, tuple(p for p in committed if p in live)))
    return pots


def _layers(committed: Mapping[str, Decimal], live: set[str] | frozenset[str]) -> list[Pot]:
    levels = sorted({amount for player, amount in committed.items() if player in live and amount > 0})
    if len(levels) == 1 and committed:  # the commonest: nobody all-in for less, nobody in beyond the live players
        level = levels[0]
        amounts = committed.values()
        if min(amounts) >= 0 and max(amounts) <= level:
            # the loop below in one sum: each term is ``c`` (``min(c, level) - min(c, 0)``, with the same exponent
            # as the sum's: an exact sum's exponent is the least of its terms' and of the start's), no rest
            return [Pot(sum(amounts, Decimal(0)), tuple(p for p, c in committed.items() if p in live and c >= level))]
    pots: list[Pot] = []
    previous = Decimal(0)
    for level in levels:
        size = sum((min(c, level) - min(c, previous) for c in committed.values()), Decimal(0))
        eligible = tuple(p for p, c in committed.items() if p in live and c >= level)
        if size > 0:
            if pots and pots[-1].eligible == eligible:  # same contenders: one pot, not two
                pots[-1] = Pot(pots[-1].amount + size, eligible)
            else:
                pots.append(Pot(size, eligible))
        previous = level
    # Chips above every live player's level (a folded player who put in more than anyone left) stay in
    # the last pot: they were called by nobody, yet the log may show them unreturned.
    rest = sum((c - min(c, previous) for c in committed.values()), Decimal(0))
    if rest > 0:
        if pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, ()))
    return pots
