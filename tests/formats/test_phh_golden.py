"""Golden tests for the PHH reader: a few hands and the whole ``Hand`` each becomes, with the replay's nets.

``golden_phh/<name>.phh`` (or ``.phhs``) holds public PHH hands (the PHH paper's examples, televised WSOP hands,
anonymised HandHQ hands) and one written for the tests; ``<name>.json`` holds, per hand, the ``Hand`` (without its
default values), every player's net after the replay and the audit's violation codes (the one layout and harness
of ``goldens.py``, with ``replay=True``). The nets were checked against PokerKit 0.7.7 (``test_phh_corpus.py`` does
that for the whole corpus). After a deliberate change, rewrite with ``HANDLOG_REGEN_GOLDEN=1 pytest tests/formats``
and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from goldens import check_golden, hands_of, inputs, replayed

GOLDEN = Path(__file__).parent / "golden_phh"
CASES = inputs(GOLDEN)


def test_there_are_golden_phh_hands() -> None:
    assert len(CASES) >= 5


@pytest.mark.parametrize("name", CASES)
def test_golden_phh(name: str) -> None:
    check_golden(GOLDEN, name, replay=True)


def test_the_hand_written_draw_hand_settles_as_the_rules_say() -> None:
    (read,) = hands_of(GOLDEN / "n5cd_straddle_written_by_hand.phh")
    hand = replayed(read)
    # Anna's three aces beat Cleo's kings: the pot is 160 from each of them and Bert's big blind of 10.
    assert hand["nets"] == {"Anna": "170", "Bert": "-10", "Cleo": "-160", "Dirk": "0"}
    assert hand["violations"] == []
    posts = [e for e in read.model_dump(mode="json")["events"] if e["kind"] == "post"]
    assert [(p["player"], p["post"], p["amount"]) for p in posts] == [
        ("Anna", "small_blind", "5"), ("Bert", "big_blind", "10"), ("Cleo", "straddle", "20"),
    ]
