"""PokerNow players are written ``"name @ id"``: the statistics count one player per id (a player who changed the name
the table shows is one player; two "Guest"s are two) and show the names (issue 25)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from corpus_cache import CORPUS, read_cached
from pokernow_logs import pokernow_log, seated

from handlog.reading import read_text
from handlog.stats.frame import iter_rows
from handlog.stats.identity import stable_id
from handlog.stats.totals import Totals

AL, BO, ANN = "Guest @ Aa1-xx_9", "Guest @ Bb2-yy_8", "Ann @ Cc3-zz_7"
RENAMED = "Al @ Aa1-xx_9"  # the first Guest, who then took a name


LOG = pokernow_log([
    f'-- starting hand #1 (id: h1)  (No Limit Texas Hold\'em) (dealer: "{AL}") --',
    f'Player stacks: #1 "{AL}" (100.00) | #3 "{BO}" (100.00) | #5 "{ANN}" (100.00)',
    f'"{BO}" posts a small blind of 0.50',
    f'"{ANN}" posts a big blind of 1.00',
    f'"{AL}" raises to 3.00',
    f'"{BO}" folds',
    f'"{ANN}" folds',
    f'Uncalled bet of 2.00 returned to "{AL}"',
    f'"{AL}" collected 2.50 from pot',
    "-- ending hand #1 --",
    f'-- starting hand #2 (id: h2)  (No Limit Texas Hold\'em) (dealer: "{ANN}") --',
    f'Player stacks: #1 "{RENAMED}" (101.50) | #3 "{BO}" (99.50) | #5 "{ANN}" (99.00)',
    f'"{RENAMED}" posts a small blind of 0.50',
    f'"{BO}" posts a big blind of 1.00',
    f'"{ANN}" folds',
    f'"{RENAMED}" folds',
    f'Uncalled bet of 0.50 returned to "{BO}"',
    f'"{BO}" collected 1.00 from pot',
    "-- ending hand #2 --",
])
"""Hand 1: the first Guest raises, both blinds fold: +1.50 (2.50 back for 1.00 called), the other Guest -0.50, Ann
-1. Hand 2: the first Guest, now "Al", folds his small blind (-0.50) to the other Guest's big blind (+0.50)."""


def _records(rows: list[dict[str, Any]]) -> dict[str, tuple[int, Decimal]]:
    out: dict[str, tuple[int, Decimal]] = {}
    for r in Totals().update(iter(rows)).records():
        assert r["player"] not in out, r["player"]
        out[r["player"]] = (r["hands"], r["net"])
    return out


def test_one_player_per_id_shown_by_name() -> None:
    hands = [r.hand for r in read_text(LOG, file="poker_now_log_test.csv")]
    assert all(h is not None for h in hands) and len(hands) == 2
    rows = list(iter_rows(hands))
    assert {r["player"] for r in rows} == {AL, BO, ANN, RENAMED}  # each hand's record as the log writes it
    records = Totals().update(iter(rows)).records()
    assert sorted((r["player"], r["hands"], r["net"]) for r in records) == [
        ("Al / Guest", 2, Decimal("1.00")),  # one id: +1.50 - 0.50
        ("Ann", 2, Decimal("-1.00")),
        ("Guest", 2, Decimal("0.00")),  # the other Guest: -0.50 + 0.50, a player of his own
    ]


def test_a_renamed_player_of_the_corpus_is_one_player() -> None:
    path = CORPUS / "fresh" / "pokernow-csv" / "ba0c9046-log1.csv"
    if not path.is_file():
        pytest.skip("../shared/corpus is absent")
    # the log's own seat lists: id pU1r_12Vbu sits in 90 hands, 88 as "BOOST" and 2 as "derektse3"
    assert seated(path, r'"([^"]* @ pU1r_12Vbu)"') == {"BOOST @ pU1r_12Vbu": 88, "derektse3 @ pU1r_12Vbu": 2}
    rows = list(iter_rows(iter(read_cached([path]))))
    nets = sum((r["net"] for r in rows if (stable_id("PokerNow", r["player"]) or ("", ""))[1] == "pU1r_12Vbu"),
               Decimal(0))
    records = _records(rows)
    assert records["BOOST / derektse3"] == (90, nets)
    assert not any(" @ " in name for name in records)  # every player shown by name


def test_the_stats_command_shows_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from handlog.cli.main import main

    path = tmp_path / "poker_now_log_test.csv"
    path.write_text(LOG, encoding="utf-8")
    assert main(["stats", "--format", "json", str(path)]) == 0
    shown = sorted((r["player"], r["hands"]) for r in json.loads(capsys.readouterr().out))
    assert shown == [("Al / Guest", 2), ("Ann", 2), ("Guest", 2)]
