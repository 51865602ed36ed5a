"""Winning Poker Network (ACR/WPN), the layout of 2019 and later: golden hands, and the corpus counted by a header
test apart from the reader, replayed and audited (``sitekit``). The 2015-2018 layout ("Game started at:") is not
read yet: its files stay unknown, and this test says so.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import audit_flags, check_golden, golden_hand, rel, text_of, unaccounted_lines
from sitekit import corpus as read_corpus

from handlog.audit import audit
from handlog.engine import replay
from handlog.events import Bet, Collect, Game, Notice, Post, PostType, Raise, Structure
from handlog.reading import HandRecord, ReadReport, read_text

GOLDEN = Path(__file__).parent / "golden" / "winning"
CASES = sorted(p.stem for p in GOLDEN.glob("*.txt"))
ROOTS = ("fpdb/cash/Winning", "fpdb/tour/Winning", "fpdb-extra/cash/Winning")

# Independent of the grammar: a hand of the 2019+ layout starts where this starts a line.
HEADER = re.compile(r"^\ufeff?(?:Game )?Hand #([0-9]+) - ", re.MULTILINE)
OLD_LAYOUT = re.compile(r"^\ufeff?Game started at: ", re.MULTILINE)

RIT = "fpdb/cash/Winning/Flop/NLO8-6max-USD-3-6-202104.RIT.txt"
PLO8 = "fpdb-extra/cash/Winning/Flop/5Card-PLO8-6max-USD-3-6-202212.txt"
# Every hand of the 2019+ layout whose audit finds something, with what and why. Nothing else may.
FLAGGED: dict[tuple[str, str], set[str]] = {
    # Run twice, Omaha Hi/Lo: the summary's "won $61.50" for Hero's first run is the high half only; Hero also
    # collected a quarter of the low ("collected $92.25 from main pot 1"), and Player2's low quarter of the first
    # run is missing from the summary too ("lost", then "won $123.00"): the summary contradicts the collects.
    (RIT, "779379637"): {"summary-won"},
    # Player0 sits out instead of posting the big blind; the button (Player1) posts it and Hero, heads-up, the
    # small blind: heads-up, the button posts the small blind.
    (PLO8, "1471753259"): {"blind-position"},
    # A warning: the site turns the hands up in its own order.
    (PLO8, "1471752306"): {"showdown-order"},
}


@pytest.mark.parametrize("name", CASES)
def test_golden_hand(name: str) -> None:
    check_golden(GOLDEN, name, "Winning")


@pytest.mark.parametrize("name", CASES)
def test_golden_hand_audits_clean(name: str) -> None:
    hand = golden_hand(GOLDEN, name)
    codes = {v.code for v in audit(hand).violations}
    if name == "omaha_hi_lo_run_twice":
        assert codes == {"summary-won"}  # see FLAGGED
    else:
        assert codes <= {"game-not-replayed"}
        assert ("game-not-replayed" in codes) == (hand.game == Game.SEVEN_CARD_STUD)


def test_there_are_golden_hands() -> None:
    assert len(CASES) >= 8


def test_raises_state_the_chips_put_in_then_the_total() -> None:
    """ "Hero raises $12.00 to $15.00" from the small blind of $3: 12 more chips, a raise of 9 over the $6 big
    blind; "Player0 raises $73.59 to $73.59" over a bet of $14.53: the increment is 59.06."""
    hand = golden_hand(GOLDEN, "five_card_omaha_hi_lo_split")
    raises = [(e.player, e.by, e.to) for e in hand.events if isinstance(e, Raise)]
    assert raises == [("Hero", Decimal(9), Decimal(15)), ("Player0", Decimal("59.06"), Decimal("73.59"))]
    assert not replay(hand).violations


def test_caps_is_a_raise_to_the_cap() -> None:
    hand = golden_hand(GOLDEN, "holdem_cap_caps")
    caps = next(e for e in hand.events if isinstance(e, Raise) and e.cap_reached)
    assert (caps.player, caps.by, caps.to) == ("Player4", Decimal("0.44"), Decimal("0.55"))
    assert replay(hand).results["Player2"].net == Decimal("0.59")


def test_total_pot_is_net_of_rake_and_jackpot_fee() -> None:
    """ "Total pot $1.19 | Rake $0.04 | JP Fee $0.02": the players put in 1.25."""
    hand = golden_hand(GOLDEN, "holdem_cap_caps")
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal("1.25"), Decimal("0.06"))
    assert sum(r.committed for r in replay(hand).results.values()) == Decimal("1.25")


def test_an_uncontested_pot_is_collected_as_the_summary_says() -> None:
    """A walk: no "collected" line, no "Uncalled bet" line; "Seat 6: Hero did not show and won $9.00" is the collect
    of the whole pot, the unmatched $3 of the big blind included (accepted, with a note)."""
    hand = golden_hand(GOLDEN, "walk")
    collects = [(e.player, e.amount) for e in hand.events if isinstance(e, Collect)]
    assert collects == [("Hero", Decimal(9))]
    rp = replay(hand)
    assert not rp.violations and rp.results["Hero"].net == Decimal(3)
    assert rp.notes == ("uncalled 3.00 won back by Hero with the pot (the log counts it in the total)",)


def test_run_it_twice() -> None:
    hand = golden_hand(GOLDEN, "omaha_hi_lo_run_twice")
    assert hand.summary.run_twice and len(hand.summary.boards) == 2
    collects = [(c.player, c.run, c.amount) for c in hand.events if isinstance(c, Collect)]
    assert collects == [("Hero", 1, Decimal("92.25")), ("Player2", 1, Decimal("30.75")), ("Player2", 2, Decimal(123))]
    assert len(hand.summary.seats) == 6


def test_tournament_header_and_button_draw() -> None:
    hand = golden_hand(GOLDEN, "tournament_button_draw")
    assert hand.tournament is not None and hand.tournament.id == "11212445" and hand.currency == "CHIPS"
    assert (hand.game, hand.structure, hand.stakes.small, hand.stakes.big) == (
        Game.OMAHA_HI_LO, Structure.POT_LIMIT, Decimal(250), Decimal(500)
    )
    draws = [e for e in hand.events if isinstance(e, Notice) and "for the button" in e.text]
    assert len(draws) == 6
    antes = [e for e in hand.events if isinstance(e, Post) and e.post == PostType.ANTE]
    assert len(antes) == 6


PLANTED = [
    ("holdem_cap_caps", "Player2 collected $1.19", "Player2 collected $1.20", "collected-total"),
    ("holdem_cap_caps", "Player2 collected $1.19 from main pot", "Player4 collected $1.19 from main pot",
     "wrong-winner"),
    ("five_card_omaha_hi_lo_split", "Hero calls $59.06", "Hero calls $50.06", "call-amount"),
    ("tournament_antes", "Player5 raises 12000.00 to 12000.00", "Player5 raises 7000.00 to 7000.00", "raise-size"),
    ("tournament_antes", "Uncalled bet (30954.00)", "Uncalled bet (30000.00)", "uncalled-bet"),
    ("omaha_hi_lo_fixed_limit", "Hero bets $20.00", "Hero bets $25.00", "fixed-limit-size"),
]


@pytest.mark.parametrize(("name", "old", "new", "code"), PLANTED, ids=[f"{p[0]}-{p[3]}" for p in PLANTED])
def test_a_planted_error_is_caught(name: str, old: str, new: str, code: str) -> None:
    text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert text.count(old) == 1
    hand = read_text(text.replace(old, new))[0].hand
    assert hand is not None
    assert code in {v.code for v in audit(hand).violations}


# ---------------------------------------------------------------- the corpus
@pytest.fixture(scope="module")
def corpus() -> tuple[Counter[tuple[str, str]], list[HandRecord], ReadReport]:
    return read_corpus(ROOTS, HEADER)


def test_every_2019_header_yields_one_record_and_parses(corpus: tuple) -> None:
    headers, records, report = corpus
    assert sum(headers.values()) >= 25
    assert Counter((rel(r.file), r.hand_id) for r in records) == headers
    assert [r for r in records if r.error is not None] == []
    # the files of the 2015-2018 layout are not read yet: each is reported as of no known format
    old = {rel(p.file) for p in report.problems}
    assert all(OLD_LAYOUT.search(text_of(Path(p.file))) for p in report.problems)
    assert len(old) >= 20


def test_every_hand_audits_clean_but_the_listed_ones(corpus: tuple) -> None:
    _, records, _ = corpus
    flagged, parsed, accounting_clean = audit_flags(records)
    assert flagged == FLAGGED
    assert parsed - accounting_clean == 1  # the run-it-twice hand whose summary leaves out the low halves


def test_every_line_of_a_parsed_hand_is_accounted_for(corpus: tuple) -> None:
    _, records, _ = corpus
    structural = ("Total pot", "Board", "*** ", "Table '", "Game Hand")
    tables = {r.hand.line + 1 for r in records if r.hand is not None}  # the table line: header facts
    assert [u for u in unaccounted_lines(records, structural) if int(u.split(":")[-2]) not in tables] == []


def test_actions_belong_to_seated_players(corpus: tuple) -> None:
    _, records, _ = corpus
    for record in records:
        hand = record.hand
        assert hand is not None
        names = {s.player for s in hand.seats}
        for event in hand.events:
            player = getattr(event, "player", None)
            if player is not None and event.kind not in ("status", "chat", "notice"):
                assert player in names, (record.file, event)
        assert all(not isinstance(e, Bet) or e.amount > 0 for e in hand.events)
