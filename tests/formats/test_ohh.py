"""Open Hand History (``.ohh``): hands we write from the specification (hh-specs.handhistory.org), and the corpus's
``.ohh`` files, whose own pots and ``win_amount``s the replay must reproduce.

The corpus lives outside the repository (``../shared/corpus``, or ``$HANDLOG_CORPUS``); without it those tests skip.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from handlog.anonymize import Anonymizer
from handlog.audit import audit
from handlog.engine import replay
from handlog.engine.rules import profile_for
from handlog.engine.violations import Category
from handlog.events import Collect, Game, PotDrop, Raise, StreetStart, Structure, UnknownLine
from handlog.reading import read, read_text, registry
from handlog.reading.reader import HandRecord

CORPUS = Path(os.environ.get("HANDLOG_CORPUS", Path(__file__).resolve().parents[2].parent / "shared" / "corpus"))
OHH_FILES = sorted((CORPUS / "fresh" / "ohh-json").glob("*.ohh"))
D = Decimal


def _action(n: int, player: int, action: str, amount: float = 0, allin: bool = False, **more: Any) -> dict[str, Any]:
    return {"action_number": n, "player_id": player, "action": action, "amount": amount, "is_allin": allin, **more}


def _hand(number: str = "1", rounds: list[dict[str, Any]] | None = None, pots: list[dict[str, Any]] | None = None,
          **fields: Any) -> dict[str, Any]:
    """A heads-up $1/$2 no-limit hand: A (seat 1, button and small blind) raises to 6, B calls; B bets 10 on the
    flop and A folds. Pot 12 + 10 uncalled back; B wins 11.50 after a rake of 0.50."""
    hand: dict[str, Any] = {
        "spec_version": "1.4.6", "site_name": "TestSite", "network_name": "TestNet", "internal_version": "1",
        "game_number": number, "start_date_utc": "2024-01-02T03:04:05Z", "table_name": "T", "game_type": "Holdem",
        "bet_limit": {"bet_type": "NL", "bet_cap": 0}, "table_size": 6, "currency": "USD", "dealer_seat": 1,
        "small_blind_amount": 1, "big_blind_amount": 2, "ante_amount": 0, "hero_player_id": 0, "flags": [],
        "players": [
            {"id": 0, "seat": 1, "name": "A", "starting_stack": 100},
            {"id": 1, "seat": 2, "name": "B", "starting_stack": 100},
        ],
        "rounds": rounds if rounds is not None else [
            {"id": 0, "street": "Preflop", "actions": [
                _action(0, 0, "Dealt Cards", cards=["Ah", "Kd"]),
                _action(1, 0, "Post SB", 1),
                _action(2, 1, "Post BB", 2),
                _action(3, 0, "Raise", 5),
                _action(4, 1, "Call", 4),
            ]},
            {"id": 1, "street": "Flop", "cards": ["2c", "7d", "9s"], "actions": [
                _action(5, 1, "Bet", 10),
                _action(6, 0, "Fold"),
            ]},
        ],
        "pots": pots if pots is not None else [
            {"number": 0, "amount": 12, "rake": 0.5, "player_wins": [{"player_id": 1, "win_amount": 11.5}]},
        ],
    }
    hand.update(fields)
    return {"ohh": hand}


def _text(*hands: dict[str, Any]) -> str:
    return "\n\n".join(json.dumps(h, indent=4) for h in hands) + "\n"


def _records(text: str) -> list[HandRecord]:
    return read_text(text, "test.ohh")


# ---------------------------------------------------------------------------------------------- hands we write
def test_a_hand_is_read_as_the_specification_says() -> None:
    (record,) = _records(_text(_hand()))
    hand = record.hand
    assert hand is not None, record.error
    assert (hand.site, hand.hand_id, hand.game, hand.structure) == ("TestSite", "1", Game.HOLDEM, Structure.NO_LIMIT)
    assert (hand.stakes.small, hand.stakes.big, hand.currency, hand.button) == (D(1), D(2), "USD", 1)
    assert hand.time_utc is not None and hand.time_utc.isoformat() == "2024-01-02T03:04:05+00:00"
    # "Raise": the amount the player put in for this action: A's small blind 1 and a raise of 5 make a bet of 6
    raise_ = next(e for e in hand.events if isinstance(e, Raise))
    assert (raise_.to, raise_.by) == (D(6), D(4))
    assert [(e.player, e.amount, e.pot) for e in hand.events if isinstance(e, Collect)] == [("B", D("11.5"), "pot")]
    assert (hand.summary.total_pot, hand.summary.rake) == (D(12), D("0.5"))
    rp = replay(hand)
    assert not rp.violations, rp.violations
    # B's bet of 10 nobody called came back (the total of 12 shows it): A lost 6, B won 11.50 less 6 put in
    assert {n: r.net for n, r in rp.results.items()} == {"A": D(-6), "B": D("5.5")}
    assert rp.rake == D("0.5")


def test_the_specifications_raise_example() -> None:
    """"if a player bet $2 and was raised then re-raised to a total of $20 the amount for the raise should be 18"."""
    rounds = [
        {"id": 0, "street": "Preflop", "actions": [
            _action(1, 0, "Post SB", 1), _action(2, 1, "Post BB", 2), _action(3, 0, "Call", 1),
            _action(4, 1, "Check"),
        ]},
        {"id": 1, "street": "Flop", "cards": ["2c", "7d", "9s"], "actions": [
            _action(5, 1, "Bet", 2), _action(6, 0, "Raise", 6), _action(7, 1, "Raise", 18), _action(8, 0, "Fold"),
        ]},
    ]
    pots = [{"number": 0, "amount": 16, "rake": 0, "player_wins": [{"player_id": 1, "win_amount": 16}]}]
    (record,) = _records(_text(_hand(rounds=rounds, pots=pots)))
    assert record.hand is not None, record.error
    raises = [(e.player, e.to) for e in record.hand.events if isinstance(e, Raise)]
    assert raises == [("A", D(6)), ("B", D(20))]
    rp = replay(record.hand)
    assert not rp.violations, rp.violations
    assert rp.results["B"].net == D(8) and rp.results["A"].net == D(-8)


def test_several_hands_in_one_file_each_with_its_line() -> None:
    """Objects separated by a blank line (the specification's storage format), one to a line, two on one line,
    and inside an array: every hand is read, each from the line its object starts on."""
    one = json.dumps(_hand("2"))
    text = _text(_hand("1")) + "\n" + one + "\n" + one.replace('"2"', '"3"') + " " + one.replace('"2"', '"4"') + "\n"
    text += "[" + one.replace('"2"', '"5"') + ",\n" + one.replace('"2"', '"6"') + "]\n"
    records = _records(text)
    assert [r.hand_id for r in records] == ["1", "2", "3", "4", "5", "6"]
    assert all(r.hand is not None for r in records), [r.error for r in records]
    first_lines = [n for n, line in enumerate(text.splitlines(), 1) if '"ohh"' in line]
    assert [r.line for r in records] == [1, *first_lines[1:3], first_lines[2], *first_lines[3:]]


def test_malformed_json_costs_only_its_hand_and_says_where() -> None:
    bad = json.dumps(_hand("2"), indent=4).replace('"table_name": "T",', '"table_name": "T"')  # a comma missing
    text = _text(_hand("1")) + "\n" + bad + "\n\n" + _text(_hand("3"))
    records = _records(text)
    assert [r.hand is not None for r in records] == [True, False, True]
    assert [records[0].hand_id, records[2].hand_id] == ["1", "3"]
    error = records[1].error
    assert error is not None and error.message.startswith("not valid JSON: Expecting ',' delimiter")
    lines = text.splitlines()
    assert lines[error.line - 1].strip().startswith('"game_type"')  # where the comma was expected


def test_an_object_without_ohh_is_reported() -> None:
    text = _text(_hand("1")) + '\n{"ots": {"tournament_number": "9"}}\n\n' + _text(_hand("3"))
    records = _records(text)
    assert [r.hand is not None for r in records] == [True, False, True]
    error = records[1].error
    assert error is not None and 'without "ohh"' in error.message and "ots" in error.message
    assert text.splitlines()[error.line - 1].startswith('{"ots"')


def test_a_file_that_ends_inside_a_hand() -> None:
    text = _text(_hand("1")) + "\n" + json.dumps(_hand("2"), indent=4)[:-40]
    records = _records(text)
    assert records[0].hand is not None
    assert records[1].error is not None
    assert records[1].error.message == "the file ends before this JSON object is closed"


def test_junk_between_hands_is_no_hand() -> None:
    text = _text(_hand("1")) + "garbage here\n" + _text(_hand("2"))
    assert [r.hand_id for r in _records(text) if r.hand is not None] == ["1", "2"]


def test_nesting_too_deep_is_refused() -> None:
    deep = '{"ohh": ' + "[" * 500 + "]" * 500 + "}"
    records = _records(_text(_hand("1")) + "\n" + deep + "\n\n" + _text(_hand("3")))
    assert [r.hand is not None for r in records] == [True, False, True]
    assert records[1].error is not None and "nested more than" in records[1].error.message


def test_an_unknown_action_is_kept_and_judged_by_the_audit() -> None:
    # docs/unknown-lines.md: an action of a kind not met is kept, the hand read on; one that moves no chips is an
    # unknown-line the pot and its rake prove (a warning); one of a seated player with an amount an unknown-action
    rounds = _hand()["ohh"]["rounds"]
    rounds[1]["actions"].insert(0, _action(9, 0, "Time Bank"))
    (record,) = _records(_text(_hand(rounds=rounds)))
    assert record.hand is not None
    [unknown] = [e for e in record.hand.events if isinstance(e, UnknownLine)]
    assert not unknown.action and '"Time Bank"' in unknown.text
    assert [(v.code, v.severity.value) for v in audit(record.hand).violations] == [("unknown-line", "warning")]
    rounds[1]["actions"][0] = _action(9, 0, "Insurance", 3)
    (record,) = _records(_text(_hand(rounds=rounds)))
    assert record.hand is not None, record.error
    [unknown] = [e for e in record.hand.events if isinstance(e, UnknownLine)]
    assert unknown.action and unknown.player == "A" and '"Insurance"' in unknown.text
    found = audit(record.hand).violations
    assert [(v.code, v.severity.value) for v in found] == [("unknown-action", "error")]


def test_add_to_pot_without_a_player_is_money_the_site_put_in() -> None:
    rounds = _hand()["ohh"]["rounds"]
    rounds[0]["actions"].insert(0, {"action_number": 0, "action": "Add to Pot", "amount": 1})
    pots = [{"number": 0, "amount": 13, "rake": 0.5, "player_wins": [{"player_id": 1, "win_amount": 12.5}]}]
    (record,) = _records(_text(_hand(rounds=rounds, pots=pots)))
    assert record.hand is not None, record.error
    assert [e.amount for e in record.hand.events if isinstance(e, PotDrop)] == [D(1)]


def test_names_in_another_case_or_spacing_are_the_specifications() -> None:
    """Writers vary the spelling of the spec's names ("post sb", "PreFlop", "No Limit", "Hold'em") and of cards
    ("AH", "10h"): the same hand."""
    hand = _hand(game_type="Hold'em")
    hand["ohh"]["bet_limit"]["bet_type"] = "No Limit"
    rounds = hand["ohh"]["rounds"]
    rounds[0]["street"] = "PreFlop"
    rounds[0]["actions"][1]["action"] = "post sb"
    rounds[0]["actions"][3]["action"] = "RAISE"
    rounds[0]["actions"][0]["cards"] = ["AH", "kd"]
    rounds[1]["cards"] = ["2c", "7d", "9s"]
    (plain,) = _records(_text(_hand()))
    (varied,) = _records(_text(hand))
    assert plain.hand is not None and varied.hand is not None, varied.error
    assert varied.hand.events == plain.hand.events
    assert (varied.hand.game, varied.hand.structure) == (plain.hand.game, plain.hand.structure)


def test_the_name_the_table_showed_is_kept_and_anonymised(tmp_path: Path) -> None:
    """``display`` (PokerNow's nickname beside its player id): kept on the seat, and replaced by ``anonymize``."""
    hand = _hand()
    hand["ohh"]["players"][0].update(name="alice77", display="Real Nick")
    hand["ohh"]["players"][1].update(name="bob88")
    (record,) = _records(_text(hand))
    assert record.hand is not None
    assert [s.display for s in record.hand.seats] == ["Real Nick", None]
    source = tmp_path / "in" / "table.ohh"
    source.parent.mkdir()
    source.write_text(_text(hand), encoding="utf-8")
    outcomes, _ = Anonymizer(tmp_path / "out", salt="s").run([source.parent])
    (outcome,) = outcomes
    assert outcome.error is None and outcome.target is not None
    written = outcome.target.read_text(encoding="utf-8")
    assert "Real Nick" not in written and '"display": "Player' in written
    assert [r.hand is not None for r in read([outcome.target])] == [True]


def _showdown(**fields: Any) -> dict[str, Any]:
    """A bets 4 on the river and B calls: A, the last bettor, shows first by the rules, but the Showdown round lists
    B, who wins the pot of 12, first (as the PokerNow conversions of the corpus list the winner)."""
    return _hand(
        rounds=[
            {"id": 0, "street": "Preflop", "actions": [
                _action(0, 0, "Post SB", 1), _action(1, 1, "Post BB", 2), _action(2, 0, "Call", 1),
                _action(3, 1, "Check"),
            ]},
            {"id": 1, "street": "Flop", "cards": ["2c", "7d", "9s"], "actions": [
                _action(4, 1, "Check"), _action(5, 0, "Check"),
            ]},
            {"id": 2, "street": "Turn", "cards": ["Jh"], "actions": [_action(7, 1, "Check"), _action(8, 0, "Check")]},
            {"id": 3, "street": "River", "cards": ["4d"], "actions": [
                _action(9, 1, "Check"), _action(10, 0, "Bet", 4), _action(11, 1, "Call", 4),
            ]},
            {"id": 4, "street": "Showdown", "actions": [
                _action(12, 1, "Shows Cards", cards=["9h", "9d"]), _action(13, 0, "Shows Cards", cards=["Ah", "Kd"]),
            ]},
        ],
        pots=[{"number": 0, "amount": 12, "rake": 0, "player_wins": [{"player_id": 1, "win_amount": 12}]}],
        **fields,
    )


def test_a_pokernow_log_converted_under_another_rooms_name_is_pokernows_with_the_converters_show_order() -> None:
    plain = _showdown()
    (record,) = _records(_text(plain))
    assert record.hand is not None and record.hand.site == "TestSite"
    assert [v.code for v in audit(record.hand).violations] == ["showdown-order"]
    converted = _showdown(site_name="PokerStars", network_name="PokerStars", table_name="pglAbCdEfGhIjKlMnOpQrStUv")
    converted["ohh"]["players"][0].update(name="SmithA", display="Al")
    converted["ohh"]["players"][1].update(name="JonesB", display="Bo")
    (record,) = _records(_text(converted))
    hand = record.hand
    assert hand is not None and hand.site == "PokerNow" and not hand.summary.shows_in_order
    assert audit(hand).violations == ()
    assert {n: r.net for n, r in replay(hand).results.items()} == {"SmithA": D(-6), "JonesB": D(6)}
    # a PokerNow game id alone (no nicknames) is not enough to say who wrote the file
    converted["ohh"]["players"][0].pop("display")
    converted["ohh"]["players"][1].pop("display")
    (record,) = _records(_text(converted))
    assert record.hand is not None and record.hand.site == "PokerStars"


def test_stud_and_draw_are_refused_with_the_reason() -> None:
    (record,) = _records(_text(_hand(game_type="Stud")))
    assert record.error is not None and "game_type 'Stud'" in record.error.message


def test_a_field_of_the_wrong_type_names_the_field() -> None:
    hand = _hand()
    hand["ohh"]["players"][1]["starting_stack"] = "lots"
    (record,) = _records(_text(hand))
    assert record.error is not None and record.error.message.startswith("OHH field players → 1 → starting_stack")


def test_run_it_twice_rounds_are_the_second_run() -> None:
    rounds = [
        {"id": 0, "street": "Preflop", "actions": [
            _action(1, 0, "Post SB", 1), _action(2, 1, "Post BB", 2), _action(3, 0, "Raise", 99, True),
            _action(4, 1, "Call", 98, True),
        ]},
        {"id": 1, "street": "Flop", "cards": ["2c", "7d", "9s"], "actions": []},
        {"id": 2, "street": "Turn", "cards": ["Tc"], "actions": []},
        {"id": 3, "street": "River", "cards": ["3d"], "actions": []},
        {"id": 4, "street": "Turn", "cards": ["Jh"], "actions": []},
        {"id": 5, "street": "River", "cards": ["4d"], "actions": []},
        {"id": 6, "street": "Showdown", "actions": [
            _action(7, 0, "Shows Cards", cards=["Ah", "Ad"]), _action(8, 1, "Shows Cards", cards=["Kh", "Kd"]),
        ]},
    ]
    pots = [{"number": 0, "amount": 200, "rake": 0, "player_wins": [{"player_id": 0, "win_amount": 200}]}]
    (record,) = _records(_text(_hand(rounds=rounds, pots=pots, flags=["Run_It_Twice"])))
    assert record.hand is not None, record.error
    streets = [(e.street.value, e.cards, e.board, e.run) for e in record.hand.events if isinstance(e, StreetStart)]
    assert streets[-3:] == [
        ("turn", ("Jh",), ("2c", "7d", "9s"), 2), ("river", ("4d",), (), 2), ("showdown", (), (), None),
    ]
    assert record.hand.summary.run_twice
    rp = replay(record.hand)
    assert not [v for v in rp.violations if v.category == Category.ACCOUNTING], rp.violations
    assert rp.results["A"].net == D(100)


def test_detection_needs_the_ohh_key() -> None:
    assert registry.detect(["{", '    "ohh": {', '        "spec_version": "1.4.6",']) is not None
    assert registry.detect(['{"ohh": {"spec_version": "1.4.6"']).name == "ohh"  # type: ignore[union-attr]
    detected = registry.detect(["{", '    "something": {', '        "spec_version": "1.4.6",'])
    assert detected is None or detected.name != "ohh"


# ---------------------------------------------------------------------------------------------- the corpus
def _documents(path: Path) -> list[dict[str, Any]]:
    """The file's objects, read apart from the reader."""
    text = path.read_text(encoding="utf-8-sig")
    decoder = json.JSONDecoder(parse_float=Decimal)
    out: list[dict[str, Any]] = []
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        obj, i = decoder.raw_decode(text, i)
        out.append(obj["ohh"])


def _amount(value: object) -> Decimal:
    return Decimal(str(value)) if value is not None else Decimal(0)


@pytest.mark.skipif(not OHH_FILES, reason="the corpus's .ohh files are not here")
@pytest.mark.parametrize("path", OHH_FILES, ids=lambda p: p.name[:40])
def test_corpus_file_is_detected_read_and_its_numbers_replayed(path: Path) -> None:
    head = [line for line in path.read_text(encoding="utf-8-sig").splitlines()[:40] if line.strip()]
    fmt = registry.detect(head)
    assert fmt is not None and fmt.name == "ohh"
    records = list(read([path]))
    documents = _documents(path)
    assert len(records) == len(documents) == path.read_text(encoding="utf-8-sig").count('"ohh"')
    assert all(r.hand is not None for r in records), [(r.line, r.error) for r in records if r.hand is None]
    for record, doc in zip(records, documents, strict=True):
        hand = record.hand
        assert hand is not None and hand.hand_id == str(doc["game_number"])
        names = {p["id"]: p["name"] for p in doc["players"]}
        won: dict[str, Decimal] = dict.fromkeys(names.values(), Decimal(0))
        for pot in doc["pots"]:
            for w in pot["player_wins"]:
                won[names[w["player_id"]]] += _amount(w["win_amount"])
        total = sum((_amount(p["amount"]) for p in doc["pots"]), Decimal(0))
        rake = sum((_amount(p.get("rake")) for p in doc["pots"]), Decimal(0))
        put_in: dict[str, Decimal] = dict.fromkeys(names.values(), Decimal(0))
        for rnd in doc["rounds"]:
            for a in rnd["actions"]:
                if a["action"] in ("Post SB", "Post BB", "Post Ante", "Straddle", "Post Dead", "Bet", "Call", "Raise"):
                    put_in[names[a["player_id"]]] += _amount(a.get("amount"))
        rp = replay(hand, states=False)
        where = f"{path.name} line {record.line} hand {hand.hand_id}"
        assert not [v for v in rp.violations if v.category == Category.ACCOUNTING], (where, rp.violations)
        assert sum((p.amount for p in rp.pots), Decimal(0)) == total, where
        assert rp.rake == rake, where
        for name in names.values():
            result = rp.results.get(name)
            assert (result.collected if result else 0) == won[name], (where, name)
        # what came back unmatched is what the players put in beyond the file's pots, to one player
        returned = {n: put_in[n] - r.committed for n, r in rp.results.items() if put_in[n] != r.committed}
        assert sum(returned.values(), Decimal(0)) == sum(put_in.values(), Decimal(0)) - total, where
        assert len(returned) <= 1, where
        assert sum((r.net for r in rp.results.values()), Decimal(0)) == -rake, where
        if "poker_now_log_pgl" in path.name:  # a converter's file from a PokerNow log, labelled PokerStars
            assert (doc["site_name"], hand.site, hand.summary.shows_in_order) == ("PokerStars", "PokerNow", False)


@pytest.mark.skipif(not OHH_FILES, reason="the corpus's .ohh files are not here")
def test_corpus_hands_each_carry_their_objects_line() -> None:
    path = next(p for p in OHH_FILES if "poker_now" in p.name)
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    starts = [n for n, line in enumerate(lines, 1) if line.startswith("{")]
    assert [r.line for r in read([path])] == starts


@pytest.mark.skipif(not OHH_FILES, reason="the corpus's .ohh files are not here")
def test_corpus_hands_written_as_pokerstars_text_keep_their_nets() -> None:
    """What trackers import: each OHH hand as PokerStars text reads back with the same nets, pots and rake."""
    from handlog.writing.pokerstars import hand_to_pokerstars

    same = 0
    for record in read(OHH_FILES):
        hand = record.hand
        assert hand is not None
        (copy,) = read_text(hand_to_pokerstars(hand).text, "copy.txt")
        assert copy.hand is not None, (hand.hand_id, copy.error)
        before, after = replay(hand, states=False), replay(copy.hand, profile_for(hand.site), states=False)
        assert {n: r.net for n, r in after.results.items()} == {n: r.net for n, r in before.results.items()}
        assert [p.amount for p in after.pots] == [p.amount for p in before.pots] and after.rake == before.rake
        same += 1
    assert same == 163


def test_a_negative_amount_is_an_action_in_a_new_form() -> None:
    # an amount no action can have: the player's action in a form not met (unknown-action), the hand read on
    rounds = _hand()["ohh"]["rounds"]
    call = next(a for a in rounds[0]["actions"] if a["action"] == "Call")
    call["amount"] = -4
    (record,) = _records(_text(_hand(rounds=rounds)))
    assert record.hand is not None, record.error
    [unknown] = [e for e in record.hand.events if isinstance(e, UnknownLine)]
    assert unknown.action and unknown.player == "B" and '"amount": "-4"' in unknown.text
    assert "unknown-action" in {v.code for v in audit(record.hand).violations}
