"""Beyond one machine: batches of hands on a Dask cluster, per-hand statistics as a partitioned Parquet dataset.

``handlog stats|audit --engine dask --scheduler ADDRESS`` hands the batches of :mod:`handlog.parallel` to the
workers of a Dask cluster (the optional extra ``handlog[dask]``) instead of local processes. For ``stats``
each worker parses and replays its batch, computes the per-hand records and writes them as one part of a
Parquet dataset (:func:`write_part`); the aggregates are then computed from the dataset by the same exact
sums as the local run (:class:`handlog.stats.totals.Totals`), so they are equal to it, not merely close.

Money is stored as decimal strings, exactly as the replay computed it; the counters as booleans and
integers. The dataset's folder must be reachable by every worker under the same path (a shared file system);
for a ``LocalCluster`` or a scheduler on this machine a temporary folder does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any

from handlog.stats.frame import COUNTER_FIELDS, FIELDS, MONEY_FIELDS, SPLIT_NET
from handlog.stats.totals import COUNT_FIELDS

PART_GLOB = "part-*.parquet"


class ClusterError(RuntimeError):
    """The cluster cannot be used: the extra is not installed, or the scheduler cannot be reached."""


@contextmanager
def dask_executor(address: str, timeout: float = 30.0) -> Iterator[Executor]:
    """A ``concurrent.futures`` executor on the Dask cluster whose scheduler is at ``address``."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("the dask engine needs the optional extra: pip install 'handlog[dask]'") from None
    try:
        client = Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        yield client.get_executor(pure=False)
    finally:
        client.close()


def _schema() -> Any:
    import pyarrow as pa

    types: dict[str, Any] = dict.fromkeys(FIELDS, pa.string())
    types.update(dict.fromkeys(COUNTER_FIELDS, pa.bool_()))
    for name in COUNTER_FIELDS:
        if name in COUNT_FIELDS:
            types[name] = pa.int64()
    types["seat"] = pa.int64()
    types["time"] = pa.timestamp("us", tz="UTC")
    types["local_time"] = pa.timestamp("us")  # the wall-clock time as the log wrote it: no zone
    return pa.schema([(name, types[name]) for name in FIELDS])


def part_name(rows: list[tuple[Any, ...]]) -> str:
    """A name for the part holding ``rows`` that no other batch gets: from the first and last hand's
    file and id, and the number of rows."""
    first, last = rows[0], rows[-1]
    key = "\0".join(map(str, (first[0], first[1], last[0], last[1], len(rows))))
    return f"part-{hashlib.sha256(key.encode()).hexdigest()[:20]}.parquet"


def write_part(folder: str, rows: list[tuple[Any, ...]]) -> str | None:
    """Write per-hand rows (values in ``FIELDS`` order) as one Parquet part of the dataset in ``folder``;
    returns the part's path (None when there are no rows)."""
    if not rows:
        return None
    import pyarrow as pa
    import pyarrow.parquet as pq

    money = {FIELDS.index(name) for name in (*MONEY_FIELDS, *SPLIT_NET)}
    columns = list(zip(*rows, strict=True))
    arrays = [
        pa.array([None if v is None else str(v) for v in col] if i in money else list(col), type=field.type)
        for i, (col, field) in enumerate(zip(columns, _schema(), strict=True))
    ]
    path = Path(folder) / part_name(rows)
    tmp = path.with_suffix(".tmp")
    pq.write_table(pa.Table.from_arrays(arrays, schema=_schema()), tmp)
    tmp.replace(path)
    return str(path)


def read_part(path: str) -> Iterator[dict[str, Any]]:
    """The per-hand records of one part, money as ``Decimal`` again."""
    import pyarrow.parquet as pq

    for batch in pq.ParquetFile(path).iter_batches(batch_size=10_000):
        for row in batch.to_pylist():
            for name in (*MONEY_FIELDS, *SPLIT_NET):
                if row[name] is not None:
                    row[name] = Decimal(row[name])
            yield row
