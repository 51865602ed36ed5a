"""The fuzz test of ``test_fuzz`` over the golden hands of the other sites (Full Tilt, Winning, PartyPoker, 888,
Cake, OnGame, PKR, and OnGame 2014, Entraction, WePlay, CoinPoker, PPPoker):
damaged logs never raise out of the reader, and every hand header still yields exactly one record (parsed or
unparsed, never both)."""

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

GOLDEN = Path(__file__).resolve().parents[1] / "formats" / "golden"
HEAD_LINES = 25

# Written here, apart from the readers: where a hand of each layout starts (and the golden folder it is in).
STARTS = {
    "fulltilt": re.compile(r"^\ufeff?Full ?Tilt ?Poker Game #"),
    "winning": re.compile(r"^\ufeff?(?:Game )?Hand #[0-9]+ - "),
    "winning_2015": re.compile(r"^\ufeff?Game started at: "),
    "partypoker": re.compile(r"^\x00?\*{5} Hand History [Ff]or Game "),
    "pacific": re.compile(r"^\ufeff?\*{5} (?!Hand History)[^\n]*?Hand History [Ff]or Game [0-9]+ \*{5}"),
    "cake": re.compile(r"^\ufeff?Hand#[0-9]+ - "),
    "ongame": re.compile(r"^\ufeff?\*{5} History for hand [A-Z0-9-]+ \*{5}"),
    "pkr": re.compile(r"^\ufeff?Table #[0-9]+ - "),
    "ongame_2014": re.compile(r"^\ufeff?\*{5} History for hand [A-Z0-9-]+(?: \(TOURNAMENT: [^\n]*\))? \*{5}"),
    "entraction": re.compile(r"^\ufeff?Game # [0-9]+ - "),
    "weplay": re.compile(r"^\ufeff?Weplay Hand #[0-9]+: "),
    "coinpoker": re.compile(r"^\ufeff?CoinPoker Hand #[0-9]+: "),
    "pppoker": re.compile(r"^\ufeff?PPPoker Hand #[0-9]+: "),
}
FOLDERS = {
    "fulltilt": "fulltilt", "winning": "winning", "winning_2015": "winning", "partypoker": "partypoker",
    "pacific": "pacific", "cake": "cake", "ongame": "ongame", "pkr": "pkr", "ongame_2014": "ongame_2014",
    "entraction": "entraction", "weplay": "weplay", "coinpoker": "coinpoker", "pppoker": "pppoker",
}
# Golden hands a session holds at least: the rooms whose corpus has only a hand or two have fewer.
MINIMUM = {"cake": 2, "ongame": 1, "pkr": 1, "ongame_2014": 3, "entraction": 2, "weplay": 2, "coinpoker": 2,
           "pppoker": 1}
HANDS = {
    layout: [
        text for p in sorted((GOLDEN / FOLDERS[layout]).glob("*.txt"))
        if STARTS[layout].match(text := p.read_text(encoding="utf-8"))
    ]
    for layout in STARTS
}
SESSIONS = {site: "\n\n".join(hands) for site, hands in HANDS.items()}
SITES = sorted(STARTS)


def count_headers(site: str, lines: list[str]) -> int:
    """Hand headers in these lines (0 when the file's first lines hold none: not recognised at all)."""
    start = STARTS[site]
    head = [line for line in lines if line.strip()][:HEAD_LINES]
    if not any(start.match(line) for line in head):
        return 0
    return sum(1 for line in lines if start.match(line))


def check_text(site: str, text: str) -> None:
    records = read_text(text)
    assert len(records) == count_headers(site, text.splitlines())
    for record in records:
        assert (record.hand is None) != (record.error is None)


@pytest.mark.parametrize("site", SITES)
def test_the_golden_session_is_read_whole(site: str) -> None:
    records = read_text(SESSIONS[site])
    assert len(records) == len(HANDS[site]) >= MINIMUM.get(site, 5)
    assert all(r.hand is not None for r in records)


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("seed", range(60))
def test_corrupted_lines(site: str, seed: int) -> None:
    rng = random.Random(seed)
    check_text(site, "\n".join(mutate_lines(rng, SESSIONS[site].splitlines())))


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("seed", range(15))
def test_truncated_anywhere(site: str, seed: int) -> None:
    rng = random.Random(seed)
    check_text(site, SESSIONS[site][: rng.randrange(len(SESSIONS[site]))])


@pytest.mark.parametrize("site", [s for s in SITES if s not in ("partypoker", "pacific")])  # UTF-16 writers
@pytest.mark.parametrize("seed", range(15))
def test_random_bytes_in_utf16(tmp_path: Path, site: str, seed: int) -> None:
    """Full Tilt and Winning wrote UTF-16 archives: damaged ones are decoded, cut and read like the others."""
    rng = random.Random(seed)
    data = bytearray(SESSIONS[site].replace("\n", "\r\n").encode("utf-16"))
    for _ in range(rng.randint(1, 30)):
        k = rng.randrange(len(data) + 1)
        data[k:k] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    path = tmp_path / "fuzz.txt"
    path.write_bytes(bytes(data))
    records = list(read([path], ReadReport()))
    with path.open("rb") as stream:
        assert len(records) == count_headers(site, list(iter_lines(stream)))
    for record in records:
        assert (record.hand is None) != (record.error is None)


LINES = {
    site: sorted({line for hand in hands for line in hand.splitlines()[1:] if line.strip()})
    for site, hands in HANDS.items()
}


@settings(
    max_examples=100, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.data())
def test_real_lines_in_random_order(data: st.DataObject) -> None:
    site = data.draw(st.sampled_from(SITES))
    body = data.draw(st.lists(st.sampled_from(LINES[site]), max_size=40))
    header = data.draw(st.sampled_from([h.splitlines()[0] for h in HANDS[site]]))
    check_text(site, "\n".join([header, *body]))


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(st.sampled_from(SITES), st.text(max_size=400))
def test_arbitrary_text_after_a_header(site: str, text: str) -> None:
    check_text(site, HANDS[site][0].splitlines()[0] + "\n" + text)
