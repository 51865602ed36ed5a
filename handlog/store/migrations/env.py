"""Alembic environment: migrations run programmatically on the connection handlog passes in."""

from __future__ import annotations

from alembic import context

from handlog.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
