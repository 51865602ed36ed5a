"""Seven Card Stud, Stud Hi/Lo and Razz on the one engine: the up cards decide the bring-in and the first actor,
the bring-in is completed to the small bet, seventh street may bring a community card, and the showdown ranks
high, eight-or-better and razz hands. The copied hands are real PokerStars hands (``hands/``); each planted error
is one edit of one of them, and each is expected where the rule puts it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from corpus_cache import read_cached
from handkit import check, edit, errors, found, load, parse

from handlog.audit import audit
from handlog.engine.stud import bring_in_order, eight_low_any, showing_strength
from handlog.engine.variants import razz_low, variant_for
from handlog.events import Game, Hand

D = Decimal
HANDS = Path(__file__).parent / "hands"
CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
STUD_GAMES = {Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO, Game.RAZZ}


# ---------------------------------------------------------------- the rankings, from the rules' own examples

def test_showing_hands() -> None:
    # pairs beat any high cards, trips beat two pair; straights and flushes do not count among up cards
    assert showing_strength(["2c", "2d"]) > showing_strength(["As", "Ks"])
    assert showing_strength(["3c", "3d", "3h"]) > showing_strength(["Ac", "Ad", "Kh", "Kc"])
    assert showing_strength(["9s", "Ts", "Js", "Qs"]) < showing_strength(["4c", "4d", "2h", "3c"])
    # razz: the lowest shows best; aces are low and a pair is bad
    assert showing_strength(["Ac", "2d"], aces_low=True) > showing_strength(["3c", "2h"], aces_low=True)
    assert showing_strength(["Kc", "Qd"], aces_low=True) > showing_strength(["2c", "2d"], aces_low=True)


def test_bring_in_order() -> None:
    suits = "cdhs"
    # stud: the lowest card, clubs the lowest suit
    cards = ["2d", "2c", "3c", "As"]
    assert min(cards, key=lambda c: bring_in_order(c, False, suits)) == "2c"
    # razz: the highest card (aces low), spades the highest suit
    cards = ["Kd", "Ks", "Qc", "Ac"]
    assert min(cards, key=lambda c: bring_in_order(c, True, suits)) == "Ks"


def test_razz_and_eight_low_rankings() -> None:
    wheel = razz_low(["5s", "4d", "3c", "2h", "As", "Kd", "Kc"])
    assert wheel < razz_low(["6s", "4d", "3c", "2h", "As", "Kd", "Kc"])
    # straights and flushes do not count; a pair does
    assert razz_low(["5s", "4s", "3s", "2s", "As", "Kd", "Kc"]) == wheel
    assert razz_low(["Ks", "Qd", "Jc", "Th", "9s", "9d", "9c"]) < razz_low(["2s", "2d", "3c", "3h", "4s", "4d", "4c"])
    assert eight_low_any(["7c", "3s", "5h", "Qc", "Kc", "6d", "4d"]) == (7, 6, 5, 4, 3)
    assert eight_low_any(["4h", "3d", "5d", "Qd", "Jd", "9d", "6h"]) is None  # 9-6-5-4-3 does not qualify


def test_stud_games_are_variants_of_the_one_engine() -> None:
    for game in STUD_GAMES:
        variant = variant_for(game)
        assert variant is not None and variant.stud is not None and variant.hole_cards == 7
    razz = variant_for(Game.RAZZ)
    assert razz is not None and razz.stud is not None and razz.stud.aces_low


# ---------------------------------------------------------------- real hands replay clean

@pytest.mark.parametrize(
    "name, pot, winners",
    [
        # 8 players stay to seventh street: 56 cards for a 52-card deck, so one community card ("*** RIVER *** [6h]")
        ("stud_community_card.txt", D("0.56"), {"Player1": D("0.54")}),
        # hi/lo: the flush takes the high half, Hero's 7-6-5-4-3 the low half
        ("stud_hi_lo_split.txt", D("0.84"), {"Player2": D("0.40"), "Hero": D("0.40")}),
        # no low qualifies: the high hand scoops
        ("stud_hi_lo_no_low.txt", D("0.64"), {"Hero": D("0.61")}),
        # razz: 6-4-3-2-A beats 7-5-3-2-A
        ("razz_showdown.txt", D("1.56"), {"Player0": D("1.49")}),
    ],
)
def test_real_hand_replays_clean_with_the_sites_numbers(name: str, pot: Decimal, winners: dict[str, Decimal]) -> None:
    result = check(load(name))
    assert result.replay.supported
    assert not result.violations, [str(v) for v in result.violations]
    assert sum((p.amount for p in result.replay.pots), D(0)) == pot
    assert {p: r.collected for p, r in result.replay.results.items() if r.collected} == winners


def test_the_community_card_is_the_board() -> None:
    result = check(load("stud_community_card.txt"))
    assert result.replay.boards == (("6h",),)


# ---------------------------------------------------------------- planted errors

def test_planted_wrong_bring_in_player() -> None:
    """Razz: Player3's Qs and Player4's Qc are the highest up cards; spades beat clubs, so Player3 brings in."""
    hand = edit(load("razz_showdown.txt"), 22, player="Player4")
    assert ("bring-in-player", "legality", 22) in found(check(hand))


def test_planted_out_of_turn_on_fourth_street() -> None:
    """Razz, fourth street: Player0 shows 7-6, the lowest, and acts first; Hero (8-3) betting first is out of turn."""
    hand = edit(load("razz_showdown.txt"), 34, player="Hero")
    assert ("out-of-turn", "legality", 34) in found(check(hand))


def test_planted_out_of_turn_stud_high() -> None:
    """Stud, fourth street: Player6's K-3 is the best showing hand (king high) and checks first; moving the
    first check to Hero is out of turn."""
    hand = load("stud_community_card.txt")
    first = next(e for e in hand.events if e.line > 36 and e.kind == "check")
    assert first.player == "Player6"
    assert ("out-of-turn", "legality", first.line) in found(check(edit(hand, first.line, player="Hero")))


def test_planted_completion_of_the_wrong_size() -> None:
    """The bring-in of $0.02 is completed to the small bet, $0.04: completing to $0.05 is no fixed-limit raise."""
    hand = edit(load("razz_showdown.txt"), 23, by=D("0.03"), to=D("0.05"))
    assert ("fixed-limit-size", "legality", 23) in found(check(hand))


def test_planted_low_half_to_a_hand_that_does_not_qualify() -> None:
    """No low qualifies (Player3's A-K-K-T-T-4-3 and Hero's A-A-2-2-Q-8-6 hold no five ranks of eight or less):
    giving half the pot to the worse high hand as a "low" is caught."""
    text = (HANDS / "stud_hi_lo_no_low.txt").read_text(encoding="utf-8")
    halves = "Hero collected $0.31 from pot\nPlayer3 collected $0.30 from pot"
    planted = text.replace("Hero collected $0.61 from pot", halves)
    result = audit(parse(planted))
    assert "wrong-winner" in {v.code for v in result.violations}


def test_planted_pot_to_the_worse_razz_hand() -> None:
    hand = load("razz_showdown.txt")
    collect = next(e for e in hand.events if e.kind == "collect")
    result = check(edit(hand, collect.line, player="Player4"))
    assert ("wrong-winner", "showdown", collect.line) in found(result)


def test_planted_duplicate_up_card() -> None:
    hand = load("razz_showdown.txt")
    hand = edit(hand, 31, new=("7h",))  # Player2's fourth-street card: Player0's 7h, dealt just before
    assert ("duplicate-card", "cards", 31) in found(check(hand))


# ---------------------------------------------------------------- the corpus: every stud hand replayed

def _corpus_stud_hands() -> list[tuple[str, Hand]]:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is absent")
    folders = [p for p in CORPUS.glob("fpdb*/*/*/*") if p.is_dir() and p.name in ("Stud", "Mixed", "Mix")]
    found_hands = []
    for record in read_cached(sorted(folders)):
        if record.hand is not None and record.hand.game in STUD_GAMES:
            found_hands.append((str(Path(record.file).resolve().relative_to(CORPUS.resolve())), record.hand))
    return found_hands


# The stud hands of the corpus whose audit finds an error, with the rule their log breaks (or the reader's doubt):
# none today (the PartyPoker and Merge reader gaps once listed here are read now)
FLAGGED: set[tuple[str, str]] = {
    # the log's own damage: "Dealt to Hero [Ah 3c Ac 8h Qd As] [of]", a card that is no card (an unknown-action:
    # the reader cannot read the line it knows), read on since unknown lines no longer cost the hand
    ("fpdb/tour/Stars/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt", "91733835979"),
}


@pytest.mark.slow
def test_every_corpus_stud_hand_is_replayed_and_reproduces_the_sites_numbers() -> None:
    hands = _corpus_stud_hands()
    assert len(hands) >= 150  # PokerStars, Full Tilt, Bovada, Winamax, Winning … stud, stud hi/lo and razz
    flagged = set()
    for file, hand in hands:
        result = audit(hand)
        assert result.replay.supported, (file, hand)
        assert "game-not-replayed" not in {v.code for v in result.violations}
        if errors(result):
            flagged.add((file, hand.hand_id))
    assert flagged == FLAGGED
    assert (len(hands) - len(flagged)) / len(hands) >= 0.99
