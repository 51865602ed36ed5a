"""One test per rule a hand history can show: the rule kept passes, the rule broken is reported.

Real hands from ``hands/`` where the corpus has one; otherwise a short hand written here in PokerStars' format
(marked "constructed"), with the site's numbers made consistent so that only the rule under test can fail.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from handkit import check, edit, errors, found, load, move, parse, replace, swap

from handlog.audit import Audit, audit
from handlog.engine import RulesProfile, profile_for, replay
from handlog.engine.variants import FIVE_CARD_DRAW, HOLDEM, high_card_by_suit_button
from handlog.events import Bet, Hand, Raise, StandPat, Street, UncalledReturns
from handlog.reading import read_text

D = Decimal


def at_line(result_found: set[tuple[str, str, int]], line: int) -> set[str]:
    return {code for code, _, ln in result_found if ln == line}


def to_act_after(hand: Hand, line: int) -> str | None:
    """Whose turn the table says it is after the event on ``line``."""
    step = next(s for s in replay(hand).steps if s.event.line == line)
    return step.state.to_act


# ---------------------------------------------------------------- blinds

def test_blind_amounts() -> None:
    hand = load("nl_6max_kicker.txt")
    assert to_act_after(hand, 10) is None  # forced bets are not a betting round yet
    # line 10 "Player1: posts big blind $0.10" → $0.20 at $0.05/$0.10
    assert ("blind-amount", "legality", 10) in found(check(edit(hand, 10, amount=D("0.20"))))
    # line 9 "Hero: posts small blind $0.05" → $0.10
    assert ("blind-amount", "legality", 9) in found(check(edit(hand, 9, amount=D("0.10"))))


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = load("nl_heads_up.txt")  # Hero is the button and posts the small blind
    assert not check(hand).violations
    assert to_act_after(hand, 8) == "Hero"  # preflop: the button first
    assert to_act_after(hand, 11) == "Player1"  # on the flop: the big blind first, the button last
    # line 9 "Hero: calls" and line 10 "Player1: checks" exchanged: the big blind acts before the button
    assert ("out-of-turn", "legality", 9) in found(check(swap(hand, 9, 10)))
    # line 12 "Player1: checks" and line 13 "Hero: checks" on the flop exchanged
    assert ("out-of-turn", "legality", 12) in found(check(swap(hand, 12, 13)))


STRADDLE = """\
PokerStars Hand #100000001:  Hold'em No Limit ($0.10/$0.20 USD) - 2020/01/01 12:00:00 ET
Table 'Constructed' 6-max Seat #1 is the button
Seat 1: Player1 ($20 in chips)
Seat 2: Player2 ($20 in chips)
Seat 3: Player3 ($20 in chips)
Seat 4: Player4 ($20 in chips)
Player2: posts small blind $0.10
Player3: posts big blind $0.20
Player4: posts straddle $0.40
*** HOLE CARDS ***
Player1: calls $0.40
Player2: calls $0.30
Player3: calls $0.20
Player4: checks
*** FLOP *** [2c 7d 9h]
Player2: checks
Player3: checks
Player4: checks
Player1: bets $1
Player2: folds
Player3: folds
Player4: folds
Uncalled bet ($1) returned to Player1
Player1 collected $1.60 from pot
*** SUMMARY ***
Total pot $1.60 | Rake $0
Board [2c 7d 9h]
Seat 1: Player1 (button) collected ($1.60)
Seat 2: Player2 (small blind) folded on the Flop
Seat 3: Player3 (big blind) folded on the Flop
Seat 4: Player4 folded on the Flop
"""


def test_straddle_acts_last_preflop() -> None:  # constructed: PokerStars' own logs in the corpus have none
    hand = parse(STRADDLE)
    assert not check(hand).violations
    assert to_act_after(hand, 10) == "Player1"  # the first player left of the straddle
    assert to_act_after(hand, 13) == "Player4"  # the straddler has the last word
    # the straddler checks before the big blind has called (lines 13 and 14 exchanged)
    assert ("out-of-turn", "legality", 13) in found(check(swap(hand, 13, 14)))
    # the straddle is a raise: the next raise must be by at least 0.40 more (to 0.80)
    short = edit(hand, 11, player="Player1")
    short = replace(short, 11, Raise(line=11, player="Player1", by=D("0.20"), to=D("0.60")))
    assert ("raise-size", "legality", 11) in found(check(short))


# ---------------------------------------------------------------- turn order and sizes

@pytest.mark.parametrize(
    ("first", "second", "street"),
    [(16, 17, "preflop"), (30, 31, "flop"), (42, 43, "turn"), (48, 49, "river")],
)
def test_betting_order_each_street(first: int, second: int, street: str) -> None:
    hand = load("fl_mtt_capped.txt")
    assert replay(hand).steps[[s.event.line for s in replay(hand).steps].index(first)].state.street == street
    assert ("out-of-turn", "legality", first) in found(check(swap(hand, first, second)))


def test_no_limit_minimum_bet() -> None:
    hand = load("nl_6max_kicker.txt")
    # line 22 "Player4: bets $0.70" → $0.05, less than the big blind
    assert ("bet-size", "legality", 22) in found(check(edit(hand, 22, amount=D("0.05"))))
    # exactly the big blind is a legal bet
    assert "bet-size" not in at_line(found(check(edit(hand, 22, amount=D("0.10")))), 22)


def test_no_limit_minimum_raise() -> None:
    hand = load("nl_6max_kicker.txt")
    # line 23 "Player3: raises $1.10 to $1.80" over a bet of 0.70: the minimum is to 1.40
    assert "raise-size" not in at_line(found(check(edit(hand, 23, by=D("0.70"), to=D("1.40")))), 23)
    assert ("raise-size", "legality", 23) in found(check(edit(hand, 23, by=D("0.60"), to=D("1.30"))))
    # an all-in for less than a minimum raise is allowed
    allin = edit(hand, 23, by=D("0.60"), to=D("1.30"), all_in=True)
    assert "raise-size" not in at_line(found(check(allin)), 23)


def test_short_all_in_raise_does_not_reopen_the_betting() -> None:
    hand = load("nl_mtt_side_pots.txt")
    # line 24 "Player13: raises 40 to 580 and is all-in": 40 is less than the full raise of 440, so Hero, who
    # already called 540 on line 23, may only call or fold; line 26 "Hero: calls 40" is the log's (legal) answer
    assert not check(hand).has_errors
    reraise = replace(hand, 26, Raise(line=26, player="Hero", by=D(620), to=D(1200)))
    assert ("raise-not-reopened", "legality", 26) in found(check(reraise))


REOPEN = """\
PokerStars Hand #100000002:  Hold'em No Limit ($0.10/$0.20 USD) - 2020/01/01 12:00:00 ET
Table 'Constructed' 6-max Seat #1 is the button
Seat 1: Player1 ($1.40 in chips)
Seat 2: Player2 ($20 in chips)
Seat 3: Player3 ($20 in chips)
Seat 4: Player4 ($20 in chips)
Player2: posts small blind $0.10
Player3: posts big blind $0.20
*** HOLE CARDS ***
Player4: raises $0.80 to $1
Player1: raises $0.40 to $1.40 and is all-in
Player2: {player2}
Player3: folds
Player4: {player4}
"""


def test_short_all_in_raise_reopens_for_players_yet_to_act() -> None:  # constructed
    # Player1's all-in raise of 0.40 is less than the 0.80 raise before it: Player2 has not acted yet and may
    # raise; Player4, who raised, may only call it
    legal = parse(REOPEN.format(player2="raises $1.80 to $3.20", player4="calls $2.20") + SUMMARY_STUB)
    assert "raise-not-reopened" not in {v.code for v in replay(legal).violations}
    assert "raise-size" not in {v.code for v in replay(legal).violations}
    illegal = parse(REOPEN.format(player2="calls $1.30", player4="raises $1.60 to $3") + SUMMARY_STUB)
    assert ("raise-not-reopened", 14) in {(v.code, v.line) for v in replay(illegal).violations}


SUMMARY_STUB = "*** SUMMARY ***\n"


def test_pot_limit_maximum() -> None:
    hand = load("draw_pl.txt")
    # line 10 "Player2: raises $2 to $3": blinds 0.50 + 1, the call 1, so at most to 1 + 2.50 = 3.50
    assert "raise-size" not in at_line(found(check(edit(hand, 10, by=D("2.50"), to=D("3.50")))), 10)
    assert ("raise-size", "legality", 10) in found(check(edit(hand, 10, by=D("2.60"), to=D("3.60"))))
    # line 17 "Hero: bets $5" after the draw into a pot of 9: at most 9
    assert "bet-size" not in at_line(found(check(edit(hand, 17, amount=D(9)))), 17)
    assert ("bet-size", "legality", 17) in found(check(edit(hand, 17, amount=D("9.10"))))


def test_fixed_limit_sizes() -> None:
    hand = load("fl_mtt_capped.txt")  # 30/60: bets of 30 preflop and on the flop, 60 on the turn and river
    assert ("fixed-limit-size", "legality", 30) in found(check(edit(hand, 30, amount=D(60))))
    assert ("fixed-limit-size", "legality", 49) in found(check(edit(hand, 49, amount=D(30))))
    assert ("fixed-limit-size", "legality", 44) in found(check(edit(hand, 44, by=D(30), to=D(90))))


HEADS_UP_CAP = """\
PokerStars Game #100000003:  Hold'em Limit ($1/$2 USD) - 2010/01/01 12:00:00 ET
Table 'Constructed' 2-max Seat #1 is the button
Seat 1: Player1 ($50 in chips)
Seat 2: Player2 ($50 in chips)
Player1: posts small blind $0.50
Player2: posts big blind $1
*** HOLE CARDS ***
Player1: raises $1 to $2
Player2: raises $1 to $3
Player1: raises $1 to $4
Player2: raises $1 to $5
Player1: raises $1 to $6
Player2: calls $1
*** FLOP *** [2c 7d 9h]
Player2: checks
Player1: bets $1
Player2: folds
Uncalled bet ($1) returned to Player1
Player1 collected $12 from pot
*** SUMMARY ***
Total pot $12 | Rake $0
Board [2c 7d 9h]
Seat 1: Player1 (button) (small blind) collected ($12)
Seat 2: Player2 (big blind) folded on the Flop
"""


def test_fixed_limit_cap_heads_up() -> None:  # constructed
    hand = parse(HEADS_UP_CAP)
    # PokerStars caps heads-up too: its logs print "Betting is capped" after a bet and three raises between
    # two players (LHE-FR-FPP-20100710.txt in the corpus, hand 46598814080, turn and river)
    assert profile_for("PokerStars").cap_applies_heads_up is True
    assert {(v.code, v.line) for v in check(hand).violations} == {("raise-cap", 11), ("raise-cap", 12)}
    # a room that lifts the cap heads-up (the profile's house rule) accepts the fifth and sixth bets
    uncapped = RulesProfile(name="uncapped heads-up", cap_applies_heads_up=False)
    assert not replay(hand, uncapped).violations
    # ... but not multiway (fl_mtt_capped.txt, line 37: a fifth bet with four players in)
    multi = replace(load("fl_mtt_capped.txt"), 37, Raise(line=37, player="Player8", by=D(30), to=D(150)))
    assert ("raise-cap", 37) in {(v.code, v.line) for v in replay(multi, uncapped).violations}


# ---------------------------------------------------------------- pots and showdown

def test_side_pots() -> None:
    rp = replay(load("nl_mtt_side_pots.txt"))
    assert [(p.amount, set(p.eligible), set(p.winners)) for p in rp.pots] == [
        (D(670), {"Player6", "Player21", "Player11", "Hero", "Player13"}, {"Player21"}),
        (D(1720), {"Player6", "Player11", "Hero", "Player13"}, {"Player6"}),
        (D(120), {"Player11", "Hero", "Player13"}, {"Hero", "Player11"}),
    ]


def test_split_pot() -> None:
    hand = load("nl_6max_split.txt")
    result = check(hand)
    assert not result.violations
    assert set(result.replay.pots[0].winners) == {"Hero", "Player3"}
    # unequal shares of a split pot
    unequal = edit(edit(hand, 29, amount=D("4.90")), 30, amount=D("4.70"))
    assert ("split-amount", "accounting", 29) in found(check(unequal))


def _odd_chip(hero: str, player3: str, rules: RulesProfile | None = None) -> Audit:
    hand = load("nl_6max_split.txt")
    hand = edit(edit(hand, 29, amount=D(hero)), 30, amount=D(player3))
    seats = tuple(
        s.model_copy(update={"won": (D(hero),)}) if s.player == "Hero"
        else s.model_copy(update={"won": (D(player3),)}) if s.player == "Player3" else s
        for s in hand.summary.seats
    )
    summary = hand.summary.model_copy(update={"rake": D("0.49"), "seats": seats})
    return audit(hand.model_copy(update={"summary": summary}), rules)


def test_odd_chip_goes_left_of_the_button() -> None:
    # a rake of 0.49 leaves 9.61 to split: the odd cent goes to Hero (seat 6), first left of the button (seat 4)
    assert not _odd_chip("4.81", "4.80").violations
    assert ("odd-chip", "accounting", 29) in found(_odd_chip("4.80", "4.81"))


def test_kickers_decide_the_showdown() -> None:
    hand = load("nl_6max_kicker.txt")  # board 9h 8s 3c 8d 4c: nines and eights, ace kicker beats jack kicker
    board = ("9h", "8s", "3c", "8d", "4c")
    assert HOLDEM.evaluate(("Ac", "9d"), board) < HOLDEM.evaluate(("Jd", "9s"), board)
    assert ("wrong-winner", "showdown", 32) in found(check(edit(hand, 32, player="Player3")))
    side = load("nl_mtt_side_pots.txt")  # side pot-1: Player6's king kicker beats Hero's nine
    assert ("wrong-winner", "showdown", 37) in found(check(edit(side, 37, player="Hero")))


def test_showdown_order() -> None:
    # no bet after the draw: the first player left of the button (Hero) shows first
    hand = load("draw_fl_showdown.txt")
    assert ("showdown-order", "showdown", 23) in found(check(swap(hand, 23, 24)))
    # Hero bet last: Hero shows first; a warning, not an error, when the log shows them the other way
    pl = check(swap(load("draw_pl.txt"), 21, 22))
    assert ("showdown-order", "showdown", 21) in found(pl)
    assert not pl.has_errors


_RAZZ_ALL_IN = """variant = 'FR'
antes = [100000, 100000]
bring_in = 100000
small_bet = 300000
big_bet = 600000
starting_stacks = [2650000, 27050000]
actions = ['d dh p1 8c2h4c', 'd dh p2 4h3d8d', 'p2 pb', 'p1 cbr 300000', 'p2 cbr 600000', 'p1 cc', 'd dh p1 Ad',
  'd dh p2 2s', 'p1 cbr 300000', 'p2 cbr 600000', 'p1 cc', 'd dh p1 Qd', 'd dh p2 Td', 'p2 cbr 600000', 'p1 cc',
  'd dh p1 Jd', 'd dh p2 8s', 'p1 cbr 600000', 'p2 cbr 1200000', 'p1 cc', {first}, {second}, 'd dh p1 Kh',
  'd dh p2 7h', 'p1 sm 8c2h4cAdQdJdKh', 'p2 sm 4h3d8d2sTd8s7h']
