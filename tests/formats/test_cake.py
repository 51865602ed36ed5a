"""Cake Poker: golden hands (raises to a total, calls and bets as chips added, "is all in" as the player's last
chips, a split pot, a loser's mucks before and after the wins), the corpus counted apart from the reader, audited
and checked against fpdb's sidecars, errors planted in its layout."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from fpdb_sidecars import sidecar_problems
from sitekit import audit_flags, caught, check_fast_path, check_golden, corpus, golden_hand

from handlog.audit import audit
from handlog.events import Call, Collect, Muck, Post, Raise
from handlog.formats.added import comma_cards
from handlog.formats.cake import CakeFormat

GOLDEN = Path(__file__).parent / "golden" / "cake"
ROOTS = ("fpdb/cash/Cake",)
HEADER = re.compile(r"^Hand#([0-9]+) - ", re.MULTILINE)


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.txt")))
def test_golden(name: str) -> None:
    check_golden(GOLDEN, name, "Cake")


def test_the_table_driver_reads_as_lark_does() -> None:
    check_fast_path(CakeFormat(), GOLDEN)


def test_cards_with_commas_or_blanks() -> None:
    assert comma_cards("7c,5h") == comma_cards("7c 5h") == ("7c", "5h")


def test_raise_to_and_all_in_as_chips_added() -> None:
    hand = golden_hand(GOLDEN, "fl_river_all_in_split")
    raises = [(e.line, str(e.by), str(e.to), e.all_in) for e in hand.events if isinstance(e, Raise)]
    # turn: bet 0.04, "raises to $0.08", "raises to $0.12", "raises to $0.16"; river: bet 0.04, "raises to $0.08",
    # then "is all in $0.07" on the river bet of 0.04: 0.11 in all (the stack's last 0.11 of 0.31), a raise of 0.03
    assert raises == [
        (17, "0.04", "0.08", False), (19, "0.04", "0.12", False), (20, "0.04", "0.16", False),
        (24, "0.04", "0.08", False), (25, "0.03", "0.11", True),
    ]
    assert [str(e.amount) for e in hand.events if isinstance(e, Call) and e.line == 26] == ["0.03"]
    assert hand.button == 9 and hand.stakes.small == Decimal("0.02") and hand.stakes.big == Decimal("0.04")
    assert [str(e.amount) for e in hand.events if isinstance(e, Post)] == ["0.01", "0.02"]  # blinds: half the bets
    result = audit(hand)
    assert not result.violations
    # no summary: the pot (0.06 + 0.06 + 0.32 + 0.22) and the rake kept (0.66 less the 0.62 paid) are computed
    assert "the site states no total pot: 0.66, computed from the bets" in result.replay.notes
    assert "the site states no rake: 0.04 kept, the pot less what it paid" in result.replay.notes


def test_a_loser_mucks_once() -> None:
    hand = golden_hand(GOLDEN, "fl_showdown_mucks")
    # "Player3: mucks" at the showdown and "Player3: mucks [9h,As] (TwoPair) ." after the wins: one muck
    assert [(e.line, e.player) for e in hand.events if isinstance(e, Muck)] == [(36, "Player3")]
    assert [(e.player, str(e.amount)) for e in hand.events if isinstance(e, Collect)] == [("Player4", "0.66")]
    result = audit(hand)
    assert not result.violations
    assert "the site states no rake: 0.04 kept, the pot less what it paid" in result.replay.notes


def test_corpus_headers_counted_apart_all_parse_and_audit_clean() -> None:
    headers, records, _ = corpus(ROOTS, HEADER)
    assert sum(headers.values()) == len(records) == 2
    assert [(r.file, r.hand_id) for r in records if r.hand is None] == []
    flagged, parsed, clean = audit_flags(records)
    assert parsed == clean == 2
    assert flagged == {}


def test_corpus_agrees_with_fpdbs_sidecars() -> None:
    _, records, _ = corpus(ROOTS, HEADER)
    for r in records:
        assert r.hand is not None
        assert sidecar_problems(r.hand, Path(r.file), r.hand.hand_id) == []


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        # a call of more than is owed: the small blind owes 0.01 after the big blind's 0.02
        ("Player1: calls $0.01", "Player1: calls $0.02", "call-amount"),
        # the pot given to a player who folded on the turn
        ("Hero wins $0.31", "Player3 wins $0.31", "collect-by-folded"),
        # an out-of-turn action: the big blind checks before the small blind completes
        ("Player1: calls $0.01\nHero: checks", "Hero: checks\nPlayer1: calls $0.01", "out-of-turn"),
    ],
)
def test_planted_errors_are_caught(old: str, new: str, code: str) -> None:
    assert code in caught(GOLDEN, "fl_river_all_in_split", old, new)
