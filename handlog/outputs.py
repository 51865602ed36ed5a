"""Where a command writes the file it makes from an input: under the folder the user chose, and nowhere else.

An input given as a file lands at ``DIR/<its name>``; a file found under a folder given as input lands at
``DIR/<that folder's name>/<its path inside it>``. A name that would climb out of ``DIR`` (``..``, a link that
resolves elsewhere) is refused, never followed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


class UnsafeOutput(ValueError):
    """No output path inside the chosen folder can be made for this input."""


def output_path(
    output: Path, root: Path, path: Path, suffix: str | None = None, rename: Callable[[str], str] = str
) -> Path:
    """The output file for ``path``, found under the input ``root``; ``rename`` may change each name in it."""
    try:
        if root.is_file():
            relative = Path(path.name)
        else:
            relative = Path(root.resolve().name) / path.resolve().relative_to(root.resolve())
    except ValueError:
        raise UnsafeOutput(f"{path} is not inside {root}") from None
    if suffix is not None:
        relative = relative.with_suffix(suffix)
    parts = [rename(part) for part in relative.parts]
    if any(part in ("", ".", "..") or "/" in part or os.sep in part for part in parts):
        raise UnsafeOutput(f"no safe output name for {path}")
    target = output.joinpath(*parts)
    if not target.resolve().is_relative_to(output.resolve()):
        raise UnsafeOutput(f"{target} would be outside {output}")
    return target
