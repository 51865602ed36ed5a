"""handlog's statistics against fpdb's for every Bovada / Ignition / Bodog hand of the corpus that both read
(``fpdb-stats/sites-dev.jsonl``, fpdb's name "Bovada"), with ``test_fpdb_corpus``'s comparison and rules.

The room writes no player names: fpdb names the hero "Hero" and the others "Seat N" by their seat, as handlog's
reader does, so the rows pair up by name.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import fpdb_oracle as fo
import pytest
from test_fpdb_corpus import FPDB_WRONG, Rule, Seen, _all_in_blind, compare

import handlog
from handlog.events import UncalledBet

pytestmark = pytest.mark.skipif(not fo.SITES_DEV.is_file(), reason="../shared/corpus is absent")

Row = dict[str, Any]
SITE = "Bovada"

def _uncalled_return_kept_out(f: Row, o: Row, h: Seen) -> bool:
    """fpdb leaves out the "Return uncalled portion of bet": the returned chips count as lost in its
    ``totalProfit`` (its ``winnings`` agree with handlog's)."""
    returned = _returns().get((str(Path(o["file"]).resolve()), o["hand_id"]), {}).get(o["player"], Decimal(0))
    return returned > 0 and fo.fpdb_value("totalProfit", f["totalProfit"]) == Decimal(o["net"]) - returned


@cache
def _returns() -> dict[tuple[str, str], dict[str, Decimal]]:
    """Each corpus hand's uncalled bets returned, by player, as the log states them."""
    out: dict[tuple[str, str], dict[str, Decimal]] = {}
    for record in handlog.read(sorted((fo.CORPUS / "fpdb").glob("*/Bovada"))):
        if record.hand is not None:
            back = out.setdefault((str(Path(record.file).resolve()), record.hand.hand_id), {})
            for e in record.hand.events:
                if isinstance(e, UncalledBet):
                    back[e.player] = back.get(e.player, Decimal(0)) + e.amount
    return out


def _check_raise_as_cbet(f: Row, o: Row, h: Seen) -> bool:
    """fpdb counts the preflop aggressor's check-raise on the flop as a c-bet: a c-bet is the first bet."""
    first = h.decisions(o["player"], 1)
    return bool(f["street1CBDone"]) and bool(first) and first[0].kind == "check" and any(
        a.kind == "raise" for a in first[1:])


def _blind_money_is_voluntary(f: Row, o: Row, h: Seen) -> bool:
    """A blind whose first preflop decision is a call or a raise put money in voluntarily; fpdb says no."""
    first = h.decisions(o["player"], 0)[:1]
    return not f["street0VPI"] and bool(first) and first[0].kind in ("call", "raise") and o["position"] in (
        "SB", "BB")


def _rake_split_otherwise(f: Row, o: Row, h: Seen) -> bool:
    """Where several players collect, fpdb shares the rake out its own way (equal shares, the odd cent to
    another winner, half cents): handlog charges it in proportion to what each collected, in whole cents."""
    return Decimal(o["rake"]) > 0 and Decimal(o["collected"]) > 0 and f["rake"] > 0


def _unstated_rake_charged_to_nobody(f: Row, o: Row, h: Seen) -> bool:
    """Where the room states no rake, fpdb charges none; handlog charges the pot less what it paid to the
    players who collected."""
    return f["rake"] == 0 and Decimal(o["collected"]) > 0


def _tournament_rake(f: Row, o: Row, h: Seen) -> bool:
    """fpdb gives a tournament hand a rake (positive or negative, in chips): a tournament takes no rake from a
    hand's pot."""
    return o["currency"] == "CHIPS" and f["rake"] != 0 and Decimal(o["rake"]) == 0


def _no_street_lines(f: Row, o: Row, h: Seen) -> bool:
    """The 2012 layout writes no street lines (at most "Card to the table [..]"): fpdb puts every action of the
    hand in the preflop round, where handlog starts each street where the betting goes on after a round closed
    (or at the board's line)."""
    return (str(Path(o["file"]).resolve()), o["hand_id"]) in _unlined_hands()


@cache
def _unlined_hands() -> frozenset[tuple[str, str]]:
    """The corpus hands of the room that deal a flop (a board in the summary) without a "*** FLOP" line."""
    found: set[tuple[str, str]] = set()
    for path in sorted((fo.CORPUS / "fpdb").glob("*/Bovada/**/*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in _HAND.finditer(text):
            body = m.group(0)
            if "*** FLOP" not in body and _BOARD.search(body):
                found.add((str(path.resolve()), m.group(1)))
    return frozenset(found)


_HAND = re.compile(r"Hand #([0-9]+).*?(?=(?:Bovada|Ignition|Bodog)[a-zA-Z. ]* Hand #|\Z)", re.DOTALL)
_BOARD = re.compile(r"^Board \[\S+ \S+ \S+", re.MULTILINE)


# Hands whose log repeats lines (``test_bovada.FLAGGED``): fpdb and handlog read the repeats differently.
_REPEATED = {
    ("fpdb/tour/Bovada/Flop/NLHE-6max-USD-STT - Holdem (Double-Up Turbo) - $10-$0.50 - 201502.txt", "3152355148"),
    ("fpdb/tour/Bovada/Flop/NLHE-6max-USD-STT - Holdem (Double-Up Turbo) - $10-$0.50 - 201502.txt", "3152357958"),
}


def _log_repeats_lines(f: Row, o: Row, h: Seen) -> bool:
    """The log repeats an all-in and its calls, or a raise, many times: its numbers are broken, both readings
    of it are guesses."""
    return (f["file"], f["hand_id"]) in _REPEATED


def _extend(rules: dict[str, tuple[Rule, ...]], fields: tuple[str, ...], rule: Rule) -> None:
    for field in fields:
        rules[field] = (*rules.get(field, ()), rule)


WRONG: dict[str, tuple[Rule, ...]] = {**FPDB_WRONG}
_extend(WRONG, ("totalProfit",), _uncalled_return_kept_out)
_extend(WRONG, ("street0VPI",), _blind_money_is_voluntary)
_extend(WRONG, ("rake",), _rake_split_otherwise)
_extend(WRONG, ("rake",), _unstated_rake_charged_to_nobody)
_extend(WRONG, ("totalProfit",), _all_in_blind)
_extend(WRONG, ("street1CBDone",), _check_raise_as_cbet)
_extend(WRONG, ("rake",), _tournament_rake)
_extend(WRONG, tuple(fo.FLAGS), _no_street_lines)
_extend(WRONG, tuple(fo.FIELDS), _log_repeats_lines)


@pytest.fixture(scope="module")
def compared() -> tuple[Counter[str], Counter[str], Counter[str], list[str]]:
    return compare(fo.sites_dev(SITE), WRONG)


def test_agreement_with_fpdb_over_every_bovada_hand(
    compared: tuple[Counter[str], Counter[str], Counter[str], list[str]],
) -> None:
    agree, explained, total, unexplained = compared
    print("\n".join(f"{f:24} {agree[f]}/{total[f]} agree, {explained[f]} explained" for f in total))
    print("\n".join(unexplained[:300]))
    assert total["winnings"] >= 5700  # every hold'em (hand, player) of fpdb's 6604 rows that handlog reads too
    assert agree["position"] / total["position"] >= 0.99
    assert sum(agree.values()) / sum(total.values()) >= 0.97
    for field in total:
        assert (agree[field] + explained[field]) / total[field] >= 0.97, field
    assert not unexplained
