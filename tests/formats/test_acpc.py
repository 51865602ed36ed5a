"""ACPC / Pluribus ``STATE`` lines, written from the protocol's description: they parse, replay, and each player's
net is the payoff the line states (heads-up and six-handed no-limit, three-handed limit, all-ins, a split pot)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from handlog.audit import audit
from handlog.events import Call, Fold, Post, Raise
from handlog.reading import read_text

LINES = {
    # Bob (small blind, button) raises to 300, Alice calls; flop: Alice checks, Bob raises so that he has 600 in,
    # Alice calls; turn checked; river: Alice bets to 1200 in all, Bob folds.
    "heads-up": "STATE:0:r300c/cr600c/cc/r1200f:9hQc|8dAs/Kh4s5c/7d/Jh:600|-600:Alice|Bob",
    # Bob moves in for his 20,000 preflop, Alice calls: the board runs out, her aces hold.
    "all-in": "STATE:1:r20000c///:AhAd|KsKc/2c7d9h/3s/4d:20000|-20000:Alice|Bob",
    # Checked down; both hold ace-king: the pot is split.
    "split": "STATE:2:cc/cc/cc/cc:AhKd|AsKc/2c7d9h/3s/4d:0|0:Alice|Bob",
    # Bob folds his small blind.
    "fold": "STATE:3:f:2c3d|4h5s:50|-50:Alice|Bob",
    # Six-handed (the Pluribus games): Carl raises to 300, Dora calls, Eve and Finn fold, Ann folds her small
    # blind, Ben calls; flop: Ben checks, Carl bets to 1000, Dora moves in (10,000), Ben and Carl call all-in.
    "six-handed": "STATE:4:r300cfffc/cr1000r10000cc//:2c7d|AhAc|KdKs|QhQs|3h8s|4d9c/Ts6c2h/5d/3c"
                  ":-50|20050|-10000|-10000|0|0:Ann|Ben|Carl|Dora|Eve|Finn",
    # Three-handed limit (blinds 5/10, bets 10/20): Carl raises to 20, both blinds call; flop: Ann bets, Ben
    # raises, Carl folds, Ann calls; turn checked; river: Ann bets 20, Ben calls. Ann's aces win 140.
    "limit": "STATE:5:rcc/rrfc/cc/rc:AsKs|QdQc|7h2d/Ah9d4c/8s/2s:80|-60|-20:Ann|Ben|Carl",
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_a_state_line_replays_to_its_payoffs(name: str) -> None:
    (record,) = read_text(LINES[name] + "\n", file=f"{name}.log")
    assert record.hand is not None, record.error
    assert record.hand.site == "ACPC"
    result = audit(record.hand)
    assert result.violations == ()
    payoffs = LINES[name].split(":")[4].split("|")
    players = LINES[name].split(":")[5].split("|")
    assert {p: result.replay.results[p].net for p in players} == {
        p: Decimal(x) for p, x in zip(players, payoffs, strict=True)
    }


def test_the_betting_becomes_the_events_it_stands_for() -> None:
    (record,) = read_text(LINES["six-handed"], file="p.log")
    hand = record.hand
    assert hand is not None
    posts = [(e.player, e.post.value, e.amount) for e in hand.events if isinstance(e, Post)]
    assert posts == [("Ann", "small_blind", Decimal(50)), ("Ben", "big_blind", Decimal(100))]
    acts = [e for e in hand.events if isinstance(e, Raise | Call | Fold)]
    assert [(type(e).__name__, e.player) for e in acts][:6] == [
        ("Raise", "Carl"), ("Call", "Dora"), ("Fold", "Eve"), ("Fold", "Finn"), ("Fold", "Ann"), ("Call", "Ben"),
    ]
    shove = next(e for e in acts if isinstance(e, Raise) and e.player == "Dora")
    assert shove.to == Decimal(9700) and shove.all_in  # 10,000 in the hand, 300 of it preflop


def test_a_wrong_payoff_is_reported() -> None:
    wrong = LINES["all-in"].replace(":20000|-20000:", ":-20000|20000:")
    (record,) = read_text(wrong, file="w.log")
    assert record.hand is not None
    codes = [v.code for v in audit(record.hand).violations]
    assert codes == ["summary-won", "summary-won"]


def test_a_log_with_comments_and_score_and_a_bad_line() -> None:
    bad = "STATE:9:rq:2c3d|4h5s:0|0:A|B"
    text = "# match 7\n" + LINES["fold"] + "\n" + bad + "\n" + LINES["split"] + "\nSCORE:50|-50:Alice|Bob\n"
    records = read_text(text, file="m.log")
    assert [r.status for r in records] == ["parsed", "unparsed", "parsed"]
    error = records[1].error
    assert error is not None and error.line == 3 and error.column == 10
