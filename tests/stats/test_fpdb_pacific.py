"""handlog's statistics against fpdb's for every 888 / Pacific Poker Hold'em hand of the corpus
(``fpdb-stats/sites-dev.jsonl``, fpdb's name "PacificPoker"), with ``test_fpdb_corpus``'s comparison and rules.

fpdb's quirks on 888 logs, beyond those ``test_fpdb_corpus.FPDB_WRONG`` names for PokerStars (each rule checks its
case from the log or from fpdb's own numbers):

* the unmatched part of a bet (888 prints no uncalled-bet line) fpdb counts as won (``fpdb_unstated``);
* the rake nobody states: the same for the hand, shared otherwise between split winners (``fpdb_unstated``);
* the unmatched ante of an all-in (888's BLAST) fpdb counts as lost (``fpdb_unstated``);
* a small blind who completes the blind, or a blind who calls a raise, has put money in voluntarily; fpdb's
  ``street0VPI`` says no (the first as on Full Tilt, ``test_fpdb_sites``);
* fpdb counts the preflop raiser's check-raise on the flop as a c-bet (``fpdb_unstated``);
* hands whose log breaks a rule (``test_pacific.FLAGGED``) are guessed at by fpdb and replayed as written.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import fpdb_oracle as fo
import fpdb_unstated as fu
import pytest
from test_fpdb_corpus import FPDB_WRONG, Rule, Seen, compare
from test_fpdb_sites import _blind_money_is_voluntary

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "formats"))
from test_pacific import FLAGGED

pytestmark = [pytest.mark.skipif(not fo.SITES_DEV.is_file(), reason="../shared/corpus is absent"), pytest.mark.slow]

Row = dict[str, Any]
SITE = "PacificPoker"


def _broken_log(f: Row, o: Row, h: Seen) -> bool:
    return (fu.file_name(o), str(o["hand_id"])) in FLAGGED


WRONG: dict[str, tuple[Rule, ...]] = {field: (*FPDB_WRONG.get(field, ()), _broken_log) for field in fo.FIELDS}
WRONG["winnings"] = (*WRONG["winnings"], fu.uncalled_counted_as_won(SITE))
WRONG["rake"] = (*WRONG["rake"], fu.rake_shared_otherwise(SITE))
WRONG["street0VPI"] = (*WRONG["street0VPI"], _blind_money_is_voluntary, fu.blind_calls_a_raise(SITE))
WRONG["totalProfit"] = (*WRONG["totalProfit"], fu.uncalled_counted_as_lost(SITE))
WRONG["street1CBDone"] = (*WRONG["street1CBDone"], fu.check_raise_counted_as_cbet)


@pytest.fixture(scope="module")
def compared() -> tuple[Counter[str], Counter[str], Counter[str], list[str]]:
    return compare(fo.sites_dev(SITE), WRONG)


def test_agreement_with_fpdb_over_every_pacific_hand(
    compared: tuple[Counter[str], Counter[str], Counter[str], list[str]],
) -> None:
    agree, explained, total, unexplained = compared
    print("\n".join(f"{f:24} {agree[f]}/{total[f]} agree, {explained[f]} explained" for f in total))
    print("\n".join(unexplained))
    assert total["winnings"] >= 2000  # every Hold'em (hand, player) fpdb read
    assert sum(agree.values()) / sum(total.values()) >= 0.97
    for field in total:
        assert (agree[field] + explained[field]) / total[field] >= 0.99, field
    assert not unexplained
