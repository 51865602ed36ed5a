"""The PHH reader on small hands written from the specification: what each notation becomes, and clear errors."""

from __future__ import annotations

from decimal import Decimal

from handlog.audit import audit
from handlog.events import Bet, Call, Check, Collect, Post, Raise, UncalledBet
from handlog.reading import read_text

HEADS_UP = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 50]
actions = [
  "d dh p1 AsAd",
  "d dh p2 KsKd",
  "p2 cbr 6",
  "p1 cbr 20",
  "p2 cbr 50",
  "p1 cc",
  "d db 2c3d4h",
  "d db 9s",
  "d db Jc",
  "p2 sm KsKd",
  "p1 sm AsAd",
]
"""


def _one(text: str, file: str = "hand.phh"):  # type: ignore[no-untyped-def]
    (record,) = read_text(text, file=file)
    return record


def test_heads_up_blinds_are_reversed_and_actions_become_events() -> None:
    record = _one(HEADS_UP)
    hand = record.hand
    assert hand is not None and hand.site == "PHH" and hand.hand_id == "hand"
    posts = [(e.player, e.post.value, e.amount) for e in hand.events if isinstance(e, Post)]
    assert posts == [("p2", "small_blind", Decimal(1)), ("p1", "big_blind", Decimal(2))]  # p2 is the button
    assert hand.button == 2
    bets = [e for e in hand.events if isinstance(e, Raise | Call | Bet | Check)]
    assert [(type(e).__name__, e.player) for e in bets] == [
        ("Raise", "p2"), ("Raise", "p1"), ("Raise", "p2"), ("Call", "p1"),
    ]
    shove = bets[2]
    assert isinstance(shove, Raise) and shove.to == 50 and shove.by == 30 and shove.all_in
    call = bets[3]
    assert isinstance(call, Call) and call.amount == 30 and not call.all_in
    lines = [e.line for e in hand.events if isinstance(e, Raise)]
    assert lines == [9, 10, 11]  # each action keeps the line it was written on


def test_the_replay_awards_the_pot_and_notes_what_the_file_did_not_state() -> None:
    hand = _one(HEADS_UP).hand
    assert hand is not None
    result = audit(hand)
    assert result.violations == ()
    assert {n: r.net for n, r in result.replay.results.items()} == {"p1": Decimal(50), "p2": Decimal(-50)}
    assert [(c.player, c.amount) for c in result.replay.collects] == [("p1", Decimal(100))]
    assert any("total pot" in note and "rake" in note for note in result.replay.notes)


def test_an_uncalled_bet_goes_back() -> None:
    text = HEADS_UP.replace('"p1 cc",', '"p1 f",').replace('  "d db 2c3d4h",\n  "d db 9s",\n  "d db Jc",\n', "")
    text = text.replace('  "p2 sm KsKd",\n  "p1 sm AsAd",\n', "")
    result = audit(_one(text).hand)  # type: ignore[arg-type]
    returned = [e for e in (s.event for s in result.replay.steps) if isinstance(e, UncalledBet)]
    assert [(e.player, e.amount) for e in returned] == [("p2", Decimal(30))]
    assert {n: r.net for n, r in result.replay.results.items()} == {"p1": Decimal(-20), "p2": Decimal(20)}


def test_stated_winnings_after_rake_are_kept_and_wrong_ones_reported() -> None:
    raked = _one(HEADS_UP + "winnings = [95, 0]\n").hand
    result = audit(raked)  # type: ignore[arg-type]
    assert result.violations == ()
    assert result.replay.rake == 5
    assert [c.amount for c in result.replay.collects if isinstance(c, Collect)] == [Decimal(95)]
    wrong = audit(_one(HEADS_UP + "winnings = [0, 100]\n").hand)  # type: ignore[arg-type]
    assert {v.code for v in wrong.violations} == {"summary-won"}


def test_a_bad_action_costs_its_hand_with_line_column_and_what_was_expected() -> None:
    record = _one(HEADS_UP.replace('"p1 cbr 20"', '"p1 raise 20"'))
    assert record.hand is None and record.error is not None
    assert record.error.line == 10 and record.error.column == 4
    assert "cbr" in record.error.expected


def test_invalid_toml_and_inconsistent_fields_are_clear_errors() -> None:
    broken = _one(HEADS_UP.replace("min_bet = 2", "min_bet = = 2"))
    assert broken.error is not None and broken.error.line == 4 and "TOML" in broken.error.message
    short = _one(HEADS_UP.replace("antes = [0, 0]", "antes = [0, 0, 0]"))
    assert short.error is not None and short.error.line == 2 and "antes" in short.error.message
    typed = _one(HEADS_UP.replace("min_bet = 2", 'min_bet = "two"'))
    assert typed.error is not None and typed.error.line == 4 and "min_bet" in typed.error.message
    infinite = _one(HEADS_UP.replace("starting_stacks = [100, 50]", "starting_stacks = [inf, 50]"))
    assert infinite.error is not None and infinite.error.line == 5 and "inf" in infinite.error.message
    unknown = _one(HEADS_UP.replace('"NT"', '"XQ"'))
    assert unknown.error is not None and "XQ" in unknown.error.message


def test_phhs_tables_are_hands_and_one_bad_table_costs_only_itself() -> None:
    body = HEADS_UP
    text = "# three hands\n\n[1]\n" + body + "\n[2]\n" + body.replace('"p1 cc"', '"p1 zz"') + "\n[3]\n" + body
    records = read_text(text, file="session.phhs")
    assert [r.hand_id for r in records] == ["session#1", "2", "session#3"]
    assert [r.status for r in records] == ["parsed", "unparsed", "parsed"]
    assert records[1].error is not None and records[1].error.line == 23 + 12  # "[2]": line 23


def test_a_hand_that_stops_early_is_reported_and_not_settled() -> None:
    text = HEADS_UP.replace('  "p1 cc",\n', "").replace('  "d db 2c3d4h",\n  "d db 9s",\n  "d db Jc",\n', "")
    text = text.replace('  "p2 sm KsKd",\n  "p1 sm AsAd",\n', "")
    result = audit(_one(text).hand)  # type: ignore[arg-type]
    assert [v.code for v in result.violations] == ["round-incomplete"]
    assert result.replay.collects == ()
    assert any("ends before the hand does" in note for note in result.replay.notes)


def test_a_big_blind_ante_is_dead_money_never_an_uncalled_bet() -> None:
    # The big blind posts the table's ante (25) and 20; the small blind calls, the big blind moves in for 300 and
    # the small blind folds: 280 of the raise is uncalled; the ante is not (nobody else posts one to match).
    text = """\
