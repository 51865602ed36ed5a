"""The data the report page embeds: every statistic a column, the numbers the room printed, the same records as
``stats`` and ``tournaments`` print, links that reach each violation's hand, nothing a log holds taken for HTML."""

from __future__ import annotations

import json
import re
import shutil
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from reportkit import CORPUS, THREE_HANDS, embedded, rows

from handlog.cli.main import main
from handlog.report.collect import Part, Series, series_fields
from handlog.report.page import MAX_POINTS, clean, graph_lines
from handlog.stats.frame import FIELDS
from handlog.stats.totals import PLAYED, RATIOS
from handlog.stats.totals import columns as totals_columns

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    out = tmp_path_factory.mktemp("report") / "r.html"
    assert main(["report", "--quiet", str(THREE_HANDS), "-o", str(out)]) == 0
    return out, embedded(out)


def _link(link: object) -> tuple[str, str]:
    """A violation's link: the replay page and the hand's place there (opened at its first violation)."""
    found = re.fullmatch(r"(.+)#hand=(\d+)&violation", str(link))
    assert found is not None, link
    return found.group(1), found.group(2)


def _hero(data: Any) -> dict[str, Any]:
    return next(r for r in rows(data["players"]) if r["player"] == "Hero")


def test_every_statistic_of_the_aggregate_is_a_column(three: tuple[Path, Any]) -> None:
    _, data = three
    names = [c["name"] for c in data["players"]["columns"]]
    assert names == [c for c in totals_columns() if c != "identity"]
    by_name = {c["name"]: c for c in data["players"]["columns"]}
    for pct, done, opp in RATIOS:  # each percentage carries the counts it is made of
        assert (by_name[pct]["done"], by_name[pct]["opp"]) == (done, opp or PLAYED)
        assert by_name[pct]["kind"] == "pct"
    assert by_name["net"]["kind"] == "money" and by_name["player"]["kind"] == "text"
    position_names = [c["name"] for c in data["positions"]["columns"]]
    assert position_names == [c for c in totals_columns(["position"]) if c != "identity"]


def test_the_money_is_what_the_room_printed(three: tuple[Path, Any]) -> None:
    _, data = three
    hero = _hero(data)
    # 50 → 51.75 → 48.25 by the headers' stacks, then +1.50 (3 back for 1.50 in) in the third hand
    assert hero["hands"] == 3
    assert Decimal(hero["net"]) == Decimal("-0.25")
    assert Decimal(hero["showdown_net"]) == Decimal("-3.50")  # the second hand, lost at showdown
    assert Decimal(hero["non_showdown_net"]) == Decimal("3.25")
    villain = next(r for r in rows(data["players"]) if r["player"].startswith("Villain"))
    assert Decimal(villain["net"]) == Decimal("2.00")  # 50 → 49.75 → 53.50, then 1.50 lost


def test_the_graph_draws_hero_cumulative_lines(three: tuple[Path, Any]) -> None:
    _, data = three
    graph = next(g for g in data["graph"] if g["player"] == "Hero")
    assert (graph["site"], graph["currency"], graph["hands"], graph["x"]) == ("PokerStars", "USD", 3, [1, 2, 3])
    lines = {line["name"]: line for line in graph["lines"]}
    assert lines["net"]["points"] == [1.75, -1.75, -0.25]
    assert Decimal(lines["net"]["last"]) == Decimal("-0.25")
    assert {"net", "showdown", "non_showdown", "allin_ev"} <= set(lines)
    assert lines["showdown"]["points"] == [0, -3.5, -3.5]
    assert lines["non_showdown"]["points"] == [1.75, 1.75, 3.25]


def test_positions_split_each_players_hands(three: tuple[Path, Any]) -> None:
    _, data = three
    hero = {r["position"]: r["hands"] for r in rows(data["positions"]) if r["player"] == "Hero"}
    assert hero == {"BTN": 1, "BB": 1, "SB": 1}  # the button moved seat 1, 2, 3 in the three hands


