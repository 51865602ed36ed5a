"""``import_paths``: hands from files into the database, once each, in crash-safe batches.

Each file remembers (``files`` row) how many bytes were read up to its last complete hand, the SHA-256 of those
bytes, its size and mtime. An unchanged file is not read again (its hands are reported as duplicates); a grown
file is read from that position once the hash shows its beginning is unchanged; a rewritten or truncated file
is read whole and the hands already stored are skipped (an XML session, one document, is read whole whenever it
changes: ``tail``). Hands are written in batches, each in one transaction
together with the file's new position: a ``kill -9`` loses at most the batch being written, and the next run
reads it again.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from functools import partial
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, Table, func, insert, select, text, update

from handlog.parallel import grouped
from handlog.reading import FileProblem, ReadReport
from handlog.reading.reader import iter_files
from handlog.reading.registry import HandFormat, StreamFormat, get
from handlog.reading.split import SplitStats
from handlog.store import schema
from handlog.store.copytext import with_id
from handlog.store.database import translated, writer
from handlog.store.records import (
    ACTION_COLUMNS,
    HAND_COLUMNS,
    PLAYER_COLUMNS,
    VIOLATION_COLUMNS,
    CopyHand,
    PreparedChunk,
    PreparedHand,
    prepare_chunk,
    spread_counters,
)
from handlog.store.tail import SETTLE_SECONDS, Position, TailHand, detect, is_xml_session, new_hands

if TYPE_CHECKING:
    from handlog.store.tournaments import SummaryCounts

BATCH = 500
"""Hands per transaction: large enough to amortise a commit, small enough to lose little on a crash."""
CHUNK = 50
"""Hands prepared together (one task of a worker process): large enough that sending them costs little next to
preparing them, small enough that the workers and the writer take turns often."""
CHUNK_LINES = 20_000
"""A chunk also ends after this many lines (a file of absurdly long hands keeps what is in flight bounded)."""

COUNT_FIELDS = ("files", "hands", "new", "duplicates", "unparsed", "violations")
_LOCK_KEY = 0x68616E64  # PostgreSQL advisory lock: one importer writes at a time


@dataclass(slots=True)
class Counts:
    """What an import saw: hands read (new + duplicates), of which unparsed and with violations."""

    files: int = 0
    hands: int = 0
    new: int = 0
    duplicates: int = 0
    unparsed: int = 0
    violations: int = 0

    def add(self, other: Counts) -> None:
        for name in COUNT_FIELDS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in COUNT_FIELDS}


@dataclass(slots=True)
class FileResult:
    """One file's import: its counts, whether it was resumed or re-read, and a last hand still being written."""

    path: str
    counts: Counts = field(default_factory=Counts)
    read: Counts = field(default_factory=Counts)
    """The hands read this time (``counts`` also holds those of the part read before, as duplicates)."""
    resumed_at: int = 0
    reread: bool = False
    pending: bool = False
    unchanged: bool = False
    summaries: SummaryCounts | None = None
    """A tournament summary's file: what it held and what was new (``handlog.store.tournaments``)."""

    def as_dict(self) -> dict[str, object]:
        counts = {k: v for k, v in self.counts.as_dict().items() if k != "files"}
        out: dict[str, object] = {"file": self.path, **counts, "resumed_at": self.resumed_at, "reread": self.reread,
                                  "pending": self.pending}  # fmt: skip
        if self.summaries is not None:
            out["tournament_summaries"] = asdict(self.summaries)
        return out


@dataclass(slots=True)
class _FileState:
    """Where a file's import stands while it runs."""

    path: Path
    fmt: HandFormat
    encoding: str
    file_id: int | None
    position: Position
    hasher: Any
    hands: int = 0
    unparsed: int = 0
    violations: int = 0
    size: int = 0
    mtime_ns: int = 0


Progress = Callable[[int, int], None]
"""Called with (hands, bytes) read since the last call."""

