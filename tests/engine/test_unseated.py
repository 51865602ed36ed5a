"""A player who acts without a seat line: one error is one violation, never a cascade.

A name no line introduces is the log's error, reported once (``unknown-player``); from there on who is who is not
known, so nothing that follows from it is held against the hand, and the notes say so. A player the log says joined
the table during the hand is no error: their seat and stack are not stated, but their chips are, so the amounts,
the pots, the totals and the seated players' order are still checked. Errors planted around either are caught.
"""

from __future__ import annotations

from decimal import Decimal

from handkit import check, edit, found, load, swap, with_events

from handlog.events import Hand, PlayerStatus, StatusChange

D = Decimal


def _unseat(hand: Hand, player: str, joins_at: int | None = None) -> Hand:
    """``hand`` without ``player``'s seat line; with ``joins_at``, a "joins the table" line there, first."""
    hand = hand.model_copy(update={"seats": tuple(s for s in hand.seats if s.player != player)})
    if joins_at is None:
        return hand
    return with_events(hand, [StatusChange(line=joins_at, player=player, status=PlayerStatus.JOINS), *hand.events])


def test_the_untouched_hand_is_clean() -> None:
    assert found(check(load("nl_6max_kicker.txt"))) == set()


def test_a_name_without_a_seat_is_one_violation() -> None:
    # Player3 has no seat line: calls (line 14), calls, checks, raises, goes all-in, shows and loses
    result = check(_unseat(load("nl_6max_kicker.txt"), "Player3"))
    assert found(result) == {("unknown-player", "structure", 14)}
    note = next(n for n in result.replay.notes if "Player3" in n)
    assert "line 14" in note and "not checked" in note


def test_an_error_before_the_unseated_name_is_still_caught() -> None:
    # Player5 has no seat line (first on line 16); lines 13 and 14 exchanged: Player3 calls before Player2 folds
    hand = swap(_unseat(load("nl_6max_kicker.txt"), "Player5"), 13, 14)
    result = found(check(hand))
    assert {("out-of-turn", "legality", 13), ("unknown-player", "structure", 16)} <= result
    assert {f for f in result if f[2] >= 16} == {("unknown-player", "structure", 16)}


def test_a_player_who_joined_is_read_as_seated() -> None:
    result = check(_unseat(load("nl_6max_kicker.txt"), "Player3", joins_at=9))
    assert found(result) == set()
    assert any("Player3 joined the table" in n and "stack" in n for n in result.replay.notes)
    assert result.replay.results["Player3"].committed == D("4.40")  # the chips the log states


def test_with_a_joined_player_a_wrong_collect_is_caught() -> None:
    # line 32 "Player4 collected $8.55" → $8.65: the pots are still checked
    hand = edit(_unseat(load("nl_6max_kicker.txt"), "Player3", joins_at=9), 32, amount=D("8.65"))
    assert ("collected-total", "accounting", 32) in found(check(hand))


def test_with_a_joined_player_a_wrong_call_is_caught() -> None:
    # line 19 "Player3: calls $0.40" → $0.30: the joined player's amounts are still checked
    hand = edit(_unseat(load("nl_6max_kicker.txt"), "Player3", joins_at=9), 19, amount=D("0.30"))
    assert ("call-amount", "legality", 19) in found(check(hand))


def test_with_a_joined_player_the_seated_players_order_is_checked() -> None:
    # lines 16 and 17 exchanged: Hero (small blind) folds before Player5 (button); Player3 joined, unseated
    hand = swap(_unseat(load("nl_6max_kicker.txt"), "Player3", joins_at=9), 16, 17)
    assert ("out-of-turn", "legality", 16) in found(check(hand))


def test_an_unseated_big_blind_keeps_the_order_after_the_small_blind() -> None:
    # Player1 (big blind, seat 1) joined unseated: the first to act still sits after the small blind's seat
    result = check(_unseat(load("nl_6max_kicker.txt"), "Player1", joins_at=8))
    assert found(result) == set()
    # … and a seated player acting first out of turn is still caught: Player3 before Player2
    assert ("out-of-turn", "legality", 13) in found(
        check(swap(_unseat(load("nl_6max_kicker.txt"), "Player1", joins_at=8), 13, 14))
    )
