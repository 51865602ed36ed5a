"""PokerNow's "download full log" CSV: hands written here, golden hands from the corpus, and the corpus itself.

The hands written here are CSV logs as PokerNow writes them (``entry,at,order``, newest row first, through
``csv``); what each test expects comes from the log's own numbers (its "Player stacks", "collected" and
"Uncalled bet" lines, its ledger's stacks), worked out by hand in the comments.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import pytest
from corpus_files import CORPUS
from goldens import cases, check_golden

from handlog.anonymize import Anonymizer
from handlog.audit import audit
from handlog.engine import Category, Severity, replay
from handlog.events import (
    Collect,
    DealHole,
    Game,
    Hand,
    Notice,
    Post,
    PostType,
    Street,
    StreetStart,
    Structure,
    UnknownLine,
)
from handlog.formats.pokernow import display_name, player_id, read_rows, session_results
from handlog.reading import read, read_text, registry
from handlog.reading.decode import iter_lines
from handlog.writing.pokerstars import hands_to_pokerstars

D = Decimal
GOLDEN = Path(__file__).parent / "golden_pokernow"
FRESH = CORPUS / "fresh" / "pokernow-csv"
SMITH = "Smith, J @ aB3_x-9Zq1"  # a name with a comma: the CSV quotes it
ANN = "Ann @ Cc4-dd5Ee6"
BO = "Bo @ Zz9_yy8Xx7"
CY = "Cy @ Qq1rr2Ss3t"


def q(player: str) -> str:
    return f'"{player}"'


def log(entries: list[str]) -> str:
    """A PokerNow log of ``entries`` (in time order): newest row first, a second apart, with their order numbers."""
    start = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["entry", "at", "order"])
    for i in reversed(range(len(entries))):
        moment = start + timedelta(seconds=i)
        at = moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")
        writer.writerow([entries[i], at, f"{int(moment.timestamp() * 1000)}00"])
    return out.getvalue()


HAND_7 = [
    f"-- starting hand #7 (id: abc123xyz)  (No Limit Texas Hold'em) (dealer: {q(SMITH)}) --",
    f"Player stacks: #1 {q(SMITH)} (100.00) | #3 {q(ANN)} (50.00) | #7 {q(BO)} (80.00)",
    "Your hand is A♠, K♦",
    f"{q(ANN)} posts a small blind of 0.50",
    f"{q(BO)} posts a big blind of 1.00",
    f"{q(SMITH)} raises to 3.00",
    f"{q(ANN)} calls 3.00",
    f"{q(BO)} folds",
    "Flop:  [10♠, 7♥, 2♣]",
    f"{q(ANN)} checks",
    f"{q(SMITH)} bets 4.50",
    f"{q(ANN)} calls 4.50",
    "Turn: 10♠, 7♥, 2♣ [K♣]",
    f"{q(ANN)} checks",
    f"{q(SMITH)} bets 10.00",
    f"{q(ANN)} folds",
    f"Uncalled bet of 10.00 returned to {q(SMITH)}",
    f"{q(SMITH)} collected 16.00 from pot",  # 3 + 3 + 1 + 4.50 + 4.50
    "-- ending hand #7 --",
    f"{q(SMITH)} shows a A♠, K♦.",  # shown after the hand: the hero's cards are Smith's
]
# Smith: 16 - 7.50 = +8.50; Ann: -7.50; Bo: -1.
HAND_8 = [
    f"-- starting hand #8 (id: def456uvw)  (No Limit Texas Hold'em) (dealer: {q(BO)}) --",
    f"Player stacks: #1 {q(SMITH)} (108.50) | #3 {q(ANN)} (42.50) | #7 {q(BO)} (79.00)",
    f"{q(SMITH)} posts a small blind of 0.50",
    f"{q(ANN)} posts a big blind of 1.00",
    f"{q(BO)} posts a straddle of 2.00",
    f"{q(SMITH)} raises to 10.00",
    f"{q(ANN)} raises to 42.50 and go all in",
    f"{q(BO)} folds",
    f"{q(SMITH)} calls 42.50",
    "Remaining players decide whether to run it twice.",
    f"{q(ANN)} chooses to  run it twice.",
    f"{q(SMITH)} chooses to  run it twice.",
    "All players in hand choose to run it twice.",
    f"{q(ANN)} shows a Q♥, Q♣.",
    f"{q(SMITH)} shows a A♥, K♥.",
    "Flop:  [2♦, 7♠, 9♣]",
    "Turn: 2♦, 7♠, 9♣ [4♥]",
    "River: 2♦, 7♠, 9♣, 4♥ [3♦]",
    "Flop (second run):  [A♦, 8♠, 5♣]",
    "Turn (second run): A♦, 8♠, 5♣ [J♦]",
    "River (second run): A♦, 8♠, 5♣, J♦ [6♠]",
    f"{q(ANN)} collected 43.50 from pot with Pair, Q's (combination: Q♥, Q♣, 9♣, 7♠, 4♥)",
    f"{q(SMITH)} collected 43.50 from pot with Pair, A's on the second run  (combination: A♥, A♦, K♥, J♦, 8♠)",
    "-- ending hand #8 --",
]
# The pot is 42.50 + 42.50 + 2 = 87, half on each board. Ann: +1; Smith: +1; Bo: -2.
HAND_9 = [
    "-- starting hand #9  (No Limit Texas Hold'em) (dead button) --",
    f"Player stacks: #1 {q(SMITH)} (109.50) | #3 {q(ANN)} (43.50) | #5 {q(CY)} (60.00) | #7 {q(BO)} (97.00)",
    f"{q(ANN)} posts a small blind of 0.50",
    f"{q(CY)} posts a big blind of 1.00",
    f"{q(BO)} posts a missing small blind of 0.50",
    f"{q(BO)} posts a missed big blind of 1.00",
    f"{q(BO)} checks",
    f"{q(SMITH)} folds",
    f"{q(ANN)} calls 1.00",
    f"{q(CY)} checks",
    "Flop:  [K♠, 8♦, 3♣]",
    f"{q(ANN)} checks",
    f"{q(CY)} bets 2.00",
    f"{q(BO)} folds",
    f"{q(ANN)} folds",
    f"Uncalled bet of 2.00 returned to {q(CY)}",
    f"{q(CY)} collected 3.50 from pot",  # 1 + 1 + 1 live, 0.50 dead
    "-- ending hand #9 --",
]
# Cy: 3.50 - 1 = +2.50; Ann: -1; Bo: -1.50 (his missing small blind is dead); Smith: 0.
SESSION = [
    f"The player {q(SMITH)} requested a seat.",
    f"The admin approved the player {q(SMITH)} participation with a stack of 100.00.",
    f"The player {q(SMITH)} joined the game with a stack of 100.00.",
    f"The player {q(ANN)} joined the game with a stack of 50.00.",
    f"The admin approved the player {q(BO)} participation with a stack of 80.00.",
    f"The player {q(BO)} joined the game with a stack of 80.00.",
    *HAND_7,
    *HAND_8,
    f"WARNING: the admin queued the stack change for the player {q(BO)} adding 20.00 chips in the next hand.",
    f"The admin updated the player {q(BO)} stack from 77.00 to 97.00.",
    f"The admin approved the player {q(CY)} participation with a stack of 60.00.",
    f"The player {q(CY)} joined the game with a stack of 60.00.",
    *HAND_9,
    f"The player {q(SMITH)} stand up with the stack of 109.50.",
    f"The player {q(ANN)} quits the game with a stack of 42.50.",
    f"The player {q(CY)} stand up with the stack of 62.50.",
    f"The player {q(BO)} quits the game with a stack of 95.50.",
]
"""Smith brings 100 and stands up with 109.50 (+9.50 = 8.50 + 1 + 0); Ann 50 → 42.50 (-7.50 = -7.50 + 1 - 1); Bo 80
and 20 added → 95.50 (-4.50 = -1 - 2 - 1.50); Cy 60 → 62.50 (+2.50)."""


def hands(text: str, file: str = "poker_now_log_test.csv") -> list[Hand]:
    records = read_text(text, file=file)
    assert all(r.error is None for r in records), [r.error for r in records]
    return [r.hand for r in records if r.hand is not None]


def nets(hand: Hand) -> dict[str, Decimal]:
    return {p: r.net for p, r in replay(hand).results.items()}


def detected(head: list[str]) -> str | None:
    fmt = registry.detect(head)
    return fmt.name if fmt is not None else None


def test_detected_by_content_with_or_without_the_header_row() -> None:
    text = log(HAND_7)
    head = [line for line in text.splitlines() if line.strip()][:25]
    assert detected(head) == "pokernow"
    assert detected(head[1:]) == "pokernow"  # a log whose header row was cut off
    assert detected(["entry,at,order"]) == "pokernow"
    assert detected(["PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2020/01/01 1:00:00 ET"]) == "pokerstars"


def test_a_log_sorted_oldest_first_reads_the_same() -> None:
    newest_first = log(SESSION).splitlines()
    oldest_first = "\n".join([newest_first[0], *reversed(newest_first[1:])])
    assert [nets(h) for h in hands(oldest_first)] == [nets(h) for h in hands("\n".join(newest_first))]
    assert len(hands(oldest_first)) == 3


def test_a_hand_with_commas_in_a_name_reads_in_time_order() -> None:
    (hand,) = hands(log(HAND_7))
    # the hand's number is its start's order (2024-05-01 20:00:00.000 UTC in milliseconds, then 00), unique across
    # games as a tracker needs it; PokerNow's own number and id are kept in a notice
    assert hand.site == "PokerNow" and hand.hand_id == "171459360000000" and hand.table == "test"
    assert hand.events[0] == Notice(line=hand.line, text="PokerNow hand #7 (id: abc123xyz)")
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(1, SMITH, D("100.00")), (3, ANN, D("50.00")),
                                                                  (7, BO, D("80.00"))]
    assert hand.button == 1 and (hand.stakes.small, hand.stakes.big) == (D("0.50"), D("1.00"))
    assert hand.time_utc == datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
    # the hero's cards are the ones Smith shows after the hand
    (dealt,) = [e for e in hand.events if isinstance(e, DealHole)]
    assert (dealt.player, dealt.cards) == (SMITH, ("As", "Kd"))
    assert [e.cards for e in hand.events if isinstance(e, StreetStart) and e.cards] == [("Ts", "7h", "2c"), ("Kc",)]
    assert nets(hand) == {SMITH: D("8.50"), ANN: D("-7.50"), BO: D("-1.00")}
    result = audit(hand)
    assert result.violations == ()
    assert "the site states no rake: 0.00 kept, the pot less what it paid" in result.replay.notes
    assert "the site states no total pot: 16.00, computed from the bets" in result.replay.notes
    assert player_id(SMITH) == "aB3_x-9Zq1" and display_name(SMITH) == "Smith, J"


def test_run_it_twice_with_a_straddle() -> None:
    (hand,) = hands(log(HAND_8))
    assert hand.summary.run_twice
    assert hand.summary.boards == (("2d", "7s", "9c", "4h", "3d"), ("Ad", "8s", "5c", "Jd", "6s"))
    assert [(e.player, e.amount, e.run) for e in hand.events if isinstance(e, Collect)] == [
        (ANN, D("43.50"), 1), (SMITH, D("43.50"), 2)]
    assert [e.post for e in hand.events if isinstance(e, Post)][-1] is PostType.STRADDLE
    assert nets(hand) == {SMITH: D("1.00"), ANN: D("1.00"), BO: D("-2.00")}
    assert [v.code for v in audit(hand).violations if v.severity is Severity.ERROR] == []


def test_missing_and_missed_blinds_behind_a_dead_button() -> None:
    (hand,) = hands(log(HAND_9))
    assert hand.button == 2  # the empty seat right of the small blind
    posts = [(e.player, e.post, e.amount) for e in hand.events if isinstance(e, Post)]
    assert (BO, PostType.DEAD_BLIND, D("0.50")) in posts and (BO, PostType.BIG_BLIND, D("1.00")) in posts
    assert nets(hand) == {CY: D("2.50"), ANN: D("-1.00"), BO: D("-1.50"), SMITH: D("0")}
    assert audit(hand).violations == ()


PLO8 = [
    f"-- starting hand #3 (id: plo8hand)  Pot Limit Omaha Hi/Lo 8 or Better (dealer: {q(SMITH)}) --",
    f"Player stacks: #1 {q(SMITH)} (100) | #3 {q(ANN)} (100) | #7 {q(BO)} (100)",
    f"{q(ANN)} posts a small blind of 1",
    f"{q(BO)} posts a big blind of 2",
    f"{q(SMITH)} raises to 7",
    f"{q(ANN)} calls 7",
    f"{q(BO)} folds",
    "Flop:  [2♦, 5♠, K♣]",
    f"{q(ANN)} bets 14",  # a pot of 16: at most the pot
    f"{q(SMITH)} calls 14",
    "Turn: 2♦, 5♠, K♣ [8♥]",
    f"{q(ANN)} checks",
    f"{q(SMITH)} checks",
    "River: 2♦, 5♠, K♣, 8♥ [Q♠]",
    f"{q(ANN)} checks",
    f"{q(SMITH)} checks",
    f"{q(SMITH)} shows a A♣, 3♦, K♥, K♦.",
    f"{q(ANN)} shows a A♠, 4♥, J♣, 9♣.",
    f"{q(SMITH)} collected 22 from pot with Three of a Kind, K's (combination: K♥, K♦, K♣, Q♠, 8♥)",
    f"{q(SMITH)} collected 22 from pot with 8-5-3-2-A (combination: 8♥, 5♠, 3♦, 2♦, A♣)",
    "-- ending hand #3 --",
]
"""The pot is 7 + 7 + 2 + 14 + 14 = 44: Smith scoops both halves (trips against Ann's ace high, and the low
8-5-3-2-A against Ann's 8-5-4-2-A). Smith +23, Ann -21, Bo -2."""


def test_pot_limit_omaha_hi_lo_with_the_game_written_without_brackets() -> None:
    (hand,) = hands(log(PLO8))
    assert (hand.game, hand.structure, hand.game_name) == (Game.OMAHA_HI_LO, Structure.POT_LIMIT, "Omaha Hi/Lo")
    assert nets(hand) == {SMITH: D(23), ANN: D(-21), BO: D(-2)}
    assert audit(hand).violations == ()


def test_a_bomb_pot_is_read_and_the_engine_says_it_knows_none() -> None:
    bomb = [
        f"-- starting hand #4 (id: bombhand)  (No Limit Texas Hold'em) (dealer: {q(SMITH)}) --",
        f"Player stacks: #1 {q(SMITH)} (100) | #3 {q(ANN)} (100) | #7 {q(BO)} (100)",
        *(f"{q(p)} posts a bet of 5 (bomb pot bet)" for p in (ANN, BO, SMITH)),
        "Flop:  [2♦, 5♠, K♣]",
        f"{q(ANN)} bets 10",
        f"{q(BO)} folds",
        f"{q(SMITH)} folds",
        f"Uncalled bet of 10 returned to {q(ANN)}",
        f"{q(ANN)} collected 15 from pot",
        "-- ending hand #4 --",
    ]
    (hand,) = hands(log(bomb))
    assert nets(hand) == {ANN: D(10), BO: D(-5), SMITH: D(-5)}
    assert any(isinstance(e, Notice) and "bomb pot" in e.text for e in hand.events)
    assert [v.code for v in audit(hand).violations] == ["round-incomplete"]


def test_the_seven_deuce_bounty_is_paid_outside_the_pot() -> None:
    """Smith wins with 7-2 and shows it after the hand: Ann and Bo pay him 2 each, outside the pot; the line
    "collected 4 from the 7-2 bounty" is the sum of the payments, not more money."""
    seven_deuce = [
        f"-- starting hand #10 (id: bounty72)  (No Limit Texas Hold'em) (7-2 bounty) (dealer: {q(SMITH)}) --",
        f"Player stacks: #1 {q(SMITH)} (100) | #3 {q(ANN)} (100) | #7 {q(BO)} (100)",
        f"{q(ANN)} posts a small blind of 1",
        f"{q(BO)} posts a big blind of 2",
        f"{q(SMITH)} raises to 6",
        f"{q(ANN)} folds",
        f"{q(BO)} folds",
        f"Uncalled bet of 4 returned to {q(SMITH)}",
        f"{q(SMITH)} collected 5 from pot",
        "-- ending hand #10 --",
        f"{q(SMITH)} shows a 7♠, 2♦.",
        f"{q(ANN)} paid 2 for the 7-2 bounty to {q(SMITH)}",
        f"{q(BO)} paid 2 for the 7-2 bounty to {q(SMITH)}",
        f"{q(SMITH)} collected 4 from the 7-2 bounty",
        f"The player {q(CY)} joined the game with a stack of 100.",
    ]
    (hand,) = hands(log(seven_deuce))
    assert nets(hand) == {SMITH: D(7), ANN: D(-3), BO: D(-4)}  # 5 - 2 + 2 + 2; -1 - 2; -2 - 2
    assert audit(hand).violations == ()


def test_a_hand_cut_off_at_the_end_of_the_file_is_unparsed_with_its_line() -> None:
    cut = HAND_9[:8]  # the log stops at Smith's fold
    records = read_text(log([*HAND_7, *cut]), file="cut.csv")
    assert [r.status for r in records] == ["parsed", "unparsed"]
    error = records[1].error
    assert error is not None and "cut off" in error.message and "#9" in error.message
    assert error.line == 2  # the newest row, the file's first after the header: where the log stops


def test_an_entry_holding_a_newline_keeps_the_file_lines_right() -> None:
    """The CSV quotes an entry that holds a newline over two file lines: the rows written before it in the file
    (after it in time) keep their own lines."""
    text = log([*HAND_9[:10], "The dealer says:\nplay on.", *HAND_9[10:]])
    (hand,) = hands(text)
    lines = text.splitlines()
    flop = next(e for e in hand.events if isinstance(e, StreetStart) and e.street is Street.FLOP)
    assert lines[flop.line - 1].startswith('"Flop:')
    bo = next(e for e in hand.events if isinstance(e, Post) and e.player == BO)
    assert q(BO) in lines[bo.line - 1] and "missing small blind" in lines[bo.line - 1]
    assert any(isinstance(e, UnknownLine) and e.text == "The dealer says:\nplay on." for e in hand.events)


def test_a_log_that_begins_in_the_middle_of_a_hand_says_so() -> None:
    records = read_text(log([*HAND_7[8:], *HAND_8]), file="late.csv")  # from Bo's fold on
    assert [r.status for r in records] == ["unparsed", "parsed"]
    error = records[0].error
    assert error is not None and "begins in the middle of this hand" in error.message


def test_an_unknown_line_that_may_move_chips_is_an_unknown_action_of_its_player() -> None:
    # docs/unknown-lines.md: a line naming a seated player with an amount after the name is an action in a new
    # form: kept at its own file line, the hand read on, and an error whatever the totals
    odd = [*HAND_9[:6], f"{q(BO)} posts a bounty of 5.00", *HAND_9[6:]]
    records = read_text(log([*HAND_7, *odd]), file="odd.csv")
    assert [r.status for r in records] == ["parsed", "parsed"]
    hand = records[1].hand
    assert hand is not None
    [unknown] = [e for e in hand.events if isinstance(e, UnknownLine)]
    assert unknown.action and unknown.player == BO and "bounty" in unknown.text
    assert unknown.line == len(HAND_9) + 1 - 6 + 1  # rows are newest first: the unknown row's own file line
    found = audit(hand).violations
    assert [(v.code, v.severity.value) for v in found] == [("unknown-action", "error")]


def test_an_unknown_line_without_amounts_is_an_unknown_line_the_collected_amounts_prove() -> None:
    # PokerNow's home games keep no rake: what the players collected is the whole pot, and proves the hand
    quiet = [*HAND_9[:6], "The dealer takes a break.", *HAND_9[6:-1], "Undealt cards: 10♦, 9♣", HAND_9[-1]]
    (hand,) = hands(log(quiet))
    unknown = [e for e in hand.events if isinstance(e, UnknownLine)]
    assert [(e.text, e.action) for e in unknown] == [("The dealer takes a break.", False),
                                                     ("Undealt cards: 10♦, 9♣", False)]  # ranks are no amounts
    found = audit(hand).violations
    assert [(v.code, v.severity.value) for v in found] == [("unknown-line", "warning")] * 2
    # a chip-free line in place of a call: the collected amounts no longer reconcile, an error
    short = [*HAND_9[:8], "The dealer takes a break.", *HAND_9[9:]]  # Ann's call of 1.00
    (hand,) = hands(log(short))
    found = audit(hand).violations
    assert ("unknown-line", "error") in [(v.code, v.severity.value) for v in found], found


def _covered(ann_line: str, bo_stack: str = "30.00") -> list[str]:
    """Heads-up after Smith folds: Ann (50) against Bo (``bo_stack``); Ann's line ``ann_line`` over Bo's raise."""
    return [
        f"-- starting hand #12 (id: cov12)  (No Limit Texas Hold'em) (dealer: {q(SMITH)}) --",
        f"Player stacks: #1 {q(SMITH)} (100.00) | #3 {q(ANN)} (50.00) | #7 {q(BO)} ({bo_stack})",
        f"{q(ANN)} posts a small blind of 0.50",
        f"{q(BO)} posts a big blind of 1.00",
        f"{q(SMITH)} folds",
        f"{q(ANN)} raises to 3.00",
        f"{q(BO)} raises to 20.00",
        ann_line,
        f"{q(BO)} calls 30.00 and go all in",
        f"{q(ANN)} shows a A♠, A♦.",
        f"{q(BO)} shows a K♣, K♦.",
        "Flop:  [2♦, 7♠, 9♣]",
        "Turn: 2♦, 7♠, 9♣ [4♥]",
        "River: 2♦, 7♠, 9♣, 4♥ [3♦]",
        f"{q(ANN)} collected 60.00 from pot with Pair, A's (combination: A♠, A♦, 9♣, 7♠, 4♥)",
        "-- ending hand #12 --",
    ]


def test_a_raise_to_all_the_other_can_match_is_marked_all_in_and_is_no_short_raise() -> None:
    """PokerNow caps a raise at what the others can match and marks it all-in (engine.rules, profile PokerNow):
    Ann raises to 30.00, less than the full raise (to 37.00 over Bo's 17), but all Bo has; 20 stay behind her."""
    (hand,) = hands(log(_covered(f"{q(ANN)} raises to 30.00 and go all in")))
    assert nets(hand) == {SMITH: 0, ANN: D(30), BO: D(-30)}  # the pot 60 = 30 + 30, Ann's
    assert audit(hand).violations == ()


def test_an_all_in_mark_or_a_short_raise_that_the_other_could_still_call_is_reported() -> None:
    # Bo has 40: Ann's raise to 30 leaves him 10 he could still put in, and a full raise goes to 37
    lines = _covered(f"{q(ANN)} raises to 30.00", bo_stack="40.00")
    lines[8:] = [
        f"{q(BO)} folds",
        f"Uncalled bet of 10.00 returned to {q(ANN)}",
        f"{q(ANN)} collected 40.00 from pot",  # 20 + 20
        "-- ending hand #12 --",
    ]
    (hand,) = hands(log(lines))
    assert {(v.code, v.severity) for v in audit(hand).violations} == {("raise-size", Severity.ERROR)}
    # marked all-in, the raise may be short, but she keeps 20 that Bo could still call: the mark is wrong
    lines[7] = f"{q(ANN)} raises to 30.00 and go all in"
    (hand,) = hands(log(lines))
    assert {(v.code, v.severity) for v in audit(hand).violations} == {("all-in-marked", Severity.WARNING)}


def test_the_logs_own_player_gets_the_cards_in_hands_where_they_show_nothing(tmp_path: Path) -> None:
    """Hand 7 proves Smith is the log's player (he shows the cards "Your hand is" gave); hand 8's "Your hand is"
    then gives Smith's cards too, although nobody shows them; read without its file, hand 8 cannot know."""
    eight = [*HAND_8[:2], "Your hand is A♥, K♥", *HAND_8[2:13], *HAND_8[15:]]  # no shows
    path = tmp_path / "poker_now_log_hero.csv"
    path.write_text(log([*HAND_7, *eight]), encoding="utf-8")
    records = list(read([path]))
    dealt = [[(e.player, e.cards) for e in r.hand.events if isinstance(e, DealHole)] for r in records if r.hand]
    assert dealt == [[(SMITH, ("As", "Kd"))], [(SMITH, ("Ah", "Kh"))]]
    (alone,) = hands(log(eight))
    assert not any(isinstance(e, DealHole) for e in alone.events)
    assert any(isinstance(e, Notice) and e.text == "Your hand is Ah Kh" for e in alone.events)


def test_the_logs_own_player_keeps_the_cards_across_a_change_of_id(tmp_path: Path) -> None:
    """Smith plays hand 7 as a guest (id oLdSmItH01), logs in (PokerNow gives him his account's id), and shows
    his cards in hand 8: hand 7's "Your hand is" is his too."""
    guest = SMITH.replace("aB3_x-9Zq1", "oLdSmItH01")
    seven = [line.replace(SMITH, guest) for line in HAND_7[:-1]]  # no show after the hand
    eight = [*HAND_8[:2], "Your hand is A♥, K♥", *HAND_8[2:]]
    login = f"The player {q(SMITH)} changed the ID from oLdSmItH01 to aB3_x-9Zq1 because authenticated login."
    path = tmp_path / "poker_now_log_login.csv"
    path.write_text(log([*seven, login, *eight]), encoding="utf-8")
    dealt = [[(e.player, e.cards) for e in r.hand.events if isinstance(e, DealHole)] for r in read([path]) if r.hand]
    assert dealt == [[(guest, ("As", "Kd"))], [(SMITH, ("Ah", "Kh"))]]


def test_a_tournaments_log_makes_its_hands_a_tournaments(tmp_path: Path) -> None:
    path = tmp_path / "poker_now_log_pglTourney01.csv"
    seated = [f"The player {q(p)} is in the tournament with a stack of {s}." for p, s in
              ((SMITH, "100.00"), (ANN, "50.00"), (BO, "80.00"))]
    path.write_text(log([*seated, *HAND_7]), encoding="utf-8")
    (record,) = read([path])
    assert record.hand is not None and record.hand.tournament is not None
    assert record.hand.tournament.id == "pglTourney01"
    (cash,) = hands(log(HAND_7))  # the hand's own lines do not say it
    assert cash.tournament is None


def test_the_ledger_gives_each_players_session(tmp_path: Path) -> None:
    path = tmp_path / "poker_now_log_session.csv"
    path.write_text(log(SESSION), encoding="utf-8")
    with path.open("rb") as stream:
        rows, _ = read_rows(iter_lines(stream))
    results = session_results(rows)
    by_name = {r.names[0]: (r.buy_in, r.cash_out, r.net) for r in results.values()}
    assert by_name == {
        "Smith, J": (D("100.00"), D("109.50"), D("9.50")),
        "Ann": (D("50.00"), D("42.50"), D("-7.50")),
        "Bo": (D("100.00"), D("95.50"), D("-4.50")),
        "Cy": (D("60.00"), D("62.50"), D("2.50")),
    }
    # and the hands agree with the ledger
    played: Counter[str] = Counter()
    for record in read([path]):
        assert record.hand is not None
        for player, net in nets(record.hand).items():
            played[player_id(player)] += net
    assert {pid: r.net for pid, r in results.items()} == dict(played)


def test_a_player_still_seated_has_no_session_result_yet() -> None:
    rows, _ = read_rows(log([f"The player {q(ANN)} joined the game with a stack of 50.00.", *HAND_7]).splitlines())
    (ann,) = session_results(rows).values()
    assert ann.buy_in == D("50.00") and ann.cash_out is None and ann.net is None


def test_anonymised_every_name_and_id_goes_even_a_player_only_the_ledger_names(tmp_path: Path) -> None:
    watcher = "Dee @ Ww7xx8Yy9z"  # asks for a seat, never plays: named in the ledger only
    source = tmp_path / "in" / "poker_now_log_anon.csv"
    source.parent.mkdir()
    source.write_text(log([f"The player {q(watcher)} requested a seat.", *SESSION]), encoding="utf-8")
    outcomes, _ = Anonymizer(tmp_path / "out", salt="test").run([source])
    (outcome,) = outcomes
    assert outcome.error is None and outcome.target is not None
    text = outcome.target.read_text(encoding="utf-8")
    for player in (SMITH, ANN, BO, CY, watcher):
        assert display_name(player) not in text and player_id(player) not in text, player
    before = [sorted(nets(h).values()) for h in hands(source.read_text(encoding="utf-8"))]
    after = [sorted(nets(h).values()) for h in hands(text)]
    assert after == before


def test_converted_to_pokerstars_text_and_read_back_the_nets_stay() -> None:
    source = hands(log(SESSION))
    back = hands(hands_to_pokerstars(source), file="back.txt")
    assert len(back) == len(source) == 3
    for before, after in zip(source, back, strict=True):
        assert after.site == "PokerStars"
        assert nets(after) == nets(before)
        assert not [v for v in audit(after).violations if v.severity is Severity.ERROR]


@pytest.mark.parametrize("name", cases(GOLDEN))
def test_golden(name: str) -> None:
    check_golden(GOLDEN, name)


# ------------------------------------------------------------------------------------------------ the corpus
needs_corpus = pytest.mark.skipif(not FRESH.is_dir(), reason="../shared/corpus/fresh/pokernow-csv is absent")


@dataclass(frozen=True)
class Read:
    """One corpus log: its hands, each with its replayed nets, and how many hand records it gave."""

    hands: list[tuple[Hand, dict[str, Decimal]]]
    records: int


@pytest.fixture(scope="module")
def corpus() -> dict[Path, Read]:
    """Every corpus log read and replayed once for the corpus tests."""
    found: dict[Path, Read] = {}
    for path in sorted(FRESH.iterdir()):
        records = list(read([path]))
        found[path] = Read([(r.hand, nets(r.hand)) for r in records if r.hand is not None], len(records))
    return found


@needs_corpus
def test_corpus_every_file_detected_and_read() -> None:
    total = parsed = clean = 0
    for path in sorted(FRESH.iterdir()):
        with path.open("rb") as stream:
            head = [line for line in iter_lines(stream) if line.strip()][:25]
        fmt = registry.detect(head)
        assert fmt is not None and fmt.name == "pokernow", path.name
        for record in read([path]):
            total += 1
            if record.hand is None:
                assert record.error is not None and "cut off" in record.error.message, record.error
                continue
            parsed += 1
            errors = [v for v in audit(record.hand).violations
                      if v.severity is Severity.ERROR and v.category is Category.ACCOUNTING]
            clean += not errors
    assert total >= 2000
    assert parsed >= 0.99 * total
    assert clean >= 0.99 * parsed


@needs_corpus
def test_corpus_nets_are_the_logs_own_stacks(corpus: dict[Path, Read]) -> None:
    """A player's stack in the next hand is the stack in this one plus the net the replay gives, wherever the log
    has no ledger line between the two hands (a stack change)."""
    checked = 0
    for path, log_read in corpus.items():
        file_hands = [hand for hand, _ in log_read.hands]
        replayed = {id(hand): result for hand, result in log_read.hands}
        with path.open("rb") as stream:
            rows, _ = read_rows(iter_lines(stream))
        ledger_lines = sorted(r.line for r in rows if r.entry.startswith(("The admin", "The player", "WARNING")))
        numbers = {r.line: int(r.entry.split("#")[1].split()[0]) for r in rows if r.entry.startswith("-- starting")}
        ordered = sorted(file_hands, key=lambda h: h.time_utc or datetime.min.replace(tzinfo=UTC))
        for this, after in pairwise(ordered):
            low, high = sorted((this.line, after.line))
            if numbers[after.line] != numbers[this.line] + 1 or any(low < line < high for line in ledger_lines):
                continue  # not the next hand (a log of a few hands), or the ledger changed a stack between them
            result = replayed[id(this)]
            for seat in this.seats:
                following = after.seat_of(seat.player)
                if following is None:
                    continue
                assert following.stack == seat.stack + result.get(seat.player, D(0)), (path.name, this.hand_id)
                checked += 1
    assert checked >= 10000


def _log_lines_nets(path: Path) -> Counter[str]:
    """Each player's collected minus put in, over the whole log, from its own lines alone (not through the reader):
    a street's "posts" (live), "calls", "bets" and "raises to" amounts are the player's total for that street, so
    the street costs the last of them; antes and a missing small blind are paid apart; an uncalled bet comes back."""
    with path.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.reader(stream))[1:]
    rows.sort(key=lambda r: int(r[2]) * 10 ** (15 - len(r[2])))
    result: Counter[str] = Counter()
    street: dict[str, Decimal] = {}
    player = re.compile(r'^"(.+? @ ([A-Za-z0-9_-]+))" (.*)$')

    def close() -> None:
        for pid, total in street.items():
            result[pid] -= total
        street.clear()
    for entry, _at, _order in rows:
        if entry.startswith(("-- starting hand", "Flop", "Turn", "River", "-- ending hand")):
            close()
            continue
        if (u := re.match(r'^Uncalled bet of ([0-9.]+) returned to ".+? @ ([A-Za-z0-9_-]+)"', entry)) is not None:
            result[u[2]] += D(u[1])
            continue
        m = player.match(entry)
        if m is None:
            continue
        pid, rest = m[2], m[3]
        if (a := re.match(r"^posts (?:an ante|a missing small blind) of ([0-9.]+)", rest)) is not None:
            result[pid] -= D(a[1])
        elif (b := re.match(r"^(?:posts a [a-z ]+ of|calls|bets|raises to) ([0-9.]+)", rest)) is not None:
            street[pid] = D(b[1])
        elif (c := re.match(r"^collected ([0-9.]+) from pot", rest)) is not None:
            result[pid] += D(c[1])
    close()
    return result


