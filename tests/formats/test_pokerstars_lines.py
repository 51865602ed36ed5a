"""PokerStars line kinds one by one, on small hands written for the purpose (forms the corpus lacks included)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from handlog.audit import audit
from handlog.events import Hand, PostType, Structure
from handlog.formats.pokerstars import PokerStarsFormat
from handlog.reading import HandRecord, read_text

HEADER = "PokerStars Hand #200000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET"
TABLE = "Table 'Alpha' 6-max Seat #1 is the button"
SEATS = """Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)"""
BLINDS = """Alice: posts small blind $0.05
Bob: posts big blind $0.10"""
SUMMARY = """*** SUMMARY ***
Total pot $0.15 | Rake $0
Seat 1: Hero (button) collected ($0.15)"""


def hand_text(
    body: str = "Alice: folds\nBob: folds", *, header: str = HEADER, seats: str = SEATS, posts: str = BLINDS
) -> str:
    return "\n".join([header, TABLE, seats, posts, "*** HOLE CARDS ***", body, SUMMARY]) + "\n"


def one(text: str) -> HandRecord:
    records = read_text(text)
    assert len(records) == 1
    return records[0]


def parsed(text: str) -> Hand:
    record = one(text)
    assert record.error is None, record.error.describe() if record.error else ""
    assert record.hand is not None
    return record.hand


def test_a_plain_hand() -> None:
    hand = parsed(hand_text())
    assert hand.hand_id == "200000000001"
    assert hand.structure is Structure.NO_LIMIT
    assert hand.stakes.small == Decimal("0.05") and hand.stakes.big == Decimal("0.10")
    assert hand.currency == "USD"
    assert [s.player for s in hand.seats] == ["Hero", "Alice", "Bob"]
    assert [e.kind for e in hand.events] == ["post", "post", "street", "fold", "fold"]


def test_zoom_hand_header() -> None:
    header = "PokerStars Zoom Hand #165000000001:  Hold'em No Limit ($0.05/$0.10) - 2017/01/01 12:00:00 ET"
    hand = parsed(hand_text(header=header))
    assert hand.zoom
    assert hand.hand_id == "165000000001"


def test_pot_limit_preflop_no_limit_postflop_header() -> None:
    header = (
        "PokerStars Hand #200000000002:  Hold'em Pot Limit Pre-Flop, No Limit Post-Flop ($0.05/$0.10 USD)"
        " - 2020/01/02 3:04:05 ET"
    )
    hand = parsed(hand_text(header=header))
    assert hand.structure is Structure.PL_PREFLOP_NL_POSTFLOP
    assert PokerStarsFormat().peek(header).structure == "pl_preflop_nl_postflop"


def test_upper_case_header_of_a_pokertracker_export() -> None:
    header = "POKERSTARS GAME #13177128246:  HOLD'EM NO LIMIT ($2/$4) - 2007/11/11 - 13:27:23 (ET)"
    hand = parsed(hand_text(header=header))
    assert hand.game_name == "HOLD'EM"
    assert hand.time_utc is not None and hand.time_utc.hour == 18


def test_italian_adm_id_in_header() -> None:
    header = (
        "PokerStars Hand #247946884164: Tournament #3688115389, €45+€45+€10 EUR Hold'em No Limit - Level I"
        " (125/250) [ADM ID: M5B4211F65DB6CXO] - 2023/12/29 23:04:22 CET [2023/12/29 17:04:22 ET]"
    )
    hand = parsed(hand_text(header=header, posts="Alice: posts small blind 125\nBob: posts big blind 250"))
    assert hand.tournament is not None and hand.tournament.id == "3688115389"
    assert hand.stakes.big == 250


@pytest.mark.parametrize(
    ("line", "post", "amount", "dead", "all_in"),
    [
        ("Alice: posts small blind $0.05", PostType.SMALL_BLIND, "0.05", "0", False),
        ("Bob: posts big blind $0.10", PostType.BIG_BLIND, "0.10", "0", False),
        ("Hero: posts small & big blinds $0.15", PostType.BOTH_BLINDS, "0.15", "0.05", False),
        ("Hero: posts small & big blinds $0.08 and is all-in", PostType.BOTH_BLINDS, "0.08", "0", True),
        ("Hero: posts straddle $0.20", PostType.STRADDLE, "0.20", "0", False),
        ("Hero: posts button blind $0.10", PostType.BUTTON_BLIND, "0.10", "0", False),
        ("Hero: posts the ante $0.01", PostType.ANTE, "0.01", "0", False),
        ("Hero: posts big blind $0.04 and is all-in", PostType.BIG_BLIND, "0.04", "0", True),
    ],
)
def test_every_form_of_post(line: str, post: PostType, amount: str, dead: str, all_in: bool) -> None:
    hand = parsed(hand_text(posts=BLINDS + "\n" + line))
    event = [e for e in hand.events if e.kind == "post"][-1]
    assert event.model_dump(exclude={"line", "kind"}) == {
        "player": line.split(":")[0], "post": post, "amount": Decimal(amount), "dead": Decimal(dead),
        "all_in": all_in,
    }


def test_dead_blind_of_a_returning_player_after_the_button() -> None:
    posts = "Alice: posts small blind $0.05\nBob: posts big blind $0.10\nHero: posts small & big blinds $0.15"
    hand = parsed(hand_text(posts=posts, body="Hero: checks\nAlice: folds\nBob: checks"))
    both = hand.events[2]
    assert both.kind == "post" and both.post is PostType.BOTH_BLINDS and both.dead == Decimal("0.05")


def test_names_with_spaces_colons_and_brackets() -> None:
    seats = "Seat 1: Hero ($10 in chips)\nSeat 2: PC [Mittel] ($10 in chips)\nSeat 3: a: b ($10 in chips)"
    posts = "PC [Mittel]: posts small blind $0.05\na: b: posts big blind $0.10"
    body = "Dealt to PC [Mittel] [Ah Kd]\nHero: folds\nPC [Mittel]: raises $0.20 to $0.30\na: b: folds"
    hand = parsed(hand_text(seats=seats, posts=posts, body=body))
    deal = next(e for e in hand.events if e.kind == "deal_hole")
    assert deal.player == "PC [Mittel]" and deal.cards == ("Ah", "Kd")
    assert [getattr(e, "player", None) for e in hand.events][-3:] == ["Hero", "PC [Mittel]", "a: b"]


def test_seat_sitting_out_is_a_seat_not_a_status_change() -> None:
    seats = SEATS + "\nSeat 4: Carol ($10 in chips) is sitting out"
    hand = parsed(hand_text(seats=seats))
    carol = hand.seat_of("Carol")
    assert carol is not None and carol.sitting_out
    assert not any(e.kind == "status" for e in hand.events)


def test_chat_status_and_notice_lines_are_events_in_place() -> None:
    body = (
        'Alice said, "nice "hand" Bob: folds"\nCarol joins the table at seat #4\nAlice: folds\n'
        "Bob has timed out\nBob: folds\nBob is sitting out\nBetting is capped"
    )
    hand = parsed(hand_text(body=body))
    got = [(e.kind, getattr(e, "player", None)) for e in hand.events[3:]]
    assert got == [
        ("chat", "Alice"), ("status", "Carol"), ("fold", "Alice"), ("status", "Bob"), ("fold", "Bob"),
        ("status", "Bob"), ("notice", None),
    ]
    chat = hand.events[3]
    assert chat.kind == "chat" and chat.text == 'nice "hand" Bob: folds'
    join = hand.events[4]
    assert join.kind == "status" and join.seat == 4


def test_shown_cards_hidden_by_a_converter() -> None:
    body = "Alice: folds\nBob: checks\n*** SHOW DOWN ***\nBob: shows [XX Qs] ()\nBob collected $0.15 from pot"
    summary_hand = hand_text(body=body).replace(
        "Seat 1: Hero (button) collected ($0.15)", "Seat 3: Bob (big blind) showed [XX Qs] and won ($0.15)"
    )
    hand = parsed(summary_hand)
    show = next(e for e in hand.events if e.kind == "show")
    assert show.kind == "show" and show.cards == ("Qs",) and show.unknown == 1
    assert hand.summary.seats[0].shown == ("Qs",)


def test_a_bad_card_is_a_clear_error() -> None:
    # a known line whose cards cannot be read, naming a seated player: an action in a new form
    # (docs/unknown-lines.md), an error of the audit that names the line
    record = one(hand_text(body="Dealt to Hero [Ah Kd] [of]\nAlice: folds\nBob: folds"))
    assert record.hand is not None
    (found,) = [v for v in audit(record.hand).violations if v.code == "unknown-action"]
    assert found.line == 9 and "Dealt to Hero [Ah Kd] [of]" in found.message


def test_an_unknown_line_says_where_and_what_was_expected() -> None:
    # a line no line of the grammar matches is kept, the hand read on; a known line out of place still fails
    record = one(hand_text(body="Alice: folds\nBob: dances a jig\nBob: folds"))
    assert record.hand is not None
    (found,) = [v for v in audit(record.hand).violations if v.code == "unknown-line"]
    assert found.line == 10 and "Bob: dances a jig" in found.message
    record = one(hand_text(body="Alice: folds\nBob: dances a jig\n*** HOLE CARDS ***\nBob: folds"))
    assert record.error is not None
    assert record.hand_id == "200000000001" and record.game == "holdem" and record.structure == "no_limit"


def test_a_line_out_of_place_is_named() -> None:
    record = one(hand_text(body="Alice: folds\nSeat 4: Carol ($1 in chips)"))
    assert record.error is not None
    assert record.error.message == "a seat line ('Seat 1: P ($1 in chips)') cannot come here"


def test_a_truncated_hand() -> None:
    text = "\n".join([HEADER, TABLE, SEATS, BLINDS, "*** HOLE CARDS ***", "Alice: folds"])
    record = one(text)
    assert record.error is not None
    assert record.error.message == "the hand ends too early (truncated?)"
    assert record.error.line == 9


@pytest.mark.parametrize(
    ("header", "game", "structure"),
    [
        (HEADER, "holdem", "no_limit"),
        (
            "PokerStars Hand #153368666353: Zoom Tournament #1537004521, $24.55+$2.45 USD Mixed Omaha"
            " (5 Card Omaha Pot Limit) - Level II (15/30) - 2016/05/16 0:09:38 EET [2016/05/15 17:09:38 ET]",
            "five_card_omaha", "pot_limit",
        ),
        (
            "PokerStars Game #47282250043: Tournament #294435598, $2.00+$0.20 USD Mixed Hold'em (Hold'em Limit)"
            " - Level I (40/80) - 2010/07/26 4:19:43 ET",
            "holdem", "fixed_limit",
        ),
        (
            "PokerStars Hand #199247789909:  6+ Hold'em No Limit (Button Blind $2 - Ante $2  USD)"
            " - 2019/04/13 18:36:55 CET [2019/04/13 12:36:55 ET]",
            "6plus_holdem", "no_limit",
        ),
        ("PokerStars Hand #1: something else entirely", None, None),
    ],
)
def test_peek_reads_a_header_cheaply(header: str, game: str | None, structure: str | None) -> None:
    facts = PokerStarsFormat().peek(header)
    assert (facts.game, facts.structure) == (game, structure)


def test_glued_header_is_found_only_in_the_middle_of_a_line() -> None:
    fmt = PokerStarsFormat()
    glued = "*** RIVER *** [4d Kh J" + HEADER
    assert fmt.glued_header(glued) == len("*** RIVER *** [4d Kh J")
    assert fmt.glued_header(HEADER) == -1
    assert fmt.glued_header('Alice said, "' + HEADER + '"') == -1
    assert fmt.glued_header("Alice: folds") == -1


def test_draw_game_lines() -> None:
    header = "PokerStars Hand #49934100000:  5 Card Draw No Limit ($0.25/$0.50 USD) - 2010/09/20 20:50:00 PT"
    body = (
        "Dealt to Hero [2c 3c 4c 5c Kd]\nAlice: calls $0.40\nHero: raises $1 to $1.50\nAlice: calls $1\n"
        "Bob: folds\n*** FIRST DRAW ***\nAlice: discards 2 cards\nHero: discards 1 card [Kd]\n"
        "Dealt to Hero [2c 3c 4c 5c] [6c]\nAlice: stands pat\nAlice: checks\nHero: checks"
    )
    hand = parsed(hand_text(header=header, body=body).replace("*** HOLE CARDS ***", "*** DEALING HANDS ***"))
    kinds = [(e.kind, getattr(e, "player", None)) for e in hand.events]
    assert ("discard", "Alice") in kinds and ("stand_pat", "Alice") in kinds
    discard = next(e for e in hand.events if e.kind == "discard" and e.player == "Hero")
    assert discard.kind == "discard" and discard.count == 1 and discard.cards == ("Kd",)
    redeal = [e for e in hand.events if e.kind == "deal_hole"][-1]
    assert redeal.kind == "deal_hole" and redeal.new == ("6c",)


# ---------------------------------------------------------------- lines still unread before issue 15

def _with_line(copy: str, after: str, line: str) -> str:
    """An engine test hand (``tests/engine/hands``) with ``line`` inserted after its first line containing
    ``after``."""
    text = (Path(__file__).resolve().parents[1] / "engine" / "hands" / copy).read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(i for i, x in enumerate(lines) if after in x)
    return "\n".join([*lines[: at + 1], line, *lines[at + 1 :]]) + "\n"


def test_a_shared_bounty_is_read_as_a_notice() -> None:
    """A knockout shared by two players who eliminated the same player: "A, B split the $50 bounty for
    eliminating C" (PokerStars' wording) is the room's notice, no action."""
    shared = "Player1, Hero split the $50 bounty for eliminating Player3"
    hand = parsed(_with_line("nl_mtt_side_pots.txt", " collected ", shared))
    assert shared in [e.text for e in hand.events if e.kind == "notice"]


