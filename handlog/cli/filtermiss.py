"""A filter that selects no hand: one line naming it and the nearest values that exist, and exit 1.

The commands collect what they saw while reading (:class:`Seen`: the players, sites, games and stakes of every
hand read, before any filter) and, when nothing was selected, ask :func:`miss` for the line to print:
``no player 'hero' (did you mean 'Hero'?)``. Kept on its own so that every command (stats, graph, audit, replay,
and files or ``--db`` alike) says it the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from handlog.reading import HandRecord, ReadReport
from handlog.reading.dedupe import Dedupe, summary
from handlog.stats.frame import normal_stakes
from handlog.stats.identity import Aliases, known_player, shown_names
from handlog.store.filters import Filters, Seen

if TYPE_CHECKING:
    from handlog.db import Database

__all__ = ["Seen", "miss", "nearest", "print_duplicates", "report_miss"]


def nearest(value: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The known values nearest ``value``: the same text in another case first, then the close ones."""
    known = sorted(set(known))
    same_case = [k for k in known if k.lower() == value.lower() and k != value]
    folded = {k.lower(): k for k in known}
    import difflib  # only when a filter selected nothing (not at every start of stats)

    close = [folded[k] for k in difflib.get_close_matches(value.lower(), list(folded), n=n, cutoff=0.6)]
    out: list[str] = []
    for k in (*same_case, *close):
        if k not in out and k != value:
            out.append(k)
    return out[:n]


def _line(what: str, value: str, known: Iterable[str], few: int = 0) -> str:
    """``no WHAT 'value' (did you mean …?)``: the nearest values, else (``few``) all of them when there are no more
    than that many (the sites, games or stakes of a folder)."""
    known = sorted(set(known))
    near = nearest(value, known) or (known if len(known) <= few else [])
    hint = f" (did you mean {', '.join(repr(k) for k in near)}?)" if near else ""
    return f"no {what} {value!r}{hint}"


def miss(filters: Filters, seen: Seen, aliases: Aliases | None = None) -> str:
    """Why ``filters`` selected nothing from the hands ``seen``: the first filter whose value no hand has, with
    the nearest values that exist; else the filters that select nothing together."""
    if not (seen.players or seen.sites):
        return "no hand to select from"
    if filters.player is not None and not known_player(filters.player, seen.players):
        alias_members = aliases.members(filters.player) if aliases else []
        if not alias_members:
            return _line("player", filters.player, shown_names(seen.players))
    if filters.site is not None and filters.site.lower() not in {s.lower() for s in seen.sites}:
        return _line("site", filters.site, seen.sites, few=5)
    if filters.game is not None and filters.game not in seen.games:
        return _line("game", filters.game, seen.games, few=5)
    if filters.stakes is not None and normal_stakes(filters.stakes) not in seen.stakes:
        return _line("stakes", filters.stakes, seen.stakes, few=5)
    given = [f"--{name} {value}" for name, value in (
        ("player", filters.player), ("site", filters.site), ("game", filters.game), ("stakes", filters.stakes),
        ("since", filters.since.isoformat() if filters.since else None),
        ("until", filters.until.isoformat() if filters.until else None),
    ) if value is not None]  # fmt: skip
    if filters.tournament is not None:
        given.append("--tournament" if filters.tournament else "--cash")
    return f"no hand matches {' '.join(given)}" if given else "no hand selected"


def report_miss(command: str, filters: Filters, seen: Seen, aliases: Aliases | None = None) -> int:
    """Print the line of :func:`miss` for ``handlog COMMAND`` and give the exit code (1)."""
    sys.stderr.write(f"handlog {command}: {miss(filters, seen, aliases)}\n")
    return 1


def print_duplicates(dedupe: Dedupe) -> None:
    """How many hands were read twice and skipped, and each skipped one whose text differs (a notice)."""
    for line in summary(dedupe):
        sys.stderr.write(f"handlog: {line}\n")


def _values(record: HandRecord) -> Seen | None:
    """What one hand could be selected by (run in a worker)."""
    if record.hand is None:
        return None
    out = Seen()
    out.add(record.hand)
    return out


def seen_in(paths: Sequence[str], jobs: int | None = None, db: Database | None = None) -> Seen:
    """The values the hands of ``paths`` (or of the database ``db``) have: read again only when a filter selected
    nothing (the commands that do not collect them as they go: audit, replay)."""
    if db is not None:
        from handlog.store.query import seen_values

        return seen_values(db)
    from handlog.parallel import map_records

    out = Seen()
    for part in map_records(_values, paths, ReadReport(), jobs):
        if part is not None:
            out.merge(part)
    return out
