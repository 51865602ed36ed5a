"""Money invariants over every PokerStars Hold'em and Five Card Draw hand of the corpus (skipped without it)."""

from __future__ import annotations

from decimal import Decimal

import fpdb_oracle as fo
import pytest
from corpus_cache import read_cached

from handlog.engine import replay
from handlog.stats.frame import SUPPORTED_GAMES, aggregate, hand_rows, to_frame

STARS = [fo.CORPUS / "fpdb" / "cash" / "Stars", fo.CORPUS / "fpdb" / "tour" / "Stars"]

pytestmark = [pytest.mark.skipif(not STARS[0].is_dir(), reason="../shared/corpus is absent"), pytest.mark.slow]


def test_net_sums_to_minus_the_rake_hand_by_hand() -> None:
    """Over every hand the engine replays without an error, what the players won and lost adds up to
    minus the rake, hand by hand and in total, and so do the aggregates."""
    rows = []
    total_rake = Decimal(0)
    hands = 0
    for record in read_cached(STARS):
        hand = record.hand
        if hand is None or hand.game not in SUPPORTED_GAMES or hand.cancelled:
            continue
        r = replay(hand)
        if r.errors:
            continue  # a log that breaks the rules or its own accounting (the engine's tests cover them)
        if any(x.cashed_out for x in r.results.values()) or hand.summary.stp:
            continue  # money from the room, outside the players' (an EV cash-out, a splash-the-pot): no zero sum
        mine = hand_rows(r, with_allin_ev=False)
        assert sum((x["net"] for x in mine), Decimal(0)) == -r.rake, hand.hand_id
        assert sum((x["rake"] for x in mine), Decimal(0)) == r.rake, hand.hand_id
        rows += mine
        total_rake += r.rake
        hands += 1
    assert hands > 400
    table = to_frame(rows)
    assert sum(table["net"], Decimal(0)) == -total_rake
    agg = aggregate(table, by=["tournament"])  # a row over several tournaments has no chip sum: one per tournament
    assert agg["hands"].sum() == len(table)
    assert sum(agg["net"], Decimal(0)) == -total_rake
    assert aggregate(table)["hands"].sum() == len(table)
