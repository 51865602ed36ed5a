"""Winamax: golden hands, the quirks of its lines, and the real corpus counted apart from the parser.

Golden files: ``golden_winamax/<name>.txt`` is one real hand from ../shared/corpus (names anonymised, "Hero"
kept) and ``<name>.json`` the ``Hand`` it must become (``HANDLOG_REGEN_GOLDEN=1`` rewrites them). The corpus tests
skip when ../shared/corpus is absent.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
import sitekit

from handlog.audit import audit
from handlog.engine import RulesProfile, replay
from handlog.engine.rules import HOUSE, STANDARD, profile_for
from handlog.events import Collect, Hand, PlayerStatus, Post, PostType, Show, StatusChange, Structure
from handlog.formats.winamax import WinamaxFormat
from handlog.reading import read, read_text

D = Decimal
GOLDEN = Path(__file__).parent / "golden_winamax"
CASES = sitekit.cases(GOLDEN)
ROOTS = ("fpdb/cash/Winamax", "fpdb/tour/Winamax", "fpdb-extra/cash/Winamax")

# Independent of the grammar: a Winamax hand starts wherever a line starts like this.
HEADER = re.compile(r"^Winamax Poker - [^\n]*?HandId: #([0-9]+-[0-9]+-[0-9]+) ", re.MULTILINE)

# Every Winamax hand of the corpus that does not parse, and why. Nothing else may fail.
UNPARSED: dict[tuple[str, str], str] = {}

ANTE_RAISE = "fpdb/cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt"
RAISE_AS_BET = "fpdb/tour/Winamax/Flop/NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt"
# Hands of the corpus the audit flags, with every code it reports for them (errors and warnings): each is a defect
# of that log, reported once. Nothing else may have an error. fpdb keeps these files as examples of broken Winamax
# logs (their names say so).
FLAGGED = {
    # "Player3 raises 1€ to 3€" in the ANTE/BLINDS block, before the deal: a raise where no betting round is open.
    # Its chips go in as the returning player's blinds would (the big blind live, the rest dead), so the calls of
    # 2€ after it, the checks and the pot of 17€ (16.35 + 0.65 rake, with the river's 7€ nobody called) hold.
    (ANTE_RAISE, "6417287-1303-1406683540"): {"no-betting-round"},
    # the same line; Hero's "raises 5€ to 8€" then measures the raise from the 3€ the site wrote, not from the
    # big blind of 2€ in force (a warning, the site's own arithmetic over its misplaced line)
    (ANTE_RAISE, "6417287-1322-1406684365"): {"no-betting-round", "raise-increment"},
    # The blinds (1 + 2) and a raise to 6 make 9; the log collects and totals 10: the total is wrong, and the
    # collect of that total is the same error (no pot-overpaid besides it).
    ("fpdb/cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt", "6468352-1737-1408024646"): {"total-pot"},
    # Three defects of three lines: "Player6 bets 292.50" facing the big blind of 120 (a raise written as a bet, the
    # file's name); Player6's flop bet of 797.50 is his last chip without "and is all-in" (the 2010 logs mark
    # all-ins elsewhere); and the half chips of those lines (a tournament of whole chips) make a pot of 3367.50,
    # while the site collects 3368 and totals "3.37k": a raise to 413, 797 all-in and 798 back.
    (RAISE_AS_BET, "6307872438747255-64-1288123510"): {"bet-facing-bet", "all-in-unmarked", "total-pot"},
}
DEFECTIVE_FILES = {"PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt", "PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt",
                   "NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt"}
"""Files fpdb keeps because their logs are broken: not genuine hands for the 99% of numbers reproduced."""

# Warnings the genuine hands give, none of them an error. (A split pot's odd chips go its own way, and the shown
# hands are written in the room's own order, losers first: the Winamax rules profile says so.)
# raise-increment: Winamax writes a stud completion of the bring-in as "raises 25€ to 25€" (by 15 over a 10€ bring-in)
WARNINGS = {"raise-increment"}


def _load(name: str) -> Hand:
    return sitekit.load(GOLDEN, name)


def _text(name: str) -> str:
    return (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


# ---------------------------------------------------------------- golden hands

def test_there_are_golden_hands_of_every_kind() -> None:
    assert len(CASES) >= 8


@pytest.mark.parametrize("name", CASES)
def test_golden_hand(name: str) -> None:
    sitekit.check_golden(GOLDEN, name)


@pytest.mark.parametrize("name", CASES)
def test_golden_hand_has_no_real_player_names(name: str) -> None:
    sitekit.check_anonymised(GOLDEN, name)


@pytest.mark.parametrize("name", CASES)
def test_golden_hand_replays_clean_or_is_not_replayed(name: str) -> None:
    result = audit(_load(name))
    if name.startswith("stud"):
        # replayed: Winamax writes a completion of the bring-in as "raises 25€ to 25€" (the raise is by 15 over
        # the 10€ bring-in): a warning, no error (the caller's hand written first says nothing: losers come first)
        assert result.replay.supported
        assert {(v.code, v.severity.value) for v in result.violations} == {("raise-increment", "warning")}
        return
    assert result.replay.supported
    assert not result.violations, [str(v) for v in result.violations]


# ---------------------------------------------------------------- Winamax's quirks, line by line

def test_header_words() -> None:
    hold_up = _load("hold_up_showdown_rake")
    assert (hold_up.site, hold_up.hand_id, hold_up.game.value, hold_up.structure) == (
        "Winamax", "18802718-2083747-1694790950", "holdem", Structure.NO_LIMIT
    )
    assert (hold_up.stakes.small, hold_up.stakes.big, hold_up.currency) == (D("0.01"), D("0.02"), "EUR")
    assert hold_up.time_utc is not None and hold_up.time_utc.isoformat() == "2023-09-15T15:15:50+00:00"
    assert _load("go_fast_uncalled_inside_collect").zoom
    mtt = _load("tournament_ante_in_stakes_k_total")
    assert (mtt.stakes.ante, mtt.stakes.small, mtt.stakes.big, mtt.currency) == (D(50), D(200), D(400), "CHIPS")
    assert mtt.tournament is not None and mtt.tournament.level == "10" and mtt.tournament.buy_in == "0.93-0.07"
    assert _load("triple_draw_27").game.value == "triple_draw_2_7"


def test_total_pot_is_after_the_rake() -> None:
    """ "Total pot 3.02€ | Rake 0.34€": the players put in 3.36 (0.24 + 0.24 + 0.02 before the flop, then 0.36,
    0.60 and 1.90), Hero collects 3.02."""
    hand = _load("hold_up_showdown_rake")
    assert (hand.summary.total_pot, hand.summary.rake) == (D("3.36"), D("0.34"))
    assert not audit(hand).violations


def test_thousands() -> None:
    """ "Total pot 6.27k" in a tournament: 6,270 chips, what the players put in and collected."""
    hand = _load("freeroll_tournament")
    assert hand.summary.total_pot == D(6270)
    assert not audit(hand).violations


def test_thousands_rounded_to_ten_chips() -> None:
    """ "Total pot 17.68k" over 17,685 chips put in and collected (7035 + 2010 + 8640): a total in thousands is
    rounded to ten chips, and the collects, within that rounding, say the pot to the chip."""
    hand = _load("freeroll_total_in_thousands_rounded")
    assert hand.summary.total_pot == D(17685)
    assert not audit(hand).violations


def test_planted_collect_changed_beside_a_rounded_total() -> None:
    # 10 chips more collected is beyond the rounding of "17.68k": the written total stands and the sums break
    codes = _planted("freeroll_total_in_thousands_rounded", "Player1 collected 7035 from side pot 2",
                     "Player1 collected 7045 from side pot 2")
    assert {"collected-total", "summary-won"} <= codes
    # a chip more is within it: the pot the players put in (17,685) is then not the one the collects make
    assert "total-pot" in _planted("freeroll_total_in_thousands_rounded", "Player1 collected 7035 from side pot 2",
                                   "Player1 collected 7036 from side pot 2")


ANTE_RAISE_HAND = """\
Winamax Poker - CashGame - HandId: #6417287-1303-1406683540 - Omaha pot limit (1€/2€) - 2014/07/30 01:25:40 UTC
Table: 'Port Elizabeth' 5-max (real money) Seat #1 is the button
Seat 1: Player0 (407.25€)
Seat 2: Player1 (377.85€)
Seat 3: Hero (261€)
Seat 4: Player2 (404.39€)
Seat 5: Player3 (121.25€)
*** ANTE/BLINDS ***
Player3 raises 1€ to 3€
Player3 posts small blind 1€
Hero posts big blind 2€
Dealt to Hero [2h Tc 5d 5c]
*** PRE-FLOP ***
Player2 calls 2€
Player3 checks
Player0 calls 2€
Player1 folds
Hero checks
*** FLOP *** [4s 9c 2s]
Hero checks
Player2 checks
Player3 checks
Player0 checks
*** TURN *** [4s 9c 2s][Qs]
Hero checks
Player2 checks
Player3 checks
Player0 checks
*** RIVER *** [4s 9c 2s Qs][3s]
Hero checks
Player2 bets 7€
Player3 folds
Player0 folds
Hero folds
Player2 collected 16.35€ from pot
*** SUMMARY ***
Total pot 16.35€ | Rake 0.65€
Board: [4s 9c 2s Qs 3s]
Seat 4: Player2 won 16.35€
"""
"""fpdb/cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt, its first hand (names as fpdb keeps them)."""


def test_a_raise_before_the_deal_is_one_violation() -> None:
    found = [(v.code, v.line) for v in audit(sitekit.parse(ANTE_RAISE_HAND)).violations]
    assert found == [("no-betting-round", 9)]


def test_planted_error_after_a_raise_before_the_deal_is_still_caught() -> None:
    hand = sitekit.parse(ANTE_RAISE_HAND.replace("Player0 calls 2€", "Player0 calls 1€"))
    assert {(v.code, v.line) for v in audit(hand).violations} >= {("no-betting-round", 9), ("call-amount", 16)}


def test_uncalled_bet_inside_collected_is_returned_with_a_note() -> None:
    """Go Fast: Hero bets 9.50€ on the river, the opponent folds, "Hero collected 24.46€" holds the 9.50 back;
    Winamax prints no "Uncalled bet" line. The engine returns the 9.50 itself and says so."""
    result = replay(_load("go_fast_uncalled_inside_collect"))
    hero = result.results["Hero"]
    assert (hero.committed, hero.uncalled_in_collect, hero.collected, hero.net) == (
        D(8), D("9.50"), D("14.96"), D("6.96")
    )
    assert any("9.50 returned to Hero" in note for note in result.notes)
    assert not audit(result.hand).violations


def test_uncalled_excess_in_a_side_pot() -> None:
    """Hero all-in for 5.96 against 4.54 and 2.98: the 1.42 nobody can call comes back inside "Hero collected
    4.34€ from side pot 1" (the side pot of 3.12 less its share of the rake, 0.20, plus the 1.42)."""
    result = replay(_load("side_pot_with_uncalled_excess"))
    hero = result.results["Hero"]
    assert (hero.uncalled_in_collect, hero.collected, hero.net, hero.rake) == (
        D("1.42"), D("2.92"), D("2.92") - D("4.54"), D("0.20")
    )
    assert not audit(result.hand).violations


