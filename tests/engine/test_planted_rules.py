"""Planted errors for the house rules closed by issue 8: forced bets, straddles, pot claims, exact splits, the
showdown order, the draw and the draw for the button.

Each test names the rule (file and section of ../shared/rules) and plants one breach of it in a real hand from
``hands/``, by editing the log's text (``planted``) the way a reviewer would, with every later number kept
consistent so that only the rule under test can fail. Where PokerStars' own logs have no example (straddles) the
hand is constructed in its format and says so.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from handkit import HANDS, check, errors, event_at, found, index_at, load, parse, with_events
from test_rules import STRADDLE

from handlog.audit import audit
from handlog.engine import RulesProfile, profile_for, replay
from handlog.engine.forced import ForcedBets, small_blinds
from handlog.engine.rules import HOUSE, STANDARD, StraddleSeat
from handlog.events import Bet, ButtonDraw, Check, Event, Hand, Post, PostType, Tournament

D = Decimal
STARS = profile_for("PokerStars")


def planted(name: str, *edits: tuple[str, str]) -> Hand:
    """The hand in ``hands/name`` with each (old, new) text replaced; each ``old`` must occur exactly once."""
    text = (HANDS / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {name}"
        text = text.replace(old, new)
    return parse(text, name)


# ---------------------------------------------------------------- forced bets
# holdem-rules-de.txt, "Die Blinden"; limit-holdem-rules-da.txt (first lines); holdem-rules-fa.txt (first
# paragraph); five-card-draw-rules-de.txt, "2. Grundeinsatz"


def test_tournament_blinds_are_the_levels() -> None:
    """In tournaments the blinds rise with the levels: the posts are the amounts of the level the header states."""
    assert not check(load("nl_mtt_side_pots.txt")).violations
    # the header says Level II (25/50) while the blinds posted are 50 and 100
    hand = planted("nl_mtt_side_pots.txt", ("Level II (50/100)", "Level II (25/50)"))
    assert found(check(hand)) == {("blind-amount", "legality", 15), ("blind-amount", "legality", 16)}


def test_fixed_limit_small_blind_is_half_the_small_bet() -> None:
    """limit-holdem-rules-da.txt: "The Small Blind = 1/2*minimumsindsatsen" ($0.10/$0.20: $0.05)."""
    hand = planted(
        "draw_fl_showdown.txt",
        ("Player3: posts small blind $0.05", "Player3: posts small blind $0.10"),
        ("Player2 collected $0.43 from pot", "Player2 collected $0.48 from pot"),
        ("Total pot $0.45 | Rake $0.02", "Total pot $0.50 | Rake $0.02"),
        ("and won ($0.43)", "and won ($0.48)"),
    )
    assert found(check(hand)) == {("blind-amount", "legality", 8)}


def test_fixed_limit_small_blind_rounding_is_the_rooms() -> None:
    """Half the small bet, or the room's rounding where the half is no amount the room uses."""
    hand = load("draw_fl_showdown.txt")  # $0.10/$0.20
    assert small_blinds(hand, STANDARD) == {D("0.05")}
    cents = hand.model_copy(update={"stakes": hand.stakes.model_copy(update={"small": D("0.05"), "big": D("0.10")})})
    assert small_blinds(cents, STANDARD) == {D("0.02"), D("0.03")}  # half a nickel: the room rounds it
    assert small_blinds(cents, STARS) == {D("0.02")}  # PokerStars posts $0.02 (a 2010 corpus log)
    quarter = cents.model_copy(update={"stakes": cents.stakes.model_copy(update={"small": D("0.25")})})
    assert small_blinds(quarter, STARS) == {D("0.10")}  # PokerStars Badugi $0.25/$0.50 posts $0.10 (corpus)
    # a room whose rounding is unknown: a third to two thirds of the small bet, never the big blind or nothing
    assert small_blinds(quarter, STANDARD) == {D("0.09") + D("0.01") * i for i in range(8)}
    chips = load("fl_mtt_capped.txt")  # a 30/60 tournament: 15 exactly
    assert small_blinds(chips, STANDARD) == {D(15)}


