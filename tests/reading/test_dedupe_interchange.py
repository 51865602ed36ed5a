"""The same hand in two interchange files counts once: OHH and PHH hands are known by the room and id they state
(OHH ``site_name`` + ``game_number``, PHH ``venue`` + ``hand``), found without reading the document, so a copy
written with other spacing or key order is a duplicate, and so is the OHH or PHH copy of a room's own text (same
site, same id: the same hand). Hands we write ourselves, each also read alone to show it is a real hand."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from handlog.engine import replay
from handlog.reading import HandRecord, read
from handlog.reading.dedupe import Dedupe, summary

STARS = """\
PokerStars Hand #210000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/03/04 5:06:07 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Alice: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Hero: raises $0.20 to $0.30
Alice: folds
Bob: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.25 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: Hero (button) collected ($0.25)
Seat 2: Alice (small blind) folded before Flop
Seat 3: Bob (big blind) folded before Flop
"""
"""Hero raises to 0.30 on the button, both blinds fold: Hero collects the 0.25 pot, +0.15; Alice -0.05, Bob -0.10."""

NETS = {"Hero": Decimal("0.15"), "Alice": Decimal("-0.05"), "Bob": Decimal("-0.10")}


def _ohh(site: str = "PokerStars", number: str = "210000000001") -> dict[str, Any]:
    """The same hand as OHH (hh-specs.handhistory.org): a Raise gives what the player put in for the action."""
    def act(n: int, player: int, action: str, amount: str = "0") -> dict[str, Any]:
        return {"action_number": n, "player_id": player, "action": action, "amount": float(amount)}

    return {"ohh": {
        "spec_version": "1.4.6", "site_name": site, "network_name": site, "game_number": number,
        "start_date_utc": "2021-03-04T10:06:07Z", "table_name": "Alpha", "game_type": "Holdem",
        "bet_limit": {"bet_type": "NL"}, "table_size": 6, "currency": "USD", "dealer_seat": 1,
        "small_blind_amount": 0.05, "big_blind_amount": 0.1, "ante_amount": 0,
        "players": [{"id": i, "seat": i + 1, "name": n, "starting_stack": 10}
                    for i, n in enumerate(("Hero", "Alice", "Bob"))],
        "rounds": [{"id": 0, "street": "Preflop", "actions": [
            act(0, 1, "Post SB", "0.05"), act(1, 2, "Post BB", "0.10"), act(2, 0, "Raise", "0.30"),
            act(3, 1, "Fold"), act(4, 2, "Fold"),
        ]}],
        "pots": [{"number": 0, "amount": 0.25, "rake": 0, "player_wins": [{"player_id": 0, "win_amount": 0.25}]}],
    }}


def _reordered(doc: dict[str, Any]) -> dict[str, Any]:
    """The same document with its keys in reverse order at every level."""
    if isinstance(doc, dict):
        return {k: _reordered(v) for k, v in reversed(list(doc.items()))}
    if isinstance(doc, list):
        return [_reordered(v) for v in doc]
    return doc


PHH = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
min_bet = 0.10
starting_stacks = [10, 10, 10]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 0.30', 'p1 f', 'p2 f']
venue = 'PokerStars'
hand = 210000000001
players = ['Alice', 'Bob', 'Hero']
"""
"""The hand in PHH: players in blind order (Alice small blind, Bob big blind, Hero on the button, last)."""


def _read(*paths: Path) -> tuple[list[HandRecord], Dedupe]:
    dedupe = Dedupe()
    records = list(read([str(p) for p in paths], dedupe=dedupe))
    return records, dedupe


def _nets(record: HandRecord) -> dict[str, Decimal]:
    assert record.hand is not None, record.error
    rp = replay(record.hand)
    return {name: r.net for name, r in rp.results.items()}


def test_one_ohh_hand_written_twice_differently_is_read_once(tmp_path: Path) -> None:
    first, second = tmp_path / "a.ohh", tmp_path / "b.ohh"
    first.write_text(json.dumps(_ohh(), indent=4) + "\n", encoding="utf-8")
    second.write_text(json.dumps(_reordered(_ohh()), separators=(",", ":")) + "\n", encoding="utf-8")
    for path in (first, second):  # each copy alone is the hand, with the room's numbers
        (alone,) = _read(path)[0]
        assert (alone.site, alone.hand_id) == ("PokerStars", "210000000001")
        assert _nets(alone) == NETS
    records, dedupe = _read(first, second)
    assert [Path(r.file).name for r in records] == ["a.ohh"]
    (dup,) = dedupe.duplicates
    assert (Path(dup.file).name, dup.site, dup.hand_id, Path(dup.first_file).name) == (
        "b.ohh", "PokerStars", "210000000001", "a.ohh")
    assert dup.differs  # written differently: the commands say so
    lines = summary(dedupe)
    assert lines[0].startswith("1 duplicate hands skipped")
    assert "hand 210000000001 (PokerStars) was read before" in lines[1]


def test_an_ohh_copy_of_a_pokerstars_hand_is_that_hand(tmp_path: Path) -> None:
    """Same site (OHH's ``site_name`` "PokerStars" is handlog's PokerStars) and same id: the same hand."""
    stars, copy = tmp_path / "a_stars.txt", tmp_path / "b_copy.ohh"
    stars.write_text(STARS, encoding="utf-8")
    copy.write_text(json.dumps(_ohh(), indent=2) + "\n", encoding="utf-8")
    assert _nets(_read(stars)[0][0]) == NETS == _nets(_read(copy)[0][0])
    records, dedupe = _read(stars, copy)
    assert [(Path(r.file).name, r.site, r.hand_id) for r in records] == [("a_stars.txt", "PokerStars", "210000000001")]
    assert [(Path(d.file).name, d.site) for d in dedupe.duplicates] == [("b_copy.ohh", "PokerStars")]


