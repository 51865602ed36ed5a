"""PokerStars' layout written by other rooms and programs (``handlog/formats/stars_layout.py``).

Golden hands of each room in ``golden/stars_layout/``; the corpus files of these rooms, found by a header pattern
that does not use the grammar, read hand for hand; every hand the audit flags is listed with the rule its log
breaks; and chip amounts written with a decimal fraction (research logs: ``collected 1500.0 from pot``).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from corpus_cache import audited, read_cached
from corpus_files import CORPUS, SIDECARS, rel, text_of
from goldens import assert_anonymised, cases, check_golden, read_golden

from handlog.audit import audit
from handlog.engine.codes import BY_CODE
from handlog.events import Post, PostType, Raise, Show
from handlog.formats.stars_layout import StarsLayoutFormat
from handlog.reading import HandRecord, ReadReport, read_text
from handlog.reading.registry import HandParseFailure

GOLDEN = Path(__file__).parent / "golden" / "stars_layout"
CASES = cases(GOLDEN)

# Independent of the grammar: "<Room> Hand #<digits>: " then a tournament or a game as PokerStars writes them
# (Bovada's 2012 "Bovada Hand #…: OMAHA HiLo Tournament" is Bovada's own layout), PokerStars' own excepted.
HEADER = re.compile(
    r"^\ufeff?(?!PokerStars )([A-Za-z][\w .'-]*?) (?:Hand|Game) #([0-9]+): +(?:Tournament #[0-9]+, |Hold'em |Omaha )",
    re.MULTILINE,
)

SITES = {
    "full_tilt_rush": "Full Tilt",
    "mpl_five_card_omaha": "MPL Poker",
    "pokerbros_cash": "PokerBros",
    "pokermaster_straddle": "PokerMaster",
    "rio_raise_after_bet_side_pot": "Run It Once",
    "rio_stp_walk": "Run It Once",
    "rio_tournament_hero_mark": "Run It Once",
    "suprema_tournament": "Suprema Poker",
}

# Every hand of these rooms in the corpus that the audit flags, with the rules its log breaks.
FLAGGED = {
    # Run It Once prints "checks" on the river for John R, who went all-in on the turn without the log saying so.
    # Its all-in showdown does not follow the house order (Run It Once has no profile of its own: a warning).
    ("fpdb/cash/Stars/Flop/NLHE-6max-EUR-0.02-0.04-201902.RIO.txt", "30702949"):
        {"all-in-unmarked", "acts-after-all-in", "no-betting-round", "showdown-order"},
    # Three players all-in on the flop (unmarked), then Run It Once prints their checks on the turn and river;
    # the all-in showdown does not follow the house order either (a warning).
    ("fpdb/cash/Stars/Flop/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt", "34011543"):
        {"all-in-unmarked", "acts-after-all-in", "showdown-order"},
    # A walk: Run It Once never returns the big blind's uncalled half and counts it in "Total pot €0.15".
    ("fpdb/cash/Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.walk.txt", "30417551"): {"uncalled-not-returned"},
    # The same walk with €0.50 Splash The Pot: the €0.65 collected is the €0.15 main pot and the €0.50 STP
    # ("Total pot €0.65 | Main pot €0.15 | STP €0.50"), so the pot is not overpaid (the site's money added to the
    # pot is counted in it since the GGPoker merge); the big blind's unmatched half is still not returned.
    ("fpdb/cash/Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.walk.txt", "30446369"): {"uncalled-not-returned"},
    # Collected €26.82 from side pot 1 (€21.82 + the €5 STP) and €122.02 from the main pot (before the €2.50
    # rake): €148.84 collected from a €146.34 pot, while the summary says the winner won €143.84, which makes the
    # total: the collect lines are the one error.
    ("fpdb/cash/Stars/Flop/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt", "36197946"):
        {"collected-total"},
    # The river bettor was called, so the caller's opponent shows first; the log shows the bettor first.
    ("fpdb/tour/Stars/Flop/NLHE-3max-EUR-5.00-202103.classic.txt", "55044222"): {"showdown-order"},
    # (153580337131 of the same file, all-in on the flop and called, shows the caller first: Full Tilt's profile
    # holds the order of rooms that turn all-in hands up by themselves, which this follows; see rules.py.)
    # Hero, all-in on the big blind and sitting out, is written as folding (his fold is void).
    ("fpdb/tour/Stars/Flop/NLHE-6max-STT-play-1000-201605.FullTilt.txt", "153580581770"): {"acts-after-all-in"},
    # "Hero collected ₹400 from pot" out of "Total pot ₹400 | Rake ₹15.35": the collection is before rake.
    ("fpdb-extra/cash/Stars/Flop/5-Card-PLO-6max-INR-100-200-202310.MPLPoker.txt", "4227871731"):
        {"collected-total"},
}


# ---------------------------------------------------------------- golden hands
def test_every_room_has_a_golden_hand() -> None:
    assert set(CASES) == set(SITES)


@pytest.mark.parametrize("name", CASES)
def test_golden_hand(name: str) -> None:
    check_golden(GOLDEN, name)


@pytest.mark.parametrize("name", CASES)
def test_golden_hand_names_its_room_and_no_player(name: str) -> None:
    hand = read_golden(GOLDEN, name)
    assert hand.site == SITES[name]
    assert_anonymised(hand)
    records = read_text((GOLDEN / f"{name}.txt").read_text(encoding="utf-8"))
    assert records[0].site == SITES[name]  # the record names the room even before the hand is parsed


def test_run_it_once_raise_after_a_bet_raises_by_what_it_adds() -> None:
    """ "bets €7.07" then "raises €1.36 to €30.25" is all-in for €37.32, as the €8.43 returned shows."""
    hand = read_golden(GOLDEN, "rio_raise_after_bet_side_pot")
    raises = [(e.player, e.to) for e in hand.events if isinstance(e, Raise)]
    assert raises == [
        ("Player1", Decimal("0.70")), ("Hero", Decimal("2.40")),  # preflop: "to" as at PokerStars
        ("Hero", Decimal("28.89")), ("Player3", Decimal("37.32")),
    ]
    shows = [e for e in hand.events if isinstance(e, Show)]
    # "Hero shows [Ks Ah Ts 5d] for Two Pairs […]", written twice: two events, the engine judges them.
    assert [(s.player, s.cards, s.description) for s in shows] == [
        ("Hero", ("Ks", "Ah", "Ts", "5d"), "Two Pairs [Qd Ts Tc 5d 5c]")
    ] * 2
    assert [c.pot for c in hand.events if c.kind == "collect"] == ["side pot-1", "pot"]
    # "Total pot €83.58 | Main pot €62.60 | Side pot €20.98": the replay's pots hold what the summary says.
    assert [p.amount for p in audit(hand).replay.pots] == [Decimal("62.60"), Decimal("20.98")]


def test_run_it_once_time_is_its_utc_time() -> None:
    """ "2019/04/19 17:52 UTC [2019/04/19 18:52 CET]": the bracket is UTC+1 even in April (Paris would be +2)."""
    hand = read_golden(GOLDEN, "rio_raise_after_bet_side_pot")
    assert hand.time_utc == datetime(2019, 4, 19, 17, 52, tzinfo=UTC)
    assert hand.time_local == "2019/04/19 17:52 UTC [2019/04/19 18:52 CET]"


def test_pokermaster_second_bigger_big_blind_is_a_straddle() -> None:
    hand = read_golden(GOLDEN, "pokermaster_straddle")
    posts = [(e.player, e.post, e.amount) for e in hand.events if isinstance(e, Post) and e.post != PostType.ANTE]
    assert posts == [
        ("Player0", PostType.SMALL_BLIND, Decimal(2)),
        ("Player1", PostType.BIG_BLIND, Decimal(4)),
        ("Player2", PostType.STRADDLE, Decimal(8)),
    ]
    assert audit(hand).status == "clean"


def test_full_tilt_rush_is_full_tilt_fast_fold() -> None:
    hand = read_golden(GOLDEN, "full_tilt_rush")
    assert (hand.site, hand.zoom, hand.currency) == ("Full Tilt", True, "PLAY")


def _parse(fmt: StarsLayoutFormat, lines: list[str], fast: bool) -> object:
    table = fmt._grammar()[2]
    available, table.available = table.available, fast
    try:
        return fmt.parse(lines, 1, "x").model_dump(mode="json")
    except HandParseFailure as failure:
        return str(failure.error)
    finally:
        table.available = available


@pytest.mark.parametrize("name", CASES)
def test_the_table_driver_builds_the_hand_lark_builds(name: str) -> None:
    fmt = StarsLayoutFormat()
    lines = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    assert fmt._grammar()[2].available
    assert _parse(fmt, lines, fast=True) == _parse(fmt, lines, fast=False)
    rng = random.Random(name)
    for _ in range(20):
        damaged = list(lines)
        i, j = rng.randrange(1, len(damaged)), rng.randrange(1, len(damaged))
        damaged[i], damaged[j] = damaged[j], damaged[i]
        assert _parse(fmt, damaged, fast=True) == _parse(fmt, damaged, fast=False)


# ---------------------------------------------------------------- decimal chip amounts
def _with_fractions(text: str) -> str:
    """Every whole chip amount (not the table's name) written as research logs write it: 1500 → 1500.0."""
    return "\n".join(
        line if line.startswith("Table ") else re.sub(r"(?<=[ (])([0-9]+)(?=[ )]|$)", r"\1.0", line)
        for line in text.split("\n")
    )


@pytest.mark.parametrize("header", ["Full Tilt Rush Hand", "PokerStars Hand"])
def test_chip_amounts_with_a_decimal_fraction_are_the_numbers_they_say(header: str) -> None:
    text = (GOLDEN / "full_tilt_rush.txt").read_text(encoding="utf-8")
    head, rest = text.split("\n", 1)
    fractional = head.replace("Full Tilt Rush Hand", header) + "\n" + _with_fractions(rest)
    assert "collected 119.0 from pot" in fractional and "(3516.0 in chips)" in fractional
    assert "Total pot 125.0 | Rake 6.0" in fractional
    [whole] = read_text(text)
    [record] = read_text(fractional)
    assert whole.hand is not None and record.hand is not None
    assert [s.stack for s in record.hand.seats] == [s.stack for s in whole.hand.seats]
    assert record.hand.seats[0].stack == 3516
    amounts = [getattr(e, "amount", None) for e in record.hand.events]
    assert amounts == [getattr(e, "amount", None) for e in whole.hand.events]
    assert record.hand.summary.total_pot == whole.hand.summary.total_pot == 125
    assert audit(record.hand).status == audit(whole.hand).status == "clean"


# ---------------------------------------------------------------- detection
@pytest.mark.parametrize(
    "line",
    [
        "PokerStars Hand #90721705235:  Hold'em No Limit (€1/€2 EUR) - 2012/12/14 7:59:19 CUST",
        "Full Tilt Poker Game #33678009934: Table Flash - $0.02/$0.05 - No Limit Hold'em - 21:13:52 ET - 2010/07/21",
        "Poker Hand #RC303592734: Hold'em No Limit ($0.01/$0.02) - 2021/04/06 18:39:58",
        "Bovada Hand #3358458395 TBL#13476479 HOLDEMZonePoker No Limit - 2016-06-20 16:11:45",
        "Bovada Hand #2645486142: OMAHA HiLo Tournament #1909784 TBL#19, Pot Limit- Level 5 (50/100) - 2012-07-23",
        "Winamax Poker - CashGame - HandId: #7489221-1117-1493640000 - Holdem no limit (0.01€/0.02€)",
    ],
)
def test_other_layouts_are_not_taken_for_this_one(line: str) -> None:
    assert not StarsLayoutFormat().detect([line])


# ---------------------------------------------------------------- the corpus


@pytest.fixture(scope="module")
def corpus() -> tuple[Counter[tuple[str, str]], list[HandRecord]]:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    headers: Counter[tuple[str, str]] = Counter()
    files: list[Path] = []
    for root in ("fpdb", "fpdb-extra"):
        for path in sorted((CORPUS / root).rglob("*")):
            if path.is_file() and not path.name.endswith(SIDECARS):
                found = [(rel(path), m.group(2)) for m in HEADER.finditer(text_of(path))]
                headers.update(found)
                files += [path] if found else []
    report = ReadReport()
    records = read_cached(files, report)
    assert report.problems == []
    return headers, records


def test_every_header_of_these_rooms_yields_one_parsed_hand(corpus: tuple) -> None:
    headers, records = corpus
    assert sum(headers.values()) >= 30
    assert Counter((rel(r.file), r.hand_id) for r in records) == headers
    assert [r.error for r in records if r.error is not None] == []
    assert {r.site for r in records} == {
        "Full Tilt", "MPL Poker", "PokerBros", "PokerMaster", "Run It Once", "Suprema Poker"
    }


def test_exactly_the_listed_hands_break_a_rule(corpus: tuple) -> None:
    _, records = corpus
    flagged = {}
    for record in records:
        assert record.hand is not None
        found = {v.code for v in audited(record.hand).violations}
        if found:
            flagged[(rel(record.file), record.hand_id)] = found
    assert flagged == FLAGGED


def test_these_hands_report_registered_codes(corpus: tuple) -> None:
    _, records = corpus
    for record in records:
        assert record.hand is not None
        for v in audited(record.hand).violations:
            rule = BY_CODE[v.code]
            assert (v.category, v.severity) == (rule.category, rule.severity), v


# ---------------------------------------------------------------- PokerMaster's exported comment line
PM_COMMENTED = """\
PokerMaster Hand #1801010000000001: Omaha Pot Limit ($1/$2 USD) - 2018/01/01 10:00:00 UTC
Table 'PM_Test_Table' 6-max Seat #1 is the button
Seat 1: pm1001 ($200 in chips)
Seat 4: pm1004 ($150 in chips)
# {"gt":"PLO","tn":"PM_Test_Table","pn":{"0":"Alice","3":"Bob"}}
pm1001: posts small blind $1
pm1004: posts big blind $2
*** HOLE CARDS ***
Dealt to pm1001 [Ah Kd 7c 2s]
pm1001: raises $4 to $6
pm1004: folds
Uncalled bet ($4) returned to pm1001
pm1001 collected $4 from pot
*** SUMMARY ***
Total pot $4 | Rake $0
Seat 1: pm1001 (button) (small blind) collected ($4)
Seat 4: pm1004 (big blind) folded before Flop
"""


@pytest.mark.parametrize("fast", [True, False])
def test_pokermaster_export_comment_line_is_a_notice_not_an_error(fast: bool) -> None:
    """PokerMaster's exports put a JSON comment ("# {…}") after the seats: the hand reads and replays clean."""
    fmt = StarsLayoutFormat()
    dumped = _parse(fmt, PM_COMMENTED.splitlines(), fast=fast)
    assert isinstance(dumped, dict), dumped
    notices = [e for e in dumped["events"] if e["kind"] == "notice"]
    assert [(n["line"], n["text"][:9]) for n in notices] == [(5, '# {"gt":"')]
    (record,) = read_text(PM_COMMENTED)
    assert record.site == "PokerMaster" and record.hand is not None
    assert audit(record.hand).status == "clean"


def test_a_hash_line_that_is_not_a_json_comment_is_still_an_error() -> None:
    # read on as a line the reader does not know (docs/unknown-lines.md): the audit names it
    (record,) = read_text(PM_COMMENTED.replace('# {"gt"', "# gt"))
    assert record.hand is not None
    assert [v.line for v in audit(record.hand).violations if v.code == "unknown-line"] == [5]
