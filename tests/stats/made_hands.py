"""Hand-made PokerStars hands for the statistics tests: one edge case each."""

from __future__ import annotations

from handlog import read_text
from handlog.events import Hand

TEXTS: dict[str, str] = {}
"""Each hand's text by hand id (the CLI tests write them to a file)."""

SIX = (("Btn", 100), ("Sb", 100), ("Bb", 100), ("Utg", 100), ("Hj", 100), ("Co", 100))


def hand(
    number: int,
    body: str,
    total: str,
    rake: str = "0",
    seats: tuple[tuple[str, float], ...] = SIX,
    board: str = "",
    blinds: str = "$0.50/$1",
) -> Hand:
    """A PokerStars No Limit Hold'em hand: seat 1 is the button, seats numbered in ``seats`` order."""
    lines = [
        f"PokerStars Hand #{number}:  Hold'em No Limit ({blinds} USD) - 2024/01/{number % 28 + 1:02d} 12:00:00 ET",
        f"Table 'Test' {max(len(seats), 2)}-max Seat #1 is the button",
    ]
    lines += [f"Seat {i}: {name} (${stack} in chips)" for i, (name, stack) in enumerate(seats, 1)]
    lines += [ln.strip() for ln in body.strip().splitlines()]
    lines += ["*** SUMMARY ***", f"Total pot ${total} | Rake ${rake}"]
    if board:
        lines.append(f"Board [{board}]")
    text = "\n".join(lines) + "\n"
    TEXTS[str(number)] = text
    records = read_text(text, file=f"hand{number}.txt")
    assert len(records) == 1 and records[0].hand is not None, records[0].error
    return records[0].hand


WALK = hand(
    1001,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: folds
    Hj: folds
    Co: folds
    Btn: folds
    Sb: folds
    Uncalled bet ($0.50) returned to Bb
    Bb collected $1 from pot
    Bb: doesn't show hand
    """,
    total="1",
)

BLIND_VS_BLIND = hand(
    1002,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: folds
    Hj: folds
    Co: folds
    Btn: folds
    Sb: raises $2 to $3
    Bb: folds
    Uncalled bet ($2) returned to Sb
    Sb collected $2 from pot
    Sb: doesn't show hand
    """,
    total="2",
)

LIMPED = hand(
    1003,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: calls $1
    Hj: folds
    Co: folds
    Btn: calls $1
    Sb: calls $0.50
    Bb: checks
    *** FLOP *** [2c 7d Jh]
    Sb: checks
    Bb: checks
    Utg: checks
    Btn: bets $2
    Sb: folds
    Bb: folds
    Utg: calls $2
    *** TURN *** [2c 7d Jh] [Qs]
    Utg: checks
    Btn: checks
    *** RIVER *** [2c 7d Jh Qs] [3h]
    Utg: checks
    Btn: checks
    *** SHOW DOWN ***
    Utg: shows [Ah Jd] (a pair of Jacks)
    Btn: mucks hand
    Utg collected $7.70 from pot
    """,
    total="8",
    rake="0.30",
    board="2c 7d Jh Qs 3h",
)

STRADDLE = hand(
    1004,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    Utg: posts straddle $2
    *** HOLE CARDS ***
    Hj: calls $2
    Co: raises $6 to $8
    Btn: folds
    Sb: folds
    Bb: folds
    Utg: calls $6
    Hj: folds
    *** FLOP *** [Ks 8d 4c]
    Utg: checks
    Co: bets $10
    Utg: folds
    Uncalled bet ($10) returned to Co
    Co collected $19.50 from pot
    Co: doesn't show hand
    """,
    total="19.50",
    board="Ks 8d 4c",
)