def test_a_room_written_under_another_name_is_that_room(tmp_path: Path) -> None:
    """The corpus's 888 hand in OHH names its room "Pacific Poker" (network "888 Poker"); handlog's 888 reader
    names it ``888poker``: the two names are one room, and one hand id in it one hand."""
    first, second = tmp_path / "a.ohh", tmp_path / "b.ohh"
    first.write_text(json.dumps(_ohh("Pacific Poker", "481325875")) + "\n", encoding="utf-8")
    second.write_text(json.dumps(_ohh("888 Poker", "481325875"), indent=1) + "\n", encoding="utf-8")
    records, dedupe = _read(first, second)
    assert [(r.site, r.hand.site if r.hand else None) for r in records] == [("888poker", "888poker")]
    assert len(dedupe.duplicates) == 1
    third = tmp_path / "c.ohh"
    third.write_text(json.dumps(_ohh("Pacific Poker", "481325876")) + "\n", encoding="utf-8")
    assert len(_read(first, third)[0]) == 2  # another id: another hand


def test_one_phh_hand_written_twice_and_its_pokerstars_text_are_one_hand(tmp_path: Path) -> None:
    stars, phh, again = tmp_path / "a_stars.txt", tmp_path / "b.phh", tmp_path / "c.phh"
    stars.write_text(STARS, encoding="utf-8")
    phh.write_text(PHH, encoding="utf-8")
    lines = PHH.splitlines()
    again.write_text("\n".join([lines[7], lines[6].replace(" = ", "=") + "  # the room", *lines[:6], lines[8]]) + "\n",
                     encoding="utf-8")
    for path in (phh, again):
        (alone,) = _read(path)[0]
        assert (alone.site, alone.hand_id) == ("PokerStars", "210000000001")
        assert _nets(alone) == NETS
    records, dedupe = _read(phh, again)
    assert [Path(r.file).name for r in records] == ["b.phh"]
    assert [(Path(d.file).name, d.differs) for d in dedupe.duplicates] == [("c.phh", True)]
    records, dedupe = _read(stars, phh, again)
    assert [Path(r.file).name for r in records] == ["a_stars.txt"]
    assert sorted(Path(d.file).name for d in dedupe.duplicates) == ["b.phh", "c.phh"]


def test_phhs_tables_of_the_same_name_in_two_files_are_two_hands(tmp_path: Path) -> None:
    """A ``.phhs`` table's name (``[1]``) is its place in its file: two files' first tables, without a ``hand``
    field, are different hands (known by their text)."""
    body = "\n".join(line for line in PHH.splitlines() if not line.startswith(("hand", "venue")))
    first, second = tmp_path / "a.phhs", tmp_path / "b.phhs"
    first.write_text("[1]\n" + body + "\n", encoding="utf-8")
    second.write_text("[1]\n" + body.replace("p3 cbr 0.30", "p3 cbr 0.40") + "\n", encoding="utf-8")
    records, dedupe = _read(first, second)
    assert [r.hand is not None for r in records] == [True, True]
    assert dedupe.duplicates == []
    copy = tmp_path / "c.phhs"
    copy.write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    records, dedupe = _read(first, copy)  # the very same text twice: once
    assert len(records) == 1 and len(dedupe.duplicates) == 1


def test_stats_by_site_name_the_room_each_hand_states(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """OHH hands are counted under handlog's name of the room they state (the 888 copy under ``888poker``, as the
    888 reader names its hands); a hand stating no room is ``OHH``."""
    from handlog.cli.main import main

    (tmp_path / "a.ohh").write_text(json.dumps(_ohh("Pacific Poker", "481325875")) + "\n", encoding="utf-8")
    (tmp_path / "b.ohh").write_text(json.dumps(_ohh("PokerStars", "210000000002")) + "\n", encoding="utf-8")
    nameless = _ohh("", "7")
    nameless["ohh"]["network_name"] = None
    (tmp_path / "c.ohh").write_text(json.dumps(nameless) + "\n", encoding="utf-8")
    assert main(["stats", "--quiet", "--by", "site", "--format", "json", "--player", "Hero", str(tmp_path)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sorted((r["site"], r["hands"], Decimal(str(r["net"]))) for r in rows) == [
        ("888poker", 1, NETS["Hero"]), ("OHH", 1, NETS["Hero"]), ("PokerStars", 1, NETS["Hero"])]


def test_an_ohh_conversion_of_a_pokernow_hand_is_known_by_its_game_number(tmp_path: Path) -> None:
    """PokerNow's own ``hand #N`` is a counter (known with the hand's text, ``COUNTER_IDS``); an OHH converter's
    ``game_number`` is its own (a time in milliseconds): two writings of one converted hand are one hand."""
    doc = _ohh("PokerStars", "1660966546948")
    doc["ohh"]["table_name"] = "pglTESTtestTESTtest0123456"  # a PokerNow game's id: the hands were played there
    for player in doc["ohh"]["players"]:
        player["display"], player["name"] = player["name"], f"id-{player['name']}"
    first, second = tmp_path / "a.ohh", tmp_path / "b.ohh"
    first.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    second.write_text(json.dumps(_reordered(doc), indent=3) + "\n", encoding="utf-8")
    (alone,) = _read(first)[0]
    assert alone.hand is not None and (alone.site, alone.hand.site) == ("PokerNow", "PokerNow")
    records, dedupe = _read(first, second)
    assert len(records) == 1 and [(d.site, d.hand_id, d.differs) for d in dedupe.duplicates] == [
        ("PokerNow", "1660966546948", True)]
