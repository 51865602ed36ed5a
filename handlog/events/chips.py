"""The one chip ledger: what each player has put into a hand, round by round, and the bet nobody matched.

Readers follow the chips to turn a room's amounts into events (a raise written as its total or as the chips it adds,
an all-in known from the stack), and the engine follows them to judge the events; both count the same way, so the
ledger and the measure of an unmatched bet live here, below both (readers must not import the engine):

* ``ChipLedger`` — each player's bet in the round being read (``bets``, the highest as ``level``), what each put in
  on earlier rounds and as dead money (``put``), the chips each has behind when the stacks are known (``left``), and
  the bets of the last round that had one (``last``, where a bet may go unmatched);
* ``unmatched`` / ``excess_over`` — who put in most and by how much over everyone else: the uncalled excess, which
  the engine returns (``engine.settlement``) and which a reader that must split it from a collect measures the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

ZERO = Decimal(0)


def unmatched(amounts: Mapping[str, Decimal]) -> tuple[str, Decimal, Decimal]:
    """The player who put in most (the first so listed on a tie), how much, and the most any other player put in;
    ("", 0, 0) when nobody put anything."""
    ranked = sorted(amounts.items(), key=lambda kv: kv[1], reverse=True)
    if not ranked:
        return "", ZERO, ZERO
    return ranked[0][0], ranked[0][1], (ranked[1][1] if len(ranked) > 1 else ZERO)


def excess_over(amounts: Mapping[str, Decimal], player: str) -> Decimal:
    """How much more ``player`` put in than any other player (negative when someone put in more)."""
    return amounts.get(player, ZERO) - max((v for p, v in amounts.items() if p != player), default=ZERO)


class ChipLedger:
    """Each player's chips in the hand as a reader follows them (text rooms: ``text.StreetBets``; XML rooms:
    ``xmlsession.RoundBets``, which adds the events of a wager)."""

    def __init__(self, stacks: Mapping[str, Decimal] | None = None) -> None:
        self.bets: dict[str, Decimal] = {}  # this round's bet of each player
        self.level = ZERO  # the highest bet of the round
        self.put: dict[str, Decimal] = {}  # chips put in on earlier rounds, and dead money (antes, dead blinds)
        self.left: dict[str, Decimal] = dict(stacks or {})  # the chips each player has behind (stacks known)
        self.last: dict[str, Decimal] = {}  # the bets of the last round that had one

    def new_street(self) -> None:
        """The bets are swept into the pot: a new round starts with none."""
        self.keep()
        for player, bet in self.bets.items():
            self.put[player] = self.put.get(player, ZERO) + bet
        self.bets = {}
        self.level = ZERO

    new_round = new_street  # the word of the XML rooms' readers

    def keep(self) -> None:
        """Remember this round's bets as the last round's with a bet (where a bet may go unmatched)."""
        if any(self.bets.values()):
            self.last = dict(self.bets)

    def add(self, player: str, more: Decimal) -> None:
        """A blind, a bring-in, a call or a bet: ``more`` on top of the player's bet."""
        self.bets[player] = self.bets.get(player, ZERO) + more
        self.level = max(self.level, self.bets[player])

    def dead(self, player: str, amount: Decimal) -> None:
        """An ante or a dead blind: in the pot, not in the player's bet."""
        self.put[player] = self.put.get(player, ZERO) + amount

    def raise_to(self, player: str, total: Decimal) -> Decimal:
        """A raise to ``total``; returns its increment over the highest bet before it."""
        by = total - self.level
        self.bets[player] = total
        self.level = max(self.level, total)
        return by

    def take(self, player: str, added: Decimal, live: bool = True) -> bool:
        """``added`` chips from the stack of ``player`` (to the round's bet when ``live``, else dead money); True
        when they are all the player had."""
        all_in = added > 0 and added >= self.left.get(player, ZERO)
        self.left[player] = self.left.get(player, ZERO) - added
        if live:
            self.add(player, added)
        else:
            self.dead(player, added)
        return all_in

    def before(self, player: str) -> Decimal:
        """``player``'s bet in the round so far."""
        return self.bets.get(player, ZERO)

    def top(self) -> Decimal:
        """The highest bet of the round."""
        return max(self.bets.values(), default=ZERO)

    def total(self, player: str) -> Decimal:
        """What ``player`` put in so far, this round included."""
        return self.put.get(player, ZERO) + self.bets.get(player, ZERO)

    def players(self) -> list[str]:
        """Everyone who put chips in, in the order they first did (a set's order would vary from run to run)."""
        return list(dict.fromkeys([*self.put, *self.bets]))

    def uncalled(self, folded: set[str]) -> tuple[str, Decimal] | None:
        """Who gets back how much nobody called in the last round with a bet, if anyone (not a player who folded)."""
        self.keep()
        owner, most, second = unmatched(self.last)
        excess = most - second
        return (owner, excess) if excess > 0 and owner not in folded else None
