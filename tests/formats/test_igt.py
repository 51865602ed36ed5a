"""IGT JSON (2017-2019), a document reader: the corpus's files detected and every hand read and replayed to the
room's own numbers (the pot after rake plus the rake, every win, the stacks after the hand where the export's
stacks are its own), the card numbering, and documents written for the edges (several hands, pretty-printed,
malformed, too long, an action nobody knows)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import CORPUS, cases, check_golden

from handlog.audit import audit
from handlog.engine.replay import replay
from handlog.events import (
    Call,
    Collect,
    DealHole,
    Notice,
    Post,
    PostType,
    Raise,
    StreetStart,
    UncalledBet,
    UnknownLine,
)
from handlog.formats import igt
from handlog.reading import ReadReport, read, read_text

FOLDER = CORPUS / "fresh" / "igt-json"

HAND: dict[str, object] = {
    "player": [
        {"name": "Player1", "seat": "1", "state": "STATE_PLAYING", "dealer": "N", "amount": "20.00"},
        {"name": "Player2", "seat": "2", "state": "STATE_PLAYING", "dealer": "N", "amount": "59.22"},
        {"name": "UNKNOWN", "seat": "3", "state": "STATE_EMPTY", "dealer": "N", "amount": "0.00"},
        {"name": "Hero", "seat": "4", "state": "STATE_PLAYING", "dealer": "Y", "amount": "64.49"},
    ],
    "action": [
        {"kind": "HAND_SB", "type": "HAND_BLINDS", "player": "Player1", "value": "0.25", "bankRoll": "19.75"},
        {"kind": "HAND_BB", "type": "HAND_BLINDS", "player": "Player2", "value": "0.50", "bankRoll": "58.72"},
        {"type": "HAND_DEAL", "player": "Hero", "card": [{"link": "48"}, {"link": "9"}]},
        {"type": "HAND_DEAL", "player": "Player1", "card": [{"link": "b"}, {"link": "b"}]},
        {"type": "ACTION_RAISE", "player": "Hero", "value": "1.50", "bankRoll": "62.99"},
        {"type": "ACTION_CALL", "player": "Player1", "value": "1.50", "bankRoll": "18.50"},
        {"type": "ACTION_FOLD", "player": "Player2"},
        {"type": "HAND_BOARD", "value": "BOARD_FLOP", "card": [{"link": "0"}, {"link": "13"}, {"link": "51"}],
         "pot": "3.40", "mainpot": "3.40", "rake": "0.10"},
        {"type": "ACTION_BET", "player": "Player1", "value": "2.00", "bankRoll": "16.50"},
        {"type": "ACTION_RAISE", "player": "Hero", "value": "8.00", "bankRoll": "54.99"},
        {"type": "ACTION_CALL", "player": "Player1", "value": "8.00", "bankRoll": "10.50"},
        {"type": "HAND_BOARD", "value": "BOARD_TURN", "card": [{"link": "0"}, {"link": "13"}, {"link": "51"},
                                                               {"link": "26"}], "pot": "18.90", "rake": "0.60"},
        {"type": "ACTION_ALLIN", "player": "Player1", "value": "10.50", "bankRoll": "0.00"},
        {"type": "ACTION_RAISE", "player": "Hero", "value": "30.00", "bankRoll": "24.99"},
        {"type": "ACTION_ADJUSTEMENT", "player": "Hero", "value": "10.50", "bankRoll": "44.49"},
    ],
    "showDown": {"name": "HAND_SHOWDOWN", "pot": "39.40", "mainpot": "39.40", "rake": "1.10", "result": [
        {"player": "Hero", "hand": "$(STR_G_WIN_PAIR)", "card": [{"link": "48"}, {"link": "9"}],
         "folded": False, "bankRoll": "83.89", "win": "39.40"},
        {"player": "Player1", "hand": "$(STR_G_MUCK)", "card": [], "folded": False, "bankRoll": "0.00", "win": "0.0"},
        {"player": "Player2", "card": [], "folded": True, "bankRoll": "58.72", "win": "0.0"},
    ]},
    "table": "Ada95", "gameType": "TEXASHOLDEM", "limit": "No Limit", "tableCurrency": "SEK",
    "date": "1488477392404", "handId": "54503445.hand.201", "tournamentTable": False, "stake": "0.25/0.5",
}


def _doc(*hands: object, indent: int | None = None) -> str:
    return "\ufeff" + json.dumps({"history": list(hands)}, indent=indent)


def test_corpus_every_file_detected_and_replayed_to_the_rooms_numbers() -> None:
    if not FOLDER.is_dir():
        pytest.skip("../shared/corpus is not there")
    report = ReadReport()
    records = list(read([FOLDER], report))
    assert report.files == 11 and not report.problems
    assert len(records) == 11 and all(r.hand is not None and r.hand.site == "IGT" for r in records)
    cards_off = {}
    for r in records:
        assert r.hand is not None
        found = audit(r.hand).violations
        assert [v for v in found if v.category.value not in ("cards",)] == [], r.file
        doc = json.loads(Path(r.file).read_text(encoding="utf-8-sig"))["history"][0]
        sd = doc["showDown"]
        # "pot" is what the winners share, after the rake; the total is it and the rake
        assert r.hand.summary.total_pot == Decimal(sd["pot"]) + Decimal(sd.get("rake", "0"))
        play = replay(r.hand)
        assert sorted((c.player, c.amount) for c in play.collects) == sorted(
            (x["player"], Decimal(x["win"])) for x in sd["result"] if Decimal(x["win"])
        )
        if found:
            cards_off[Path(r.file).name] = {v.code for v in found}
    # The corpus's files were edited by hand (anonymised): their card numbers contradict themselves. Each is the
    # file's own: 742b1475 deals card 43 to HERO and shows it in PLAYER2's hand; 8290d198 and b40cecbb deal 25 to
    # HERO and on the flop; 1005df5a's river board (16 50 5 9 18) is not its turn board (4 51 19 23) and more.
    assert cards_off == {
        "1005df5a-River.txt": {"board-mismatch", "duplicate-card"},
        "742b1475-AllInHandWithShowdown.txt": {"duplicate-card"},
        "8290d198-Table2.txt": {"duplicate-card"},
        "b40cecbb-Turn.txt": {"board-mismatch", "duplicate-card"},
    }


def test_the_stacks_after_the_hand_are_the_rooms() -> None:
    if not FOLDER.is_dir():
        pytest.skip("../shared/corpus is not there")
    agree = []
    for r in read([FOLDER]):
        assert r.hand is not None
        doc = json.loads(Path(r.file).read_text(encoding="utf-8-sig"))["history"][0]
        after = {x["player"]: Decimal(x["bankRoll"]) for x in doc["showDown"]["result"]}
        results = replay(r.hand).results
        if all(s.stack + (results[s.player].net if s.player in results else 0) == after[s.player]
               for s in r.hand.seats):
            agree.append(Path(r.file).name[:8])
    # the others' seat "amount"s are not their own actions' bankRolls (Preflop: PLAYER4 has 1000.00, posts 2.50
    # and is left 670.01); 742b1475 writes every stack 0.00, and the reader takes them from the bankRolls after
    assert sorted(agree) == ["1005df5a", "5a77770a", "742b1475", "76b60e18", "a418ac8b", "e20b7b1f"]
    # where a seat's amount is not what its own first bankRoll gives, the hand says so in a notice
    said = {
        Path(r.file).name[:8] for r in read([FOLDER]) if r.hand is not None
        and any(isinstance(e, Notice) and "seat amount" in e.text for e in r.hand.events)
    }
    assert said == {"504dd7f0", "8290d198", "943758ef", "ac9e54a5", "b40cecbb"}


def test_a_hand_read_whole() -> None:
    [record] = read_text(_doc(HAND))
    hand = record.hand
    assert hand is not None, record.error
    assert (hand.site, hand.hand_id, hand.table, hand.currency, hand.button) == (
        "IGT", "54503445.hand.201", "Ada95", "SEK", 4)
    assert [s.player for s in hand.seats] == ["Player1", "Player2", "Hero"]  # the empty seat is no seat
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2017-03-02T17:56:32.404000+00:00"
    # card 48 is the jack of spades (48 = 3 x 13 + 9), 9 the jack of clubs
    assert [e.cards for e in hand.events if isinstance(e, DealHole)] == [("Js", "Jc")]
    assert [e.cards for e in hand.events if isinstance(e, StreetStart) and e.cards] == [
        ("2c", "2d", "As"), ("2h",)]
    # values are the round's totals: a call "1.50" from the small blind adds 1.25; a raise "8.00" is to 8
    assert [e.amount for e in hand.events if isinstance(e, Call)] == [Decimal("1.25"), Decimal(6)]
    assert [(e.by, e.to, e.all_in) for e in hand.events if isinstance(e, Raise)] == [
        (Decimal(1), Decimal("1.50"), False), (Decimal(6), Decimal(8), False),
        (Decimal("19.50"), Decimal(30), False)]
    assert [(e.player, e.amount) for e in hand.events if isinstance(e, UncalledBet)] == [("Hero", Decimal("19.50"))]
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal("40.50"), Decimal("1.10"))
    assert [e.amount for e in hand.events if isinstance(e, Collect)] == [Decimal("39.40")]
    assert not audit(hand).violations
    # the room's stacks after the hand: Hero 83.89, Player1 0.00, Player2 58.72
    results = replay(hand).results
    assert {p: s.stack + results[p].net for s in hand.seats for p in [s.player]} == {
        "Hero": Decimal("83.89"), "Player1": Decimal(0), "Player2": Decimal("58.72")}


def test_a_dead_small_blind_is_dead_money() -> None:
    hand = json.loads(json.dumps(HAND))
    hand["action"].insert(2, {"kind": "HAND_DSB", "type": "HAND_BLINDS", "player": "Hero", "value": "0.25"})
    [record] = read_text(_doc(hand))
    assert record.hand is not None
    assert [p.post for p in record.hand.events if isinstance(p, Post)][-1] is PostType.DEAD_BLIND
    found = {v.code for v in audit(record.hand).violations}
    assert "total-pot" in found  # the stated pot does not hold the 0.25 this edit added


def test_several_hands_pretty_printed_each_at_its_line() -> None:
    second = {**HAND, "handId": "54503445.hand.202"}
    text = _doc(HAND, second, indent=1)
    records = read_text(text)
    assert [r.hand_id for r in records] == ["54503445.hand.201", "54503445.hand.202"]
    lines = text.splitlines()
    for r in records:
        assert r.hand is not None
        fold = next(e for e in r.hand.events if e.__class__.__name__ == "Fold")
        assert '"ACTION_FOLD"' in lines[fold.line - 1]
    assert records[1].line > records[0].line


def test_a_malformed_document_is_one_error_with_its_line() -> None:
    text = _doc(HAND, indent=1)
    broken = text.replace('"ACTION_FOLD"', '"ACTION_FOLD",,')
    [record] = read_text(broken)
    assert record.hand is None and record.error is not None
    assert record.error.message.startswith("not JSON")
    assert '"ACTION_FOLD"' in broken.splitlines()[record.error.line - 1]


def test_an_unknown_action_is_kept_and_the_audit_names_it() -> None:
    # docs/unknown-lines.md: an entry of a kind not met that names a seated player and carries an amount is an
    # action in a new form: kept, the hand read on, and an error (unknown-action) whatever the totals
    odd = json.loads(json.dumps(HAND))
    odd["action"].insert(7, {"type": "ACTION_JUGGLE", "player": "Player2", "value": "1.00"})
    records = read_text(_doc(odd, {**HAND, "handId": "2"}, indent=1))
    hand = records[0].hand
    assert hand is not None and records[1].hand is not None
    [unknown] = [e for e in hand.events if isinstance(e, UnknownLine)]
    assert unknown.action and unknown.player == "Player2" and "ACTION_JUGGLE" in unknown.text
    found = audit(hand).violations
    assert [(v.code, v.severity.value) for v in found] == [("unknown-action", "error")]
    assert "Player2" in found[0].message and found[0].line == unknown.line


def test_a_forced_bet_or_an_amount_in_a_new_form_is_an_unknown_action() -> None:
    for index, change in ((0, {"kind": "HAND_BRINGIN"}), (5, {"value": "1,50"})):
        odd = json.loads(json.dumps(HAND))
        odd["action"][index] = {**odd["action"][index], **change}
        [record] = read_text(_doc(odd))
        assert record.hand is not None, record.error
        [unknown] = [e for e in record.hand.events if isinstance(e, UnknownLine)]
        assert unknown.action and unknown.player == odd["action"][index]["player"]
        assert "unknown-action" in {v.code for v in audit(record.hand).violations}


def test_non_numbers_and_oversized_documents_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    nan = _doc(HAND).replace('"pot": "39.40"', '"pot": NaN')
    [record] = read_text(nan)
    assert record.hand is None and record.error is not None and "NaN" in record.error.message
    monkeypatch.setattr(igt, "MAX_DOCUMENT", 1000)
    [record] = read_text(_doc(HAND))
    assert record.hand is None and record.error is not None and "longer than" in record.error.message


def test_a_game_not_known_here_is_read_and_left_unreplayed() -> None:
    [record] = read_text(_doc({**HAND, "gameType": "COURCHEVEL"}))
    assert record.hand is not None and record.hand.game.value == "other"
    assert "game-not-replayed" in {v.code for v in audit(record.hand).violations}


GOLDEN = Path(__file__).parent / "golden" / "igt"


@pytest.mark.parametrize("name", cases(GOLDEN))
def test_golden(name: str) -> None:
    """A corpus hand (players anonymised) becomes exactly its ``Hand``."""
    check_golden(GOLDEN, name, "IGT")


def test_stakes_from_small_and_large_and_a_tournament_by_its_kind() -> None:
    hand = {k: v for k, v in HAND.items() if k != "stake"}
    [record] = read_text(_doc({**hand, "small": "0.25", "large": "0.50", "gameKind": "GAMEKIND_TOURNAMENT"}))
    assert record.hand is not None
    assert (record.hand.stakes.small, record.hand.stakes.big, record.hand.currency) == (
        Decimal("0.25"), Decimal("0.50"), "CHIPS")


def test_a_hand_cut_from_its_document_reads_again_alike_and_is_imported(tmp_path: Path) -> None:
    """``split`` cuts each hand as one line that ``parse`` reads again with its lines in the file: what the
    database stores and reads back (a stream format's files were refused by ``import``)."""
    import handlog.db
    from handlog.reading.registry import StreamFormat

    fmt = igt.IgtFormat()
    assert not isinstance(fmt, StreamFormat)
    text = _doc(HAND, {**HAND, "handId": "54503445.hand.202"}, indent=1)
    chunks = list(fmt.split(text.splitlines(), None, 1))
    assert len(chunks) == 2 and all(len(c.lines) == 1 for c in chunks)
    assert [fmt.parse(c.lines, c.line, "x.txt") for c in chunks] == [r.hand for r in read_text(text, "x.txt")]
    (tmp_path / "igt.txt").write_text(text, encoding="utf-8")
    with handlog.db.open(f"sqlite:///{tmp_path / 'hands.sqlite'}", create=True) as db:
        result = db.import_paths([tmp_path / "igt.txt"], with_allin_ev=False, settle=0)
    assert (result.hands, result.new, result.unparsed) == (2, 2, 0)


def test_fields_of_the_wrong_kind_cost_their_hand_only() -> None:
    """Values of every kind where the document has others: each hand read or refused with a reason, never an
    internal error or an exception out of the reader."""
    odd: list[object] = [None, 5, -1, 1.5, "x", "", [], {}, True, "99999999999999999999", [1, 2], {"link": "b"}]
    for key in ("action", "player", "showDown", "date", "limit", "gameType", "handId", "stake"):
        for value in odd:
            records = read_text(_doc({**HAND, key: value}, {**HAND, "handId": "2"}))
            assert len(records) == 2 and records[1].hand is not None
            assert records[0].error is None or "internal error" not in records[0].error.message, (key, value)
    for index in range(len(HAND["action"])):  # type: ignore[arg-type]
        for value in odd:
            hand = json.loads(json.dumps(HAND))
            hand["action"][index] = value if not isinstance(value, dict) else {**hand["action"][index], "value": value}
            [record] = read_text(_doc(hand))
            assert record.error is None or "internal error" not in record.error.message, (index, value)


def test_an_unknown_entry_that_moves_no_chips_is_an_unknown_line_the_totals_prove() -> None:
    odd = json.loads(json.dumps(HAND))
    odd["action"].insert(7, {"type": "ACTION_SITOUT", "player": "Player2"})
    [record] = read_text(_doc(odd))
    assert record.hand is not None
    [unknown] = [e for e in record.hand.events if isinstance(e, UnknownLine)]
    assert not unknown.action and "ACTION_SITOUT" in unknown.text
    # the room states the pot and the rake, and they reconcile: a warning, and the hand counts
    assert [(v.code, v.severity.value) for v in audit(record.hand).violations] == [("unknown-line", "warning")]
