"""The checks over a replay, one small pure function each, called directly on real hands with one number of
the site's changed (the hands are the engine tests' copies in tests/engine/hands)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import handlog
from handlog.audit import audit
from handlog.checks import CHECKS, accounting, cards, run_checks, showdown
from handlog.engine import replay
from handlog.events import Game, Hand

D = Decimal
HANDS = Path(__file__).resolve().parents[1] / "engine" / "hands"


def load(name: str) -> Hand:
    records = handlog.read_text((HANDS / name).read_text(encoding="utf-8"), name)
    assert records and records[0].hand is not None
    return records[0].hand


def with_summary(hand: Hand, **changes: Any) -> Hand:
    return hand.model_copy(update={"summary": hand.summary.model_copy(update=changes)})


def with_event(hand: Hand, line: int, **changes: Any) -> Hand:
    events = tuple(e.model_copy(update=changes) if e.line == line else e for e in hand.events)
    return hand.model_copy(update={"events": events})


def codes(found: Any) -> list[tuple[str, str, int]]:
    return [(v.code, v.category.value, v.line) for v in found]


def test_every_check_passes_the_real_hands() -> None:
    for path in sorted(HANDS.glob("*.txt")):
        rp = replay(load(path.name))
        for check in CHECKS:
            assert list(check(rp)) == [], (path.name, check.__name__)


# ---------------------------------------------------------------- accounting

def test_total_pot() -> None:
    hand = with_summary(load("nl_6max_kicker.txt"), total_pot=D("9.05"))
    assert codes(accounting.total_pot(replay(hand))) == [("total-pot", "accounting", 34)]


def test_collected_total() -> None:
    hand = with_event(load("nl_6max_kicker.txt"), 32, amount=D("8.50"))
    assert codes(accounting.collected_total(replay(hand))) == [("collected-total", "accounting", 32)]
    # the rake is the other half of the sum
    hand = with_summary(load("nl_6max_kicker.txt"), rake=D("0.30"))
    assert codes(accounting.collected_total(replay(hand))) == [("collected-total", "accounting", 32)]


def test_rake_bounds() -> None:
    for rake in (D("-0.01"), D("9")):
        hand = with_summary(load("nl_6max_kicker.txt"), rake=rake)
        assert ("rake", "accounting", 34) in codes(accounting.rake_bounds(replay(hand)))


def test_a_wrong_stated_total_is_one_violation_where_the_rake_is_unstated() -> None:
    """A site that states its pot but no rake: the rake is what it kept from the stated pot. A stated pot 100 over
    what the players put in is reported (total-pot), and the rake derived from it (a tournament keeping 100, or a
    negative rake when it is 100 under) is that same error, not a second one."""
    hand = with_summary(load("nl_mtt_side_pots.txt"), rake=None, main_pot=None, side_pots=())
    assert hand.tournament is not None
    right = replay(hand)
    assert [v.code for v in run_checks(right) if v.category.value == "accounting"] == []
    put_in = sum((r.committed for r in right.results.values()), D(0))
    for total in (put_in + 100, put_in - 100):
        found = run_checks(replay(with_summary(hand, total_pot=total)))
        assert [v.code for v in found if v.category.value == "accounting"] == ["total-pot"]
    # a collect that is wrong while the stated pot is right is still caught by the rake it leaves
    short = run_checks(replay(with_summary(with_event(hand, 34, amount=D(50)), total_pot=put_in)))
    assert "collected-total" in [v.code for v in short]


def test_side_pots() -> None:
    hand = load("nl_mtt_side_pots.txt")
    wrong = with_summary(hand, main_pot=D(620), side_pots=(D(1770), D(120)))
    assert codes(accounting.side_pots(replay(wrong))) == [
        ("side-pots", "accounting", 44), ("side-pots", "accounting", 44),
    ]
    missing = with_summary(hand, side_pots=(D(1840),))
    assert codes(accounting.side_pots(replay(missing))) == [("side-pots", "accounting", 44)]


def test_pot_unknown() -> None:
    hand = with_event(load("nl_mtt_side_pots.txt"), 34, pot="side pot-7")
    assert ("pot-unknown", "accounting", 34) in codes(accounting.collect_eligibility(replay(hand)))


def test_pot_overpaid() -> None:
    # side pot-2 holds 120 and pays 100 + 60: the collects exceed the total pot by those 40, one error reported at
    # the collects (collected-total), not a second one about the pot
    hand = with_event(load("nl_mtt_side_pots.txt"), 34, amount=D(100))
    assert codes(accounting.collected_total(replay(hand))) == [("collected-total", "accounting", 39)]
    assert codes(accounting.collected_per_pot(replay(hand))) == []
    # the 40 taken from side pot-1's winner instead: the total is paid, side pot-2 is overpaid
    moved = with_event(hand, 37, amount=D(1680))
    assert codes(accounting.collected_total(replay(moved))) == []
    assert codes(accounting.collected_per_pot(replay(moved))) == [("pot-overpaid", "accounting", 44)]


def test_pot_overpaid_by_a_total_too_large_is_the_total_only() -> None:
    # side pot-2 (120) paid 160 + 60, and the total raised by those 100 as well: the total is the one error,
    # and paying it out is the same error, not another
    hand = with_event(load("nl_mtt_side_pots.txt"), 34, amount=D(160))
    total = hand.summary.total_pot
    assert total is not None
    both = with_summary(hand, total_pot=total + 100)
    rp = replay(both)
    assert codes(accounting.total_pot(rp)) == [("total-pot", "accounting", 44)]
    assert codes(accounting.collected_per_pot(rp)) == []
    # a payout beyond even that total: the collects exceed the total, reported once (collected-total)
    more = replay(with_summary(with_event(load("nl_mtt_side_pots.txt"), 34, amount=D(170)), total_pot=total + 100))
    assert codes(accounting.collected_total(more)) == [("collected-total", "accounting", 39)]
    assert codes(accounting.collected_per_pot(more)) == []


def test_ineligible_winner() -> None:
    hand = with_event(load("nl_mtt_side_pots.txt"), 37, player="Player21")  # side pot-1 without Player21
    assert codes(accounting.collect_eligibility(replay(hand))) == [("ineligible-winner", "showdown", 37)]


def test_summary_won() -> None:
    hand = load("nl_6max_split.txt")
    seats = tuple(s.model_copy(update={"won": (D("4.70"),)}) if s.player == "Hero" else s for s in hand.summary.seats)
    assert codes(accounting.summary_won(replay(with_summary(hand, seats=seats)))) == [
        ("summary-won", "accounting", 39)
    ]


# ---------------------------------------------------------------- showdown

def test_wrong_winner_and_missing_split() -> None:
    hand = load("nl_6max_split.txt")  # two pair, fours and deuces, ace kicker each: a split
    alone = hand.model_copy(update={"events": tuple(e for e in hand.events if e.line != 30)})
    assert codes(showdown.best_hand_wins(replay(alone))) == [("split-missing", "showdown", 29)]
    kicker = load("nl_6max_kicker.txt")
    assert codes(showdown.best_hand_wins(replay(with_event(kicker, 32, player="Player3")))) == [
        ("wrong-winner", "showdown", 32)
    ]


def test_unshown_hands_are_not_judged() -> None:
    # Player3 mucks instead of showing: the pot goes to Player4 uncontested as far as the log shows
    hand = load("nl_6max_kicker.txt")
    hand = hand.model_copy(update={
        "events": tuple(e for e in hand.events if e.line != 30),
        "summary": hand.summary.model_copy(update={"seats": tuple(
            s.model_copy(update={"shown": ()}) for s in hand.summary.seats
        )}),
    })
    assert list(showdown.best_hand_wins(replay(hand))) == []


def test_split_amount() -> None:
    hand = with_event(with_event(load("nl_6max_split.txt"), 29, amount=D("5")), 30, amount=D("4.60"))
    assert codes(showdown.split_evenly(replay(hand))) == [("split-amount", "accounting", 29)]


def test_one_share_collected_beyond_the_pot_is_the_collected_total_only() -> None:
    """Hero's half of a split pot written $1 larger: the collects then exceed the pot (``collected-total``); the
    shares differ only by that excess, so they are no second error (one error, one violation)."""
    hand = with_event(load("nl_6max_split.txt"), 29, amount=D("5.80"))
    assert codes(run_checks(replay(hand))) == [("collected-total", "accounting", 30)]


def test_a_collect_beyond_the_pot_from_an_unnamed_pot_is_the_collected_total_only() -> None:
    """Winamax counts a player's uncalled chips in his collect, and its side pot beyond the engine's pots is read as
    an unnamed pot: a collect $1 larger than the log's is more than the pots its player contested hold, and also
    more than the whole pot: one error, ``collected-total`` (samples/winamax_cash.txt, hand 910116-28)."""
    text = (HANDS.parents[2] / "samples" / "winamax_cash.txt").read_text(encoding="utf-8")
    text = text[text.index("Winamax Poker - CashGame - HandId: #910116-28"):]
    assert "Player11 collected 8.56€ from main pot" in text
    (record,) = handlog.read_text(text)
    assert record.hand is not None and not run_checks(replay(record.hand))
    (record,) = handlog.read_text(text.replace("Player11 collected 8.56€", "Player11 collected 9.56€"))
    assert record.hand is not None
    assert codes(run_checks(replay(record.hand))) == [("collected-total", "accounting", 38)]


def test_a_winner_whose_whole_win_is_collected_beyond_the_pot_is_no_wrong_winner() -> None:
    """A Winamax side pot of one player's uncalled chips, collected with $1 more: that $1 is beyond the pot
    (``collected-total``), and the player, whose hand wins no pot, wins nothing else: no ``wrong-winner`` too."""
    path = HANDS.parents[2] / ".." / "shared" / "corpus" / "fpdb" / "cash" / "Winamax" / "Flop"
    path = path / "PLO-FR-EUR-0.02-0.05-201009.Sample"
    if not path.is_file():
        pytest.skip("../shared/corpus is not there")
    text = path.read_text(encoding="utf-8-sig")
    text = text[text.index("Winamax Poker - CashGame - HandId: #270777-217-1284853532"):]
    text = text[: text.index("Winamax Poker", 10)]
    assert "Player10 collected 0.22€ from side pot 2" in text
    (record,) = handlog.read_text(text.replace("Player10 collected 0.22€", "Player10 collected 1.22€"))
    assert record.hand is not None
    assert [v.code for v in run_checks(replay(record.hand))] == ["collected-total"]


def test_a_folded_players_collect_is_not_also_a_share_or_an_ineligible_winner() -> None:
    """Winning's ledger line of a player who folded, written with a collect: ``collect-by-folded`` (and the collects
    exceed the pot: ``collected-total``), not also a split of the pot with the winner nor a collect by a player not
    in the pot (fpdb's 2016 Winning file, hand 693980591)."""
    path = HANDS.parents[2] / ".." / "shared" / "corpus" / "fpdb" / "cash" / "Winning"
    path = path / "PLO-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt"
    if not path.is_file():
        pytest.skip("../shared/corpus is not there")
    text = path.read_text(encoding="utf-16")
    text = text[text.index("Game started at", text.index("Game ID: 693980591") - 60):]
    text = text[: text.index("Game ended at") + 40]
    line = "Player bigchetpatty does not show cards.Bets: 0.02. Collects: 0. Loses: 0.02."
    assert line in text
    (record,) = handlog.read_text(text.replace(line, line.replace("Collects: 0.", "Collects: 0.02.")))
    assert record.hand is not None
    assert sorted(v.code for v in audit(record.hand).violations) == ["collect-by-folded", "collected-total"]


def test_a_pot_overpaid_where_no_rake_is_stated_is_not_also_a_negative_rake() -> None:
    """A log that states neither a total nor a rake nor a summary of winnings (iPoker): the rake is what the site
    kept, the pot less what it paid. A collect larger than the pot leaves a rake below zero derived from that one
    error."""
    hand = with_summary(load("nl_6max_kicker.txt"), total_pot=None, rake=None, seats=())
    assert run_checks(replay(hand)) == []
    over = with_event(hand, 32, amount=D("9.95"))  # the pot holds 8.95
    assert codes(run_checks(replay(over))) == [("pot-overpaid", "accounting", 34)]


def test_showdown_order_when_all_in_is_the_rooms() -> None:
    # PokerStars turns all-in hands face up from the left of the button among the last side pot's players: Hero
    assert list(showdown.showdown_order(replay(load("nl_mtt_side_pots.txt")))) == []


# ---------------------------------------------------------------- cards

def test_summary_board() -> None:
    hand = load("nl_6max_kicker.txt")
    wrong = with_summary(hand, boards=(("9h", "8s", "3c", "8d", "5c"),))
    assert codes(cards.summary_board(replay(wrong))) == [("board-mismatch", "cards", 35)]


def test_summary_cards() -> None:
    hand = load("nl_6max_kicker.txt")
    seats = tuple(
        s.model_copy(update={"shown": ("Ac", "4h")}) if s.player == "Player4" else s for s in hand.summary.seats
    )
    assert codes(cards.summary_cards(replay(with_summary(hand, seats=seats)))) == [("duplicate-card", "cards", 39)]


# ---------------------------------------------------------------- run_checks

def test_run_checks_skips_hands_not_replayed() -> None:
    hand = with_summary(load("nl_6max_kicker.txt"), total_pot=D(1))
    assert run_checks(replay(hand))
    assert run_checks(replay(hand.model_copy(update={"game": Game.OTHER}))) == []


def test_a_pot_the_bets_do_not_make_is_one_violation() -> None:
    # the site's total says 9.05 and Player4 collects 8.65 of it (rake 0.40), while the bets put in 8.95: one
    # discrepancy, between the action lines and the total (total-pot), not also a pot paid more than it holds
    hand = with_summary(with_event(load("nl_6max_kicker.txt"), 32, amount=D("8.65")), total_pot=D("9.05"))
    rp = replay(hand)
    assert codes(accounting.total_pot(rp)) == [("total-pot", "accounting", 34)]
    assert codes(accounting.collected_per_pot(rp)) == []
    # … but a collect of more than even the stated total is an error of the collects, reported once
    over = replay(with_event(hand, 32, amount=D("9.10")))
    assert codes(accounting.collected_total(over)) == [("collected-total", "accounting", 32)]
    assert codes(accounting.collected_per_pot(over)) == []


def test_a_name_without_a_seat_leaves_only_the_card_checks() -> None:
    # Player3 has no seat line: who put in and won what is not known, so the money checks do not run (even a
    # wrong total is not judged); the card checks do
    hand = load("nl_6max_kicker.txt")
    hand = hand.model_copy(update={"seats": tuple(s for s in hand.seats if s.player != "Player3")})
    found = run_checks(replay(with_summary(hand, total_pot=D(1))))
    assert found == []
    board = with_summary(hand, boards=(("9h", "8s", "3c", "8d", "5c"),))
    assert "board-mismatch" in {v.code for v in run_checks(replay(board))}
