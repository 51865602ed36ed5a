"""``handlog anonymize`` over the shared corpus: no name any reader found survives in any output file.

The names: every seat and every player an event names (chat speakers among them), and every entrant a
tournament summary lists (``handlog.formats.summaries``).

One run anonymises the files of ../shared/corpus (``LEFT_OUT`` aside; a module-scoped fixture: the corpus is read
once by the run and once here); the test's own reading of the corpus lists the names (every seat, every player an
event names: chat speakers, joins, notices), and every output byte and output path is searched for each of them
in UTF-8, cp1252, UTF-16-LE and UTF-16-BE.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from corpus_cache import CORPUS, read_cached

from handlog.anonymize import Anonymizer, Outcome, _trie_bytes, _trie_text
from handlog.formats.summaries import is_summary_file, summary_names
from handlog.reading import ReadReport
from handlog.reading.reader import iter_files

pytestmark = pytest.mark.slow  # corpus-wide: `pytest -m "not slow"` leaves it out

corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not there")

LABELS = re.compile(r"(?:[Ss]eat [0-9]+|Dealer|Small Blind|Big Blind|UTG(?:\+[0-9]|plus[0-9])?)\Z")
"""What anonymous tables print instead of a name (Bovada's "Seat 3: Dealer", "Big Blind"): nobody's name."""


LEFT_OUT = ("pokerstars", "ggpoker")
"""Folders of ``fresh/`` the run leaves out to keep the suite short: half the corpus's hands, of two rooms whose
layouts ``fpdb/`` holds too."""


def _roots() -> list[Path]:
    """What the run anonymises: every file and folder of the corpus, those of ``LEFT_OUT`` aside."""
    fresh = CORPUS / "fresh"
    return [*(p for p in sorted(CORPUS.iterdir()) if p != fresh),
            *(p for p in sorted(fresh.iterdir()) if p.name not in LEFT_OUT)]


@dataclass
class Run:
    out: Path
    outcomes: list[Outcome]
    names: set[str]
    names_by_file: dict[Path, set[str]]
    files_with_hands: set[Path]
    files_all_parsed: set[Path]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    by_file: dict[Path, set[str]] = {}
    with_hands: set[Path] = set()
    unparsed: set[Path] = set()
    roots = _roots()
    for record in read_cached(roots, ReadReport()):
        path = Path(record.file)
        with_hands.add(path)
        if record.hand is None:
            unparsed.add(path)
            continue
        players = {s.player for s in record.hand.seats}
        players |= {p for e in record.hand.events if isinstance(p := getattr(e, "player", None), str)}
        if path.suffix == ".phh" or path.suffix == ".phhs":  # a PHH hand without `players`: p1, p2 … are seats
            players -= {f"p{s.seat}" for s in record.hand.seats}
        by_file.setdefault(path, set()).update(p for p in players if p and not LABELS.match(p))
    for path in iter_files(roots, ReadReport()):  # tournament summaries: every entrant they list
        if is_summary_file(path):
            listed, read_summaries, unread = summary_names(path)
            by_file.setdefault(path, set()).update(listed)
            if read_summaries:
                with_hands.add(path)
            if unread:
                unparsed.add(path)
    out = tmp_path_factory.mktemp("anon")
    outcomes, _ = Anonymizer(out, salt="corpus").run(roots, jobs=2)  # the two cores of CI
    names = set().union(*by_file.values())
    return Run(out, outcomes, names, by_file, with_hands, with_hands - unparsed)


def _spellings(name: str) -> set[bytes]:
    out = set()
    for codec in ("utf-8", "cp1252", "utf-16-le", "utf-16-be"):
        try:
            out.add(name.encode(codec))
        except UnicodeEncodeError:
            continue
    return out


@corpus
def test_no_name_a_reader_found_in_a_file_is_in_its_output(run: Run) -> None:
    """Each written file holds none of the names the reading found in its source, and no output path holds any
    name of the whole run. (A name of another file may be a word of this log: "Hold" of "Hold'em".)"""
    assert len(run.names) > 10_000  # the corpus names tens of thousands of players: the reading found them
    written = [o for o in run.outcomes if o.target is not None]
    assert len(written) > 900  # measured: 928 of 967 (of the whole corpus 1,057 of 1,100; 697 when every name of the
    # run was replaced in every file)
    assert {p for p in run.out.rglob("*") if p.is_file()} == {o.target for o in written}
    everyone = re.compile(_trie_bytes({s for name in run.names for s in _spellings(name)}))
    for outcome in written:
        assert outcome.target is not None
        own = run.names_by_file.get(outcome.source, set())
        pattern = re.compile(_trie_bytes({s for name in own for s in _spellings(name)}))
        found = pattern.search(outcome.target.read_bytes())
        assert found is None, (outcome.source, found.group(0))
        rel = str(outcome.target.relative_to(run.out))
        found_in_name = everyone.search(rel.encode("utf-8"))
        assert found_in_name is None, (rel, found_in_name.group(0))


@corpus
def test_only_files_whose_hands_all_read_are_written(run: Run) -> None:
    written = {o.source for o in run.outcomes if o.target is not None}
    left_out = {o.source for o in run.outcomes if o.target is None}
    assert written <= run.files_all_parsed
    assert not any(o.copied_unknown for o in run.outcomes)
    # a file no reader read (an unknown format, a summary the summary reader cannot read) is left out
    assert {o.source for o in run.outcomes if o.source not in run.files_with_hands} <= left_out
    summaries = {o.source for o in run.outcomes if is_summary_file(o.source)}
    assert summaries & written  # tournament summaries are read, so their entrants are known and replaced
    assert all(o.error for o in run.outcomes if o.target is None)
    # the files left out although every hand in them was read: each is refused for a named reason (most because
    # a name of the run, often a summary's entrant, is also the log's own text somewhere in them)
    refused = [o for o in run.outcomes if o.target is None and o.source in run.files_all_parsed]
    assert all(o.error and "not written" in o.error for o in refused)


def test_the_trie_pattern_matches_as_the_plain_alternation_does() -> None:
    """The run's one pattern (a trie) finds, at each position, the longest name there, as an alternation of the
    names sorted longest first does; for text and for bytes."""
    words = ["Ann", "Anna", "An", "Bob", "a.b", "Zoë", "x", "xyz", "xy", "(x)", "A n"]
    plain = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))
    trie = re.compile(_trie_text(words))
    plain_b = re.compile(b"|".join(re.escape(w.encode()) for w in sorted(words, key=len, reverse=True)))
    trie_b = re.compile(_trie_bytes(w.encode() for w in words))
    rnd = random.Random(29)
    for _ in range(3000):
        text = "".join(rnd.choice("AnabBo.xyzë ()") for _ in range(30))
        assert trie.findall(text) == plain.findall(text), text
        assert trie_b.findall(text.encode()) == plain_b.findall(text.encode()), text
    assert re.compile(_trie_text([])).search("anything") is None
