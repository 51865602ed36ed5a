"""``--engine dask``: the batches go to the workers of a Dask cluster (a ``LocalCluster`` here, two worker
processes); the statistics come back through a partitioned Parquet dataset and equal the local run exactly,
and the audit writes what the local audit writes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from handlog import parallel
from handlog.cli.main import main

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]
PATHS = [str(ROOT / "samples"), str(ROOT / "tests" / "engine" / "hands")]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_HANDS", 5)  # several parts, spread over both workers


def run(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str, str]:
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.slow
@pytest.mark.parametrize("by", [[], ["--by", "position", "--by", "month"]])
def test_stats_on_the_cluster_equal_the_local_stats(
    scheduler: str, by: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["stats", "--quiet", "--format", "json", *by]
    local = run(capsys, [*command, "--jobs", "1", *PATHS])
    remote = run(capsys, [*command, "--engine", "dask", "--scheduler", scheduler, *PATHS])
    assert len(json.loads(local[1])) > 5
    assert remote == local


def test_the_dataset_holds_every_per_hand_record(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pyarrow.parquet as pq

    dataset = tmp_path / "hands"
    code, _, _ = run(capsys, ["stats", "--quiet", "--format", "json", "--engine", "dask", "--scheduler", scheduler,
                              "--dataset", str(dataset), *PATHS])  # fmt: skip
    assert code in (0, 1)
    parts = sorted(dataset.glob("part-*.parquet"))
    assert len(parts) > 2
    table = pq.read_table(dataset)
    code, out, _ = run(capsys, ["stats", "--quiet", "--per-hand", "--format", "jsonl", "--jobs", "1", *PATHS])
    local = [json.loads(line) for line in out.splitlines()]
    assert table.num_rows == len(local)
    assert sorted(table.column("net").to_pylist()) == sorted(r["net"] for r in local)  # exact decimal strings
    # a second run into the same folder would mix two datasets: refused
    again = run(capsys, ["stats", "--engine", "dask", "--scheduler", scheduler, "--dataset", str(dataset), *PATHS])
    assert again[0] == 2 and "already holds a dataset" in again[2]


def test_audit_on_the_cluster_writes_what_the_local_audit_writes(
    scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    local = run(capsys, ["audit", "--json", "--jobs", "1", *PATHS])
    remote = run(capsys, ["audit", "--json", "--engine", "dask", "--scheduler", scheduler, *PATHS])
    assert local[1].count("\n") > 20
    assert remote == local


def test_engine_options_must_fit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--engine", "dask", *PATHS]) == 2
    assert "needs --scheduler" in capsys.readouterr().err
    assert main(["stats", "--scheduler", "tcp://127.0.0.1:1", *PATHS]) == 2
    assert "--scheduler is for --engine dask" in capsys.readouterr().err
    assert main(["stats", "--per-hand", "--engine", "dask", "--scheduler", "tcp://127.0.0.1:1", *PATHS]) == 2