def test_every_ante_is_the_ante() -> None:
    """holdem-rules-fa.txt / five-card-draw-rules-de.txt "2. Grundeinsatz": every player posts the ante of the limit.
    Player12 (sitting out, folds) posts 10 where the five others post 20; the pots and the total follow."""
    hand = planted(
        "nl_mtt_side_pots.txt",
        ("Player12: posts the ante 20", "Player12: posts the ante 10"),
        ("Player21 collected 670 from main pot", "Player21 collected 660 from main pot"),
        ("Total pot 2510 Main pot 670.", "Total pot 2500 Main pot 660."),
        ("and won (670)", "and won (660)"),
    )
    assert found(check(hand)) == {("ante-amount", "legality", 11)}


def test_an_all_in_ante_for_less_is_no_breach() -> None:
    # single_draw_ante_all_in.txt: "Hero: posts the ante 1 and is all-in" beside Player0's ante of 25
    assert not check(load("single_draw_ante_all_in.txt")).violations


# A real 6+ Hold'em hand (corpus: 6+Holdem-6max-USD-2.00-2.00-201904.walk.txt), replayed on the 36-card deck.
SIX_PLUS = """\
PokerStars Hand #199247789909:  6+ Hold'em No Limit (Button Blind $2 - Ante $2  USD) - 2019/04/13 18:36:55 CET [2019/04/13 12:36:55 ET]
Table 'Bharani II' 6-max Seat #1 is the button
Seat 1: Hero ($870.60 in chips)
Seat 2: Player0 ($508.30 in chips)
Seat 3: Player1 ($190.21 in chips)
Seat 4: Player2 ($1048.38 in chips)
Seat 5: Player3 ($1480.10 in chips)
Seat 6: Player4 ($237.16 in chips)
Hero: posts the ante $2
Player0: posts the ante $2
Player1: posts the ante $2
Player2: posts the ante $2
Player3: posts the ante $2
Player4: posts the ante $2
Hero: posts button blind $2
*** HOLE CARDS ***
Dealt to Hero [8d Kc]
Player0: folds
Player1: folds
Player2: folds
Player3: folds
Player4: folds
Uncalled bet ($2) returned to Hero
Hero collected $12 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $12 | Rake $0
Seat 1: Hero (button blind) collected ($12)
Seat 2: Player0 folded before Flop (didn't bet)
Seat 3: Player1 folded before Flop (didn't bet)
Seat 4: Player2 folded before Flop (didn't bet)
Seat 5: Player3 folded before Flop (didn't bet)
Seat 6: Player4 folded before Flop (didn't bet)
"""  # noqa: E501


def forced_bet_problems(hand: Hand, rules: RulesProfile = STARS) -> set[tuple[str, int]]:
    checker = ForcedBets(hand, rules, hand.stakes.big)
    seats = {s.player: s.seat for s in hand.seats}
    dealt = sorted(seats.values())
    out: set[tuple[str, int]] = set()
    for e in hand.events:
        if isinstance(e, Post):
            problem = checker.check(e, seats[e.player], dealt)
            if problem is not None:
                out.add((problem.code, e.line))
    return out


def test_stated_ante_and_button_blind() -> None:
    """The ante and the button blind are the amounts the header states; the button posts the button blind."""
    assert found(check(parse(SIX_PLUS))) == set()
    # (the pot, collect and summary follow: $11)
    short_ante = SIX_PLUS.replace("Player1: posts the ante $2", "Player1: posts the ante $1").replace("$12", "$11")
    assert found(check(parse(short_ante))) == {("ante-amount", "legality", 11)}
    big_button = SIX_PLUS.replace("Hero: posts button blind $2", "Hero: posts button blind $4").replace(
        "Uncalled bet ($2)", "Uncalled bet ($4)")
    assert found(check(parse(big_button))) == {("blind-amount", "legality", 15)}
    # the 36-card deck holds no two to five
    low_card = SIX_PLUS.replace("Dealt to Hero [8d Kc]", "Dealt to Hero [5d Kc]")
    assert found(check(parse(low_card))) == {("card-not-in-deck", "cards", 17)}
    not_the_button = SIX_PLUS.replace("Hero: posts button blind $2", "Player0: posts button blind $2")
    assert ("blind-position", "legality", 15) in found(check(parse(not_the_button)))


