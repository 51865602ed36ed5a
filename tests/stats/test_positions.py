from __future__ import annotations

import made_hands as hands

from handlog.stats.positions import fpdb_position, positions


def _names(n: int) -> tuple[tuple[str, float], ...]:
    return tuple((f"P{i}", 100) for i in range(1, n + 1))


def _table(n: int) -> dict[str, str]:
    body = "P2: posts small blind $0.50\nP3: posts big blind $1\n*** HOLE CARDS ***\n"
    body += "".join(f"P{i}: folds\n" for i in [*range(4, n + 1), 1, 2])
    body += "Uncalled bet ($0.50) returned to P3\nP3 collected $1 from pot\n"
    return positions(hands.hand(2000 + n, body, total="1", seats=_names(n)))


def test_labels_by_table_size() -> None:
    assert _table(3) == {"P1": "BTN", "P2": "SB", "P3": "BB"}
    assert list(_table(6).values()) == ["BTN", "SB", "BB", "UTG", "HJ", "CO"]
    assert list(_table(7).values()) == ["BTN", "SB", "BB", "UTG", "LJ", "HJ", "CO"]
    assert list(_table(9).values()) == ["BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO"]


def test_heads_up_and_straddle() -> None:
    assert positions(hands.HEADS_UP) == {"Btn": "SB", "Bb": "BB"}
    assert positions(hands.STRADDLE)["Utg"] == "UTG"


def test_fpdb_codes() -> None:
    labels = _table(9)
    codes = {p: fpdb_position(label, labels) for p, label in labels.items()}
    assert codes == {"P1": 0, "P2": "S", "P3": "B", "P4": 6, "P5": 5, "P6": 4, "P7": 3, "P8": 2, "P9": 1}