def test_both_blinds_out_of_position() -> None:
    """ "posts small blind 3€ out of position" then "posts big blind 0€ out of position": a big blind of 2 and a
    dead small blind of 1, in one post; the player then checks the big blind."""
    posts = [e for e in _load("both_blinds_out_of_position").events if isinstance(e, Post)]
    assert [(e.player, e.post, e.amount, e.dead) for e in posts][-1] == ("Player4", PostType.BOTH_BLINDS, D(3), D(1))


def test_denies_big_blind_and_seats_not_dealt_in() -> None:
    hand = _load("denies_big_blind_sitting_out")
    denies = [e for e in hand.events if isinstance(e, StatusChange)]
    assert [(e.player, e.status) for e in denies] == [("Player2", PlayerStatus.SITS_OUT)]
    out = {s.player for s in hand.seats if s.out_of_hand}
    assert out == {"Player2", "Hero"}  # never dealt in: no line of theirs, and the summary does not list them


def test_hi_lo_summary_lines_are_one_seat() -> None:
    hand = _load("omaha8_hi_lo_halves")
    assert [(s.player, s.won) for s in hand.summary.seats] == [("Hero", (D("0.46"),)), ("Player1", (D("0.47"),))]


def test_odd_chips_by_the_winamax_profile() -> None:
    """A three-way split of 260: 87, 87 and 86 for the first player left of the button. Under the standard
    profile that is an odd-chip warning; Winamax's profile (its own log is the source) gives none."""
    rel = "fpdb/tour/Winamax/Flop/NLHE-EUR-0.92-STT-201207.no.cur.txt"
    if not (sitekit.CORPUS / rel).is_file():
        pytest.skip("../shared/corpus is not there")
    hand = next(r.hand for r in read([sitekit.CORPUS / rel]) if r.hand is not None)
    assert replay(hand).rules.name == "Winamax"
    assert not audit(hand).violations
    assert "odd-chip" in {v.code for v in audit(hand, RulesProfile()).violations}


