"""Damaged input never raises out of ``read``/``read_text``, and every hand header still yields one record.

Real hands (the golden files) are corrupted the ways logs get corrupted: cut, lines lost, doubled or swapped,
random bytes and NULs, absurd numbers, a megabyte-long line. Seeded, so a failure is reproducible.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handlog.reading import ReadReport, read, read_text
from handlog.reading.decode import iter_lines
from handlog.reading.reader import HEAD_LINES

GOLDEN = Path(__file__).resolve().parents[1] / "formats" / "golden"
HANDS = [p.read_text(encoding="utf-8") for p in sorted(GOLDEN.glob("*.txt"))]
SESSION = "\n\n".join(HANDS)
# HEAD_LINES, the non-blank lines the reader looks at to recognise a format, is the reader's own setting
# PokerStars' layout from other rooms (handlog/formats/stars_layout.py), fuzzed the same way.
LAYOUT_SESSION = "\n\n".join(p.read_text(encoding="utf-8") for p in sorted((GOLDEN / "stars_layout").glob("*.txt")))

# Written here, apart from the reader: a header starts a line, or is glued (with its date) after other text.
START = re.compile(r"^\ufeff?PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #", re.IGNORECASE)
GLUED = re.compile(
    r"PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #[0-9]+: [^\n]* - [0-9]{4}/[0-9]{1,2}/[0-9]{1,2}", re.IGNORECASE
)
LAYOUT_START = re.compile(
    r"^(?!PokerStars )[A-Za-z][\w .'-]*? (?:Hand|Game) #[0-9]+: +(?:Tournament #[0-9]+, |Hold'em |Omaha )"
)


def count_headers(
    lines: list[str], start: re.Pattern[str] = START, glued: re.Pattern[str] | None = GLUED
) -> int | None:
    """Hand headers in these lines, or None when the file would not be recognised in that layout at all."""
    pieces: list[str] = []
    for line in lines:
        while glued and (m := glued.search(line, 1)) and ' said, "' not in line[: m.start()]:
            pieces.append(line[: m.start()])
            line = line[m.start() :]
        pieces.append(line)
    head = [p for p in pieces if p.strip()][:HEAD_LINES]
    if not any(start.match(p) for p in head):
        return None
    return sum(1 for p in pieces if start.match(p))


def check_text(text: str, layout: bool = False) -> None:
    records = read_text(text)
    expected = count_headers(text.splitlines(), LAYOUT_START, None) if layout else count_headers(text.splitlines())
    assert len(records) == (expected or 0)
    for record in records:
        assert (record.hand is None) != (record.error is None)


def check_bytes(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.txt"
    path.write_bytes(data)
    report = ReadReport()
    records = list(read([path], report))
    with path.open("rb") as stream:
        expected = count_headers(list(iter_lines(stream)))
    assert len(records) == (expected or 0)
    for record in records:
        assert (record.hand is None) != (record.error is None)


def mutate_lines(rng: random.Random, lines: list[str]) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        action = rng.choice(["delete", "duplicate", "swap", "number", "truncate_line", "nul"])
        if action == "delete":
            del lines[i]
        elif action == "duplicate":
            lines.insert(j, lines[i])
        elif action == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif action == "number":
            lines[i] = re.sub(r"[0-9]+(?:\.[0-9]+)?", lambda _: str(10**40), lines[i], count=1)
        elif action == "truncate_line":
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        else:
            k = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:k] + "\x00" + lines[i][k:]
    return lines


@pytest.mark.parametrize("seed", range(150))
def test_corrupted_lines(seed: int) -> None:
    rng = random.Random(seed)
    check_text("\n".join(mutate_lines(rng, SESSION.splitlines())))


@pytest.mark.parametrize("seed", range(60))
def test_corrupted_lines_of_other_rooms_in_pokerstars_layout(seed: int) -> None:
    rng = random.Random(seed)
    check_text("\n".join(mutate_lines(rng, LAYOUT_SESSION.splitlines())), layout=True)


@pytest.mark.parametrize("seed", range(30))
def test_truncated_anywhere(seed: int) -> None:
    rng = random.Random(seed)
    check_text(SESSION[: rng.randrange(len(SESSION))])


@pytest.mark.parametrize("seed", range(40))
def test_random_bytes(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(SESSION.encode(rng.choice(["utf-8", "cp1252", "utf-16"]), errors="replace"))
    for _ in range(rng.randint(1, 30)):
        k = rng.randrange(len(data) + 1)
        data[k:k] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    check_bytes(tmp_path, bytes(data))


def test_nul_bytes_everywhere(tmp_path: Path) -> None:
    check_bytes(tmp_path, SESSION.encode().replace(b" ", b"\x00"))
    check_bytes(tmp_path, b"\x00" * 10_000 + SESSION.encode())


def test_absurd_numbers() -> None:
    huge = str(10**40)
    header, *rest = HANDS[0].splitlines()
    body = [re.sub(r"(?<=[ $€(])[0-9]+(?:\.[0-9]+)?", huge, line) for line in rest]
    records = read_text("\n".join([header, *body]))
    assert len(records) == 1
    assert records[0].error is not None and "out of range" in records[0].error.message
    records = read_text(re.sub(r"[0-9]+", huge, HANDS[0]))  # the header too: unreadable, still one record
    assert len(records) == 1 and records[0].error is not None


def test_a_megabyte_line_inside_a_hand(tmp_path: Path) -> None:
    lines = HANDS[0].splitlines()
    lines.insert(10, "Player1: " + "x" * 1_000_000)
    text = "\n".join(lines)
    records = read_text(text)
    assert len(records) == 1 and records[0].error is not None
    check_bytes(tmp_path, text.encode())


LINES = sorted({line for hand in HANDS for line in hand.splitlines()[1:] if line.strip()})


@settings(
    max_examples=150, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.lists(st.sampled_from(LINES), max_size=40), st.sampled_from([h.splitlines()[0] for h in HANDS]))
def test_real_lines_in_random_order(body: list[str], header: str) -> None:
    check_text("\n".join([header, *body]))


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.text(max_size=400))
def test_arbitrary_text_after_a_header(text: str) -> None:
    check_text(HANDS[0].splitlines()[0] + "\n" + text)
