"""House rules ship with the package: ``handlog rules`` lists and prints them; ``--rules`` takes a bundled name."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from handlog.cli.main import main
from handlog.engine.rules_file import bundled_rules

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "rules"
LIVE = ROOT / "samples" / "live" / "holdem-de"


def test_the_four_rule_files_are_bundled_and_listed(capsys: pytest.CaptureFixture[str]) -> None:
    names = {p.stem for p in SAMPLES.glob("*.toml")}
    assert names == {"holdem-de", "holdem-fa", "five-card-draw-de", "limit-holdem-da"}
    assert set(bundled_rules()) == names
    assert main(["rules"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == sorted(names)
    assert "German Hold'em" in next(line for line in out if line.startswith("holdem-de "))


def test_one_is_printed_as_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "holdem-fa"]) == 0
    assert capsys.readouterr().out == (SAMPLES / "holdem-fa.toml").read_text(encoding="utf-8-sig")
    assert main(["rules", "nope"]) == 2
    err = capsys.readouterr().err
    assert "no bundled rules named 'nope'" in err and "holdem-de" in err


def test_rules_takes_a_bundled_name_or_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--rules", str(SAMPLES / "holdem-de.toml"), str(LIVE)]) == 1
    by_file = capsys.readouterr().out
    assert "raise-not-reopened" in by_file  # the German rule: a short all-in does not reopen the betting
    assert main(["audit", "--rules", "holdem-de", str(LIVE)]) == 1
    assert capsys.readouterr().out == by_file
    main(["audit", str(LIVE)])
    assert "raise-not-reopened" not in capsys.readouterr().out  # the site's default rules do not have it
    assert main(["audit", "--rules", "no-such-house", str(LIVE)]) == 2
    assert "bundled rules: five-card-draw-de, holdem-de" in capsys.readouterr().err


def test_help_names_what_is_installed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "samples/rules" not in out
    assert "holdem-de, holdem-fa" in out and "handlog rules" in out


def test_the_wheel_takes_the_rule_files_as_package_data() -> None:
    """pyproject's wheel build puts samples/rules at handlog/rules, where ``bundled_rules`` looks first."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include["samples/rules"] == "handlog/rules"
