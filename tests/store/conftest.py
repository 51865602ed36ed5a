"""Databases for the store tests: a fresh SQLite file, and a real PostgreSQL server when one is given.

``HANDLOG_TEST_PG_URL`` (set by ``.ci/run``, which installs and starts PostgreSQL from Debian's packages) names
a scratch database whose ``public`` schema the tests empty before each use. Without it, or when the server does
not answer, the PostgreSQL cases skip and say why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_ENV = "HANDLOG_TEST_PG_URL"


def _fresh_postgres(url: str) -> str:
    from sqlalchemy import create_engine, text

    pg = url.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = create_engine(pg, connect_args={"connect_timeout": 3})
    try:
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    finally:
        engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL with nothing in it: an SQLite file path, or the scratch PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "hands.sqlite")
        return
    url = os.environ.get(PG_ENV)
    # .ci/run started a server (HANDLOG_REQUIRE_PG): there a skip would hide a failure
    missing = pytest.fail if os.environ.get("HANDLOG_REQUIRE_PG") else pytest.skip
    if not url:
        missing(f"no PostgreSQL server: set {PG_ENV}=postgresql://user:pass@host/db")
    try:
        fresh = _fresh_postgres(str(url))
    except Exception as exc:  # noqa: BLE001 - any failure to reach the server is a skip with its reason
        missing(f"PostgreSQL at {PG_ENV} does not answer: {str(exc).splitlines()[0]}")
    yield fresh
