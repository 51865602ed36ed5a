"""``views.player_result`` makes the very ``PlayerResult`` the dataclass's own constructor makes, still frozen."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from handlog.engine.views import PlayerResult, player_result
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
