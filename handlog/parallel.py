"""Hands spread over worker processes, results back in the order of the hands.

The main process reads the files and cuts them into hands (a small part of the work: decoding and splitting),
packs them into batches of about ``BATCH_HANDS`` hands (one batch may span files, a large file makes many
batches) and sends each batch to one of ``jobs - 1`` worker processes, or runs it itself while the oldest batch
sent is not back. The worker parses the batch's hands and runs the caller's ``task`` on them, and sends back
only what the caller needs (JSON-ready dicts, rows of values, partial totals), never the parsed events. Results
are yielded in batch order, so the output is the same, byte for byte, whatever the number of workers;
``jobs=1`` runs every batch in the main process, through the same code.

Memory stays bounded: at most ``WINDOW_PER_JOB × (jobs - 1)`` batches are in flight at any time (and as many
results of the main process's own batches wait for their turn).

>>> from handlog.parallel import map_records
>>> def hand_id(record): return record.hand_id
>>> ids = list(map_records(hand_id, ["hands/"], jobs=2))  # doctest: +SKIP

``task`` and ``work`` must be picklable (module-level functions, or ``functools.partial`` of one).
"""

from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import partial
from itertools import chain, islice
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

from handlog.reading import HandRecord, ReadReport, registry
from handlog.reading.dedupe import Dedupe
from handlog.reading.reader import iter_files, parse_chunk, read_chunks

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future, ProcessPoolExecutor

R = TypeVar("R")
T = TypeVar("T")

BATCH_HANDS = 100
"""Hands per batch: large enough that sending a batch costs little next to parsing it, small enough to keep
every worker busy on a single file."""
BATCH_LINES = 20_000
"""A batch also ends after this many lines (a file of absurdly long hands keeps batches bounded)."""
WINDOW_PER_JOB = 4


class WorkerError(RuntimeError):
    """A worker process died (killed, out of memory …): its batch's results are lost, so the run stops."""


@dataclass(frozen=True, slots=True)
class RawHand:
    """One hand as cut from its file, not parsed yet: what a worker needs to parse it."""

    format: str  # the registered format's name
    file: str
    line: int
    lines: tuple[str, ...]
    document: object | None = None
    """A streaming document format's parsed hand (``reading.split.Chunk.document``: an XML session's hand as
    plain dataclasses, which pickle), parsed once in the main process while the file streams."""
    facts: registry.HeaderFacts | None = None
    """What the main process peeked of the hand's header to dedupe it (``Dedupe.last``): not peeked again."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with its lines joined into one string, split again in the worker: a tuple of ~60 short
        strings a hand costs pickle an opcode and a memo entry each, and the worker a string object each to
        unpickle. Measured on 20,000 hands (all batches): pickled and unpickled 0.10 s + 0.11 s as tuples,
        0.03 s (join, pickle) + 0.07 s (unpickle, split) joined. Lines never hold a newline (the reader splits at
        them); a tuple whose lines would (made by hand) is pickled as it is."""
        text = "\n".join(self.lines)
        f = self.facts
        facts = None if f is None else (f.hand_id, f.game, f.structure, f.site)  # (a dataclass: pickled in Python)
        if self.lines and text.count("\n") == len(self.lines) - 1:
            return _joined_hand, (self.format, self.file, self.line, text, self.document, facts)
        return _raw_hand, (self.format, self.file, self.line, self.lines, self.document, facts)


FactsTuple = tuple[str | None, str | None, str | None, str | None]


def _joined_hand(
    format: str, file: str, line: int, text: str, document: object | None, facts: FactsTuple | None = None
) -> RawHand:
    """A ``RawHand`` pickled with its lines joined (``RawHand.__reduce__``)."""
    return _raw_hand(format, file, line, tuple(text.split("\n")), document, facts)


def _raw_hand(
    format: str, file: str, line: int, lines: tuple[str, ...], document: object | None, facts: FactsTuple | None
) -> RawHand:
    return RawHand(format, file, line, lines, document, None if facts is None else registry.HeaderFacts(*facts))


Batch = tuple[RawHand, ...]


class Compact:
    """A base for the frozen slotted dataclasses a worker sends back one per hand (``parse``'s, ``audit``'s):
    pickled as their class and field values, rebuilt by calling the class. A slotted dataclass is otherwise
    pickled through ``dataclasses``' own ``__getstate__`` / ``__setstate__``, written in Python: measured on 100
    results of ``parse --json`` (220 KB), 0.32 ms to pickle and 0.19 ms to unpickle, against 0.06 ms and 0.08 ms
    this way. Every field must be a positional parameter of the class (``__match_args__`` lists them)."""

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), tuple(getattr(self, name) for name in self.__match_args__)


