"""``handlog anonymize`` replaces every name a summary lists; the copy reads into the same results."""

from __future__ import annotations

from pathlib import Path

from summarykit import corpus_file, summaries

from handlog.anonymize import Anonymizer


def test_summaries_are_anonymised(tmp_path: Path) -> None:
    stars = corpus_file("fpdb", "summaries", "Stars", "NLO8-USD-STT-201109.Knockout.sample.txt")
    winamax = corpus_file("fpdb", "summaries", "Winamax", "PLO5-EUR-50-HUSNG-202003.txt")
    email = corpus_file("fpdb", "summaries", "Stars", "PokerStars Tournament History Request - Last 3 tournaments.eml")
    out = tmp_path / "out"
    anonymizer = Anonymizer(out, salt="s")
    outcomes, _ = anonymizer.run([stars, winamax, email])
    written = {o.source.name: o for o in outcomes}
    for source in (stars, winamax):
        outcome = written[source.name]
        assert outcome.error is None and outcome.target is not None
        before, after = summaries(source)[0], summaries(outcome.target)[0]
        names = [x.player for x in before.finishes]
        assert [x.player for x in after.finishes] == [anonymizer.mapping[n] for n in names]
        assert after.hero == (anonymizer.mapping[before.hero] if before.hero else None)
        assert [(x.place, x.prize) for x in after.finishes] == [(x.place, x.prize) for x in before.finishes]
        assert (after.buy_in, after.fee, after.bounty, after.prize_pool) == (before.buy_in, before.fee, before.bounty,
                                                                             before.prize_pool)
        text = outcome.target.read_bytes()
        assert not any(n.encode() in text for n in names)
    # quoted-printable can cut a name in two: the copy would keep it, so it is not written
    assert written[email.name].error is not None and not list(out.rglob("*.eml"))


def test_excel_report_is_named_and_not_written(tmp_path: Path) -> None:
    """Full Tilt's .xls report is read (its names are known) but its names sit in binary cells: no copy is written,
    and the outcome says why."""
    workbook = corpus_file("fpdb", "summaries", "FTP", "HORSE-2max-SnG-USD-200604.xls")
    out = tmp_path / "out"
    (outcome,) = Anonymizer(out, salt="s").run([workbook])[0]
    assert outcome.target is None and outcome.error is not None
    assert outcome.error.startswith("an Excel workbook: its names are in binary cells")
    assert not out.exists() or not list(out.rglob("*.xls"))
