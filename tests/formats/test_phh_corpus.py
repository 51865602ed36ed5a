"""The PHH hands of the corpus: every hand the engine replays audits clean, and every player's net is what
PokerKit 0.7.7 (the reference implementation of PHH) makes of the same file.

The corpus lives outside the repository (``../shared/corpus``, or ``$HANDLOG_CORPUS``); without it, or without
PokerKit (the ``test`` extra installs it), these tests are skipped.
"""

from __future__ import annotations

import os
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from handlog.audit import audit
from handlog.reading import HandRecord, ReadReport, read

pytestmark = pytest.mark.slow  # corpus-wide: `pytest -m "not slow"` leaves it out

CORPUS = Path(os.environ.get("HANDLOG_CORPUS", Path(__file__).resolve().parents[2].parent / "shared" / "corpus"))
PHH = CORPUS / "phh"
NOT_REPLAYED: set[str] = set()  # stud, stud hi/lo and razz are replayed too since issue 15


def _records() -> list[HandRecord]:
    if not PHH.is_dir():
        pytest.skip(f"{PHH} is not there")
    report = ReadReport()
    records = list(read([PHH], report))
    assert not report.problems, report.problems
    return records


@pytest.fixture(scope="module")
def records() -> list[HandRecord]:
    return _records()


def test_every_phh_hand_is_read(records: list[HandRecord]) -> None:
    files = sorted(p for p in PHH.rglob("*") if p.suffix in (".phh", ".phhs"))
    tables = sum(p.read_text(encoding="utf-8").count("\n[") + p.read_text(encoding="utf-8").startswith("[")
                 for p in files if p.suffix == ".phhs")
    assert len(records) == sum(1 for p in files if p.suffix == ".phh") + tables
    unparsed = [r.error.describe(r.file) for r in records if r.error is not None]
    assert unparsed == []


def test_replayed_hands_audit_clean(records: list[HandRecord]) -> None:
    dirty = []
    for record in records:
        assert record.hand is not None
        result = audit(record.hand)
        codes = [v.code for v in result.violations]
        if record.hand.game.value in NOT_REPLAYED:
            assert codes == ["game-not-replayed"], (record.file, codes)
        elif codes:
            dirty.append((record.file, record.hand_id, [(v.code, v.line, v.message) for v in result.violations]))
    assert dirty == []


def test_notes_say_what_the_file_did_not_state(records: list[HandRecord]) -> None:
    hand = next(r.hand for r in records if r.hand is not None and r.hand.game.value == "holdem")
    notes = " ".join(audit(hand).replay.notes)
    assert "total pot" in notes and "rake" in notes and "collected amounts" in notes


def _pokerkit_results(path: Path) -> list[tuple[list[Decimal], list[Decimal]]]:
    """PokerKit's payoffs and gross amounts pushed to each player, for every hand of the file."""
    pokerkit = pytest.importorskip("pokerkit")
    with path.open("rb") as stream, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about fields it does not know (time_zone_abbreviation)
        hands = list(pokerkit.HandHistory.load_all(stream)) if path.suffix == ".phhs" else [
            pokerkit.HandHistory.load(stream)
        ]
    out = []
    for hh in hands:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, state = iter(hh)
        pushed = [Decimal(0)] * len(state.payoffs)
        for op in state.operations:
            if isinstance(op, pokerkit.ChipsPushing):
                for i, amount in enumerate(op.amounts):
                    pushed[i] += Decimal(str(amount))
        out.append(([Decimal(str(p)) for p in state.payoffs], pushed))
    return out


def test_nets_equal_pokerkit(records: list[HandRecord]) -> None:
    by_file: dict[str, list[HandRecord]] = {}
    for record in records:
        by_file.setdefault(record.file, []).append(record)
    compared = 0
    for file, recs in sorted(by_file.items()):
        expected = _pokerkit_results(Path(file))
        assert len(expected) == len(recs), file
        for record, (payoffs, pushed) in zip(recs, expected, strict=True):
            hand = record.hand
            assert hand is not None
            if hand.game.value in NOT_REPLAYED:
                continue
            results = audit(hand).replay.results
            stated = {s.player: sum(s.won, Decimal(0)) for s in hand.summary.seats}
            for i, seat in enumerate(hand.seats):
                net = results[seat.player].net if seat.player in results else Decimal(0)
                want = payoffs[i]
                if seat.player in stated and 0 < stated[seat.player] < pushed[i]:
                    want -= pushed[i] - stated[seat.player]  # the file's post-rake winnings: PokerKit has no rake
                assert net == want, (file, hand.hand_id, seat.player, net, want)
            compared += 1
    assert compared >= 40


OWN_STUD = [Path(__file__).resolve().parents[1] / p for p in (
    "engine/hands/razz_showdown.txt", "engine/hands/stud_hi_lo_split.txt", "engine/hands/stud_hi_lo_no_low.txt",
    "formats/golden_merge/stud8_bring_in_complete.txt",
)]


def _pokerkit_can_replay(text: str) -> bool:
    """PokerKit picks the bring-in and each street's first actor from the up cards, awards a pot only to cards it
    knows and deals stud no community card: a written hand it can replay shows every up card and every shown hand,
    and has no ``d db``."""
    actions = [line.strip().strip('",') for line in text.splitlines() if line.startswith('  "')]
    third = [a for a in actions if a.startswith("d dh") and len(a.split()[3]) == 6]
    return (
        not any(a.startswith("d db") for a in actions)
        and all(not a.split()[3].endswith("??") for a in third)
        and not any(" sm " in a and "?" in a for a in actions)
    )


def test_written_stud_hands_equal_pokerkit() -> None:
    """Stud hands written as PHH (``handlog convert``) and replayed by PokerKit: each player who wins nothing loses
    what handlog says, and PokerKit pays the same players (PokerKit has no rake, so a winner's amount differs by
    it). The project's own stud, stud hi/lo and razz hands, and PokerStars' corpus stud files, whose logs show
    every up card."""
    pokerkit = pytest.importorskip("pokerkit")
    from handlog.reading import read_text
    from handlog.writing.phh import Unconvertible, hand_to_phh

    paths = [*OWN_STUD, *sorted((CORPUS / "fpdb" / "cash" / "Stars" / "Stud").glob("*.txt"))]
    compared = 0
    for record in read(paths):
        if record.hand is None:
            continue
        try:
            text = hand_to_phh(record.hand)
        except Unconvertible:
            continue
        if not _pokerkit_can_replay(text):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, state = iter(pokerkit.HandHistory.loads(text))
        pushed = [Decimal(0)] * len(state.payoffs)
        for op in state.operations:
            if isinstance(op, pokerkit.ChipsPushing):
                for i, amount in enumerate(op.amounts):
                    pushed[i] += Decimal(str(amount))
        (back,) = read_text(text, file="written.phh")
        assert back.hand is not None
        results = audit(back.hand).replay.results
        for i, seat in enumerate(back.hand.seats):
            result = results.get(seat.player)
            collected = result.collected if result is not None else Decimal(0)
            net = result.net if result is not None else Decimal(0)
            where = (record.file, record.hand_id, seat.player)
            assert (collected > 0) == (pushed[i] > 0), where
            if collected == 0:
                assert net == Decimal(str(state.payoffs[i])), where
        compared += 1
    stars = CORPUS / "fpdb" / "cash" / "Stars" / "Stud"
    assert compared >= len(OWN_STUD) + (15 if stars.is_dir() else 0)  # all but the hand with a community card