def default_jobs() -> int:
    """The number of cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def batches(
    paths: Iterable[str | os.PathLike[str]], report: ReadReport, dedupe: Dedupe | None = None
) -> Iterator[Batch]:
    """Every hand under ``paths``, in reading order, in batches. File-level facts (files read, problems,
    lines outside any hand) go to ``report`` as the files are read. With ``dedupe``, a hand read before (the
    same site and hand id) is skipped and remembered there (:mod:`handlog.reading.dedupe`)."""
    for batch in grouped(_raw_hands(paths, report, dedupe), BATCH_HANDS, BATCH_LINES):
        yield tuple(batch)


def _raw_hands(
    paths: Iterable[str | os.PathLike[str]], report: ReadReport, dedupe: Dedupe | None
) -> Iterator[RawHand]:
    for path in iter_files(paths, report):
        name = str(path)
        for fmt, chunk in read_chunks(path, report):
            if dedupe is None:
                yield RawHand(fmt.name, name, chunk.line, tuple(chunk.lines), chunk.document)
            elif dedupe.admit(fmt, name, chunk.line, chunk.lines, chunk.document):
                yield RawHand(fmt.name, name, chunk.line, tuple(chunk.lines), chunk.document, dedupe.last)


class _HasLines(Protocol):
    @property
    def lines(self) -> Sequence[str]: ...


H = TypeVar("H", bound=_HasLines)


def grouped(hands: Iterable[H], size: int, max_lines: int) -> Iterator[list[H]]:
    """Consecutive hands in lists of ``size``, a list ending early once it holds ``max_lines`` lines (a file of
    absurdly long hands keeps what is in flight bounded)."""
    group: list[H] = []
    lines = 0
    for hand in hands:
        group.append(hand)
        lines += len(hand.lines)
        if len(group) >= size or lines >= max_lines:
            yield group
            group, lines = [], 0
    if group:
        yield group


def records(batch: Batch) -> Iterator[HandRecord]:
    """The batch's hands parsed, one record each (an unparsed hand has its error)."""
    for hand in batch:
        yield parse_chunk(registry.get(hand.format), hand.file, hand.line, hand.lines, hand.document, hand.facts)


def map_batches(
    task: Callable[[Batch], R],
    paths: Iterable[str | os.PathLike[str]],
    report: ReadReport | None = None,
    jobs: int | None = None,
    prepare: Callable[[], object] | None = None,
    executor: Executor | None = None,
    dedupe: Dedupe | None = None,
) -> Iterator[R]:
    """``task(batch)`` for every batch of hands under ``paths``, in order, over ``jobs`` processes (default:
    the number of cores). A single batch is always run here: starting workers would cost more than it saves.
    ``prepare`` runs here just before the workers start, so that what it loads (tables, modules) is loaded
    once and shared with every worker instead of loaded by each; so does parsing one hand of each format met
    in the first batches (``warm``). With an ``executor`` (a Dask cluster's, see :mod:`handlog.cluster`) every
    batch goes to it instead, ``jobs`` of them per worker slot in flight."""
    report = report if report is not None else ReadReport()
    jobs = default_jobs() if jobs is None else max(1, jobs)
    source = batches(paths, report, dedupe)
    if executor is not None:
        yield from windowed(executor, task, source, jobs * WINDOW_PER_JOB)
        return
    first = list(islice(source, 2))
    if jobs == 1 or len(first) < 2:
        for batch in first:
            yield task(batch)
        for batch in source:
            yield task(batch)
        return
    if prepare is not None:
        prepare()
    warm(first)
    yield from _pooled(task, chain(first, source), jobs)


def warm(batches: Iterable[Batch]) -> None:
    """Parse the first hand of each format met in ``batches``, and let it go: what parsing loads on first use
    (the reader's grammar table, its builder, the table driver's first steps) is then loaded here, once, before
    the workers fork, and every worker inherits it. The workers start at once: no batch waits in this process
    while the other cores idle."""
    seen: set[str] = set()
    for batch in batches:
        for hand in batch:
            if hand.format not in seen:
                seen.add(hand.format)
                for _ in records((hand,)):
                    pass


def _started(pid: int, setup: Callable[..., None] | None, args: tuple[object, ...]) -> None:
    """A worker process's initializer: ``watch_parent``, then the caller's ``setup``."""
    watch_parent(pid)
    if setup is not None:
        setup(*args)


