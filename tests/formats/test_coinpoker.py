"""CoinPoker (PokerStars' layout with its own header, all-in raises without a total, hands cancelled after the
deal): the corpus's hands counted apart from the reader and replayed to the room's own numbers, and hands written
for the edges (a file saved from a text view, a damaged line)."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import (
    accounting_off,
    cases,
    check_fast_path,
    check_fast_path_text,
    check_golden,
    check_named_unknown,
    check_planted,
    read_room,
)

from handlog.audit import audit
from handlog.events import Collect, Raise
from handlog.formats.coinpoker import CoinPokerFormat
from handlog.reading import read_text

ROOTS = ("fresh/coinpoker",)
HEADER = re.compile(r"^\ufeff?CoinPoker Hand #([0-9]+): ", re.MULTILINE)

HAND = """CoinPoker Hand #352024761: Hold'em No Limit (0.01/0.02 ) 2025/12/28 00:10:17 GMT
Table 'NL \u20ae2 II' 7-max Seat #5 is the button
Seat 1: Player1 (1.85 in chips)
Seat 5: Player5 (0.64 in chips)
Seat 6: Player6 (2.00 in chips)
Seat 7: Hero (1.89 in chips)
Player6: posts small blind 0.01
Hero: posts big blind 0.02
*** HOLE CARDS ***
Dealt to Hero [8d 7h]
Player1: folds
Player5: calls 0.02
Player6: raises 0.16 to 0.18
Hero: folds
Player5: calls 0.16
*** FLOP *** [Kc 7s Td]
Player6: bets 0.24
Player5: raises 0.46 and is all-in
Player6: calls 0.22
*** TURN *** [Kc 7s Td] [8h]
*** RIVER *** [Kc 7s Td 8h] [9s]
*** SHOW DOWN ***
Player5: shows [Kd 7d] (two pairs, Kings and Sevens)
Player6: shows [Tc As] (a pair of Tens)
Player5 collected 1.23 from pot
*** SUMMARY ***
Total pot 1.30 | Rake 0.07
Board [ Kc 7s Td 8h 9s ]
Game ended: 2025/12/28 00:11:07 GMT
Seat 1: Player1 folded before Flop (didn't bet)
Seat 5: Player5 (button) showed [Kd 7d] and won (1.23) with two pairs, Kings and Sevens
Seat 6: Player6 (small blind) showed [Tc As]
Seat 7: Hero (big blind) folded before Flop
"""


def test_corpus_every_hand_read_and_replayed_to_the_rooms_numbers() -> None:
    found = read_room(ROOTS, HEADER, 2, "CoinPoker")
    _, records, _ = found
    assert accounting_off(records) == {}
    cancelled = next(r.hand for r in records if r.hand is not None and r.hand.hand_id == "185509980")
    assert cancelled.cancelled and cancelled.tournament is not None
    assert (cancelled.tournament.id, cancelled.currency, cancelled.stakes.ante) == ("1287772", "CHIPS", 100)
    assert (cancelled.summary.total_pot, cancelled.summary.rake) == (Decimal(1310), Decimal(0))


def test_an_all_in_raise_without_its_total() -> None:
    [record] = read_text(HAND)
    hand = record.hand
    assert hand is not None and hand.site == "CoinPoker"
    assert (hand.currency, hand.table, hand.max_seats) == ("USDT", "NL \u20ae2 II", 7)
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2025-12-28T00:10:17+00:00"
    # "raises 0.46 and is all-in" over a bet of 0.24: to 0.46 (Player5's last chips), by 0.22 (called 0.22)
    assert [(e.by, e.to, e.all_in) for e in hand.events if isinstance(e, Raise)] == [
        (Decimal("0.16"), Decimal("0.18"), False), (Decimal("0.22"), Decimal("0.46"), True)]
    assert hand.summary.boards == (("Kc", "7s", "Td", "8h", "9s"),)
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal("1.30"), Decimal("0.07"))
    assert [e.amount for e in hand.events if isinstance(e, Collect)] == [Decimal("1.23")]
    assert not audit(hand).violations


def test_a_file_saved_from_a_text_view_is_read_alike() -> None:
    plain = read_text(HAND)[0].hand
    viewed = read_text("\ufeff" + HAND.replace("\n", "\r\n"))[0].hand
    assert plain is not None and viewed is not None
    assert viewed.events == plain.events and viewed.summary == plain.summary


def test_planted_errors_are_caught() -> None:
    check_planted(HAND, [
        ("Total pot 1.30 | Rake 0.07", "Total pot 1.30 | Rake 0.05", "collected-total"),
        ("Player6: calls 0.22", "Player6: calls 0.20", "call-amount"),
    ])


def test_a_damaged_line_is_named() -> None:
    check_named_unknown(HAND.replace("Player6: bets 0.24", "Player6: bet 0.24"), 17)


def test_the_table_driver_reads_as_lark_does() -> None:
    check_fast_path_text(CoinPokerFormat(), HAND)


GOLDEN = Path(__file__).parent / "golden" / "coinpoker"


@pytest.mark.parametrize("name", cases(GOLDEN))
def test_golden(name: str) -> None:
    """A corpus hand (players anonymised) becomes exactly its ``Hand``."""
    check_golden(GOLDEN, name, "CoinPoker")


def test_the_table_driver_reads_the_goldens_as_lark_does() -> None:
    check_fast_path(CoinPokerFormat(), GOLDEN)
