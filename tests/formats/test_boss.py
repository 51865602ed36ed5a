"""Boss Media XML: golden hands, the card code, the corpus against fpdb's sidecars and per-hand rows, planted
errors and refused entities."""

from __future__ import annotations

import json
import re
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import CORPUS, audit_flags, check_golden, corpus, read_beside_a_good_file, rel

from handlog.audit import audit
from handlog.events import Game, PostType
from handlog.formats.boss import BossError, card
from handlog.reading import HandRecord, read, read_text

sys.path.insert(0, str(Path(__file__).parents[1] / "stats"))
import fpdb_oracle

GOLDEN = Path(__file__).parent / "golden_boss"
CASES = sorted(p.stem for p in GOLDEN.glob("*.txt"))
ROOTS = ("fpdb/cash/Boss",)
HISTORY = re.compile(r'<HISTORY ID="([^"]+)"')
"""A Boss hand, counted with a regex apart from the XML reader."""
SAMPLE = Path(__file__).parents[2] / "samples" / "boss.xml"


def test_card_codes() -> None:
    """13 × suit (d, c, h, s) + rank (A … K), as fpdb's sidecars decode the corpus hands (see ``boss``)."""
    assert [card(x) for x in ("0", "12", "13", "14", "26", "39", "42", "51")] == [
        "Ad", "Kd", "Ac", "2c", "Ah", "As", "4s", "Ks"]
    assert card("b") is None
    for bad in ("52", "-1", "x"):
        with pytest.raises(BossError):
            card(bad)


def test_there_are_golden_hands() -> None:
    assert len(CASES) >= 2


@pytest.mark.parametrize("name", CASES)
def test_golden_hand(name: str) -> None:
    check_golden(GOLDEN, name, "Boss")


def test_golden_hands_audit_clean() -> None:
    for name in CASES:
        hand = read_text((GOLDEN / f"{name}.txt").read_text(encoding="utf-8"))[0].hand
        assert hand is not None and audit(hand).violations == ()


def test_sample_reads_clean_and_notes_the_unwritten_return() -> None:
    records = read_text(SAMPLE.read_text(encoding="utf-8"))
    assert len(records) == 1 and records[0].hand is not None
    result = audit(records[0].hand)
    assert result.violations == ()
    assert any("uncalled 0.20 returned to Player1 without a line" in n for n in result.replay.notes)


def _codes(text: str) -> set[str]:
    hand = read_text(text)[0].hand
    assert hand is not None
    return {v.code for v in audit(hand).violations}