THREE_BET = """PokerStars Hand #900000000004:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/03/01 20:03:00 ET
Table 'Report I' 6-max Seat #3 is the button
Seat 1: Hero ($50 in chips)
Seat 2: Villain <b>&amp; ($50 in chips)
Seat 3: Third ($50 in chips)
Hero: posts small blind $0.25
Villain <b>&amp;: posts big blind $0.50
*** HOLE CARDS ***
Dealt to Hero [Qs Qd]
Third: raises $1 to $1.50
Hero: raises $3.50 to $5
Villain <b>&amp;: folds
Third: folds
Uncalled bet ($3.50) returned to Hero
Hero collected $3.50 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $3.50 | Rake $0
Seat 1: Hero (small blind) collected ($3.50)
Seat 2: Villain <b>&amp; (big blind) folded before Flop
Seat 3: Third (button) folded before Flop
"""
"""A 3-bet pot: Third opens to $1.50, Hero re-raises to $5 and both fold: Hero wins $3.50 for $1.50 (+$2)."""


def test_pot_types_are_the_stats_by_pot_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extra = tmp_path / "three_bet.txt"
    extra.write_text(THREE_BET, encoding="utf-8")
    out = tmp_path / "r.html"
    assert main(["report", "--quiet", "--jobs", "1", str(THREE_HANDS), str(extra), "-o", str(out)]) == 0
    data = embedded(out)
    names = [c["name"] for c in data["pots"]["columns"]]
    assert names == [c for c in totals_columns(["pot"]) if c != "identity"]
    hero = {r["pot"]: (r["hands"], Decimal(r["net"])) for r in rows(data["pots"]) if r["player"] == "Hero"}
    # the three hands each have one raise (single-raised; Hero's net -0.25 over them, as the room printed), the
    # fourth two (a 3-bet pot, +2)
    assert hero == {"single-raised": (3, Decimal("-0.25")), "3-bet": (1, Decimal("2.00"))}
    capsys.readouterr()
    assert main(["stats", "--quiet", "--jobs", "1", "--by", "pot", "--format", "json", str(THREE_HANDS),
                 str(extra)]) == 0
    printed = [{k: v for k, v in r.items() if k != "identity"} for r in json.loads(capsys.readouterr().out)]
    assert rows(data["pots"]) == printed


def test_a_violation_links_to_its_hand_in_a_replay_page(three: tuple[Path, Any]) -> None:
    out, data = three
    found = rows(data["violations"])
    assert [(v["code"], v["hand_id"], v["severity"]) for v in found] == [("summary-won", "900000000003", "error")]
    assert data["codes"] == [["accounting/summary-won", 1]]
    page, index = _link(found[0]["replay"])
    assert page == "r.replay-1.html"
    replayed = embedded(out.parent / page)
    assert replayed["hands"][int(index)]["hand_id"] == "900000000003"
    assert data["summary"]["statuses"] == {"clean": 2, "violations": 1}


def test_names_from_a_log_are_never_html(three: tuple[Path, Any]) -> None:
    out, data = three
    text = out.read_text(encoding="utf-8")
    assert "<b>" not in text and "Villain <b>" not in text
    assert text.count("<script") == 2  # the data and the page's own script, nothing else
    assert any(r["player"] == "Villain <b>&amp;" for r in rows(data["players"]))  # the name itself, intact
    replay = (out.parent / "r.replay-1.html").read_text(encoding="utf-8")
    assert "<b>" not in replay


def test_the_same_records_as_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = CORPUS / "fpdb" / "cash" / "Stars" / "Flop"
    if not folder.is_dir():
        pytest.skip("no corpus")
    files = sorted(folder.glob("NLHE-6max-USD-0.05-0.10-2009*.txt"))[:4] or sorted(folder.glob("*.txt"))[:4]
    paths = [str(p) for p in files]
    assert main(["report", "--quiet", "--jobs", "1", *paths, "-o", str(tmp_path / "r.html")]) in (0, 1)
    capsys.readouterr()
    assert main(["stats", "--quiet", "--jobs", "1", "--format", "json", *paths]) in (0, 1)
    printed = json.loads(capsys.readouterr().out)
    expected = [{k: v for k, v in r.items() if k != "identity"} for r in printed if r["identity"] != "anonymous"]
    shown = rows(embedded(tmp_path / "r.html")["players"])
    assert len(shown) == len(expected) > 0
    for mine, theirs in zip(shown, expected, strict=True):
        assert mine.keys() == theirs.keys()
        for key, value in theirs.items():
            if isinstance(mine[key], str) and isinstance(value, str) and key not in ("player", "site", "currency"):
                assert Decimal(mine[key]) == Decimal(value), key
            else:
                assert mine[key] == value, key


