"""``counters.count`` skips the later rounds' families for a player without a decision after the first round: it
must give what every family computed gives, on hands of hold'em, Omaha, draw and fixed limit, all-ins and walks."""

from __future__ import annotations

from pathlib import Path

import made_hands
import pytest
from corpus_cache import CORPUS, read_cached

from handlog import read
from handlog.engine import replay
from handlog.events import STUD_GAMES, Hand
from handlog.stats import counters
from handlog.stats.frame import SUPPORTED_GAMES, hand_rows
from handlog.stats.positions import dealt_in, positions

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FILES = ("nl_holdem_cash.txt", "nl_holdem_tournament.txt", "five_card_draw.txt", "fl_holdem.txt",
         "pl_omaha_cash.txt", "bovada.txt")  # fmt: skip


def sample_hands() -> list[Hand]:
    hands = list(made_hands.ALL)
    for record in read([SAMPLES / name for name in FILES]):
        if record.hand is not None and record.hand.game in SUPPORTED_GAMES and not record.hand.cancelled:
            hands.append(record.hand)
    return hands


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    return sample_hands()


def _context(hand: Hand) -> counters.Context:
    """The counters' context of ``hand``, as ``frame.hand_rows`` makes it."""
    done = replay(hand, states=False)
    dealt = dealt_in(hand)
    labels = positions(hand, dealt) if hand.game not in STUD_GAMES else {}
    players = tuple(p for p in dealt if p in done.results or p in labels)
    events = tuple(step.event for step in done.steps) if done.steps else hand.events
    return counters.Context(
        counters.betting(events, players), players, labels, {p: r.collected for p, r in done.results.items()}
    )


def test_the_shortcut_gives_what_every_family_gives(hands: list[Hand]) -> None:
    skipped = computed = 0
    for hand in hands:
        ctx = _context(hand)
        for p in ctx.players:
            full: dict[str, object] = {}
            for family in counters.COUNTERS:
                full.update(family(ctx, p))
            assert counters.count(ctx, p) == full, (hand.hand_id, p)
            later = any(ctx.betting.of(p, slot) for slot in counters.POSTFLOP_ROUNDS)
            skipped += not later
            computed += later
    assert skipped > 100 and computed > 100  # both ways taken, many times


def test_a_folded_player_has_no_later_round_counter() -> None:
    """The shortcut's row: every later-round flag False and every count 0, as the families' docstrings define."""
    assert all(v is False or v == 0 for v in counters.NO_LATER_DECISION.values())
    assert {"cbet_flop_opp", "fold_to_cbet_river", "postflop_folds", "bets_turn", "donk_flop_opp", "float_river",
            "cbet_turn_ip_opp", "probe_turn"} <= counters.NO_LATER_DECISION.keys()  # fmt: skip
    row = {r["player"]: r for r in hand_rows(replay(made_hands.WALK))}["Utg"]  # folded first
    assert not any(row[name] for name in counters.NO_LATER_DECISION)


def test_every_record_has_every_counter(hands: list[Hand]) -> None:
    """``hand_rows`` fills a copy of a record whose counters start as None: every counter of every record is set,
    a flag or a count, and the keys keep ``ROW_FIELDS``' order."""
    from handlog.stats.frame import ROW_FIELDS
    from handlog.stats.totals import COUNT_FIELDS, COUNTER_FIELDS

    records = [row for hand in hands for row in hand_rows(replay(hand, states=False), with_allin_ev=False)]
    assert len(records) > 200
    for row in records:
        assert list(row) == list(ROW_FIELDS)
        for name in COUNTER_FIELDS:
            assert type(row[name]) is (int if name in COUNT_FIELDS else bool), (row["hand_id"], name, row[name])


CORPUS_FPDB = CORPUS / "fpdb"


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS_FPDB.is_dir(), reason="../shared/corpus is absent")
def test_the_first_round_rows_kept_are_the_families_rows_over_the_corpus() -> None:
    """``counters.first_round`` keeps the first round's families' columns per ``first_round_key`` across hands: over
    every supported hand of the corpus, for every player, the row it gives is the row the families compute for that
    player (a key that missed something a family reads would give one player another's row)."""
    counters.FIRST_ROUND_ROWS.clear()
    players = 0
    for record in read_cached([CORPUS_FPDB]):
        hand = record.hand
        if hand is None or hand.game not in SUPPORTED_GAMES or hand.cancelled:
            continue
        ctx = _context(hand)
        for p in ctx.players:
            computed: dict[str, object] = {}
            for family in counters.FIRST_ROUND_KEYED:
                computed.update(family(ctx, p))
            assert counters.first_round(ctx, p) == computed, (hand.file, hand.hand_id, p)
            players += 1
    assert players > 15 * len(counters.FIRST_ROUND_ROWS) > 15_000  # many keys, most rows from the cache
