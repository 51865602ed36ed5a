"""Live folders lose no hand: a file's last hand without a blank line after it is imported once the file has been
quiet for the quiet period (``watch`` as ``import``); a hand whose summary is complete (a line for every seat, the
last one ended) is imported at once by both; each summary says how many hands are pending and why."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import select
from storekit import renumbered_hands

import handlog.db
from handlog.cli.main import main
from handlog.store import schema

FIRST = 9_000_000_000


def stored(url: str) -> list[str]:
    with handlog.db.open(url) as db, db.engine.connect() as conn:
        return sorted(r[0] for r in conn.execute(select(schema.hands.c.hand_key)))


def without_last_seat_line(hand: str) -> str:
    """The hand as a client that does not list every seat in its summary would leave it: no end marker at all
    (the last summary line here is dropped), ending with a line end and no blank line."""
    lines = hand.rstrip("\n").split("\n")
    assert lines[-1].startswith("Seat ")
    return "\n".join(lines[:-1]) + "\n"


def test_import_takes_a_last_hand_whose_summary_is_complete_at_once(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = renumbered_hands(3)
    path = tmp_path / "table.txt"
    path.write_text("".join(hands).rstrip("\n") + "\n", encoding="utf-8")  # written just now, no blank line after
    assert main(["import", str(path), "--db", db_url, "--quiet", "--no-allin-ev"]) == 0
    out = capsys.readouterr().out
    assert "3 hands: 3 new" in out and ", 0 pending" in out
    assert stored(db_url) == [str(FIRST + i) for i in range(3)]


def test_import_says_a_last_hand_without_an_end_is_pending_and_why_then_takes_it_once_quiet(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = renumbered_hands(3)
    path = tmp_path / "table.txt"
    path.write_text("".join(hands[:2]) + without_last_seat_line(hands[2]), encoding="utf-8")
    assert main(["import", str(path), "--db", db_url, "--quiet", "--no-allin-ev"]) == 0
    out = capsys.readouterr().out
    assert "2 hands: 2 new" in out and ", 1 pending" in out
    assert "1 hand pending: the last hand of each file below has no end yet" in out
    assert "changed less than 5 s ago" in out and str(path) in out
    assert stored(db_url) == [str(FIRST), str(FIRST + 1)]
    assert main(["import", str(path), "--db", db_url, "--json", "--no-allin-ev"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary["pending"] == 1 and summary["pending_files"] == [str(path)]
    quiet = time.time() - 10
    os.utime(path, (quiet, quiet))  # the client stopped writing 10 s ago
    assert main(["import", str(path), "--db", db_url, "--quiet", "--no-allin-ev"]) == 0
    out = capsys.readouterr().out
    assert "3 hands: 1 new, 2 duplicates" in out and ", 0 pending" in out  # (the known two: counted, not stored)
    assert stored(db_url) == [str(FIRST + i) for i in range(3)]


def _wait(url: str, key: str, limit: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if key in stored(url):
            return time.monotonic() - start
        time.sleep(0.05)
    raise AssertionError(f"hand {key} not imported within {limit} s")


@pytest.mark.slow
@pytest.mark.parametrize("poll", [False, True], ids=["notifications", "polling"])
def test_watch_takes_a_complete_summary_at_once_and_a_last_hand_once_quiet(
    db_url: str, tmp_path: Path, poll: bool
) -> None:
    if poll and not db_url.endswith(".sqlite"):
        pytest.skip("polling is exercised once, on SQLite")
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    hands = renumbered_hands(4)
    live = folder / "table.txt"
    with handlog.db.open(db_url, create=True):
        pass
    quiet = 4.0  # long enough that 'at once' (well under it) is told apart on a busy machine
    proc = subprocess.Popen(
        [sys.executable, "-m", "handlog", "watch", str(folder), "--db", db_url, "--no-allin-ev",
         "--quiet-period", str(quiet), *(["--poll"] if poll else [])],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stderr is not None
        assert "watching" in proc.stderr.readline()
        time.sleep(0.5)
        # 1. a hand whose summary is complete, no blank line after it: imported at once
        live.write_text(hands[0].rstrip("\n") + "\n", encoding="utf-8")
        assert _wait(db_url, str(FIRST), 5.0) < quiet * 0.6
        # 2. a last hand with no end at all: not before the quiet period, then without any further write
        with live.open("a", encoding="utf-8") as out:
            out.write("\n\n" + without_last_seat_line(hands[1]))
        time.sleep(quiet * 0.5)
        assert str(FIRST + 1) not in stored(db_url), "imported before the file was quiet"
        assert _wait(db_url, str(FIRST + 1), quiet + 3.0) > quiet * 0.3
        # 3. a hand still being written when watch stops: the summary says it is pending, and why
        with live.open("a", encoding="utf-8") as out:
            out.write("\n\n" + hands[2][: len(hands[2]) // 2])
        time.sleep(0.6)
        proc.send_signal(signal.SIGINT)
        out_text, err = proc.communicate(timeout=20)
        assert proc.returncode == 0, err
        assert "2 hands: 2 new" in out_text and ", 1 pending" in out_text, out_text
        assert "1 hand pending: the last hand of each file below has no end yet" in out_text
        assert str(live) in out_text
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert stored(db_url) == [str(FIRST), str(FIRST + 1)]
