"""A PHH hand as a TOML document: its fields validated (pydantic) and where in the file each one was written.

``tomllib`` reads the TOML but keeps no positions; events and errors need file lines, so ``locate`` finds the line
of every top-level key and of every string of the ``actions`` array in the text itself.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import time as Time
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from handlog.errors import ParseError
from handlog.tomltext import decode_error, key_lines


class PHHFields(BaseModel):
    """The PHH fields handlog reads (phh-std "Required Fields" and "Optional Fields"). Other keys are allowed:
    the specification reserves ``_``-prefixed keys for what it lacks, and readers must not fail on them."""

    model_config = ConfigDict(frozen=True, extra="allow")

    variant: str
    antes: list[Decimal] | None = None
    blinds_or_straddles: list[Decimal] | None = None
    bring_in: Decimal | None = None
    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    min_bet: Decimal | None = None
    starting_stacks: list[Decimal]
    actions: list[str]
    ante_trimming_status: bool = False
    players: list[str] | None = None
    seats: list[int] | None = None
    seat_count: int | None = None
    hand: int | str | None = None
    table: int | str | None = None
    venue: str | None = None
    event: str | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time: Time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    level: int | None = None
    winnings: list[Decimal] | None = None
    finishing_stacks: list[Decimal] | None = None
    # handlog's own fields, for what phh-std lacks (it leaves "_"-prefixed keys to users); ``handlog convert --to
    # phh`` writes them so that a site's hand keeps everything the audit uses. Players are numbered as p1, p2 …
    posts: list[tuple[int, str, Decimal]] | None = Field(None, alias="_posts")
    """Forced bets the arrays cannot say (a dead small blind, a returning player's big blind): [player, kind,
    amount]."""
    uncalled: list[tuple[int, Decimal]] | None = Field(None, alias="_uncalled")
    """The site's "uncalled bet returned" lines: [player, amount]."""
    collects: list[tuple[int, str, Decimal]] | None = Field(None, alias="_collects")
    """The site's "collected" lines: [player, pot, amount] ("pot", "main pot", "side pot-1" …)."""
    total_pot: Decimal | None = Field(None, alias="_total_pot")
    main_pot: Decimal | None = Field(None, alias="_main_pot")
    side_pots: list[Decimal] | None = Field(None, alias="_side_pots")
    rake: Decimal | None = Field(None, alias="_rake")
    stp: Decimal | None = Field(None, alias="_stp")
    """A "splash the pot" contribution the room added to the pot (stated apart from the players' chips)."""
    fees: list[tuple[str, Decimal]] | None = Field(None, alias="_fees")
    """Fees the room took from the pot besides the rake: [name, amount] ("Jackpot")."""
    pot_drops: list[Decimal] | None = Field(None, alias="_pot_drops")
    """Money the room dropped into the pot before the deal ("Cash Drop")."""
    side_payments: list[tuple[int, Decimal, str]] | None = Field(None, alias="_side_payments")
    """Money between a player and the house outside the pot: [player, amount received (negative: paid), reason]."""
    uncalled_in_collects: bool = Field(False, alias="_uncalled_in_collects")
    """The room prints no uncalled-bet return: the excess is inside its owner's collected amount."""
    uncalled_unprinted: bool = Field(False, alias="_uncalled_unprinted")
    """The room never prints an uncalled-bet return and pays the pot without the excess."""
    cap: Decimal | None = Field(None, alias="_cap")
    """A capped no-limit or pot-limit game: the most one player may put in the hand."""
    small_blind: Decimal | None = Field(None, alias="_small_blind")
    """No-limit and pot-limit: the small blind the stakes state (phh-std gives only ``min_bet``)."""
    money: str | None = Field(None, alias="_currency")
    """Money that has no ISO code: "CHIPS" (tournament chips), "PLAY" (play money)."""
    tournament: dict[str, str] | None = Field(None, alias="_tournament")
    """The tournament the hand belongs to: {id, buy_in, level}."""


@dataclass(frozen=True, slots=True)
class Located:
    """A hand's fields and the file lines they were written on."""

    fields: PHHFields
    key_lines: dict[str, int]
    action_lines: tuple[int, ...]  # one per action string
    first_line: int

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.first_line)


def load(lines: Sequence[str], first_line: int) -> Located:
    """Read one hand's TOML (``lines[0]`` is file line ``first_line``); a problem raises ``DocumentError``."""
    text = "\n".join(lines)
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        bare, at_line, at_column = decode_error(exc)
        index = min(max((at_line or 1) - 1, 0), max(len(lines) - 1, 0))
        raise DocumentError(ParseError(
            line=first_line + index, column=at_column or 1, message=f"not valid TOML: {bare}",
            text=lines[index][:300] if lines else "",
        )) from None
    lines_of_keys = key_lines(lines, first_line)
    body = _table_body(data)
    stacks = body.get("starting_stacks")
    if isinstance(stacks, list) and any(isinstance(v, Decimal) and not v.is_finite() for v in stacks):
        raise DocumentError(ParseError(
            line=lines_of_keys.get("starting_stacks", first_line),
            message="starting_stacks: unknown stacks (inf) cannot be replayed: all-ins and side pots need the stacks",
        ))
    try:
        fields = PHHFields.model_validate(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else ""
        path = " → ".join(str(part) for part in first["loc"])
        raise DocumentError(ParseError(
            line=lines_of_keys.get(key, first_line), message=f"PHH field {path or '?'}: {first['msg']}",
        )) from None
    actions_line = lines_of_keys.get("actions", first_line)
    action_lines = _string_lines(lines, actions_line - first_line, len(fields.actions))
    located_actions = (
        tuple(first_line + i for i in action_lines)
        if action_lines is not None
        else tuple(actions_line for _ in fields.actions)
    )
    return Located(fields, lines_of_keys, located_actions, first_line)


class DocumentError(Exception):
    """A hand whose TOML or fields cannot be read; carries the ``ParseError``."""

    def __init__(self, error: ParseError) -> None:
        super().__init__(error.message)
        self.error = error


def _table_body(data: dict[str, Any]) -> dict[str, Any]:
    """The hand's keys: the document itself, or the one table of a ``.phhs`` chunk (``[1]``)."""
    if "variant" not in data and len(data) == 1:
        (only,) = data.values()
        if isinstance(only, dict):
            return only
    return data


def _string_lines(lines: Sequence[str], start: int, count: int) -> list[int] | None:
    """The index of the line where each string of the array starting on ``lines[start]`` begins, or None when
    the strings found are not as many as the array holds (then every action gets the ``actions`` line)."""
    found: list[int] = []
    depth = 0
    i = start
    text = lines[i] if 0 <= i < len(lines) else ""
    pos = text.find("=") + 1
    while i < len(lines):
        text = lines[i]
        while pos < len(text):
            ch = text[pos]
            if ch == "#":
                break
            if ch == "[":
                depth += 1
            elif ch == "]":
                depth -= 1
                if depth == 0:
                    return found if len(found) == count else None
            elif ch in "\"'":
                end = _string_end(text, pos)
                if end < 0:
                    return None  # a multi-line string: give up locating, keep the array's line
                found.append(i)
                pos = end
            pos += 1
        i += 1
        pos = 0
    return None


def _string_end(text: str, pos: int) -> int:
    quote = text[pos]
    j = pos + 1
    while j < len(text):
        if quote == '"' and text[j] == "\\":
            j += 2
            continue
        if text[j] == quote:
            return j
        j += 1
    return -1
