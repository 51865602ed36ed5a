"""The shared corpus (``../shared/corpus``, beside the repository) as the formats' corpus tests read it."""

from __future__ import annotations

import codecs
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
SIDECARS = (".hp", ".hands", ".gt")
"""fpdb's expected values beside an input file: not hand histories."""


def text_of(path: Path) -> str:
    """A file's text for counting headers apart from the reader: UTF-16 by its BOM, else UTF-8 (headers are ASCII;
    other bytes do not matter here)."""
    raw = path.read_bytes()
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16")
    return raw.decode("utf-8", errors="replace")


def rel(path: str | Path) -> str:
    """A corpus file's path from the corpus folder, as the tests name files."""
    return Path(path).resolve().relative_to(CORPUS.resolve()).as_posix()
