"""The rules engine: replays a hand's events under the rules of its game and betting structure.

``replay(hand)`` is the entry point; ``views`` holds what it returns; ``table`` is the state machine, a state composed
with its parts (``turns``, ``posts``, ``settlement``, ``streets``, ``betting``, ``dealing``: docs/engine.md);
``structures``, ``variants``, ``pots`` and ``rules`` are the small pieces it is made of.
"""

from handlog.engine.replay import replay
from handlog.engine.rules import RulesProfile, profile_for
from handlog.engine.views import PlayerResult, Pot, Replay, Reveal, SeatView, Step, TableView
from handlog.engine.violations import Category, Severity, Violation

__all__ = [
    "Category", "PlayerResult", "Pot", "Replay", "Reveal", "RulesProfile", "SeatView", "Severity", "Step", "TableView",
    "Violation", "profile_for", "replay",
]