variant = "NT"
antes = [0, 25, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [500, 325, 500]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cbr 300", "p1 f"]
"""
    result = audit(_one(text).hand)  # type: ignore[arg-type]
    assert result.violations == ()
    returned = [(e.player, e.amount) for e in (s.event for s in result.replay.steps) if isinstance(e, UncalledBet)]
    assert returned == [("p2", Decimal(280))]
    assert {n: r.net for n, r in result.replay.results.items()} == {
        "p1": Decimal(-20), "p2": Decimal(20), "p3": Decimal(0),
    }


def test_a_tied_pot_is_split_and_the_odd_chip_goes_left_of_the_button() -> None:
    # The board plays (a royal flush); the pot of 4 + 4 + 1 (the small blind's dead chip after folding) = 9 is
    # split between p2 and p3: p2 sits first left of the button (p3 is the button), so p2 gets the odd chip.
    text = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 2c3c", "d dh p2 4d5d", "d dh p3 6h7h",
  "p3 cbr 4", "p1 f", "p2 cc",
  "d db AsKsQs", "p2 cc", "p3 cc", "d db Js", "p2 cc", "p3 cc", "d db Ts", "p2 cc", "p3 cc",
  "p2 sm 4d5d", "p3 sm 6h7h",
]
"""
    result = audit(_one(text).hand)  # type: ignore[arg-type]
    assert result.violations == ()
    assert sorted((c.player, c.amount) for c in result.replay.collects) == [("p2", Decimal(5)), ("p3", Decimal(4))]


def test_a_hand_that_stops_during_the_river_betting_is_not_settled() -> None:
    text = HEADS_UP[: HEADS_UP.index("actions")] + """actions = [
  "d dh p1 AsAd", "d dh p2 KsKd", "p2 cc", "p1 cc",
  "d db 2c3d4h", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jc",
  "p1 cbr 10",
]
"""
    result = audit(_one(text).hand)  # type: ignore[arg-type]
    assert [v.code for v in result.violations] == ["round-incomplete"]
    assert result.replay.collects == () and not any(
        isinstance(s.event, UncalledBet) for s in result.replay.steps
    )  # p2 may still call: nothing is returned, nothing awarded
    assert any("ends before the hand does" in note for note in result.replay.notes)


STUD = """\
variant = "F7S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 ????Kd",  # down cards nobody saw, then the up card
  "d dh p2 7s8s3c",
  "d dh p3 ????9h",
  "{bring_in}",
  "p3 cc",
  "p1 cbr 5",  # completes
  "p2 cc",
  "p3 cc",
  "d dh p1 Qs",  # fourth street: up cards
  "d dh p2 4d",
  "d dh p3 9s",
  "p3 cbr 10",  # an open pair: the big bet on fourth street
  "p1 f",
  "p2 cc",
  "d dh p2 5c",
  "d dh p3 2d",
  "p3 cc",
  "p2 cc",
  "d dh p2 6h",
  "d dh p3 Ah",
  "p3 cc",
  "p2 cc",
  "d dh p2 Th",  # seventh street: down
  "d dh p3 ??",
  "p3 cc",
  "p2 cc",
  "p3 sm AsKs9h9s2dAhJc",
  "p2 sm 7s8s3c4d5c6hTh",
]
"""


def test_stud_up_cards_decide_the_bring_in_and_the_streets() -> None:
    hand = _one(STUD.replace("{bring_in}", "p2 pb")).hand
    assert hand is not None and hand.button is None
    streets = [e.street.value for e in hand.events if e.kind == "street"]
    assert streets[:5] == ["third", "fourth", "fifth", "sixth", "seventh"]
    result = audit(hand)
    assert [v.code for v in result.violations] == []
    # p2's straight (3c to 7s) wins what p1 put in (ante and completion: 6) and p3 (ante, 5 and 10: 16)
    assert result.replay.results["p2"].net == Decimal(6 + 16)
    assert result.replay.results["p1"].net == Decimal(-6) and result.replay.results["p3"].net == Decimal(-16)
    # the 3c is the lowest up card: another player's bring-in is an error the engine sees from the up cards alone
    wrong = _one(STUD.replace("{bring_in}", "p1 pb")).hand
    assert wrong is not None
    assert "bring-in-player" in [v.code for v in audit(wrong).violations]


def test_stud_streets_follow_each_other_when_everyone_is_all_in() -> None:
    text = """\
variant = "FR"
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [3, 3]
actions = [
  "d dh p1 2c3c4c", "d dh p2 5d6dKh", "p2 pb", "p1 cbr 2", "p2 cc",
  "d dh p1 5s", "d dh p2 7d", "d dh p1 6s", "d dh p2 8d", "d dh p1 8s", "d dh p2 9d",
  "d dh p1 9s", "d dh p2 Td", "p1 sm 2c3c4c5s6s8s9s", "p2 sm 5d6dKh7d8d9dTd",
]
"""
    hand = _one(text).hand
    assert hand is not None
    streets = [e.street.value for e in hand.events if e.kind == "street"]
    assert streets[:5] == ["third", "fourth", "fifth", "sixth", "seventh"]
    result = audit(hand)
    assert [v.code for v in result.violations] == []
    assert result.replay.results["p1"].net == Decimal(3)  # razz: 6-5-4-3-2 beats p2's 8 low


def test_five_card_stud_deals_one_down_and_one_up_on_second_street() -> None:
    text = """\
variant = "F5S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 4
big_bet = 8
starting_stacks = [50, 50, 50]
actions = [
  "d dh p1 ??Kc", "d dh p2 ??2d", "d dh p3 AsAh",
  "{bring_in}", "p3 cbr 4", "p1 f", "p2 f",
]
"""
    hand = _one(text.replace("{bring_in}", "p2 pb")).hand
    assert hand is not None and hand.game.value == "five_card_stud"
    assert [e.street.value for e in hand.events if e.kind == "street"] == ["second"]
    result = audit(hand)
    assert [v.code for v in result.violations] == []
    assert result.replay.results["p3"].net == Decimal(1 + 1 + 2)  # the antes and the bring-in
    wrong = _one(text.replace("{bring_in}", "p1 pb").replace('"p1 f", "p2 f"', '"p2 f", "p1 f"')).hand
    assert wrong is not None
    assert "bring-in-player" in [v.code for v in audit(wrong).violations]  # the 2d is the lowest up card


def test_a_dash_shows_the_cards_dealt() -> None:
    """phh-std: at a showdown, cards already given by the hole dealing may be written as ``-``."""
    hand = _one(HEADS_UP.replace('"p2 sm KsKd"', '"p2 sm -"').replace('"p1 sm AsAd"', '"p1 sm - # aces"')).hand
    assert hand is not None
    shows = {e.player: e.cards for e in hand.events if e.kind == "show"}
    assert shows == {"p2": ("Ks", "Kd"), "p1": ("As", "Ad")}
    assert audit(hand).replay.results["p1"].net == Decimal(50)
    stud = _one(STUD.replace("{bring_in}", "p2 pb").replace('"p2 sm 7s8s3c4d5c6hTh"', '"p2 sm -"')).hand
    assert stud is not None
    shown = next(e for e in stud.events if e.kind == "show" and e.player == "p2")
    assert shown.cards == ("7s", "8s", "3c", "4d", "5c", "6h", "Th")  # type: ignore[attr-defined]
    unknown = _one(HEADS_UP.replace('"d dh p2 KsKd"', '"d dh p2 ????"').replace('"p2 sm KsKd"', '"p2 sm -"'))
    assert unknown.hand is None and unknown.error is not None and "sm -" in unknown.error.message
