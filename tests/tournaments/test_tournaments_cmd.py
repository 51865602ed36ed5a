"""``handlog tournaments`` and the hand commands' handling of summaries, from the corpus's files and planted ones."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal as D
from pathlib import Path

import pytest
from summarykit import FRESH, SUMMARIES, corpus_file, write

from handlog.cli.main import main
from handlog.events.tournament import SummaryError
from handlog.formats.summaries import is_summary_file, read_file


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, object]], str]:
    code = main(["tournaments", *args, "--format", "json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else []), err


def test_every_corpus_summary_is_read() -> None:
    if not SUMMARIES.exists():
        pytest.skip("corpus absent")
    files = sorted(p for root in (SUMMARIES, *FRESH.glob("*summary*")) for p in root.rglob("*") if p.is_file())
    assert len(files) == 76
    errors: list[SummaryError] = []
    read = 0
    for path in files:
        assert is_summary_file(path), path
        for item in read_file(path):
            if isinstance(item, SummaryError):
                errors.append(item)
            else:
                read += 1
    assert errors == []  # every summary is read, Full Tilt's Excel workbook too (one row)
    assert read == 72 + 3 + 1996 + 4 + 1  # 72 files of one summary, the e-mail of 3, the archives of 1996 and 4 rows


def test_roi_itm_profit_of_the_archive_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    path = corpus_file("fpdb", "summaries", "Stars", "PokerStars-SnG-Archive-201007.htm")
    # the archive's four rows (buy-in, rake, place, prize): 10.00+1.00 2nd 27.00; 10.00+1.00 5th 0;
    # 5.00+0.40 1st 10.00; 10.00+0.80 9th 0 — its footer: "Net: $-1.20"
    cost = D("11.00") + D("11.00") + D("5.40") + D("10.80")
    prizes = D("27.00") + D("10.00")
    profit = prizes - cost
    assert profit == D("-1.20")
    code, rows, _ = run_json(capsys, str(path), "--summary")
    assert code == 0
    (row,) = rows
    assert (row["player"], row["currency"], row["tournaments"], row["itm"]) == ("Hero", "USD", 4, 2)
    assert row["buy_ins"] == str(cost) and row["prizes"] == str(prizes) and row["profit"] == str(profit)
    assert row["itm_pct"] == "50.00"
    assert row["roi_pct"] == str((profit * 100 / cost).quantize(D("0.01")))  # -3.14
    assert row["avg_finish"] == "4.25"  # (2 + 5 + 1 + 9) / 4


def test_rows_and_summary_of_full_tilt_hero(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    names = ["NLHE-USD-SnG-6man-201007.Hero.wins.worded.date.format.txt", "NLHE-USD-SnG-6man-201101.Hero.cashes.txt",
             "NLHE-6max-SnG-USD-5-201305.txt", "NLHE-MTT-USD-255-201408.KO.count.bounties.txt"]
    for n in names:
        shutil.copy(corpus_file("fpdb", "summaries", "FTP", n), tmp_path / n)
    code, rows, _ = run_json(capsys, str(tmp_path), "--player", "Hero")
    assert code == 0
    assert {r["tournament_id"]: (r["finish"], r["buy_in"], r["fee"], r["bounty"], r["prize"], r["currency"])
            for r in rows} == {
        "173750000": (1, "22", "2", "0", "85.80", "USD"),  # $22 + $2, "1: Hero, $85.80"
        "214900008": (1, "2", "0.25", "0", "7.80", "USD"),  # $2 + $0.25, "1: Hero, $7.80"
        "253843023": (4, "4.75", "0.25", "0", "0", "USD"),  # $4.75 + $0.25, 4th
        "271310526": (38, "200", "15", "40", "494.20", "USD"),  # $240 + $15 (KO $40), "38: Hero, $494.20"
    }
    code, (summary,), _ = run_json(capsys, str(tmp_path), "--player", "Hero", "--summary")
    cost = D(24) + D("2.25") + D(5) + D(255)
    prizes = D("85.80") + D("7.80") + D("494.20")
    assert (summary["tournaments"], summary["itm"], summary["itm_pct"]) == (4, 3, "75.00")
    assert D(summary["buy_ins"]) == cost and D(summary["prizes"]) == prizes
    assert D(summary["profit"]) == prizes - cost
    assert summary["roi_pct"] == str(((prizes - cost) * 100 / cost).quantize(D("0.01")))


def test_filter_selecting_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    path = corpus_file("fpdb", "summaries", "Winamax", "NLHE-EUR-0.46-STT-201110.hero.cashed.txt")
    code, rows, err = run_json(capsys, str(path), "--player", "nobody")
    assert code == 1 and rows == []
    assert err.strip() == "handlog tournaments: no tournament result matches the filters"


def test_one_bad_summary_does_not_stop_the_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    write(tmp_path, "good.txt", "***** Cassava Tournament Summary *****\nTournament ID: 7\nBuy-In: $5 + $0.50\n"
          "Hero finished 7/254 and won $50.80\n")
    write(tmp_path, "bad.txt", "***** Cassava Tournament Summary *****\nTournament ID: 8\nBuy-In: $5 + $0.50\n"
          "Hero came 7th of 254\n")
    code, rows, err = run_json(capsys, str(tmp_path))
    assert code == 1
    assert [(r["tournament_id"], r["finish"], r["prize"], r["profit"]) for r in rows] == [("7", 7, "50.80", "45.30")]
    assert f"{tmp_path / 'bad.txt'}:4: a line this 888poker summary reader does not know" in err


def test_results_from_hands_and_the_summary_checked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hands = corpus_file("fpdb", "tour", "Stars", "Flop", "NLO8-USD-STT-201109.Knockout.sample.txt")
    summary = corpus_file("fpdb", "summaries", "Stars", "NLO8-USD-STT-201109.Knockout.sample.txt")
    code, rows, err = run_json(capsys, str(hands))
    # the hands alone: "Hero finished the tournament in 3rd place and received $1.94." and the header's
    # "$1.08+$0.27+$0.15 USD"; no entrants
    hero = next(r for r in rows if r["player"] == "Hero")
    assert (hero["finish"], hero["prize"], hero["buy_in"], hero["bounty"], hero["fee"], hero["source"]) == (
        3, "1.94", "1.08", "0.27", "0.15", "hands")
    assert hero["entrants"] is None and code == 0
    code, rows, err = run_json(capsys, str(hands), str(summary))
    assert "notice" not in err and code == 0
    assert {r["source"] for r in rows} == {"summary"} and len(rows) == 9
    planted = tmp_path / "summary.txt"
    planted.write_text(summary.read_text().replace("  3: Hero (Australia), $1.94", "  3: Hero (Australia), $2.94"))
    code, rows, err = run_json(capsys, str(hands), str(planted))
    assert "notice: tournament 447493868 (PokerStars): Hero received 1.94 in the hands" in err
    assert next(r for r in rows if r["player"] == "Hero")["prize"] == "2.94"  # the summary is kept


def test_hand_commands_skip_summaries(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = corpus_file("fpdb", "summaries", "Winamax")
    skipped = "handlog: 10 tournament summaries skipped (not hands: read them with `handlog tournaments`)\n"
    # summaries beside hands: skipped, said once, and the exit code is the hands'
    mixed = tmp_path / "mixed"
    shutil.copytree(folder, mixed)
    shutil.copy(Path(__file__).resolve().parents[2] / "samples" / "winamax_cash.txt", mixed / "hands.txt")
    assert main(["audit", str(mixed)]) == 0
    _, err = capsys.readouterr()
    assert err == skipped
    # summaries alone: no hand at all, which every hand command says (issue 29's one behaviour for no input)
    assert main(["audit", str(folder)]) == 1
    _, err = capsys.readouterr()
    assert err.startswith(skipped) and "no hand found in" in err


def test_csv_escapes_formula_names(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    write(tmp_path, "s.txt", "***** Cassava Tournament Summary *****\nTournament ID: 9\nBuy-In: $1\n"
          "=cmd finished 1/2 and won $2\n")
    assert main(["tournaments", str(tmp_path), "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("888poker,9,'=cmd,1,2,1,0,0,2,USD,1,1,")


def test_graph_tournaments_cumulative_profit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from handlog.cli.tournaments_cmd import read_files
    from handlog.tournaments.graph import profit_series

    path = corpus_file("fpdb", "summaries", "Stars", "PokerStars-SnG-Archive-201007.htm")
    results = read_files([str(path)])[0]
    # by tournament id (the archive's times have no zone): +27.00-11.00, -11.00, +10.00-5.40, -10.80
    assert [p for _, p, _ in profit_series(results, "Hero", "USD")] == [D("16.00"), D("5.00"), D("9.60"), D("-1.20")]
    out = tmp_path / "t.png"
    assert main(["graph", "--tournaments", "--player", "Hero", "-o", str(out), str(path)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert "4 tournaments of Hero drawn" in capsys.readouterr().err
    svg = tmp_path / "t.svg"  # the format follows the suffix
    assert main(["graph", "--tournaments", "--player", "Hero", "--quiet", "-o", str(svg), str(path)]) == 0
    assert svg.read_bytes().startswith(b"<?xml") and b"<svg" in svg.read_bytes()
    pdf = tmp_path / "t.pdf"
    assert main(["graph", "--tournaments", "--player", "Hero", "--quiet", "-o", str(pdf), str(path)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert main(["graph", "--tournaments", "--player", "Hero", "-o", str(tmp_path / "t.gif"), str(path)]) == 2
    assert "cannot draw a .gif file: name it .png, .svg or .pdf" in capsys.readouterr().err


def test_unknown_layout_names_file_and_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    write(tmp_path, "new.txt", "\n\nSuperPoker Tournament Results #12\nPlace 1: Hero $10\n")
    write(tmp_path, "good.txt", "***** Cassava Tournament Summary *****\nTournament ID: 7\nBuy-In: $5 + $0.50\n"
          "Hero finished 7/254 and won $50.80\n")
    code, rows, err = run_json(capsys, str(tmp_path))
    assert code == 1 and [r["tournament_id"] for r in rows] == ["7"]
    assert (f"{tmp_path / 'new.txt'}:3: not a tournament summary in any known layout "
            "('SuperPoker Tournament Results #12'); expected pokerstars or fulltilt") in err


def test_summary_by_month_and_date_filters(capsys: pytest.CaptureFixture[str]) -> None:
    folder = corpus_file("fpdb", "summaries", "Winamax")
    # "Tournament started 2017/04/11 20:00:02 UTC" (9€ + 1€, 1 rebuy and 1 addon of 9€ + 1€, 845th) and
    # "Tournament started 2017/04/12 00:44:12 UTC" (23.25€ + 1.75€, 1st, "You won 50€")
    code, rows, _ = run_json(capsys, str(folder), "--since", "2017-04-01", "--until", "2017-04-30", "--summary",
                             "--by", "month")
    assert code == 0
    assert [(r["player"], r["month"], r["tournaments"], r["itm"], D(r["buy_ins"]), D(r["prizes"]), D(r["profit"]))
            for r in rows] == [("I_LIMP_KQJT", "2017-04", 2, 1, D(10) + D(20) + D(25), D(50), D(-5))]
    code, rows, err = run_json(capsys, str(folder), "--since", "2030-01-01")
    assert code == 1 and err.strip() == "handlog tournaments: no tournament result matches the filters"


def test_bounties_won_in_the_hands_are_prizes(capsys: pytest.CaptureFixture[str]) -> None:
    """A progressive knockout's hands alone (no summary): each player's money is his finish line's prize plus the
    cash half of every bounty the hands pay him; bounties alone are not in the money."""
    hands = corpus_file("fresh", "pokerstars", "56bc529f-HH20220115 T3339171319 No Limit Hold'em $3.92 + $0.48.txt")
    code, rows, _ = run_json(capsys, str(hands))
    assert code == 0
    by = {r["player"]: r for r in rows}
    # header "$0.92+$3.00+$0.48 USD": prize pool, bounty, fee
    # Chill_BoyEZ "wins $2.25 for eliminating ICANTBLUFF18", "$3.38 … nabru02", "$1.50 … kodiak205", then
    # "finished the tournament in 1025th place and received $1.60."
    chill = by["Chill_BoyEZ"]
    assert (chill["finish"], chill["prize"], chill["cost"], chill["profit"]) == (1025, "8.73", "4.40", "4.33")
    # KeinKönich's four eliminations raise his own bounty from the $3.00 of the buy-in to "$9.75": the cash halves
    # paid him as much, 6.75; then "finished the tournament in 576th place and received $2.28."
    assert D("9.75") - D("3.00") == D("6.75")
    assert by["KeinKönich"]["prize"] == str(D("2.28") + D("6.75"))
    # nabru02: "$2.25 for eliminating Mat262Ville", "$1.50 … hydeparkboy", then "1829th place" without a prize
    assert (by["nabru02"]["finish"], by["nabru02"]["prize"]) == (1829, "3.75")
    from handlog.cli.tournaments_cmd import read_files

    results = {r.player: r for r in read_files([str(hands)])[0]}
    assert results["nabru02"].bounties_won == D("3.75") and not results["nabru02"].in_the_money
    assert results["Chill_BoyEZ"].in_the_money


def test_winner_line_of_real_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """``P wins the tournament and receives $X - congratulations!`` and ``P finished the tournament in 2nd place``
    of a real heads-up sit-and-go (header ``$1.40+$0.10 USD``)."""
    hands = corpus_file("fpdb", "tour", "Stars", "Draw", "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt")
    code, rows, err = run_json(capsys, str(hands))
    assert code == 0 and "notice" not in err
    assert [(r["player"], r["finish"], r["prize"], r["cost"], r["profit"], r["source"]) for r in rows] == [
        ("Player0", 1, "2.80", "1.50", "1.30", "hands"), ("Hero", 2, "0", "1.50", "-1.50", "hands"),
    ]  # fmt: skip


def test_partypoker_finish_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """PartyPoker's ``Player P finished in 4.`` … ``Player Hero finished in 1 place and received $3 USD`` (the word
    ``Player`` is not part of the name); its header's ``$1 USD Buy-in`` does not split prize pool and fee, so the
    buy-in stays unknown and the rows are in the currency the winner's line pays in."""
    hands = corpus_file("fpdb", "tour", "PartyPoker", "Flop", "NLHE-4max-STT-USD-1-201607.second.trny.format.txt")
    code, rows, _ = run_json(capsys, str(hands))
    assert code == 0
    assert [(r["player"], r["finish"], r["prize"], r["currency"], r["cost"]) for r in rows] == [
        ("Hero", 1, "3", "USD", None), ("Player1", 2, "0", "USD", None), ("Player0", 3, "0", "USD", None),
        ("Player2", 4, "0", "USD", None),
    ]  # fmt: skip