"""


def test_showdown_order_counts_the_first_exposure() -> None:
    """p1 calls all-in on sixth street against p2's raise: the last aggressor, p2, shows first when the betting
    ends; both show again, p1 first, with seventh street's card. The first exposure is the order checked."""
    p1, p2 = "'p1 sm 8c2h4cAdQdJd'", "'p2 sm 4h3d8d2sTd8s'"
    (good,) = read_text(_RAZZ_ALL_IN.format(first=p2, second=p1), file="razz.phh")
    (bad,) = read_text(_RAZZ_ALL_IN.format(first=p1, second=p2), file="razz.phh")
    assert good.hand is not None and bad.hand is not None
    assert "showdown-order" not in {v.code for v in audit(good.hand).violations}
    assert "showdown-order" in {v.code for v in audit(bad.hand).violations}


# ---------------------------------------------------------------- misdeals

def test_misdeal_wrong_number_of_hole_cards() -> None:
    hand = edit(load("nl_6max_kicker.txt"), 12, cards=("4h", "Qh", "2d"))
    assert ("hole-card-count", "cards", 12) in found(check(hand))


def test_misdeal_duplicate_card() -> None:
    hand = edit(load("nl_6max_kicker.txt"), 20, cards=("9h", "8s", "Qh"))  # Qh was dealt to Hero
    assert ("duplicate-card", "cards", 20) in found(check(hand))


