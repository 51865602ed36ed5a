"""``handlog import``: each hand once, grown files read from their last complete hand, every hand counted."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select
from storekit import CORPUS, copied_samples, renumbered_hands

import handlog
import handlog.db
from handlog.store import schema
from handlog.store.records import decompress


def stored_ids(db: handlog.db.Database) -> list[str]:
    with db.engine.connect() as conn:
        return [r[0] for r in conn.execute(select(schema.hands.c.hand_key).order_by(schema.hands.c.id))]


def stored_texts(db: handlog.db.Database) -> dict[str, str]:
    query = select(schema.hands.c.hand_key, schema.hand_text.c.text).join(
        schema.hand_text, schema.hand_text.c.hand == schema.hands.c.id
    )
    with db.engine.connect() as conn:
        return {key: "\n".join(decompress(blob)) for key, blob in conn.execute(query)}


def stars_files() -> list[Path]:
    roots = [CORPUS / "fpdb" / "cash" / "Stars", CORPUS / "fpdb" / "tour" / "Stars"]
    if not all(r.is_dir() for r in roots):
        pytest.skip("../shared/corpus is absent")
    return roots


@pytest.mark.slow
def test_corpus_twice_adds_nothing_the_second_time(db_url: str) -> None:
    roots = stars_files()
    records = list(handlog.read(roots))
    unparsed = sum(r.hand is None for r in records)
    with handlog.db.open(db_url, create=True) as db:
        first = db.import_paths(roots, with_allin_ev=False, settle=0)
        assert first.hands == len(records)  # what handlog audit reads
        assert first.unparsed == unparsed > 0
        assert first.new + first.duplicates == first.hands
        keys = {(r.site, r.hand_id) for r in records if r.hand_id}
        assert first.new >= len(keys)
        second = db.import_paths(roots, with_allin_ev=False, settle=0)
        assert second.new == 0
        assert second.duplicates == second.hands == len(records)
        assert second.unparsed == unparsed
        with db.engine.connect() as conn:
            stored = conn.execute(select(func.count()).select_from(schema.hands)).scalar_one()
            stored_unparsed = conn.execute(
                select(func.count()).where(schema.hands.c.status == "unparsed")
            ).scalar_one()
            errors = conn.execute(select(schema.hands.c.error).where(schema.hands.c.status == "unparsed")).all()
        assert stored == first.new
        assert stored_unparsed == unparsed  # unparsed hands are stored (text and error), never dropped
        assert all(e[0] for e in errors)


def complete_in(prefix: int, ends: list[int]) -> int:
    """How many hands are complete in the first ``prefix`` bytes: a hand is, once its summary's last line (a
    line for every seat) is written with its line end (``ends[i]`` is the offset just after that line end)."""
    return sum(1 for end in ends if end <= prefix)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_file_growing_in_pieces_imports_every_hand_once_and_none_early(
    db_url: str, tmp_path: Path, seed: int
) -> None:
    hands = renumbered_hands(40)
    data = "".join(hands).encode("utf-8")
    ends, offset = [], 0
    for h in hands:
        body = h.rstrip("\n").encode("utf-8")
        ends.append(offset + len(body) + 1)  # the summary's last line, with its end
        offset += len(h.encode("utf-8"))
    rng = random.Random(seed)
    cuts = sorted(rng.sample(range(1, len(data)), 12))
    path = tmp_path / "live.txt"
    path.write_bytes(b"")
    with handlog.db.open(db_url, create=True) as db:
        for cut in [*cuts, len(data)]:
            with path.open("ab") as out:
                out.write(data[path.stat().st_size : cut])
            db.import_paths([path], with_allin_ev=False, settle=3600)  # a live file: its tail is not final
            ids = stored_ids(db)
            assert len(ids) == len(set(ids))
            assert ids == [str(9_000_000_000 + i) for i in range(complete_in(cut, ends))]
        texts = stored_texts(db)
        for i, h in enumerate(hands):  # every stored hand is whole, exactly as written
            assert texts[str(9_000_000_000 + i)] == h.rstrip("\n")
        assert db.import_paths([path], with_allin_ev=False, settle=3600).new == 0


def test_the_last_hand_of_a_finished_file_is_imported(db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "done.txt"
    path.write_text("".join(renumbered_hands(3)).rstrip("\n"), encoding="utf-8")  # no blank line at the end
    with handlog.db.open(db_url, create=True) as db:
        assert db.import_paths([path], with_allin_ev=False, settle=3600).new == 2
        assert db.import_paths([path], with_allin_ev=False, settle=0).new == 1


def test_a_rewritten_file_is_read_whole_and_its_known_hands_skipped(db_url: str, tmp_path: Path) -> None:
    hands = renumbered_hands(10)
    path = tmp_path / "rotating.txt"
    path.write_text("".join(hands[:6]), encoding="utf-8")
    with handlog.db.open(db_url, create=True) as db:
        assert db.import_paths([path], with_allin_ev=False, settle=0).new == 6
        path.write_text("".join(hands[4:]), encoding="utf-8")  # rotated: a different beginning, bigger
        again = db.import_paths([path], with_allin_ev=False, settle=0)
        assert (again.hands, again.new, again.duplicates) == (6, 4, 2)
        path.write_text("".join(hands[8:]), encoding="utf-8")  # truncated
        again = db.import_paths([path], with_allin_ev=False, settle=0)
        assert (again.hands, again.new, again.duplicates) == (2, 0, 2)
        assert sorted(stored_ids(db)) == [str(9_000_000_000 + i) for i in range(10)]


def test_line_numbers_and_hands_match_a_plain_read(db_url: str, tmp_path: Path) -> None:
    samples = copied_samples(tmp_path / "samples")
    with handlog.db.open(db_url, create=True) as db:
        db.import_paths([samples], settle=0)
        stored = list(db.records())
    plain = list(handlog.read([samples]))
    assert [(r.file, r.line, r.hand_id) for r in stored] == [(r.file, r.line, r.hand_id) for r in plain]
    assert [r.hand for r in stored] == [r.hand for r in plain]


def test_crlf_cut_between_cr_and_lf_keeps_line_numbers(db_url: str, tmp_path: Path) -> None:
    data = "".join(renumbered_hands(4)).replace("\n", "\r\n").encode("utf-8")
    path = tmp_path / "crlf.txt"
    blank_crs = [i + 3 for i in range(len(data) - 3) if data[i : i + 4] == b"\r\n\r\n"]  # just after a blank CR
    with handlog.db.open(db_url, create=True) as db:
        for cut in [*blank_crs, len(data)]:
            path.write_bytes(data[:cut])
            db.import_paths([path], with_allin_ev=False, settle=3600)
        db.import_paths([path], with_allin_ev=False, settle=0)
        stored = [(r.hand_id, r.line) for r in db.records()]
    assert stored == [(r.hand_id, r.line) for r in handlog.read([path])]
    assert len(stored) == 4


def test_a_utf16_file_is_read_whole_with_its_known_hands_skipped(db_url: str, tmp_path: Path) -> None:
    hands = renumbered_hands(6)
    path = tmp_path / "utf16.txt"
    path.write_text("".join(hands[:4]), encoding="utf-16")  # with its BOM, as Full Tilt and Winning write
    with handlog.db.open(db_url, create=True) as db:
        first = db.import_paths([path], with_allin_ev=False, settle=0)
        assert (first.hands, first.new) == (4, 4)
        path.write_text("".join(hands), encoding="utf-16")
        grown = db.import_paths([path], with_allin_ev=False, settle=0)
        assert (grown.new, grown.duplicates) == (2, 4)
        assert db.import_paths([path], with_allin_ev=False, settle=0).new == 0
        stored = [(r.hand_id, r.line) for r in db.records()]
    assert stored == [(r.hand_id, r.line) for r in handlog.read([path])]


def test_a_long_read_does_not_block_an_import(db_url: str, tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    hands = renumbered_hands(8)
    first.write_text("".join(hands[:4]), encoding="utf-8")
    second.write_text("".join(hands[4:]), encoding="utf-8")
    with handlog.db.open(db_url, create=True) as reader, handlog.db.open(db_url) as writer:
        reader.import_paths([first], with_allin_ev=False, settle=0)
        stream = reader.records()
        next(stream)  # a read in progress (stats, audit --db) …
        started = time.monotonic()
        assert writer.import_paths([second], with_allin_ev=False, settle=0).new == 4  # … and watch goes on
        assert time.monotonic() - started < 5
        assert len(list(stream)) == 3  # the reader's own view: the hands there when it started


def test_values_longer_than_a_short_column_import_whole(db_url: str, tmp_path: Path) -> None:
    """What a log writes has no length the database may cut or refuse: PostgreSQL once stopped an import at the
    structure ``pl_preflop_nl_postflop`` (longer than its column)."""
    name, table = "P" + "layer-with-a-long-name" * 7, "Table " + "very long " * 30
    first, second, third = renumbered_hands(3)
    hands = [
        first.replace("Hold'em No Limit", "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop", 1),
        second.replace("Player3", name),
        third.replace("Table 'Lampland'", f"Table '{table}'", 1),
    ]
    (tmp_path / "long.txt").write_text("".join(hands), encoding="utf-8")
    with handlog.db.open(db_url, create=True) as db:
        done = db.import_paths([tmp_path / "long.txt"], with_allin_ev=False, settle=0)
        with db.engine.connect() as conn:
            structures = set(conn.execute(select(schema.hands.c.structure)).scalars())
            tables = set(conn.execute(select(schema.hands.c.table_name)).scalars())
            players = set(conn.execute(select(schema.hand_players.c.player)).scalars())
            actors = set(conn.execute(select(schema.actions.c.player)).scalars())
    assert (done.hands, done.new, done.unparsed) == (3, 3, 0)
    assert structures == {"pl_preflop_nl_postflop", "no_limit"}
    assert table in tables
    assert name in players and name in actors


def test_every_stored_value_reads_back_as_the_hand_gave_it(db_url: str, tmp_path: Path) -> None:
    """Each table's rows, read back through the schema's types, are the values the hand's replay gave, on both
    backends (PostgreSQL's rows travel as COPY text formatted in the workers, SQLite's as bound parameters)."""
    from handlog.reading.registry import get
    from handlog.store.records import ACTION_COLUMNS, HAND_COLUMNS, PLAYER_COLUMNS, VIOLATION_COLUMNS, prepare
    from handlog.store.tail import Position, detect, new_hands

    samples = copied_samples(tmp_path / "samples")
    texts = sorted(samples.glob("*.txt"))
    expected: dict[tuple[str, str], object] = {}
    for path in texts:
        fmt, encoding = detect(path)
        assert fmt is not None
        for piece in new_hands(path, fmt, encoding, Position(), settle=0):
            stored = prepare(get(fmt.name), str(path), piece.line, piece.lines)
            expected.setdefault(stored.key, stored)  # a hand in two files is stored once, from the first
    with handlog.db.open(db_url, create=True) as db:
        done = db.import_paths(texts, settle=0)
        assert done.new == len(expected) > 50
        with db.engine.connect() as conn:
            keys = {i: (site, key) for i, site, key in conn.execute(
                select(schema.hands.c.id, schema.hands.c.site, schema.hands.c.hand_key))}  # fmt: skip
            got = {name: conn.execute(
                select(table.c.hand, *(table.c[c] for c in columns)).order_by(table.c.hand, table.c.seq)).all()
                for name, table, columns in (("players", schema.hand_players, PLAYER_COLUMNS),
                                             ("actions", schema.actions, ACTION_COLUMNS),
                                             ("violations", schema.violations, VIOLATION_COLUMNS))}  # fmt: skip
            rows = conn.execute(select(schema.hands.c.id, *(schema.hands.c[c] for c in HAND_COLUMNS))).all()
            texts_back = dict(conn.execute(select(schema.hand_text.c.hand, schema.hand_text.c.text)).all())
    checked = 0
    for name, columns in (("players", PLAYER_COLUMNS), ("actions", ACTION_COLUMNS), ("violations", VIOLATION_COLUMNS)):
        back: dict[tuple[str, str], list[tuple[object, ...]]] = {}
        for hand, *values in got[name]:
            back.setdefault(keys[hand], []).append(tuple(values))
        for key, stored in expected.items():
            want = [tuple(r[c] for c in columns) for r in getattr(stored, name)]
            assert back.get(key, []) == want, (name, key)
            checked += len(want)
    for hand, *values in rows:
        stored = expected[keys[hand]]
        row = {**stored.row, "hand_key": stored.key[1], "status": stored.status}
        assert tuple(values) == tuple(row[c] for c in HAND_COLUMNS)
        assert texts_back[hand] == stored.text
    assert checked > 1000


def test_the_duplicate_check_looks_each_key_up_in_the_index(db_url: str, tmp_path: Path) -> None:
    """A batch's check of which hands are stored already finds each (site, hand key) through its unique index,
    so it costs the same however many hands the database holds (SQLite scanned the whole index for a row-value
    ``IN`` list; PostgreSQL, its statistics behind a filling table, searched by site and tried each row against
    the keys: ~0.3 s a batch at 20,000 hands). The plans are asked of each backend's own planner."""
    from sqlalchemy import event

    from handlog.store.importer import _existing

    path = tmp_path / "hands.txt"
    path.write_text("".join(renumbered_hands(30)), encoding="utf-8")
    with handlog.db.open(db_url, create=True) as db:
        db.import_paths([path], settle=0)
        statements: list[tuple[str, object]] = []
        odd = ['a"b', "{c,d}", "e\\f", "g'h", "NULL", ""]  # array and quoting syntax, bound as data
        with db.engine.begin() as conn:  # hands of another room stored under three of them
            file_id = conn.execute(select(schema.hands.c.file_id)).scalars().first()
            conn.execute(schema.hands.insert(), [
                {"site": "Other", "hand_key": k, "format": "x", "is_tournament": False, "status": "unparsed",
                 "file_id": file_id, "line": 1} for k in odd[:3]
            ])  # fmt: skip
        keys = [("PokerStars", str(9_000_000_000 + n)) for n in range(0, 60, 2)] + [("Other", k) for k in odd]

        def seen(conn: object, cursor: object, statement: str, parameters: object, *_: object) -> None:
            if statement.lstrip().upper().startswith("SELECT"):
                statements.append((statement, parameters))

        with db.engine.connect() as conn:
            event.listen(conn, "before_cursor_execute", seen)
            found = _existing(conn, keys)
            event.remove(conn, "before_cursor_execute", seen)
            assert found == {("PokerStars", str(9_000_000_000 + n)) for n in range(0, 30, 2)} | {
                ("Other", k) for k in odd[:3]
            }
            assert len(statements) == 2  # one per site
            for statement, parameters in statements:
                if db.engine.dialect.name == "sqlite":
                    plan = " ".join(str(r[-1]) for r in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}",
                                                                             parameters))  # type: ignore[arg-type]
                    assert "SEARCH hands USING" in plan and "(site=? AND hand_key=?)" in plan, plan
                else:
                    plan = " ".join(r[0] for r in conn.exec_driver_sql(f"EXPLAIN {statement}", parameters))  # type: ignore[arg-type]
                    # each key looked up by itself: both columns of the unique index, no filter over rows
                    assert "Index Cond: ((site = " in plan and "AND (hand_key = k.key))" in plan, plan
                    assert "Filter" not in plan and "Seq Scan" not in plan, plan
