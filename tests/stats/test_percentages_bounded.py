"""A percentage is its action over its opportunity: no aggregate percentage exceeds 100, and no hand counts an
action without its opportunity (the corpus, and hands written for the traps: a log that stops after the blinds
with two players in, a walk's big blind)."""

from __future__ import annotations

from typing import Any

import corpus_cache
import made_hands as hands
import pytest
from corpus_cache import CORPUS

from handlog.engine import replay
from handlog.reading import read_text
from handlog.stats.frame import hand_rows
from handlog.stats.totals import COUNTER_FIELDS, HANDS, RATIOS, Totals

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")

PAIRS = [(pct, done, opp) for pct, done, opp in RATIOS if opp in COUNTER_FIELDS]
"""The percentages whose opportunity is a per-hand counter (the others count hands, walks or not)."""


@pytest.fixture(scope="module")
def corpus_rows() -> list[dict[str, Any]]:
    return corpus_cache.corpus_rows()


@needs_corpus
@pytest.mark.slow
def test_no_hand_counts_an_action_without_its_opportunity(corpus_rows: list[dict[str, Any]]) -> None:
    assert len(corpus_rows) > 10_000
    wrong: dict[str, list[tuple[str, str, str]]] = {}
    for row in corpus_rows:
        for pct, done, opp in PAIRS:
            if int(row[done]) > int(row[opp]):
                wrong.setdefault(pct, []).append((str(row["file"]), str(row["hand_id"]), str(row["player"])))
    assert not wrong, {pct: (len(found), found[:3]) for pct, found in wrong.items()}


@needs_corpus
@pytest.mark.slow
def test_no_percentage_over_100_on_the_corpus(corpus_rows: list[dict[str, Any]]) -> None:
    for by in ([], ["position"], ["pot"]):
        records = Totals(by=by).update(iter(corpus_rows)).records()
        over = [(r["site"], r["player"], pct, r[pct]) for r in records for pct, _, _ in RATIOS
                if r[pct] is not None and r[pct] > 100]
        assert not over, (by, over[:5])


PARTIAL = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  <gametype>Holdem NL €5/€10</gametype>
  <tablename>Test, 1</tablename>
  <currency>EUR</currency>
  <nickname>Hero</nickname>
 </general>
 <game gamecode="1">
  <general>
   <players>
    <player chips="€1,174" seat="1" name="Villain" dealer="0"/>
    <player chips="€1,000" seat="5" name="Hero" dealer="0"/>
    <player chips="€961" seat="10" name="Button" dealer="1"/>
   </players>
  </general>
  <round no="0">
   <action player="Villain" sum="€5" type="1" no="1"/>
   <action player="Hero" sum="€10" type="2" no="2"/>
  </round>
 </game>
</session>
"""
"""iPoker's 2016 partial export (``PLO-USD-5-10-201631.partial.format.xml``): a hand written up to its blinds,
no bet nor win attributes: two players are still in when it stops, but nobody saw a flop, nor a showdown."""


def test_a_log_stopping_after_the_blinds_is_no_showdown() -> None:
    (record,) = read_text(PARTIAL)
    assert record.hand is not None, record.error
    rows = {r["player"]: r for r in hand_rows(replay(record.hand))}
    assert not rows["Hero"]["saw_flop"] and not rows["Hero"]["saw_showdown"]
    assert not rows["Villain"]["saw_showdown"] and not rows["Hero"]["won_at_showdown"]
    (hero,) = [r for r in Totals().update(iter(rows.values())).records() if r["player"] == "Hero"]
    assert hero["wtsd_pct"] is None and hero["saw_showdown"] == 0  # no flop seen: no WTSD, not "100 %" or more


def test_walks_count_in_the_position_percentage() -> None:
    # the big blind's walk is a hand in position (everybody folded to the last to act) but not a hand played:
    # in position in 2 hands of 2 (the walk and the big blind of a limped pot) is 100 %, not 2 of 1 played
    rows = [r for h in (hands.WALK, hands.LIMPED) for r in hand_rows(replay(h)) if r["player"] == "Bb"]
    assert [r["in_position_preflop"] for r in rows] == [True, True]
    (bb,) = Totals().update(iter(rows)).records()
    assert (bb["hands"], bb["played"], bb["in_position_preflop"]) == (2, 1, 2)
    assert bb["in_position_preflop_pct"] == 100.0
    assert HANDS == "hands"