def test_the_deck_reshuffled_in_a_draw_game_is_read_as_a_notice() -> None:
    """Draw games: when the stub cannot replace every discard, PokerStars writes "The deck is reshuffled" before
    the replacements; the engine then lets discarded cards be dealt again (``state.see``)."""
    text = _with_line("draw_fl_multiway.txt", "Player3: discards 3 cards", "The deck is reshuffled")
    hand = parsed(text)
    assert "The deck is reshuffled" in [e.text for e in hand.events if e.kind == "notice"]


def test_fixed_limit_written_by_a_converter_is_fixed_limit() -> None:
    """Converted logs in PokerStars' layout may say "Fixed Limit" where PokerStars says "Limit"."""
    header = "PokerStars Hand #3000000001: Omaha Fixed Limit ($0.10/$0.20) - 2017/03/08 20:45:32"
    body = "Hero: folds\nAlice: folds"
    posts = "Alice: posts small blind $0.05\nBob: posts big blind $0.10"
    seats = "Seat 1: Hero ($10 in chips)\nSeat 2: Alice ($10 in chips)\nSeat 3: Bob ($10 in chips)"
    hand = parsed(hand_text(body, header=header, posts=posts, seats=seats))
    assert hand.structure is Structure.FIXED_LIMIT
    assert hand.game.value == "omaha"
    assert PokerStarsFormat().peek(header).structure == "fixed_limit"