# ---------------------------------------------------------------- straddles
# holdem-rules-de.txt, "Zuerst Rund von Wetten": "In Nicht Turnierenspielen kann er [the player left of the big
# blind] wählen, eine dritten Blinden durch Stellen einer Wette des Doppels zu werden" (constructed hands:
# PokerStars' own logs in the corpus have no straddle)


def test_a_legal_straddle_is_clean() -> None:
    assert not check(parse(STRADDLE)).violations


def test_no_straddle_in_tournaments() -> None:
    hand = parse(STRADDLE).model_copy(update={"tournament": Tournament(id="1", level="I")})
    assert found(check(hand)) == {("straddle-not-allowed", "legality", 9)}
    # a room whose profile allows them is not held to it
    lenient = STANDARD.model_copy(update={"straddle_in_tournaments": True})
    assert not audit(hand, lenient).violations


def test_straddle_is_twice_the_big_blind() -> None:
    hand = parse(
        STRADDLE.replace("posts straddle $0.40", "posts straddle $0.50")
        .replace("Player1: calls $0.40", "Player1: calls $0.50")
        .replace("Player2: calls $0.30", "Player2: calls $0.40")
        .replace("Player3: calls $0.20", "Player3: calls $0.30")
        .replace("collected $1.60 from pot", "collected $2 from pot")
        .replace("Total pot $1.60", "Total pot $2")
        .replace("collected ($1.60)", "collected ($2)")
    )
    assert found(check(hand)) == {("straddle-amount", "legality", 9)}
    # a room that allows an over-straddle (GGPoker) takes double as the least: $0.50 over a $0.20 big blind is
    # fine there, and a straddle short of double is still wrong
    over = STANDARD.model_copy(update={"over_straddle": True})
    assert not audit(hand, over).violations
    short = parse(
        STRADDLE.replace("posts straddle $0.40", "posts straddle $0.30")
        .replace("Player1: calls $0.40", "Player1: calls $0.30")
        .replace("Player2: calls $0.30", "Player2: calls $0.20")
        .replace("Player3: calls $0.20", "Player3: calls $0.10")
        .replace("collected $1.60 from pot", "collected $1.20 from pot")
        .replace("Total pot $1.60", "Total pot $1.20")
        .replace("collected ($1.60)", "collected ($1.20)")
    )
    assert found(check(short)) == {("straddle-amount", "legality", 9)}
    assert {v.code for v in audit(short, over).violations} == {"straddle-amount"}


# the same table as STRADDLE, where the button (Player1) straddles and Player4 wins on the flop
BUTTON_STRADDLE = STRADDLE[: STRADDLE.index("Player2: posts small blind")] + """\
Player2: posts small blind $0.10
Player3: posts big blind $0.20
Player1: posts straddle $0.40
*** HOLE CARDS ***
Player2: calls $0.30
Player3: calls $0.20
Player4: calls $0.40
Player1: checks
*** FLOP *** [2c 7d 9h]
Player2: checks
Player3: checks
Player4: bets $1
Player1: folds
Player2: folds
Player3: folds
Uncalled bet ($1) returned to Player4
Player4 collected $1.60 from pot
*** SUMMARY ***
Total pot $1.60 | Rake $0
Board [2c 7d 9h]
Seat 1: Player1 (button) folded on the Flop
Seat 2: Player2 (small blind) folded on the Flop
Seat 3: Player3 (big blind) folded on the Flop
Seat 4: Player4 collected ($1.60)
"""


def test_only_the_player_left_of_the_big_blind_straddles() -> None:  # constructed
    hand = parse(BUTTON_STRADDLE)  # the button straddles; Player4 sits directly left of the big blind
    assert found(check(hand)) == {("straddle-position", "legality", 9)}
    # GGPoker's logs show button straddles: its profile lets any seat straddle
    assert profile_for("GGPoker").straddle_seat == StraddleSeat.ANY
    assert not audit(hand, profile_for("GGPoker")).violations


