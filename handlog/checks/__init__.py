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
    return out