def test_misdeal_wrong_board_count() -> None:
    hand = edit(load("nl_6max_kicker.txt"), 20, cards=("9h", "8s", "3c", "2d"))
    # one error, one violation: the turn and river lines and the summary print the flop's three cards, as dealt
    # but for the card too many, which is that same error
    assert found(check(hand)) == {("board-count", "cards", 20)}
    # a later street that prints another card than was dealt is a second error
    other = edit(hand, 27, board=("9h", "8s", "4d"))
    assert found(check(other)) == {("board-count", "cards", 20), ("board-mismatch", "cards", 27)}


def test_a_board_street_before_the_deal_stops_the_replay() -> None:
    """The flop comes before any betting round began (a garbled log: 2016 Winning's "*** FLOP ***:" where the deal
    starts): no round exists for the betting after it, so the engine reports it once and replays no further; every
    later event would otherwise be judged against a round the log never had (one error, one violation)."""
    hand = move(load("nl_6max_kicker.txt"), 20, before=11)  # the flop, before "*** HOLE CARDS ***"
    result = check(hand)
    assert found(result) == {("street-order", "structure", 20)}
    assert result.replay.stopped
    assert result.replay.notes == ("the replay stopped at line 20: the rest of the hand was not checked",)
    # in its place, the flop is the next street: nothing to report
    assert not check(load("nl_6max_kicker.txt")).violations


