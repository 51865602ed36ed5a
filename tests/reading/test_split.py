"""Cutting a stream of lines into hands: one chunk per header, whatever lies between them."""

from __future__ import annotations

from pathlib import Path

from handlog.formats.pokerstars import PokerStarsFormat
from handlog.reading import ReadReport, iter_text, read, read_text
from handlog.reading.split import SplitStats, split_hands

FMT = PokerStarsFormat()


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
