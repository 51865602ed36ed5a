"""The cache's arrays (``handlog.cache.load_arrays`` / ``store_arrays``): read back as written, and anything else
(a damaged file, another count, arrays of objects, the cache turned off) gives None, never an error."""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pytest

from handlog.cache import STALE_SECONDS, load_arrays, store_arrays

KEY = "k" * 64


def _arrays() -> list[np.ndarray]:
    return [np.arange(12, dtype=np.int64).reshape(3, 4), np.array([1, -2], np.int16), np.zeros(0, np.int32)]


def test_arrays_read_back_as_written(handlog_cache: Path) -> None:
    store_arrays(KEY, _arrays())
    found = load_arrays(KEY, 3)
    assert found is not None
    for got, want in zip(found, _arrays(), strict=True):
        assert got.dtype == want.dtype and np.array_equal(got, want)
    assert (handlog_cache.stat().st_mode & 0o777) == 0o700
    assert [p.name for p in handlog_cache.iterdir()] == [f"arrays-{KEY}.npy"]  # no temporary file left


def test_another_count_or_a_damaged_file_is_none(handlog_cache: Path) -> None:
    assert load_arrays(KEY, 3) is None  # nothing stored
    store_arrays(KEY, _arrays())
    assert load_arrays(KEY, 2) is None  # more arrays than asked for
    assert load_arrays(KEY, 4) is None  # fewer
    path = handlog_cache / f"arrays-{KEY}.npy"
    path.write_bytes(path.read_bytes()[:-5])
    assert load_arrays(KEY, 3) is None
    path.write_bytes(b"not an array")
    assert load_arrays(KEY, 3) is None


def test_arrays_of_objects_are_never_loaded(handlog_cache: Path) -> None:
    handlog_cache.mkdir(mode=0o700)
    with (handlog_cache / f"arrays-{KEY}.npy").open("wb") as out:
        np.save(out, np.array([{"a": 1}], dtype=object), allow_pickle=True)  # loading it would unpickle
    assert load_arrays(KEY, 1) is None
    with (handlog_cache / f"arrays-{KEY}.npy").open("wb") as out:
        np.save(out, np.array(["text"]))
    assert load_arrays(KEY, 1) is None  # not numbers


def test_the_cache_turned_off_keeps_nothing(handlog_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HANDLOG_NO_CACHE", "1")
    store_arrays(KEY, _arrays())
    assert load_arrays(KEY, 3) is None
    assert not handlog_cache.exists()


def test_arrays_files_written_long_ago_go_when_another_is_written(handlog_cache: Path) -> None:
    store_arrays(KEY, _arrays())
    old, recent = handlog_cache / f"arrays-{KEY}.npy", handlog_cache / f"arrays-{'r' * 64}.npy"
    recent.write_bytes(old.read_bytes())
    long_ago = time.time() - STALE_SECONDS - 60
    os.utime(old, (long_ago, long_ago))
    store_arrays("n" * 64, _arrays())
    assert not old.exists()
    assert recent.exists() and (handlog_cache / f"arrays-{'n' * 64}.npy").exists()