def test_a_log_without_the_deal_is_reported_up_to_the_flop() -> None:
    """Without "*** HOLE CARDS ***" no round is open: each preflop action is refused (no-betting-round), and the flop
    then comes before any round began: the replay stops there."""
    result = check(replace(load("nl_6max_kicker.txt"), 11))
    assert {code for code, _, line in found(result) if line < 20} == {"no-betting-round"}
    assert {(code, line) for code, _, line in found(result) if line >= 20} == {("street-order", 20)}
    assert result.replay.stopped


# ---------------------------------------------------------------- all-in blinds

def test_short_all_in_big_blind_callers_owe_the_full_blind() -> None:
    hand = load("nl_short_all_in_big_blind.txt")  # big blind 30, Player6 all-in for 20
    assert not check(hand).has_errors
    # line 14 "Player2: calls 30" → calls 20: the full big blind is owed, not the short all-in
    assert ("call-amount", "legality", 14) in found(check(edit(hand, 14, amount=D(20))))


SHORT_BLIND_HEADS_UP = """\
PokerStars Hand #100000004: Tournament #100000005, 2000+110 Hold'em No Limit - Level II (15/30) - 2012/02/16 22:26:13 ET
Table '100000005 1' 9-max Seat #1 is the button
Seat 1: Player1 (1000 in chips)
Seat 2: Player2 (20 in chips)
Player1: posts small blind 15
Player2: posts big blind 20 and is all-in
*** HOLE CARDS ***
Player1: calls {call}
*** FLOP *** [6s Qs Ac]
*** TURN *** [6s Qs Ac] [6c]
*** RIVER *** [6s Qs Ac 6c] [Ts]
*** SHOW DOWN ***
Player2: shows [8h 2h] (a pair of Sixes)
Player1: shows [Kc Ad] (two pair, Aces and Sixes - King kicker)
Player1 collected 40 from pot
*** SUMMARY ***
Total pot 40 | Rake 0
Board [6s Qs Ac 6c Ts]
Seat 1: Player1 (button) (small blind) showed [Kc Ad] and won (40) with two pair, Aces and Sixes
Seat 2: Player2 (big blind) showed [8h 2h] and lost with a pair of Sixes
"""