def test_tournaments_are_the_tournaments_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    summaries = CORPUS / "fpdb" / "summaries" / "Stars"
    if not summaries.is_dir():
        pytest.skip("no corpus")
    folder = tmp_path / "summaries"  # the dozen smallest: each command reads them (the whole folder takes 20 s)
    folder.mkdir()
    for path in sorted(summaries.glob("*.txt"), key=lambda p: (p.stat().st_size, p.name))[:12]:
        shutil.copyfile(path, folder / path.name)
    assert main(["report", "--quiet", str(folder), "-o", str(tmp_path / "r.html")]) in (0, 1)
    capsys.readouterr()
    assert main(["tournaments", "--format", "json", str(folder)]) in (0, 1)
    every = json.loads(capsys.readouterr().out)
    assert main(["tournaments", "--hero", "--summary", "--format", "json", str(folder)]) in (0, 1)
    heroes = json.loads(capsys.readouterr().out)  # the players the summaries were written for
    data = embedded(tmp_path / "r.html")
    assert data["tournaments"] is not None
    results = data["tournaments"]["results"]["rows"]
    assert len(results) + data["tournaments"]["left_out"] == len(every)  # every result, held or counted
    shown = {(r["site"], r["player"], r["currency"]): r for r in rows(data["tournaments"]["summary"])}
    assert heroes
    for name in sorted({h["player"] for h in heroes})[:2]:  # a hero's summary is the command's (heroes come first)
        assert main(["tournaments", "--summary", "--player", name, "--format", "json", str(folder)]) in (0, 1)
        for theirs in json.loads(capsys.readouterr().out):
            mine = shown[(theirs["site"], theirs["player"], theirs["currency"])]
            for key in ("tournaments", "itm", "unfinished", "buy_ins", "prizes", "profit", "roi_pct"):
                assert mine[key] == theirs[key], key


def test_bounties_of_a_tournament_read_in_several_batches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 201 hands of one progressive knockout: three batches of hands (handlog.parallel.BATCH_HANDS); the bounties the
    # hands pay a player in every batch are his money, as `tournaments` gives it (Chill_BoyEZ: $2.25 + $3.38 + $1.50
    # in bounties and $1.60 for 1025th place)
    hands = CORPUS / "fresh" / "pokerstars" / "56bc529f-HH20220115 T3339171319 No Limit Hold'em $3.92 + $0.48.txt"
    if not hands.is_file():
        pytest.skip("no corpus")
    assert main(["report", "--quiet", "--jobs", "2", str(hands), "-o", str(tmp_path / "r.html")]) in (0, 1)
    capsys.readouterr()
    assert main(["tournaments", "--format", "json", str(hands)]) == 0
    every = {r["player"]: r["prize"] for r in json.loads(capsys.readouterr().out)}
    shown = {r["player"]: r["prize"] for r in rows(embedded(tmp_path / "r.html")["tournaments"]["results"])}
    assert shown["Chill_BoyEZ"] == every["Chill_BoyEZ"] == "8.73"
    assert shown == every