Mapper = Callable[[Callable[[list[TailHand]], PreparedChunk], Iterator[list[TailHand]]], Iterator[PreparedChunk]]
"""How the chunks of hands are prepared: ``map`` here, or a parallel map that keeps the order and reads ahead a
bounded number of chunks (worker processes; see ``cli.import_cmd``)."""


class Importer:
    """Imports files into one database (see the module docstring)."""

    def __init__(
        self,
        engine: Engine,
        settle: float = SETTLE_SECONDS,
        batch: int = BATCH,
        with_allin_ev: bool = True,
        progress: Progress | None = None,
        mapper: Mapper = map,
    ) -> None:
        self.engine = engine
        self.writer = writer(engine)
        self.settle = settle
        self.batch = batch
        self.with_allin_ev = with_allin_ev
        self.progress = progress
        self.mapper = mapper
        self.postgres = engine.dialect.name == "postgresql"
        self.backend = engine.dialect.name

    def import_paths(self, paths: Iterable[str | os.PathLike[str]], report: ReadReport) -> Iterator[FileResult]:
        for path in iter_files(paths, report):
            result = self.import_file(path, report)
            if result is not None:
                yield result

    def renamed(self, old: Path, new: Path) -> None:
        """A file moved from ``old`` to ``new`` (a client rotating its log): its row follows it, so that it is
        not read again. Nothing changes when ``new`` already has a row of its own."""
        files = schema.files
        with self.writer.begin() as conn:
            if self.postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _LOCK_KEY})
            taken = conn.execute(select(files.c.id).where(files.c.path == str(new.absolute()))).first()
            if taken is None:
                conn.execute(
                    update(files).where(files.c.path == str(old.absolute())).values(path=str(new.absolute()))
                )

    def import_file(self, path: Path, report: ReadReport) -> FileResult | None:
        """Import one file's new complete hands; None when it is not a hand history (a problem is reported)."""
        path = path.absolute()
        try:
            with translated(self.engine):
                return self._import(path, report)
        except OSError as exc:
            report.problems.append(FileProblem(str(path), f"read error: {exc.strerror or exc}"))
            return None

    def _import(self, path: Path, report: ReadReport) -> FileResult | None:
        stat = path.stat()
        with self.engine.connect() as conn:
            row = conn.execute(select(schema.files).where(schema.files.c.path == str(path))).mappings().first()
        result = FileResult(str(path))
        report.files += 1
        if _is_summary(path):  # a tournament summary: its tournaments and results (read whole, stored once each)
            from handlog.events.tournament import SummaryError
            from handlog.formats.summaries import read_file
            from handlog.store.tournaments import import_summaries

            items = list(read_file(path))
            for item in items:
                if isinstance(item, SummaryError):
                    report.problems.append(FileProblem(str(path), item.describe().removeprefix(f"{path}:")))
            result.summaries = import_summaries(self.writer, items)
            return result
        state = self._resume(path, stat, row, result) if row is not None else None
        if result.unchanged:
            _report_prefix(result, row)
            return result
        if state is not None:  # what was read before is still there: its hands are known
            _report_prefix(result, row)
        else:  # new, or rewritten since (read whole: its known hands are skipped as duplicates)
            fmt, encoding = detect(path)
            if fmt is None:
                from handlog.reading.sniff import unrecognised_file

                report.problems.append(FileProblem(str(path), unrecognised_file(path)))
                return None
            if isinstance(fmt, StreamFormat) and not is_xml_session(fmt):
                # a document format whose hands cannot be written as lines to store and parse again: said, never
                # dropped silently (audit, stats and replay read such files)
                report.problems.append(FileProblem(
                    str(path), f"{fmt.name} XML sessions are not imported into the database yet; audit, stats and"
                    " replay read them from the file",
                ))
                return None
            state = _FileState(path, fmt, encoding, row["id"] if row else None, Position(), hashlib.sha256())
            # UTF-16 files and XML sessions are always read whole
            result.reread = row is not None and not encoding.startswith("utf-16") and not isinstance(fmt, StreamFormat)
        state.size, state.mtime_ns = stat.st_size, stat.st_mtime_ns
        outside = SplitStats()
        self._read(state, result, outside)
        report.note_outside(str(path), outside)
        return result

    def _resume(self, path: Path, stat: os.stat_result, row: Any, result: FileResult) -> _FileState | None:
        """The state to go on from when the stored beginning of the file is unchanged, else None."""
        if stat.st_size < row["consumed"] or not row["format"]:
            return None
        if stat.st_size == row["size"] == row["consumed"] and stat.st_mtime_ns == row["mtime_ns"]:
            result.unchanged = True
            return None
        if (row["encoding"] or "").startswith("utf-16"):  # read whole whenever it changes (see ``tail``)
            return None
        if isinstance(_format(row["format"]), StreamFormat):  # an XML session too: its hands need its beginning
            return None
        hasher = hashlib.sha256()
        with path.open("rb") as stream:
            left = row["consumed"]
            while left > 0:
                block = stream.read(min(left, 1 << 20))
                if not block:
                    break
                hasher.update(block)
                left -= len(block)
        if left or hasher.hexdigest() != row["sha256"]:
            return None
        try:
            fmt = get(row["format"])
        except KeyError:
            return None
        result.resumed_at = row["consumed"]
        return _FileState(
            path, fmt, row["encoding"] or "utf-8", row["id"], Position(row["consumed"], row["lines"]), hasher,
            hands=row["hands"], unparsed=row["unparsed"], violations=row["violations"],
        )  # fmt: skip

    def _read(self, state: _FileState, result: FileResult, outside: SplitStats) -> None:
        """Prepare the file's new hands in chunks (through ``mapper``: in worker processes when it is parallel, the
        next chunks being prepared while this process writes) and write them in batches of ``batch`` hands."""
        work = partial(prepare_chunk, state.fmt.name, str(state.path), self.with_allin_ev, self.backend)
        pieces = new_hands(state.path, state.fmt, state.encoding, state.position, self.settle, outside)
        batch: list[PreparedHand | CopyHand] = []
        end = state.position
        for chunk in self.mapper(work, grouped(pieces, min(CHUNK, self.batch), CHUNK_LINES)):
            batch.extend(chunk.hands)
            end = chunk.end
            if len(batch) >= self.batch:
                self._write(state, batch, end, result)
                batch = []
        self._write(state, batch, end, result)
        result.pending = _has_text_after(state.path, state.position)

    def _write(
        self, state: _FileState, batch: Sequence[PreparedHand | CopyHand], end: Position, result: FileResult
    ) -> None:
        """One transaction: the batch's new hands, and the file's position after its last hand."""
        if self.progress is not None and batch:
            self.progress(len(batch), max(0, end.offset - state.position.offset))
        with self.writer.begin() as conn:
            if self.postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _LOCK_KEY})
            known = _existing(conn, [stored.key for stored in batch])
            fresh: list[Any] = []  # the backend's: CopyHand for PostgreSQL (``prepare_chunk``)
            seen = Counts()
            for stored in batch:
                seen.hands += 1
                seen.unparsed += stored.status == "unparsed"
                seen.violations += stored.status == "violations"
                if stored.key in known:
                    seen.duplicates += 1
                    continue
                known.add(stored.key)
                fresh.append(stored)
            state.file_id = self._save_file(conn, state, end, batch)
            if fresh:
                (_copy_hands if self.postgres else _insert_hands)(conn, fresh, state.file_id)
            seen.new = len(fresh)
        result.counts.add(seen)  # only once the transaction is committed
        result.read.add(seen)
        state.position = end

    def _save_file(
        self, conn: Connection, state: _FileState, end: Position, batch: Sequence[PreparedHand | CopyHand]
    ) -> int:
        if end.offset > state.position.offset:
            with state.path.open("rb") as stream:  # by blocks: a session file read whole may be large
                stream.seek(state.position.offset)
                left = end.offset - state.position.offset
                while left > 0:
                    block = stream.read(min(left, 1 << 20))
                    if not block:
                        break
                    state.hasher.update(block)
                    left -= len(block)
        state.hands += len(batch)
        state.unparsed += sum(stored.status == "unparsed" for stored in batch)
        state.violations += sum(stored.status == "violations" for stored in batch)
        values = {
            "path": str(state.path),
            "size": max(state.size, end.offset),
            "mtime_ns": state.mtime_ns,
            "consumed": end.offset,
            "lines": end.lines,
            "sha256": state.hasher.hexdigest(),
            "format": state.fmt.name,
            "encoding": state.encoding,
            "hands": state.hands,
            "unparsed": state.unparsed,
            "violations": state.violations,
            "imported_at": datetime.now(UTC),
        }
        if state.file_id is None:  # another importer may have added it since: looked up under the write lock
            found = conn.execute(select(schema.files.c.id).where(schema.files.c.path == values["path"])).scalar()
            if found is None:
                return int(conn.execute(insert(schema.files).returning(schema.files.c.id), values).scalar_one())
            state.file_id = int(found)
        conn.execute(update(schema.files).where(schema.files.c.id == state.file_id), values)
        return state.file_id


