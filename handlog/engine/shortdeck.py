"""Short Deck (6+ Hold'em): the 36-card deck without the twos to fives, and its hand ranking.

With fewer cards a flush is rarer than a full house, so a flush beats a full house; the ace also plays low in
the lowest straight, A-6-7-8-9. Whether three of a kind beats a straight is each room's choice, a rules-profile
setting (``RulesProfile.short_deck_trips_beat_straight``). phevaluator ranks 52-card hands only, so the ranking
is computed here: the best five of the seven cards, a category and then the ranks in the order they count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

RANKS = "23456789TJQKA"
SHORT_DECK_RANKS = frozenset("6789TJQKA")
_LOW_STRAIGHT = {RANKS.index(r) for r in "A6789"}


def _five(cards: Sequence[str], trips_beat_straight: bool) -> int:
    """The strength of five cards, larger being stronger."""
    values = [RANKS.index(c[0]) for c in cards]
    counts = Counter(values)
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    straight_high: int | None = None
    if len(counts) == 5:
        if max(values) - min(values) == 4:
            straight_high = max(values)
        elif set(values) == _LOW_STRAIGHT:
            straight_high = RANKS.index("9")  # A-6-7-8-9: the ace plays low, the nine is the top card
    trips, straight = (4, 3) if trips_beat_straight else (3, 4)
    if straight_high is not None and flush:
        category, order = 8, [straight_high]
    elif shape[0] == 4:
        category = 7
    elif flush:
        category = 6
    elif shape[:2] == [3, 2]:
        category = 5
    elif shape[0] == 3:
        category = trips
    elif straight_high is not None:
        category, order = straight, [straight_high]
    elif shape[:2] == [2, 2]:
        category = 2
    elif shape[0] == 2:
        category = 1
    else:
        category = 0
    code = category
    for value in order + [0] * (5 - len(order)):
        code = code * 16 + value
    return code


def short_deck_evaluator(trips_beat_straight: bool) -> Callable[[Sequence[str], Sequence[str]], int]:
    """A Short Deck evaluator under the room's rule for trips and straights: the rank of the best five of the
    hole and board cards, lower being better (as the other evaluators of ``variants``)."""

    def evaluate(hole: Sequence[str], board: Sequence[str]) -> int:
        cards = (*hole, *board)
        best = max((_five(five, trips_beat_straight) for five in combinations(cards, 5)), default=0)
        return 16**6 * 9 - best

    return evaluate
