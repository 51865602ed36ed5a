"""``views.player_result`` and ``views.replay_view`` make the very objects the dataclasses' own constructors make,
still frozen."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from handkit import HANDS, parse

from handlog.engine import replay
from handlog.engine.views import PlayerResult, Pot, Replay, player_result, pot_view, replay_view
from handlog.events import Street


def test_player_result_is_the_dataclass_result() -> None:
    values = ("Hero", 3, Decimal("10.00"), Decimal("2.50"), Decimal("4.75"), Decimal("2.25"), Decimal("0.25"), True,
              Street.TURN, Decimal("-1"), Decimal("0.50"))
    made = player_result(*values)
    expected = PlayerResult(*values)
    assert type(made) is PlayerResult
    assert made == expected and hash(made) == hash(expected)
    assert dataclasses.astuple(made) == values
    # every field set, each to its own value (a setter bound to the wrong field would swap two of them)
    assert [getattr(made, f.name) for f in dataclasses.fields(PlayerResult)] == list(values)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.net = Decimal(0)  # type: ignore[misc]



def test_pot_view_is_the_dataclass_pot() -> None:
    values = (Decimal("7.50"), ("A", "B"), ("B",))
    made = pot_view(*values)
    assert type(made) is Pot
    assert made == Pot(*values) and hash(made) == hash(Pot(*values))
    assert dataclasses.astuple(made) == values
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.amount = Decimal(0)  # type: ignore[misc]


def test_replay_view_is_the_dataclass_replay() -> None:
    rp = replay(parse((HANDS / "ftp_irish_discard.txt").read_text(encoding="utf-8")))
    values = [getattr(rp, f.name) for f in dataclasses.fields(Replay)]
    made = replay_view(*values)
    assert type(made) is Replay
    assert made == Replay(*values) == rp
    assert [getattr(made, f.name) for f in dataclasses.fields(Replay)] == values
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.rake = Decimal(0)  # type: ignore[misc]


@pytest.mark.parametrize("name", sorted(p.name for p in HANDS.glob("*.txt")))
def test_an_audits_replay_is_the_full_replay_less_the_states(name: str) -> None:
    # ``replay(states=False)`` (``Table.apply_all``'s one loop) takes each event through the same handlers as the
    # full replay (``Table.apply``): the same steps and streets, violations, pots, results and rake
    hand = parse((HANDS / name).read_text(encoding="utf-8"))
    full, lean = replay(hand), replay(hand, states=False)
    assert [(s.event, s.street) for s in lean.steps] == [(s.event, s.street) for s in full.steps]
    assert all(s.snapshot is None and s.to_call is None for s in lean.steps)
    assert all(s.snapshot is not None for s in full.steps)
    assert (lean.violations, lean.pots, lean.results, lean.rake, lean.notes) == (
        full.violations, full.pots, full.results, full.rake, full.notes)