def test_short_all_in_big_blind_nobody_else_to_act() -> None:  # constructed
    # heads-up, nobody else can act: the small blind calls only what the all-in blind put in
    assert not check(parse(SHORT_BLIND_HEADS_UP.format(call=5))).violations
    over = check(parse(SHORT_BLIND_HEADS_UP.format(call=15)))
    assert ("call-amount", "legality", 8) in found(over)


# ---------------------------------------------------------------- special hands

def test_run_it_twice() -> None:
    hand = load("nl_run_twice.txt")
    result = check(hand)
    assert not result.violations
    assert result.replay.boards == (("Js", "9h", "Jh", "Qs", "2d"), ("Js", "9h", "Jh", "Qs", "5h"))
    assert result.replay.results["Hero"].collected == D("223.17")
    # the second run's share changed
    assert ("collected-total", "accounting", 37) in found(check(edit(hand, 37, amount=D("111.68"))))


CASH_OUT = """\
PokerStars Hand #100000006:  Hold'em No Limit ($0.25/$0.50 USD) - 2020/05/05 16:31:20 WET [2020/05/05 11:31:20 ET]
Table 'Constructed' 6-max Seat #2 is the button
Seat 1: Player0 ($36.09 in chips)
Seat 2: Player1 ($74.61 in chips)
Seat 3: Player2 ($6.18 in chips)
Seat 4: Player3 ($62.95 in chips)
Seat 6: Hero ($43.19 in chips)
Player2: posts small blind $0.25
Player3: posts big blind $0.50
*** HOLE CARDS ***
Dealt to Hero [Ah Ac]
Hero: raises $1.50 to $2
Player0: raises $34.09 to $36.09 and is all-in
Player1: folds
Player2: folds
Player3: folds
Hero: calls $34.09
*** FLOP *** [Qs 7c Qd]
*** TURN *** [Qs 7c Qd] [8d]
*** RIVER *** [Qs 7c Qd 8d] [9d]
*** SHOW DOWN ***
Hero: shows [Ah Ac] (two pair, Aces and Queens)
Player0: shows [Ad Kc] (a pair of Queens)
Player0 cashed out the hand for $10.70 | Cash Out Fee $0.11
Hero cashed out the hand for $59.51 | Cash Out Fee $0.61
*** SUMMARY ***
Total pot $72.93 | Rake $2
Board [Qs 7c Qd 8d 9d]
Seat 1: Player0 showed [Ad Kc] and lost with a pair of Queens (cashed out).
Seat 2: Player1 (button) folded before Flop (didn't bet)
Seat 3: Player2 (small blind) folded before Flop
Seat 4: Player3 (big blind) folded before Flop
Seat 6: Hero showed [Ah Ac] and won ($70.93) with two pair, Aces and Queens (pot not awarded as player cashed out)
"""


