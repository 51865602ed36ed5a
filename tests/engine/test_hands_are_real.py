"""The copied hands in ``hands/`` are what they say: a real copy is the corpus hand with only the player names
replaced; an edited copy is named ``*.edited.txt`` and registered in ``handkit.EDITED`` with its real source."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from corpus_cache import read_cached
from handkit import EDITED, load, names

from handlog.events import Hand, Notice

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
REAL = [n for n in names() if n not in EDITED]


def test_edited_copies_are_named_and_registered() -> None:
    assert {n for n in names() if ".edited." in n} == set(EDITED)
    for name, (source, why) in EDITED.items():
        assert source in REAL and why, name


def signature(hand: Hand) -> list[object]:
    """Everything the hand says but the players' names: header facts, seats, every event, the stated results."""
    seat_of = {s.player: s.seat for s in hand.seats}

    def anonymous(model: object) -> object:
        data = model.model_dump(exclude={"line", "text"})  # type: ignore[attr-defined]
        if "player" in data:
            data["player"] = seat_of.get(data["player"], "?")
        return data

    events = [{"kind": "notice"} if isinstance(e, Notice) else anonymous(e) for e in hand.events]
    seats = [(s.seat, s.stack, s.sitting_out) for s in hand.seats]
    stated = hand.summary.model_dump(exclude={"seats", "line", "pot_line", "board_line"})
    return [hand.hand_id, hand.game, hand.structure, hand.stakes, hand.button, seats, events, stated]


@cache
def corpus_hand(hand_id: str) -> Hand | None:
    for folder in ("fpdb", "fpdb-extra"):
        for path in sorted((CORPUS / folder).rglob("*.txt")):
            if f"#{hand_id}:" not in path.read_text(encoding="utf-8", errors="replace"):
                continue
            for record in read_cached([path]):
                if record.hand is not None and record.hand.hand_id == hand_id:
                    return record.hand
    return None


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not there")
@pytest.mark.parametrize("name", REAL)
def test_real_copies_are_the_corpus_hands(name: str) -> None:
    copy = load(name)
    original = corpus_hand(copy.hand_id)
    assert original is not None, f"{name}: hand #{copy.hand_id} is not in the corpus"
    assert signature(copy) == signature(original)