def watch_parent(pid: int, every: float = 0.5) -> None:
    """A worker process's initializer: end this worker when process ``pid`` (the one that started the pool) is
    gone. A worker waits for its next batch on a pipe whose write end it holds itself, so a main process killed
    outright (SIGKILL, the out-of-memory killer) would leave it waiting for ever, holding its memory; so does a
    fork server's worker, which also keeps its server alive. A daemon thread asks every ``every`` seconds."""
    import threading
    import time

    def watch() -> None:
        while True:
            time.sleep(every)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:  # pragma: no cover - a pid reused by another user's process: ours is gone
                os._exit(1)

    threading.Thread(target=watch, name="handlog-watch-parent", daemon=True).start()


def _pooled(task: Callable[[Batch], R], source: Iterator[Batch], jobs: int) -> Iterator[R]:
    """Run ``task`` on the batches over ``jobs`` processes, results in order: ``jobs - 1`` workers in a pool, a
    bounded window of batches in flight, and this process, which runs a batch itself whenever the oldest one in
    flight is not back yet (``windowed``'s ``share``) instead of waiting. Measured on two cores (cachegrind,
    1,866 hands): a parent and one worker execute 10 % fewer instructions in all than a parent dispatching to two
    workers (fewer batches pickled and unpickled, one process fewer), split about evenly between the two.
    (``multiprocessing`` is imported here: a run of one batch never needs it.)"""
    from concurrent.futures.process import BrokenProcessPool

    executor = process_pool(jobs - 1, "fork" if sys.platform == "linux" else None)
    try:
        with quick_handoffs():
            yield from windowed(executor, task, source, (jobs - 1) * WINDOW_PER_JOB, share=True)
    except BrokenProcessPool as exc:
        raise WorkerError(f"a worker process died ({exc}); try fewer --jobs, or --jobs 1") from None
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def process_pool(
    workers: int,
    method: str | None = None,
    setup: Callable[..., None] | None = None,
    setup_args: tuple[object, ...] = (),
) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes started by ``method`` (``"fork"``, ``"forkserver"``; the platform's
    default when it has not that one), each ending when this process is gone (``watch_parent``), with pipes
    that hold a whole batch or result (``roomy_pipes``); ``setup(*setup_args)`` runs once in each worker (state
    every task shares, sent once)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context(method if method in multiprocessing.get_all_start_methods() else None)
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_started, initargs=(os.getpid(), setup, setup_args)
    )
    roomy_pipes(pool)
    return pool


PIPE_BYTES = 1 << 20
"""The buffer asked for the pool's pipes: a batch sent (~140 KB of hand text) or a result (``parse --json``:
~220 KB a batch) fits whole, where the default 64 KB pipe made the writer wait for the reader several times per
message."""


def roomy_pipes(pool: ProcessPoolExecutor) -> None:
    """Give the pool's two pipes (batches out, results back) a buffer of ``PIPE_BYTES`` (or the system's most,
    ``/proc/sys/fs/pipe-max-size``). With a 64 KB pipe a worker writing a 220 KB result blocks until this
    process's result reader has drained it four times over, each time waiting for the interpreter lock that the
    main thread holds while it runs a batch itself: measured on two cores, 20,000 hands, ``parse --json --jobs
    2``, the worker's time between two batches went from 0.40-0.49 s in all to 0.21-0.23 s. Best effort: the
    pipes are the executor's own (``_call_queue``, ``_result_queue``, CPython's names since 3.9), and a platform
    or a Python without them, or a user over their pipe quota, keeps the default size."""
    import fcntl

    set_size = getattr(fcntl, "F_SETPIPE_SZ", None)
    if set_size is None:  # pragma: no cover - not Linux
        return
    try:
        most = int(Path("/proc/sys/fs/pipe-max-size").read_text())
    except (OSError, ValueError):  # pragma: no cover - no procfs
        most = PIPE_BYTES
    for queue in (getattr(pool, "_call_queue", None), getattr(pool, "_result_queue", None)):
        connection = getattr(queue, "_reader", None)
        if connection is None:  # pragma: no cover - another Python's executor
            continue
        with suppress(OSError):  # the user's pipe quota is spent (pipe-user-pages-soft): the default size
            fcntl.fcntl(connection.fileno(), set_size, min(PIPE_BYTES, most))


_END = object()
"""The end of ``windowed``'s items (``next``'s default: an item's own task may raise ``StopIteration``)."""

HANDOFF_SECONDS = 0.0005
"""The interpreter's switch interval while a pool runs (its default is 5 ms); see ``quick_handoffs``."""


