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
FIELDS = {**FLAGS, **MONEY}
"""fpdb field → handlog field, as the issue's acceptance criteria pair them."""


def fpdb_value(field: str, value: Any) -> Any:
    """An fpdb value in handlog's terms: money from cents to units, flags to bool."""
    if field in MONEY or field == "allInEV":
        return Decimal(int(value)) / 100
    return bool(value)


def ours(field: str, row: dict[str, Any]) -> Any:
    value = row[FIELDS[field]]
    return Decimal(value) if field in MONEY else bool(value)


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
