"""Writing PokerStars text: site text (any room), PHH or ACPC → PokerStars text → handlog keeps every player's net,
the pots and the violations (the same codes).

Over the project's own hands (samples/, tests/engine/hands, the format goldens) and, when it is there, every hand
of the corpus that handlog reads (``../shared/corpus`` or ``$HANDLOG_CORPUS``): every room's site text and the
PHH files. The copy is audited under the rules of the room the hand was dealt in (``profile_for(original.site)``):
the conversion is checked, not the difference between two rooms' rules.
"""

from __future__ import annotations

import os
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from corpus_cache import CORPUS as CACHED_CORPUS
from corpus_cache import read_cached
from test_phh_writer import _show_order_unchecked, codes_with_follow_ons

from handlog.audit import audit
from handlog.cli.main import main
from handlog.engine.rules import profile_for
from handlog.events import Hand
from handlog.reading import read, read_text
from handlog.reading.decode import iter_lines
from handlog.writing.pokerstars import Unconvertible, hand_to_pokerstars

ROOT = Path(__file__).resolve().parents[2]
OWN = [ROOT / "samples", ROOT / "tests" / "engine" / "hands", *sorted((ROOT / "tests" / "formats").glob("golden*"))]
CORPUS = Path(os.environ.get("HANDLOG_CORPUS", CACHED_CORPUS))  # spelled as other corpus tests do: reads shared
GOLDEN = Path(__file__).parent / "golden_pokerstars"

UNCONVERTIBLE = (
    "PokerStars has no layout for",  # Triple Draw A-5, five card stud, Irish: games PokerStars never dealt
    "PokerStars text cannot say a payment outside the pot",  # GGPoker's EV cash-out
    "PokerStars text runs a board twice at most",  # GGPoker's run it three times
    "PokerStars text cannot put a cash drop in a pot-limit pot",  # the drop sizes the pot-limit bets
    "PokerStars text cannot say",  # a dead blind paid alone, a line without a player's name, a join without a seat
    "before the forced bets",  # a log that writes an action before the blinds
    "the log ends before the hand does and states no result",  # a truncated log without awards
    "PokerStars text cancels a hand only before the deal",  # CoinPoker's hand cancelled after the cards were dealt
)
"""What PokerStars text cannot hold: each hand not written says which of these it is."""

RAKE_UNSTATED = frozenset({"collected-total", "rake", "total-pot"})
"""A log that states no rake and keeps more than its room's rule (or less than nothing): PokerStars text always
states a rake, so the copy cannot show that error, and the writer says so in its notes."""

DEALER_LOG = frozenset({
    "misdeal-not-declared", "redeal-not-called-for", "exposed-card-kept", "flop-redeal-procedure",
    "premature-card-procedure", "extra-card-procedure", "burn-missing", "board-play-undeclared",
})
"""A live hand's dealer log (docs/live-dealer-errors.md) has no PokerStars words: the copy cannot show its errors,
and the writer says the log was left out."""

KNOWN = {
    # a corrupt log kept by fpdb for its defect: an observed hand whose lines come out of order
    ("PLO-6max-USD-25-50-201503.observed.hand.txt", "526119469"),
}
"""Corpus hands whose copy differs for a reason outside the writer, each named with it."""


def _outcome(hand: Hand, original: Hand) -> tuple[dict[str, Decimal], list[Decimal], Counter[str]]:
    result = audit(hand, profile_for(original.site))
    nets = {n: r.net for n, r in result.replay.results.items() if r.net or r.committed}
    # the lines the reader did not know (docs/unknown-lines.md) are left out of the copy: nothing to report there
    codes = Counter(c for c in codes_with_follow_ons(result.violations) if c not in ("unknown-line", "unknown-action"))
    if _show_order_unchecked(original):  # the source's log leaves its showing order unchecked, PokerStars' not
        codes.pop("showdown-order", None)
    return nets, [p.amount for p in result.replay.pots], codes


def _round_trip(paths: list[Path]) -> tuple[Counter[str], list[str]]:
    counts: Counter[str] = Counter()
    differing = []
    for record in read_cached(paths):
        if record.hand is None:
            continue
        try:
            written = hand_to_pokerstars(record.hand)
        except Unconvertible as exc:
            assert any(reason in str(exc) for reason in UNCONVERTIBLE), exc
            counts["unconvertible"] += 1
            continue
        back = read_text(written.text, file="converted.txt")
        assert len(back) == 1 and back[0].hand is not None, (record.file, record.hand_id, back[0].error)
        assert back[0].hand.site == "PokerStars"
        (nets, pots, codes), (nets2, pots2, codes2) = _outcome(record.hand, record.hand), _outcome(
            back[0].hand, record.hand
        )
        site = Path(record.file).parts[-3] if "fpdb" in record.file else "other"
        if (nets, pots, codes) == (nets2, pots2, codes2):
            counts["same"] += 1
            counts[f"same {site}"] += 1
        elif (
            nets == nets2 and pots == pots2 and set((codes - codes2) + (codes2 - codes)) <= RAKE_UNSTATED
            and any("cannot show that error" in note for note in written.notes)
        ):
            counts["rake unstated"] += 1
        elif (
            nets == nets2 and pots == pots2 and set((codes - codes2) + (codes2 - codes)) <= DEALER_LOG
            and any("the dealer log's" in note for note in written.notes)
        ):
            counts["dealer log"] += 1
        elif (Path(record.file).name, record.hand_id) in KNOWN:
            counts[f"known {Path(record.file).name} {record.hand_id}"] += 1
        else:
            differing.append(f"{record.file} {record.hand_id}: {(nets, pots, codes)} != {(nets2, pots2, codes2)}")
    return counts, differing


