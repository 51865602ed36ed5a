"""handlog's statistics against fpdb's (``fpdb-stats/sites-dev.jsonl``) for the rooms whose corpus is a hand or two:
Cake, OnGame (bwin) and PKR, with ``test_fpdb_corpus``'s comparison and rules. Every field of every (hand, player)
fpdb read agrees, or the difference is one of fpdb's known errors."""

from __future__ import annotations

import re

import fpdb_oracle as fo
import pytest
from test_fpdb_corpus import HOLDEM_AND_DRAW, assert_agreement, compare

pytestmark = [pytest.mark.skipif(not fo.SITES_DEV.is_file(), reason="../shared/corpus is absent"), pytest.mark.slow]


def _digits(hand_id: str) -> str:
    """OnGame's "R5-22678800-36" is 52267880036 to fpdb: its digits."""
    return re.sub(r"[^0-9]", "", hand_id)


@pytest.mark.parametrize(("site", "players"), [("Cake", 9), ("OnGame", 6), ("PKR", 6)])
def test_agreement_with_fpdb(site: str, players: int) -> None:
    compared = compare(fo.sites_dev(site), fpdb_id=_digits, games=HOLDEM_AND_DRAW)
    agree, _, total, unexplained = compared
    assert total["winnings"] == players  # every (hand, player) row fpdb wrote was read and compared
    assert_agreement(compared, 10 * players)
    assert unexplained == []
    assert sum(agree.values()) >= 0.97 * sum(total.values())