def test_a_converters_table_deposit_is_a_notice_not_an_error() -> None:
    """Converted logs record chips a player adds to the table ("Bob: Table deposit $5.50"): the room's notice,
    no action of the hand; the hand around it reads as before."""
    deposit = "Bob: Table deposit $5.50"
    plain = parsed(hand_text())
    hand = parsed(hand_text("Alice: folds\nBob: folds\n" + deposit))
    assert [e.text for e in hand.events if e.kind == "notice"] == [deposit]
    assert [e.kind for e in hand.events if e.kind != "notice"] == [e.kind for e in plain.events]


COURCHEVEL_2013 = """\
PokerStars Hand #96000000001:  Courchevel Pot Limit ($0.10/$0.25 USD) - 2013/03/29 17:00:00 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Alice ($30 in chips)
Seat 2: Bob ($25 in chips)
Seat 3: Carol ($40 in chips)
Bob: posts small blind $0.10
Carol: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Alice [Ah Kd Qc 9s 8h]
*** PRE-FLOP *** [7d]
Alice: raises $0.50 to $0.75
Bob: folds
Carol: calls $0.50
*** FLOP *** [7d Tc 2s]
Carol: checks
Alice: bets $1.60
Carol: folds
Uncalled bet ($1.60) returned to Alice
Alice collected $1.55 from pot
*** SUMMARY ***
Total pot $1.60 | Rake $0.05
Board [7d Tc 2s]
Seat 1: Alice (button) collected ($1.55)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) folded on the Flop
"""


