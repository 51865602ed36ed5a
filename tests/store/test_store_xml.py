"""``handlog import`` of XML sessions (iPoker, Merge; Boss, Everest and Microgaming in the samples' round
trip): each hand stored as its own fragment, read back as the same hand with the same line numbers, a growing
session adding only its new hands, a session still being written never storing a hand before its element closes."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sqlalchemy import select
from storekit import CORPUS, SAMPLES

import handlog
import handlog.db
from handlog.store import schema

SESSIONS = sorted(SAMPLES.glob("*.xml"))
HAND = re.compile(rb"<game (?:gamecode|id)=")
ANY_HAND = re.compile(rb"<game (?:gamecode|id)=|<HISTORY |<HAND |<Game ")
"""A hand of any XML room of the samples (iPoker, Merge, Boss, Everest, Microgaming), counted apart from the readers."""
END = re.compile(rb"</game>")


def _records(path: Path) -> list[tuple[str, int, str | None, object]]:
    return [(r.file, r.line, r.hand_id, r.hand) for r in handlog.read([path])]


def _stored(db: handlog.db.Database) -> list[tuple[str, int, str | None, object]]:
    return [(r.file, r.line, r.hand_id, r.hand) for r in db.records()]


def test_the_sample_sessions_are_imported_and_read_back_as_from_the_files(db_url: str, tmp_path: Path) -> None:
    folder = tmp_path / "sessions"
    folder.mkdir()
    for path in SESSIONS:
        shutil.copy2(path, folder / path.name)
    plain = list(handlog.read([folder]))
    elements = sum(len(ANY_HAND.findall(p.read_bytes())) for p in SESSIONS)  # counted apart from the readers
    assert len(plain) == elements == 22 and all(r.hand is not None for r in plain)
    with handlog.db.open(db_url, create=True) as db:
        first = db.import_paths([folder], settle=0)
        assert (first.files, first.hands, first.unparsed) == (7, 22, 0)
        assert first.new == len({(r.site, r.hand_id) for r in plain})
        again = db.import_paths([folder], settle=0)
        assert (again.new, again.duplicates) == (0, 22)
        stored = {(r.file, r.hand_id): (r.line, r.hand) for r in db.records()}
    # every hand as reading the file gives it: events, amounts and the line of every element
    assert {(r.file, r.hand_id): (r.line, r.hand) for r in plain} == stored


def _cuts(data: bytes, ends: list[int]) -> list[int]:
    """Where to cut a session while it is written: inside tags, between hands, just after a hand closes."""
    inside = [e - 3 for e in ends] + [e - len(data) // 7 for e in ends if e > len(data) // 7]
    return sorted({c for c in [*inside, *ends, *(e + 1 for e in ends)] if 0 < c < len(data)})


@pytest.mark.parametrize("name", ["ipoker.xml", "merge_cash.xml"])
def test_a_session_being_written_stores_each_hand_once_when_it_closes(
    db_url: str, tmp_path: Path, name: str
) -> None:
    data = (SAMPLES / name).read_bytes()
    ends = [m.end() for m in END.finditer(data)]
    path = tmp_path / name
    with handlog.db.open(db_url, create=True) as db:
        for cut in _cuts(data, ends):
            path.write_bytes(data[:cut])
            got = db.import_paths([path], with_allin_ev=False, settle=3600)  # still being written
            closed = sum(1 for e in ends if e <= cut)
            with db.engine.connect() as conn:
                count = len(conn.execute(select(schema.hands.c.id)).all())
            assert count == closed, f"cut at {cut}: {closed} hands closed, {count} stored"
            assert got.unparsed == 0  # a document broken off by the writer is no unparsed hand
        path.write_bytes(data)
        last = db.import_paths([path], with_allin_ev=False, settle=0)
        assert (last.hands, last.new) == (len(ends), len(ends) - count)
        stored = _stored(db)
    assert stored == _records(path)


def test_a_grown_session_adds_only_its_new_hands(db_url: str, tmp_path: Path) -> None:
    data = (SAMPLES / "ipoker_tournament.xml").read_bytes()
    ends = [m.end() for m in END.finditer(data)]
    path = tmp_path / "session.xml"
    path.write_bytes(data[: ends[2]] + b"\n</session>\n")  # a finished session of three hands
    with handlog.db.open(db_url, create=True) as db:
        first = db.import_paths([path], with_allin_ev=False, settle=0)
        assert (first.hands, first.new) == (3, 3)
        assert db.import_paths([path], with_allin_ev=False, settle=0).new == 0  # unchanged: nothing read again
        path.write_bytes(data)  # the client wrote three more
        grown = db.import_paths([path], with_allin_ev=False, settle=0)
        assert (grown.hands, grown.new, grown.duplicates) == (6, 3, 3)
        stored = _stored(db)
    assert stored == _records(path)


def test_a_finished_session_cut_inside_a_hand_stores_it_as_written(db_url: str, tmp_path: Path) -> None:
    """A file that stops inside a hand and is no longer written: the hand is read as far as written (a notice says
    so), as ``handlog audit`` reads it, and read back the same."""
    data = (SAMPLES / "ipoker.xml").read_bytes()
    cut = data.index(b'<round no="3">')
    path = tmp_path / "cut.xml"
    path.write_bytes(data[:cut])
    with handlog.db.open(db_url, create=True) as db:
        got = db.import_paths([path], with_allin_ev=False, settle=0)
        stored = _stored(db)
    plain = _records(path)
    assert got.hands == len(plain) and stored == plain
    last = stored[-1][3]
    assert last is not None and any(e.kind == "notice" and "ends before" in e.text for e in last.events)  # type: ignore[attr-defined]


def test_a_malformed_session_keeps_its_hands_and_stores_where_it_breaks(db_url: str, tmp_path: Path) -> None:
    data = (SAMPLES / "merge_sit_and_go.xml").read_text(encoding="utf-8")
    second = data.index("<game ", data.index("</game>"))
    broken = data[:second] + "<game id=\"x\" <<broken>>\n" + data[second:]
    path = tmp_path / "broken.xml"
    path.write_text(broken, encoding="utf-8")
    with handlog.db.open(db_url, create=True) as db:
        got = db.import_paths([path], with_allin_ev=False, settle=0)
        stored = list(db.records())
        again = db.import_paths([path], with_allin_ev=False, settle=0)
    plain = list(handlog.read([path]))
    assert (got.hands, got.unparsed) == (2, 1) and again.new == 0
    assert [(r.line, r.hand_id, r.hand) for r in stored] == [(r.line, r.hand_id, r.hand) for r in plain]
    failure = stored[-1].error
    assert failure is not None and plain[-1].error is not None
    assert (failure.line, failure.message) == (plain[-1].error.line, plain[-1].error.message)
    assert "malformed XML" in failure.message


@pytest.mark.slow
def test_corpus_sessions_round_trip(db_url: str) -> None:
    roots = [CORPUS / "fpdb" / "cash" / "iPoker", CORPUS / "fpdb" / "tour" / "iPoker",
             CORPUS / "fpdb" / "cash" / "Merge", CORPUS / "fpdb" / "tour" / "Merge"]
    if not all(r.is_dir() for r in roots):
        pytest.skip("../shared/corpus is absent")
    plain = [r for r in handlog.read(roots) if r.file.endswith((".xml", ".txt"))]
    with handlog.db.open(db_url, create=True) as db:
        got = db.import_paths(roots, with_allin_ev=False, settle=0)
        stored = {(r.file, r.line): (r.hand_id, r.hand, r.error) for r in db.records()}
    assert got.hands == len(plain) and got.unparsed == sum(r.hand is None for r in plain)
    keys = {(r.site, r.hand_id) for r in plain if r.hand_id}
    assert len(stored) == got.new >= len(keys)
    for r in plain:
        if (r.file, r.line) in stored:
            assert stored[(r.file, r.line)][:2] == (r.hand_id, r.hand)
