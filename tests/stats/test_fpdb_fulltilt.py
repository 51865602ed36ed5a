"""handlog's statistics against fpdb's for every Full Tilt Hold'em and Five Card Draw hand of the corpus
(``fpdb-stats/sites-dev.jsonl``, fpdb's name "Full Tilt Poker"), with ``test_fpdb_corpus``'s comparison and rules.

fpdb's quirks on Full Tilt logs, beyond those ``test_fpdb_corpus.FPDB_WRONG`` names for PokerStars:

* walks in the 2012 Matrix sit & gos lack the small blind's fold (see ``test_fulltilt.FLAGGED``): fpdb then has
  the blinds see the flop, turn and river of a hand that ended before the flop;
* a small blind who raises first in (heads-up) or completes the blind has put money in voluntarily; fpdb's
  ``street0VPI`` says no (as on PokerStars: ``test_fpdb_misses_voluntary_money_from_the_blinds``);
* fpdb charges the rake to nobody where handlog charges it to the winner (the site's "Rake $0.60" of a pot the
  winner takes alone);
* the sidecar of the Five Card Draw hand (an older fpdb) misses the folds to the c-bet after the draw that
  ``sites-dev.jsonl`` (a newer fpdb) counts.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import fpdb_oracle as fo
import pytest
from test_fpdb_corpus import FPDB_WRONG, Rule, Seen, compare, sidecar_problems, sidecars

pytestmark = pytest.mark.skipif(not fo.SITES_DEV.is_file(), reason="../shared/corpus is absent")

Row = dict[str, Any]
SITE = "Full Tilt Poker"


def _walk_without_small_blind_fold(f: Row, o: Row, h: Seen) -> bool:
    """The log ends preflop (nobody sees the flop in handlog's count) but fpdb has this player see streets:
    the hand is one of the Matrix walks whose log misses a fold."""
    return bool(f["street1Seen"]) and not any(h.betting.round(1))


def _blind_money_is_voluntary(f: Row, o: Row, h: Seen) -> bool:
    """A small blind whose first preflop decision is a raise or a call (completing the blind) put money in
    voluntarily."""
    first = h.decisions(o["player"], 0)[:1]
    return not f["street0VPI"] and bool(first) and first[0].kind in ("call", "raise") and o["position"] == "SB"


def _rake_charged_to_nobody(f: Row, o: Row, h: Seen) -> bool:
    """fpdb leaves the rake uncharged; handlog charges the site's rake to the players who collected."""
    return f["rake"] == 0 and o["collected"] > 0


def _fold_to_cbet_after_the_draw(f: Row, o: Row, h: Seen) -> bool:
    """The sidecar's fpdb gives the fold-to-c-bet chance and then misses the fold itself."""
    return bool(f["foldToStreet1CBChance"]) and not f["foldToStreet1CBDone"] and bool(o["fold_to_cbet_flop"])


WRONG: dict[str, tuple[Rule, ...]] = {
    **FPDB_WRONG,
    "street1Seen": (*FPDB_WRONG.get("street1Seen", ()), _walk_without_small_blind_fold),
    "street2Seen": (*FPDB_WRONG.get("street2Seen", ()), _walk_without_small_blind_fold),
    "street3Seen": (*FPDB_WRONG.get("street3Seen", ()), _walk_without_small_blind_fold),
    "street0VPI": (*FPDB_WRONG.get("street0VPI", ()), _blind_money_is_voluntary),
    "rake": (*FPDB_WRONG.get("rake", ()), _rake_charged_to_nobody),
    "foldToStreet1CBDone": (*FPDB_WRONG.get("foldToStreet1CBDone", ()), _fold_to_cbet_after_the_draw),
}


@pytest.fixture(scope="module")
def compared() -> tuple[Counter[str], Counter[str], Counter[str], list[str]]:
    return compare(fo.sites_dev(SITE), WRONG)


def test_agreement_with_fpdb_over_every_full_tilt_hand(
    compared: tuple[Counter[str], Counter[str], Counter[str], list[str]],
) -> None:
    agree, explained, total, unexplained = compared
    print("\n".join(f"{f:24} {agree[f]}/{total[f]} agree, {explained[f]} explained" for f in total))
    print("\n".join(unexplained))
    assert total["winnings"] >= 650  # every Hold'em and Five Card Draw (hand, player) fpdb read
    assert sum(agree.values()) / sum(total.values()) >= 0.97
    for field in total:
        assert (agree[field] + explained[field]) / total[field] >= 0.97, field
    assert agree["position"] / total["position"] >= 0.99
    assert not unexplained


@pytest.mark.parametrize("sidecar", sidecars("FTP"), ids=lambda p: p.name)
def test_first_hand_agrees_with_the_sidecar(sidecar: Any) -> None:
    assert not sidecar_problems(sidecar, WRONG)