@contextmanager
def quick_handoffs() -> Iterator[None]:
    """While this process runs batches itself, the pool's threads here (the one that reads the workers' results,
    the one that sends them batches) wait for the interpreter lock up to its switch interval each time they
    wake, and a result larger than the pipe's buffer (``parse --json``: ~220 KB a batch; the buffer was 64 KB
    before ``roomy_pipes``) wakes its reader once per buffer read: the worker stays blocked on its write
    meanwhile. A switch interval of 0.5 ms instead of 5 ms,
    measured on two cores, 20,000 hands, --jobs 2: parse --json 6.7-6.8 s -> 5.6-5.9 s wall (three runs each,
    alternated), audit 10.1 -> 9.1 s; the main thread is asked to let go of the lock only when one of those
    threads is waiting for it."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(min(before, HANDOFF_SECONDS))
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def windowed(
    executor: Executor, task: Callable[[T], R], items: Iterable[T], window: int, share: bool = False
) -> Iterator[R]:
    """``task`` of each item, in order, ``window`` items always in the executor's hands: as soon as one is taken
    back the next is sent, before the caller gets its result, so the workers keep working while the caller
    writes it. With ``share``, this process works too: while the oldest item sent is not back, it runs the next
    item itself (its result waits for its turn; at most ``window`` of them) rather than wait. Memory stays
    bounded: at most ``2 × window`` items are in flight or waiting.

    Only the items sent count against the window, so the workers are never short of work while this process
    runs an item or its caller writes results: counting this process's own results too, measured on two cores,
    left the worker idle while the main process ran and then wrote a window's worth of its own batches (audit,
    20,000 hands: 1.64× the speed of ``--jobs 1`` for 1.07× its CPU; 1.88× counting only the items sent); the
    importer's writer, which takes longer between two results, starved its worker the same way.

    Once the items run out, this process takes back the last items sent that no worker has started yet and runs
    them itself, rather than wait while the workers work through the window alone (measured on two cores,
    ``parse --json``: the main process waited 0.13-0.16 s at the end of a 4.5 s run for the worker's last
    batches; 0.04-0.16 s with the take-back, as a process pool counts the items in its call queue, two for one
    worker, as started)."""
    from concurrent.futures import Future

    source = iter(items)
    # (its result, the item while the executor holds it: boxed, None once run here), in the items' order
    pending: deque[tuple[Future[R], tuple[T] | None]] = deque()
    sent = 0
    more = True

    def send() -> None:
        nonlocal sent, more
        while more and sent < window:
            item = next(source, _END)
            if item is _END:
                more = False
                return
            sent_item = (cast(T, item),)
            pending.append((executor.submit(task, sent_item[0]), sent_item))
            sent += 1

    def run_here(item: T) -> Future[R]:
        here: Future[R] = Future()
        here.set_result(task(item))
        return here

    def take_back() -> bool:
        """Run here the last item sent that no worker has started (cancelled in the executor, as a pool's
        futures can be until a worker takes them): once the items run out, this process would otherwise wait
        while a worker works through the window alone."""
        nonlocal sent
        for k in range(len(pending) - 1, -1, -1):
            future, sent_item = pending[k]
            if sent_item is None:
                continue
            if not future.cancel():
                return False  # started or done: so are the ones sent before it
            pending[k] = (run_here(sent_item[0]), None)
            sent -= 1
            return True
        return False

    try:
        send()
        while pending:
            head, sent_item = pending[0]
            remote = sent_item is not None
            if share and remote and not head.done():
                if more and len(pending) - sent < window:
                    item = next(source, _END)
                    if item is _END:
                        more = False
                    else:
                        pending.append((run_here(cast(T, item)), None))
                    continue
                if not more and take_back():
                    continue
            pending.popleft()
            sent -= remote
            send()
            yield head.result()
    finally:
        for future, _ in pending:
            future.cancel()


def _each(work: Callable[[HandRecord], T], batch: Batch) -> list[T]:
    return [work(record) for record in records(batch)]


def map_records(
    work: Callable[[HandRecord], T],
    paths: Iterable[str | os.PathLike[str]],
    report: ReadReport | None = None,
    jobs: int | None = None,
    executor: Executor | None = None,
    dedupe: Dedupe | None = None,
) -> Iterator[T]:
    """``work(record)`` for every hand under ``paths`` (parsed or not), in reading order, over ``jobs``
    processes (or ``executor``). ``work`` runs in the workers and should return something small: a JSON-ready
    dict or a row of values, not the hand. With ``dedupe``, each hand once (see :func:`batches`)."""
    for results in map_batches(partial(_each, work), paths, report, jobs, executor=executor, dedupe=dedupe):
        yield from results
