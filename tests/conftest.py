"""Fixtures shared by tests in several folders."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def handlog_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty private cache folder (``HANDLOG_CACHE_DIR``), turned on, for this test only."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("HANDLOG_CACHE_DIR", str(folder))
    monkeypatch.delenv("HANDLOG_NO_CACHE", raising=False)
    return folder
