"""Seven Card Stud, Stud Hi/Lo and Razz: what the up cards decide and how their showdown hands rank.

Stud has no button and no board (save one community card when the deck runs out): the up cards decide who brings
in on third street and who acts first on every later street. No written house rules for stud are in
../shared/rules; these are the rules PokerStars applies, as its own logs show them (every corpus stud hand's
bring-in and first actor follow them):

- third street: the lowest up card brings in (Razz: the highest, aces low), suits breaking ties in the order of the
  rules profile (``RulesProfile.bring_in_suits``, PokerStars: clubs, diamonds, hearts, spades from low to high);
- fourth street on: the best showing hand acts first (Razz: the lowest), counting pairs, trips and quads but no
  straights or flushes; a tie goes to the tied player nearest the dealer's left (the lowest seat);
- the bring-in, once completed, counts as the round's first full bet.

Five Card Stud (``variants.FIVE_CARD_STUD``, ``StudDeal``) follows the same rules with one card down and one up on
second street and every later card up; the small bet on the first two rounds, the big bet on the last two, and an
open pair on third street (the round with two up cards) allows the big bet there. These are the game's published
rules (e.g. pokerplex24.com/5-card-stud: the lowest up card brings in, suits ranked clubs, diamonds, hearts, spades;
an open pair allows the double bet on the round with two up cards), and Full Tilt's and iPoker's corpus hands follow
them (the 2013 Full Tilt tournament hand 32412111030: the 2c brings in, the best showing hand bets from third street).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

RANKS = "23456789TJQKA"
LOW_ORDER = "A23456789TJQK"  # razz: aces low


def _value(card: str, aces_low: bool) -> int:
    return LOW_ORDER.index(card[0]) if aces_low else RANKS.index(card[0])


def showing_strength(up: Sequence[str], aces_low: bool = False) -> tuple[int, ...]:
    """How strong the up cards show, larger being stronger: the size of each group of equal ranks (quads, trips,
    pairs), then the ranks by group and height; straights and flushes do not count among up cards. With
    ``aces_low`` (Razz) the strongest is the *lowest* hand: ``-`` of the low ranking, so larger is still first."""
    if not up:
        return ()
    counts = Counter(_value(c, aces_low) for c in up)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    key = tuple(n for _, n in groups) + tuple(v for v, _ in groups)
    if aces_low:
        return tuple(-k for k in key)
    return key


def bring_in_order(card: str, aces_low: bool, suits: str) -> tuple[int, int]:
    """The order in which an up card brings in, smallest first: the lowest card (Razz: the highest) by rank, then
    by suit, lowest suit first in stud, highest suit first in razz."""
    rank = _value(card, aces_low)
    suit = suits.index(card[1]) if card[1] in suits else 0
    return (-rank, -suit) if aces_low else (rank, suit)


def eight_low_any(hole: Sequence[str], board: Sequence[str] = ()) -> tuple[int, ...] | None:
    """Stud Hi/Lo's low: five different ranks of eight or lower among all the cards (aces low), compared high card
    first; None when no such five exist."""
    ranks = sorted({LOW_ORDER.index(c[0]) + 1 for c in (*hole, *board) if LOW_ORDER.index(c[0]) < 8})
    if len(ranks) < 5:
        return None
    return tuple(sorted(ranks[:5], reverse=True))
