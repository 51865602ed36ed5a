"""The migrations and ``schema.py`` describe the same database; money and times come back exactly."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, String, Text, insert, select

import handlog.db
from handlog.store import schema


def _sqlite_kept_its_lengths(
    context: object, inspected: Column[Any], metadata: Column[Any], *args: object
) -> bool | None:
    """On SQLite the columns 0005_log_text made text keep their declared lengths (SQLite never enforced them, and
    changing a declaration there copies the table): a ``VARCHAR(n)`` found for a ``TEXT`` column is no difference."""
    if isinstance(metadata.type, Text) and isinstance(inspected.type, String) and inspected.type.length:
        return False
    return None  # alembic's own comparison


def test_the_migrated_database_matches_the_schema(db_url: str) -> None:
    with handlog.db.open(db_url, create=True) as db, db.engine.connect() as conn:
        lenient = conn.dialect.name == "sqlite"
        opts = {"compare_type": _sqlite_kept_its_lengths} if lenient else {}
        diff = compare_metadata(MigrationContext.configure(conn, opts=opts), schema.metadata)
    assert diff == []


def test_money_keeps_its_exact_value_and_written_scale(db_url: str) -> None:
    values = [Decimal("1"), Decimal("1.5"), Decimal("1.50"), Decimal("-0.01"), Decimal("123456789012.3456789")]
    with handlog.db.open(db_url, create=True) as db, db.engine.begin() as conn:
        file_id = conn.execute(
            insert(schema.files).returning(schema.files.c.id),
            {"path": "/x", "size": 0, "mtime_ns": 0, "consumed": 0, "lines": 0, "sha256": "", "hands": 0,
             "unparsed": 0, "violations": 0, "imported_at": datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)},
        ).scalar_one()  # fmt: skip
        for i, value in enumerate(values):
            conn.execute(
                insert(schema.hands),
                {"site": "S", "hand_key": str(i), "format": "f", "status": "clean", "file_id": file_id, "line": 1,
                 "is_tournament": False, "small_blind": value},
            )  # fmt: skip
        got = [r[0] for r in conn.execute(select(schema.hands.c.small_blind).order_by(schema.hands.c.id))]
        when = conn.execute(select(schema.files.c.imported_at)).scalar_one()
    assert [str(v) for v in got] == [str(v) for v in values]
    assert all(isinstance(v, Decimal) for v in got)
    assert when == datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC) and when.tzinfo is not None


def test_the_head_that_migrate_trusts_is_the_scripts_one_head() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from handlog.store.database import MIGRATIONS
    from handlog.store.migrations import HEAD

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_heads() == [HEAD]


def test_a_database_at_the_head_opens_without_alembic(db_url: str) -> None:
    with handlog.db.open(db_url, create=True):
        pass  # created and migrated: now at the head
    script = "import sys, handlog.db; handlog.db.open(sys.argv[1]).close(); print('alembic' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script, db_url], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
