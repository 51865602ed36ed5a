"""Five Card Stud and Irish on the one engine (``engine.variants.FIVE_CARD_STUD``, ``IRISH``).

Five Card Stud: one card down and one up on second street, the lowest up card brings in (clubs lowest), then one up
card a street to fifth street, the best showing hand acting first; the small bet on second and third street, the
big bet on fourth and fifth. Irish: four hole cards, the flop's betting, then every player discards two cards,
unreplaced, and the hand ends as Hold'em. The copied hands are the corpus' Full Tilt hands (``hands/ftp_*``); the
Irish showdown is an edited copy (``handkit.EDITED``). Each planted error is one edit, expected where the rule
puts it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from handkit import check, edit, errors, found, load, replace, swap, with_events

import handlog
from handlog.audit import audit
from handlog.engine.variants import variant_for
from handlog.events import Discard, Game, Raise, Show

D = Decimal
CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "fpdb"


def test_both_games_are_variants_of_the_one_engine() -> None:
    five = variant_for(Game.FIVE_CARD_STUD)
    assert five is not None and five.stud is not None and five.hole_cards == 5
    assert five.stud.down_first == 1 and not five.stud.last_down
    irish = variant_for(Game.IRISH)
    assert irish is not None and irish.hole_cards == 4 and not irish.draw_replaces
    assert irish.showdown_hole == 2


# ---------------------------------------------------------------- Five Card Stud (Full Tilt, 800/1600 ante 150)

def test_five_card_stud_replays_clean_with_the_sites_numbers() -> None:
    result = check(load("ftp_five_card_stud.txt"))
    assert result.replay.supported
    assert not result.violations, [str(v) for v in result.violations]
    assert [p.amount for p in result.replay.pots] == [D(5335), D(6910)]
    assert result.replay.results["Player1"].collected == D(12245)


def test_five_card_stud_planted_wrong_bring_in_player() -> None:
    """Player5's 2c is the lowest up card: Player2 (5s) bringing in is the wrong player."""
    hand = edit(load("ftp_five_card_stud.txt"), 25, player="Player2")
    assert ("bring-in-player", "legality", 25) in found(check(hand))


def test_five_card_stud_planted_out_of_turn_on_third_street() -> None:
    """Third street: Player0's K-T shows best (Player1 Q-3, Player4 J-9): Player1 betting first is out of turn."""
    hand = swap(load("ftp_five_card_stud.txt"), 42, 43)
    hand = edit(edit(hand, 42, player="Player1"), 43, player="Player0")
    assert ("out-of-turn", "legality", 42) in found(check(hand))


def test_five_card_stud_planted_out_of_turn_on_fifth_street() -> None:
    """Fifth street: Player1's A-K-Q-3 beats Player0's K-Q-T-3: Player0 betting first is out of turn."""
    hand = edit(load("ftp_five_card_stud.txt"), 54, player="Player0")
    assert ("out-of-turn", "legality", 54) in found(check(hand))


def test_five_card_stud_planted_big_bet_on_third_street() -> None:
    """Third street is played with the small bet (800) when no pair shows: a bet of 1,600 is the wrong size."""
    hand = edit(load("ftp_five_card_stud.txt"), 42, amount=D(1600))
    assert ("fixed-limit-size", "legality", 42) in found(check(hand))


def test_five_card_stud_open_pair_allows_the_big_bet_on_third_street() -> None:
    """An open pair on third street (the round with two up cards) lets the big bet be made there."""
    hand = edit(load("ftp_five_card_stud.txt"), 39, new=("Kh",))  # Player0 shows K-K (and still acts first)
    hand = edit(hand, 42, amount=D(1600))
    assert not {v for v in found(check(hand)) if v[2] == 42}


def test_five_card_stud_planted_small_bet_on_fourth_street() -> None:
    hand = edit(load("ftp_five_card_stud.txt"), 48, amount=D(800))
    assert ("fixed-limit-size", "legality", 48) in found(check(hand))


def test_five_card_stud_planted_pot_to_the_worse_hand() -> None:
    """Player0 shows his kings instead of mucking; the side pot (Player0 against Player1) given to them is the pot
    to the worse hand: Player1's aces beat it."""
    hand = load("ftp_five_card_stud.txt")
    hand = replace(hand, 60, Show(line=60, player="Player0", cards=("Ks", "Kc", "Tc", "Qd", "3d")))
    side = next(e for e in hand.events if e.kind == "collect" and e.pot == "side pot")
    result = check(edit(hand, side.line, player="Player0"))
    assert ("wrong-winner", "showdown", side.line) in found(result)


# ---------------------------------------------------------------- Irish (Full Tilt, $2/$4 No Limit)

