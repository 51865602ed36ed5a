"""``--jobs``: hands spread over worker processes give the same output, byte for byte and in the same order, as
one process; batches are small here so that every file is cut into several and the workers interleave."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from functools import partial
from pathlib import Path

import pytest

from handlog import parallel
from handlog.cli.main import main
from handlog.reading import HandRecord, ReadReport, read

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / ".." / "shared" / "corpus"
LOCAL = [ROOT / "samples", ROOT / "tests" / "engine" / "hands"]
CORPUS_PART = [CORPUS / "fpdb" / "cash" / "Stars", CORPUS / "fpdb" / "tour" / "Stars"]

COMMANDS = [
    ["parse", "--json"],
    ["parse"],
    ["audit", "--json"],
    ["audit", "--warnings"],
    ["stats", "--quiet", "--format", "json", "--by", "position"],
    ["stats", "--quiet", "--per-hand", "--format", "csv"],
]


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_HANDS", 7)


def run(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def hand_id(record: HandRecord) -> tuple[str, int, str | None, str]:
    return record.file, record.line, record.hand_id, record.status


def test_map_records_keeps_the_reading_order() -> None:
    expected = [hand_id(r) for r in read(LOCAL)]
    report = ReadReport()
    assert list(parallel.map_records(hand_id, LOCAL, report, jobs=2)) == expected
    assert len(expected) > 3 * parallel.BATCH_HANDS  # several batches, so two workers really share them
    single = ReadReport()
    list(read(LOCAL, single))
    assert (report.files, report.junk_lines, report.problems) == (single.files, single.junk_lines, single.problems)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_two_jobs_write_what_one_job_writes(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    paths = [str(p) for p in LOCAL]
    one = run(capsys, [*command, "--jobs", "1", *paths])
    two = run(capsys, [*command, "--jobs", "2", *paths])
    assert one[1]  # something was written
    assert two == one


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not there")
@pytest.mark.parametrize("command", [c for c in COMMANDS if "--json" in c or "csv" in c], ids=" ".join)
def test_two_jobs_write_what_one_job_writes_on_the_corpus(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [str(p) for p in CORPUS_PART]
    one = run(capsys, [*command, "--jobs", "1", *paths])
    two = run(capsys, [*command, "--jobs", "2", *paths])
    assert one[1].count("\n") > 500
    assert two == one


def test_jobs_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--jobs", "0", str(LOCAL[0])]) == 2
    assert "at least 1" in capsys.readouterr().err


def _die_in_a_worker(main_pid: int, batch: parallel.Batch) -> int:
    if os.getpid() != main_pid:
        os._exit(3)  # a worker killed in the middle of its batch
    return len(batch)


def test_a_dead_worker_stops_the_run_with_a_clear_error() -> None:
    with pytest.raises(parallel.WorkerError, match="worker process died"):
        list(parallel.map_batches(partial(_die_in_a_worker, os.getpid()), LOCAL, jobs=2))


def _where(main_pid: int, batch: parallel.Batch) -> tuple[bool, str, int]:
    if os.getpid() != main_pid:
        time.sleep(0.05)  # a slow worker: the main process finds its oldest batch not back yet
    return os.getpid() == main_pid, batch[0].file, batch[0].line


def test_the_main_process_runs_batches_beside_its_worker_in_order() -> None:
    expected = [(b[0].file, b[0].line) for b in parallel.batches(LOCAL, ReadReport())]
    got = list(parallel.map_batches(partial(_where, os.getpid()), LOCAL, jobs=2))
    assert [(file, line) for _, file, line in got] == expected
    here = [main for main, _, _ in got]
    assert any(here) and not all(here)  # both the main process and the worker ran batches


class _LazyExecutor:
    """An executor whose batches run only when their result is asked for, so that the test decides when a
    "worker" is busy: it counts the batches sent and not yet collected."""

    def __init__(self) -> None:
        self.outstanding = 0
        self.in_worker = False

    def submit(self, task: Callable[[parallel.Batch], object], batch: parallel.Batch) -> Future[object]:
        executor = self
        executor.outstanding += 1

        class Lazy(Future[object]):
            def result(self, timeout: float | None = None) -> object:
                executor.outstanding -= 1
                executor.in_worker = True
                try:
                    return task(batch)
                finally:
                    executor.in_worker = False

        return Lazy()


def test_the_worker_keeps_a_full_window_while_the_main_process_works() -> None:
    executor = _LazyExecutor()
    window = 3
    source = iter([(parallel.RawHand("pokerstars", "f", n, ()),) for n in range(40)])
    here: list[int] = []  # how many batches the worker had queued each time this process ran one
    done: list[int] = []

    def task(batch: parallel.Batch) -> int:
        if not executor.in_worker:
            here.append(executor.outstanding)
        return batch[0].line

    for line in parallel.windowed(executor, task, source, window, share=True):  # type: ignore[arg-type]
        done.append(line)
    assert done == list(range(40))  # in order, each once
    assert here  # this process did run batches while the worker was busy
    assert set(here) == {window}  # and never while the worker was short of work


XML_PART = [CORPUS / "fpdb" / kind / room for kind in ("cash", "tour") for room in ("iPoker", "Merge")]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not there")
@pytest.mark.parametrize("command", [["parse", "--json"], ["audit", "--json"]], ids=" ".join)
def test_two_jobs_write_what_one_job_writes_on_xml_sessions(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """An XML session's hands are cut (and their elements parsed) while the main process streams the document;
    the workers get each hand's parsed element as plain data and read it the same way."""
    paths = [str(p) for p in XML_PART if p.is_dir()]
    one = run(capsys, [*command, "--jobs", "1", *paths])
    two = run(capsys, [*command, "--jobs", "2", *paths])
    assert one[1].count("\n") > 10 * parallel.BATCH_HANDS  # several batches of XML hands
    assert two == one


