"""The verdict on lines the reader did not know (``UnknownLine`` events; ``docs/unknown-lines.md``).

The reader keeps such a line and reads the hand on; the audit decides what it means for the hand:

- an action of a seated player in a form the reader has not met (``UnknownLine.action``) may have moved chips:
  ``unknown-action``, an error whatever the totals say;
- any other unknown line is ``unknown-line``: a warning when the hand's own numbers prove the hand without it
  (the room states a total pot or its rake, or, in a tournament, which keeps no rake, the amounts collected, or
  every player's stack after the hand; and every accounting check of the replay holds against them, the stacks
  after the hand included), an error when they do not, or when the room states nothing that could prove the hand
  (a cash game whose log states only what each player collected: a missing bet smaller than the rake would only
  look like less rake).

A hand with either error is *unverified*: statistics leave it out unless asked (``--include-unverified``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from handlog.checks import run_checks
from handlog.engine import Category, Replay, Severity, Violation
from handlog.engine.codes import UNVERIFIED_CODES
from handlog.events import Hand, StreetStart, UnknownLine


def unknown_lines(hand: Hand) -> list[UnknownLine]:
    """The hand's unknown lines, in order (none for almost every hand: one C-level scan)."""
    if UnknownLine not in map(type, hand.events):  # exact types: an event model has no subclasses
        return []
    return [e for e in hand.events if isinstance(e, UnknownLine)]


def _why_unproven(replay: Replay, found: Iterable[Violation]) -> str | None:
    """None when the hand's own numbers prove it; else why they do not."""
    hand = replay.hand
    summary = hand.summary
    if not replay.supported:
        return "its game is not replayed, so its numbers are not checked"
    if replay.cancelled:
        return "the hand was cancelled: the room states no result that could prove it"
    if replay.stopped:
        return "the replay stopped before the hand's numbers could be checked"
    found = list(found)
    if any(v.code == "unknown-player" for v in found):
        return "a player without a seat leaves the money unchecked"
    # a tournament, or a room whose rules keep no rake (PokerNow's home games), pays out its whole pot
    keeps_none = hand.tournament is not None or replay.rules.max_rake_share == 0
    paid_whole = keeps_none and summary.results_stated and replay.collects
    # the stacks after the hand, printed for every player in it, prove each player's net result (stack-after)
    printed = {s.player for s in summary.stacks_after}
    stacks_prove = bool(printed) and all(player in printed for player in replay.results)
    if summary.total_pot is None and summary.rake is None and not paid_whole and not stacks_prove:
        # what the players collected alone proves nothing where a rake is kept: a missing bet smaller than the
        # rake only looks like less rake
        return "the room states no total pot nor rake, nor the stacks after the hand, that could prove the hand"
    wrong = sorted({v.code for v in found if v.category is Category.ACCOUNTING and v.severity is Severity.ERROR})
    if wrong:
        return "the hand's numbers do not reconcile (" + ", ".join(wrong) + ")"
    return None


def unknown_line_violations(replay: Replay, found: Iterable[Violation]) -> list[Violation]:
    """One violation per unknown line of the replayed hand, judged against the other violations ``found``."""
    lines = unknown_lines(replay.hand)
    if not lines:
        return []
    why = _why_unproven(replay, found) if any(not e.action for e in lines) else None
    out: list[Violation] = []
    for e in lines:
        if e.action:
            out.append(Violation(
                "unknown-action", Category.STRUCTURE, Severity.ERROR, e.line,
                f"{e.player} acts in a form the reader does not know: {e.text!r} (it may have moved chips)",
            ))
        elif why is None:
            out.append(Violation(
                "unknown-line", Category.STRUCTURE, Severity.WARNING, e.line,
                f"a line the reader does not know: {e.text!r}; the hand's own numbers reconcile without it",
            ))
        else:
            out.append(Violation(
                "unknown-line", Category.STRUCTURE, Severity.ERROR, e.line,
                f"a line the reader does not know: {e.text!r}; {why}",
            ))
    return out


