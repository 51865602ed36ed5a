"""Entraction (2012): the corpus's hands counted apart from the reader, every one read and replayed to the room's
own numbers (each win and the rake, against the pot the bets make: the room states no total, and the audit says
it computed it), the column layout, amounts that are the chips added, and hands written for the edges."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from corpus_cache import audited
from sitekit import (
    cases,
    caught_in,
    check_fast_path,
    check_fast_path_text,
    check_golden,
    check_named_unknown,
    read_room,
)

from handlog.audit import audit
from handlog.engine.replay import replay
from handlog.engine.rules import STANDARD
from handlog.events import Bet, Call, Collect, Notice, Post, Raise, StreetStart, UncalledBet
from handlog.formats.entraction import EntractionFormat
from handlog.reading import read_text

ROOTS = ("fresh/entraction",)
HEADER = re.compile(r"^\ufeff?Game # ([0-9]+) - ", re.MULTILINE)

HAND = """\ufeffGame # 2645975604 - Texas Hold'em No Limit EUR 0.50/1.00 - Table "Aguilas"

Players(max 6):
Player1                     (EUR 100.00 in seat 4)
Player 2                    (EUR 48.50 in seat 5)
Player3                     (EUR 1,048.50 in seat 6)

Dealer:                     Player3
Small Blind:                Player1     (0.50)
Big Blind:                  Player 2    (1.00)

Player3                     Raise       (2.50)
Player1                     Fold
Player 2                    Call        (1.50)

Flop                        6d - 8d - 9h

Player 2                    Bet         (4.00)
Player3                     Raise       (14.50)
Player 2                    All-In      (42.00)
Player3                     Call        (31.50)

Turn                        6d - 8d - 9h - 2c

River                       6d - 8d - 9h - 2c - Kh

Player3 shows:              Ad - Ah
Player 2 didn't show hand (Jd - Qh)

Player3 wins:               EUR 96.00
Rake:                       EUR 1.50

