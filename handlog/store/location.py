"""Where the hand database is by default (kept apart from ``database`` so that ``--help`` loads no SQL code)."""

from __future__ import annotations

from pathlib import Path

ENV = "HANDLOG_DB"
"""The environment variable naming the database when ``--db`` is not given."""


def default_path() -> Path:
    """The SQLite file used when neither ``--db`` nor ``HANDLOG_DB`` is given: in the user's data folder."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("handlog", appauthor=False)) / "hands.sqlite"
