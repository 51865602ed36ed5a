"""The fuzz test of ``test_fuzz`` over Full Tilt's golden hands: damaged Full Tilt logs never raise out of the
reader, and every Full Tilt hand header still yields exactly one record (parsed or unparsed, never both)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import mutate_lines

from handlog.reading import ReadReport, read, read_text
from handlog.reading.decode import iter_lines

GOLDEN = Path(__file__).resolve().parents[1] / "formats" / "golden" / "fulltilt"
HANDS = [p.read_text(encoding="utf-8") for p in sorted(GOLDEN.glob("*.txt"))]
SESSION = "\n\n".join(HANDS)
HEAD_LINES = 25

# Written here, apart from the reader: a Full Tilt header starts a line.
START = re.compile(r"^\ufeff?Full ?Tilt ?Poker Game #")


def count_headers(lines: list[str]) -> int:
    """Hand headers in these lines (0 when the file's first lines hold none: not recognised as Full Tilt)."""
    head = [line for line in lines if line.strip()][:HEAD_LINES]
    if not any(START.match(line) for line in head):
        return 0
    return sum(1 for line in lines if START.match(line))


def check_text(text: str) -> None:
    records = read_text(text)
    assert len(records) == count_headers(text.splitlines())
    for record in records:
        assert (record.hand is None) != (record.error is None)


def test_the_golden_session_is_read_whole() -> None:
    records = read_text(SESSION)
    assert len(records) == len(HANDS) >= 12
    assert all(r.hand is not None for r in records)


@pytest.mark.parametrize("seed", range(100))
def test_corrupted_lines(seed: int) -> None:
    rng = random.Random(seed)
    check_text("\n".join(mutate_lines(rng, SESSION.splitlines())))


@pytest.mark.parametrize("seed", range(20))
def test_truncated_anywhere(seed: int) -> None:
    rng = random.Random(seed)
    check_text(SESSION[: rng.randrange(len(SESSION))])


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes_in_utf16(tmp_path: Path, seed: int) -> None:
    """Full Tilt wrote UTF-16 archives: damaged ones are decoded, cut and read like the others."""
    rng = random.Random(seed)
    data = bytearray(SESSION.replace("\n", "\r\n").encode("utf-16"))
    for _ in range(rng.randint(1, 30)):
        k = rng.randrange(len(data) + 1)
        data[k:k] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    path = tmp_path / "fuzz.txt"
    path.write_bytes(bytes(data))
    records = list(read([path], ReadReport()))
    with path.open("rb") as stream:
        assert len(records) == count_headers(list(iter_lines(stream)))
    for record in records:
        assert (record.hand is None) != (record.error is None)


LINES = sorted({line for hand in HANDS for line in hand.splitlines()[1:] if line.strip()})


@settings(
    max_examples=150, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.lists(st.sampled_from(LINES), max_size=40), st.sampled_from([h.splitlines()[0] for h in HANDS]))
def test_real_lines_in_random_order(body: list[str], header: str) -> None:
    check_text("\n".join([header, *body]))


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(st.text(max_size=400))
def test_arbitrary_text_after_a_header(text: str) -> None:
    check_text(HANDS[0].splitlines()[0] + "\n" + text)