def test_irish_replays_clean_with_the_sites_numbers() -> None:
    for name in ("ftp_irish_discard.txt", "ftp_irish_showdown.edited.txt"):
        result = check(load(name))
        assert result.replay.supported
        assert not result.violations, (name, [str(v) for v in result.violations])
        assert result.replay.rake == D("0.50")
        assert sum((p.amount for p in result.replay.pots), D(0)) == D(200)


def test_irish_keeps_two_cards_after_the_discard() -> None:
    hand = load("ftp_irish_showdown.edited.txt")
    steps = check(hand).replay
    assert steps.results["Player0"].collected == D("199.50")


def test_irish_planted_wrong_discard_size() -> None:
    three = Discard(line=19, player="Hero", count=3, cards=("9h", "9c", "Ts"))
    hand = replace(load("ftp_irish_discard.txt"), 19, three)
    assert ("discard-size", "legality", 19) in found(check(hand))


def test_irish_planted_discard_out_of_turn() -> None:
    """After the flop the big blind (not the button) goes first, in the discard too."""
    hand = swap(load("ftp_irish_discard.txt"), 18, 19)
    assert ("out-of-turn", "legality", 18) in found(check(hand))


def test_irish_planted_missing_discard() -> None:
    hand = replace(load("ftp_irish_discard.txt"), 18)
    assert ("round-incomplete", "legality", 20) in found(check(hand))


def test_irish_planted_out_of_turn_on_the_flop() -> None:
    hand = edit(load("ftp_irish_discard.txt"), 13, player="Hero")
    assert ("out-of-turn", "legality", 13) in found(check(hand))


def test_irish_planted_raise_too_small() -> None:
    """No limit: the first raise over the $4 big blind goes to $8 at least."""
    hand = edit(load("ftp_irish_discard.txt"), 9, by=D(2), to=D(6))
    assert ("raise-size", "legality", 9) in found(check(hand))


def test_irish_planted_pot_to_the_worse_hand() -> None:
    hand = load("ftp_irish_showdown.edited.txt")
    collect = next(e for e in hand.events if e.kind == "collect")
    assert ("wrong-winner", "showdown", collect.line) in found(check(edit(hand, collect.line, player="Hero")))


def test_irish_planted_showing_a_discarded_card() -> None:
    hand = edit(load("ftp_irish_showdown.edited.txt"), 28, cards=("9h", "Kc"))
    assert ("shown-mismatch", "cards", 28) in found(check(hand))


# ---------------------------------------------------------------- the corpus: no game left unreplayed

def test_no_corpus_hand_is_left_unreplayed() -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is absent")
    files = [
        CORPUS / "cash/FTP/Flop/NL-Irish-6max-USD-2.00-4.00-201304.txt",
        CORPUS / "tour/FTP/Stud/5-Stud-USD-MTT-100-201303.txt",
        CORPUS / "cash/iPoker/Stud/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml",
    ]
    records = list(handlog.read(files))
    assert len(records) == 3
    for record in records:
        assert record.hand is not None and record.hand.game in (Game.IRISH, Game.FIVE_CARD_STUD)
        result = audit(record.hand)
        assert result.replay.supported
        assert not errors(result), (record.file, errors(result))
    # the iPoker hand: the bring-in of $0.02 by the lowest up card (Hero's 3c), completed to $0.05 (written as a bet)
    ipoker = records[2].hand
    assert ipoker is not None
    first = next(e for e in ipoker.events if e.kind in ("bet", "raise") and getattr(e, "player", None) == "Player1")
    assert isinstance(first, Raise) and first.to == D("0.05")


def test_ipoker_five_card_stud_planted_errors() -> None:
    """iPoker's 2011 $0.05/$0.10 5 Card Stud hand: Hero's 3c is the lowest up card (Player1 shows the Jd) and brings
    in; Player1's pair of fours beats Hero's king high at the showdown."""
    path = CORPUS / "cash/iPoker/Stud/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"
    if not path.is_file():
        pytest.skip("../shared/corpus is absent")
    hand = next(r.hand for r in handlog.read([path]) if r.hand is not None)
    assert not errors(audit(hand))
    bring_in = next(e for e in hand.events if e.kind == "post" and e.post == "bring_in")
    collect = next(e for e in hand.events if e.kind == "collect")
    assert bring_in.player == "Hero" and collect.player == "Player1"
    wrong_player = with_events(hand, [e.model_copy(update={"player": "Player1"}) if e is bring_in else e
                                      for e in hand.events])
    assert "bring-in-player" in {v.code for v in audit(wrong_player).violations}
    worse = with_events(hand, [e.model_copy(update={"player": "Hero"}) if e is collect else e for e in hand.events])
    assert "wrong-winner" in {v.code for v in audit(worse).violations}
