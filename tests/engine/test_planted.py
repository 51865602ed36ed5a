"""Planted errors: a real, clean hand with one thing changed must be caught with the right category and code.

Each test names the line it changes (the hands are in ``hands/``) and asserts the violation the rules give
for that line. ``test_unmodified_hands_are_clean`` proves the same hands pass untouched, so no test here can
pass vacuously.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from handkit import check, edit, errors, event_at, found, load, move, names, replace, swap

from handlog.events import Call, Check, DealHole, Fold, Raise, Show

D = Decimal

# The real oddities among the copied hands: PokerStars logs an automatic fold for a big blind who is already
# all-in (and sitting out); the engine reports it and keeps the player in, as the site's own pots do.
EXPECTED_WARNINGS = {"nl_short_all_in_big_blind.txt": {("acts-after-all-in", "legality", 20)}}
# ... and a real defect: heads-up, the 2005 log puts the button on the big blind (a copy is kept for that)
EXPECTED_ERRORS = {"fl_2005_heads_up_button_big_blind.txt": {("blind-position", "legality", 5)}}


@pytest.mark.parametrize("name", names())
def test_unmodified_hands_are_clean(name: str) -> None:
    result = check(load(name))
    assert result.replay.supported
    expected = EXPECTED_WARNINGS.get(name, set()) | EXPECTED_ERRORS.get(name, set())
    assert found(result) == expected, errors(result)
    assert result.has_errors == (name in EXPECTED_ERRORS)


# ---------------------------------------------------------------- Hold'em, no limit

def test_actions_swapped_are_out_of_turn() -> None:
    # line 14 "Player3: calls $0.10" and line 15 "Player4: raises $0.40 to $0.50" exchanged
    hand = swap(load("nl_6max_kicker.txt"), 14, 15)
    assert ("out-of-turn", "legality", 14) in found(check(hand))


def test_raise_below_the_minimum() -> None:
    # line 24 "Player4: raises $7.50 to $9.30" over a raise of 1.10: the next raise must be by 1.10 or more
    hand = edit(load("nl_6max_kicker.txt"), 24, by=D("0.70"), to=D("2.50"))
    assert ("raise-size", "legality", 24) in found(check(hand))


def test_raise_below_the_minimum_preflop() -> None:
    # line 15 "Player4: raises $0.40 to $0.50" → to $0.15: a raise over the big blind is by at least the big blind
    hand = edit(load("nl_6max_kicker.txt"), 15, by=D("0.05"), to=D("0.15"))
    assert ("raise-size", "legality", 15) in found(check(hand))


def test_check_facing_a_bet() -> None:
    # line 19 "Player3: calls $0.40" → "Player3: checks" while facing the raise
    hand = replace(load("nl_6max_kicker.txt"), 19, Check(line=19, player="Player3"))
    assert ("check-facing-bet", "legality", 19) in found(check(hand))


def test_collected_amount_changed() -> None:
    # line 32 "Player4 collected $8.55 from pot" → $8.65: pot 8.95 less rake 0.40 is 8.55
    hand = edit(load("nl_6max_kicker.txt"), 32, amount=D("8.65"))
    result = check(hand)
    # the summary's "won ($8.55)" (line 39) makes the total: the collect line is the one error, reported once
    assert found(result) == {("collected-total", "accounting", 32)}


def test_summary_won_changed_alone() -> None:
    # the summary's "won ($8.55)" (line 39) → $8.65: the collect line and the pot agree, the summary does not
    hand = load("nl_6max_kicker.txt")
    seats = tuple(s.model_copy(update={"won": (D("8.65"),)}) if s.line == 39 else s for s in hand.summary.seats)
    changed = hand.model_copy(update={"summary": hand.summary.model_copy(update={"seats": seats})})
    assert found(check(changed)) == {("summary-won", "accounting", 39)}


def test_uncalled_bet_changed() -> None:
    # line 26 "Uncalled bet ($5.40) returned to Player4" → $5: Player4 bet 9.30 and was called for 3.90
    hand = edit(load("nl_6max_kicker.txt"), 26, amount=D("5"))
    result = check(hand)
    # one error, one violation: the 0.40 the line leaves in the pot is that error, not an unreturned bet, a wrong
    # total (the log's own total leaves it out) nor a side pot that changes the showdown order
    assert found(result) == {("uncalled-bet", "accounting", 26)}


def test_uncalled_bet_missing() -> None:
    # line 26 deleted and the summary's total (line 34) made to include the 5.40 nobody called
    base = replace(load("nl_6max_kicker.txt"), 26)
    hand = base.model_copy(update={"summary": base.summary.model_copy(update={"total_pot": D("14.35")})})
    assert ("uncalled-not-returned", "accounting", 27) in found(check(hand))
    # with the site's total showing the return, the hand reads like a 2005-era log: accepted, with a note
    result = check(base)
    assert not result.violations
    assert result.replay.notes == ("uncalled 5.40 returned to Player4 without a line (the total shows it)",)


def test_card_duplicated() -> None:
    # line 27 "*** TURN *** [9h 8s 3c] [8d]" → the turn is 4h, a card dealt to Hero on line 12
    hand = edit(load("nl_6max_kicker.txt"), 27, cards=("4h",))
    assert ("duplicate-card", "cards", 27) in found(check(hand))


def test_shown_card_duplicated() -> None:
    # line 30 "Player3: shows [Jd 9s]" → [Jd 9h]: 9h is on the flop
    hand = edit(load("nl_6max_kicker.txt"), 30, cards=("Jd", "9h"))
    assert ("duplicate-card", "cards", 30) in found(check(hand))


def test_a_hand_shown_with_a_card_not_dealt_is_one_violation() -> None:
    # line 27 "Hero: shows [As Kc]" (dealt on line 11) → [As Ac]: aces full would win the pot Hero splits, but the
    # showdown is not judged from a card Hero was never dealt (one error: the shown cards)
    hand = edit(load("nl_6max_split.txt"), 27, cards=("As", "Ac"))
    assert found(check(hand)) == {("shown-mismatch", "cards", 27)}


def test_pot_given_to_the_worse_hand() -> None:
    # line 32 "Player4 collected $8.55 from pot" → Player3, whose J kicker loses to Player4's A kicker
    hand = edit(load("nl_6max_kicker.txt"), 32, player="Player3")
    assert ("wrong-winner", "showdown", 32) in found(check(hand))


def test_side_pot_paid_to_a_player_not_in_it() -> None:
    # line 34 "Hero collected 60 from side pot-2" → Player21, all-in for 130: only in the main pot
    hand = edit(load("nl_mtt_side_pots.txt"), 34, player="Player21")
    assert ("ineligible-winner", "showdown", 34) in found(check(hand))


def test_main_pot_given_to_the_worse_hand() -> None:
    # line 39 "Player21 collected 670 from main pot" → Player6 (two pair, King kicker) beaten by the full house
    hand = edit(load("nl_mtt_side_pots.txt"), 39, player="Player6")
    assert ("wrong-winner", "showdown", 39) in found(check(hand))


def test_acting_after_folding() -> None:
    # line 16 "Player5: folds" then Player5 calls on line 19 instead of Player3
    hand = replace(load("nl_6max_kicker.txt"), 19, Call(line=19, player="Player5", amount=D("0.50")))
    assert ("acts-after-fold", "legality", 19) in found(check(hand))


def test_two_folds_exchanged_are_one_violation() -> None:
    # lines 16 "Player5: folds" and 17 "Hero: folds" exchanged: Hero acts before the button (holdem-rules-de.txt,
    # "Vorflop": the turn passes to the left); Player5, passed over, folding next is that same error, not another
    audit_ = check(swap(load("nl_6max_kicker.txt"), 16, 17))
    assert [(v.code, v.line) for v in audit_.violations] == [("out-of-turn", 16)]


def test_a_folded_players_action_is_one_violation() -> None:
    # Player2, who folded on line 13, checks after Player4's raise (line 15): his action is reported and takes no
    # turn, so Player5 (line 16) still acts in turn, not "out of turn after Player2"
    hand = load("nl_6max_kicker.txt")
    checked = replace(hand, 16, Check(line=16, player="Player2"), event_at(hand, 16))
    assert [(v.code, v.line) for v in check(checked).violations] == [("acts-after-fold", 16)]


# ---------------------------------------------------------------- Hold'em, fixed limit

def test_fixed_limit_bet_of_the_wrong_size() -> None:
    # line 42 "Player5: bets 60" on the turn (big bet 60) → bets 30
    hand = edit(load("fl_mtt_capped.txt"), 42, amount=D(30))
    assert ("fixed-limit-size", "legality", 42) in found(check(hand))


def test_fixed_limit_raise_of_the_wrong_size() -> None:
    # line 33 "Player3: raises 30 to 60" on the flop → raises 60 to 90
    hand = edit(load("fl_mtt_capped.txt"), 33, by=D(60), to=D(90))
    assert ("fixed-limit-size", "legality", 33) in found(check(hand))


def test_fifth_bet_in_a_capped_round_multiway() -> None:
    # the flop is capped on line 35 (bet, three raises); line 37 "Player8: folds" → a fifth bet
    hand = replace(load("fl_mtt_capped.txt"), 37, Raise(line=37, player="Player8", by=D(30), to=D(150)))
    assert ("raise-cap", "legality", 37) in found(check(hand))


def test_fifth_bet_preflop_multiway() -> None:
    # preflop the big blind is the bet; line 22 caps it; line 24 "Player2: folds" → a fifth bet
    hand = replace(load("fl_mtt_capped.txt"), 24, Raise(line=24, player="Player2", by=D(30), to=D(150)))
    assert ("raise-cap", "legality", 24) in found(check(hand))


# ---------------------------------------------------------------- Five Card Draw

def test_draw_receives_more_cards_than_discarded() -> None:
    # line 17 "Hero: discards 1 card [2s]"; line 18 "Dealt to Hero [Td Th 6h 4h] [Ks]" → two new cards
    hand = edit(load("draw_fl_showdown.txt"), 18, cards=("Td", "Th", "6h"), new=("Ks", "3c"))
    assert ("draw-count-mismatch", "cards", 18) in found(check(hand))


def test_sixth_card_after_the_draw() -> None:
    # line 18: Hero keeps all four and is dealt two
    hand = edit(load("draw_fl_showdown.txt"), 18, new=("Ks", "3c"))
    result = check(hand)
    assert ("hand-size", "cards", 18) in found(result)
    assert ("draw-count-mismatch", "cards", 18) in found(result)


def test_sixth_card_dealt() -> None:
    # line 11 "Dealt to Hero [Td Th 6h 4h 2s]" plus a sixth card
    hand = edit(load("draw_fl_showdown.txt"), 11, cards=("Td", "Th", "6h", "4h", "2s", "3c"))
    assert ("hole-card-count", "cards", 11) in found(check(hand))


def test_sixth_card_shown() -> None:
    # line 24 "Player2: shows [Qd 5c Qs Ac 4d]" plus a sixth card
    hand = edit(load("draw_fl_showdown.txt"), 24, cards=("Qd", "5c", "Qs", "Ac", "4d", "7h"))
    assert ("shown-count", "cards", 24) in found(check(hand))


def test_discarded_card_drawn_again() -> None:
    # line 18: Hero draws back the 2s discarded on line 17
    hand = edit(load("draw_fl_showdown.txt"), 18, new=("2s",))
    assert ("duplicate-card", "cards", 18) in found(check(hand))


def test_discarded_card_shown_by_another_player() -> None:
    # line 24: Player2 shows the 2s Hero discarded on line 17
    hand = edit(load("draw_fl_showdown.txt"), 24, cards=("Qd", "5c", "Qs", "Ac", "2s"))
    assert ("duplicate-card", "cards", 24) in found(check(hand))


def test_big_bet_before_the_draw() -> None:
    # line 14 "Player2: raises $0.10 to $0.20" → by the big bet, to $0.30
    hand = edit(load("draw_fl_showdown.txt"), 14, by=D("0.20"), to=D("0.30"))
    assert ("fixed-limit-size", "legality", 14) in found(check(hand))


def test_small_bet_after_the_draw() -> None:
    # draw_fl_multiway line 26 "Player1: bets $0.20" after the draw → $0.10
    hand = edit(load("draw_fl_multiway.txt"), 26, amount=D("0.10"))
    assert ("fixed-limit-size", "legality", 26) in found(check(hand))


def test_draw_out_of_turn() -> None:
    # the button (Player2) draws last; line 19 "Player2: discards 3 cards" moved before Hero's draw (line 17)
    hand = move(load("draw_fl_showdown.txt"), 19, before=17)
    assert ("out-of-turn", "legality", 19) in found(check(hand))


def test_bet_during_the_draw() -> None:
    # line 20 "Hero: checks" moved before Player2 has drawn (line 19)
    hand = move(load("draw_fl_showdown.txt"), 20, before=19)
    assert ("act-during-draw", "legality", 20) in found(check(hand))


def test_discard_not_held() -> None:
    # line 17 "Hero: discards 1 card [2s]" → [3c], a card Hero was never dealt
    hand = edit(load("draw_fl_showdown.txt"), 17, cards=("3c",))
    assert ("discard-not-held", "cards", 17) in found(check(hand))


def test_kept_card_not_held() -> None:
    # line 18: Hero "keeps" a card he was never dealt
    hand = edit(load("draw_fl_showdown.txt"), 18, cards=("Td", "Th", "6h", "3c"))
    assert ("kept-cards-not-held", "cards", 18) in found(check(hand))


def test_draw_after_folding() -> None:
    # line 15 "Player3: folds"; Player3 then draws
    base = load("draw_fl_showdown.txt")
    drawn = event_at(base, 19).model_copy(update={"player": "Player3"})
    hand = replace(base, 19, drawn, event_at(base, 19).model_copy(update={"line": 19}))
    assert ("acts-after-fold", "legality", 19) in found(check(hand))


def test_unmodified_draw_events_are_what_the_tests_assume() -> None:
    base = load("draw_fl_showdown.txt")
    assert isinstance(event_at(base, 18), DealHole)
    assert isinstance(event_at(base, 24), Show)
    assert isinstance(event_at(load("nl_6max_kicker.txt"), 16), Fold)
