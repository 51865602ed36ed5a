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


def split_player(site: str, player: str) -> tuple[str, str | None]:
    """The name the table showed and the stable id (``("K. Godel", "TN11URmFSv")``); ``(player, None)`` on a room
    without stable ids (the per-hand records' ``player`` and ``player_id``)."""
    stable = stable_id(site, player) if site.lower() in STABLE_IDS else None
    return stable if stable is not None else (player, None)


def names_player(name: str, site: str, player: str) -> bool:
    """Whether ``name`` (``--player``, or an alias's account) names ``player`` of ``site``: the same text; on a room
    with stable ids, the display name the table showed (``BOOST`` for ``BOOST @ pU1r_12Vbu``), or the full
    ``name @ id`` of the same id (whatever name the table showed in that hand)."""
    if player == name:
        return True
    stable = stable_id(site, player) if site.lower() in STABLE_IDS else None
    if stable is None:
        return False
    full = stable_id(site, name)
    return full[1] == stable[1] if full is not None else stable[0] == name


def shown_pick(name: str | None, site: str, player: str) -> tuple[str, str] | None:
    """``(display name, id)`` when ``name`` picks ``player`` of ``site`` by the display name alone (``Guest`` for
    ``Guest @ Aa1``): a name that two ids were shown by picks two players, which :class:`ShownPicks` refuses."""
    if name is None or site.lower() not in STABLE_IDS or stable_id(site, name) is not None:
        return None
    stable = stable_id(site, player)
    return stable if stable is not None and stable[0] == name and player != name else None


class AmbiguousPlayer(ValueError):
    """A display name (``--player Guest``, or an alias's ``PokerNow:Guest``) that two stable ids were shown by."""


@dataclass(slots=True)
class ShownPicks:
    """The stable ids each display name picked (per site, and per ``--player`` value or alias account): more than
    one id under one display name is an error (:meth:`check`), never two players merged."""

    ids: dict[tuple[str, str], set[str]] = field(default_factory=dict)  # (site, display name) → ids

    def add(self, site: str, shown: tuple[str, str]) -> None:
        self.ids.setdefault((site, shown[0]), set()).add(shown[1])

    def merge(self, other: ShownPicks) -> None:
        for key, ids in other.ids.items():
            self.ids.setdefault(key, set()).update(ids)

    def check(self) -> None:
        """Raise :class:`AmbiguousPlayer` (listing the ids) for a display name that picked two ids or more."""
        for (site, name), ids in sorted(self.ids.items()):
            if len(ids) > 1:
                choices = ", ".join(repr(f"{name} @ {i}") for i in sorted(ids))
                raise AmbiguousPlayer(
                    f"{name!r} is the name of {len(ids)} players on {site} ({len(ids)} ids: {', '.join(sorted(ids))}):"
                    f" name one in full, one of {choices}"
                )


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
    ids: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """(site in lower case, stable id) → alias, for the accounts written ``name @ id``."""

    def alias(self, site: str, player: str) -> str | None:
        """The alias of ``player`` on ``site``: its account as written; on a room with stable ids, an account
        written ``name @ id`` of the same id, or its display name alone (:func:`alias_pick` says which)."""
        return self.alias_pick(site, player)[0]

    def alias_pick(self, site: str, player: str) -> tuple[str | None, tuple[str, str] | None]:
        """The alias, and ``(display name, id)`` when the alias was found by the display name alone."""
        key = site.lower()
        found = self.names.get((key, player))
        if found is not None or key not in STABLE_IDS:
            return found, None
        stable = stable_id(site, player)
        if stable is None:
            return None, None
        by_id = self.ids.get((key, stable[1]))
        if by_id is not None:
            return by_id, None
        shown = self.names.get((key, stable[0]))
        return (shown, stable) if shown is not None else (None, None)

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
    ids: dict[tuple[str, str], str] = {}
    for alias, account in pairs:
        key = parse_account(account)
        if key in names and names[key] != alias:
            raise AliasError(f"{account!r} is in two aliases: {names[key]!r} and {alias!r}")
        names[key] = alias
        full = stable_id(*key) if key[0] in STABLE_IDS else None
        if full is not None:  # "name @ id": the id's account, whatever name the table showed
            if ids.get((key[0], full[1]), alias) != alias:
                raise AliasError(f"{account!r} is in two aliases: {ids[key[0], full[1]]!r} and {alias!r}")
            ids[key[0], full[1]] = alias
    return Aliases(names, ids)


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
    """``--player name``: the name on every site (on a room with stable ids also the display name, or the full
    ``name @ id`` of the same id: :func:`names_player`), or the accounts of the alias ``name``."""
    site, player = str(row["site"]), str(row["player"])
    if names_player(name, site, player):
        return True
    return bool(aliases) and aliases is not None and aliases.alias(site, player) == name


def known_player(name: str, players: Iterable[str]) -> bool:
    """Whether ``name`` names one of ``players`` (as written, or by a display name or ``name @ id``)."""
    return any(p == name or any(names_player(name, site, p) for site in STABLE_IDS) for p in players)


def shown_names(players: Iterable[str]) -> set[str]:
    """``players`` and the display names of those written with a stable id (what ``--player`` may be given)."""
    out = set(players)
    for p in list(out):
        for site in STABLE_IDS:
            stable = stable_id(site, p)
            if stable is not None:
                out.add(stable[0])
    return out


def seated(name: str, site: str, players: Iterable[str], aliases: Aliases | None = None) -> bool:
    """Whether a hand of ``site`` seating ``players`` is one of ``--player name``'s (as :func:`selects`)."""
    return any(selects(name, {"site": site, "player": p}, aliases) for p in players)


def shown_picks(rows: Iterable[Mapping[str, Any]], name: str | None, aliases: Aliases | None = None) -> ShownPicks:
    """The ids the display names picked among ``rows`` (by ``--player name`` and the aliases' accounts)."""
    picks = ShownPicks()
    for row in rows:
        add_pick(picks, row, name, aliases)
    return picks


def add_pick(picks: ShownPicks, row: Mapping[str, Any], name: str | None, aliases: Aliases | None) -> None:
    """Note in ``picks`` the id that ``row`` was picked by a display name alone (``--player`` or an alias)."""
    site = str(row["site"])
    if site.lower() not in STABLE_IDS:
        return
    player = str(row["player"])
    shown = shown_pick(name, site, player)
    if shown is not None:
        picks.add(site, shown)
    if aliases:
        via = aliases.alias_pick(site, player)[1]
        if via is not None:
            picks.add(site, via)