@needs_corpus
def test_corpus_each_players_net_over_a_log_is_its_lines_collected_less_put_in(corpus: dict[Path, Read]) -> None:
    compared = 0
    for path, log_read in corpus.items():
        if len(log_read.hands) != log_read.records:
            continue  # a log with a hand cut off: its lines pay for a hand the replay cannot settle
        played: Counter[str] = Counter()
        for _, result in log_read.hands:
            for name, net in result.items():
                played[player_id(name)] += net
        lines = _log_lines_nets(path)
        assert {k: v for k, v in played.items() if v} == {k: v for k, v in lines.items() if v}, path.name
        compared += 1
    assert compared >= 15


@needs_corpus
def test_corpus_session_results_equal_the_hands(corpus: dict[Path, Read]) -> None:
    compared = 0
    for path, log_read in corpus.items():
        played: defaultdict[str, Decimal] = defaultdict(Decimal)
        for _, result in log_read.hands:
            for player, net in result.items():
                played[player_id(player)] += net
        with path.open("rb") as stream:
            rows, _ = read_rows(iter_lines(stream))
        for pid, result in session_results(rows).items():
            if result.net is None or not result.buy_in:
                continue
            assert result.net == played[pid], (path.name, result)
            compared += 1
    assert compared >= 80


@needs_corpus
def test_corpus_pokerstars_round_trip_keeps_the_nets() -> None:
    for path in sorted(FRESH.iterdir())[:6]:
        source = [h for h in (r.hand for r in read([path])) if h is not None]
        back = hands(hands_to_pokerstars(source), file="back.txt")
        assert len(back) == len(source), path.name
        for before, after in zip(source, back, strict=True):
            assert nets(after) == nets(before), (path.name, before.hand_id)


def test_events_keep_streets_in_order() -> None:
    (hand,) = hands(log(HAND_8))
    streets = [e.street for e in hand.events if isinstance(e, StreetStart)]
    assert streets[0] is Street.PREFLOP and streets.count(Street.FLOP) == 2