def test_own_hands_keep_nets_pots_and_violations() -> None:
    counts, differing = _round_trip(OWN)
    assert differing == []
    assert counts["same"] >= 230
    # A-5 triple draw, 5 Card Stud and Irish (games PokerStars never dealt), GGPoker's EV cash-out, run thrice,
    # pot-limit cash drop, CoinPoker's hand cancelled after the deal
    assert counts["unconvertible"] <= 12
    assert counts["dealer log"] == 3  # the live samples whose dealer log breaks a rule


@pytest.mark.slow
def test_corpus_hands_keep_nets_pots_and_violations() -> None:
    fpdb = CORPUS / "fpdb"
    if not fpdb.is_dir():
        pytest.skip(f"{CORPUS} is not there")
    rooms = sorted(p.name for p in (fpdb / "cash").iterdir() if p.is_dir())
    extra = CORPUS / "fpdb-extra"
    counts, differing = _round_trip([fpdb / "cash", fpdb / "tour", extra, CORPUS / "phh"])
    assert differing == []
    assert counts["same"] >= 3000
    # each known difference is still there (else it leaves the list), and the unstated rakes are few
    assert {key for key in counts if key.startswith("known ")} == {f"known {name} {hand}" for name, hand in KNOWN}
    assert counts["rake unstated"] <= 15
    # every room of the corpus is covered (each has a reader)
    covered = {room for room in rooms if counts[f"same {room}"] > 0}
    assert covered == set(rooms)
    assert counts["same other"] > 0  # the corpus' PHH files


@pytest.mark.parametrize(
    ("source", "hand_id", "golden", "notes"),
    [
        # PHH (a research log: the replay's uncalled return and award are written as PokerStars' lines)
        ("tests/formats/golden_phh/nt_dwan_ivey_2009.phh", "", "phh_nt_dwan_ivey_2009.txt",
         ["hand id 'nt_dwan_ivey_2009' is no number: written as #2009", "the stakes' ante of 500 is said by the posts",
          "the hand states no time"]),
        # PHH Five Card Draw with antes, written down at a live table
        ("samples/live/five-card-draw-de/2026-11-30-tisch1-spiel5.phh", "", "phh_five_card_draw.txt",
         ["the stakes' ante of 1 is said by the posts only", "the hand states no time"]),
        # Winamax counts an uncalled bet in its owner's collect: PokerStars returns it on its own line
        ("tests/formats/golden_winamax/freeroll_tournament.txt", "", "winamax_freeroll_tournament.txt",
         ["hand id '22085692498641245-7-1299346692' is no number", "the buy-in 'Gratuit'"]),
        # Everleaf never prints an uncalled bet's return: PokerStars does
        ("samples/everleaf.txt", "196321235", "everleaf_uncalled_unprinted.txt",
         ["the time '2010/08/29 - 20:34:15' has no zone handlog knows"]),
        # a PokerStars stud hi/lo hand comes back as it was (the header in today's words)
        ("tests/engine/hands/stud_hi_lo_split.txt", "", "stars_stud_hi_lo_split.txt", []),
    ],
)
def test_golden(source: str, hand_id: str, golden: str, notes: list[str]) -> None:
    (record,) = [r for r in read([ROOT / source]) if hand_id in ("", r.hand_id)]
    assert record.hand is not None
    written = hand_to_pokerstars(record.hand)
    assert written.text == (GOLDEN / golden).read_text(encoding="utf-8")
    assert len(written.notes) == len(notes)
    for note, expected in zip(written.notes, notes, strict=True):
        assert note.startswith(expected), (note, expected)


def test_amounts_stay_exact_and_the_summary_states_the_replay() -> None:
    text = (GOLDEN / "phh_nt_dwan_ivey_2009.txt").read_text(encoding="utf-8")
    # PHH states no awards: the uncalled part of Ivey's all-in comes back and Dwan collects the rest
    assert "Uncalled bet ($572100) returned to Phil Ivey" in text
    assert "Tom Dwan collected $1109500 from pot" in text
    assert "Total pot $1109500 | Rake $0" in text
    (back,) = read_text(text, file="x.txt")
    assert back.hand is not None and back.hand.stakes.small == Decimal(1000)
    assert not audit(back.hand).violations  # the copy audits clean under PokerStars' own rules


