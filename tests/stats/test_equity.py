"""The equity tables kept in the user's cache (``equity._kept``): what is read back is what is built, an enumeration
gives the same counts from either, and a damaged file is built again."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import numpy as np
import pytest

from handlog.stats import equity

CACHED = (equity.tables, equity.heads_up_table, equity.rank_multisets, equity.suited_draws, equity._no_flush_column,
          equity._sources_key)  # fmt: skip
SITUATIONS = (
    (((48, 49), (44, 45), (0, 5)), ()),  # three-way preflop
    (((51, 47), (50, 46)), (0, 4, 8)),  # heads-up on the flop
)


def _cleared() -> None:
    for function in CACHED:
        function.cache_clear()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HANDLOG_CACHE_DIR", str(folder))
    monkeypatch.delenv("HANDLOG_NO_CACHE", raising=False)
    _cleared()
    yield folder
    _cleared()  # the rest of the session builds its own


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and all(
        np.array_equal(getattr(a, f.name), getattr(b, f.name)) for f in fields(a)  # type: ignore[arg-type]
    )


def _counts() -> list[dict[tuple[int, ...], int]]:
    return [equity.enumerate_orderings(holes, board) for holes, board in SITUATIONS]


def test_the_tables_read_back_are_the_ones_built(cache: Path) -> None:
    built = (equity.tables(), equity.heads_up_table(), equity.rank_multisets(5), equity.suited_draws(5, 3))
    counts = _counts()
    files = sorted(cache.glob("arrays-*.npy"))
    assert len(files) >= 4
    _cleared()
    read = (equity.tables(), equity.heads_up_table(), equity.rank_multisets(5), equity.suited_draws(5, 3))
    assert sorted(cache.glob("arrays-*.npy")) == files  # nothing built again
    assert all(_same(a, b) for a, b in zip(built, read, strict=True))
    assert _counts() == counts


def test_the_counts_are_those_of_no_cache(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    warm = (_counts(), _counts())  # the first builds and writes, the second reads
    monkeypatch.setenv("HANDLOG_NO_CACHE", "1")
    _cleared()
    assert warm == (_counts(), _counts())


def test_a_damaged_table_is_built_again(cache: Path) -> None:
    built = equity.tables()
    for path in cache.glob("arrays-*.npy"):
        path.write_bytes(path.read_bytes()[:100])
    _cleared()
    assert _same(equity.tables(), built)
