"""``store.tail.new_hands`` cuts a file by blocks: the same hands as a plain read, and each hand's end a true
position in the file (the bytes and the lines before it), from which a later read goes on.

The files are real hands (the NL Hold'em cash sample with fresh ids) made larger than a block (``tail.BLOCK``), so
that blocks end inside hands, with what makes a block not plain (a CRLF tail, a cp1252 byte, a line near
``MAX_LINE``, a hand longer than ``MAX_HAND_LINES``, a blank line after every line) placed past the first block: the
cutting goes on line by line from there.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from storekit import renumbered_hands

from handlog.reading import ReadReport
from handlog.reading.reader import read_chunks
from handlog.reading.split import MAX_HAND_LINES
from handlog.store import tail
from handlog.store.tail import Position, detect, new_hands


@pytest.fixture(scope="module")
def plain() -> bytes:
    data = "".join(renumbered_hands(520)).encode("utf-8")
    assert len(data) > 2 * tail.BLOCK
    return data


def _variants(plain: bytes) -> dict[str, bytes]:
    third = plain.index(b"\n", len(plain) // 3)
    half = plain.index(b"\n", len(plain) // 2)
    hand_end = plain.index(b"\n\n\n", len(plain) // 2)
    return {
        "plain": plain,
        "no final newline": plain.rstrip(b"\n"),
        "bom": b"\xef\xbb\xbf" + plain,
        "crlf after a third": plain[:third] + plain[third:].replace(b"\n", b"\r\n"),
        "a cp1252 byte at half": plain[:half] + b" caf\xe9" + plain[half:],
        "two-byte characters": plain.replace(b"Seat 2: ", "Seat 2: é".encode(), 40),
        "a long line at half": plain[:half] + b" " + b"y" * (tail.SIMPLE_LINE + 10) + plain[half:],
        "a very long hand": plain[:hand_end] + b"\nchat line" * (MAX_HAND_LINES + 10) + plain[hand_end:],
        "spaced after a third": plain[:third] + plain[third:].replace(b"\n", b"\n\n"),
        "cr cr lf after half": plain[:half] + plain[half:].replace(b"\n", b"\r\r\n"),
    }


def _line_count(data: bytes) -> int:
    """Lines before a position (CR, LF and CRLF each end one)."""
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n")


@pytest.mark.parametrize("name", list(_variants(b"\n" * 3 * tail.BLOCK)))
def test_hands_and_positions_by_blocks(name: str, plain: bytes, tmp_path: Path) -> None:
    data = _variants(plain)[name]
    path = tmp_path / "session.txt"
    path.write_bytes(data)
    fmt, encoding = detect(path)
    assert fmt is not None
    hands = list(new_hands(path, fmt, encoding, Position(), settle=0))
    expected = [(chunk.line, chunk.lines) for _, chunk in read_chunks(path, ReadReport())]
    assert [(h.line, h.lines) for h in hands] == expected
    assert len(hands) >= 520
    for i, hand in enumerate(hands):
        end = hand.end
        before = data[: end.offset]
        if end.offset < len(data):
            assert before.endswith((b"\n", b"\r")), (i, end)  # a position between two lines
        assert _line_count(before) + (not before.endswith((b"\n", b"\r"))) == end.lines
        assert end.lines >= hand.line + len(hand.lines) - 1  # after the hand's lines
        if i + 1 < len(hands):
            assert end.lines < hands[i + 1].line  # the next hand starts after it
    for i in (1, len(hands) // 2, len(hands) - 2):  # a later read goes on from any of them
        rest = list(new_hands(path, fmt, encoding, hands[i].end, settle=0))
        assert [(h.line, h.lines, h.end) for h in rest] == [(h.line, h.lines, h.end) for h in hands[i + 1 :]]


def test_a_growing_file_gives_its_complete_hands_only(plain: bytes, tmp_path: Path) -> None:
    """Cut anywhere, as a client writing it would leave it: every hand given is one of the whole file's, with its
    position; the one being written is not given."""
    path = tmp_path / "session.txt"
    path.write_bytes(plain)
    fmt, encoding = detect(path)
    assert fmt is not None
    whole = [(h.line, h.lines, h.end) for h in new_hands(path, fmt, encoding, Position(), settle=0)]
    for cut in (tail.BLOCK - 7, tail.BLOCK + 1, len(plain) // 2, len(plain) - 5):
        path.write_bytes(plain[:cut])
        growing = [(h.line, h.lines, h.end) for h in new_hands(path, fmt, encoding, Position(), settle=3600)]
        assert growing == whole[: len(growing)]
        assert growing[-1][2].offset <= cut < whole[len(growing)][2].offset


def test_an_xml_session_format_is_known_without_importing_its_module_first() -> None:
    """``is_xml_session`` looks for the XML session class only once its module is imported: every such format's
    module imports it, so a format the registry gives is answered right either way."""
    import subprocess
    import sys

    from handlog.reading.registry import get

    script = (
        "import sys; from handlog.reading.registry import get; from handlog.store.tail import is_xml_session;"
        " print(is_xml_session(get('pokerstars')), 'handlog.formats.xmlsession' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]
    assert tail.is_xml_session(get("ipoker")) and tail.is_xml_session(get("merge"))
    assert not tail.is_xml_session(get("pokerstars"))