def test_shows_are_written_in_the_rooms_order_so_no_showdown_order_is_judged() -> None:
    """Player5 bets the river and Hero calls: the house order has Player5 show first. Winamax writes the losing
    hand first whoever showed first, so its log says nothing about the order: its profile checks none, while the
    standard profile (a room whose lines follow the showdown) judges the lines as written."""
    text = _text("hold_up_showdown_rake")
    player5 = "Player5 shows [Kh 2h] (High card : Ace)\n"
    hero = "Hero shows [Ah 5h] (One pair : Aces)\n"
    swapped = sitekit.parse(text.replace(player5 + hero, hero + player5))
    assert STANDARD.shows_in_showdown_order and HOUSE.shows_in_showdown_order  # live tables: the order holds
    winamax = profile_for("Winamax")
    assert not winamax.shows_in_showdown_order
    assert "showdown-order" not in {v.code for v in audit(swapped, winamax).violations}
    assert "showdown-order" not in {v.code for v in audit(_load("hold_up_showdown_rake"), STANDARD).violations}
    assert "showdown-order" in {v.code for v in audit(swapped, STANDARD).violations}


def test_the_losers_shows_come_first_in_every_showdown(corpus: sitekit.Corpus) -> None:
    """The fact the Winamax profile's ``shows_in_showdown_order=False`` rests on: in every showdown of its corpus
    logs with shown hands that win and shown hands that lose, every losing hand is written before every winning
    one, whoever bet last and wherever they sit."""
    _, records, _ = corpus
    mixed = 0
    for r in records:
        if r.hand is None:
            continue
        winners = {e.player for e in r.hand.events if isinstance(e, Collect)}
        shown = [e.player for e in r.hand.events if isinstance(e, Show)]
        pattern = [p in winners for p in shown]
        if True in pattern and False in pattern:
            mixed += 1
            assert pattern == sorted(pattern), (r.file, r.hand.hand_id)
    assert mixed >= 50


