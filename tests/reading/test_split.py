"""Cutting a stream of lines into hands: one chunk per header, whatever lies between them."""

from __future__ import annotations

from pathlib import Path

from handlog.audit import audit
from handlog.formats.pokerstars import PokerStarsFormat
from handlog.reading import ReadReport, iter_text, read, read_text
from handlog.reading.split import SplitStats, split_hands

FMT = PokerStarsFormat()
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def hand(number: int) -> list[str]:
    return f"""PokerStars Hand #{number}:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Alice: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Alice: folds
Uncalled bet ($0.05) returned to Hero
Hero collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Hero (big blind) collected ($0.10)
Seat 2: Alice (small blind) folded before Flop""".splitlines()


def test_hands_separated_by_runs_of_blank_lines() -> None:
    lines = ["", "", *hand(1), *[""] * 5, *hand(2), "", "   ", "\t", *hand(3), ""]
    chunks = list(split_hands(lines, FMT))
    assert [c.line for c in chunks] == [3, 22, 39]
    assert all(len(c.lines) == 14 for c in chunks)
    records = read_text("\n".join(lines))
    assert [r.hand_id for r in records if r.hand is not None] == ["1", "2", "3"]


def test_junk_between_hands_is_counted_not_parsed() -> None:
    lines = ["some preamble", *hand(1), "", "junk line", "more junk", "", *hand(2)]
    stats = SplitStats()
    chunks = list(split_hands(lines, FMT, stats))
    assert len(chunks) == 2
    assert stats.junk_lines == 3
    assert stats.first_junk_line == 1
    assert stats.junk_samples[1] == (17, "junk line")


def test_truncated_last_hand_is_one_unparsed_record() -> None:
    lines = [*hand(1), "", *hand(2)[:8]]
    records = read_text("\n".join(lines))
    assert [(r.hand_id, r.status) for r in records] == [("1", "parsed"), ("2", "unparsed")]
    assert records[1].error is not None and "too early" in records[1].error.message


def test_repeated_header_gives_two_records() -> None:
    lines = [*hand(1)[:1], *hand(1)]
    records = read_text("\n".join(lines))
    assert [(r.hand_id, r.line, r.status) for r in records] == [("1", 1, "unparsed"), ("1", 2, "parsed")]


def test_header_glued_to_the_middle_of_a_line() -> None:
    first = hand(1)
    lines = [*first[:9], "Hero collected $0.1" + hand(2)[0], *hand(2)[1:]]
    records = read_text("\n".join(lines))
    assert [(r.hand_id, r.line, r.status) for r in records] == [("1", 1, "unparsed"), ("2", 10, "parsed")]
    assert records[0].error is not None and records[0].error.text == "Hero collected $0.1"


def test_a_hand_without_summary_ends_at_the_next_header() -> None:
    lines = [*hand(1)[:10], *hand(2)]
    chunks = list(split_hands(lines, FMT))
    assert [len(c.lines) for c in chunks] == [10, 14]


def test_a_file_with_leading_blank_lines_and_bom_is_detected(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(b"\xef\xbb\xbf\n\n\n" + "\n".join(hand(7)).encode())
    report = ReadReport()
    records = list(read([path], report))
    assert [r.hand_id for r in records if r.hand] == ["7"] and report.problems == []


def test_a_file_in_no_known_format(tmp_path: Path) -> None:
    path = tmp_path / "other.txt"
    path.write_text("Game 1 at the Casino Royale, Hold'em, 1/2\nSeat 1 Bond 100\n")
    report = ReadReport()
    assert list(read([path], report)) == []
    assert [p.message for p in report.problems] == ["not a hand history in any known format"]
    assert report.files == 1


def test_a_file_with_a_preamble_is_detected(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_text("\n".join([*(f"exported by some tool, line {i}" for i in range(10)), *hand(8)]))
    report = ReadReport()
    records = list(read([path], report))
    assert [r.hand_id for r in records if r.hand] == ["8"]
    assert report.junk_lines == 10


def test_an_upper_case_header_is_detected() -> None:
    lines = hand(9)
    lines[0] = "POKERSTARS GAME #9:  HOLD'EM NO LIMIT ($0.05/$0.10) - 2007/11/11 - 13:27:23 (ET)"
    records = read_text("\n".join(lines))
    assert [(r.hand_id, r.status) for r in records] == [("9", "parsed")]


def test_iter_text_streams_the_records_read_text_lists() -> None:
    lines = [*hand(1), "", *hand(2)[:8], "", *hand(3)]
    text = "\n".join(lines)
    stream = iter_text(text)
    first = next(stream)  # a generator: the first hand comes before the others are parsed
    assert (first.hand_id, first.status) == ("1", "parsed")
    rest = list(stream)
    assert [(r.hand_id, r.line, r.status, r.hand) for r in [first, *rest]] == [
        (r.hand_id, r.line, r.status, r.hand) for r in read_text(text)
    ]
    assert [r.status for r in rest] == ["unparsed", "parsed"]
    assert list(iter_text("no hand here\n")) == []


def spaced(text: str, line_end: str = "\n\n") -> str:
    """``text`` with a blank line after every line, as a page copied by hand or ``CR CR LF`` line ends give."""
    return "".join(line + line_end for line in text.splitlines())


def audited(text: str) -> list[tuple[object, ...]]:
    """Each hand's id, status, violation codes and the replay's notes (which say what the room's summary did not
    state: a summary cut off shows there)."""
    out = []
    for record in read_text(text):
        assert record.hand is not None, record.error
        done = audit(record.hand)
        out.append((record.hand_id, done.status, [v.code for v in done.violations], done.replay.notes))
    return out


def test_a_spaced_hand_keeps_its_summary() -> None:
    """Each line followed by a blank one: a blank line no longer ends the summary, two in a row do, as does the
    next header. The summary's numbers (total pot, rake) are checked as in the plain file."""
    plain = (SAMPLES / "nl_holdem_cash.txt").read_text(encoding="utf-8")
    assert audited(spaced(plain)) == audited(plain)
    chunks = list(split_hands(spaced("\n".join(hand(1))).splitlines(), FMT))
    assert [line for line in chunks[0].lines if line] == hand(1)


def test_cr_cr_lf_line_ends_read_as_a_spaced_file(tmp_path: Path) -> None:
    plain = (SAMPLES / "nl_holdem_cash.txt").read_text(encoding="utf-8")
    (tmp_path / "crcrlf.txt").write_bytes(spaced(plain, "\r\r\n").encode("utf-8"))
    report = ReadReport()
    records = list(read([tmp_path], report))
    assert [r.hand_id for r in records] == [r.hand_id for r in read_text(plain)]
    assert all(r.hand is not None for r in records) and report.junk_lines == 0


def test_a_spaced_hand_ends_at_two_blank_lines_before_junk() -> None:
    lines = [*spaced("\n".join(hand(1))).splitlines(), "", "", "junk after the hand", "", *hand(2)]
    stats = SplitStats()
    chunks = list(split_hands(lines, FMT, stats))
    assert len(chunks) == 2 and chunks[0].lines[-1] == hand(1)[-1]
    assert stats.junk_lines == 1


def test_a_blank_line_here_and_there_does_not_make_a_hand_spaced() -> None:
    """A plain hand with one blank line in its body still ends at the blank line after its summary."""
    lines = [*hand(1)[:5], "", *hand(1)[5:], "", "junk after the hand", *hand(2)]
    stats = SplitStats()
    chunks = list(split_hands(lines, FMT, stats))
    assert len(chunks) == 2 and stats.junk_lines == 1
