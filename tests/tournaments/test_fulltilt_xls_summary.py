"""Full Tilt's Excel "Player Tournament Report" (.xls): golden values from the corpus workbook's own cells, and a
damaged workbook that costs only itself."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from decimal import Decimal as D
from pathlib import Path

import pytest
from summarykit import corpus_file, one, write

from handlog.cli.main import main
from handlog.events.tournament import SummaryError
from handlog.formats.summaries import is_summary_file, read_file

WORKBOOK = ("fpdb", "summaries", "FTP", "HORSE-2max-SnG-USD-200604.xls")


def test_report_row_golden() -> None:
    s = one(*WORKBOOK)
    # A1 "Player Tournament Report for Hero (27-Feb-2006 00:00 to 01-Sep-2013 00:00)"; row 7: SNG "Y",
    # tournament key 3795352, "$200 + $10 Heads Up Sit & Go", "19-Apr-2006 21:20", "19-Apr-2006 21:45",
    # "Single-HORSE", "$200.00 + $10.00", position 1, payout "$400.00"
    assert (s.site, s.tournament_id, s.name, s.game, s.kind) == (
        "Full Tilt", "3795352", "$200 + $10 Heads Up Sit & Go", "Single-HORSE", "SNG",
    )  # fmt: skip
    assert (s.buy_in, s.fee, s.bounty, s.currency, s.hero, s.line) == (D(200), D(10), D(0), "USD", "Hero", 7)
    assert (s.start_local, s.end_local, s.finished) == ("19-Apr-2006 21:20", "19-Apr-2006 21:45", True)
    # Eastern daylight time in April 2006: UTC−4
    assert s.start_utc == datetime(2006, 4, 20, 1, 20, tzinfo=UTC)
    assert s.end_utc == datetime(2006, 4, 20, 1, 45, tzinfo=UTC)
    (hero,) = s.finishes
    assert (hero.player, hero.place, hero.prize, hero.bounties) == ("Hero", 1, D(400), 0)
    assert (hero.rebuys, hero.addons) == (0, 0)


def test_tournaments_row_from_the_workbook(capsys: pytest.CaptureFixture[str]) -> None:
    path = corpus_file(*WORKBOOK)
    assert main(["tournaments", str(path), "--format", "json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    # paid $200 + $10, won $400: profit $190
    assert (row["tournament_id"], row["finish"], row["cost"], row["prize"], row["profit"]) == (
        "3795352", 1, "210.00", "400.00", "190.00",
    )  # fmt: skip


def test_damaged_workbook_costs_only_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "report.xls"
    bad.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600)  # OLE2's signature, nothing behind it
    shutil.copy(corpus_file(*WORKBOOK), tmp_path / "good.xls")
    write(tmp_path, "s.txt", "***** Cassava Tournament Summary *****\nTournament ID: 7\nBuy-In: $5 + $0.50\n"
          "Hero finished 7/254 and won $50.80\n")
    assert is_summary_file(bad)
    (error,) = read_file(bad)
    assert isinstance(error, SummaryError) and error.line == 1
    assert error.message.startswith("an Excel workbook xlrd cannot read")
    code = main(["tournaments", str(tmp_path), "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 1  # one summary unread; the others are shown
    assert sorted(r["tournament_id"] for r in json.loads(out)) == ["3795352", "7"]
    assert f"{bad}:1: an Excel workbook xlrd cannot read" in err