def test_names_with_spaces() -> None:
    text = _text("hold_up_showdown_rake").replace("Player4", "Le Grand Bleu")
    hand = sitekit.parse(text)
    assert "Le Grand Bleu" in {s.player for s in hand.seats}
    assert not audit(hand).violations


def test_fast_path_and_lark_agree() -> None:
    sitekit.check_fast_path(WinamaxFormat(), GOLDEN)


def test_a_bad_line_is_explained() -> None:
    lines = _text("hold_up_showdown_rake").splitlines()
    lines[12] = "Player1 posts a bribe 5€"
    record = read_text("\n".join(lines))[0]
    # a seated player's post in a form the reader does not know (docs/unknown-lines.md): an error naming them
    assert record.hand is not None
    (found,) = [v for v in audit(record.hand).violations if v.code == "unknown-action"]
    assert found.line == 13 and found.severity.value == "error" and "Player1" in found.message


# ---------------------------------------------------------------- planted errors in Winamax's layout

def _planted(name: str, old: str, new: str) -> set[str]:
    text = _text(name)
    assert old in text
    return {v.code for v in audit(sitekit.parse(text.replace(old, new, 1))).violations}


@pytest.mark.parametrize(("old", "new", "code"), [
    # issue 10's four kinds: a wrong win, an over-call, the pot to a folded player, out of turn
    ("Hero collected 3.02€ from pot", "Hero collected 3.12€ from pot", "collected-total"),
    ("Hero calls 0.30€", "Hero calls 0.40€", "call-amount"),
    ("Hero collected 3.02€ from pot", "Player2 collected 3.02€ from pot", "collect-by-folded"),
    ("Player2 folds\nPlayer3 folds", "Player3 folds\nPlayer2 folds", "out-of-turn"),
])
def test_planted_error_of_each_kind(old: str, new: str, code: str) -> None:
    assert code in sitekit.caught(GOLDEN, "hold_up_showdown_rake", old, new)