def test_what_pokerstars_cannot_hold_is_refused_with_its_reason() -> None:
    (record,) = [r for r in read([ROOT / "tests" / "formats" / "golden_ggpoker"]) if r.hand_id == "OM47349310"]
    assert record.hand is not None
    with pytest.raises(Unconvertible, match="payment outside the pot"):
        hand_to_pokerstars(record.hand)


def test_convert_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    sources = [str(ROOT / "samples" / "everleaf.txt"), str(ROOT / "samples" / "live"),
               str(ROOT / "samples" / "winamax_cash.txt")]
    assert main(["convert", "--to", "pokerstars", "--output", str(out), *sources]) == 0
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.txt"))
    assert "everleaf.txt" in written and "winamax_cash.txt" in written
    assert "live/holdem-fa/1405-09-07-table3-hand22.txt" in written
    assert all(p.resolve().is_relative_to(out.resolve()) for p in out.rglob("*"))
    captured = capsys.readouterr()
    assert "0 differing" in captured.out
    # what PokerStars text cannot say is said per hand on stderr
    assert "hand 270777-163-1284847433: hand id '270777-163-1284847433' is no number" in captured.err
    records = list(read([out / "everleaf.txt"]))
    assert len(records) == 4 and all(r.hand is not None and r.hand.site == "PokerStars" for r in records)
    run_thrice = ROOT / "tests" / "formats" / "golden_ggpoker" / "run_it_thrice_plo.txt"
    assert main(["convert", "--to", "pokerstars", "--output", str(out), str(run_thrice)]) == 1
    assert "run three times" in capsys.readouterr().out


ACPC = [
    # heads-up no-limit, the river bet folded to; an all-in called preflop (the board runs out); a split pot
    "STATE:0:r300c/cr600c/cc/r1200f:9hQc|8dAs/Kh4s5c/7d/Jh:600|-600:Alice|Bob",
    "STATE:1:r20000c///:AhAd|KsKc/2c7d9h/3s/4d:20000|-20000:Alice|Bob",
    "STATE:2:cc/cc/cc/cc:AhKd|AsKc/2c7d9h/3s/4d:0|0:Alice|Bob",
    # six-handed, three all-in on the flop: side pots
    "STATE:4:r300cfffc/cr1000r10000cc//:2c7d|AhAc|KdKs|QhQs|3h8s|4d9c/Ts6c2h/5d/3c"
    ":-50|20050|-10000|-10000|0|0:Ann|Ben|Carl|Dora|Eve|Finn",
    # three-handed limit
    "STATE:5:rcc/rrfc/cc/rc:AsKs|QdQc|7h2d/Ah9d4c/8s/2s:80|-60|-20:Ann|Ben|Carl",
]


@pytest.mark.parametrize("line", ACPC)
def test_acpc_lines_keep_their_payoffs(line: str) -> None:
    (record,) = read_text(line + "\n", file="match.log")
    assert record.hand is not None and record.hand.site == "ACPC"
    written = hand_to_pokerstars(record.hand)
    (back,) = read_text(written.text, file="converted.txt")
    assert back.hand is not None, back.error
    assert _outcome(back.hand, record.hand) == _outcome(record.hand, record.hand)
    payoffs = dict(zip(line.split(":")[5].split("|"), line.split(":")[4].split("|"), strict=True))
    nets = audit(back.hand, profile_for("ACPC")).replay.results
    assert {p: nets[p].net for p in payoffs} == {p: Decimal(x) for p, x in payoffs.items()}
    # and it audits without an error as a PokerStars hand (the order of the shows ACPC lists is only a warning)
    assert not [v for v in audit(back.hand).violations if v.severity == "error"]


RUN_TWICE_FILES = [
    ROOT / "tests" / "engine" / "hands" / "nl_run_twice.txt",
    CORPUS / "fpdb" / "cash" / "Stars" / "Flop" / "NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt",
    CORPUS / "fpdb" / "cash" / "Stars" / "Flop" / "PLO-6max-USD-200-400-201505.rit.leaves.table.txt",
]


@pytest.mark.parametrize("path", RUN_TWICE_FILES, ids=lambda p: p.name)
def test_a_hand_run_twice_is_summed_up_board_by_board(path: Path) -> None:
    """PokerStars' summary of a hand run twice says, for each player who showed, what they won or lost on each board
    with the hand they made there ("and lost with two pair, Aces and Sixes, and won ($8385.36) with a pair of
    Aces"): the copy's summary lines are the room's own, word for word."""
    if not path.exists():
        pytest.skip(f"{path} is not there")
    (record,) = read([path])
    assert record.hand is not None
    written = hand_to_pokerstars(record.hand).text.splitlines()
    with path.open("rb") as stream:  # in its own encoding (the corpus file is cp1252, ours UTF-8)
        original = list(iter_lines(stream))

    def summed_up(lines: list[str]) -> list[str]:
        return [line for line in lines if line.startswith(("Hand was run twice", "FIRST Board", "SECOND Board"))
                or (line.startswith("Seat ") and " showed [" in line)]

    assert any(", and " in line for line in summed_up(original))
    assert summed_up(written) == summed_up(original)
