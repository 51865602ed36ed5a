"""One behaviour for no input: every command that reads hands, given an empty folder or only files in no known
format, says "no hand found in PATH" on stderr (naming the files no reader recognised) and exits 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from handlog.cli.main import main

COMMANDS = {
    "parse": ["parse"],
    "parse --json": ["parse", "--json"],
    "audit": ["audit"],
    "audit --json": ["audit", "--json"],
    "stats": ["stats"],
    "stats --per-hand": ["stats", "--per-hand", "--format", "csv"],
    "graph": ["graph", "--player", "Hero", "-o", "{tmp}/g.png"],
    "replay": ["replay"],
    "replay --all": ["replay", "--all"],
    "replay --html": ["replay", "--all", "--html", "{tmp}/r.html"],
    "convert": ["convert", "--to", "phh", "--output", "{tmp}/conv"],
    "import": ["import", "--db", "{tmp}/h.sqlite"],
    "anonymize": ["anonymize", "--output", "{tmp}/anon"],
}


def _argv(name: str, tmp: Path, folder: Path) -> list[str]:
    return [a.replace("{tmp}", str(tmp)) for a in COMMANDS[name]] + [str(folder)]


@pytest.mark.parametrize("name", COMMANDS)
def test_an_empty_folder(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    assert main(_argv(name, tmp_path, folder)) == 1
    err = capsys.readouterr().err
    assert f"no hand found in {folder}" in err


@pytest.mark.parametrize("name", COMMANDS)
def test_only_unrecognised_files(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "shopping.txt").write_text("eggs\nmilk\n", encoding="utf-8")
    (folder / "notes.txt").write_text("Alice owes Bob 20\n", encoding="utf-8")
    assert main(_argv(name, tmp_path, folder)) == 1
    err = capsys.readouterr().err
    line = next((ln for ln in err.splitlines() if f"no hand found in {folder} (" in ln), "")
    assert line, err
    assert "shopping.txt" in line and "notes.txt" in line  # the files no reader recognised, named
    assert not (tmp_path / "anon").exists() or not any((tmp_path / "anon").rglob("*.txt"))


def test_a_path_that_is_not_there_stays_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(tmp_path / "nowhere")]) == 2
    assert "no such file" in capsys.readouterr().err
