"""Each counter on hand-made hands: one edge case per hand (see hands.py)."""

from __future__ import annotations

from typing import Any

import made_hands as hands
import pytest

from handlog.engine import replay
from handlog.events import Hand
from handlog.stats.frame import hand_rows


def rows(hand: Hand) -> dict[str, dict[str, Any]]:
    return {r["player"]: r for r in hand_rows(replay(hand))}


def true_fields(row: dict[str, Any]) -> set[str]:
    return {k for k, v in row.items() if v is True}


def test_walk() -> None:
    r = rows(hands.WALK)
    assert r["Bb"]["position"] == "BB"
    # no decision at all: no VPIP, no open opportunity, nothing; but everybody folded to them: last to act
    assert true_fields(r["Bb"]) == {"in_position_preflop"}
    assert r["Sb"]["open_opp"] and r["Sb"]["steal_opp"] and not r["Sb"]["steal"]
    assert r["Utg"]["open_opp"] and not r["Utg"]["steal_opp"]
    assert r["Btn"]["steal_opp"] and r["Co"]["steal_opp"] and not r["Hj"]["steal_opp"]
    assert str(r["Bb"]["net"]) == "0.50" and str(r["Sb"]["net"]) == "-0.50"
    assert not any(x["saw_showdown"] or x["saw_flop"] for x in r.values())


def test_blind_versus_blind() -> None:
    r = rows(hands.BLIND_VS_BLIND)
    sb, bb = r["Sb"], r["Bb"]
    assert sb["steal_opp"] and sb["steal"] and sb["open_raise"] and sb["pfr"] and sb["vpip"]
    assert bb["fold_bb_to_steal_opp"] and bb["fold_bb_to_steal"]
    assert not bb["fold_sb_to_steal_opp"] and not sb["fold_sb_to_steal_opp"]
    assert bb["three_bet_opp"] and not bb["three_bet"]
    assert not sb["cbet_flop_opp"]  # no flop was dealt


def test_limped_pot() -> None:
    r = rows(hands.LIMPED)
    assert r["Utg"]["limp"] and r["Btn"]["limp"] and r["Sb"]["limp"]  # completing the small blind is a limp
    assert r["Utg"]["open_opp"] and not r["Btn"]["open_opp"]
    assert not r["Bb"]["vpip"] and not r["Bb"]["limp"]  # checking the big blind is not voluntary
    assert not any(x["pfr"] or x["cbet_flop_opp"] or x["fold_to_cbet_flop_opp"] for x in r.values())
    assert r["Btn"]["postflop_bets"] == 1 and r["Btn"]["postflop_checks"] == 2
    assert r["Utg"]["postflop_calls"] == 1 and r["Utg"]["postflop_checks"] == 3
    assert r["Utg"]["saw_showdown"] and r["Btn"]["saw_showdown"] and not r["Bb"]["saw_showdown"]
    assert r["Utg"]["won_at_showdown"] and not r["Btn"]["won_at_showdown"]
    assert r["Utg"]["won_when_saw_flop"] and r["Bb"]["saw_flop"] and not r["Bb"]["saw_turn"]
    assert str(r["Utg"]["rake"]) == "0.30" and str(r["Utg"]["collected"]) == "7.70"


def test_straddle_is_a_blind_not_a_raise() -> None:
    r = rows(hands.STRADDLE)
    assert r["Utg"]["position"] == "UTG"
    assert r["Hj"]["limp"] and r["Hj"]["vpip"]  # calling the straddle is a limp
    co = r["Co"]
    assert co["pfr"] and not co["open_opp"] and not co["three_bet_opp"]  # a raise over a limper, not a 3-bet
    assert r["Utg"]["three_bet_opp"] and not r["Utg"]["squeeze_opp"] and r["Utg"]["cold_call"]
    assert co["cbet_flop_opp"] and co["cbet_flop"]
    assert r["Utg"]["fold_to_cbet_flop_opp"] and r["Utg"]["fold_to_cbet_flop"]


