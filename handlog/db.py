"""The hand database from Python: ``handlog.db.open(url)``.

>>> import handlog.db
>>> with handlog.db.open("hands.sqlite") as db:  # doctest: +SKIP
...     db.import_paths(["~/PokerStars/HandHistory"])
...     table = db.per_hand(player="Hero", since="2024-01-01")  # one row per hand and player, money exact
...     for hand in db.hands(site="PokerStars", tournament=False):  # typed Hands, parsed from the stored text
...         ...

``url`` is a file path (SQLite), a ``postgresql://`` URL, or None for ``HANDLOG_DB`` / the default file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any

from handlog.events import Hand
from handlog.reading import HandRecord, ReadReport
from handlog.store import query
from handlog.store.database import describe, open_engine, translated
from handlog.store.errors import StoreError
from handlog.store.filters import Filters, parse_when
from handlog.store.importer import Counts, Importer

if TYPE_CHECKING:  # pandas (and pyarrow with it, ~80 MB) only for per_hand, not for every import or read
    import pandas as pd

__all__ = ["Database", "Filters", "StoreError", "open"]


def _filters(filters: Filters | None, options: dict[str, Any]) -> Filters:
    if filters is not None and options:
        raise TypeError("give either a Filters object or keyword filters, not both")
    if filters is not None:
        return filters
    for name, end in (("since", False), ("until", True)):
        if isinstance(options.get(name), str):
            options[name] = parse_when(options[name], end=end)
    return Filters(**options)


class Database:
    """An open hand database (see the module docstring). Filters are a :class:`Filters` or its fields as
    keywords: ``player``, ``site``, ``game``, ``stakes``, ``since``/``until`` (datetime or ISO text),
    ``tournament`` (True: tournaments only, False: cash only)."""

    def __init__(self, url: str | None = None, create: bool = False) -> None:
        self.engine = open_engine(url, create=create)
        self.url = describe(str(self.engine.url))

    def per_hand(self, filters: Filters | None = None, *, with_allin_ev: bool = True, **options: Any) -> pd.DataFrame:
        """``handlog.stats.per_hand`` of the stored hands: the same columns and types, from the stored counters."""
        with translated(self.engine), self.engine.connect() as conn:
            return query.per_hand(conn, _filters(filters, options), with_allin_ev)

    def records(self, filters: Filters | None = None, **options: Any) -> Iterator[HandRecord]:
        """The stored hands as ``handlog.read`` gives them (unparsed ones included), parsed again from their text."""
        with translated(self.engine), self.engine.connect() as conn:
            yield from query.records(conn, _filters(filters, options))

    def hands(self, filters: Filters | None = None, **options: Any) -> Iterator[Hand]:
        """Typed hands, streamed (parsed again from the stored text, so a parser fix applies to old imports)."""
        for record in self.records(filters, **options):
            if record.hand is not None:
                yield record.hand

    def import_paths(
        self, paths: Iterable[str | os.PathLike[str]], *, with_allin_ev: bool = True, settle: float | None = None
    ) -> Counts:
        """Import files or folders (see ``handlog import``); the counts of what was read."""
        importer = Importer(self.engine, with_allin_ev=with_allin_ev)
        if settle is not None:
            importer.settle = settle
        report = ReadReport()
        total = Counts()
        for result in importer.import_paths(paths, report):
            total.add(result.counts)
        total.files = report.files
        return total

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def open(url: str | None = None, create: bool = False) -> Database:  # the name the API promises
    """Open the hand database at ``url`` (created with ``create=True`` when it does not exist yet)."""
    return Database(url, create=create)