_FOLLOWS_ANY = frozenset({Category.ACCOUNTING})
"""What an action not understood may upset in the whole hand: the chips it may have moved."""
_FOLLOWS_STREET = frozenset({Category.LEGALITY})
"""What it may upset in the rest of its street: the betting (it may have been a bet or a raise)."""
_FOLLOWS_PLAYER = frozenset({Category.LEGALITY, Category.ACCOUNTING, Category.CARDS, Category.SHOWDOWN})
"""What it may upset of its own player in the rest of the hand: their chips and their cards (it may have dealt
them a card, or mucked, or shown)."""


def _names(message: str, player: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(player)}(?![\w])", message) is not None


def without_follow_ons(hand: Hand, found: Iterable[Violation]) -> list[Violation]:
    """The violations ``found`` in the hand, less those that follow from an action the reader did not understand
    (``unknown-action``): one cause, one violation, never a cascade. What the action may have done is unknown, so
    what follows it cannot be told apart from what it caused: the accounting of the whole hand, the betting of the
    rest of its street, and anything of its own player later in the hand. Those are folded into the
    ``unknown-action``'s message, which names them.

    "After" is in the hand's order of events, not of lines: a room may write the results before the play (iPoker
    states each player's win in its players' element, above the rounds)."""
    found = list(found)
    if not any(v.code == "unknown-action" for v in found):
        return found  # no action misread (almost every hand): nothing follows from one
    actions = [(i, e) for i, e in enumerate(hand.events) if isinstance(e, UnknownLine) and e.action and e.player]
    if not actions:
        return found
    last: dict[int, int] = {}  # a line's last event
    for i, e in enumerate(hand.events):
        last[e.line] = i
    streets = [i for i, e in enumerate(hand.events) if isinstance(e, StreetStart)]
    results = {hand.summary.line, hand.summary.pot_line} - {0}
    folded: dict[int, list[Violation]] = {}
    kept: list[Violation] = []
    for v in found:
        cause = next((a for i, a in actions if _follows(v, i, a, last, streets, results)), None)
        if cause is None:
            kept.append(v)
        else:
            folded.setdefault(cause.line, []).append(v)
    if not folded:
        return found
    out: list[Violation] = []
    for v in kept:
        after = folded.get(v.line) if v.code == "unknown-action" else None
        if after:
            names = ", ".join(f"{f.code} (line {f.line})" for f in after)
            v = dataclasses.replace(v, message=f"{v.message}; what may follow from it is not reported apart: {names}")
        out.append(v)
    return out


def _follows(v: Violation, index: int, action: UnknownLine, last: dict[int, int], streets: list[int],
             results: set[int]) -> bool:
    """``v`` comes after the action not understood (the ``index``-th event) and may follow from it."""
    if v.code in UNVERIFIED_CODES:
        return False
    at = last.get(v.line)
    if at is None:  # a line of no event: after the action when written after it, or when it states the results
        # (they come after the play in time, wherever they are written: iPoker's total pot, above the rounds)
        at = index + 1 if v.line > action.line or v.line in results else -1
    if at <= index:
        return False
    if v.category in _FOLLOWS_ANY:
        return True
    if v.category in _FOLLOWS_STREET and not any(index < s <= at for s in streets):
        return True
    return v.category in _FOLLOWS_PLAYER and action.player is not None and _names(v.message, action.player)


def unverified(violations: Iterable[Violation]) -> bool:
    """The hand holds an unknown line its numbers do not prove, or an unknown action: statistics leave it out
    unless asked."""
    return any(v.severity is Severity.ERROR and v.code in UNVERIFIED_CODES for v in violations)


def replay_unverified(replay: Replay) -> bool:
    """The audit's verdict on a replayed hand's unknown lines without the rest of the audit: True when statistics
    leave the hand out unless asked (False at once for a hand without unknown lines)."""
    if not unknown_lines(replay.hand):
        return False
    found = [*replay.violations, *run_checks(replay)]
    return unverified(unknown_line_violations(replay, found))
