"""Who played: a player is (site, name), never a name alone, and one person's accounts merge only through aliases.

As PokerTracker 4 and Hold'em Manager 3 do, every statistic is keyed by the site and the screen name: "Hero" on
PokerStars and "Hero" on GGPoker are two players. The user merges their own accounts with aliases (a TOML file,
``--aliases FILE``, or the database's ``handlog aliases``)::

    [aliases]
    me = ["PokerStars:hero123", "GGPoker:Hero"]

Some names are no one's: a room that names players by seat (Bovada / Ignition / Bodog: ``Seat 4`` in every hand,
a different person each time) or a reader that makes up a placeholder for a player the log does not name. Each
such seat-hand is its own anonymous player (:func:`is_anonymous`); the hero, where the log marks one, is a real
identity.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ANONYMOUS_NAMES: Mapping[str, re.Pattern[str]] = {
    # handlog/formats/bovada.py: Bovada names every player by seat ("Seat 4"), the hero "Hero" (a real identity)
    "bovada": re.compile(r"Seat \d+"),
    # handlog/formats/merge.py: a seat that acts but is missing from the players list is read as "seat N"
    "merge": re.compile(r"seat \d+"),
    # handlog/formats/phh.py: a hand without a ``players`` field names its players p1, p2 …
    "phh": re.compile(r"p\d+"),
    # handlog/formats/acpc.py: an ACPC line names no player: p1, p2 … by position
    "acpc": re.compile(r"p\d+"),
}
"""Per site (lower case): the names the reader gives by seat or position, or as placeholders, which are nobody's
identity from one hand to the next."""


STABLE_IDS: Mapping[str, re.Pattern[str]] = {
    # handlog/formats/pokernow.py: players are written "name @ id": the id is the person (a player may change the
    # name the table shows, and two players may both be "Guest"), the name what the table shows
    "pokernow": re.compile(r"(?P<name>.*?) @ (?P<id>[A-Za-z0-9_-]+)"),
}
"""Per site (lower case): how a name carries the player's stable id. Such a player is one identity per id (``@id``
in the key), shown by the names the table showed (:class:`handlog.stats.totals.Totals` records)."""

STABLE_MARK = "@"
"""The first character of a key that is a stable id (``@TN11URmFSv``), not a name."""


def stable_id(site: str, player: str) -> tuple[str, str] | None:
    """``(name, id)`` of a player written with a stable id (``"K. Godel @ TN11URmFSv"`` on PokerNow), else None."""
    pattern = STABLE_IDS.get(site.lower())
    found = pattern.fullmatch(player) if pattern is not None else None
    return (found.group("name"), found.group("id")) if found is not None else None


def is_anonymous(site: str, player: str) -> bool:
    """Whether ``player`` on ``site`` is a seat or placeholder name (each seat-hand its own anonymous player)."""
    pattern = ANONYMOUS_NAMES.get(site.lower())
    return pattern is not None and pattern.fullmatch(player) is not None


class AliasError(ValueError):
    """An aliases file that cannot be read (its path and what is wrong in it)."""


@dataclass(frozen=True, slots=True)
class Aliases:
    """The user's aliases: (site in lower case, name) → the alias that merges them."""

    names: Mapping[tuple[str, str], str] = field(default_factory=dict)

    def alias(self, site: str, player: str) -> str | None:
        return self.names.get((site.lower(), player))

    def members(self, alias: str) -> list[tuple[str, str]]:
        """The (site, name) accounts of ``alias`` (sites in lower case)."""
        return sorted(key for key, name in self.names.items() if name == alias)

    def __bool__(self) -> bool:
        return bool(self.names)


def parse_account(text: str) -> tuple[str, str]:
    """``"PokerStars:hero123"`` as (site in lower case, name); the name may itself hold colons."""
    site, sep, name = text.partition(":")
    if not sep or not site.strip() or not name:
        raise AliasError(f"{text!r} is not SITE:NAME (e.g. \"PokerStars:hero123\")")
    return site.strip().lower(), name


def aliases_from(pairs: Iterable[tuple[str, str]]) -> Aliases:
    """Aliases from (alias, "SITE:NAME") pairs; one account in two aliases is an error."""
    names: dict[tuple[str, str], str] = {}
    for alias, account in pairs:
        key = parse_account(account)
        if key in names and names[key] != alias:
            raise AliasError(f"{account!r} is in two aliases: {names[key]!r} and {alias!r}")
        names[key] = alias
    return Aliases(names)


def load_aliases(path: str | Path) -> Aliases:
    """The ``[aliases]`` table of a TOML file: ``alias = ["SITE:NAME", …]``."""
    try:
        data: dict[str, Any] = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise AliasError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise AliasError(f"{path}: not TOML: {exc}") from None
    table = data.get("aliases")
    if not isinstance(table, dict):
        raise AliasError(f"{path}: no [aliases] table (e.g. me = [\"PokerStars:hero123\", \"GGPoker:Hero\"])")
    pairs: list[tuple[str, str]] = []
    for alias, accounts in table.items():
        if not isinstance(accounts, list) or not all(isinstance(a, str) for a in accounts):
            raise AliasError(f"{path}: aliases.{alias} must be a list of \"SITE:NAME\" strings")
        pairs.extend((alias, a) for a in accounts)
    try:
        return aliases_from(pairs)
    except AliasError as exc:
        raise AliasError(f"{path}: {exc}") from None


ANONYMOUS = "anonymous"
PLAYER = "player"
ALIAS = "alias"


def identity(row: Mapping[str, Any], aliases: Aliases | None = None) -> tuple[str, str, str]:
    """Who a per-hand record is: (player, site, kind). ``kind`` is ``player`` (a site's screen name), ``alias``
    (the user's name for several accounts; site ``*`` until the aggregate names the sites it saw) or
    ``anonymous`` (a seat or placeholder name: the player is that name in that hand alone)."""
    site, player = str(row["site"]), str(row["player"])
    if is_anonymous(site, player):
        return f"{player} @{row['hand_id']}", site, ANONYMOUS
    if aliases:
        alias = aliases.alias(site, player)
        if alias is not None:
            return alias, "*", ALIAS
    stable = stable_id(site, player)
    if stable is not None:  # one identity per id, whatever name the table showed
        return STABLE_MARK + stable[1], site, PLAYER
    return player, site, PLAYER


def selects(name: str, row: Mapping[str, Any], aliases: Aliases | None = None) -> bool:
    """``--player name``: the name on every site, or the accounts of the alias ``name``."""
    if row["player"] == name:
        return True
    return bool(aliases) and aliases is not None and aliases.alias(str(row["site"]), str(row["player"])) == name
