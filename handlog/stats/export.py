"""Writing the statistics tables: CSV, JSON, JSON Lines and Parquet, and where the files go.

Money stays exact: Decimal values are written as decimal strings (JSON, CSV) or as Parquet decimals. A CSV
text cell that a spreadsheet would read as a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return) is prefixed with ``'``; numbers, negative ones included, are written as they are.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import tempfile
from collections.abc import Iterable, Iterator
from datetime import datetime
from decimal import Decimal
from itertools import chain
from operator import add, itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # the writers take DataFrames but never need pandas itself
    import pandas as pd

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class OutputPathError(ValueError):
    """The output path cannot be written safely (a symlink, a missing folder, a folder where a file is due)."""


def plain(value: Any) -> Any:
    """A cell as a JSON-ready value: Decimal and datetimes as strings, missing values (None, NaN, pandas'
    NaT) as None."""
    if value is None or isinstance(value, str | bool):
        return value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):  # pandas' Timestamp too; its NaT is a datetime that is not equal to itself
        return value.isoformat() if value == value else None
    if hasattr(value, "item"):  # numpy scalars
        return plain(value.item())
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def records(frame: pd.DataFrame) -> Iterator[dict[str, Any]]:
    """The rows of ``frame`` as JSON-ready dicts, in column order."""
    columns = list(frame.columns)
    for row in frame.itertuples(index=False, name=None):
        yield {c: plain(v) for c, v in zip(columns, row, strict=True)}


def csv_cell(value: Any) -> Any:
    """One CSV cell: text that could start a spreadsheet formula is escaped; numbers (Decimal, int, float,
    negative ones included) and booleans never are."""
    if isinstance(value, bool | Decimal | int | float) or (hasattr(value, "item") and not isinstance(value, str)):
        value = plain(value)
        return "" if value is None else value
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def write_csv(frame: pd.DataFrame, out: TextIO) -> None:
    write_records_csv(_rows(frame), list(frame.columns), out)


def write_json(frame: pd.DataFrame, out: TextIO) -> None:
    """An array of objects, one per row."""
    write_records_json(_rows(frame), list(frame.columns), out)


def _rows(frame: pd.DataFrame) -> Iterator[dict[str, Any]]:
    columns = list(frame.columns)
    for row in frame.itertuples(index=False, name=None):
        yield dict(zip(columns, row, strict=True))


def write_records_csv(rows: Iterable[dict[str, Any]], columns: list[str], out: TextIO) -> None:
    """Records (dicts with at least ``columns``) as CSV, header first."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(str(c)) for c in columns])
    for rec in rows:
        writer.writerow([csv_cell(rec[c]) for c in columns])


def write_records_json(rows: Iterable[dict[str, Any]], columns: list[str], out: TextIO) -> None:
    """Records as a JSON array of objects (``columns`` in order), laid out as ``json.dumps(..., indent=1)`` lays
    them out: a record a block, a field a line."""
    rows = list(rows)
    text = flat_json(rows, columns)
    if text is None:  # a value of another kind (a time, a numpy scalar, an array …): each made JSON-ready first
        kept = _KEPT
        records = [{c: v if type(v) in kept else plain(v) for c in columns for v in (rec[c],)} for rec in rows]
        text = _indented(records) if all(map(_flat, records)) else json.dumps(records, ensure_ascii=False, indent=1)
    # one write of the whole text: ``json.dump`` writes each of its tens of thousands of pieces on its own
    out.write(text)
    out.write("\n")


_KEPT = frozenset({str, int, bool, type(None)})
"""The values ``plain`` gives back as they are (asked first: ``plain`` is a call)."""
_SCALARS = frozenset({*_KEPT, float})
_FIELDS = json.JSONEncoder(ensure_ascii=False, separators=(",\n  ", ": ")).encode
"""A record's fields one a line, indented as ``indent=1`` indents the fields of an array's objects: this encoder
is the C one (``json`` writes an indented text in Python, ~30 ms of a ``stats --format json`` of the corpus's
tournament files, 98 records of ~200 fields, against ~3 ms), and a scalar's text holds no newline."""


def _flat(record: dict[str, Any]) -> bool:
    """Every value a scalar (no array or object to indent further)."""
    return all(type(value) in _SCALARS for value in record.values())


def _indented(records: list[dict[str, Any]]) -> str:
    """``json.dumps(records, ensure_ascii=False, indent=1)`` of flat records."""
    if not records:
        return "[]"
    return "[\n " + ",\n ".join("{\n  " + _FIELDS(r)[1:-1] + "\n }" if r else "{}" for r in records) + "\n]"


_FLAT_TYPES = frozenset({*_SCALARS, Decimal})
"""The values :func:`flat_json` writes: scalars, and ``Decimal`` as ``plain`` makes it (its text)."""
NUL = "\0"
_VALUES = json.JSONEncoder(ensure_ascii=False, separators=(NUL, ":"), default=str).encode
"""A list of such values, each one's text apart at a NUL: no value's text holds one (JSON writes a control
character inside a string escaped), and ``default`` is asked for the ``Decimal`` values alone."""
_KEY = json.JSONEncoder(ensure_ascii=False).encode


