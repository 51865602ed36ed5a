"""Hands for the replayer tests: the engine's real hands and the replayer's own (a real hand with a violation)."""

from __future__ import annotations

import os
from pathlib import Path

import handlog
from handlog.events import Hand

ENGINE_HANDS = Path(__file__).resolve().parents[1] / "engine" / "hands"
HANDS = Path(__file__).resolve().parent / "hands"
CORPUS = Path(os.environ.get("HANDLOG_CORPUS") or Path(__file__).resolve().parents[2].parent / "shared" / "corpus")
"""../shared/corpus beside the clone, as CI lays it out (``HANDLOG_CORPUS`` points elsewhere, e.g. from a worktree)."""


def load(path: Path) -> Hand:
    """The one hand of ``path`` (it must parse)."""
    records = handlog.read_text(path.read_text(encoding="utf-8"), str(path))
    assert len(records) == 1 and records[0].hand is not None
    return records[0].hand