def test_one_straddle_unless_the_room_allows_more() -> None:
    """The German rules know one third blind; a second straddle (of twice the first) is one too many."""
    hand = parse(STRADDLE)
    i = index_at(hand, 9)
    again = Post(line=9, player="Player1", post=PostType.STRADDLE, amount=D("0.80"))
    events: list[Event] = [*hand.events[: i + 1], again, *hand.events[i + 1 :]]
    assert forced_bet_problems(with_events(hand, events), STANDARD) == {("straddle-not-allowed", 9)}
    assert forced_bet_problems(with_events(hand, events), profile_for("GGPoker")) == set()


# ---------------------------------------------------------------- pot claims
# holdem-rules-de.txt, "Viertel Wettend Herum" (the challenged player must reveal his cards) and "Der Fluss" (the
# best hand wins the pot); "Zweitens Wettend Herum" (an all-in player wins only from the pots he was in)


def test_a_player_who_did_not_show_is_never_paid_over_one_who_showed() -> None:
    # Player4 (Ace kicker, the winner) mucks instead of showing; Player3 showed: the pot is Player3's
    hand = planted(
        "nl_6max_kicker.txt",
        ("Player4: shows [Ac 9d] (two pair, Nines and Eights - Ace kicker)", "Player4: mucks hand"),
        ("Seat 4: Player4 showed [Ac 9d] and won ($8.55) with two pair, Nines and Eights",
         "Seat 4: Player4 mucked and won ($8.55)"),
    )
    assert found(check(hand)) == {("wrong-winner", "showdown", 32)}


def test_a_collect_naming_no_pot_is_checked_against_every_pot() -> None:
    """A short all-in player cannot take a side pot they were not in, whether or not the log names it."""
    unnamed = planted(
        "nl_mtt_side_pots.txt",
        ("Hero collected 60 from side pot-2", "Hero collected 60 from pot"),
        ("Player11 collected 60 from side pot-2", "Player11 collected 60 from pot"),
        ("Player6 collected 1720 from side pot-1", "Player6 collected 1720 from pot"),
        ("Player21 collected 670 from main pot", "Player21 collected 670 from pot"),
    )
    assert not check(unnamed).violations  # the same hand, no pot named: still right
    # Player21, all-in for 130 and in the main pot only, collects everything "from pot"
    greedy = planted(
        "nl_mtt_side_pots.txt",
        ("Hero collected 60 from side pot-2\n", ""),
        ("Player11 collected 60 from side pot-2\n", ""),
        ("Player6 collected 1720 from side pot-1\n", ""),
        ("Player21 collected 670 from main pot", "Player21 collected 2510 from pot"),
        ("and won (1720)", "and lost"),
        ("and won (670)", "and won (2510)"),
        ("(button) showed [9c 3s] and won (60)", "(button) showed [9c 3s] and lost"),
        ("(small blind) showed [8d 9h] and won (60)", "(small blind) showed [8d 9h] and lost"),
    )
    result = check(greedy)
    assert ("ineligible-winner", "showdown", 36) in found(result)
    # the side pots' best hands (Player6; Hero and Player11) collect nothing: the same claim, seen pot by pot
    assert {code for code, _, _ in found(result)} == {"ineligible-winner", "wrong-winner"}, errors(result)


def test_an_uncontested_pot_goes_to_the_last_live_player() -> None:
    # everyone folds to Hero's big blind; the log pays the pot to Player3, who folded
    hand = planted(
        "draw_walk.txt",
        ("Hero collected $0.10 from pot", "Player3 collected $0.10 from pot"),
        ("Seat 3: Hero (big blind) collected ($0.10)", "Seat 3: Hero (big blind)"),
        ("Seat 4: Player3 folded before the Draw (didn't bet)", "Seat 4: Player3 collected ($0.10)"),
    )
    assert ("collect-by-folded", "showdown", 17) in found(check(hand))
    assert {code for code, _, _ in found(check(hand))} <= {"collect-by-folded", "ineligible-winner"}


