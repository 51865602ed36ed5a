"""Checks over a replay: small pure functions, each returning the violations of one rule.

The engine checks what happens event by event (turn order, bet sizes, cards); these check what the hand adds
up to against the site's own numbers (pots, rake, collected amounts) and the showdown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from handlog.checks import accounting, cards, dealer, showdown
from handlog.engine import Replay, Violation

CHECKS: list[Callable[[Replay], Iterator[Violation]]] = [
    *accounting.CHECKS, *showdown.CHECKS, *cards.CHECKS, *dealer.CHECKS,
]


def run_checks(replay: Replay) -> list[Violation]:
    """Every check's violations for a replayed hand (none for hands not replayed, cancelled, or whose replay
    stopped: its totals were never reached, and the stopping violation says why)."""
    if not replay.supported or replay.cancelled or replay.stopped:
        return []
    # a player with no seat line (``unknown-player``): who put in and won what is not known, only the cards are
    checks = [*cards.CHECKS, *dealer.CHECKS] if any(v.code == "unknown-player" for v in replay.violations) else CHECKS
    out: list[Violation] = []
    for check in checks:
        out.extend(check(replay))
    return _one_per_error(replay, out)


_JUDGED_BY_CARDS = frozenset({"wrong-winner", "split-missing"})
_CARDS_IN_DOUBT = frozenset({"duplicate-card", "shown-mismatch"})
_NOT_IN_THE_POT = frozenset({"ineligible-winner", "wrong-winner"})
"""A deal holding a card twice, a hand shown with a card its player was not dealt: who should have won is not
judged from such cards (the one error is that)."""


def _one_per_error(replay: Replay, found: list[Violation]) -> list[Violation]:
    """``found`` less what restates an error already in it (one error, one violation; docs/engine.md):

    - who should have won is not judged from a deal holding a card twice or a hand shown with cards not dealt
      (``_CARDS_IN_DOUBT``);
    - a summary that pays the collects' total to the players the showdown says should have won (``wrong-winner``,
      ``split-missing``) is that same error, not ``summary-won``;
    - where the site states no rake, the rake it kept is the pot less what it paid, so an overpaid pot
      (``pot-overpaid``) is not also a negative rake;
    - a folded player's collect (``collect-by-folded``) is not also, on its line, a collect by a player not in the
      pot (``ineligible-winner``) nor a wrong winner."""
    if not found:  # (most hands) each rule below only leaves out some of ``found``
        return found
    if any(v.code in _CARDS_IN_DOUBT for v in (*replay.violations, *found)):
        found = [v for v in found if v.code not in _JUDGED_BY_CARDS]
    if any(v.code in _JUDGED_BY_CARDS for v in found) and accounting.summary_pays_the_collects(replay):
        found = [v for v in found if v.code != "summary-won"]
    if replay.hand.summary.rake is None and any(v.code == "pot-overpaid" for v in found):
        found = [v for v in found if v.code != "rake"]  # the rake kept is the pot less what it paid: overpaid, < 0
    folded = {v.line for v in replay.violations if v.code == "collect-by-folded"}
    if folded:  # a folded player's collect is not also a collect by a player not in the pot, nor a wrong winner
        found = [v for v in found if not (v.code in _NOT_IN_THE_POT and v.line in folded)]
    return found