def test_cash_out_hand() -> None:  # constructed from a 6+ Hold'em hand of the corpus
    result = check(parse(CASH_OUT))
    assert not result.violations
    results = result.replay.results
    assert results["Player0"].cashed_out and results["Hero"].cashed_out
    assert results["Player0"].collected == D("10.70")  # the cash-out is what the player takes away
    assert results["Hero"].net == D("59.51") - D("36.09")
    # the pot (less rake) was paid out as cash-outs and their fees: no chip appears or vanishes
    fees = D("0.11") + D("0.61")
    assert sum((r.net for r in results.values()), D(0)) + result.replay.rake + fees == 0


CANCELLED = """\
PokerStars Game #100000007:  Hold'em No Limit ($0.05/$0.10 USD) - 2009/03/15 6:20:33 ET
Table 'Constructed' 6-max Seat #1 is the button
Seat 1: Hero ($11.65 in chips)
Hero: posts small blind $0.05
Player2: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 1: Hero (button) collected ($0)
"""


def test_hand_cancelled() -> None:  # constructed from an Omaha hand of the corpus
    result = check(parse(CANCELLED))
    assert result.replay.cancelled
    assert not result.violations
    assert all(r.net == 0 for r in result.replay.results.values())


def test_2005_log_without_uncalled_bet_line() -> None:
    hand = load("fl_2005_no_uncalled_line.edited.txt")  # Player7's small blind folds to the big blind; no "Uncalled"
    result = check(hand)
    assert not result.violations
    assert result.replay.notes == ("uncalled 0.50 returned to Hero without a line (the total shows it)",)
    assert result.replay.results["Hero"].net == D("0.50")
    # when the total does not show the return, the missing line is an error
    summary = hand.summary.model_copy(update={"total_pot": D("1.50")})
    bad = check(hand.model_copy(update={"summary": summary}))
    assert ("uncalled-not-returned", "accounting", 10) in found(bad)


def test_a_room_that_prints_every_return_has_no_return_without_its_line() -> None:
    """GGPoker prints every uncalled bet's return (its reader says so: ``UncalledReturns.EVERY_ONE_PRINTED``): its
    line taken out of a real hand, where the total still shows the return, is the one violation; a log of a room
    that may leave the return to its total (``PRINTED``: old PokerStars logs) is accepted with a note."""
    text = (Path(__file__).parents[2] / "samples" / "ggpoker_omaha_cash.txt").read_text(encoding="utf-8")
    hand_text = text[text.index("Poker Hand #OM190765916"):text.index("Poker Hand #OM190765939")]
    assert "Uncalled bet ($7.5) returned to Player2\n" in hand_text
    hand = parse(hand_text.replace("Uncalled bet ($7.5) returned to Player2\n", ""))
    assert hand.summary.uncalled is UncalledReturns.EVERY_ONE_PRINTED
    assert check(parse(hand_text)).violations == ()
    assert [v.code for v in check(hand).violations] == ["uncalled-not-returned"]
    summary = hand.summary.model_copy(update={"uncalled": UncalledReturns.PRINTED})
    mostly = check(hand.model_copy(update={"summary": summary}))
    assert mostly.violations == ()
    assert "uncalled 7.5 returned to Player2 without a line (the total shows it)" in mostly.replay.notes


