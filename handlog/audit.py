"""``audit(hand)``: replay a hand and run every check; the verdict the ``handlog audit`` command prints."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from operator import attrgetter

from handlog.checks import run_checks
from handlog.checks.unknown import unknown_line_violations, unverified, without_follow_ons
from handlog.engine import Category, Replay, RulesProfile, Severity, Violation, replay
from handlog.engine.views import slot_setters
from handlog.events import Hand


@dataclass(frozen=True, slots=True)
class Audit:
    replay: Replay
    violations: tuple[Violation, ...]

    @property
    def status(self) -> str:
        return "violations" if self.violations else "clean"

    @property
    def unverified(self) -> bool:
        """An unknown line the hand's numbers do not prove, or an unknown action: left out of statistics unless
        asked (``--include-unverified``)."""
        return unverified(self.violations)

    @property
    def has_errors(self) -> bool:
        return any(v.severity == _ERROR for v in self.violations)


def audit(hand: Hand, rules: RulesProfile | None = None, *, full: bool = False) -> Audit:
    """Replay ``hand`` and check it; a game the engine does not replay yet gets one warning saying so.

    ``full`` keeps the table after every event and the cards known at each step (what ``handlog replay`` draws);
    an audit alone needs neither.
    """
    try:
        rp = replay(hand, rules, states=full, reveal=full)
        found = list(rp.violations) + run_checks(rp)
    except Exception as exc:  # noqa: BLE001 - a bug must cost one hand, reported, never the whole run
        rp = Replay(hand=hand, steps=(), violations=(), results={}, pots=(), rake=Decimal(0), supported=False)
        found = [
            Violation(
                "internal-error", Category.STRUCTURE, Severity.ERROR, hand.line,
                f"handlog could not replay this hand ({type(exc).__name__}: {exc}); please report it",
            )
        ]
        return Audit(rp, tuple(found))
    if not rp.supported:
        found.append(
            Violation(
                "game-not-replayed", Category.STRUCTURE, Severity.WARNING, hand.line,
                f"{hand.game_name or hand.game.value} hands are read but not replayed yet: only the forced bets were"
                " checked",
            )
        )
    found += unknown_line_violations(rp, found)
    found = without_follow_ons(hand, found)
    found.sort(key=_line)
    done = _new_object(Audit)  # ``Audit(rp, tuple(found))`` through the slots' own setters (one audit per hand)
    _set_replay(done, rp)
    _set_violations(done, tuple(found))
    return done


_ERROR = Severity.ERROR  # an enum member read from its class costs EnumType.__getattr__'s hook (Python 3.11)
_line = attrgetter("line")  # the sort key of the violations: one C call each
_new_object = object.__new__
_set_replay, _set_violations = slot_setters(Audit)  # (``views.slot_setters``: cheaper than the frozen ``__init__``)