def _is_summary(path: Path) -> bool:
    from handlog.formats.summaries import is_summary_file

    return is_summary_file(path)


def _format(name: str) -> HandFormat | None:
    try:
        return get(name)
    except KeyError:
        return None


def _report_prefix(result: FileResult, row: Any) -> None:
    """The hands of the part of a file read before: all already stored."""
    result.counts.hands += row["hands"]
    result.counts.duplicates += row["hands"]
    result.counts.unparsed += row["unparsed"]
    result.counts.violations += row["violations"]


def _has_text_after(path: Path, position: Position) -> bool:
    with path.open("rb") as stream:
        stream.seek(position.offset)
        return bool(stream.read(1 << 16).strip())


def _existing(conn: Connection, keys: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """Which of ``keys`` (site, hand key) the database holds: per site, its keys in runs of 400, each key one lookup
    of the (site, hand key) unique index, whatever the planner knows of the table.

    A row-value ``(site, hand_key) IN (…)`` list, or ``site = … AND hand_key IN (…)`` on PostgreSQL, made each
    batch's check grow with the database: SQLite scanned the whole index for the row values; PostgreSQL, whose
    statistics of a table filling up lag behind it (every hand of a file has the same site), searched the index
    by site alone and tried each row against the 400 keys (20,000 hands stored: ~0.3 s a batch, half the server's
    time; psycopg's prepared plan kept that choice). On PostgreSQL each key is now looked up by itself
    (``LATERAL … LIMIT 1``, which the planner does not flatten into a join: ~1.5 ms for 400 keys at 0, 20,000 or
    100,000 stored, statistics or none); SQLite's planner searches the index for ``site = ? AND hand_key IN``
    (0.7 ms against 18 ms at 200,000)."""
    by_site: dict[str, list[str]] = {}
    for site, key in keys:
        by_site.setdefault(site, []).append(key)
    found: set[tuple[str, str]] = set()
    hands = schema.hands
    postgres = conn.dialect.name == "postgresql"
    for site, site_keys in by_site.items():
        for i in range(0, len(site_keys), 400):
            part = site_keys[i : i + 400]
            if postgres:
                rows = conn.execute(_EACH_KEY, {"keys": part, "site": site})
            else:
                rows = conn.execute(select(hands.c.hand_key).where(hands.c.site == site, hands.c.hand_key.in_(part)))
            found.update((site, key) for key in rows.scalars())
    return found


_EACH_KEY = text(
    "SELECT k.key FROM unnest(CAST(:keys AS text[])) AS k(key),"
    " LATERAL (SELECT 1 FROM hands WHERE hands.site = :site AND hands.hand_key = k.key LIMIT 1) AS stored"
)
"""PostgreSQL: the keys of ``:keys`` stored for ``:site``, each found through the unique index by itself."""


_CHILDREN = (
    (schema.hand_players, PLAYER_COLUMNS, attrgetter("players")),
    (schema.actions, ACTION_COLUMNS, attrgetter("actions")),
    (schema.violations, VIOLATION_COLUMNS, attrgetter("violations")),
)
"""The tables of a hand's rows, their columns after ``hand``, and where a ``PreparedHand`` holds their rows."""


def _insert_hands(conn: Connection, fresh: list[PreparedHand], file_id: int) -> None:
    """SQLite: the rows as prepared, one ``executemany`` per table on the driver's cursor (parameters only; the
    statements name the schema's columns). The writer holds the write lock (``BEGIN IMMEDIATE``), so the new
    hands' ids are the ones SQLite itself would give them: one more than the largest, in order."""
    first = int(conn.execute(select(func.coalesce(func.max(schema.hands.c.id), 0))).scalar_one()) + 1
    ids = range(first, first + len(fresh))
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(
            _insert_sql(conn, schema.hands, ("id", "file_id", *HAND_COLUMNS)),
            [(hand_id, file_id, *stored.row) for hand_id, stored in zip(ids, fresh, strict=True)],
        )
        for table, columns, rows_of in _CHILDREN:
            if table is schema.hand_players:  # its counters prepared in one cell
                rows = [spread_counters(hand_id, row) for hand_id, stored in zip(ids, fresh, strict=True)
                        for row in stored.players]  # fmt: skip
            else:
                rows = [(hand_id, *row) for hand_id, stored in zip(ids, fresh, strict=True) for row in rows_of(stored)]
            if rows:
                cursor.executemany(_insert_sql(conn, table, ("hand", *columns)), rows)
        cursor.executemany(
            _insert_sql(conn, schema.hand_text, ("hand", "text")),
            [(hand_id, stored.text) for hand_id, stored in zip(ids, fresh, strict=True)],
        )
    finally:
        cursor.close()


def _insert_sql(conn: Connection, table: Table, columns: tuple[str, ...]) -> str:
    quote = conn.dialect.identifier_preparer.quote
    names = ", ".join(quote(name) for name in columns)
    marks = ", ".join("?" for _ in columns)
    return f"INSERT INTO {quote(table.name)} ({names}) VALUES ({marks})"  # noqa: S608 - schema names, values bound


def _copy_hands(conn: Connection, fresh: list[CopyHand], file_id: int) -> None:
    """PostgreSQL: the new hands' ids taken from their sequence (in order), then every table's rows with
    ``COPY``, the fastest way in (values sent as data, never as SQL), as the workers wrote them
    (``store.copytext``): each hand's id put in front of its lines."""
    from psycopg import sql

    ids = conn.execute(
        text("SELECT nextval(pg_get_serial_sequence('hands', 'id')) AS id FROM generate_series(1, :n) ORDER BY id"),
        {"n": len(fresh)},
    ).scalars().all()
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]

    def copy(table: Table, columns: tuple[str, ...], data: bytes) -> None:
        if not data:
            return
        statement = sql.SQL("COPY {} ({}) FROM STDIN").format(
            sql.Identifier(table.name), sql.SQL(", ").join(sql.Identifier(name) for name in columns)
        )
        with cursor.copy(statement) as out:
            out.write(data)

    try:
        hands = list(zip(ids, fresh, strict=True))
        copy(schema.hands, ("id", "file_id", *HAND_COLUMNS),
             b"".join(b"%d\t%d\t%s" % (hand_id, file_id, stored.row) for hand_id, stored in hands))
        for table, columns, rows_of in (*_CHILDREN, (schema.hand_text, ("text",), attrgetter("text"))):
            copy(table, ("hand", *columns), b"".join(with_id(hand_id, rows_of(stored)) for hand_id, stored in hands))
    finally:
        cursor.close()