# ---------------------------------------------------------------- Five Card Draw

def test_draw_walk() -> None:
    result = check(load("draw_walk.txt"))
    assert not result.violations
    assert result.replay.results["Hero"].net == D("0.05")


def test_draw_everyone_stands_pat() -> None:
    hand = load("draw_fl_showdown.txt")
    hand = replace(hand, 17, StandPat(line=17, player="Hero"))
    hand = replace(hand, 18)
    hand = replace(hand, 19, StandPat(line=19, player="Player2"))
    hand = edit(hand, 23, cards=("Td", "Th", "6h", "4h", "2s"))  # Hero shows the five cards dealt
    result = check(hand)
    assert not result.has_errors, errors(result)
    assert [s.street for s in result.replay.steps if s.event.line == 20] == [Street.DRAW_1]


def test_draw_no_limit() -> None:
    hand = load("draw_nl.txt")
    assert not check(hand).violations
    # line 21 "Player4: checks" after the draw → a bet below the big blind
    small = replace(hand, 21, Bet(line=21, player="Player4", amount=D("0.25")))
    assert ("bet-size", "legality", 21) in found(check(small))


def test_draw_pot_limit() -> None:
    assert not check(load("draw_pl.txt")).violations


SHORT_DRAW = """\
PokerStars Game #100000008:  5 Card Draw Limit ($0.10/$0.20 USD) - 2009/11/25 14:12:43 ET
Table 'Constructed' 6-max Seat #1 is the button
Seat 1: Player1 ($2 in chips)
Seat 2: Player2 ($2 in chips)
Seat 3: Player3 ($0.15 in chips)
Player2: posts small blind $0.05
Player3: posts big blind $0.10
*** DEALING HANDS ***
Player1: raises $0.10 to $0.20
Player2: calls $0.15
Player3: calls $0.05 and is all-in
Player2: discards 2 cards
Player3: discards 1 card
Player1: discards 3 cards
Player2: bets $0.20
Player1: calls $0.20
*** SHOW DOWN ***
Player2: shows [Ks Kd 7c 8h 9s] (a pair of Kings)
Player1: shows [Qs Qd 4c 5h Js] (a pair of Queens)
Player3: shows [As Ad Ah 2c 3d] (three of a kind, Aces)
Player2 collected $0.50 from side pot
Player3 collected $0.45 from main pot
*** SUMMARY ***
Total pot $0.95 Main pot $0.45. Side pot $0.50. | Rake $0
Seat 1: Player1 (button) showed [Qs Qd 4c 5h Js] and lost with a pair of Queens
Seat 2: Player2 (small blind) showed [Ks Kd 7c 8h 9s] and won ($0.50) with a pair of Kings
Seat 3: Player3 (big blind) showed [As Ad Ah 2c 3d] and won ($0.45) with three of a kind, Aces
"""


def test_draw_short_stack_all_in_before_the_draw_with_side_pot() -> None:  # constructed
    hand = parse(SHORT_DRAW)
    result = check(hand)
    assert not result.violations, errors(result)
    assert [(p.amount, set(p.eligible)) for p in result.replay.pots] == [
        (D("0.45"), {"Player1", "Player2", "Player3"}),
        (D("0.50"), {"Player1", "Player2"}),
    ]
    # the all-in player still draws; the betting after the draw is between the other two
    assert ("ineligible-winner", "showdown", 21) in found(check(edit(hand, 21, player="Player3")))


def test_draw_at_most_four_cards() -> None:
    hand = edit(load("draw_fl_showdown.txt"), 19, count=5)  # "Player2: discards 3 cards" → 5
    assert ("draw-too-many", "legality", 19) in found(check(hand))
    assert profile_for("PokerStars").max_discard == 4
    five = RulesProfile(name="five", max_discard=5)
    assert "draw-too-many" not in {v.code for v in replay(hand, five).violations}


def test_draw_variant_description() -> None:
    assert FIVE_CARD_DRAW.hole_cards == 5
    assert FIVE_CARD_DRAW.rounds == (Street.PREFLOP, Street.DRAW_1)
    assert not FIVE_CARD_DRAW.uses_big_bet(Street.PREFLOP)
    assert FIVE_CARD_DRAW.uses_big_bet(Street.DRAW_1)


