"""fpdb's statistics (the corpus sidecars and fpdb-stats/stars-dev.jsonl) mapped onto handlog's fields."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / ".." / "shared" / "corpus"
"""Spelled as ``tests/corpus_cache.CORPUS``: the records ``read_cached`` keeps of a file are shared by its spelling."""
STARS_DEV = CORPUS / "fpdb-stats" / "stars-dev.jsonl"
SITES_DEV = CORPUS / "fpdb-stats" / "sites-dev.jsonl"
STARS_OTHER_GAMES_DEV = CORPUS / "fpdb-stats" / "stars-other-games-dev.jsonl"

FLAGS = {
    "street0VPI": "vpip",
    "street0Aggr": "pfr",
    "street0_3BChance": "three_bet_opp",
    "street0_3BDone": "three_bet",
    "street0_4BChance": "four_bet_opp",
    "street0_4BDone": "four_bet",
    "street0_FoldTo3BChance": "fold_to_three_bet_opp",
    "street0_FoldTo3BDone": "fold_to_three_bet",
    "raiseFirstInChance": "open_opp",
    "raisedFirstIn": "open_raise",
    "raiseToStealChance": "steal_opp",
    "raiseToStealDone": "steal",
    "foldSbToStealChance": "fold_sb_to_steal_opp",
    "foldedSbToSteal": "fold_sb_to_steal",
    "foldBbToStealChance": "fold_bb_to_steal_opp",
    "foldedBbToSteal": "fold_bb_to_steal",
    "street1Seen": "saw_flop",
    "street2Seen": "saw_turn",
    "street3Seen": "saw_river",
    "sawShowdown": "saw_showdown",
    "wonAtSD": "won_at_showdown",
    "street1CBChance": "cbet_flop_opp",
    "street1CBDone": "cbet_flop",
    "foldToStreet1CBChance": "fold_to_cbet_flop_opp",
    "foldToStreet1CBDone": "fold_to_cbet_flop",
}
MONEY = {"winnings": "collected", "rake": "rake", "totalProfit": "net"}
STREETS = {1: "flop", 2: "turn", 3: "river"}
MORE_FLAGS = {
    "street0_2BChance": "two_bet_opp",
    "street0_2BDone": "two_bet",
    "street0_C4BChance": "cold_four_bet_opp",
    "street0_C4BDone": "cold_four_bet",
    "street0_SqueezeChance": "squeeze_opp",
    "street0_SqueezeDone": "squeeze",
    "street0_FoldToSqueezeChance": "fold_to_squeeze_opp",
    "street0_FoldToSqueezeDone": "fold_to_squeeze",
    "street0_FoldTo2BChance": "fold_to_two_bet_opp",
    "street0_FoldTo2BDone": "fold_to_two_bet",
    "street0_FoldTo4BChance": "fold_to_four_bet_opp",
    "street0_FoldTo4BDone": "fold_to_four_bet",
    "street0OpenLimpChance": "open_limp_opp",
    "street0OpenLimp": "open_limp",
    "street0InPosition": "in_position_preflop",
    "street1InPosition": "in_position_flop",
    "street2DelayedCBChance": "delayed_cbet_turn_opp",
    "street2DelayedCBDone": "delayed_cbet_turn",
    "street2ProbeChance": "probe_turn_opp",
    "street2ProbeDone": "probe_turn",
    **{f"street{n}CBChance": f"cbet_{s}_opp" for n, s in STREETS.items() if n > 1},
    **{f"street{n}CBDone": f"cbet_{s}" for n, s in STREETS.items() if n > 1},
    **{f"foldToStreet{n}CBChance": f"fold_to_cbet_{s}_opp" for n, s in STREETS.items() if n > 1},
    **{f"foldToStreet{n}CBDone": f"fold_to_cbet_{s}" for n, s in STREETS.items() if n > 1},
    **{f"street{n}CheckCallRaiseChance": f"check_raise_{s}_opp" for n, s in STREETS.items()},
    **{f"street{n}CheckCallDone": f"check_call_{s}" for n, s in STREETS.items()},
    **{f"street{n}CheckRaiseDone": f"check_raise_{s}" for n, s in STREETS.items()},
    **{f"otherRaisedStreet{n}": f"faced_raise_{s}" for n, s in STREETS.items()},
    **{f"foldToOtherRaisedStreet{n}": f"fold_to_raise_{s}" for n, s in STREETS.items()},
    **{f"flg_{s[0]}_donk_opp": f"donk_{s}_opp" for s in STREETS.values()},
    **{f"flg_{s[0]}_donk": f"donk_{s}" for s in STREETS.values()},
    **{f"flg_{s[0]}_float_opp": f"float_{s}_opp" for s in ("turn", "river")},
    **{f"flg_{s[0]}_float": f"float_{s}" for s in ("turn", "river")},
}
"""fpdb's richer statistics (issue 27) → handlog's counters."""
COUNTS = {
    f"street{n}{kind.title()}": f"{kind}_{s}" for kind in ("bets", "calls", "raises") for n, s in STREETS.items()
}
MORE_MONEY = {"showdownWinnings": "net_showdown", "nonShowdownWinnings": "net_non_showdown"}
FIELDS = {**FLAGS, **MORE_FLAGS, **COUNTS, **MONEY, **MORE_MONEY}
"""fpdb field → handlog field, as the issue's acceptance criteria pair them."""