# ---------------------------------------------------------------- exact splits
# holdem-rules-de.txt, "Der Fluss": with no kicker left, "ist der Topf zwischen ihnen gespalten" — to the smallest
# unit; only the odd chips differ, and the odd-chip rule says who gets them


def test_split_is_exact_to_the_cent() -> None:
    # the real 2008 hand: $2 split four ways, $0.10 of rake taken from two shares in PokerStars' 5-cent steps
    real = load("nl_2008_four_way_split_raked_shares.txt")
    assert not check(real).violations
    # 0.50, 0.46, 0.47, 0.47: the same total, shares 4 cents apart (under a fifth of the small blind, 5 cents,
    # which passed before) that no rake step explains
    hand = planted(
        "nl_2008_four_way_split_raked_shares.txt",
        ("Player7 collected $0.50 from pot", "Player7 collected $0.46 from pot"),
        ("Player1 collected $0.45 from pot", "Player1 collected $0.47 from pot"),
        ("Player6 collected $0.45 from pot", "Player6 collected $0.47 from pot"),
        ("won ($0.45) with two pair, Kings and Deuces\nSeat 3", "won ($0.47) with two pair, Kings and Deuces\nSeat 3"),
        ("(button) showed [9h 5h] and won ($0.45)", "(button) showed [9h 5h] and won ($0.47)"),
        ("(big blind) showed [Th 9d] and won ($0.50)", "(big blind) showed [Th 9d] and won ($0.46)"),
    )
    assert found(check(hand)) == {("split-amount", "accounting", 45)}


def test_unequal_raked_shares_are_a_room_rule() -> None:
    """The 2008 shares are right only for a room that rakes the shares after the split (PokerStars then)."""
    real = load("nl_2008_four_way_split_raked_shares.txt")
    assert STARS.rake_from_split_shares == D("0.05")
    assert ("split-amount", "accounting", 45) in found(audit(real, STANDARD))


def test_split_within_one_cent_is_the_odd_chip() -> None:
    # $10.10 less $0.50 rake split two ways: 4.80 each; 4.81 and 4.79 are two cents apart
    hand = planted(
        "nl_6max_split.txt",
        ("Hero collected $4.80 from pot", "Hero collected $4.81 from pot"),
        ("Player3 collected $4.80 from pot", "Player3 collected $4.79 from pot"),
        ("Seat 3: Player3 showed [Ah 3h] and won ($4.80)", "Seat 3: Player3 showed [Ah 3h] and won ($4.79)"),
        ("Seat 6: Hero (small blind) showed [As Kc] and won ($4.80)",
         "Seat 6: Hero (small blind) showed [As Kc] and won ($4.81)"),
    )
    assert found(check(hand)) == {("split-amount", "accounting", 29)}


# ---------------------------------------------------------------- showdown order
# holdem-rules-fa.txt, "Shotdown": the showdown starts with the last bettor or raiser; with no bet on the last
# round, the first player left of the button


def test_showdown_order_with_an_all_in() -> None:
    """With an all-in the last round with a raise decides (the house rules): preflop, Player13's all-in raise to 580
    was last. PokerStars' own order for all-in hands (its profile) is checked as well."""
    real = load("nl_mtt_side_pots.txt")  # PokerStars turns all-in hands up itself, Hero (side pot-2) first
    assert not check(real).violations
    assert ("showdown-order", "showdown", 31) in found(audit(real, STANDARD))
    in_order = planted(
        "nl_mtt_side_pots.txt",
        ("Hero: shows [8d 9h] (two pair, Queens and Tens)\n", ""),
        ("Player13: shows [3d 3h] (two pair, Queens and Tens - lower kicker)\n",
         "Player13: shows [3d 3h] (two pair, Queens and Tens - lower kicker)\n"
         "Hero: shows [8d 9h] (two pair, Queens and Tens)\n"),
    )
    assert not audit(in_order, STANDARD).violations
    # ... which is a breach of PokerStars' own order: no bet on the river, so the first player left of the button
    # (seat 4) among the players of the last side pot (Hero, Player13, Player11) shows first: Hero
    assert found(check(in_order)) == {("showdown-order", "showdown", 31)}


