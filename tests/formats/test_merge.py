"""Merge (Carbon XML): golden hands, the corpus counted by ``<game id=…>`` elements apart from the reader, every flagged
hand with the rule its log breaks, and planted errors."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import CORPUS, audit_flags, check_golden, corpus, golden_hand, rel

from handlog.audit import audit
from handlog.engine import replay
from handlog.events import PostType, UncalledReturns
from handlog.reading import read, read_text

GOLDEN = Path(__file__).parent / "golden_merge"
CASES = sorted(p.stem for p in GOLDEN.glob("*.txt"))
ROOTS = ("fpdb/cash/Merge", "fpdb/tour/Merge")
GAME = re.compile(r'<game id="([^"]+)"')
"""A Merge hand, counted with a regex apart from the XML reader."""

UNPARSED: dict[tuple[str, str], str] = {}
"""Every hand the reader cannot read, with why: none."""
UNSEATED = {
    # a seat posts and acts that the players list leaves out (a defect of the log: its player and stack are not
    # stated): read as the player "seat N", whom the engine finds acting without a seat
    ("fpdb/cash/Merge/Flop/NLHE-USD-0.02-0.04.201105.Player.not.in.preamble.acts.xml", "34205042-1"): "seat 0",
    ("fpdb/cash/Merge/Flop/NLHE-6max-USD-0.10-0.25-201208.player.not.in.preamble.txt", "59766765-529"): "seat 5",
}
"""Flagged for ``unknown-player`` alone: the engine reports an unseated actor once and checks nothing that depends on
who is who after it (the audit's notes say so)."""
FLAGGED = {
    # Player5 folds on the river, then "calls 0.05" of a 26.00 bet
    ("fpdb/cash/Merge/Flop/NLHE-6max-USD-1.00-2.00-201308.player.acts.after.fold.txt", "71732021-1470"):
        {"acts-after-fold"},
    # Player3 is all-in preflop for 74.92, then "calls" with no chips left, and a check comes after the round closed
    ("fpdb/cash/Merge/Flop/NLHE-6max-USD-1.00-2.00-201308.weird.all.in.line.txt", "71748131-1802"):
        {"acts-after-all-in", "all-in-unmarked", "call-nothing", "no-betting-round"},
    # a play-money table described as $10/$20 whose amounts are written in thousands (blinds 0.01/0.02)
    ("fpdb/cash/Merge/Flop/NLHE-9max-play-10-20-201208.txt", "33325037-507"):
        {"blind-amount", "raise-size", "bet-size", "raise-not-reopened"},
}
"""Every other parsed hand the audit flags, with what its log does."""


def test_every_hand_counted_and_read() -> None:
    headers, records, _ = corpus(ROOTS, GAME)
    assert {(rel(r.file), r.hand_id or "") for r in records} == set(headers)
    unparsed = {(rel(r.file), r.hand_id or ""): r.error.message for r in records if r.error is not None}
    assert unparsed == UNPARSED
    assert len(headers) == 93


def test_flagged_hands_are_exactly_the_listed_ones() -> None:
    _, records, _ = corpus(ROOTS, GAME)
    flagged, parsed, clean = audit_flags(records)
    assert set(flagged) == set(FLAGGED) | set(UNSEATED)
    assert {k: v for k, v in flagged.items() if k in FLAGGED} == FLAGGED
    assert all(flagged[k] == {"unknown-player"} for k in UNSEATED)
    assert parsed == 93 and clean == parsed  # every winner and return adds up


def test_unlisted_seat_is_named_and_noticed() -> None:
    _, records, _ = corpus(ROOTS, GAME)
    for r in records:
        key = (rel(r.file), r.hand_id or "")
        if key in UNSEATED:
            assert r.hand is not None
            name = UNSEATED[key]
            assert name not in {s.player for s in r.hand.seats}
            assert any(e.kind == "post" and e.player == name for e in r.hand.events)
            assert [e.player for e in r.hand.events if e.kind == "notice"] == [name]
            assert "unknown-player" in {v.code for v in audit(r.hand).violations}


_HORSE = "fpdb/tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml"


def _horse() -> dict[str, object]:
    _, records, _ = corpus(("fpdb/tour/Merge/Mixed",), GAME)
    return {r.hand_id: r.hand for r in records if rel(r.file) == _HORSE}


def test_horse_rotation_games() -> None:
    """H-O-R-S-E: multigametype 49 is razz (the highest up card brings in, the winners hold lows such as
    "9-8-3-2-A"), 41 stud, 45 stud hi/lo."""
    hands = _horse()
    if not hands:
        pytest.skip("corpus absent")
    games = {h.hand_id: h.game.value for h in hands.values()}  # type: ignore[attr-defined]
    assert {games[f"36487050-{n}"] for n in range(12, 16)} == {"razz"}
    assert {games[f"36487050-{n}"] for n in range(16, 20)} == {"seven_card_stud"}
    assert {games[f"36487050-{n}"] for n in range(20, 26)} == {"seven_card_stud_hi_lo"}


def test_tournament_stud_limits_read_from_the_bets() -> None:
    """stakes="Limit" states no amounts and stud posts no blinds: the small bet is the completion or the bet of
    third and fourth street, the big bet the bet from fifth street on (a notice says so)."""
    hands = _horse()
    if not hands:
        pytest.skip("corpus absent")
    first = hands["36487050-12"]  # ante 5, bring-in 15, bets of 50 on fourth street and 100 from fifth
    assert (first.stakes.small, first.stakes.big) == (Decimal(50), Decimal(100))  # type: ignore[attr-defined]
    assert any(e.kind == "notice" and "read from the hand's own bets" in e.text
               for e in first.events)  # type: ignore[attr-defined]
    later = hands["36487050-16"]  # ante 10, bring-in 25, bets of 200 from fifth street: the small bet is half
    assert (later.stakes.small, later.stakes.big) == (Decimal(100), Decimal(200))  # type: ignore[attr-defined]


def test_uncalled_bet_as_a_pot_of_its_own() -> None:
    """An older tournament hand gives a river bet nobody called back as "potnumber 2" of exactly that amount."""
    hands = _horse()
    if not hands:
        pytest.skip("corpus absent")
    hand = hands["36487050-19"]
    assert [(e.kind, e.player, e.amount) for e in hand.events  # type: ignore[attr-defined]
            if e.kind in ("uncalled", "collect")] == [
        ("uncalled", "Player3", Decimal(200)), ("collect", "Player3", Decimal(490))]


def test_no_limit_stud_stakes_ante_bring_in_bet() -> None:
    """ "No Limit ($0.01/$0.02/$0.10)": the ante, the bring-in and the smallest bet."""
    _, records, _ = corpus(("fpdb/cash/Merge/Stud",), GAME)
    hand = next((r.hand for r in records if r.hand_id == "53828643-2"), None)
    if hand is None:
        pytest.skip("corpus absent")
    assert (hand.stakes.ante, hand.stakes.small, hand.stakes.big) == (
        Decimal("0.01"), Decimal("0.02"), Decimal("0.10"))
    assert audit(hand).violations == ()


def test_there_are_golden_hands() -> None:
    assert len(CASES) >= 6


@pytest.mark.parametrize("name", CASES)
def test_golden_hand(name: str) -> None:
    check_golden(GOLDEN, name, "Merge")


@pytest.mark.parametrize("name", CASES)
def test_golden_hand_audits(name: str) -> None:
    hand = golden_hand(GOLDEN, name)
    codes = {v.code for v in audit(hand).violations}
    assert codes == set()  # stud too: replayed since the games merge, its golden hand breaks no rule


def _events(name: str, kinds: tuple[str, ...]) -> list[tuple[object, ...]]:
    hand = golden_hand(GOLDEN, name)
    return [(e.kind, getattr(e, "player", ""), getattr(e, "amount", None)) for e in hand.events if e.kind in kinds]


def test_golden_quirks() -> None:
    # an older file gives the uncalled $25 back inside the pot's winner ($68.12): the reader says so, the engine
    # returns it from there
    inside = golden_hand(GOLDEN, "plo_uncalled_inside_winner")
    assert inside.summary.uncalled is UncalledReturns.IN_COLLECTS
    assert _events("plo_uncalled_inside_winner", ("uncalled", "collect")) == [("collect", "Hero", Decimal("68.12"))]
    done = replay(inside)
    assert done.results["Hero"].uncalled_in_collect == Decimal("25.00")
    assert done.results["Hero"].collected == Decimal("43.12")
    # the 2015 layout writes the return as its own winner, uncalled="true"
    assert _events("mtt_v21_uncalled_winner", ("uncalled", "collect")) == [
        ("uncalled", "Player5", Decimal("5590.00")), ("collect", "Player5", Decimal("280.00"))]
    both = golden_hand(GOLDEN, "omaha8_return_blind")
    post = next(e for e in both.events if e.kind == "post" and e.post is PostType.BOTH_BLINDS)
    assert (post.amount, post.dead) == (Decimal("1.50"), Decimal("0.50"))
    draw = golden_hand(GOLDEN, "triple_draw_27_showdown")
    assert [e.count for e in draw.events if e.kind == "discard"] == [2, 1, 1]
    deal = [e for e in draw.events if e.kind == "deal_hole"]
    assert deal[1].new == ("9d", "9c") and deal[1].cards == ("4s", "6h", "7h")
    stud = golden_hand(GOLDEN, "stud8_bring_in_complete")
    assert any(e.kind == "post" and e.post is PostType.BRING_IN for e in stud.events)
    blind = golden_hand(GOLDEN, "big_blind_all_in")
    assert any(e.kind == "post" and e.post is PostType.BIG_BLIND and e.all_in for e in blind.events)
    one = golden_hand(GOLDEN, "shows_one_card")
    assert [(e.cards, e.unknown) for e in one.events if e.kind == "show"] == [(("Ac",), 1)]


def _codes(text: str) -> set[str]:
    records = read_text(text)
    assert len(records) == 1 and records[0].hand is not None
    return {v.code for v in audit(records[0].hand).violations}


BASE = (GOLDEN / "plo_uncalled_inside_winner.txt").read_text(encoding="utf-8")


def test_planted_wrong_win() -> None:
    assert "collected-total" in _codes(BASE.replace('amount="68.12"', 'amount="60.12"'))


def test_planted_pot_to_a_folded_player() -> None:
    # seat 5 folded preflop; the pot's winner is moved to that seat
    assert "collect-by-folded" in _codes(BASE.replace('potnumber="1" player="1"', 'potnumber="1" player="5"'))


def test_planted_out_of_turn() -> None:
    text = BASE.replace('sequence="4" type="CALL"', 'sequence="99" type="CALL"')
    assert "out-of-turn" in _codes(text)


def test_planted_bet_over_the_stack() -> None:
    poorer = BASE.replace('nickname="Hero" balance="$57.11"', 'nickname="Hero" balance="$20.00"')
    assert "exceeds-stack" in _codes(poorer)


def _horse_text(hand_id: str) -> str:
    path = CORPUS / _HORSE
    if not path.is_file():
        pytest.skip("corpus absent")
    text = path.read_text(encoding="utf-8")
    start = text.index(f'<game id="{hand_id}"')
    return '<description type="HORSE Tournament" stakes="Limit"/>\n' + text[start : text.index("</game>", start) + 7]


def test_planted_stud_bets_over_the_limit_read_from_the_bets() -> None:
    """The limits read from the bets are no echo of any one bet: a fourth-street bet of 70 where the fifth street
    bets 100 (a big bet: the small one is 50), or a fifth-street bet of 150 over a fourth-street 50, is over it."""
    text = _horse_text("36487050-12")
    assert _codes(text) == set()
    fourth = text.replace('type="BET" timestamp="1308762985236" player="2" amount="50.00"',
                          'type="BET" timestamp="1308762985236" player="2" amount="70.00"')
    assert fourth != text and {"bet-size", "fixed-limit-size"} & _codes(fourth)
    fifth = text.replace('type="BET" timestamp="1308763008848" player="2" amount="100.00"',
                         'type="BET" timestamp="1308763008848" player="2" amount="150.00"')
    assert fifth != text and {"bet-size", "fixed-limit-size"} & _codes(fifth)


FRESH = CORPUS / "fresh" / "merge-xml"


def test_a_dead_button_heads_up_and_a_rabbit() -> None:
    """2012: the button on a seat nobody is dealt in from (an empty seat 4; TomthegianT sitting out in seat 5): the
    two players left of it post the small and the big blind, and the small blind acts first after the flop, as
    at a fuller table; ``RABBIT`` (a winner's cards shown after the others fold) moves no chips. Every fresh Merge
    hand then reads and audits clean."""
    if not FRESH.is_dir():
        pytest.skip("no fresh corpus")
    records = list(read([FRESH]))
    assert len(records) == 19 and all(r.hand is not None for r in records)
    assert all(audit(r.hand).violations == () for r in records if r.hand is not None)
    dead = next(r.hand for r in records if r.hand_id == "56166187-14")
    assert dead is not None and dead.button == 5 and [s.player for s in dead.seats if s.seat == 5] == ["TomthegianT"]
