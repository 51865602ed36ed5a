"""WePlay (PokerStars' layout, its own header, table line, raises and rake): the corpus's hands counted apart from
the reader, every one read and replayed to the room's numbers (total pot, rake, collects) and each player's stack
carried to the next hand's seat line; hands written for the edges (a file saved from a text view with a BOM and
CRLF line ends, a split pot's rake, a damaged line)."""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import pytest
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
from handlog.events import Collect, Notice, Raise
from handlog.formats.weplay import WePlayFormat, rake_shares
from handlog.reading import read_text

ROOTS = ("fresh/weplay",)
HEADER = re.compile(r"^\ufeff?Weplay Hand #([0-9]+): ", re.MULTILINE)

HAND = """Weplay Hand #73968509:  Hold'em No Limit ($2/$5) - 2026/01/28 15:23:10 UTC
Table 'Glasgow #1'(11510800) 6-max (Money 3) Seat #1 is the button
Seat 1: Player1 ($367 in chips)
Seat 3: Player2 ($389.48 in chips)
Seat 6: Player3 ($212.66 in chips)
Player2: posts small blind $2
Player3: posts big blind $5
*** HOLE CARDS ***
Dealt to Player1 [As 9c]
Player1: raises $10 to $10
Player2: folds
Player3: calls $5
*** FLOP *** [4s Jc Kh]
Player3: checks
Player2 is disconnected
Player1: bets $5.28
Player3: calls $5.28
*** TURN *** [4s Jc Kh] [9d]
Player3: checks
Player1: checks
*** RIVER *** [4s Jc Kh 9d] [8s]
Player3: checks
Player1: checks
*** SHOW DOWN ***
Player3: shows [Jh Td] (a pair of Jacks)
Player1: mucks hand
Player3 collected $32.56 from pot
*** SUMMARY ***
Total pot $32.56 | Rake $0.81
Board [4s Jc Kh 9d 8s]
Seat 1: Player1 (button) mucked
Seat 3: Player2 (small blind) folded before Flop
Seat 6: Player3 (big blind) showed [Jh Td] and won ($32.56) with a pair of Jacks
"""


def test_corpus_every_hand_read_and_replayed_to_the_rooms_numbers() -> None:
    found = read_room(ROOTS, HEADER, 27, "WePlay")
    _, records, _ = found
    hands = [r.hand for r in records if r.hand is not None]
    for hand in hands:
        assert [v for v in audit(hand).violations] == [], hand.hand_id
    # the room's stacks: what each player has after a hand is their stack on the next hand's seat line
    for hand, after in pairwise(hands):
        results = replay(hand).results
        for seat in after.seats:
            before = hand.seat_of(seat.player)
            if before is None:
                continue
            net = results[seat.player].net if seat.player in results else Decimal(0)
            assert before.stack + net == seat.stack, (hand.hand_id, seat.player)


def test_the_winner_pays_the_rake_after_collecting_the_whole_pot() -> None:
    [record] = read_text(HAND)
    hand = record.hand
    assert hand is not None and hand.site == "WePlay"
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2026-01-28T15:23:10+00:00"
    assert (hand.table, hand.max_seats, hand.button, hand.currency) == ("Glasgow #1", 6, 1, "USD")
    # "Total pot $32.56 | Rake $0.81": the room's numbers, unchanged
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal("32.56"), Decimal("0.81"))
    # "collected $32.56": the whole pot; the winner keeps 32.56 - 0.81, as the next hand's stack shows
    assert [e.amount for e in hand.events if isinstance(e, Collect)] == [Decimal("31.75")]
    assert any(isinstance(e, Notice) and "rake of 0.81" in e.text for e in hand.events)
    # "Player1: raises $10 to $10": to 10, by 5 over the big blind
    assert [(e.by, e.to) for e in hand.events if isinstance(e, Raise)] == [(Decimal(5), Decimal(10))]
    assert not audit(hand).violations


def test_a_file_saved_from_a_text_view_is_read_alike() -> None:
    plain = read_text(HAND)[0].hand
    viewed = read_text("\ufeff" + HAND.replace("\n", "\r\n"))[0].hand
    assert plain is not None and viewed is not None
    assert viewed.events == plain.events and viewed.summary == plain.summary


def test_a_split_pot_shares_the_rake_pro_rata() -> None:
    collects = [Collect(line=1, player="a", amount=Decimal("10.01")), Collect(line=2, player="b", amount=Decimal(10))]
    assert rake_shares(collects, Decimal("0.51")) == [Decimal("0.26"), Decimal("0.25")]


def test_a_stated_rake_the_pot_does_not_pay_is_caught() -> None:
    assert "collected-total" in caught_in(HAND, "Player3 collected $32.56", "Player3 collected $30.56")


def test_the_deal_written_again_after_the_showdown_is_a_notice() -> None:
    again = HAND.replace("Player3 collected", "*** HOLE CARDS ***\nDealt to Player1 [As 9c]\nPlayer3 collected")
    [record] = read_text(again)
    assert record.hand is not None
    assert sum(isinstance(e, Notice) and "written again" in e.text for e in record.hand.events) == 2
    assert not audit(record.hand).violations


def test_a_damaged_line_is_named() -> None:
    check_named_unknown(HAND.replace("Player3: calls $5.28", "Player3: callz $5.28"), 17)


def test_the_table_driver_reads_as_lark_does() -> None:
    check_fast_path_text(WePlayFormat(), HAND)


def test_a_tournament_header_as_pokerstars_writes_it() -> None:
    header = "Weplay Hand #1: Tournament #55, $10+$1 USD Hold'em No Limit - Level I (10/20) - 2026/01/28 15:22:37 UTC"
    text = HAND.replace(HAND.splitlines()[0], header).replace("$", "")
    [record] = read_text(text)
    hand = record.hand
    assert hand is not None and hand.tournament is not None, record.error
    assert (hand.tournament.id, hand.currency, hand.stakes.big) == ("55", "CHIPS", Decimal(20))


GOLDEN = Path(__file__).parent / "golden" / "weplay"


@pytest.mark.parametrize("name", cases(GOLDEN))
def test_golden(name: str) -> None:
    """A corpus hand (players anonymised) becomes exactly its ``Hand``."""
    check_golden(GOLDEN, name, "WePlay")


def test_the_table_driver_reads_the_goldens_as_lark_does() -> None:
    check_fast_path(WePlayFormat(), GOLDEN)
