"""fpdb's quirks on logs that state no uncalled-bet line and no rake (PartyPoker, 888), as comparison rules.

* The unmatched part of a bet goes back without a line of its own, or inside what its owner collects: fpdb counts it
  as won; handlog returns it (an ``UncalledBet``, or the engine where no line prints it) and counts the rest as
  collected.
* With no rake stated, both take the pot less what was collected as the rake, but share it between the winners of a
  split pot differently (fpdb by its own rounding; handlog in proportion to what each collected).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import fpdb_oracle as fo
from corpus_cache import read_cached

from handlog.engine import replay
from handlog.events import Post, PostType, UncalledBet

Row = dict[str, Any]


@cache
def _facts(
    site: str,
) -> tuple[dict[tuple[str, str], Decimal], dict[str, Decimal], dict[str, Decimal], frozenset[tuple[str, str]]]:
    """Per (hand id, player) the chips returned as an unmatched bet; per hand handlog's rake and fpdb's; who posted a
    blind in which hand."""
    rows = [r for r in fo.sites_dev(site) if "error" not in r]
    fpdb_rake: dict[str, Decimal] = {}
    for r in rows:
        fpdb_rake[r["hand_id"]] = fpdb_rake.get(r["hand_id"], Decimal(0)) + fo.fpdb_value("rake", r["rake"])
    returned: dict[tuple[str, str], Decimal] = {}
    rake: dict[str, Decimal] = {}
    blinds: set[tuple[str, str]] = set()
    for record in read_cached(sorted({fo.CORPUS / r["file"] for r in rows})):
        hand = record.hand
        if hand is None:
            continue
        done = replay(hand, states=False)
        rake[hand.hand_id] = done.rake
        for player, amount in done.returned_unprinted:  # a return the reader left to the engine (no line prints it)
            key = (hand.hand_id, player)
            returned[key] = returned.get(key, Decimal(0)) + amount
        for e in hand.events:
            if isinstance(e, Post) and e.post in (PostType.SMALL_BLIND, PostType.BIG_BLIND):
                blinds.add((hand.hand_id, e.player))
            if isinstance(e, UncalledBet):
                key = (hand.hand_id, e.player)
                returned[key] = returned.get(key, Decimal(0)) + e.amount
    return returned, rake, fpdb_rake, frozenset(blinds)


def returned(site: str, hand_id: str, player: str) -> Decimal:
    return _facts(site)[0].get((hand_id, player), Decimal(0))


def uncalled_counted_as_won(site: str) -> Callable[[Row, Row, Any], bool]:
    def rule(f: Row, o: Row, h: Any) -> bool:
        """fpdb's winnings are handlog's collect plus the unmatched bet the site returned to the player."""
        back = returned(site, str(o["hand_id"]), o["player"])
        return bool(back) and fo.fpdb_value("winnings", f["winnings"]) == Decimal(o["collected"]) + back

    return rule


def rake_shared_otherwise(site: str) -> Callable[[Row, Row, Any], bool]:
    def rule(f: Row, o: Row, h: Any) -> bool:
        """The hand's rake is the same for both; only its share between the winners differs."""
        _, rake, fpdb_rake, _ = _facts(site)
        hand = str(o["hand_id"])
        return hand in rake and abs(rake[hand] - fpdb_rake.get(hand, Decimal(-1))) <= Decimal("0.01")

    return rule


def uncalled_counted_as_lost(site: str) -> Callable[[Row, Row, Any], bool]:
    def rule(f: Row, o: Row, h: Any) -> bool:
        """fpdb's loss includes the unmatched bet the site gave back (888's BLAST: an all-in on the ante)."""
        back = returned(site, str(o["hand_id"]), o["player"])
        return bool(back) and fo.fpdb_value("totalProfit", f["totalProfit"]) == Decimal(o["net"]) - back

    return rule


def blind_calls_a_raise(site: str) -> Callable[[Row, Row, Any], bool]:
    def rule(f: Row, o: Row, h: Any) -> bool:
        """A blind who calls a raise puts money in voluntarily; fpdb's ``street0VPI`` says no in these hands."""
        first = h.decisions(o["player"], 0)[:1]
        posted = (str(o["hand_id"]), o["player"]) in _facts(site)[3]
        return not f["street0VPI"] and posted and bool(first) and first[0].kind == "call" and first[0].facing_bet

    return rule


def check_raise_counted_as_cbet(f: Row, o: Row, h: Any) -> bool:
    """fpdb counts the preflop raiser's check-raise on the flop as a c-bet: a c-bet is the first bet of the flop."""
    flop = h.decisions(o["player"], 1)
    return bool(f["street1CBDone"]) and bool(flop) and flop[0].kind == "check" and any(a.kind == "raise" for a in flop)


def file_name(o: Row) -> str:
    return Path(o["file"]).name
