"""The aliases stored in the hand database (``handlog aliases``): (site, player) → the alias merging them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, select

from handlog.stats.identity import Aliases, aliases_from
from handlog.store.database import translated
from handlog.store.schema import aliases as table

if TYPE_CHECKING:
    from handlog.db import Database


def stored_aliases(db: Database) -> Aliases:
    with translated(db.engine), db.engine.connect() as conn:
        rows = conn.execute(select(table.c.alias, table.c.site, table.c.player)).all()
    return aliases_from((str(alias), f"{site}:{player}") for alias, site, player in rows)


def set_alias(db: Database, alias: str, accounts: list[str]) -> Aliases:
    """Make ``accounts`` (``SITE:NAME``) the accounts of ``alias`` (replacing its old ones); the stored aliases."""
    pairs = [(a, f"{site}:{player}") for (site, player), a in stored_aliases(db).names.items() if a != alias]
    new = aliases_from([*pairs, *((alias, account) for account in accounts)])  # checks: one alias an account
    with translated(db.engine), db.engine.begin() as conn:
        conn.execute(delete(table))
        rows = [{"site": site, "player": player, "alias": a} for (site, player), a in new.names.items()]
        if rows:
            conn.execute(insert(table), rows)
    return new
