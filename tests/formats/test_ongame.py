"""OnGame (bwin): a golden hand (the header block, streets as "--- Dealing flop […]", the summary's pots, rake and
stacks after the hand), the corpus counted apart from the reader, audited and checked against fpdb's sidecars and
statistics, errors planted in its layout."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from fpdb_sidecars import sidecar_problems
from sitekit import audit_flags, caught, check_fast_path, check_golden, corpus, golden_hand

from handlog.audit import audit
from handlog.events import Bet, Call, Collect, Post
from handlog.formats.ongame import OnGameFormat

GOLDEN = Path(__file__).parent / "golden" / "ongame"
ROOTS = ("fpdb/cash/OnGame",)
HEADER = re.compile(r"^\*{5} History for hand ([A-Z0-9-]+) \*{5}", re.MULTILINE)


def fpdb_id(hand_id: str) -> str:
    """fpdb numbers "R5-22678800-36" 52267880036: its digits."""
    return re.sub(r"[^0-9]", "", hand_id)


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.txt")))
def test_golden(name: str) -> None:
    check_golden(GOLDEN, name, "OnGame")


def test_the_table_driver_reads_as_lark_does() -> None:
    check_fast_path(OnGameFormat(), GOLDEN)


def test_header_block_and_summary() -> None:
    hand = golden_hand(GOLDEN, "nl_speed_table_turn_bet")
    assert (hand.hand_id, hand.table, hand.button, hand.currency) == ("R5-22678800-36", "Dijon", 10, "EUR")
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2011-02-13T13:14:04+00:00"  # GMT+0100
    assert [str(e.amount) for e in hand.events if isinstance(e, Post)] == ["0.02", "0.04"]
    # the small blind "calls €0.02": the chips it adds to its 0.02 blind
    assert [(e.player, str(e.amount)) for e in hand.events if isinstance(e, Call) and e.line == 22] == [
        ("Player2", "0.02")
    ]
    assert [str(e.amount) for e in hand.events if isinstance(e, Bet)] == ["0.10"]
    # "Main pot: €0.36 won by Hero (€0.35)", "Rake taken: €0.01": the oracle the replay reproduces
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal("0.36"), Decimal("0.01"))
    assert [(e.player, str(e.amount)) for e in hand.events if isinstance(e, Collect)] == [("Hero", "0.35")]
    assert not audit(hand).violations


def test_corpus_headers_counted_apart_all_parse_and_audit_clean() -> None:
    headers, records, _ = corpus(ROOTS, HEADER)
    assert sum(headers.values()) == len(records) == 1
    assert [(r.file, r.hand_id) for r in records if r.hand is None] == []
    flagged, parsed, clean = audit_flags(records)
    assert parsed == clean == 1
    assert flagged == {}


def test_corpus_agrees_with_fpdbs_sidecars() -> None:
    _, records, _ = corpus(ROOTS, HEADER)
    for r in records:
        assert r.hand is not None
        assert sidecar_problems(r.hand, Path(r.file), fpdb_id(r.hand.hand_id)) == []


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        # a stated rake the pot less the win does not leave (0.36 - 0.03 is not the 0.35 paid)
        ("Rake taken: €0.01", "Rake taken: €0.03", "collected-total"),
        # a call of less than is owed
        ("Player8 calls €0.10", "Player8 calls €0.08", "call-amount"),
        # the pot given to a player who folded
        ("won by Hero (€0.35)", "won by Player10 (€0.35)", "collect-by-folded"),
    ],
)
def test_planted_errors_are_caught(old: str, new: str, code: str) -> None:
    assert code in caught(GOLDEN, "nl_speed_table_turn_bet", old, new)