ALLIN_PREFLOP = hand(
    1005,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Btn: folds
    Sb: raises $49 to $50 and is all-in
    Bb: calls $49
    *** FLOP *** [Kh 7c 2d]
    *** TURN *** [Kh 7c 2d] [Kd]
    *** RIVER *** [Kh 7c 2d Kd] [3s]
    *** SHOW DOWN ***
    Sb: shows [Ah Ad] (two pair, Aces and Kings)
    Bb: shows [Kc Ks] (four of a kind, Kings)
    Bb collected $99 from pot
    """,
    total="100",
    rake="1",
    seats=(("Btn", 100), ("Sb", 50), ("Bb", 100)),
    board="Kh 7c 2d Kd 3s",
)

ALLIN_TURN_SIDE_POT = hand(
    1006,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Btn: raises $2 to $3
    Sb: calls $2.50
    Bb: calls $2
    *** FLOP *** [Qs 9h 4d]
    Sb: checks
    Bb: checks
    Btn: checks
    *** TURN *** [Qs 9h 4d] [2c]
    Sb: bets $7 and is all-in
    Bb: raises $20 to $27 and is all-in
    Btn: calls $27
    *** RIVER *** [Qs 9h 4d 2c] [9d]
    *** SHOW DOWN ***
    Bb: shows [Qh Qd] (a full house, Queens full of Nines)
    Btn: shows [As Ks] (a pair of Nines)
    Sb: shows [9c 8c] (four of a kind, Nines)
    Bb collected $40 from pot
    Sb collected $30 from pot
    """,
    total="70",
    seats=(("Btn", 100), ("Sb", 10), ("Bb", 30)),
    board="Qs 9h 4d 2c 9d",
)

SQUEEZE = hand(
    1007,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: raises $2 to $3
    Hj: calls $3
    Co: raises $9 to $12
    Btn: folds
    Sb: folds
    Bb: folds
    Utg: folds
    Hj: folds
    Uncalled bet ($9) returned to Co
    Co collected $10.50 from pot
    Co: doesn't show hand
    """,
    total="10.50",
)

CBET_CHECK_RAISE = hand(
    1008,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: folds
    Hj: folds
    Co: raises $2 to $3
    Btn: folds
    Sb: folds
    Bb: calls $2
    *** FLOP *** [9s 6h 2c]
    Bb: checks
    Co: bets $4
    Bb: raises $8 to $12
    Co: calls $8
    *** TURN *** [9s 6h 2c] [Jd]
    Bb: bets $20
    Co: folds
    Uncalled bet ($20) returned to Bb
    Bb collected $30.50 from pot
    Bb: doesn't show hand
    """,
    total="30.50",
    board="9s 6h 2c Jd",
)

SPLIT_POT = hand(
    1009,
    """
    Sb: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Utg: raises $2 to $3
    Hj: folds
    Co: folds
    Btn: folds
    Sb: folds
    Bb: calls $2
    *** FLOP *** [As Ks Qs]
    Bb: checks
    Utg: checks
    *** TURN *** [As Ks Qs] [Js]
    Bb: checks
    Utg: checks
    *** RIVER *** [As Ks Qs Js] [Ts]
    Bb: checks
    Utg: checks
    *** SHOW DOWN ***
    Bb: shows [2c 3d] (a straight flush, Ten to Ace)
    Utg: shows [4c 5d] (a straight flush, Ten to Ace)
    Bb collected $3.25 from pot
    Utg collected $3.25 from pot
    """,
    total="6.50",
    board="As Ks Qs Js Ts",
)

HEADS_UP = hand(
    1010,
    """
    Btn: posts small blind $0.50
    Bb: posts big blind $1
    *** HOLE CARDS ***
    Btn: raises $2 to $3
    Bb: folds
    Uncalled bet ($2) returned to Btn
    Btn collected $2 from pot
    Btn: doesn't show hand
    """,
    total="2",
    seats=(("Btn", 100), ("Bb", 100)),
)

ALL = (WALK, BLIND_VS_BLIND, LIMPED, STRADDLE, ALLIN_PREFLOP, ALLIN_TURN_SIDE_POT, SQUEEZE, CBET_CHECK_RAISE,
       SPLIT_POT, HEADS_UP)  # fmt: skip
