"""Tournaments and their results (``handlog tournaments --db``).

Revision ID: 0002_tournaments
Revises: 0001

Each tournament once by (site, tournament id); each player's result once per tournament.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from handlog.store.types import Money

revision = "0002_tournaments"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("site", sa.String(40), nullable=False),
        sa.Column("tournament_id", sa.String(80), nullable=False),
        sa.Column("buy_in", Money),
        sa.Column("fee", Money, nullable=False),
        sa.Column("bounty", Money, nullable=False),
        sa.Column("currency", sa.String(10), nullable=False),
        sa.Column("entrants", sa.Integer),
        sa.Column("start_utc", sa.DateTime(timezone=True)),
        sa.Column("rank", sa.BigInteger, nullable=False),
        sa.Column("file", sa.Text, nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
        sa.UniqueConstraint("site", "tournament_id", name="uq_tournaments_site_id"),
    )
    op.create_table(
        "tournament_results",
        sa.Column("tournament", sa.Integer, sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player", sa.String(100), primary_key=True),
        sa.Column("finish", sa.Integer),
        sa.Column("entrants", sa.Integer),
        sa.Column("buy_in", Money),
        sa.Column("fee", Money, nullable=False),
        sa.Column("bounty", Money, nullable=False),
        sa.Column("prize", Money, nullable=False),
        sa.Column("bounties_won", Money, nullable=False),
        sa.Column("currency", sa.String(10), nullable=False),
        sa.Column("cost", Money),
        sa.Column("ticket", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("game", sa.String(100), nullable=False),
        sa.Column("speed", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(100), nullable=False),
        sa.Column("start_utc", sa.DateTime(timezone=True)),
        sa.Column("hero", sa.Boolean, nullable=False),
        sa.Column("rank", sa.BigInteger, nullable=False),
        sa.Column("file", sa.Text, nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
    )
    op.create_index("ix_tournament_results_player", "tournament_results", ["player"])


def downgrade() -> None:
    op.drop_index("ix_tournament_results_player", table_name="tournament_results")
    op.drop_table("tournament_results")
    op.drop_table("tournaments")
