"""The counters of issue 27 (2-bets, cold 4-bets, squeeze defence, limps, position, delayed c-bets, probes,
c-bets in and out of position, check-raise and check-call, folds to raises, donk bets and floats per street, the
per-street counts) and each hand's pot type, as columns of ``hand_players``.

Revision ID: 0004_counters
Revises: 0003_identity

Rows imported before keep false (flags), 0 (counts) and NULL (pot type) in the new columns: ``handlog import``
again (into a new database) computes them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_counters"
down_revision = "0003_identity"
branch_labels = None
depends_on = None

FLAGS = (
    "two_bet_opp", "two_bet", "fold_to_two_bet_opp", "fold_to_two_bet", "cold_four_bet_opp", "cold_four_bet",
    "fold_to_four_bet_opp", "fold_to_four_bet", "fold_to_squeeze_opp", "fold_to_squeeze", "open_limp_opp",
    "open_limp", "limp_call_opp", "limp_call", "limp_fold_opp", "limp_fold", "limp_raise_opp", "limp_raise",
    "in_position_preflop", "in_position_flop", "delayed_cbet_turn_opp", "delayed_cbet_turn", "probe_turn_opp",
    "probe_turn", "cbet_flop_ip_opp", "cbet_flop_ip", "cbet_flop_oop_opp", "cbet_flop_oop", "cbet_turn_ip_opp",
    "cbet_turn_ip", "cbet_turn_oop_opp", "cbet_turn_oop", "cbet_river_ip_opp", "cbet_river_ip",
    "cbet_river_oop_opp", "cbet_river_oop", "fold_to_cbet_flop_ip_opp", "fold_to_cbet_flop_ip",
    "fold_to_cbet_flop_oop_opp", "fold_to_cbet_flop_oop", "fold_to_cbet_turn_ip_opp", "fold_to_cbet_turn_ip",
    "fold_to_cbet_turn_oop_opp", "fold_to_cbet_turn_oop", "fold_to_cbet_river_ip_opp", "fold_to_cbet_river_ip",
    "fold_to_cbet_river_oop_opp", "fold_to_cbet_river_oop", "check_call_flop", "faced_raise_flop",
    "fold_to_raise_flop", "donk_flop_opp", "donk_flop", "check_raise_turn_opp", "check_raise_turn",
    "check_call_turn", "faced_raise_turn", "fold_to_raise_turn", "donk_turn_opp", "donk_turn",
    "check_raise_river_opp", "check_raise_river", "check_call_river", "faced_raise_river", "fold_to_raise_river",
    "donk_river_opp", "donk_river", "float_turn_opp", "float_turn", "float_river_opp", "float_river",
)  # fmt: skip
COUNTS = (
    "bets_flop", "calls_flop", "raises_flop", "bets_turn", "calls_turn", "raises_turn", "bets_river", "calls_river",
    "raises_river",
)  # fmt: skip


def upgrade() -> None:
    with op.batch_alter_table("hand_players") as batch:
        for name in FLAGS:
            batch.add_column(sa.Column(name, sa.Boolean, nullable=False, server_default=sa.false()))
        for name in COUNTS:
            batch.add_column(sa.Column(name, sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("pot", sa.String(16)))


def downgrade() -> None:
    with op.batch_alter_table("hand_players") as batch:
        batch.drop_column("pot")
        for name in (*FLAGS, *COUNTS):
            batch.drop_column(name)
