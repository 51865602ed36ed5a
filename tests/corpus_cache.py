"""The shared corpus read once per test session: each file's records, and each hand's audit, kept for every test.

Many test modules read the same corpus folders (a room's module, the statistics against fpdb, the anonymiser, the
time zones …) and audit the same hands. ``read_cached(paths, report)`` gives exactly what ``handlog.read(paths,
report)`` gives (no dedupe: the records of a file depend on that file alone), but reads each file once per
session, whichever test asks first; ``audited(hand)`` is ``audit(hand)`` computed once per hand. The records are
shared: a test must not change them (``HandRecord`` is a plain dataclass; ``Hand`` and ``Audit`` are frozen).

The pytest option ``pythonpath = ["tests"]`` (pyproject.toml) makes this module importable from every test folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import fields
from pathlib import Path
from typing import Any

from handlog.audit import Audit, audit
from handlog.events import Hand
from handlog.reading import HandRecord, ReadReport
from handlog.reading.reader import iter_files, read_file

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
"""``../shared/corpus`` beside the repository, spelled as ``tests/formats/corpus_files.CORPUS`` spells it: the
cache is keyed by the path as given, so modules that read through this one constant share their reads."""

_FILES: dict[str, tuple[tuple[HandRecord, ...], ReadReport]] = {}
_AUDITS: dict[int, tuple[Hand, Audit]] = {}
_ROWS: list[dict[str, Any]] = []


def _file(path: Path) -> tuple[tuple[HandRecord, ...], ReadReport]:
    key = str(path)
    found = _FILES.get(key)
    if found is None:
        part = ReadReport()
        found = _FILES[key] = (tuple(read_file(path, part)), part)
    return found


def read_cached(paths: Iterable[str | os.PathLike[str]], report: ReadReport | None = None) -> list[HandRecord]:
    """``list(handlog.read(paths, report))``, each file read once per test session."""
    report = report if report is not None else ReadReport()
    out: list[HandRecord] = []
    for path in iter_files(paths, report):
        records, part = _file(path)
        out += records
        for f in fields(part):  # counts add up, lists of problems and summaries follow each other
            setattr(report, f.name, getattr(report, f.name) + getattr(part, f.name))
    return out


def audited(hand: Hand) -> Audit:
    """``audit(hand)`` (default rules), computed once per hand object."""
    found = _AUDITS.get(id(hand))
    if found is None or found[0] is not hand:
        found = _AUDITS[id(hand)] = (hand, audit(hand))
    return found[1]


def corpus_rows() -> list[dict[str, Any]]:
    """The per-hand statistics rows (``stats.frame.iter_rows``, all-in EV off) of every hand of the corpus,
    computed once per session."""
    from handlog.stats.frame import iter_rows  # the statistics' imports, for the tests that use them only

    if not _ROWS:
        _ROWS.extend(iter_rows(iter(read_cached([CORPUS])), with_allin_ev=False))
    return _ROWS
