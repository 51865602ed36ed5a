"""iPoker XML sessions that state their owner's tournament result in the session header (``<nickname>``,
``<place>``, ``<buyin>``, ``<totalbuyin>``, ``<win>``): results of ``handlog tournaments`` as the hands' finish
lines are, checked against a summary of the same tournament where one exists. Values are the files' own."""

from __future__ import annotations

import json
from decimal import Decimal as D
from pathlib import Path

import pytest
from summarykit import corpus_file, write

from handlog.cli.main import main
from handlog.reading import read

FLOP = ("fpdb", "tour", "iPoker", "Flop")


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, object]], str]:
    code = main(["tournaments", *args, "--format", "json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else []), err


def session(header: str, nickname: str = "Hero") -> str:
    """A session of one hand (Villain's small blind folds to Hero's big blind) whose header ends with ``header``."""
    return f"""<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  <mode>real</mode>
  <gametype>Holdem NL</gametype>
  <tablename>Sunday Test, 900000001</tablename>
  <startdate>2014-03-12 14:18:04</startdate>
  <currency>USD</currency>
  <nickname>{nickname}</nickname>
  <tournamentname>Sunday Test</tournamentname>{header}
 </general>
 <game gamecode="77">
  <general>
   <startdate>2014-03-12 14:18:04</startdate>
   <players>
    <player seat="1" name="Villain" chips="1,500" dealer="1" win="0" bet="10" rebuy="0" addon="0"/>
    <player seat="2" name="Hero" chips="1,500" dealer="0" win="30" bet="20" rebuy="0" addon="0"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Villain" type="1" sum="10" cards="[cards]"/>
   <action no="2" player="Hero" type="2" sum="20" cards="[cards]"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">SA HA</cards>
   <action no="3" player="Villain" type="0" sum="0" cards=""/>
  </round>
 </game>
</session>
"""


def test_corpus_sessions_give_their_owners_results(capsys: pytest.CaptureFixture[str]) -> None:
    paths = [str(corpus_file(*FLOP, name)) for name in (
        "NLHE-USD-MTT-5r-201112.Sample.xml", "NLHE-EUR-SNG-0.50.iPoker.it.txt",
        "NLHE-EUR-MTT-30-201302.slight.format.change.txt", "NLHE-USD-MTT-Freeroll-201107.txt",
        "NLHE-USD-SNG-100-5-201610.new.tourno.format.xml", "NLHE-GBP-MTT-5-201403.FPPbuyin.txt")]
    code, rows, err = run_json(capsys, *paths)
    assert code == 0, err
    got = {r["tournament_id"]: (r["player"], r["finish"], r["buy_in"], r["fee"], r["prize"], r["currency"],
                                r["cost"], r["profit"], r["source"]) for r in rows}
    assert got == {
        # "$3,500 GP R/A, 657149000": <place>8</place><buyin>$5+$0.50</buyin> <totalbuyin>$15.50</totalbuyin>
        # <win>$113.92</win>: the total paid holds the re-buys and add-ons
        "657149000": ("Hero", 8, "5", "0.50", "113.92", "USD", "15.50", "98.42", "hands"),
        # the Italian client: <buyin>€0,50</buyin>, <totalbuyin>Iscriviti[ €0,40 + €0,10 N2EF… ]</totalbuyin>
        "547028881": ("Player3", 1, "0.40", "0.10", "0.80", "EUR", "0.50", "0.30", "hands"),
        # <buyin>€30.00+€3.00</buyin> <totalbuyin></totalbuyin> <win>€0.00</win>
        "799557276": ("Hero", 26, "30.00", "3.00", "0", "EUR", "33.00", "-33.00", "hands"),
        # an invitation: <buyin>Einladung</buyin> <totalbuyin>$0</totalbuyin> <win>$0</win>: no buy-in, $0 paid
        "611669111": ("Player6", 1015, None, "0", "0", "USD", "0", "0", "hands"),
        # <place>0</place>: still playing; the id from the table name "Hyper Turbo (500 Chips) (#16727068)"
        "16727068": ("Hero", None, "100", "5", "0", "USD", "105", "-105", "hands"),
        # bought with the room's points: <buyin>Pts 11.00+Pts 0.00</buyin>
        "823161661": ("Hero", 7, "11.00", "0", "0", "PTS", "11.00", "-11.00", "hands"),
    }
    code = main(["tournaments", "--summary", "--format", "json", *paths])
    out, _ = capsys.readouterr()
    usd = next(r for r in json.loads(out) if r["player"] == "Hero" and r["currency"] == "USD")
    # one finished (8th, in the money), one still playing: ROI = (113.92 - 15.50) / 15.50
    assert (usd["tournaments"], usd["unfinished"], usd["itm"], usd["roi_pct"]) == (1, 1, 1, "634.97")


def test_a_session_without_its_owner_gives_no_result() -> None:
    # the Shoot-Out session names no owner (<nickname></nickname>): its <place>3061</place> is nobody's
    path = corpus_file("fresh", "ipoker-xml", "4efb5edb-ShootOutTournament.txt")
    (record,) = list(read([path]))
    assert record.hand is not None and record.hand.tournament is not None
    assert record.hand.tournament.finish is None


def test_every_hand_of_the_session_carries_the_statement() -> None:
    path = corpus_file(*FLOP, "NLHE-USD-MTT-5r-201112.Sample.xml")
    finishes = {r.hand.tournament.finish for r in read([path]) if r.hand and r.hand.tournament}
    (finish,) = finishes
    assert finish is not None and (finish.place, finish.prize, finish.cost) == (8, D("113.92"), D("15.50"))


def test_checked_against_a_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hands = write(tmp_path, "session.xml", session(
        "<place>3</place><buyin>$10+$1</buyin> <totalbuyin>$11</totalbuyin> <win>$25.00</win>"))
    code, rows, err = run_json(capsys, str(hands))
    assert code == 0 and [(r["player"], r["finish"], r["prize"], r["profit"]) for r in rows] == [
        ("Hero", 3, "25.00", "14.00")]

    def summary(place: int, prize: float) -> str:
        return json.dumps({"ots": {
            "site_name": "iPoker", "tournament_number": "900000001", "tournament_name": "Sunday Test",
            "currency": "USD", "buyin_amount": 10, "fee_amount": 1, "player_count": 9, "hero_player_name": "Hero",
            "tournament_finishes_and_winnings": [
                {"player_name": "Hero", "finish_position": place, "still_playing": False, "prize": prize}]}})

    agreeing = write(tmp_path, "agree.ots", summary(3, 25.00))
    code, rows, err = run_json(capsys, str(hands), str(agreeing))
    assert code == 0 and "notice" not in err
    assert [(r["finish"], r["entrants"], r["source"]) for r in rows] == [(3, 9, "summary")]
    (tmp_path / "agree.ots").unlink()
    write(tmp_path, "disagree.ots", summary(4, 25.00))
    code, rows, err = run_json(capsys, str(tmp_path))
    assert "notice: tournament 900000001 (iPoker): Hero finished 3 in the hands" in err
    assert [r["finish"] for r in rows] == [4]  # the summary is kept


def test_stored_sessions_give_the_same_results(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hands = write(tmp_path, "session.xml", session(
        "<place>3</place><buyin>$10+$1</buyin> <totalbuyin>$11</totalbuyin> <win>$25.00</win>"))
    url = f"sqlite:///{tmp_path / 'hands.db'}"
    assert main(["import", str(hands), "--db", url]) == 0
    capsys.readouterr()
    from_files = run_json(capsys, str(hands))[1]
    code, from_db, err = run_json(capsys, "--db", url)
    assert code == 0, err
    assert [{k: v for k, v in r.items() if k not in ("file", "line")} for r in from_db] == [
        {k: v for k, v in r.items() if k not in ("file", "line")} for r in from_files]
