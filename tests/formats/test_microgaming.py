"""Microgaming XML: a golden hand, the room's own ``endbalance`` as the oracle of the replay, the corpus against
fpdb's sidecars and per-hand rows, both amount layouts, planted errors and refused entities."""

from __future__ import annotations

import json
import re
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from corpus_files import text_of
from sitekit import CORPUS, audit_flags, check_golden, corpus, read_beside_a_good_file, rel

from handlog.audit import audit
from handlog.events import Call, Hand, Raise
from handlog.formats.microgaming import unicode_text
from handlog.reading import read, read_text

sys.path.insert(0, str(Path(__file__).parents[1] / "stats"))
import fpdb_oracle

GOLDEN = Path(__file__).parent / "golden_microgaming"
CASES = sorted(p.stem for p in GOLDEN.glob("*.txt"))
ROOTS = ("fpdb/cash/Microgaming",)
GAME = re.compile(r'<Game (?:hhversion="\d+" )?id="([^"]+)"')
"""A Microgaming hand, counted with a regex apart from the XML reader."""
SAMPLE = Path(__file__).parents[2] / "samples" / "microgaming.xml"
END = re.compile(r'<Seat num="\d+" alias="([^"]*)"[^>]*balance="([0-9.]+)" endbalance="([0-9.]+)"')


def test_unicode_attributes() -> None:
    assert unicode_text("rCA=") == "€"
    assert unicode_text("UABsAGEAeQBlAHIAMQA=") == "Player1"
    assert unicode_text("not base64!") == ""


def test_there_are_golden_hands() -> None:
    assert len(CASES) >= 1


@pytest.mark.parametrize("name", CASES)
def test_golden_hand(name: str) -> None:
    check_golden(GOLDEN, name, "Microgaming")


def _end_balances_match(text: str) -> None:
    """The room's ``endbalance`` of every seat is its ``balance`` plus the replay's net: the room's own oracle."""
    records = read_text(text)
    for record in records:
        assert record.hand is not None
        result = audit(record.hand)
        assert result.violations == ()
        for name, start, end in END.findall(text):
            assert Decimal(start) + result.replay.results[name].net == Decimal(end), name


def test_sample_and_goldens_replay_to_the_end_balances() -> None:
    _end_balances_match(SAMPLE.read_text(encoding="utf-8"))
    for name in CASES:
        _end_balances_match((GOLDEN / f"{name}.txt").read_text(encoding="utf-8"))


def test_unstated_totals_are_noted() -> None:
    hand = read_text(SAMPLE.read_text(encoding="utf-8"))[0].hand
    assert hand is not None and hand.currency == "EUR" and hand.table == "Button 1 - €20 Max"
    notes = audit(hand).replay.notes
    assert any("states no total pot" in n for n in notes) and any("states no rake" in n for n in notes)


def _text() -> str:
    return SAMPLE.read_text(encoding="utf-8")


def test_planted_wrong_win() -> None:
    hand = read_text(_text().replace('amount="0.50"', 'amount="0.70"'))[0].hand
    assert hand is not None and audit(hand).violations


def test_planted_unknown_seat_is_a_clear_error() -> None:
    record = read_text(_text().replace('type="Check" seat="1"', 'type="Check" seat="9"'))[0]
    assert record.hand is None and record.error is not None
    assert "seat 9 acts, but no player sits there" in record.error.message


def _rows(hand: Hand) -> list[dict[str, object]]:
    from handlog.stats.frame import iter_rows

    return [{k: v for k, v in row.items() if k != "file"} for row in iter_rows([hand])]


@pytest.mark.parametrize("element", [
    '<Action seq="6" type="TableMessage"/>',  # no seat at all
    '<Action seq="6" type="Timeout" seat="9"/>',  # a seat nobody sits in
    '<Action seq="6" type="Timeout" seat="2"/>',  # a seated player's chip-free event
])
def test_an_unknown_action_never_fails_the_hand(element: str) -> None:
    # issue 26: an unknown line inside a hand becomes an UnknownLine and the audit decides; the sample's
    # endbalance values prove the hand, so it is read with a warning and counts as the clean hand does
    clean = read_text(_text())[0].hand
    record = read_text(_text().replace('<Action seq="6" type="Fold" seat="2"/>',
                                       f'{element}\n      <Action seq="6" type="Fold" seat="2"/>'))[0]
    assert record.hand is not None and clean is not None, record.error
    found = audit(record.hand).violations
    assert [(v.code, v.severity.value) for v in found] == [("unknown-line", "warning")], found
    assert element.rstrip("/>") in found[0].message
    assert _rows(record.hand) == _rows(clean) and _rows(clean)