WORKER_PIDS = """
import os, sys, time
from handlog.parallel import map_batches

def slow(batch):
    time.sleep(0.3)
    return os.getpid()

for pid in map_batches(slow, [sys.argv[1]], jobs=2):
    print(pid, flush=True)
"""


def test_workers_end_when_the_main_process_is_killed(tmp_path: Path) -> None:
    """A worker waits for its next batch on a pipe it holds both ends of: with the main process killed outright
    (SIGKILL, the out-of-memory killer) it waited for ever, holding its memory. Each worker now watches the
    process that started it (``parallel.watch_parent``) and ends soon after it."""
    import signal
    import subprocess
    import sys

    hands = (ROOT / "samples" / "nl_holdem_cash.txt").read_text(encoding="utf-8")
    many = tmp_path / "many.txt"
    many.write_text("\n\n\n".join([hands] * 60), encoding="utf-8")  # some 800 hands: several batches
    proc = subprocess.Popen([sys.executable, "-c", WORKER_PIDS, str(many)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        worker = None
        for line in proc.stdout:
            if int(line) != proc.pid:
                worker = int(line)
                break
        assert worker is not None, "no batch ran in a worker"
        proc.kill()
        proc.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            os.kill(worker, signal.SIGKILL)
            raise AssertionError("the worker outlived its main process")
    finally:
        if proc.poll() is None:
            proc.kill()


def test_windowed_keeps_the_order_and_bounds_what_is_in_flight() -> None:
    from concurrent.futures import ThreadPoolExecutor

    taken = [0]

    def items() -> Iterator[int]:
        for i in range(200):
            taken[0] += 1
            yield i

    with ThreadPoolExecutor(2) as pool:
        got = []
        for n, square in enumerate(parallel.windowed(pool, lambda i: i * i, items(), 3, share=True)):
            assert taken[0] - (n + 1) <= 2 * 3  # besides this one: at most the window in the pool and as many here
            got.append(square)
    assert got == [i * i for i in range(200)]
    with ThreadPoolExecutor(1) as pool:
        assert list(parallel.windowed(pool, str, iter([]), 3, share=True)) == []


def test_windowed_works_here_while_the_pool_is_busy_and_keeps_the_pool_fed() -> None:
    """The pool's items wait until this process has run a window of items itself: those are the next ones after
    the pool's, and their results still come in order. While the caller holds a result (writing it), the pool
    already has the next item."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    window = 3
    here: list[int] = []
    release = threading.Event()
    main = threading.current_thread()

    def work(i: int) -> int:
        if threading.current_thread() is main:
            here.append(i)
            if len(here) == window:
                release.set()
        else:
            assert release.wait(10)
        return -i

    sent: list[int] = []

    class Pool(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            sent.append(args[0])
            return super().submit(fn, *args, **kwargs)

    with Pool(1) as pool:
        results = parallel.windowed(pool, work, iter(range(20)), window, share=True)
        assert next(results) == 0
        assert here == [3, 4, 5]  # the pool held 0, 1, 2
        assert sent[:4] == [0, 1, 2, 6]  # 0 came back: 6 was sent before the caller got 0
        assert [0, *results] == [-i for i in range(20)]
    assert set(here) | set(sent) == set(range(20)) and not set(here) & set(sent)


def test_quick_handoffs_lowers_the_switch_interval_for_the_run_only() -> None:
    before = sys.getswitchinterval()
    with pytest.raises(RuntimeError), parallel.quick_handoffs():
        assert sys.getswitchinterval() == min(before, parallel.HANDOFF_SECONDS)
        raise RuntimeError("a failed run")
    assert sys.getswitchinterval() == before


def test_windowed_takes_back_what_no_worker_started_once_the_items_run_out() -> None:
    """The items end while the pool's one worker is still on the oldest: the items sent after it, which it has
    not started, are cancelled in the pool and run here; the results still come in order, each once."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    window = 3
    here: list[int] = []
    started = threading.Event()
    release = threading.Event()
    main = threading.current_thread()

    def work(i: int) -> int:
        if threading.current_thread() is main:
            assert started.wait(10)  # the worker holds item 0
            here.append(i)
            if i == 1:
                release.set()
        else:
            started.set()
            assert release.wait(10)
        return -i

    with ThreadPoolExecutor(1) as pool:
        assert list(parallel.windowed(pool, work, iter(range(5)), window, share=True)) == [-i for i in range(5)]
    assert here == [3, 4, 2, 1]  # 1 and 2 were sent and taken back, newest first; 0 was left to the worker


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pipe sizes are set on Linux only")
def test_the_pools_pipes_hold_a_whole_result() -> None:
    import fcntl

    most = int(Path("/proc/sys/fs/pipe-max-size").read_text())
    with parallel.process_pool(1, "fork") as pool:
        for queue in (pool._call_queue, pool._result_queue):  # type: ignore[attr-defined]
            size = fcntl.fcntl(queue._reader.fileno(), fcntl.F_GETPIPE_SZ)  # type: ignore[union-attr]
            assert size >= min(parallel.PIPE_BYTES, most) > 64 * 1024
        assert pool.submit(len, "x" * 300_000).result() == 300_000


def test_results_and_batches_cross_processes_intact() -> None:
    """What crosses between the processes pickles back to an equal object: the per-hand results (``Compact``:
    as their class and field values) and the hands of a batch (their lines joined, split again)."""
    import pickle

    from handlog.cli.audit_cmd import Verdict
    from handlog.cli.parse_cmd import Parsed

    for result in (Parsed("parsed", "holdem nl", "{}\n"), Verdict("f.txt", "violations", True, ("a/b",), "x\n")):
        assert result.__reduce__() == (type(result), tuple(getattr(result, n) for n in result.__match_args__))
        again = pickle.loads(pickle.dumps(result))
        assert again == result and type(again) is type(result)
    for lines in [(), ("",), ("", ""), ("Seat 1: a", "", "*** SUMMARY ***"), ("made by hand\nwith a newline", "x")]:
        hand = parallel.RawHand("pokerstars", "f.txt", 7, lines)
        assert pickle.loads(pickle.dumps(hand)) == hand