def fpdb_value(field: str, value: Any) -> Any:
    """An fpdb value in handlog's terms: money from cents to units, flags to bool."""
    if field in MONEY or field in MORE_MONEY or field == "allInEV":
        return Decimal(int(value)) / 100
    if field in COUNTS:
        return int(value)
    return bool(value)


def ours(field: str, row: dict[str, Any]) -> Any:
    value = row[FIELDS[field]]
    if field in MONEY or field in MORE_MONEY:
        return Decimal(value)
    return int(value) if field in COUNTS else bool(value)


def stars_dev() -> Iterator[dict[str, Any]]:
    with STARS_DEV.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def stars_other_games_dev() -> Iterator[dict[str, Any]]:
    """fpdb's rows for PokerStars' games other than Hold'em and Five Card Draw (Omaha, draw, stud, 6+ …)."""
    with STARS_OTHER_GAMES_DEV.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def sites_dev_of_file(rel: str) -> list[dict[str, Any]]:
    """fpdb's rows of ``sites-dev.jsonl`` for one file (relative to the corpus), in its order."""
    with SITES_DEV.open(encoding="utf-8") as f:
        return [row for line in f if line.strip() and (row := json.loads(line)).get("file") == rel]


def sites_dev(site: str) -> Iterator[dict[str, Any]]:
    """The rows of ``sites-dev.jsonl`` for one site, by fpdb's name for it ("GGPoker", "Winamax", "Full Tilt
    Poker" …)."""
    with SITES_DEV.open(encoding="utf-8") as f:
        for line in f:
            if line.strip() and f'"site": "{site}"' in line:
                row = json.loads(line)
                if row.get("site") == site:
                    yield row


_ALLOWED_CALLS = {"datetime.datetime", "datetime", "Decimal", "decimal.Decimal"}


def literal(text: str) -> Any:
    """A sidecar's dict literal, parsed with ``ast``: literals, ``pytz.utc`` and a few constructors only."""
    tree = ast.parse(text, mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name not in _ALLOWED_CALLS:
                raise ValueError(f"unexpected call in sidecar: {name}")
    return _value(tree.body)


def _value(node: ast.expr) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Dict):
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values, strict=True) if k is not None}
    if isinstance(node, ast.List | ast.Tuple):
        return [_value(e) for e in node.elts]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_value(node.operand)
    if isinstance(node, ast.Call | ast.Attribute | ast.Name):
        return ast.unparse(node)  # datetimes, pytz.utc: kept as text, not needed here
    raise ValueError(f"unexpected sidecar syntax: {ast.dump(node)[:80]}")


def sidecar(path: Path) -> dict[str, dict[str, Any]]:
    return dict(literal(path.read_text(encoding="utf-8")))
