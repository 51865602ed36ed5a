"""OnGame's 2013-2014 layout (``Start hand: … CET 2014``): the corpus's hands counted apart from the reader, every
one read and replayed to the room's own numbers (each pot and its winners' shares, the rake, every seat's stack
after the hand and its net), the tournament header, the zone abbreviations, and hands written for the edges."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from corpus_cache import audited
from sitekit import (
    CORPUS,
    cases,
    check_fast_path,
    check_fast_path_text,
    check_golden,
    check_named_unknown,
    check_planted,
    read_room,
)

from handlog.audit import audit
from handlog.engine.replay import replay
from handlog.events import Collect, Post, PostType, Raise
from handlog.formats.ongame_2014 import OnGame2014Format
from handlog.reading import read_text

ROOTS = ("fresh/ongame",)
HEADER = re.compile(r"^\ufeff?\*{5} History for hand ([A-Z0-9-]+)(?: \(TOURNAMENT: [^\n]*\))? \*{5}", re.MULTILINE)
_STACK = re.compile(r"^\((?P<stack>[^)]*)\), net: (?P<net>[+-]?[$€]?[0-9.,]+)")

HAND = """\ufeff***** History for hand R5-361875219-14 *****
Start hand: Mon Jan 06 08:58:00 CET 2014
Table: Hospitalet [361875219] (POT_LIMIT OMAHA_HI_LO $5/$5, Real money)
Button: seat 2
Players in round: 2
Seat 1: Player1 ($332.00)\x20
Seat 2: Player2 ($531.00)\x20
Player2 posts small blind ($5)
Player1 posts big blind ($5)
---
Dealing pocket cards
Player2 raises $5.00 to $10.00
Player1 raises $25.00 to $30.00
Player2 calls $20.00
--- Dealing flop [8d, 6c, Kd]
Player1 bets $60.00
Player2 calls $60.00
--- Dealing turn [2d]
Player1 checks
Player2 bets $90.00
Player1 calls $90.00
--- Dealing river [3d]
Player1 bets $80.00
Player2 calls $80.00
---
Summary:
Main pot: $520.00 won by Player1 ($259.50), Player1 ($259.50)
Rake taken: $1
Seat 1: Player1 ($591.00), net: +$259.00, [Ad, Js, 7d, Ah]
Seat 2: Player2 ($271.00), net: -$260.00, [2h, 3c, As, 9h]
***** End of hand R5-361875219-14 *****
"""


SIDE_POT = """***** History for hand R5-361850810-500 *****
Start hand: Mon Jan 06 01:08:00 CET 2014
Table: Bonn [361850810] (NO_LIMIT TEXAS_HOLDEM $0.50/$1, Real money)
Button: seat 1
Players in round: 3
Seat 1: Player1 ($100.00)\x20
Seat 2: Player2 ($20.00)\x20
Seat 3: Player3 ($50.00)\x20
Player2 posts small blind ($0.50)
Player3 posts big blind ($1)
---
Dealing pocket cards
Player1 raises $100.00 to $100.00 [all in]\x20
Player2 calls $19.50 [all in]\x20
Player3 calls $49.00 [all in]\x20
--- Dealing flop [6d, Kd, 8c]
--- Dealing turn [Js]
--- Dealing river [4h]
---
Summary:
Main pot: $60.00 won by Player2 ($58.00)
Side pot 1: $60.00 won by Player3 ($59.00)
Rake taken: $3
Seat 1: Player1 ($50.00), net: -$50.00, [2c, 3d]
Seat 2: Player2 ($58.00), net: +$38.00, [Ks, Kh]
Seat 3: Player3 ($59.00), net: +$9.00, [Ac, Ad]
***** End of hand R5-361850810-500 *****
"""


def _money(text: str) -> Decimal:
    return Decimal(text.replace("$", "").replace("€", "").replace(",", "").replace("+", ""))


def test_corpus_every_hand_read_and_replayed_to_the_rooms_numbers() -> None:
    found = read_room(ROOTS, HEADER, 26, "OnGame")
    _, records, report = found
    assert not [p for p in report.problems if "not a hand history" in p.message]
    for r in records:
        assert r.hand is not None
        result = audited(r.hand)
        assert [v for v in result.violations if v.category.value == "accounting"] == [], r.hand_id
        play = replay(r.hand)
        for seat in r.hand.summary.seats:  # "Seat 1: P ($591.00), net: +$259.00": the stack after and the net
            m = _STACK.match(seat.text)
            assert m is not None, seat.text
            got = play.results.get(seat.player)
            start = next(s.stack for s in r.hand.seats if s.player == seat.player)
            net = got.net if got is not None else Decimal(0)
            assert (start + net, net) == (_money(m.group("stack")), _money(m.group("net"))), (r.hand_id, seat)


def test_a_tournament_header_names_it_and_plays_for_chips() -> None:
    path = CORPUS / "fresh/ongame/62928bf1-GeneralHand.txt"
    if not path.is_file():
        return
    [record] = read_text(path.read_text(encoding="utf-8-sig"))
    hand = record.hand
    assert hand is not None and hand.tournament is not None
    assert (hand.tournament.id, hand.tournament.buy_in, hand.currency) == ("R-10093-864", "€5", "CHIPS")
    assert (hand.hand_id, hand.max_seats, hand.stakes.big) == ("T5-556000000-1", 10, Decimal(200))
    # "Thu Jun 11 20:10:37 CEST 2014": summer time, two hours east of UTC
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2014-06-11T18:10:37+00:00"
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal(400), Decimal(0))


def test_hi_lo_pot_won_twice_by_one_player() -> None:
    [record] = read_text(HAND)
    hand = record.hand
    assert hand is not None and hand.site == "OnGame"
    # "Thu Jan 06 08:58:00 CET 2014": one hour east of UTC in winter
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2014-01-06T07:58:00+00:00"
    # "raises $25.00 to $30.00": to 30 from the big blind's 5
    assert [(e.by, e.to) for e in hand.events if isinstance(e, Raise)] == [
        (Decimal(5), Decimal(10)), (Decimal(20), Decimal(30))
    ]
    assert [e.amount for e in hand.events if isinstance(e, Collect)] == [Decimal("259.50")] * 2
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal(520), Decimal(1))
    assert not audit(hand).violations


def test_an_unknown_zone_leaves_the_utc_time_unknown() -> None:
    [record] = read_text(HAND.replace("CET 2014", "XYZ 2014"))
    assert record.hand is not None and record.hand.time_utc is None


def test_planted_errors_are_caught() -> None:
    check_planted(HAND, [
        ("Rake taken: $1", "Rake taken: $3", "collected-total"),
        ("Player2 calls $20.00", "Player2 calls $15.00", "call-amount"),
    ])


def test_a_damaged_line_is_named() -> None:
    check_named_unknown(HAND.replace("Player1 checks", "Player1 checkz"), 19)


def test_the_2011_layout_is_not_this_one() -> None:
    fmt = OnGame2014Format()
    old = ["***** History for hand R5-22678800-36 *****", "Start hand: Sun Feb 13 14:14:04 GMT+0100 2011"]
    assert not fmt.detect(old)
    assert fmt.detect(HAND.lstrip("\ufeff").splitlines()[:5])
    assert read_text("\n".join(old) + "\n")[0].site == "OnGame"


def test_the_table_driver_reads_as_lark_does() -> None:
    check_fast_path_text(OnGame2014Format(), HAND)


def test_a_returning_players_blinds_and_an_all_in_blind() -> None:
    text = HAND.replace(
        "Player1 posts big blind ($5)", "Player1 posts big blind ($5)\nPlayer3 posts small & big blinds ($10)"
    )
    text = text.replace("Seat 2: Player2 ($531.00)\\x20", "Seat 2: Player2 ($531.00)\nSeat 3: Player3 ($50)")
    text = text.replace("Player2 raises $5.00 to $10.00", "Player2 raises $5.00 to $10.00\nPlayer3 folds")
    text = text.replace("Main pot: $520.00", "Main pot: $530.00").replace("Rake taken: $1", "Rake taken: $11")
    [record] = read_text(text)
    hand = record.hand
    assert hand is not None, record.error
    posts = [e for e in hand.events if isinstance(e, Post)]
    # "small & big blinds ($10)" at $5/$5: the big blind live, 5 dead
    assert [(p.player, p.post, p.amount, p.dead) for p in posts][-1] == (
        "Player3", PostType.BOTH_BLINDS, Decimal(10), Decimal(5))
    assert not [v for v in audit(hand).violations if v.category.value == "accounting"]
    shove = read_text(HAND.replace("Player1 posts big blind ($5)", "Player1 posts big blind ($5) [all in]"))[0].hand
    assert shove is not None


GOLDEN = Path(__file__).parent / "golden" / "ongame_2014"


@pytest.mark.parametrize("name", cases(GOLDEN))
def test_golden(name: str) -> None:
    """A corpus hand (players anonymised) becomes exactly its ``Hand``."""
    check_golden(GOLDEN, name, "OnGame")


def test_the_table_driver_reads_the_goldens_as_lark_does() -> None:
    check_fast_path(OnGame2014Format(), GOLDEN)


def test_a_side_pot_is_paid_from_its_own_pot() -> None:
    """"Side pot 1: $60.00 won by Player3 ($59.00)": the engine's side pot 1, not the main pot again; the uncalled
    50 the room writes no line for comes back to Player1, as its stack after the hand ($50.00) shows."""
    [record] = read_text(SIDE_POT)
    hand = record.hand
    assert hand is not None
    assert [(e.player, e.pot) for e in hand.events if isinstance(e, Collect)] == [
        ("Player2", "main pot"), ("Player3", "side pot-1")]
    assert (hand.summary.main_pot, hand.summary.side_pots) == (Decimal(60), (Decimal(60),))
    assert not audit(hand).violations
    results = replay(hand).results
    assert {s.player: s.stack + results[s.player].net for s in hand.seats} == {
        "Player1": Decimal(50), "Player2": Decimal(58), "Player3": Decimal(59)}


def test_a_dead_blind_of_a_small_blind_is_dead_money() -> None:
    """"P posts dead blind ($2.50)" at $2.50/$5 (a missed small blind): in the pot, not in the player's bet, so
    the big blind's 5 is still the bet to call; a Pacific zone (PST) is eight hours behind UTC."""
    text = HAND.replace("$5/$5", "$2.50/$5").replace("CET 2014", "PST 2014")
    blinds = "Player1 posts big blind ($5)"
    text = text.replace(blinds, blinds + "\nPlayer1 posts dead blind ($2.50)")
    text = text.replace("Main pot: $520.00", "Main pot: $522.50").replace("Rake taken: $1", "Rake taken: $3.50")
    text = text.replace("Player1 ($591.00), net: +$259.00", "Player1 ($588.50), net: +$256.50")  # his 2.50 more
    [record] = read_text(text)
    hand = record.hand
    assert hand is not None, record.error
    assert [(p.post, p.amount) for p in hand.events if isinstance(p, Post)][-1] == (PostType.DEAD_BLIND, Decimal("2.5"))
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2014-01-06T16:58:00+00:00"
    assert not [v for v in audit(hand).violations if v.category.value == "accounting"]
