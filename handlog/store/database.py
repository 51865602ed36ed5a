"""Where the hand database is and how to open it: URL resolution, connection checks, migrations.

``--db`` (or ``HANDLOG_DB``) is a file path (SQLite) or a ``postgresql://`` URL; without either, an SQLite file in
the user's data folder (platformdirs). Every problem a user can cause (a path that cannot be written, a server
that does not answer, a database made by a newer handlog) is a :class:`StoreError` with one clear line, raised
before anything is written.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from handlog.store.errors import StoreError
from handlog.store.location import ENV, default_path
from handlog.store.migrations import HEAD

MIGRATIONS = Path(__file__).parent / "migrations"


def resolve_url(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db`` (a path or a URL), ``HANDLOG_DB``, or the default file."""
    value = db or os.environ.get(ENV) or ""
    if not value:
        return f"sqlite:///{default_path()}"
    if value.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + value.split("://", 1)[1]
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser().absolute()}"


def describe(url: str) -> str:
    """The URL as shown to the user: a path for SQLite, the URL without its password otherwise."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or ":memory:"
    return parsed.render_as_string(hide_password=True).replace("postgresql+psycopg://", "postgresql://")


def _check_sqlite_path(path: Path, create: bool) -> None:
    if path.is_dir():
        raise StoreError(f"database {path}: is a folder, not a file")
    if path.exists():
        if not os.access(path, os.R_OK | (os.W_OK if create else 0)):
            raise StoreError(f"database {path}: permission denied")
        return
    if not create:
        raise StoreError(f"database {path}: no such file (import hands into it first with handlog import)")
    folder = path.parent
    if path == default_path() and not folder.exists():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"database {path}: cannot create its folder: {exc.strerror or exc}") from exc
    if not folder.is_dir():
        raise StoreError(f"database {path}: no such folder {folder}")
    if not os.access(folder, os.W_OK):
        raise StoreError(f"database {path}: cannot write in {folder} (permission denied)")


def connect(url: str, create: bool = True) -> Engine:
    """An engine for ``url`` whose server answers (or whose file can be written when ``create``)."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise StoreError(f"database URL {url!r} is not valid: {exc}") from exc
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if not parsed.database:
            raise StoreError("database: an SQLite URL needs a file name")
        _check_sqlite_path(Path(parsed.database), create)
        engine = create_engine(parsed, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
    elif backend == "postgresql":
        engine = create_engine(parsed, connect_args={"connect_timeout": 5})
    else:
        raise StoreError(f"database {describe(url)}: only SQLite files and postgresql:// URLs are supported")
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError as exc:
        engine.dispose()
        raise StoreError(f"cannot open database {describe(url)}: {_first_line(exc)}") from exc
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers (stats, watch) never block the importer; a kill -9 loses only the uncommitted batch.
    # The driver's own transaction handling is turned off so that handlog says how each transaction begins
    # (see ``writer``).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


WRITE = "handlog_write"
"""Execution option of the engine that writes (see :func:`writer`)."""


def writer(engine: Engine) -> Engine:
    """The engine to write with. On SQLite its transactions start with ``BEGIN IMMEDIATE``: the write lock is
    taken first, so that two importers never both read "not there yet" and then insert the same hand. Reading
    transactions stay deferred: in WAL mode a long ``stats`` or ``audit --db`` never blocks ``watch``."""
    return engine.execution_options(**{WRITE: True})


def _sqlite_begin(conn: Any) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE) else "BEGIN")


def _first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None) or exc
    lines = [ln.strip() for ln in str(orig).splitlines() if ln.strip()]
    return lines[0] if lines else type(orig).__name__


@contextmanager
def translated(engine: Engine) -> Iterator[None]:
    """Database failures while working (a server gone away, a disk full) as one-line StoreErrors; what was
    committed stays committed."""
    try:
        yield
    except (SQLAlchemyError, sqlite3.Error) as exc:  # sqlite3: the raw cursor of the bulk insert (importer)
        raise StoreError(f"database {describe(str(engine.url))}: {_first_line(exc)}") from exc


def migrate(engine: Engine) -> None:
    """Bring the schema to this handlog's version (creating it in an empty database).

    A database whose version this handlog does not know (made by a newer one) is refused before any change.
    """
    if _at_head(engine):
        return
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from alembic.util.exc import CommandError

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    scripts = ScriptDirectory.from_config(config)
    with writer(engine).begin() as conn:
        current = MigrationContext.configure(conn).get_current_heads()
        for rev in current:
            try:
                scripts.get_revision(rev)
            except CommandError:
                raise StoreError(
                    f"database {describe(str(engine.url))} has schema version {rev}, newer than this handlog knows"
                    f" (its newest is {scripts.get_current_head()}): upgrade handlog"
                ) from None
        if set(current) == set(scripts.get_heads()):
            return
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def _at_head(engine: Engine) -> bool:
    """True when the database is at this handlog's newest revision (``migrations.HEAD``), the case of every run but
    the first: seen with one query, without importing alembic (~466 M instructions of a ~2.47 G start-up of
    ``import``, cachegrind). Anything else (no version table, another revision) goes to alembic, which decides."""
    with engine.connect() as conn:
        if not engine.dialect.has_table(conn, "alembic_version"):
            return False
        versions = conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    return versions == [HEAD]


def open_engine(db: str | None, create: bool = True) -> Engine:
    """Resolve, connect and migrate: the engine every command and the Python API use."""
    url = resolve_url(db)
    engine = connect(url, create=create)
    try:
        migrate(engine)
    except SQLAlchemyError as exc:
        engine.dispose()
        raise StoreError(f"database {describe(url)}: {_first_line(exc)}") from exc
    except StoreError:
        engine.dispose()
        raise
    return engine