def test_high_card_by_suit_button() -> None:
    assert high_card_by_suit_button({1: "Kd", 4: "As", 6: "7c"}) == 4
    # equal ranks: spades, hearts, diamonds, clubs
    assert high_card_by_suit_button({2: "Ah", 3: "As", 5: "Ad"}) == 3
    assert high_card_by_suit_button({2: "Qc", 3: "Qd"}) == 3
    assert high_card_by_suit_button({7: "2c"}) == 7
    with pytest.raises(ValueError, match="no cards"):
        high_card_by_suit_button({})
    with pytest.raises(ValueError, match="not a card"):
        high_card_by_suit_button({1: "1x"})


RESHUFFLE = """\
PokerStars Game #100000009:  5 Card Draw Limit ($0.10/$0.20 USD) - 2009/11/25 14:12:43 ET
Table 'Constructed' 6-max Seat #6 is the button
Seat 1: Hero ($4 in chips)
Seat 2: Player2 ($4 in chips)
Seat 3: Player3 ($4 in chips)
Seat 4: Player4 ($4 in chips)
Seat 5: Player5 ($4 in chips)
Seat 6: Player6 ($4 in chips)
Hero: posts small blind $0.05
Player2: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [2c 3d 4h 7s As]
Player3: calls $0.10
Player4: calls $0.10
Player5: calls $0.10
Player6: calls $0.10
Hero: calls $0.05
Player2: checks
Hero: discards 4 cards [2c 3d 4h 7s]
Dealt to Hero [As] [Ac Ad Ah Ks]
Player2: discards 4 cards
Player3: discards 4 cards
Player4: discards 4 cards
Player5: discards {player5} cards
Player6: discards 4 cards
Hero: checks
Player2: checks
Player3: checks
Player4: checks
Player5: checks
Player6: checks
*** SHOW DOWN ***
Hero: shows [As Ac Ad Ah Ks] (four of a kind, Aces)
Player6: shows [2c 2d 2h 9c 9d] (a full house, Deuces full of Nines)
Hero collected $0.57 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0.03
Seat 1: Hero (small blind) showed [As Ac Ad Ah Ks] and won ($0.57) with four of a kind, Aces
Seat 6: Player6 (button) showed [2c 2d 2h 9c 9d] and lost with a full house, Deuces full of Nines
"""


def test_draw_discards_are_reshuffled_when_the_stub_runs_out() -> None:  # constructed
    # six players dealt 30 cards then drawing 24: the stub of 22 runs out during Player6's draw, so the
    # discards are shuffled and Hero's discarded 2c can come back to Player6
    result = check(parse(RESHUFFLE.format(player5=4)))
    assert not result.violations, errors(result)
    assert result.replay.notes == ("2c was discarded and dealt again (shown by Player6): the stub ran out",)
    # with 51 cards used the stub never ran out: the 2c showing again is a duplicate
    assert ("duplicate-card", "cards", 34) in found(check(parse(RESHUFFLE.format(player5=1))))


def test_heads_up_button_posts_the_small_blind() -> None:
    """Heads-up the button posts the small blind: the real 2005 log where the button posts the big blind breaks it
    (the edited copy, with the button moved to the small blind, does not)."""
    assert not check(load("fl_2005_no_uncalled_line.edited.txt")).violations
    result = check(load("fl_2005_heads_up_button_big_blind.txt"))
    assert found(result) == {("blind-position", "legality", 5)}


def test_an_uncalled_bet_returned_late_is_still_returned() -> None:
    """Some (converted) logs print "Uncalled bet … returned" after the next street or the showdown began: the
    money is the same, so only a wrong amount or a return that never comes is an error."""
    hand = load("nl_6max_kicker.txt")
    late = move(hand, 26, before=31)  # after "*** SHOW DOWN ***", before the collect
    assert not check(late).violations
    wrong = edit(late, 26, amount=D("5.00"))
    assert ("uncalled-bet", "accounting", 26) in found(check(wrong))
    never = replace(hand, 26)  # and the total counts the 5.40 nobody called: an error at the turn, line 27
    never = never.model_copy(update={"summary": never.summary.model_copy(update={"total_pot": D("14.35")})})
    assert ("uncalled-not-returned", "accounting", 27) in found(check(never))


def test_a_room_without_the_odd_chip_rule_is_not_held_to_it() -> None:
    lenient = RulesProfile(odd_chip_left_of_button=False)
    assert "odd-chip" not in {v.code for v in _odd_chip("4.80", "4.81", lenient).violations}
