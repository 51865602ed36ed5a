"""Column types that keep money exact on every backend.

PostgreSQL has an exact ``NUMERIC``: money goes there unconstrained, so ``1``, ``1.5`` and ``1.50`` come back
exactly as the log wrote them (the statistics print the same strings from the database as from the files).
SQLite has no exact decimal type: its ``NUMERIC`` affinity turns ``0.1`` into a binary float. There the value is
kept as its exact decimal text, and converted back to ``Decimal`` on the way out; never a float anywhere.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import DateTime, Numeric, String
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator, TypeEngine


class Money(TypeDecorator[Decimal]):
    """An exact decimal: ``NUMERIC`` on PostgreSQL, the decimal's text on SQLite."""

    impl = String
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "postgresql":
            return dialect.type_descriptor(Numeric(asdecimal=True))
        return dialect.type_descriptor(String(40))

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if not isinstance(value, Decimal):
            raise TypeError(f"money must be a Decimal, not {type(value).__name__}")
        return value if dialect.name == "postgresql" else str(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        if value is None:
            return None
        return value if isinstance(value, Decimal) else Decimal(value)


class UtcDateTime(TypeDecorator[datetime]):
    """A point in time, always given back as an aware UTC ``datetime`` (SQLite keeps no time zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if not isinstance(value, datetime):
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