def flat_json(rows: list[dict[str, Any]], columns: list[str]) -> str | None:
    """What :func:`write_records_json` writes of ``rows``, when every value is one of ``_FLAT_TYPES`` (else None):
    the keys encoded once, not once a record, and the values of many records in one call of the C encoder rather
    than a Python step per field (a ``stats`` record has ~200 fields). The same text: each field ``key: value`` as
    the encoder writes both, and ``NaN`` written ``null`` (``plain``'s None)."""
    names = list(dict.fromkeys(columns))  # (a column named twice is one key of a dict)
    if not rows or not names or not all(type(c) is str for c in names):
        return None
    keys = [_KEY(c) + ": " for c in names]
    pick = itemgetter(*names) if len(names) > 1 else lambda row: (row[names[0]],)
    blocks: list[str] = []
    for start in range(0, len(rows), FLAT_RECORDS):
        values = list(chain.from_iterable(map(pick, rows[start : start + FLAT_RECORDS])))
        if not _FLAT_TYPES.issuperset(map(type, values)):
            return None
        texts = _VALUES(values)[1:-1].split(NUL)
        if "NaN" in texts:  # only a float NaN is written so (a string is quoted)
            texts = ["null" if t == "NaN" else t for t in texts]
        n = len(names)
        blocks += ("{\n  " + ",\n  ".join(map(add, keys, texts[i : i + n])) + "\n }" for i in range(0, len(texts), n))
    return "[\n " + ",\n ".join(blocks) + "\n]"


FLAT_RECORDS = 1000
""":func:`flat_json` encodes this many records' values at a time (a string for each value's text: their memory
bounded by a thousand records, not by every player of a large database)."""


RECORD_WRITERS = {"csv": write_records_csv, "json": write_records_json}


def write_jsonl(frame: pd.DataFrame, out: TextIO) -> None:
    stream_rows(records(frame), "jsonl", list(frame.columns), out)


def stream_rows(rows: Iterable[dict[str, Any]], fmt: str, columns: list[str], out: TextIO) -> int:
    """Write records one by one as JSON Lines or CSV (nothing held in memory); returns how many."""
    n = 0
    if fmt == "jsonl":
        for rec in rows:
            out.write(json.dumps({c: plain(rec[c]) for c in columns}, ensure_ascii=False, separators=(",", ":")))
            out.write("\n")
            n += 1
        return n
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for rec in rows:
        writer.writerow([csv_cell(rec[c]) for c in columns])
        n += 1
    return n


def write_parquet(frame: pd.DataFrame, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(frame, preserve_index=False)
    pq.write_table(table, path)


TEXT_WRITERS = {"csv": write_csv, "json": write_json, "jsonl": write_jsonl}


def resolve_output(path: str | os.PathLike[str], default_name: str) -> Path:
    """Where to write: ``path`` itself, or ``default_name`` inside it when it is an existing folder.

    The file is always directly inside the folder the user named (never elsewhere through ``..`` in a
    default name or a symlink at the target): a symlink target is refused, and so is a missing folder.
    """
    target = Path(path).expanduser()
    if target.is_dir():
        if Path(default_name).name != default_name:
            raise OutputPathError(f"bad output file name: {default_name!r}")
        target = target / default_name
    folder = target.parent.resolve()
    if not folder.is_dir():
        raise OutputPathError(f"no such folder: {target.parent}")
    if target.is_symlink():
        raise OutputPathError(f"refusing to write through a symlink: {target}")
    if target.exists() and not target.is_file():
        raise OutputPathError(f"not a regular file: {target}")
    final = folder / target.name
    if final.parent != folder:
        raise OutputPathError(f"output outside {folder}: {target}")
    return final


IMAGE_FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf"}
"""The graphs' file formats, by the output's suffix (a name without one is a PNG)."""


def image_format(path: str | os.PathLike[str]) -> str:
    """The image format ``path``'s suffix asks for (``png``, ``svg``, ``pdf``; ``png`` without a suffix): the bytes
    written are what the name says."""
    suffix = Path(path).suffix.lower()
    if not suffix:
        return "png"
    if suffix not in IMAGE_FORMATS:
        raise OutputPathError(f"cannot draw a {suffix} file: name it .png, .svg or .pdf")
    return IMAGE_FORMATS[suffix]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, write: Any, binary: bool = False) -> None:
    """Write through a temporary file in the same folder, then rename over ``path``."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if binary:
            os.close(fd)
            write(Path(tmp))
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
                write(out)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes the file private; the user's umask decides instead
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_frame(frame: pd.DataFrame, fmt: str, output: str | os.PathLike[str] | None, out: TextIO,
                default_name: str = "stats") -> Path | None:  # fmt: skip
    """Write ``frame`` as ``fmt`` to ``output`` (a file or folder), or to ``out`` when no output is given."""
    if fmt == "parquet":
        if output is None:
            raise OutputPathError("parquet needs --output FILE")
        path = resolve_output(output, f"{default_name}.parquet")
        write_atomic(path, lambda p: write_parquet(frame, p), binary=True)
        return path
    writer = TEXT_WRITERS[fmt]
    if output is None:
        writer(frame, out)
        return None
    path = resolve_output(output, f"{default_name}.{fmt}")
    write_atomic(path, lambda f: writer(frame, f))
    return path


def csv_text(frame: pd.DataFrame) -> str:
    buf = io.StringIO()
    write_csv(frame, buf)
    return buf.getvalue()


def concat_rows(chunks: Iterable[pd.DataFrame]) -> pd.DataFrame:
    import pandas as pd

    frames = [c for c in chunks if not c.empty]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
