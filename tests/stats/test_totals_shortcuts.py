"""The aggregate statistics' shortcuts give what the plain computation gives, over the corpus's PokerStars hands
(skipped without it): bb/100 summed in integers is the ``Fraction`` sum it replaces, ``stats --format json``
writes what ``json.dumps`` writes, and ``Totals.seen`` keys each record as ``Totals.key`` does."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import fpdb_oracle as fo
import pytest
from corpus_cache import read_cached

from handlog.stats.export import flat_json, plain, write_records_json
from handlog.stats.frame import iter_rows
from handlog.stats.identity import STABLE_IDS, AmbiguousPlayer, add_pick, aliases_from, selects, stable_id
from handlog.stats.totals import Sums, Totals, big_blind, columns, with_ids

STARS = [fo.CORPUS / "fpdb" / "cash" / "Stars", fo.CORPUS / "fpdb" / "tour" / "Stars"]

pytestmark = [pytest.mark.skipif(not STARS[0].is_dir(), reason="../shared/corpus is absent"), pytest.mark.slow]


@pytest.fixture(scope="module")
def rows() -> list[dict[str, object]]:
    return list(iter_rows(read_cached(STARS), with_allin_ev=False))


def _in_big_blinds(sums: Sums) -> tuple[Fraction, int]:
    """The plain way: the sum of net / big blind in ``Fraction``, and the hands it covers."""
    total, hands = Fraction(0), 0
    for stakes, net in sums.net_by_stakes.items():
        blind = big_blind(*stakes)
        if blind > 0:
            total += Fraction(net) / Fraction(blind)
            hands += sums.hands_by_stakes.get(stakes, 0)
    return total, hands


@pytest.mark.parametrize("by", [(), ("tournament",), ("stakes",)])
def test_bb_per_100_in_integers_is_the_fraction_sum(rows: list[dict[str, object]], by: tuple[str, ...]) -> None:
    totals = Totals(by).update(rows)
    several = 0
    for sums in totals.sums.values():
        numerator, denominator, counted = sums.big_blinds()
        want, hands = _in_big_blinds(sums)
        assert Fraction(numerator, denominator) == want and counted == hands
        bb_per_100 = sums.summary()["bb_per_100"]
        assert bb_per_100 == (round(float(100 * want / hands), 2) if hands else None)
        several += len(sums.net_by_stakes) > 3
    assert several > 20 or by == ("stakes",)  # players over many blind levels: many steps of the sum


@pytest.mark.parametrize("by", [(), ("position", "tournament")])
def test_the_json_of_the_records_is_their_dump(rows: list[dict[str, object]], by: tuple[str, ...]) -> None:
    records = Totals(by).update(rows).records()
    names = with_ids(records, columns(by))
    assert len(records) > 100 and flat_json(records, names) is not None
    out = io.StringIO()
    write_records_json(records, names, out)
    dumped = [{c: plain(r[c]) for c in names} for r in records]
    assert out.getvalue() == json.dumps(dumped, ensure_ascii=False, indent=1) + "\n"


OTHER_ROOMS = [fo.CORPUS / "fpdb" / "cash" / "Bovada", fo.CORPUS / "fresh" / "pokernow-csv"]
"""Anonymous seats (Bovada: a key per seat-hand) and players known by a stable id (PokerNow's ``name @ id``)."""


class PlainTotals(Totals):
    """``Totals.add`` without ``seen``: the key, the display name and the picks worked out for every record."""

    def add(self, row: Mapping[str, Any]) -> None:
        if self.player is not None and not selects(self.player, row, self.aliases):
            return
        site, player = str(row["site"]), str(row["player"])
        if site.lower() in STABLE_IDS:
            add_pick(self.shown, row, self.player, self.aliases)
        stable = stable_id(site, player) if site.lower() in STABLE_IDS else None
        key = self.key(row)
        self.sums.setdefault(key, Sums()).add(row, stable[0] if stable is not None else None)


@pytest.mark.skipif(not all(p.is_dir() for p in OTHER_ROOMS), reason="../shared/corpus is absent")
def test_the_keys_worked_out_once_a_player_are_the_keys_of_every_record(rows: list[dict[str, object]]) -> None:
    rows = rows + list(iter_rows(read_cached(OTHER_ROOMS), with_allin_ev=False))
    stars = next(str(r["player"]) for r in rows if r["site"] == "PokerStars")
    ids: dict[str, set[str]] = {}  # PokerNow's display names → the ids they were shown for
    for r in rows:
        stable = stable_id(str(r["site"]), str(r["player"]))
        if stable is not None:
            ids.setdefault(stable[0], set()).add(stable[1])
    one = next(name for name, found in sorted(ids.items()) if len(found) == 1)
    two = next(name for name, found in sorted(ids.items()) if len(found) > 1)  # refused by records()
    aliases = aliases_from([("me", f"PokerStars:{stars}"), ("me", f"PokerNow:{one}")])
    anonymous = sum(r["site"] == "Bovada" for r in rows)
    assert anonymous > 1000 and sum(r["site"] == "PokerNow" for r in rows) > 1000
    compared = 0
    for by, player, given in (((), None, None), (("site", "position"), None, aliases), ((), "me", aliases),
                              (("month",), one, None), ((), two, None)):  # fmt: skip
        plain, fast = PlainTotals(by, player, given).update(rows), Totals(by, player, given).update(rows)
        assert fast.shown == plain.shown
        assert fast.sums.keys() == plain.sums.keys() and len(fast.sums) >= (1 if player else 1000)
        try:
            want = plain.records()
        except AmbiguousPlayer:  # a display name of two ids, as --player or an alias's account: refused alike
            with pytest.raises(AmbiguousPlayer):
                fast.records()
            continue
        assert fast.records() == want
        compared += 1
    assert compared == 4
