"""The first schema: files, hands, hand_players, actions, violations, hand_text.

Revision ID: 0001
Revises:

A migration is a frozen record of one schema change: it spells its tables out instead of reading today's
``schema.py`` (a test checks that the migrated database and ``schema.py`` agree).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from handlog.store.types import Money

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

COUNTERS_0001 = (
    "vpip", "pfr", "limp", "cold_call", "three_bet_opp", "three_bet", "four_bet_opp", "four_bet",
    "fold_to_three_bet_opp", "fold_to_three_bet", "squeeze_opp", "squeeze", "open_opp", "open_raise", "steal_opp",
    "steal", "fold_sb_to_steal_opp", "fold_sb_to_steal", "fold_bb_to_steal_opp", "fold_bb_to_steal", "saw_flop",
    "saw_turn", "saw_river", "saw_showdown", "won_at_showdown", "won_when_saw_flop", "cbet_flop_opp", "cbet_flop",
    "cbet_turn_opp", "cbet_turn", "cbet_river_opp", "cbet_river", "fold_to_cbet_flop_opp", "fold_to_cbet_flop",
    "fold_to_cbet_turn_opp", "fold_to_cbet_turn", "fold_to_cbet_river_opp", "fold_to_cbet_river",
    "check_raise_flop_opp", "check_raise_flop", "postflop_bets", "postflop_raises", "postflop_calls",
    "postflop_checks", "postflop_folds",
)  # fmt: skip
MONEY_0001 = ("committed", "collected", "rake", "net", "net_allin_ev")


def _child(name: str, *columns: sa.Column[Any]) -> None:
    """A table whose rows belong to one hand (deleted with it), keyed by (hand, seq)."""
    op.create_table(
        name,
        sa.Column("hand", sa.Integer, sa.ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        *columns,
    )


def upgrade() -> None:
    op.create_table(
        "files",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("path", sa.Text, nullable=False, unique=True),
        sa.Column("size", sa.BigInteger, nullable=False),
        sa.Column("mtime_ns", sa.BigInteger, nullable=False),
        sa.Column("consumed", sa.BigInteger, nullable=False),
        sa.Column("lines", sa.Integer, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("format", sa.String(40)),
        sa.Column("encoding", sa.String(20)),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("unparsed", sa.Integer, nullable=False),
        sa.Column("violations", sa.Integer, nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("site", sa.String(40), nullable=False),
        sa.Column("hand_key", sa.String(80), nullable=False),
        sa.Column("hand_id", sa.String(80)),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("game", sa.String(40)),
        sa.Column("game_name", sa.String(60)),
        sa.Column("structure", sa.String(20)),
        sa.Column("stakes", sa.String(40)),
        sa.Column("small_blind", Money),
        sa.Column("big_blind", Money),
        sa.Column("currency", sa.String(10)),
        sa.Column("tournament_id", sa.String(80)),
        sa.Column("is_tournament", sa.Boolean, nullable=False),
        sa.Column("time_utc", sa.DateTime(timezone=True)),
        sa.Column("table_name", sa.String(200)),
        sa.Column("button", sa.Integer),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("error", sa.Text),
        sa.Column("error_line", sa.Integer),
        sa.Column("file_id", sa.Integer, sa.ForeignKey("files.id"), nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
        sa.UniqueConstraint("site", "hand_key", name="uq_hands_site_key"),
    )
    op.create_index("ix_hands_time", "hands", ["time_utc"])
    op.create_index("ix_hands_game", "hands", ["game", "structure"])
    op.create_index("ix_hands_stakes", "hands", ["stakes", "currency"])
    op.create_index("ix_hands_site", "hands", ["site", "time_utc"])
    op.create_index("ix_hands_file", "hands", ["file_id", "line"])
    _child(
        "hand_players",
        sa.Column("player", sa.String(100), nullable=False),
        sa.Column("time_utc", sa.DateTime(timezone=True)),
        sa.Column("seat", sa.Integer),
        sa.Column("position", sa.String(8)),
        *(
            sa.Column(n, sa.Integer if n.startswith("postflop_") else sa.Boolean, nullable=False)
            for n in COUNTERS_0001
        ),
        sa.Column("all_in_street", sa.String(20)),
        *(sa.Column(n, Money, nullable=n == "net_allin_ev") for n in MONEY_0001),
    )
    op.create_index("ix_hand_players_player_time", "hand_players", ["player", "time_utc"])
    _child(
        "actions",
        sa.Column("street", sa.String(20), nullable=False),
        sa.Column("player", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("amount", Money),
        sa.Column("all_in", sa.Boolean, nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
    )
    op.create_index("ix_actions_player", "actions", ["player"])
    _child(
        "violations",
        sa.Column("code", sa.String(60), nullable=False),
        sa.Column("category", sa.String(30), nullable=False),
        sa.Column("severity", sa.String(10), nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
        sa.Column("message", sa.Text, nullable=False),
    )
    op.create_index("ix_violations_code", "violations", ["code"])
    op.create_table(
        "hand_text",
        sa.Column("hand", sa.Integer, sa.ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("text", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    for name in ("hand_text", "violations", "actions", "hand_players", "hands", "files"):
        op.drop_table(name)
