"""Reading the corpus's summaries in the tournament tests (skipped cleanly without ../shared/corpus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from handlog.events.tournament import SummaryError, TournamentSummary
from handlog.formats.summaries import read_file

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"

SUMMARIES = CORPUS / "fpdb" / "summaries"
FRESH = CORPUS / "fresh"


def corpus_file(*parts: str) -> Path:
    path = CORPUS.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"corpus file absent: {path}")
    return path


def summaries(path: Path) -> list[TournamentSummary]:
    out = []
    for item in read_file(path):
        assert not isinstance(item, SummaryError), item.describe()
        out.append(item)
    return out


def one(*parts: str) -> TournamentSummary:
    (s,) = summaries(corpus_file(*parts))
    return s


def write(tmp: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = tmp / name
    path.write_bytes(text.encode(encoding))
    return path
