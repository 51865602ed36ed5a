"""Start-up stays light: a format's reader is imported only when a file of its format is met, Lark only when a
grammar is compiled or a hand fails the fast path, and a command only imports what it runs. Detection through the
registry's declared heads (before any reader is loaded) answers exactly what the loaded readers answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import handlog.formats
from handlog.formats.headers import GrammarHead, TextHeader
from handlog.formats.textsite import TextSiteFormat
from handlog.formats.xmlsession import XmlSessionFormat
from handlog.reading import ReadReport, registry
from handlog.reading.decode import iter_lines
from handlog.reading.reader import HEAD_LINES, iter_files

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / ".." / "shared" / "corpus"
GOLDEN = ROOT / "tests" / "formats" / "golden"
STARS_HAND = GOLDEN / "cash_out_6plus.txt"

PROBE = """
import io, json, sys, contextlib
from handlog.cli.main import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(["audit", "--json", sys.argv[1]])
lines = out.getvalue().splitlines()
print(json.dumps({"code": code, "status": json.loads(lines[0])["status"], "modules": sorted(sys.modules)}))
"""


def _audit_in_a_fresh_process(path: Path, cache: Path) -> dict[str, object]:
    env = {**os.environ, "HANDLOG_CACHE_DIR": str(cache)}
    env.pop("HANDLOG_NO_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, env=env, check=True, cwd=ROOT
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_pokerstars_audit_loads_only_what_it_uses(tmp_path: Path) -> None:
    cold = _audit_in_a_fresh_process(STARS_HAND, tmp_path / "cache")  # no cached table: Lark compiles the grammar
    warm = _audit_in_a_fresh_process(STARS_HAND, tmp_path / "cache")
    assert cold["status"] == warm["status"] != "unparsed"
    assert "lark" in cold["modules"]
    modules = set(warm["modules"])  # type: ignore[arg-type]
    assert "lark" not in modules  # the table came from the cache and the hand took the fast path
    readers = {m for m in modules if m.startswith("handlog.formats.")}
    assert readers == {
        "handlog.formats.grammar", "handlog.formats.headers", "handlog.formats.pokerstars", "handlog.formats.stars",
        "handlog.formats.text",
        "handlog.formats.textsite", "handlog.formats.unknown",
    }
    # nor the XML machinery, the other commands' modules, the database's, or a pool for one batch of hands
    for unused in ("xml.sax", "defusedxml", "handlog.stats", "handlog.replayer", "handlog.db", "sqlalchemy",
                   "pandas", "platformdirs", "multiprocessing", "handlog.cli.stats_cmd"):
        assert not {m for m in modules if m == unused or m.startswith(unused + ".")}, unused


def test_a_hand_that_fails_the_fast_path_still_gets_lark(tmp_path: Path) -> None:
    lines = STARS_HAND.read_text(encoding="utf-8").splitlines()
    lines.insert(3, "Seat 9: nobody acts like this")
    broken = tmp_path / "broken.txt"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _audit_in_a_fresh_process(STARS_HAND, tmp_path / "cache")  # the cache is written
    result = _audit_in_a_fresh_process(broken, tmp_path / "cache")
    assert result["status"] == "unparsed" and result["code"] == 1
    assert "lark" in result["modules"]  # imported to explain the error


def test_every_format_is_declared_in_detection_order() -> None:
    names = [name for name, _, _ in handlog.formats.DECLARED]
    assert registry.names()[: len(names)] == names
    loaded = {fmt.name: fmt for fmt in registry.formats()}  # imports every reader
    assert set(names) <= set(loaded)
    for name, module, head in handlog.formats.DECLARED:
        fmt = loaded[name]
        assert type(fmt).__module__ == f"handlog.formats.{module}"
        if isinstance(fmt, TextSiteFormat):  # the reader's header facts are its head's, none inherited
            assert isinstance(head, GrammarHead) and type(fmt).head is head.facts
            for fact in TextHeader.__dataclass_fields__:
                assert getattr(fmt, fact) == getattr(head.facts, fact), (name, fact)
        elif isinstance(fmt, XmlSessionFormat):
            assert fmt.head is head


def _heads() -> list[list[str]]:
    files = sorted(GOLDEN.rglob("*.txt"))
    if CORPUS.is_dir():
        files += iter_files([CORPUS / "fpdb", CORPUS / "fpdb-extra", CORPUS / "phh"], ReadReport())
    heads = []
    for path in files:
        with path.open("rb") as stream:
            lines: list[str] = []
            for line in iter_lines(stream):
                if line.strip():
                    lines.append(line)
                if len(lines) >= HEAD_LINES:
                    break
        heads.append(lines)
    return heads


def test_detection_by_the_declared_heads_is_the_readers_detection() -> None:
    """What the registry answers before any reader is loaded is what the loaded readers answer, file by file."""
    order = sorted(handlog.formats.DECLARED, key=lambda d: bool(getattr(d[2], "fallback", False)))
    heads = _heads()
    assert len(heads) > 20
    detected: set[str | None] = set()
    for head in heads:
        light = next((name for name, _, h in order if h.detect(head)), None)
        full = next((name for name, _, _ in order if registry.get(name).detect(head)), None)
        assert light == full, head[:2]
        detected.add(light)
    if CORPUS.is_dir():
        assert len(detected - {None}) >= 15  # the corpus has files of nearly every room


@pytest.mark.parametrize("name", [n for n, _, _ in handlog.formats.DECLARED])
def test_a_declared_format_loads_by_name(name: str) -> None:
    fmt = registry.get(name)
    assert fmt.name == name and not isinstance(fmt, registry.Declared)


def test_the_per_class_stream_answer_is_isinstance() -> None:
    """``registry.is_stream`` (asked of every hand of a streamed document, answered once per class) answers what the
    runtime protocol's ``isinstance`` answers, for every reader."""
    formats = registry.formats()
    for fmt in formats:
        for _ in range(2):  # the first answer is computed, the second remembered
            assert registry.is_stream(fmt) == isinstance(fmt, registry.StreamFormat), fmt.name
    assert {f.name for f in formats if registry.is_stream(f)} >= {"ipoker", "merge"}
    assert not registry.is_stream(registry.get("pokerstars"))


def test_detecting_a_room_reads_no_later_rooms_grammar() -> None:
    """Detection asks the formats in order and keeps the fallbacks for last without reading every room's grammar
    to learn which is one: a PokerStars file reads PokerStars' grammar head only."""
    probe = (
        "import sys\nfrom handlog.formats.headers import grammar_head\nfrom handlog.reading import registry\n"
        "fmt = registry.detect(open(sys.argv[1], encoding='utf-8').read().splitlines()[:25])\n"
        "print(fmt.name, grammar_head.cache_info().currsize)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(STARS_HAND)], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split() == ["pokerstars", "1"]
    # and a file only the fallback reads is still found, after every other room's head was asked
    sample = (ROOT / "samples" / "other_rooms_stars_layout.txt").read_text(encoding="utf-8").splitlines()
    found = registry.detect([line for line in sample if line.strip()][:HEAD_LINES])
    assert found is not None and found.name == "stars-layout"
