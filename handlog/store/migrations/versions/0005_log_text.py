"""Columns that hold what a log wrote (hand ids, names, stakes, table and tournament facts) become unbounded text.

Revision ID: 0005_log_text
Revises: 0004_counters

A log decides how long these values are, so a declared length was a limit a hand could break: PostgreSQL refused
the row ("value too long for type character varying(20)" for the structure ``pl_preflop_nl_postflop``) and the
import stopped. On PostgreSQL ``varchar(n)`` to ``text`` is a catalogue change, no table is rewritten. SQLite never
enforced the lengths, so its tables are left as they are: changing a declared type there means copying every
table, which on a large database costs minutes for a declaration SQLite ignores.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_log_text"
down_revision = "0004_counters"
branch_labels = None
depends_on = None

WIDENED = {
    "hands": {
        "hand_key": 80, "hand_id": 80, "game": 40, "game_name": 60, "structure": 20, "stakes": 40, "currency": 10,
        "tournament_id": 80, "time_zone": 60, "table_name": 200,
    },
    "hand_players": {"player": 100},
    "actions": {"player": 100},
    "tournaments": {"tournament_id": 80, "currency": 10},
    "tournament_results": {"player": 100, "currency": 10, "game": 100, "speed": 40, "kind": 100},
    "aliases": {"site": 40, "player": 100, "alias": 100},
}  # fmt: skip
"""Per table, the columns made text and the length each had (for the downgrade)."""


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    for table, columns in WIDENED.items():
        for column, length in columns.items():
            op.alter_column(table, column, type_=sa.Text, existing_type=sa.String(length))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    for table, columns in WIDENED.items():
        for column, length in columns.items():
            op.alter_column(table, column, type_=sa.String(length), existing_type=sa.Text)