def test_no_control_character_reaches_the_page(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    source = folder / "bell\x07 and\x1b[31m escape.txt"  # a file name is not the log's: it is cleaned too
    source.write_text(THREE_HANDS.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "r.html"
    assert main(["report", "--quiet", str(folder), "-o", str(out)]) == 0
    for page in (out, tmp_path / "r.replay-1.html"):
        text = page.read_text(encoding="utf-8")
        assert not CONTROL.search(text)
        assert "\\u0007" not in text and "\\u001b" not in text
    assert any("bell\ufffd and\ufffd[31m" in str(v["file"]) for v in rows(embedded(out)["violations"]))


def test_clean_leaves_text_and_numbers_and_frees_strings_of_controls() -> None:
    assert clean({"a\x00": ["x\ty", 1, None, ("\x85",)]}) == {"a\ufffd": ["x y", 1, None, ["\ufffd"]]}


def test_output_goes_where_the_user_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    assert main(["report", "--quiet", str(THREE_HANDS), "-o", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["report.html", "report.replay-1.html"]
    elsewhere = tmp_path / "elsewhere.html"
    elsewhere.write_text("mine", encoding="utf-8")
    (tmp_path / "link.html").symlink_to(elsewhere)
    assert main(["report", "--quiet", str(THREE_HANDS), "-o", str(tmp_path / "link.html")]) == 2
    assert "symlink" in capsys.readouterr().err
    assert elsewhere.read_text(encoding="utf-8") == "mine"
    assert main(["report", "--quiet", str(THREE_HANDS), "-o", str(tmp_path / "no" / "r.html")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_an_empty_folder_is_no_hand_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert main(["report", str(tmp_path / "empty"), "-o", str(tmp_path / "r.html")]) == 1
    assert "no hand found" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()


def _series(hands: list[dict[str, Any]], names: tuple[str, ...]) -> Series:
    """A player's graph data from records written here (the fields ``names`` of each)."""
    series = Series()
    for hand in hands:
        series.add(hand, names)
    return series


def test_a_long_line_is_drawn_with_at_most_max_points_and_ends_exact() -> None:
    n = 3 * MAX_POINTS + 7
    part = Part()
    cent, two, zero = Decimal("0.01"), Decimal("0.02"), Decimal(0)
    names = series_fields(FIELDS)
    hands = [{"time": None, "net": cent, "saw_showdown": i % 2 == 0, "net_allin_ev": two,
              "net_showdown": cent if i % 2 == 0 else zero, "net_non_showdown": zero if i % 2 == 0 else cent}
             for i in range(n)]  # fmt: skip
    part.series[("Hero", "PokerStars", "USD", "player")] = _series(hands, names)
    (graph,) = graph_lines(part, None)
    assert graph["hands"] == n and len(graph["x"]) <= MAX_POINTS
    assert graph["x"][0] == 1 and graph["x"][-1] == n
    lines = {line["name"]: line for line in graph["lines"]}
    assert lines["net"]["last"] == str(cent * n)
    assert lines["allin_ev"]["last"] == str(two * n)
    assert Decimal(lines["showdown"]["last"]) + Decimal(lines["non_showdown"]["last"]) == cent * n
    assert all(len(line["points"]) == len(graph["x"]) for line in graph["lines"])


def test_a_database_gives_the_page_of_its_files(three: tuple[Path, Any], tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    assert main(["import", "--quiet", "--db", str(db), str(THREE_HANDS)]) == 0
    out = tmp_path / "db.html"
    assert main(["report", "--quiet", "--db", str(db), "-o", str(out)]) == 0
    stored, read = embedded(out), three[1]
    for key in ("players", "positions", "pots", "codes", "graph"):
        assert stored[key] == read[key], key
    assert [(v["code"], v["hand_id"]) for v in rows(stored["violations"])] == [("summary-won", "900000000003")]


def test_links_reach_their_hands_over_several_replay_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from handlog.cli import report_cmd

    text = THREE_HANDS.read_text(encoding="utf-8")
    third = text[text.index("PokerStars Hand #900000000003"):]
    copies = [third.replace("900000000003", f"90000000001{i}") for i in range(5)]
    source = tmp_path / "five.txt"
    source.write_text("\n\n\n".join(copies), encoding="utf-8")
    monkeypatch.setattr(report_cmd, "REPLAY_HANDS", 2)
    out = tmp_path / "r.html"
    assert main(["report", "--quiet", "--jobs", "1", str(source), "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.glob("r.replay-*.html")) == [f"r.replay-{n}.html" for n in (1, 2, 3)]
    found = rows(embedded(out)["violations"])
    assert sorted(v["hand_id"] for v in found) == [f"90000000001{i}" for i in range(5)]
    for v in found:
        page, index = _link(v["replay"])
        assert embedded(tmp_path / page)["hands"][int(index)]["hand_id"] == v["hand_id"]


def test_an_alias_is_one_player_and_one_graph(tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\nme = ["PokerStars:Hero"]\n', encoding="utf-8")
    out = tmp_path / "r.html"
    assert main(["report", "--quiet", "--aliases", str(aliases), "--player", "me", str(THREE_HANDS),
                 "-o", str(out)]) == 0  # fmt: skip
    data = embedded(out)
    assert [(r["player"], r["hands"], Decimal(r["net"])) for r in rows(data["players"])] == [
        ("me", 3, Decimal("-0.25"))]
    assert [(g["player"], g["site"], g["hands"]) for g in data["graph"]] == [("me", "all sites", 3)]
    assert sorted(r["position"] for r in rows(data["positions"])) == ["BB", "BTN", "SB"]


def test_the_statistics_own_showdown_split_draws_its_lines() -> None:
    names = ("time", "net", "saw_showdown", "net_allin_ev", "net_showdown", "net_non_showdown")
    part = Part()
    one, none = Decimal("1"), Decimal("0")
    # whatever their definition, the lines are the sums of the two per-hand fields as given (here the second hand's
    # net of 2 split 3 and -1), not the split of the net by whether the player saw a showdown
    hands = [
        {"time": None, "net": one, "saw_showdown": True, "net_allin_ev": one, "net_showdown": one,
         "net_non_showdown": none},
        {"time": None, "net": Decimal(2), "saw_showdown": True, "net_allin_ev": Decimal(2),
         "net_showdown": Decimal(3), "net_non_showdown": Decimal(-1)},
    ]  # fmt: skip
    part.series[("Hero", "PokerStars", "USD", "player")] = _series(hands, names)
    (graph,) = graph_lines(part, None, names)
    lines = {line["name"]: line for line in graph["lines"]}
    assert lines["showdown"]["points"] == [1, 4] and lines["showdown"]["last"] == "4"
    assert lines["non_showdown"]["points"] == [0, -1] and lines["non_showdown"]["last"] == "-1"
    assert lines["net"]["last"] == "3"


def test_every_players_hands_are_kept_for_the_graph_whatever_the_order() -> None:
    from handlog.report.collect import merge

    whole = Part()
    names = ("time", "net", "saw_showdown", "net_allin_ev")
    one = {"time": None, "net": Decimal(1), "saw_showdown": False, "net_allin_ev": Decimal(1)}
    first = Part()
    for i in range(300):  # many players of a few hands first
        first.series[(f"p{i}", "PokerStars", "USD", "player")] = _series([one] * 3, names)
    merge(whole, first)
    late = Part()  # then the one with the most hands, met last
    late.series[("Hero", "GGPoker", "USD", "player")] = _series([one] * 50, names)
    merge(whole, late)
    graphs = graph_lines(whole, None, names)
    assert (graphs[0]["player"], graphs[0]["hands"]) == ("Hero", 50)
    assert {line["name"]: line["last"] for line in graphs[0]["lines"]}["net"] == "50"


def test_positions_hold_the_players_with_most_hands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from handlog.report import page

    monkeypatch.setattr(page, "POSITION_PLAYERS", 1)
    out = tmp_path / "r.html"
    assert main(["report", "--quiet", str(THREE_HANDS), "-o", str(out)]) == 0
    positions = embedded(out)["positions"]
    held = rows(positions)
    assert len({r["player"] for r in held}) == 1 and len(held) == 3  # one player, in each of three positions
    assert positions["left_out"] == 6  # the two others' three rows each
    assert len(rows(embedded(out)["players"])) == 3  # the player table keeps everyone