def test_planted_collect_changed() -> None:
    # the summary's amount still makes the total: the collect line is the one error
    assert _planted("hold_up_showdown_rake", "Hero collected 3.02€", "Hero collected 3.12€") == {"collected-total"}


def test_planted_rake_changed() -> None:
    assert "total-pot" in _planted("hold_up_showdown_rake", "| Rake 0.34€", "| Rake 0.30€")


def test_planted_call_of_the_wrong_amount() -> None:
    assert "call-amount" in _planted("hold_up_showdown_rake", "Player5 calls 0.18€", "Player5 calls 0.10€")


def test_planted_pot_to_the_worse_hand() -> None:
    text = _text("hold_up_showdown_rake")
    swapped = text.replace("Hero collected 3.02€", "Player5 collected 3.02€").replace(
        "and won 3.02€ with One pair", "and lost with One pair"
    ).replace("and lost with High card", "and won 3.02€ with High card")
    assert "wrong-winner" in {v.code for v in audit(sitekit.parse(swapped)).violations}


# ---------------------------------------------------------------- the corpus

@pytest.fixture(scope="module")
def corpus() -> sitekit.Corpus:
    return sitekit.corpus(ROOTS, HEADER)


def test_every_header_yields_exactly_one_record(corpus: sitekit.Corpus) -> None:
    sitekit.check_every_header_read(corpus, 100)


def test_parsed_ratio_and_the_known_failures(corpus: sitekit.Corpus) -> None:
    sitekit.check_parsed(corpus, UNPARSED, "Winamax")


def test_the_sites_numbers_are_reproduced(corpus: sitekit.Corpus) -> None:
    _, records, _ = corpus
    flagged: dict[tuple[str, str], set[str]] = {}
    warnings: set[str] = set()
    genuine = accounting = 0
    for r in records:
        if r.hand is None:
            continue
        result = audit(r.hand)
        if Path(r.file).name not in DEFECTIVE_FILES:
            warnings |= {v.code for v in result.violations if v.severity == "warning"}
        if not result.replay.supported:
            assert r.hand.game.value.startswith("seven_card_stud")  # only stud is read without a replay
            continue
        key = (sitekit.rel(r.file), r.hand.hand_id)
        codes = {v.code for v in result.violations if v.severity == "error"}
        if codes:
            flagged[key] = codes
        if Path(r.file).name not in DEFECTIVE_FILES:
            genuine += 1
            accounting += bool(codes & {"total-pot", "collected-total", "summary-won", "pot-overpaid", "rake"})
    assert set(flagged) == set(FLAGGED)
    everything = {(sitekit.rel(r.file), r.hand.hand_id): {v.code for v in audit(r.hand).violations}
                  for r in records if r.hand is not None and (sitekit.rel(r.file), r.hand.hand_id) in FLAGGED}
    assert everything == FLAGGED
    assert warnings <= WARNINGS
    assert genuine >= 95 and (genuine - accounting) / genuine >= 0.99
