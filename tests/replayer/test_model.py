"""The replayer's view-model, checked against the room's own numbers and the engine's table on real hands.

Expected values come from the logs (seat stacks, the summary's pots and boards, the draw lines) and from the
engine's replay, never from the view-model's own output.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from replaykit import ENGINE_HANDS, HANDS, load

from handlog.engine import replay
from handlog.reading import read_text
from handlog.replayer.model import HandView, hand_view, money, record_view


def event_states(view: HandView) -> list[int]:
    return [k for k, s in enumerate(view["states"]) if 0 <= s["step"] < len(view["states"]) and s["action"]
            and s["action"]["kind"] != "result"]


def test_every_state_shows_the_engine_table() -> None:
    hand = load(ENGINE_HANDS / "nl_mtt_side_pots.txt")
    view = hand_view(hand)
    rp = replay(hand)
    assert view["states"][0]["label"] == "Seats" and view["states"][-1]["label"] == "Result"
    for k in event_states(view):
        state = view["states"][k]
        table = rp.steps[state["step"]].state
        by_name = {s.player: s for s in table.players}
        for info, seat in zip(view["seats"], state["seats"], strict=True):
            engine_seat = by_name[info["name"]]
            assert seat["stack"] == money(engine_seat.stack, "")
            assert seat["bet"] == (money(engine_seat.bet, "") if engine_seat.bet else "")
            assert seat["folded"] == engine_seat.folded and seat["all_in"] == engine_seat.all_in
        assert state["pot"] == money(table.pot, "")
        assert state["to_act"] == table.to_act
        assert state["line"] == rp.steps[state["step"]].event.line


def test_first_state_has_the_seat_lines_stacks_and_last_the_site_pots() -> None:
    hand = load(ENGINE_HANDS / "nl_mtt_side_pots.txt")
    view = hand_view(hand)
    first = view["states"][0]
    stacks = {info["name"]: seat["stack"] for info, seat in zip(view["seats"], first["seats"], strict=True)}
    # Seat lines: Player6 560, Player21 130, Player11 600, Hero 7425, Player13 600
    assert stacks["Player6"] == "560" and stacks["Player21"] == "130" and stacks["Hero"] == "7,425"
    assert first["pot"] == "0" and first["pots"] == []
    last = view["states"][-1]
    # "Total pot 2510 Main pot 670. Side pot-1 1720. Side pot-2 120." and the collected lines' winners
    assert last["pot"] == "2,510"
    assert [(p["name"], p["amount"]) for p in last["pots"]] == [
        ("Main pot", "670"), ("Side pot 1", "1,720"), ("Side pot 2", "120")]
    assert last["pots"][0]["winners"] == ["Player21"]
    assert last["pots"][1]["winners"] == ["Player6"]
    assert sorted(last["pots"][2]["winners"]) == ["Hero", "Player11"]
    assert "Player21" not in last["pots"][1]["eligible"]  # all-in for 130: the main pot only
    final = {info["name"]: seat["stack"] for info, seat in zip(view["seats"], last["seats"], strict=True)}
    assert final["Player21"] == "670"  # all-in for all 130, then "collected 670 from main pot"
    assert final["Player12"] == "240"  # sitting out in a tournament: posts the ante 20, folds


def test_pots_in_the_middle_leave_the_bets_in_front() -> None:
    hand = load(ENGINE_HANDS / "nl_run_twice.txt")
    view = hand_view(hand)
    flop = next(s for s in view["states"] if s["action"] and s["action"]["text"].startswith("Flop"))
    # preflop: 6 + 6 + 6 + 1 (small blind folded) = 19 in the middle, nothing in front yet
    assert [p["amount"] for p in flop["pots"]] == ["€19"]
    bet = next(s for s in view["states"] if s["action"] and s["action"]["text"] == "bets €12")
    hero = next(seat for info, seat in zip(view["seats"], bet["seats"], strict=True) if info["name"] == "Hero")
    assert hero["bet"] == "€12" and bet["pot"] == "€31" and [p["amount"] for p in bet["pots"]] == ["€19"]


def test_run_twice_shows_both_boards() -> None:
    hand = load(ENGINE_HANDS / "nl_run_twice.txt")
    view = hand_view(hand)
    last = view["states"][-1]
    # FIRST Board [Js 9h Jh Qs 2d] / SECOND Board [Js 9h Jh Qs 5h]
    assert last["board"] == ["Js", "9h", "Jh", "Qs", "2d"]
    assert last["board2"] == ["Js", "9h", "Jh", "Qs", "5h"]
    second_river = next(s for s in view["states"] if s["action"] and s["action"]["text"] == "Second river [5h]")
    assert second_river["board2"][-1] == "5h" and second_river["board"][-1] == "2d"
    assert view["status"] == "clean"


def test_five_card_draw_shows_the_draw() -> None:
    hand = load(ENGINE_HANDS / "draw_nl.txt")
    view = hand_view(hand)
    assert view["hole_cards"] == 5
    last = view["states"][-1]
    seats = {info["name"]: seat for info, seat in zip(view["seats"], last["seats"], strict=True)}
    # "Player4: discards 1 card"; "Hero: discards 1 card [4c]"; "Dealt to Hero [4d 7d 5c Tc] [Ad]"
    assert seats["Player4"]["draw"] == {"count": 1, "discarded": [], "received": []}
    assert seats["Hero"]["draw"] == {"count": 1, "discarded": ["4c"], "received": ["Ad"]}
    assert sorted(seats["Hero"]["cards"]) == sorted(["4d", "7d", "5c", "Tc", "Ad"])
    assert seats["Player4"]["cards"] == ["6d", "Js", "As", "Jd", "6c"]  # shown at the showdown
    labels = [s["label"] for s in view["states"]]
    assert "Before the draw" in labels and "Draw" in labels and "After the draw" in labels
    draw_turns = [s["to_act"] for s in view["states"] if s["label"] == "Draw"]
    assert draw_turns[0] == "Player4"  # the draw goes round from the left of the button (seat 3)


def test_violation_is_shown_where_it_happens() -> None:
    hand = load(HANDS / "fl_heads_up_blind_position.txt")
    view = hand_view(hand)
    assert view["status"] == "violations"
    assert [v["code"] for v in view["violations"]] == ["blind-position"]
    placed = view["states"][view["violations"][0]["state"]]
    assert placed["line"] == 5  # "Player1: posts small blind $0.50"
    assert placed["action"] == {"player": "Player1", "kind": "post", "text": "posts small blind $0.50"}
    assert all(not s["violations"] for s in view["states"] if s is not placed)


def test_summary_violation_goes_to_the_result() -> None:
    text = (ENGINE_HANDS / "nl_6max_kicker.txt").read_text(encoding="utf-8")
    collect = text.replace("Player4 collected $8.55", "Player4 collected $8.65")  # line 32
    view = record_view(read_text(collect, "wrong.txt")[0])
    where = {v["code"]: view["states"][v["state"]] for v in view["violations"]}
    assert where["collected-total"]["line"] == 32  # at the collect itself
    assert where["collected-total"]["action"] == {
        "player": "Player4", "kind": "collect", "text": "collects $8.65 from the pot"}
    summary = text.replace("and won ($8.55)", "and won ($8.65)")  # line 39: the summary alone disagrees
    view = record_view(read_text(summary, "wrong.txt")[0])
    where = {v["code"]: view["states"][v["state"]] for v in view["violations"]}
    assert where["summary-won"] is view["states"][-1]  # a summary line: after every event, on the result


def test_view_is_json_and_decimal_exact() -> None:
    view = hand_view(load(ENGINE_HANDS / "plo_raked_side_pots.txt"))
    again = json.loads(json.dumps(view))
    assert again == view
    total = sum((Decimal(p["amount"].lstrip("$€£").replace(",", "")) for p in view["states"][-1]["pots"]), Decimal(0))
    assert money(total, view["symbol"]) == view["states"][-1]["pot"]


def test_unparsed_hand_says_where_and_why() -> None:
    lines = (ENGINE_HANDS / "nl_6max_kicker.txt").read_text(encoding="utf-8").splitlines()
    text = "\n".join([*lines[:12], "Seat 9: Intruder ($1 in chips)", *lines[12:]]) + "\n"
    record = read_text(text, "cut.txt")[0]
    view = record_view(record)
    assert view["status"] == "unparsed" and view["states"] == []
    assert view["error"] is not None and "cut.txt:13" in view["error"]


def test_money_is_exact() -> None:
    assert money(Decimal("0.5"), "$") == "$0.50"
    assert money(Decimal("1234"), "") == "1,234"
    assert money(Decimal("-0.08"), "$") == "-$0.08"
    assert money(Decimal("0.005"), "€") == "€0.005"


def test_a_hand_that_cannot_be_drawn_costs_that_hand_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from handlog.replayer import model

    record = read_text((ENGINE_HANDS / "draw_nl.txt").read_text(encoding="utf-8"), "draw.txt")[0]

    def broken(*_: object) -> None:
        raise KeyError("Player9")

    monkeypatch.setattr(model, "hand_view", broken)
    view = record_view(record)
    assert view["status"] == "not-replayed" and view["states"] == []
    assert view["error"] == "handlog could not draw this hand (KeyError: 'Player9'); please report it"


def test_a_stack_the_log_does_not_state_is_shown_as_unknown() -> None:
    # a player who joined during the hand with a seat line of no chips (engine.state: UNKNOWN_STACK)
    from handlog.engine.state import UNKNOWN_STACK
    from handlog.replayer.model import money

    assert money(UNKNOWN_STACK, "$") == "?"
    assert money(Decimal("-1.50"), "$") == "-$1.50"
