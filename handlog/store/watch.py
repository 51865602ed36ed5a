"""Following a live hand-history folder: each hand imported as soon as it is complete.

The operating system's file notifications (watchdog: inotify, FSEvents, ReadDirectoryChangesW) say which files
changed; where they are not available (or with ``poll=True``, for network drives) watchdog's polling observer
looks every quarter second. A changed file goes through the importer, which reads only its new complete hands, so
a hand is imported within a moment of the line that completes it (the next header, the blank line after its
summary, or the last line of a complete summary); a last hand with none of these is imported once its file has
been quiet for the quiet period (``settle``: the same as ``import``), the watcher looking at it again then, as no
file event will come. What is still pending at the end is said (``pending``). A rotated or truncated file is
read whole again with its known hands skipped. Stopping (Ctrl-C) finishes the file in hand: every batch is committed.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from handlog.reading import ReadReport
from handlog.reading.reader import SKIPPED_SUFFIXES, iter_files
from handlog.store.importer import FileResult, Importer

CHANGES = frozenset({"created", "modified", "moved", "closed"})
"""Events that can change a file's hands (not opening or reading it: the importer's own reads would loop)."""

POLL_SECONDS = 0.25
"""How often the polling observer looks at the folder."""


def _path(raw: str | bytes) -> Path:
    return Path(raw if isinstance(raw, str) else raw.decode())


class Watcher:
    """Imports every file under ``folder`` once, then each file again whenever it changes, until ``stop``."""

    def __init__(self, importer: Importer, folder: Path, poll: bool = False, settle: float | None = None) -> None:
        self.importer = importer
        if settle is not None:
            self.importer.settle = settle
        self.folder = folder
        self.poll = poll
        self.dirty: set[Path] = set()
        self.changed = threading.Condition()
        self.stop = threading.Event()
        self.polling = poll
        self.seen: set[Path] = set()
        self.moves: list[tuple[Path, Path]] = []
        self.pending: dict[Path, float] = {}
        """Files whose last hand waits for the quiet period, and when (``time.time()``) to look at them again."""

    def _observer(self) -> object:
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer
        from watchdog.observers.polling import PollingObserver

        watcher = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.is_directory or event.event_type not in CHANGES:
                    return
                if event.event_type == "moved" and event.dest_path:
                    with watcher.changed:
                        watcher.moves.append((_path(event.src_path), _path(event.dest_path)))
                for raw in (event.src_path, getattr(event, "dest_path", "")):
                    path = _path(raw)
                    if raw and not path.name.startswith(".") and not path.name.endswith(SKIPPED_SUFFIXES):
                        with watcher.changed:
                            watcher.dirty.add(path)
                            watcher.changed.notify()

        if not self.poll:
            try:
                observer = Observer()
                observer.schedule(Handler(), str(self.folder), recursive=True)
                observer.start()
                return observer
            except OSError:  # no inotify watches left, an unsupported file system …: poll instead
                self.polling = True
        observer = PollingObserver(timeout=POLL_SECONDS)
        observer.schedule(Handler(), str(self.folder), recursive=True)
        observer.start()
        return observer

    def run(self, report: ReadReport, on_result: Callable[[FileResult], None]) -> None:
        """Watch until :attr:`stop` is set; every import's result goes to ``on_result``."""
        observer = self._observer()
        try:
            for path in iter_files([self.folder], report):  # what is there already
                if self.stop.is_set():
                    return
                self._one(path, report, on_result)
            while not self.stop.is_set():
                with self.changed:
                    if not self.dirty:
                        self.changed.wait(0.2)
                    due = {path for path, at in self.pending.items() if at <= time.time()}
                    paths, self.dirty = sorted(self.dirty | due), set()
                    moves, self.moves = self.moves, []
                for old, new in moves:  # before the new name is read: its row moves with it
                    self.importer.renamed(old, new)
                    self.seen.discard(old)
                for path in paths:
                    if self.stop.is_set():
                        break
                    if path.is_file():
                        self._one(path, report, on_result)
        finally:
            observer.stop()  # type: ignore[attr-defined]
            observer.join()  # type: ignore[attr-defined]

    def _one(self, path: Path, report: ReadReport, on_result: Callable[[FileResult], None]) -> None:
        result = self.importer.import_file(path, report)
        self.seen.add(path)
        report.files = len(self.seen)  # a file imported many times is one file
        self.pending.pop(path, None)
        if result is not None:
            if result.pending and math.isfinite(self.importer.settle):
                with suppress(OSError):  # look again once the file has been quiet for the quiet period
                    self.pending[path] = path.stat().st_mtime + self.importer.settle + 0.05
            on_result(result)
