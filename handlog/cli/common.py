"""Pieces the commands share: exit codes, problem printing, a progress bar on stderr."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence

from handlog.reading import HandRecord, ReadReport, read

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2


def print_problems(report: ReadReport) -> None:
    for problem in report.problems:
        sys.stderr.write(f"handlog: {problem.file}: {problem.message}\n")


def progress_records(paths: Sequence[str], report: ReadReport, quiet: bool = False) -> Iterator[HandRecord]:
    """``read(paths)`` with a progress bar on stderr when it is a terminal and not ``quiet``."""
    if quiet or not sys.stderr.isatty():
        yield from read(paths, report)
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(
        SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), transient=True
    ) as progress:
        task = progress.add_task("reading", total=None)
        for n, record in enumerate(read(paths, report), 1):
            if n % 200 == 0:
                progress.update(task, description=f"{n} hands")
            yield record
