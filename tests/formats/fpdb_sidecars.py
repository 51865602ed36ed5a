"""fpdb's sidecars of a corpus file (``.hp`` per player, ``.hands`` for the hand, ``.gt`` the game type) read with
``ast`` (never ``eval``), and the reader's first hand of the file checked against them: for the rooms whose
corpus is a few single-hand files (Cake, OnGame, PKR)."""

from __future__ import annotations

import ast
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from handlog.events import Collect, Hand

_CONSTRUCTORS = {"datetime.datetime"}


def literal(text: str) -> Any:
    """A sidecar's literal: dicts, lists, tuples, constants, ``u'…'``, ``datetime.datetime(…, tzinfo=pytz.utc)``."""
    return _value(ast.parse(text.strip(), mode="eval").body)


def _value(node: ast.expr) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Dict):
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values, strict=True) if k is not None}
    if isinstance(node, ast.List | ast.Tuple):
        return [_value(e) for e in node.elts]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_value(node.operand)
    if isinstance(node, ast.Call) and ast.unparse(node.func) in _CONSTRUCTORS:
        tz = [k for k in node.keywords if k.arg == "tzinfo"]
        if not tz or ast.unparse(tz[0].value) != "pytz.utc":
            raise ValueError("a datetime without pytz.utc")
        return datetime(*(int(_value(a)) for a in node.args), tzinfo=UTC)
    if isinstance(node, ast.Attribute | ast.Name):
        return ast.unparse(node)
    raise ValueError(f"unexpected sidecar syntax: {ast.dump(node)[:80]}")


def cents(value: Decimal) -> int:
    return int(value * 100)


def _read(path: Path) -> Any:
    """A sidecar's value, or None where fpdb wrote none (some files have only the ``.hp``)."""
    return literal(path.read_text(encoding="utf-8")) if path.is_file() else None


def sidecar_problems(hand: Hand, log: Path, hand_id: str) -> list[str]:
    """What the hand read from ``log`` says otherwise than fpdb's sidecars: the players and their seats and stacks,
    what each collected, and where fpdb wrote them the hand's id (``hand_id``: ours as fpdb numbers it), start,
    table, blinds and bets."""
    players, facts, game = (_read(Path(f"{log}.{ext}")) for ext in ("hp", "hands", "gt"))
    out: list[str] = []

    def differ(what: str, fpdb: object, ours: object) -> None:
        if fpdb != ours:
            out.append(f"{what}: fpdb {fpdb!r}, handlog {ours!r}")

    if players is None:
        return ["no .hp sidecar"]
    seated = {s.player: s for s in hand.seats if not s.out_of_hand}
    differ("players", sorted(players), sorted(seated))
    collected: dict[str, Decimal] = {}
    for e in hand.events:
        if isinstance(e, Collect):
            collected[e.player] = collected.get(e.player, Decimal(0)) + e.amount
    for name, row in players.items():
        seat = seated.get(name)
        if seat is None:
            continue
        differ(f"{name} seat", row["seatNo"], seat.seat)
        differ(f"{name} stack", row["startCash"], cents(seat.stack))
        differ(f"{name} winnings", row["winnings"], cents(collected.get(name, Decimal(0))))
    if facts is not None:
        differ("hand id", facts["siteHandNo"], hand_id)
        differ("start", facts["startTime"], hand.time_utc)
        differ("table", facts["tableName"], hand.table)
    if game is None:
        return out
    _, currency, _, _, _, limit, *_ = game
    small_blind, big_blind, small_bet, big_bet = game[8:12]
    differ("currency", currency, hand.currency)
    if limit == "fl":
        differ("bets", (small_bet, big_bet), (cents(hand.stakes.small), cents(hand.stakes.big)))
    else:
        differ("blinds", (small_blind, big_blind), (cents(hand.stakes.small), cents(hand.stakes.big)))
    return out
