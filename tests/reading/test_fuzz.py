"""Damaged input never raises out of ``read``/``read_text``, and every hand header still yields one record.

Real hands (each site's golden files) are corrupted the ways logs get corrupted: cut, lines lost, doubled or
swapped, random bytes and NULs, absurd numbers, a megabyte-long line. Seeded, so a failure is reproducible.
Every site is fuzzed on its own (a file holds one site's hands).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handlog.reading import ReadReport, read, read_text
from handlog.reading.decode import iter_lines
from handlog.reading.reader import HEAD_LINES

FORMATS = Path(__file__).resolve().parents[1] / "formats"
# HEAD_LINES, the non-blank lines the reader looks at to recognise a format, is the reader's own setting


@dataclass(frozen=True)
class Site:
    """A site's golden hands and, written here apart from the reader, how its hand headers look: a header starts
    a line (``start``), or is glued with its date after other text (``glued``, for sites whose logs get glued)."""

    golden: str
    start: re.Pattern[str]
    glued: re.Pattern[str] | None = None

    @property
    def hands(self) -> list[str]:
        return [p.read_text(encoding="utf-8") for p in sorted((FORMATS / self.golden).glob("*.txt"))]

    @property
    def session(self) -> str:
        return "\n\n".join(self.hands)


SITES = {
    "pokerstars": Site(
        "golden",
        re.compile(r"^\ufeff?PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #", re.IGNORECASE),
        re.compile(
            r"PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #[0-9]+: [^\n]* - [0-9]{4}/[0-9]{1,2}/[0-9]{1,2}",
            re.IGNORECASE,
        ),
    ),
    "ggpoker": Site("golden_ggpoker", re.compile(r"^\ufeff?Poker Hand #[A-Z]{0,4}[0-9]+: ")),
    "winamax": Site("golden_winamax", re.compile(r"^\ufeff?Winamax Poker - ")),
    "bovada": Site(
        "golden/bovada",
        re.compile(r"^\ufeff?(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?) Hand #[0-9]+"),
        re.compile(r"(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?) Hand #[0-9]+:? "),
    ),
    # Everleaf and its skins: the header is a line of its own ("- - Grand Poker - Game #15649156")
    "everleaf": Site(
        "golden/everleaf", re.compile(r"^\ufeff?(?:Everleaf Gaming(?: - [^\n]*? -)?|- - [^\n]*? -) Game #[0-9]+[ \t]*$")
    ),
    # PokerStars' layout from other rooms (handlog/formats/stars_layout.py)
    "stars_layout": Site(
        "golden/stars_layout",
        re.compile(
            r"^(?!PokerStars )[A-Za-z][\w .'-]*? (?:Hand|Game) #[0-9]+: +(?:Tournament #[0-9]+, |Hold'em |Omaha )"
        ),
    ),
}
NAMES = sorted(SITES)
SITE = SITES["pokerstars"]
HANDS = SITE.hands
SESSION = SITE.session


def count_headers(lines: list[str], site: Site = SITE) -> int | None:
    """Hand headers in these lines, or None when the file would not be recognised as the site's at all."""
    pieces: list[str] = []
    for line in lines:
        while site.glued and (m := site.glued.search(line, 1)) and ' said, "' not in line[: m.start()]:
            pieces.append(line[: m.start()])
            line = line[m.start() :]
        pieces.append(line)
    head = [p for p in pieces if p.strip()][:HEAD_LINES]
    if not any(site.start.match(p) for p in head):
        return None
    return sum(1 for p in pieces if site.start.match(p))


def check_text(text: str, site: Site = SITE) -> None:
    records = read_text(text)
    expected = count_headers(text.splitlines(), site)
    assert len(records) == (expected or 0)
    for record in records:
        assert (record.hand is None) != (record.error is None)


def check_bytes(tmp_path: Path, data: bytes, site: Site = SITE) -> None:
    path = tmp_path / "fuzz.txt"
    path.write_bytes(data)
    report = ReadReport()
    records = list(read([path], report))
    with path.open("rb") as stream:
        expected = count_headers(list(iter_lines(stream)), site)
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


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(150))
def test_corrupted_lines(name: str, seed: int) -> None:
    rng = random.Random(seed)
    site = SITES[name]
    check_text("\n".join(mutate_lines(rng, site.session.splitlines())), site)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(30))
def test_truncated_anywhere(name: str, seed: int) -> None:
    rng = random.Random(seed)
    session = SITES[name].session
    check_text(session[: rng.randrange(len(session))], SITES[name])


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(40))
def test_random_bytes(tmp_path: Path, name: str, seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(SITES[name].session.encode(rng.choice(["utf-8", "cp1252", "utf-16"]), errors="replace"))
    for _ in range(rng.randint(1, 30)):
        k = rng.randrange(len(data) + 1)
        data[k:k] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    check_bytes(tmp_path, bytes(data), SITES[name])


@pytest.mark.parametrize("name", NAMES)
def test_nul_bytes_everywhere(tmp_path: Path, name: str) -> None:
    session = SITES[name].session
    check_bytes(tmp_path, session.encode().replace(b" ", b"\x00"), SITES[name])
    check_bytes(tmp_path, b"\x00" * 10_000 + session.encode(), SITES[name])


@pytest.mark.parametrize("name", NAMES)
def test_absurd_numbers(name: str) -> None:
    huge = str(10**40)
    first = SITES[name].hands[0]
    header, *rest = first.splitlines()
    body = [re.sub(r"(?<=[ $€(])[0-9]+(?:\.[0-9]+)?", huge, line) for line in rest]
    records = read_text("\n".join([header, *body]))
    assert len(records) == 1
    assert records[0].error is not None and "out of range" in records[0].error.message
    records = read_text(re.sub(r"[0-9]+", huge, first))  # the header too: unreadable, still one record
    assert len(records) == 1 and records[0].error is not None


@pytest.mark.parametrize("name", NAMES)
def test_a_megabyte_line_inside_a_hand(tmp_path: Path, name: str) -> None:
    lines = SITES[name].hands[0].splitlines()
    lines.insert(10, "Player1: " + "x" * 1_000_000)
    text = "\n".join(lines)
    records = read_text(text)
    assert len(records) == 1 and records[0].error is not None
    check_bytes(tmp_path, text.encode(), SITES[name])


LINES = sorted({line for hand in HANDS for line in hand.splitlines()[1:] if line.strip()})
OTHERS = [name for name in NAMES if name != "pokerstars"]
OTHER_LINES = {
    name: sorted({line for hand in SITES[name].hands for line in hand.splitlines()[1:] if line.strip()})
    for name in OTHERS
}


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


@pytest.mark.parametrize("name", OTHERS)
@settings(
    max_examples=100, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_other_sites_lines_in_random_order(name: str, data: st.DataObject) -> None:
    site = SITES[name]
    body = data.draw(st.lists(st.sampled_from(OTHER_LINES[name]), max_size=40))
    header = data.draw(st.sampled_from([h.splitlines()[0] for h in site.hands]))
    check_text("\n".join([header, *body]), site)


@pytest.mark.parametrize("name", OTHERS)
@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(text=st.text(max_size=400))
def test_arbitrary_text_after_another_sites_header(name: str, text: str) -> None:
    site = SITES[name]
    check_text(site.hands[0].splitlines()[0] + "\n" + text, site)