def test_a_courchevel_flop_written_whole_in_one_bracket() -> None:
    """Courchevel deals the first flop card before the first betting round ("*** PRE-FLOP *** [7d]"); a 2013 log
    then writes the whole flop in one bracket ("*** FLOP *** [7d Tc 2s]"), later ones "[7d] [Tc 2s]". The
    bracket's first card is the one already dealt, so the flop adds two (the held-out fpdb file
    PL-Courchevel…201303 was flagged board-count, duplicate-card and three board-mismatch)."""
    from handlog.audit import audit
    from handlog.events import StreetStart

    (record,) = read_text(COURCHEVEL_2013)
    assert record.hand is not None
    streets = [(e.street.value, e.board, e.cards) for e in record.hand.events if isinstance(e, StreetStart)]
    assert streets == [("preflop", (), ()), ("preflop", (), ("7d",)), ("flop", ("7d",), ("Tc", "2s"))]
    assert not audit(record.hand).violations
    # a one-bracket flop that does not start with the card already dealt is three new cards: still an error
    (wrong,) = read_text(COURCHEVEL_2013.replace("*** FLOP *** [7d Tc 2s]", "*** FLOP *** [6d Tc 2s]"))
    assert wrong.hand is not None
    assert "board-count" in {v.code for v in audit(wrong.hand).violations}