def _golden(name: str) -> str:
    return (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


def test_planted_wrong_winnings() -> None:
    text = _golden("plo_river_bet_called")
    assert text.count('WIN="3.05"') == 1
    assert _codes(text.replace('WIN="3.05"', 'WIN="3.15"'))


def test_planted_wrong_rake() -> None:
    text = _golden("plo_river_bet_called")
    assert _codes(text.replace('RAKE="0.16"', 'RAKE="0.06"'))


def test_planted_call_over_the_stack() -> None:
    text = _golden("nlhe_extra_big_blind_all_in")
    assert "exceeds-stack" in _codes(text.replace('NAME="Player6" SEAT="6" AMOUNT="7.93"',
                                                  'NAME="Player6" SEAT="6" AMOUNT="3.93"'))


def test_planted_unknown_action_is_a_clear_error() -> None:
    text = _golden("plo_river_bet_called").replace('TYPE="ACTION_BET" PLAYER="Player1" VALUE="0.80"',
                                                   'TYPE="ACTION_SHOUT" PLAYER="Player1" VALUE="0.80"')
    record = read_text(text)[0]
    assert record.hand is None and record.error is not None
    assert "unknown action type 'ACTION_SHOUT'" in record.error.message and record.error.line > 1


BOMB = """<?xml version="1.0"?>
<!DOCTYPE ROOT [
 <!ENTITY a "aaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
]>
<ROOT><HISTORY ID="1" TABLE="&b;" GAME="GAME_THM" LIMIT="NL" STAKES="0.05/0.10"></HISTORY></ROOT>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE ROOT [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
<ROOT><HISTORY ID="1" TABLE="&x;" GAME="GAME_THM" LIMIT="NL" STAKES="0.05/0.10"></HISTORY></ROOT>
"""


@pytest.mark.parametrize("payload", [BOMB, EXTERNAL])
def test_entities_refused_and_nothing_else_lost(payload: str, tmp_path: Path) -> None:
    bad, good = read_beside_a_good_file(tmp_path, payload, SAMPLE.read_text(encoding="utf-8"))
    assert len(bad) == 1 and bad[0].error is not None and "refused" in bad[0].error.message
    assert len(good) == 1 and good[0].hand is not None and good[0].hand.site == "Boss"


def test_every_corpus_hand_counted_read_and_clean() -> None:
    headers, records, _ = corpus(ROOTS, HISTORY)
    assert {(rel(r.file), r.hand_id or "") for r in records} == set(headers)
    assert all(r.error is None for r in records)
    flagged, parsed, clean = audit_flags(records)
    assert flagged == {}
    assert parsed == clean == len(headers) == 3


def _cents(value: Decimal) -> int:
    return int(value * 100)


def test_corpus_agrees_with_the_sidecars() -> None:
    """Players, seats, stacks, stakes, hand ids, winnings and rake as fpdb's sidecars state them. fpdb's ``.hp``
    of the GBP hand is older than its own per-hand row: it charges Player2 a rake of 0.99 (the log's ``RAKE`` is
    0.69, which ``sites-dev.jsonl`` agrees with), so the rake is checked against the log's own numbers."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    files = sorted((CORPUS / ROOTS[0]).rglob("*.hp"))
    assert len(files) == 3
    for hp in files:
        log = hp.with_suffix("")
        hand = read_text(log.read_text(encoding="utf-8"))[0].hand
        assert hand is not None
        expected = fpdb_oracle.sidecar(hp)
        assert {s.player: (s.seat, _cents(s.stack)) for s in hand.seats} == {
            name: (row["seatNo"], row["startCash"]) for name, row in expected.items()}
        won: dict[str, Decimal] = {}
        for e in hand.events:
            if e.kind == "collect":
                won[e.player] = won.get(e.player, Decimal(0)) + e.amount
        assert {p: _cents(won.get(p, Decimal(0))) for p in expected} == {
            p: row["winnings"] for p, row in expected.items()}
        hands = log.with_name(log.name + ".hands")
        if hands.is_file():
            facts = fpdb_oracle.sidecar(hands)
            assert hand.hand_id == facts["siteHandNo"] and hand.table == facts["tableName"]
            assert len(hand.seats) == facts["seats"]
        gt = log.with_name(log.name + ".gt")
        if gt.is_file():
            game = fpdb_oracle.literal(gt.read_text(encoding="utf-8"))
            assert (hand.currency, _cents(hand.stakes.small), _cents(hand.stakes.big)) == (game[1], game[8], game[9])


def test_corpus_agrees_with_fpdb_per_hand_rows() -> None:
    """fpdb's per-hand rows (``sites-dev.jsonl``, site "Boss"): start stacks, seats, winnings and rake."""
    if not fpdb_oracle.SITES_DEV.is_file():
        pytest.skip("../shared/corpus is not there")
    rows = [json.loads(line) for line in fpdb_oracle.SITES_DEV.read_text(encoding="utf-8").splitlines()
            if '"site": "Boss"' in line]
    assert len(rows) == 13
    by_hand: dict[str, dict[str, dict[str, object]]] = {}
    for row in rows:
        by_hand.setdefault(str(row["hand_id"]), {})[str(row["player"])] = row
    _, records, _ = corpus(ROOTS, HISTORY)
    for r in records:
        assert r.hand is not None
        result = audit(r.hand)
        seen = by_hand[r.hand.hand_id]
        assert {s.player: (s.seat, _cents(s.stack)) for s in r.hand.seats} == {
            p: (row["seatNo"], row["startCash"]) for p, row in seen.items()}
        assert _cents(result.replay.rake) == sum(int(str(row["rake"])) for row in seen.values())


FRESH = CORPUS / "fresh" / "bossmedia-xml"


def _fresh(name: str) -> list[HandRecord]:
    path = next(iter(FRESH.glob(f"{name}*")), None) if FRESH.is_dir() else None
    if path is None:
        pytest.skip("no fresh corpus")
    return list(read([path]))


def test_later_clients_state_a_call_as_the_chips_it_adds() -> None:
    """2014 (``ENDTIME`` written): the small blind of 5.00 "calls 5.00" and the flop's ``POT`` is 30.00 over three
    players (BasicHand); Player4 raises to 57.50, Player5 to 202.50, Player4 "calls 145.00" and the flop's ``POT``
    is 435.00 (OmahaShowdown). Read as totals, as the 2010 clients write them, neither pot adds up."""
    for name in ("2c95c48d-BasicHand", "2a14f3d3-OmahaShowdown"):
        (record,) = _fresh(name)
        assert record.hand is not None and audit(record.hand).violations == ()
        text = next(FRESH.glob(f"{name}*")).read_text(encoding="utf-8-sig")
        (old,) = read_text(re.sub(r' ENDTIME="[0-9]*"', "", text))  # as the 2010 clients write a call
        assert old.hand is not None and {"call-amount", "total-pot"} <= {v.code for v in audit(old.hand).violations}


def test_empty_seats_sitting_out_the_dealer_antes_and_hi_lo() -> None:
    """``NAME="UNKNOWN" STATE="STATE_EMPTY"`` is an empty seat, ``STATE_SITOUT`` a player sitting out, ``DEALER="Y"``
    the button (heads-up the small blind's own: WithSittingOut), ``HAND_ANTE`` a tournament's ante, ``GAME_OMAHL``
    Omaha Hi/Lo; each hand reads and audits clean."""
    records = [r for name in ("dcf1f6dc-10MultipleHands", "a06a74b9-WithSittingOut", "2c2cfa5c-Ante",
                              "ac5277bd-PotLimitOmahaHiLo", "3469a88b-GeneralHand") for r in _fresh(name)]
    assert len(records) == 14 and all(r.hand is not None for r in records)
    hands = [r.hand for r in records if r.hand is not None]
    assert all(audit(h).violations == () for h in hands), [(h.hand_id, audit(h).violations) for h in hands]
    assert all(s.player != "UNKNOWN" for h in hands for s in h.seats)
    heads_up = next(h for h in hands if h.hand_id == "2251000000")
    assert heads_up.button == 2 and [s.player for s in heads_up.seats if s.sitting_out] == ["Player3"]
    ante = next(h for h in hands if h.hand_id == "12541254")
    assert [e.amount for e in ante.events if e.kind == "post" and e.post == PostType.ANTE] == [Decimal(100)] * 8
    assert next(h for h in hands if h.hand_id == "2089182316").game == Game.OMAHA_HI_LO


def test_a_file_cut_from_its_session_and_html_entities() -> None:
    """A session cut from its head ends with ``</HISTORY></ROOT>``: the closing tag of an element never opened holds
    no hand, and nothing is reported unparsed for it. ``&pound;`` in a name is the character it names; that file's
    actions then name ``Player1``, whom no seat line names (its names were anonymised in part): it stays unparsed,
    saying so."""
    assert [(r.hand_id, r.hand is not None) for r in _fresh("665c2f51-UncalledBet")] == [("232000000", True)]
    (record,) = _fresh("f620f0d0-StrangePlayerNames")
    assert record.error is not None and record.error.message == "line 7: 'Player1' acts but has no seat"
    path = next(FRESH.glob("f620f0d0-StrangePlayerNames*"))
    names = read_text(path.read_text(encoding="utf-8-sig").replace('PLAYER="Player1"', 'PLAYER="&amp;&amp;&pound;'
                                                                   '&pound;&Ouml;&Ouml;"'))
    assert names[0].hand is not None and names[0].hand.seats[0].player == "&&££ÖÖ"
