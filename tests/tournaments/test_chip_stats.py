"""Tournament chips of different tournaments are never added in the statistics: the CHIPS row keeps its counts and
bb/100 (each hand's net in its own big blinds) and leaves its chip sums empty."""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction

from summarykit import corpus_file

from handlog.engine import replay
from handlog.reading import read
from handlog.stats.frame import hand_rows
from handlog.stats.totals import Totals


def test_chips_of_two_tournaments_are_not_added() -> None:
    files = [corpus_file("fpdb", "tour", "Stars", "Flop", "NLO8-USD-STT-201109.Knockout.sample.txt"),
             corpus_file("fpdb", "tour", "Stars", "Flop", "NLHE-9max-SC-MTT-201512.txt")]
    rows = [row for r in read(files) if r.hand is not None for row in hand_rows(replay(r.hand), False)]
    hero = [row for row in rows if row["player"] == "Hero"]
    assert {row["currency"] for row in hero} == {"CHIPS"}
    (record,) = Totals(player="Hero").update(rows).records()
    assert record["hands"] == len(hero)
    assert record["net"] is record["showdown_net"] is record["non_showdown_net"] is record["net_allin_ev"] is None
    in_big_blinds = sum(Fraction(row["net"]) / Fraction(D(row["stakes"].split("/")[1])) for row in hero)
    assert record["bb_per_100"] == float(100 * in_big_blinds / len(hero))
