"""The replay's money against a second opinion: fpdb's ``totalProfit`` for every PokerStars Hold'em and Five Card
Draw (hand, player) of ../shared/corpus (skipped when the corpus is absent).

fpdb is one tracker's opinion; where it disagrees, the log was read by hand and the replay is right (listed below).
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from corpus_cache import CORPUS, read_cached

from handlog.engine import replay
from handlog.events import Game

STATS = CORPUS / "fpdb-stats" / "stars-dev.jsonl"

pytestmark = [pytest.mark.skipif(not STATS.is_file(), reason="../shared/corpus is not there"), pytest.mark.slow]

# (hand id, player): fpdb's totalProfit, in cents, is wrong for these; the replay's net is right.
FPDB_WRONG = {
    # 2005 heads-up: the small blind folds, no "Uncalled bet" line; the big blind wins the 0.50 small blind
    ("2344646393", "Hero"): Decimal("0.50"),
    # PokerTracker 2 export: Feline's flop bet of 24 is uncalled; 30.40 collected less the 8 put in preflop
    ("13177128246", "Feline"): Decimal("22.40"),
    # 2006 shootout, no "Uncalled bet" line: Player0 wins the other blind of 120
    ("6876227979", "Player0"): Decimal("120"),
    # 2005 tournaments, no "Uncalled bet" line: the uncalled part of an all-in is not lost
    ("3352709873", "Player6"): Decimal("100"),
    ("3262982446", "Player2"): Decimal("1525"),
    # converted walk: whatever the lines say, the big blind wins the small blind's 10
    ("3405956177", "brian"): Decimal("10"),
    # converted walk without a small blind: the big blind wins the five antes (300) less its own (60)
    ("3210674180", "Big Blind"): Decimal("240"),
    # Run It Once (PokerStars' layout, another room): "John R: raises €0.54 to €1.12" after his own bet of €0.19
    # adds €1.12 (Barre's call of €0.73 and "Total pot €9.56" show it): John R loses his whole stack of €4.77
    ("30702949", "John R"): Decimal("-4.77"),
    # Run It Once walks: the big blind collects the pot with the small blind in it (fpdb loses those €0.05)
    ("30417551", "Ari L"): Decimal("0.05"),
    # ... and with €0.50 of Splash The Pot: €0.65 collected, €0.10 put in
    ("30446369", "Dawson D"): Decimal("0.55"),
}


def test_replay_net_agrees_with_fpdb() -> None:
    fpdb: dict[tuple[str, str], Decimal] = {}
    with STATS.open(encoding="utf-8") as stream:
        for line in stream:
            row = json.loads(line)
            if "error" not in row:
                fpdb[(row["hand_id"], row["player"])] = Decimal(row["totalProfit"]) / 100
    compared = 0
    disagree: dict[tuple[str, str], Decimal] = {}
    for record in read_cached([CORPUS / "fpdb" / "cash" / "Stars", CORPUS / "fpdb" / "tour" / "Stars"]):
        hand = record.hand
        if hand is None or hand.game not in (Game.HOLDEM, Game.FIVE_CARD_DRAW):
            continue
        for name, result in replay(hand).results.items():
            theirs = fpdb.get((hand.hand_id, name))
            if theirs is None:
                continue
            compared += 1
            if result.net != theirs:
                disagree[(hand.hand_id, name)] = result.net
    assert compared >= 2800
    assert disagree == FPDB_WRONG
