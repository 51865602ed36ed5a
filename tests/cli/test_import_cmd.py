"""``handlog import`` and ``stats/audit --db`` from the command line: counts, the same output as from the
files, and bad input answered with one line and exit 2, nothing written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from handlog.cli.main import main

ROOT_SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SAMPLES = ""  # set by _samples: a copy of samples/, its XML sessions too


@pytest.fixture(autouse=True, scope="module")
def _samples(tmp_path_factory: pytest.TempPathFactory) -> None:
    global SAMPLES
    # modification times kept: a copy that looks freshly written would hold its last hands back until it settles
    into = tmp_path_factory.mktemp("cli") / "samples"
    shutil.copytree(ROOT_SAMPLES, into, copy_function=shutil.copy2)
    SAMPLES = str(into)


def test_an_xml_session_is_imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = str(Path(SAMPLES) / "ipoker.xml")
    db = str(tmp_path / "h.sqlite")
    _, out, _ = run(capsys, "audit", xml, "--json")
    hands = json.loads(out.splitlines()[-1])["summary"]["hands"]
    code, out, err = run(capsys, "import", xml, "--db", db, "--quiet")
    assert code == 0 and err == ""
    assert out.startswith(f"1 files, {hands} hands: {hands} new, 0 duplicates")
    _, from_file, _ = run(capsys, "audit", xml)
    _, from_db, _ = run(capsys, "audit", "--db", db)
    assert from_db == from_file  # the stored hands audit as the file's


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_twice_prints_the_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "audit", SAMPLES, "--json")
    read = json.loads(out.splitlines()[-1])["summary"]
    files, hands, flagged = read["files"], read["hands"], read["violations"]
    db = str(tmp_path / "h.sqlite")
    code, out, _ = run(capsys, "import", SAMPLES, "--db", db, "--quiet")
    assert code == 0
    assert out.startswith(f"{files} files, {hands} hands: {hands} new, 0 duplicates, 0 unparsed, {flagged} with")
    code, out, _ = run(capsys, "import", SAMPLES, "--db", db, "--json")
    assert code == 0
    summary = json.loads(out.splitlines()[-1])
    assert summary == {"summary": {"files": files, "hands": hands, "new": 0, "duplicates": hands, "unparsed": 0,
                                   "violations": flagged, "pending": 0}}  # fmt: skip
    assert len(out.splitlines()) == files + 1  # one record per file, then the summary


@pytest.mark.parametrize(
    "options",
    [
        ["--format", "json"],
        ["--format", "json", "--by", "position", "--by", "stakes"],
        ["--format", "json", "--player", "Hero", "--cash"],
        ["--format", "json", "--tournament", "--since", "2009-01-01", "--until", "2030-12-31"],
        ["--format", "json", "--game", "holdem", "--site", "PokerStars"],
        ["--per-hand", "--format", "csv", "--game", "five_card_draw"],
    ],
)
def test_stats_from_the_database_equal_stats_from_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str]
) -> None:
    db = str(tmp_path / "h.sqlite")
    assert run(capsys, "import", SAMPLES, "--db", db, "--quiet")[0] == 0
    from_files = run(capsys, "stats", SAMPLES, "--quiet", *options)
    from_db = run(capsys, "stats", "--db", db, "--quiet", *options)
    assert from_files[0] == from_db[0]
    if "--per-hand" in options:  # the file column holds the stored (absolute) path
        assert from_db[1].count("\n") == from_files[1].count("\n") > 1
    else:
        assert from_db[1] == from_files[1]
        assert len(json.loads(from_db[1])) >= 1


def test_audit_from_the_database_equals_audit_from_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "h.sqlite")
    run(capsys, "import", SAMPLES, "--db", db, "--quiet")
    files = run(capsys, "audit", str(Path(SAMPLES).resolve()), "--json")
    stored = run(capsys, "audit", "--db", db, "--json")
    assert files == stored


def test_audit_filters_over_worker_processes_equal_the_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "h.sqlite")
    run(capsys, "import", SAMPLES, "--db", db, "--quiet")
    samples = str(Path(SAMPLES).resolve())
    everything = json.loads(run(capsys, "audit", samples, "--json")[1].splitlines()[-1])["summary"]
    one = run(capsys, "audit", samples, "--json", "--site", "PokerStars", "--jobs", "1")
    two = run(capsys, "audit", samples, "--json", "--site", "PokerStars", "--jobs", "2")
    stored = run(capsys, "audit", "--db", db, "--json", "--site", "PokerStars")
    assert one == two
    kept = [json.loads(line) for line in one[1].splitlines()[:-1]]
    assert 0 < len(kept) < everything["hands"]
    assert {record["site"] for record in kept} == {"PokerStars"}
    assert stored[1].splitlines()[:-1] == one[1].splitlines()[:-1]  # the summary counts files differently


def test_stats_from_the_database_refuses_house_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "h.sqlite")
    run(capsys, "import", SAMPLES, "--db", db, "--quiet")
    rules = str(Path(SAMPLES) / "rules" / "holdem-fa.toml")
    code, out, err = run(capsys, "stats", "--db", db, "--quiet", "--rules", rules)
    assert (code, out) == (2, "")
    assert err.startswith("handlog stats: --rules replays the hands") and err.count("\n") == 1


def test_a_database_path_that_cannot_be_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    for target in (blocker / "h.sqlite", tmp_path):
        code, out, err = run(capsys, "import", SAMPLES, "--db", str(target))
        assert code == 2
        assert out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_an_unreachable_server(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "import", SAMPLES, "--db", "postgresql://nobody:secret@127.0.0.1:9/none")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "cannot open database" in err and "secret" not in err


def test_a_database_of_a_newer_schema_is_left_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    db = tmp_path / "h.sqlite"
    run(capsys, "import", SAMPLES, "--db", str(db), "--quiet")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT count(*) FROM hands").fetchone()
    before = db.read_bytes()
    code, _, err = run(capsys, "import", SAMPLES, "--db", str(db))
    assert code == 2
    assert "newer than this handlog knows" in err and len(err.strip().splitlines()) == 1
    assert run(capsys, "stats", "--db", str(db))[0] == 2
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM hands").fetchone() == stored
    assert db.read_bytes() == before


def test_reading_a_database_that_does_not_exist_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "stats", "--db", str(tmp_path / "none.sqlite"))
    assert code == 2 and "no such file" in err
    assert list(tmp_path.iterdir()) == []


def test_jobs_give_the_same_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    dumps = []
    for jobs in ("1", "2", "3", None):  # None: the default, every core (the main process and N-1 workers)
        db = tmp_path / f"j{jobs}.sqlite"
        options = ["--jobs", jobs] if jobs is not None else []
        assert run(capsys, "import", SAMPLES, "--db", str(db), "--quiet", *options)[0] == 0
        with sqlite3.connect(db) as conn:
            dumps.append([
                conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
                for table in ("hands", "hand_players", "actions", "violations", "hand_text")
            ])  # fmt: skip
    assert dumps[0] == dumps[1] == dumps[2] == dumps[3]
    assert len(dumps[0][0]) > 30


def test_a_database_failing_while_read_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    db = tmp_path / "h.sqlite"
    run(capsys, "import", SAMPLES, "--db", str(db), "--quiet")
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE hand_players")  # damaged behind handlog's back
    code, _, err = run(capsys, "stats", "--db", str(db))
    assert code == 2
    assert err.count("\n") == 1 and "no such table: hand_players" in err and "Traceback" not in err


def test_replay_of_a_stored_hand_equals_the_replay_from_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``handlog replay --db URL --hand ID`` draws the stored hand as the replay from its file does (the issue's
    replayer over the database), and says so plainly when the database has no such hand."""
    sample = str(Path(SAMPLES) / "nl_holdem_cash.txt")
    db = str(tmp_path / "h.sqlite")
    assert run(capsys, "import", sample, "--db", db, "--quiet")[0] == 0
    _, out, _ = run(capsys, "parse", sample, "--json")
    hand_id = json.loads(out.splitlines()[1])["hand_id"]  # the second hand, not the default first one
    code, from_file, _ = run(capsys, "replay", sample, "--hand", hand_id)
    assert code == 0 and hand_id in from_file
    code, from_db, _ = run(capsys, "replay", "--db", db, "--hand", hand_id)
    assert code == 0
    assert from_db == from_file
    code, _, err = run(capsys, "replay", "--db", db, "--hand", "1")
    assert code == 2 and err == "handlog replay: no hand 1 in the database\n"