Game ended 2012-05-30 15:49:35 GMT+01:00
"""


def test_corpus_every_hand_read_and_replayed_to_the_rooms_numbers() -> None:
    found = read_room(ROOTS, HEADER, 20, "Entraction")
    _, records, report = found
    assert not [p for p in report.problems if "not a hand history" in p.message]
    off_button = set()
    for r in records:
        assert r.hand is not None
        result = audited(r.hand)
        assert [v for v in result.violations if v.category.value == "accounting"] == [], r.hand_id
        # the wins and the stated rake make the pot the bets make; the room states no total, the audit says so
        play = replay(r.hand)
        pot = sum((p.committed for p in play.results.values()), Decimal(0))
        assert sum((c.amount for c in play.collects), Decimal(0)) + (r.hand.summary.rake or 0) == pot
        assert any("states no total pot" in n for n in play.notes)
        assert [v for v in result.violations if v.code == "blind-position"] == [], r.hand_id
        hand = r.hand
        seats = {seat.player: seat.seat for seat in hand.seats}
        if len(hand.seats) == 2 and any(
            e.post.value == "big_blind" and seats.get(e.player) == hand.button
            for e in hand.events if isinstance(e, Post)
        ):
            off_button.add(hand.hand_id)
    # three heads-up hands where "Dealer:" names the big blind, and the small blind acts first on every street:
    # the written rules' seats (the two players left of the dealer post the blinds), which the room deals too
    # (profile Entraction, heads_up_button_may_post_big_blind); its other 11 heads-up hands put the small blind
    # on the button
    assert off_button == {"2645975604", "2646630562", "2646782758"}


def test_heads_up_the_dealer_on_the_big_blind_is_the_rooms_other_way() -> None:
    """Heads-up with "Dealer:" on the big blind (the written rules' seats): no breach at Entraction, whose logs
    deal it both ways; under the standard profile the button must post the small blind."""
    lines = HAND.replace("Player3                     (EUR 1,048.50 in seat 6)\n", "")
    lines = lines.replace("Dealer:                     Player3", "Dealer:                     Player 2")
    head, _ = lines.split("Player3                     Raise", 1)
    text = head + """Player1                     Call        (0.50)
Player 2                    Check

Flop                        6d - 8d - 9h

Player1                     Bet         (1.00)
Player 2                    Fold
Player1                     Payback     (1.00)

Player1 didn't show hand

Player1 wins:               EUR 2.00
Rake:                       EUR 0.00

Game ended 2012-05-30 15:49:35 GMT+01:00
"""
    (record,) = read_text(text, "hu.txt")
    assert record.hand is not None, record.error
    assert audit(record.hand).violations == ()
    standard = replay(record.hand, STANDARD).violations
    assert [(v.code, v.line) for v in standard] == [("blind-position", 8)]


def test_amounts_are_the_chips_each_line_adds() -> None:
    [record] = read_text(HAND)
    hand = record.hand
    assert hand is not None and hand.site == "Entraction"
    assert (hand.hand_id, hand.table, hand.max_seats, hand.button, hand.currency) == (
        "2645975604", "Aguilas", 6, 6, "EUR")
    assert [s.stack for s in hand.seats] == [Decimal(100), Decimal("48.50"), Decimal("1048.50")]
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2012-05-30T14:49:35+00:00"
    assert [(e.player, e.by, e.to) for e in hand.events if isinstance(e, Raise)] == [
        ("Player3", Decimal("1.50"), Decimal("2.50")),  # "Raise (2.50)" over the big blind of 1
        ("Player3", Decimal("10.50"), Decimal("14.50")),  # "Raise (14.50)" after a bet of 4
        ("Player 2", Decimal("31.50"), Decimal("46.00")),  # "All-In (42.00)" on a bet of 4: to 46
    ]
    assert [e.amount for e in hand.events if isinstance(e, Call)] == [Decimal("1.50"), Decimal("31.50")]
    assert [e.amount for e in hand.events if isinstance(e, Bet)] == [Decimal(4)]
    assert [e.cards for e in hand.events if isinstance(e, StreetStart) and e.cards][1:] == [("2c",), ("Kh",)]
    assert any(isinstance(e, Notice) and "[Jd Qh]" in e.text for e in hand.events)
    assert [e.amount for e in hand.events if isinstance(e, Collect)] == [Decimal(96)]
    assert not audit(hand).violations


def test_a_payback_is_the_uncalled_bet() -> None:
    folded = HAND.replace(
        "Player 2                    All-In      (42.00)\nPlayer3                     Call        (31.50)",
        "Player 2                    Fold\nPlayer3                     Payback     (10.50)",
    )
    folded = folded.split("\nTurn")[0] + "\n\nPlayer3 wins:               EUR 13.00\nRake:      EUR 0.50\n"
    [record] = read_text(folded)
    hand = record.hand
    assert hand is not None
    assert [e.amount for e in hand.events if isinstance(e, UncalledBet)] == [Decimal("10.50")]
    assert not audit(hand).violations


def test_a_win_the_pot_does_not_hold_is_caught() -> None:
    assert "collected-total" in caught_in(HAND, "EUR 96.00", "EUR 97.50")


def test_a_damaged_line_is_named() -> None:
    check_named_unknown(HAND.replace("Player1                     Fold", "Player1                     Fould"), 13)


def test_the_table_driver_reads_as_lark_does() -> None:
    check_fast_path_text(EntractionFormat(), HAND)


GOLDEN = Path(__file__).parent / "golden" / "entraction"


@pytest.mark.parametrize("name", cases(GOLDEN))
def test_golden(name: str) -> None:
    """A corpus hand (players anonymised) becomes exactly its ``Hand``."""
    check_golden(GOLDEN, name, "Entraction")


def test_the_table_driver_reads_the_goldens_as_lark_does() -> None:
    check_fast_path(EntractionFormat(), GOLDEN)


def test_stakes_without_a_currency_are_play_money() -> None:
    text = HAND.replace("No Limit EUR 0.50/1.00", "No Limit 0.50/1.00").replace("Players(max 6)", "Players (max 6)")
    [record] = read_text(text)
    assert record.hand is not None and record.hand.currency == "PLAY"
    assert record.hand.stakes.big == Decimal(1)


def test_five_card_omaha_hi_lo_pot_limit() -> None:
    [record] = read_text(HAND.replace("Texas Hold'em No Limit", "5-Card Omaha Hi/Lo Pot Limit"))
    assert record.hand is not None
    assert (record.hand.game.value, record.hand.structure.value) == ("five_card_omaha_hi_lo", "pot_limit")