def test_an_unknown_action_before_the_deal_never_fails_the_hand() -> None:
    notice = '<Action seq="0" type="TableMessage"/>\n      <Action seq="1" type="SmallBlind"'
    record = read_text(_text().replace('<Action seq="1" type="SmallBlind"', notice))[0]
    assert record.hand is not None, record.error
    assert [v.code for v in audit(record.hand).violations] == ["unknown-line"]


def test_an_unknown_action_with_chips_of_a_seated_player_is_an_error() -> None:
    record = read_text(_text().replace('<Action seq="6" type="Fold" seat="2"/>',
                                       '<Action seq="6" type="Straddle" seat="2" value="0.40"/>'))[0]
    assert record.hand is not None, record.error
    found = audit(record.hand).violations
    assert [(v.code, v.severity.value) for v in found] == [("unknown-action", "error")]
    assert "Player2" in found[0].message


# the first layout writes calls and raises as round totals; hhversion 2 as the chips added
_RAISED = ('<Action seq="5" type="Raise" seat="1" value="{raise_}"/>\n'
           '      <Action seq="6" type="Fold" seat="2"/>\n      <Action seq="7" type="Fold" seat="3"/>\n'
           '      <Action seq="8" type="Fold" seat="4"/>\n      <Action seq="9" type="Fold" seat="5"/>\n'
           '      <Action seq="10" type="Call" seat="6" value="{call}"/>\n')


@pytest.mark.parametrize(("version", "raise_", "call"), [("", "0.60", "0.60"), ('hhversion="2" ', "0.40", "0.40")])
def test_amount_layouts(version: str, raise_: str, call: str) -> None:
    text = _text().replace("<Game id=", f"<Game {version}id=")
    start, stop = text.index('<Action seq="5"'), text.index('<Action seq="11"')
    text = text[:start] + _RAISED.format(raise_=raise_, call=call) + "      " + text[stop:]
    hand = read_text(text)[0].hand
    assert hand is not None
    assert [(type(e).__name__, getattr(e, "to", None) or getattr(e, "amount", None)) for e in hand.events
            if isinstance(e, Raise | Call)] == [("Raise", Decimal("0.60")), ("Call", Decimal("0.40"))]


BOMB = """<!DOCTYPE Game [
 <!ENTITY a "aaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
]>
<Game id="1" date="2011-11-01 23:42:20" unicodetablename="" tablename="&b;" stakes="0.10|0.20"></Game>
"""
EXTERNAL = """<!DOCTYPE Game [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
<Game id="1" date="2011-11-01 23:42:20" unicodetablename="" tablename="&x;" stakes="0.10|0.20"></Game>
"""


@pytest.mark.parametrize("payload", [BOMB, EXTERNAL])
def test_entities_refused_and_nothing_else_lost(payload: str, tmp_path: Path) -> None:
    bad, good = read_beside_a_good_file(tmp_path, payload, _text())
    # a Microgaming file is a run of <Game> fragments, read inside the reader's own root: a DOCTYPE (where entities
    # are declared) cannot stand there, so the payload is refused as malformed XML at its line, nothing declared
    assert len(bad) == 1 and bad[0].error is not None and bad[0].hand is None
    assert "malformed XML" in bad[0].error.message and bad[0].error.line == 1
    assert "aaaaaaaaaa" not in repr(bad[0]) and "root:" not in repr(bad[0])
    assert len(good) == 1 and good[0].hand is not None and good[0].hand.site == "Microgaming"


