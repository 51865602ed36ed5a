"""Identity and time (issue 23): each hand's wall-clock time, zone and zone source; the user's aliases; stakes in
one form.

Revision ID: 0003_identity
Revises: 0002_tournaments

``hands`` gains ``local_time`` (the time its log wrote, no zone, as ISO text: ``2021-03-02 18:22:40``),
``time_zone`` and ``time_source`` (``log``, ``room``, ``--tz``, ``config``, ``unknown``, ``none``: see
``handlog.clock``). Hands imported before keep their UTC time with source ``log`` where they had one (every
such time came from the log's own zone); the others are left NULL until imported again into a new database.
``aliases`` holds ``handlog aliases``: (site, player) → alias.
Stored stakes are rewritten in the one form the statistics print (``0.50/1.00`` → ``0.5/1``).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

import sqlalchemy as sa
from alembic import op

revision = "0003_identity"
down_revision = "0002_tournaments"
branch_labels = None
depends_on = None


def _plain(text: str) -> str:
    try:
        return format(Decimal(text).normalize(), "f")
    except InvalidOperation:
        return text


def upgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("local_time", sa.String(26)))
        batch.add_column(sa.Column("time_zone", sa.String(60)))
        batch.add_column(sa.Column("time_source", sa.String(10)))
    op.create_table(
        "aliases",
        sa.Column("site", sa.String(40), primary_key=True),
        sa.Column("player", sa.String(100), primary_key=True),
        sa.Column("alias", sa.String(100), nullable=False),
    )
    conn = op.get_bind()
    conn.execute(sa.text("UPDATE hands SET time_source = 'log' WHERE time_utc IS NOT NULL"))
    stakes = conn.execute(sa.text("SELECT DISTINCT stakes FROM hands WHERE stakes IS NOT NULL")).scalars().all()
    for old in stakes:
        small, sep, big = str(old).partition("/")
        new = f"{_plain(small)}/{_plain(big)}" if sep else old
        if new != old:
            conn.execute(sa.text("UPDATE hands SET stakes = :new WHERE stakes = :old"), {"new": new, "old": old})


def downgrade() -> None:
    op.drop_table("aliases")
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("time_source")
        batch.drop_column("time_zone")
        batch.drop_column("local_time")
