"""Issue 23: statistics a player can trust. A player is (site, name); accounts merge only through aliases; seat
names are nobody; each hand once; every hand keeps its time and says where its zone came from; a filter that
selects nothing says so; stakes in one form; a table in 100 columns."""

from __future__ import annotations

import json
import shutil
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "formats"))

from corpus_cache import corpus_rows, read_cached
from corpus_files import CORPUS

from handlog.cli.main import main
from handlog.clock import LOG, NONE, UNKNOWN, Zones, hand_time, wall_clock
from handlog.reading import read
from handlog.stats.frame import iter_rows, normal_stakes
from handlog.stats.identity import AliasError, is_anonymous, load_aliases
from handlog.stats.totals import Totals

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is absent")

STARS = CORPUS / "fpdb/cash/Stars/Flop/5-Card-PLO-6max-USD-3.00-6.00-201303.txt"
GG = CORPUS / "fpdb/cash/GGPoker/Flop/PLO-6max-USD-0.5-1.00-202006.txt"
BOVADA = CORPUS / "fpdb/cash/Bovada/Flop"


def _json_rows(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, list[dict[str, object]]]:
    code = main(["stats", "--quiet", "--jobs", "1", "--no-allin-ev", "--format", "json", *args])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else []


@needs_corpus
def test_one_name_on_two_sites_is_two_players_and_one_with_an_alias(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # both logs name their hero "Hero": two people, as far as anyone can know
    for path in (STARS, GG):
        assert any(s.player == "Hero" for r in read([path]) if r.hand for s in r.hand.seats)
    folder = tmp_path / "hands"
    folder.mkdir()
    shutil.copy(STARS, folder / "stars.txt")
    shutil.copy(GG, folder / "gg.txt")
    code, rows = _json_rows(capsys, [str(folder), "--player", "Hero"])
    assert code == 0
    assert sorted((r["site"], r["identity"]) for r in rows) == [("GGPoker", "player"), ("PokerStars", "player")]
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\nme = ["PokerStars:Hero", "ggpoker:Hero"]\n', encoding="utf-8")
    code, merged = _json_rows(capsys, [str(folder), "--player", "me", "--aliases", str(aliases)])
    assert code == 0 and len(merged) == 1
    (row,) = merged
    assert (row["player"], row["site"], row["identity"]) == ("me", "GGPoker+PokerStars", "alias")
    assert row["hands"] == sum(r["hands"] for r in rows)
    code, by_site = _json_rows(capsys, [str(folder), "--player", "me", "--aliases", str(aliases), "--by", "site"])
    assert sorted((r["site"], r["hands"]) for r in by_site) == sorted((r["site"], r["hands"]) for r in rows)


def test_aliases_file_errors(tmp_path: Path) -> None:
    bad = tmp_path / "a.toml"
    bad.write_text('[aliases]\nme = ["Hero"]\n', encoding="utf-8")
    with pytest.raises(AliasError, match="SITE:NAME"):
        load_aliases(bad)
    bad.write_text('[aliases]\nme = ["PokerStars:x"]\nyou = ["pokerstars:x"]\n', encoding="utf-8")
    with pytest.raises(AliasError, match="two aliases"):
        load_aliases(bad)


@needs_corpus
def test_seat_named_players_are_never_pooled() -> None:
    """Bovada names every player by seat: "Seat 4" in two hands is two people (anonymous, one hand each); the
    hero is one player over every hand."""
    rows = list(iter_rows(read([BOVADA]), with_allin_ev=False))
    seat_rows = [r for r in rows if r["player"].startswith("Seat ")]
    assert seat_rows and all(is_anonymous(r["site"], r["player"]) for r in seat_rows)
    totals = Totals().update(rows).records()
    for rec in totals:
        if rec["identity"] == "anonymous":
            assert rec["hands"] == 1
        else:
            assert not str(rec["player"]).startswith("Seat ")
    hero = [rec for rec in totals if rec["player"] == "Hero"]
    assert hero and sum(int(r["hands"]) for r in hero) == sum(r["player"] == "Hero" for r in rows)
    anonymous = [rec for rec in totals if rec["identity"] == "anonymous"]
    assert len(anonymous) == len(seat_rows)


@needs_corpus
@pytest.mark.slow
def test_every_hand_whose_log_prints_a_date_has_a_time() -> None:
    counts: Counter[str] = Counter()
    missing = []
    for record in read_cached([CORPUS]):
        hand = record.hand
        if hand is None or hand.game.value == "other":
            continue
        t = hand_time(hand)
        counts[t.source] += 1
        if any(ch.isdigit() for ch in hand.time_local) and t.local is None:
            missing.append((hand.file, hand.hand_id, hand.time_local))
        if t.source == LOG:
            assert t.utc is not None and t.zone
        if t.source == UNKNOWN:
            assert t.utc is None and t.local is not None and t.zone is None
    assert missing == []
    assert counts[LOG] > 0 and counts[UNKNOWN] > 0


def test_wall_clock_reads_every_room_layout() -> None:
    assert wall_clock("2021/03/02 18:22:40") == datetime(2021, 3, 2, 18, 22, 40)
    assert wall_clock("03 02 2020 21:08:24") == datetime(2020, 2, 3, 21, 8, 24)  # 888: day month year
    assert wall_clock("2010/08/03 - 17:03:59") == datetime(2010, 8, 3, 17, 3, 59)  # Everleaf
    assert wall_clock("2016/8/4 14:8:1") == datetime(2016, 8, 4, 14, 8, 1)  # Winning
    assert wall_clock("20110419091134") == datetime(2011, 4, 19, 9, 11, 34)  # Merge
    assert wall_clock("30/01/2012 02:30") == datetime(2012, 1, 30, 2, 30)  # iPoker tournaments
    assert wall_clock("30 Mar 2009 21:00:00") == datetime(2009, 3, 30, 21, 0)  # PKR
    assert wall_clock("20-Apr-2012 20:42:31") == datetime(2012, 4, 20, 20, 42, 31)  # iPoker, 2012
    assert wall_clock("") is None


@needs_corpus
def test_a_zone_given_by_the_user_places_the_hand() -> None:
    (hand,) = [r.hand for r in read([GG]) if r.hand is not None][:1]
    assert hand_time(hand).source == UNKNOWN
    t = hand_time(hand, Zones(sites={"ggpoker": "Europe/Malta"}))
    assert t.source == "config" and t.utc is not None
    assert t.utc.replace(tzinfo=None) == datetime(2020, 6, 13, 11, 14, 21)  # 13:14:21 CEST, as written
    assert hand_time(hand, Zones(default="UTC")).source == "--tz"


@needs_corpus
def test_since_before_the_first_hand_keeps_every_hand(capsys: pytest.CaptureFixture[str]) -> None:
    folder = CORPUS / "fpdb/cash/GGPoker"
    code, every = _json_rows(capsys, [str(folder)])
    assert code == 0
    code = main(["stats", "--quiet", "--jobs", "1", "--no-allin-ev", "--format", "json", str(folder),
                 "--since", "2000-01-01"])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0 and json.loads(captured.out) == every
    assert "placed by the wall-clock time" in captured.err  # GGPoker's logs state no zone: said, not dropped
    code, months = _json_rows(capsys, [str(folder), "--by", "month"])
    assert all(r["month"] for r in months) and "" not in {r["month"] for r in months}


@needs_corpus
def test_a_file_copied_twice_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    shutil.copy(STARS, folder / "a.txt")
    code, once = _json_rows(capsys, [str(folder)])
    (folder / "copies").mkdir()
    shutil.copy(STARS, folder / "copies" / "b.txt")
    code, twice = _json_rows(capsys, [str(folder)])
    assert code == 0 and twice == once
    main(["stats", "--quiet", "--jobs", "1", "--no-allin-ev", str(folder)])
    assert "duplicate hands skipped" in capsys.readouterr().err
    n = sum(1 for r in read([STARS]) if r.hand is not None)
    assert main(["audit", "--quiet", "--jobs", "1", "--json", str(folder)]) in (0, 1)
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    dups = [x for x in lines if x.get("status") == "duplicate"]
    assert len(dups) == n and all(d["file"].endswith("b.txt") for d in dups)
    assert all(d["duplicate_of"]["file"].endswith("a.txt") and not d["text_differs"] for d in dups)
    assert lines[-1]["summary"]["duplicates"] == n and lines[-1]["summary"]["hands"] == n


@needs_corpus
@pytest.mark.parametrize("command", ["stats", "graph", "audit", "replay"])
def test_a_filter_that_selects_nothing_says_which_and_exits_1(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["-o", str(tmp_path / "w.png")] if command == "graph" else []
    extra += [] if command == "replay" else ["--quiet"]
    for args, said in (
        (["--player", "hero"], "no player 'hero' (did you mean 'Hero'?)"),
        (["--player", "Hero", "--site", "GGPokr"], "no site 'GGPokr' (did you mean 'GGPoker'?)"),
        (["--player", "Hero", "--stakes", "0.25/0.50"], "no stakes '0.25/0.50' (did you mean"),
    ):
        assert main([command, str(GG), *extra, *args]) == 1, args
        err = capsys.readouterr().err
        assert f"handlog {command}: {said}" in err, err


@needs_corpus
@pytest.mark.parametrize("command", ["stats", "graph", "audit", "replay"])
def test_a_filter_miss_with_the_database(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "h.sqlite")
    assert main(["import", "--db", db, "--quiet", str(GG)]) == 0
    capsys.readouterr()
    extra = ["-o", str(tmp_path / "w.png")] if command == "graph" else []
    extra += [] if command == "replay" else ["--quiet"]
    assert main([command, "--db", db, *extra, "--player", "hero"]) == 1
    assert "no player 'hero' (did you mean 'Hero'?)" in capsys.readouterr().err


def test_stakes_compare_as_numbers() -> None:
    assert normal_stakes("0.50/1.00") == normal_stakes("0.5/1") == "0.5/1"
    assert normal_stakes("$2/$5") == "2/5" and normal_stakes("100/200") == "100/200"


@needs_corpus
def test_stakes_filter_and_groups_are_one_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, rows = _json_rows(capsys, [str(GG), "--stakes", "0.50/1.00", "--by", "stakes"])
    assert code == 0 and {r["stakes"] for r in rows} == {"0.5/1"}


@needs_corpus
@pytest.mark.slow
def test_the_corpus_table_fits_100_columns(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console

    from handlog.cli.stats_cmd import print_table

    rows = Totals().update(iter(corpus_rows())).records()
    # the widths come from each column's widest cell: those rows, and the first ones, make the same table's width
    widest = {max(range(len(rows)), key=lambda i, k=key: len(str(rows[i][k]))) for key in rows[0]}
    rows = [rows[i] for i in sorted(widest | set(range(50)))]
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115 - closed with the test
    print_table(rows, [], console=console)
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "VPIP" in text and "EV net" in text and "Hero" in text
    console.file.close()


@needs_corpus
def test_csv_and_json_round_percentages_beside_integer_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, rows = _json_rows(capsys, [str(CORPUS / "fpdb/cash/GGPoker")])
    assert code == 0
    for r in rows:
        for key, value in r.items():
            if key.endswith("_pct") and value is not None:
                assert round(value, 2) == value
        if r["three_bet_opp"]:
            assert isinstance(r["three_bet"], int)
            assert r["three_bet_pct"] == round(100 * r["three_bet"] / r["three_bet_opp"], 2)
    main(["stats", "--quiet", "--jobs", "1", "--no-allin-ev", "--counts", "--columns", "3B", str(GG)])
    out = capsys.readouterr().out
    assert "3B" in out and "VPIP" not in out and "/" in out


@needs_corpus
def test_parse_json_carries_the_header(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--json", str(GG)]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    header = first["header"]
    assert header["stakes"] == "0.5/1" and header["currency"] == "USD" and header["table"] == "PLOBronze5"
    assert header["hero"] == "Hero" and header["button"] == 5 and header["max_seats"] == 6
    assert header["time_source"] == UNKNOWN and header["local_time"] == "2020-06-13T13:14:21"
    assert {"seat": 1, "player": "Hero", "stack": "100", "sitting_out": False} in header["seats"]


@needs_corpus
def test_stats_db_equals_stats_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = CORPUS / "fpdb/cash/GGPoker"
    db = str(tmp_path / "h.sqlite")
    assert main(["import", "--db", db, "--quiet", "--no-allin-ev", str(folder)]) == 0
    capsys.readouterr()
    for args in ([], ["--by", "month"], ["--since", "2021-01-01"], ["--tz", "Europe/Malta", "--by", "month"]):
        _, files = _json_rows(capsys, [str(folder), *args])
        _, stored = _json_rows(capsys, ["--db", db, *args])
        assert stored == files, args
    assert NONE  # (a source name, used by the filters)