def test_every_corpus_hand_counted_read_and_clean() -> None:
    headers, records, _ = corpus(ROOTS, GAME)
    assert {(rel(r.file), r.hand_id or "") for r in records} == set(headers)
    assert all(r.error is None for r in records)
    flagged, parsed, clean = audit_flags(records)
    assert flagged == {}
    assert parsed == clean == len(headers) == 1
    for r in records:
        _end_balances_match(Path(r.file).read_text(encoding="utf-8"))


def _cents(value: Decimal) -> int:
    return int(value * 100)


def test_corpus_agrees_with_the_sidecars_and_fpdb_rows() -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    files = sorted((CORPUS / ROOTS[0]).rglob("*.hp"))
    assert files
    rows = [json.loads(line) for line in fpdb_oracle.SITES_DEV.read_text(encoding="utf-8").splitlines()
            if '"site": "Microgaming"' in line]
    for hp in files:
        log = hp.with_suffix("")
        hand = read_text(log.read_text(encoding="utf-8"))[0].hand
        assert hand is not None
        result = audit(hand).replay
        hp_rows = fpdb_oracle.sidecar(hp)
        fpdb_rows = {str(r["player"]): r for r in rows if r["hand_id"] == hand.hand_id}
        for expected in (hp_rows, fpdb_rows):
            assert {s.player: (s.seat, _cents(s.stack)) for s in hand.seats} == {
                p: (row["seatNo"], row["startCash"]) for p, row in expected.items()}
            assert {p: _cents(r.collected) for p, r in result.results.items()} == {
                p: row["winnings"] for p, row in expected.items()}
        net = {p: _cents(r.net) for p, r in result.results.items()}
        assert net == {p: row["totalProfit"] for p, row in hp_rows.items()}
        # fpdb's per-hand row reads the walk's PostedToPlay 0.20 as a big blind with a dead small one (0.30 in):
        # it gives Player1 +0.20; the log posts 0.20 and its endbalance (20.30 from 20.00) says +0.30
        assert {p: row["totalProfit"] for p, row in fpdb_rows.items()} == {**net, "Player1": 20}
        facts = fpdb_oracle.sidecar(log.with_name(log.name + ".hands"))
        assert hand.hand_id == facts["siteHandNo"] and len(hand.seats) == facts["seats"]
        game = fpdb_oracle.literal(log.with_name(log.name + ".gt").read_text(encoding="utf-8"))
        assert (hand.currency, _cents(hand.stakes.small), _cents(hand.stakes.big)) == (game[1], game[8], game[9])


FRESH = CORPUS / "fresh" / "microgaming-xml"


def test_fresh_hands_replay_to_the_rooms_end_balances() -> None:
    """Every hand of fresh/microgaming-xml but one replays to the room's own ``endbalance`` of every seat, with no
    violation: ``BadBeatContribution`` (a jackpot fee outside the pot: Wake_Boy folds and ends 0.02 down), a bet
    nobody called inside the owner's win (jugins' 0.09 is the pot of 0.07 and his 0.02), ``sittingout="true"``,
    an ``AllIn`` before the deal (a short small blind), a seat no action names (not dealt in). The one left,
    River.txt (hand 987456879), deals Ks and 7c to Player6 on line 11 and again on the flop: a misdeal the log
    cannot have, so it stays reported (its shown hands then disagree with the winner: the same error, since who
    should have won is not judged from such a deal)."""
    if not FRESH.is_dir():
        pytest.skip("no fresh corpus")
    checked, flagged = 0, {}
    for path in sorted(FRESH.iterdir()):
        (record,) = read([path])  # one hand a file
        assert record.hand is not None, (path.name, record.error)
        result = audit(record.hand)
        if result.violations:
            flagged[record.hand.hand_id] = {v.code for v in result.violations}
            continue
        for name, start, end in END.findall(text_of(path)):
            net = result.replay.results[name].net if name in result.replay.results else Decimal(0)
            assert Decimal(start) + net == Decimal(end), (path.name, name)
        checked += 1
    assert flagged == {"987456879": {"duplicate-card"}} and checked == 13
    fee = next(iter(read([next(FRESH.glob("20ac73e9-*"))]))).hand
    assert fee is not None
    assert [(e.player, e.amount) for e in fee.events if e.kind == "side_payment"] == [
        ("Wake_Boy", Decimal("-0.02")), ("AlGundersen", Decimal("-0.02"))]
