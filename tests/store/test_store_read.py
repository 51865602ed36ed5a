"""Reading back: ``stats``/``audit --db`` and ``handlog.db`` give what reading the files gives, on every backend."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from storekit import copied_samples, renumbered_hands

import handlog
import handlog.db
import handlog.stats
from handlog.cli.main import main
from handlog.store.filters import Filters

SAMPLES = Path()  # set by _copied_samples: a copy of samples/


@pytest.fixture(autouse=True, scope="module")
def _copied_samples(tmp_path_factory: pytest.TempPathFactory) -> None:
    global SAMPLES
    SAMPLES = copied_samples(tmp_path_factory.mktemp("store") / "samples")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str]]:
    def run(*argv: str) -> tuple[int, str]:
        code = main(list(argv))
        return code, capsys.readouterr().out

    return run


@pytest.fixture
def imported(db_url: str) -> str:
    with handlog.db.open(db_url, create=True) as db:
        db.import_paths([SAMPLES], settle=0)
    return db_url


FILTERS = [
    [],  # with the all-in expectation: the stored EV equals the computed one
    ["--no-allin-ev", "--by", "position", "--by", "game"],
    ["--no-allin-ev", "--player", "Hero"],
    ["--no-allin-ev", "--cash", "--stakes", "0.05/0.10"],
    ["--no-allin-ev", "--tournament", "--since", "2000-01-01"],
    ["--no-allin-ev", "--until", "2001-01-01", "--site", "pokerstars"],
]


@pytest.mark.parametrize("options", FILTERS, ids=lambda o: " ".join(o) or "all")
def test_stats_json_from_the_database_equals_stats_from_the_files(
    cli: Callable[..., tuple[int, str]], imported: str, options: list[str]
) -> None:
    files = cli("stats", str(SAMPLES), "--format", "json", "--quiet", *options)
    stored = cli("stats", "--db", imported, "--format", "json", "--quiet", *options)
    assert stored == files
    if "2001-01-01" in options:  # selects no hand: one line on stderr and exit 1, no output (issue 23)
        assert stored == (1, "")
        return
    assert isinstance(json.loads(stored[1]), list)


def test_stats_from_the_database_stream_the_stored_records(
    cli: Callable[..., tuple[int, str]], db_url: str, tmp_path: Path
) -> None:
    """``stats --db`` reads the stored records as they come (issue 11, target 5: a million stored hands are
    millions of records): the per-hand output arrives in parts of at most a thousand rows, which together are
    every stored row, the same as the file's, and the hands left out are counted once."""
    from handlog.cli.stats_cmd import stored_parts
    from handlog.stats.frame import FIELDS

    session = tmp_path / "session.txt"
    session.write_text("".join(renumbered_hands(300)), encoding="utf-8")
    with handlog.db.open(db_url, create=True) as db:
        assert db.import_paths([session], settle=0).new == 300
        parts = list(stored_parts(db, Filters(), True, True, (), None))
        totals = list(stored_parts(db, Filters(), True, False, (), None))
    rows = [row for p in parts for row in p.rows]
    assert len(parts) >= 2 and all(0 < len(p.rows) <= 1000 for p in parts)
    assert sum(p.unparsed for p in parts) == 0 and not any(p.other_games for p in parts[1:])
    _, from_file = cli("stats", str(session), "--per-hand", "--format", "csv", "--quiet")
    expected = list(csv.DictReader(io.StringIO(from_file)))
    assert len(expected) == len(rows) > 1000
    key = FIELDS.index("hand_id"), FIELDS.index("player")
    assert [(str(r[key[0]]), r[key[1]]) for r in rows] == [(e["hand_id"], e["player"]) for e in expected]
    assert len(totals) == 1 and totals[0].totals is not None


def test_the_api_per_hand_equals_stats_per_hand(imported: str) -> None:
    from_files = handlog.stats.per_hand(handlog.read([SAMPLES]))
    with handlog.db.open(imported) as db:
        from_db = db.per_hand()
        heros = db.per_hand(Filters(player="Hero", tournament=False))
    pd.testing.assert_frame_equal(from_db.drop(columns="file"), from_files.drop(columns="file"))
    assert len(heros) and set(heros["player"]) == {"Hero"}
    assert not heros.merge(from_files[from_files["currency"] == "CHIPS"], on=["hand_id", "player"]).shape[0]


def test_the_api_streams_typed_hands_with_filters(imported: str) -> None:
    plain = [r.hand for r in handlog.read([SAMPLES]) if r.hand is not None]
    with handlog.db.open(imported) as db:
        assert list(db.hands()) == plain
        holdem = list(db.hands(game="holdem", since="2000-01-01"))
    # a hand whose log gives no zone is placed by its wall-clock time, only a hand with no time is left out (issue 23)
    from handlog.clock import hand_time

    assert holdem == [h for h in plain if h.game.value == "holdem" and hand_time(h).local is not None]
    assert 0 < len(holdem) < len(plain)


def test_audit_from_the_database_equals_audit_from_the_files(
    cli: Callable[..., tuple[int, str]], imported: str
) -> None:
    assert cli("audit", "--db", imported, "--json") == cli("audit", str(SAMPLES), "--json")


def test_graph_from_the_database_draws_the_same_picture(
    cli: Callable[..., tuple[int, str]], imported: str, tmp_path: Path
) -> None:
    files, stored = tmp_path / "files.png", tmp_path / "db.png"
    assert cli("graph", str(SAMPLES), "--player", "Hero", "-o", str(files), "--quiet")[0] == 0
    assert cli("graph", "--db", imported, "--player", "Hero", "-o", str(stored), "--quiet")[0] == 0
    assert stored.read_bytes() == files.read_bytes()
