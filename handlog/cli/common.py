"""Pieces the commands share: exit codes, problem printing, a progress bar on stderr, ``--jobs``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

from handlog.reading import HandRecord, ReadReport, read

if TYPE_CHECKING:
    from concurrent.futures import Executor

T = TypeVar("T")

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2


def print_problems(report: ReadReport) -> None:
    for problem in report.problems:
        sys.stderr.write(f"handlog: {problem.file}: {problem.message}\n")
    for outside in report.outside:
        sys.stderr.write(f"handlog: {outside.file}: {outside.describe()}\n")
    if report.summaries:
        n = len(report.summaries)
        sys.stderr.write(
            f"handlog: {n} tournament {'summary' if n == 1 else 'summaries'} skipped (not hands:"
            " read them with `handlog tournaments`)\n"
        )


def no_hand_found(command: str, paths: Sequence[str], report: ReadReport) -> int:
    """The one answer of every command that reads hands and found none at all (an empty folder, only files in no
    known format): "no hand found in PATH…" on stderr, the files no reader recognised named, and exit 1. (Hands
    found but all left out by the filters are another case, answered elsewhere.)"""
    where = ", ".join(paths) if paths else "the input"
    unknown = [p.file for p in report.problems if not p.usage]
    if unknown:
        shown = ", ".join(unknown[:5]) + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
        detail = f"{len(unknown)} file{'s' if len(unknown) > 1 else ''} in no known hand-history format: {shown}"
    elif report.files == 0:
        detail = "no file to read there"
    else:
        detail = f"{report.files} file{'s' if report.files > 1 else ''} read, none holding a hand"
    sys.stderr.write(f"handlog {command}: no hand found in {where} ({detail})\n")
    return EXIT_PROBLEMS


def add_jobs_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--jobs", "-j", type=positive_int, default=None, metavar="N",
        help="worker processes (default: the number of cores); the output is the same for any N",
    )


def add_engine_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine", choices=("local", "dask"), default="local",
        help="local worker processes (default), or the workers of a Dask cluster (needs --scheduler)",
    )
    parser.add_argument("--scheduler", metavar="ADDRESS", help="the Dask scheduler, e.g. tcp://10.0.0.5:8786")


class EngineError(ValueError):
    """The engine options do not fit together."""


@contextmanager
def engine_executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The Dask cluster's executor for ``--engine dask``, None for local processes."""
    if args.engine != "dask":
        if args.scheduler:
            raise EngineError("--scheduler is for --engine dask")
        yield None
        return
    if not args.scheduler:
        raise EngineError("--engine dask needs --scheduler ADDRESS")
    from handlog.cluster import ClusterError, dask_executor

    try:
        with dask_executor(args.scheduler) as executor:
            yield executor
    except ClusterError as exc:
        raise EngineError(str(exc)) from None


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def progress(
    items: Iterable[T], quiet: bool = False, every: int = 200, hands: Callable[[T], int] | None = None
) -> Iterator[T]:
    """``items`` (one per hand, or ``hands(item)`` hands each) with a count of hands on stderr when it is a
    terminal and not ``quiet``."""
    if quiet or not sys.stderr.isatty():
        yield from items
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(
        SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), transient=True
    ) as bar:
        task = bar.add_task("reading", total=None)
        n = shown = 0
        for item in items:
            n += 1 if hands is None else hands(item)
            if n - shown >= every:
                shown = n
                bar.update(task, description=f"{n} hands")
            yield item


def progress_records(paths: Sequence[str], report: ReadReport, quiet: bool = False) -> Iterator[HandRecord]:
    """``read(paths)`` with a progress bar on stderr when it is a terminal and not ``quiet``."""
    return progress(read(paths, report), quiet)
