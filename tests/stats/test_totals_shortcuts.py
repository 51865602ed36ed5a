"""The aggregate statistics' shortcuts give what the plain computation gives, over the corpus's PokerStars hands
(skipped without it): bb/100 summed in integers is the ``Fraction`` sum it replaces, and ``stats --format json``
writes what ``json.dumps`` writes."""

from __future__ import annotations

import io
import json
from fractions import Fraction

import fpdb_oracle as fo
import pytest
from corpus_cache import read_cached

from handlog.stats.export import flat_json, plain, write_records_json
from handlog.stats.frame import iter_rows
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

