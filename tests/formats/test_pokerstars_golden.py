"""Golden tests: representative PokerStars hands and the whole ``Hand`` each one must become.

Each ``golden/<name>.txt`` is one real hand from the corpus (player names anonymised, "Hero" kept); its
``<name>.json`` is ``Hand.model_dump(mode="json")`` (see ``goldens.py``; ``HANDLOG_REGEN_GOLDEN=1`` rewrites them).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from goldens import assert_anonymised, cases, check_golden, read_golden

GOLDEN = Path(__file__).parent / "golden"
CASES = cases(GOLDEN)


def test_there_are_a_dozen_golden_hands() -> None:
    assert len(CASES) >= 12


@pytest.mark.parametrize("name", CASES)
def test_golden_hand(name: str) -> None:
    check_golden(GOLDEN, name)


@pytest.mark.parametrize("name", CASES)
def test_golden_hand_has_no_real_player_names(name: str) -> None:
    assert_anonymised(read_golden(GOLDEN, name))