def test_all_in_preflop() -> None:
    r = rows(hands.ALLIN_PREFLOP)
    assert r["Sb"]["all_in_street"] == "preflop" and r["Bb"]["all_in_street"] is None
    assert r["Sb"]["saw_flop"] and r["Sb"]["saw_river"] and r["Sb"]["saw_showdown"]
    assert not r["Sb"]["cbet_flop_opp"]  # no decision on the flop: nobody can bet
    assert r["Bb"]["three_bet_opp"] is False  # facing an all-in with nobody else to act: no raise possible
    assert r["Sb"]["steal"] and r["Bb"]["fold_bb_to_steal_opp"] and not r["Bb"]["fold_bb_to_steal"]


def test_squeeze() -> None:
    r = rows(hands.SQUEEZE)
    co, utg, hj = r["Co"], r["Utg"], r["Hj"]
    assert utg["open_raise"] and hj["cold_call"] and hj["three_bet_opp"] and not hj["squeeze_opp"]
    assert co["squeeze_opp"] and co["squeeze"] and co["three_bet"]
    assert utg["fold_to_three_bet_opp"] and utg["fold_to_three_bet"]
    assert utg["four_bet_opp"] and hj["four_bet_opp"] and r["Btn"]["four_bet_opp"]
    assert not hj["fold_to_three_bet_opp"]  # only the opener "folds to a 3-bet"
    assert r["Btn"]["squeeze_opp"] is False  # a 3-bet was already in


def test_cbet_into_check_raise() -> None:
    r = rows(hands.CBET_CHECK_RAISE)
    co, bb = r["Co"], r["Bb"]
    assert co["steal"] and bb["fold_bb_to_steal_opp"] and not bb["fold_bb_to_steal"]
    assert co["cbet_flop_opp"] and co["cbet_flop"]
    assert bb["fold_to_cbet_flop_opp"] and not bb["fold_to_cbet_flop"]
    assert bb["check_raise_flop_opp"] and bb["check_raise_flop"]
    assert not co["check_raise_flop_opp"]
    assert not co["cbet_turn_opp"]  # the flop c-bet was raised: no turn c-bet
    assert not co["fold_to_cbet_turn_opp"]  # the turn bet is not a c-bet
    assert co["postflop_bets"] == 1 and co["postflop_calls"] == 1 and co["postflop_folds"] == 1
    assert bb["postflop_raises"] == 1 and bb["postflop_bets"] == 1 and bb["postflop_checks"] == 1


def test_split_pot() -> None:
    r = rows(hands.SPLIT_POT)
    assert r["Utg"]["won_at_showdown"] and r["Bb"]["won_at_showdown"]
    assert str(r["Utg"]["net"]) == "0.25" and str(r["Bb"]["net"]) == "0.25"
    assert r["Utg"]["cbet_flop_opp"] and not r["Utg"]["cbet_flop"]
    assert not r["Bb"]["fold_to_cbet_flop_opp"]


def test_heads_up_button_is_small_blind() -> None:
    r = rows(hands.HEADS_UP)
    assert r["Btn"]["position"] == "SB" and r["Bb"]["position"] == "BB"
    assert r["Btn"]["steal_opp"] and r["Btn"]["steal"]
    assert r["Bb"]["fold_bb_to_steal_opp"] and r["Bb"]["fold_bb_to_steal"]


@pytest.mark.parametrize("hand", hands.ALL, ids=lambda h: h.hand_id)
def test_actions_imply_opportunities(hand: Hand) -> None:
    for row in rows(hand).values():
        for name, value in row.items():
            if name.endswith("_opp"):
                assert value or not row[_action(name)], (name, row["player"])
        assert not row["pfr"] or row["vpip"]
        assert not row["won_at_showdown"] or row["saw_showdown"]


def _action(opp: str) -> str:
    name = opp.removesuffix("_opp")
    return {"open": "open_raise"}.get(name, name)