def test_showdown_order_is_an_error_where_the_house_enforces_it() -> None:
    # draw_pl.txt: Hero bet last, so Hero shows first; the log shows Player2 first
    swapped = planted(
        "draw_pl.txt",
        ("Hero: shows [6s Qs 7d 2h 3s] (high card Queen)\nPlayer2: shows [4d Ad Ks Kd 3h] (a pair of Kings)",
         "Player2: shows [4d Ad Ks Kd 3h] (a pair of Kings)\nHero: shows [6s Qs 7d 2h 3s] (high card Queen)"),
    )
    online = check(swapped)
    assert found(online) == {("showdown-order", "showdown", 21)} and not online.has_errors
    house = audit(swapped, HOUSE)
    assert found(house) == {("showdown-order", "showdown", 21)} and house.has_errors


# ---------------------------------------------------------------- the draw
# five-card-draw-rules-de.txt, "5. Kartenaustausch (Draw)": only when every player has drawn does the second
# betting round follow


def test_a_check_during_the_draw_is_one_violation() -> None:
    # Player2 "checks" after Hero's draw and before drawing: one act-during-draw, and the draw goes on
    hand = load("draw_fl_showdown.txt")
    i = index_at(hand, 19)
    early = Check(line=19, player="Player2")
    events: list[Event] = [*hand.events[:i], early, *hand.events[i:]]
    result = check(with_events(hand, events))
    assert found(result) == {("act-during-draw", "legality", 19)}, errors(result)
    rp = replay(with_events(hand, events))
    assert rp.steps[-1].state is not None
    # after the draw the betting round is the draw's: Hero (first left of the button) then Player2
    after_draw = next(s for s in rp.steps if s.event is event_at(hand, 19))
    assert after_draw.state is not None and after_draw.state.to_act == "Hero"


def test_a_bet_during_the_draw_is_one_violation() -> None:
    hand = load("draw_fl_showdown.txt")
    i = index_at(hand, 19)
    bet = Bet(line=19, player="Hero", amount=D("0.20"))
    events: list[Event] = [*hand.events[:i], bet, *hand.events[i:]]
    codes = [v.code for v in check(with_events(hand, events)).violations if v.severity == "error"]
    assert codes.count("act-during-draw") == 1
    assert "out-of-turn" not in codes and "draws-twice" not in codes


# ---------------------------------------------------------------- the draw for the button
# five-card-draw-rules-de.txt, "1. Auslosung des ersten Dealer-Button Inhabers": one open card each, from the
# left of the dealer; the highest card by suit takes the button


def with_button_draw(hand: Hand, cards: dict[str, str]) -> Hand:
    """``hand`` with a draw for the button (one ButtonDraw event per player, before the blinds)."""
    draw: list[Event] = [ButtonDraw(line=3 + i, player=p, card=c) for i, (p, c) in enumerate(cards.items())]
    return with_events(hand, [*draw, *hand.events])


KICKER_DRAW = {"Player1": "7c", "Player2": "Qd", "Player3": "2h", "Player4": "Kh", "Player5": "Ks", "Hero": "9s"}


def test_button_by_high_card_and_suit() -> None:
    hand = load("nl_6max_kicker.txt")  # the button is seat 5, Player5
    assert not check(with_button_draw(hand, KICKER_DRAW)).violations  # K♠ beats K♥: Player5
    wrong = dict(KICKER_DRAW, Player4="Ks", Player5="Kh")  # Player4 (seat 4) has the K♠
    assert found(check(with_button_draw(hand, wrong))) == {("button-draw", "legality", 6)}


def test_button_draw_with_a_card_twice() -> None:
    hand = load("nl_6max_kicker.txt")
    twice = dict(KICKER_DRAW, Player1="Ks")
    assert ("duplicate-card", "cards", 7) in found(check(with_button_draw(hand, twice)))


@pytest.mark.parametrize("name", ["draw_fl_showdown.txt", "nl_6max_kicker.txt", "nl_mtt_side_pots.txt"])
def test_unedited_hands_used_here_are_clean(name: str) -> None:
    assert not check(load(name)).violations
