"""A private, per-user cache: what the table driver needs of each line grammar (``formats.grammar``), as JSON, and
the all-in equity's tables (``stats.equity``), as numpy arrays.

Compiling a line grammar with Lark (reading the ``.lark`` files, the LALR analysis, the lexer's terminals) costs
every process about 40–50 ms before its first hand, for a result that only changes with the grammar files: the
LALR actions, each terminal's regular expression, priority and fields, the ignored terminals, the start and end
states. Those are plain strings, integers and lists, so they are kept as **JSON** (never pickle: loading JSON runs
no code) in a folder of the user's own (``$HANDLOG_CACHE_DIR``, else ``$XDG_CACHE_HOME/handlog``, else
``~/.cache/handlog``), created mode 0700 and used only while it is the user's and no one else may write to it. A file is
named by a SHA-256 of everything its content derives from (every grammar file, the code that derives it, Lark's,
handlog's and Python's versions), so a stale one is never read; one that does not have the expected shape is
ignored (and rewritten). ``HANDLOG_NO_CACHE=1`` turns the cache off. Lark itself is still what compiles the
grammar when a hand does not parse on the fast path (to explain the error), and whenever the cache is missing.

The equity tables (the hand values by ranks, the heads-up preflop table, the rank multisets and suited boards an
enumeration reads) cost ~90 M instructions to make from the shipped files in every process that meets an all-in,
against ~3 M to read back: they are kept as ``.npy`` arrays, one file per table written one array after another,
read with ``allow_pickle=False`` (no object arrays, so loading runs no code), under the same naming by SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy loads only where arrays are cached (the grammar cache needs none of it)
    from numpy.typing import NDArray

FORMAT = "handlog-table-1"
"""Bumped whenever the shape of a cached table changes."""


def cache_dir() -> Path | None:
    """The user's cache folder (created 0700), or None when caching is off or the folder is not safe to use."""
    if os.environ.get("HANDLOG_NO_CACHE"):
        return None
    configured = os.environ.get("HANDLOG_CACHE_DIR")
    try:
        if configured:
            folder = Path(configured)
        else:
            base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
            folder = Path(base) / "handlog"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
        # only a real folder of this user's that nobody else may write to; one only others may read is closed
        if not stat.S_ISDIR(info.st_mode) or info.st_mode & 0o022:
            return None
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return None
        if info.st_mode & 0o077:
            folder.chmod(0o700)
    except (OSError, RuntimeError):  # no home folder, a read-only disk …: no cache
        return None
    return folder


def cache_key(sources: list[Path], versions: list[str]) -> str:
    """SHA-256 of the cache format, ``versions`` and every source file's name and bytes."""
    digest = hashlib.sha256()
    for part in (FORMAT, f"python {sys.version_info[0]}.{sys.version_info[1]}", *versions):
        digest.update(part.encode() + b"\0")
    for path in sources:
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def load(key: str) -> dict[str, Any] | None:
    """The cached JSON object for ``key``, or None (no cache, no file, unreadable, not what was stored)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        data = json.loads((folder / f"table-{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    return data


def store(key: str, data: dict[str, Any]) -> None:
    """Write ``data`` under ``key`` atomically (a temporary file in the folder, then renamed); failures are
    ignored: the cache only saves time."""
    folder = cache_dir()
    if folder is None:
        return
    with suppress(OSError), _replacing(folder / f"table-{key}.json") as out:
        out.write(json.dumps({**data, "key": key}, separators=(",", ":")).encode("utf-8"))


@contextmanager
def _replacing(path: Path) -> Iterator[IO[bytes]]:
    """A temporary file in ``path``'s folder, renamed to ``path`` once written whole (removed on any error): a
    reader never sees half a file."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            yield out
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_arrays(key: str, count: int) -> list[NDArray[Any]] | None:
    """The ``count`` arrays cached under ``key``, in the order they were stored, or None (no cache, no file,
    unreadable, not exactly ``count`` arrays of numbers)."""
    import numpy as np

    folder = cache_dir()
    if folder is None:
        return None
    try:
        with (folder / f"arrays-{key}.npy").open("rb") as stream:
            arrays = [np.load(stream, allow_pickle=False) for _ in range(count)]
            if stream.read(1):
                return None
    except (OSError, ValueError, EOFError):
        return None
    if not all(a.dtype.kind in "biuf" for a in arrays):
        return None
    return arrays


def store_arrays(key: str, arrays: list[NDArray[Any]]) -> None:
    """Write ``arrays`` under ``key`` atomically (see ``store``); failures are ignored."""
    import numpy as np

    folder = cache_dir()
    if folder is None:
        return
    with suppress(OSError):
        with _replacing(folder / f"arrays-{key}.npy") as out:
            for array in arrays:
                np.save(out, array, allow_pickle=False)
        _prune(folder, "arrays-*.npy")


STALE_SECONDS = 30 * 24 * 3600
"""Arrays files written this long ago are removed when another is written: each version of the code writes its
own (~16 MB in all), which would otherwise pile up; one still in use is simply written again."""


def _prune(folder: Path, pattern: str) -> None:
    now = time.time()
    for path in folder.glob(pattern):
        try:
            if now - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()
        except OSError:
            continue
