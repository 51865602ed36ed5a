"""The fuzz test of ``test_fuzz`` over the XML rooms: one iPoker session made of its golden hands (``golden_ipoker``)
and one Merge file of its golden hands (``golden_merge``), damaged line by line, cut anywhere, sprinkled with bytes,
attributes and markup. A damaged document never raises out of ``read()``: each hand element read is one record
(parsed or unparsed, never both), and a document that breaks off costs one more record, which says where."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import mutate_lines

from handlog.formats.xmlsession import XmlSessionFormat
from handlog.reading import HandRecord, ReadReport, read, read_text, registry
from handlog.reading.reader import HEAD_LINES, parse_chunk
from handlog.reading.split import split_hands

GOLDEN = Path(__file__).resolve().parents[1] / "formats" / "golden_ipoker"
_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(GOLDEN.glob("*.txt"))]
_GAME = re.compile(r"<game gamecode=.*?</game>", re.DOTALL)
SESSION = (
    _TEXTS[0][: _TEXTS[0].index("<game ")]
    + "\n".join(m.group(0) for text in _TEXTS for m in _GAME.finditer(text))
    + "\n</session>\n"
)
MERGE = "\n".join(p.read_text(encoding="utf-8") for p in sorted(GOLDEN.with_name("golden_merge").glob("*.txt")))
FILES = {"ipoker": SESSION, "merge": MERGE}
GAMES = len(_GAME.findall(SESSION))


def check(records: list[HandRecord], text: str) -> None:
    """At most one record per hand element plus one for a document that breaks off; each parsed or not."""
    assert len(records) <= text.count("<game") + 1
    for record in records:
        assert (record.hand is None) != (record.error is None)
        if record.error is not None:
            assert record.error.line >= 1 and record.error.message
            assert "internal error" not in record.error.message, record.error.message


def check_text(text: str) -> list[HandRecord]:
    records = read_text(text)
    check(records, text)
    return records


def test_the_golden_session_is_read_whole() -> None:
    records = check_text(SESSION)
    assert len(records) == GAMES >= 8
    assert all(r.hand is not None for r in records)
    merge = check_text(MERGE)
    assert len(merge) == MERGE.count("<game ") >= 6 and all(r.hand is not None for r in merge)


@pytest.mark.parametrize("room", sorted(FILES))
@pytest.mark.parametrize("seed", range(60))
def test_corrupted_lines(room: str, seed: int) -> None:
    rng = random.Random(seed)
    check_text("\n".join(mutate_lines(rng, FILES[room].splitlines())))


@pytest.mark.parametrize("room", sorted(FILES))
@pytest.mark.parametrize("seed", range(25))
def test_truncated_anywhere(room: str, seed: int) -> None:
    """Cut anywhere: the hands whose element closed before the cut are all read."""
    rng = random.Random(seed)
    cut = rng.randrange(len(FILES[room]))
    text = FILES[room][:cut]
    records = check_text(text)
    closed = text.count("</game>")
    assert sum(1 for r in records if r.hand is not None) >= closed - (1 if text.endswith("</game") else 0)


MARKUP = [
    "<", ">", "&", "&bogus;", "&#0;", "<!--", "]]>", "<!DOCTYPE x [<!ENTITY a 'b'>]>", '"', "</round>", "<game>",
    'sum="x"', 'no="-1"', 'type="99"', 'player="nobody"', 'player="77"', 'amount="-5"', 'cards="Zz,null"',
    'uncalled="true"', '<event sequence="1" type="RAISE" player="0" amount="9e9"/>',
    "<cards type=\"Flop\" player=\"\">ZZ YY</cards>",
    '<action no="99" player="Hero" type="23" sum="$1e999"/>', "\x00", "\ufffd",
]


@pytest.mark.parametrize("room", sorted(FILES))
@pytest.mark.parametrize("seed", range(60))
def test_markup_and_attributes_spliced_in(room: str, seed: int) -> None:
    rng = random.Random(seed)
    text = FILES[room]
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(len(text) + 1)
        text = text[:k] + rng.choice(MARKUP) + text[k:]
    check_text(text)


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes_in_the_file(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(SESSION.encode("utf-8"))
    for _ in range(rng.randint(1, 30)):
        k = rng.randrange(len(data) + 1)
        data[k:k] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    path = tmp_path / "fuzz.xml"
    path.write_bytes(bytes(data))
    report = ReadReport()
    records = list(read([path], report))
    check(records, bytes(data).decode("utf-8", errors="replace"))


@settings(max_examples=100, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(FILES)), st.text(max_size=300), st.integers(min_value=0))
def test_arbitrary_text_anywhere(room: str, noise: str, where: int) -> None:
    k = where % (len(FILES[room]) + 1)
    check_text(FILES[room][:k] + noise + FILES[room][k:])


def check_stored(text: str) -> None:
    """Each hand (or break-off) of a damaged document, written as the database stores it and read again, is the
    same record: the same hand, or the same error at the same line."""
    lines = text.splitlines()
    fmt = registry.detect([ln for ln in lines[:200] if ln.strip()][:HEAD_LINES])
    if not isinstance(fmt, XmlSessionFormat):
        return
    for chunk in split_hands(lines, fmt):
        direct = parse_chunk(fmt, "f", chunk.line, chunk.lines, chunk.document)
        again = parse_chunk(fmt, "f", chunk.line, fmt.stored_lines(chunk.document))
        assert (again.hand_id, again.hand) == (direct.hand_id, direct.hand)
        assert (again.error is None) == (direct.error is None)
        if direct.error is not None and again.error is not None:
            assert (again.error.line, again.error.message) == (direct.error.line, direct.error.message)


@pytest.mark.parametrize("room", sorted(FILES))
@pytest.mark.parametrize("seed", range(30))
def test_damaged_hands_read_back_the_same_from_their_stored_form(room: str, seed: int) -> None:
    rng = random.Random(seed)
    text = FILES[room]
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(len(text) + 1)
        text = text[:k] + rng.choice([*MARKUP, "\t", "\r", "é", "&amp;", "&quot;", "'"]) + text[k:]
    check_stored(text)
    check_stored("\n".join(mutate_lines(rng, FILES[room].splitlines())))
    check_stored(FILES[room][: rng.randrange(len(FILES[room]))])


def test_deeply_nested_junk_inside_a_hand_is_stored_and_read_back() -> None:
    """Elements nested deeper than Python's recursion limit inside a hand: read, stored and read back alike."""
    at = MERGE.index("</game>")
    text = MERGE[:at] + "<x>" * 3000 + "</x>" * 3000 + MERGE[at:]
    check_text(text)
    check_stored(text)