def test_import_does_not_load_pandas(tmp_path: Path) -> None:
    """pandas and pyarrow (~80 MB resident) are only for statistics frames; an import never builds one, so a
    fresh process importing the samples (all-in EV included) must not load them (target 5 of issue 11:
    import's memory). Run in a new interpreter: this test process has loaded them already."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from handlog.cli.main import main\n"
        f"code = main(['import', {SAMPLES!r}, '--db', {str(tmp_path / 'h.sqlite')!r}, '--quiet'])\n"
        "print(code, sorted(m for m in ('pandas', 'pyarrow', 'matplotlib') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600, check=True)
    last = done.stdout.splitlines()[-1]
    assert last == "0 []", done.stdout + done.stderr


def test_a_worker_is_sent_a_write_batch_ahead() -> None:
    """``import``'s window holds a write batch's worth of chunks for each worker: work for the length of a write."""
    from handlog.cli.import_cmd import CHUNKS_PER_WORKER
    from handlog.store.importer import BATCH, CHUNK

    assert CHUNKS_PER_WORKER * CHUNK >= BATCH


def test_import_says_the_lines_outside_any_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = (Path(SAMPLES) / "nl_holdem_cash.txt").read_text(encoding="utf-8")
    path = tmp_path / "mail.txt"
    path.write_text("> forwarded mail\n" + hands, encoding="utf-8")
    shutil.copystat(Path(SAMPLES) / "nl_holdem_cash.txt", path)  # an old file: settled
    code, _, err = run(capsys, "import", str(path), "--db", str(tmp_path / "h.sqlite"))
    assert code == 0
    assert f"handlog: {path}: 1 line outside any hand skipped (the first, line 1: '> forwarded mail')" in err
