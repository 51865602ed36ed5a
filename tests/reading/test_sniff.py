"""A file no reader recognises is not given up on in silence when it reads like a hand history (issue 26): the
problem names the header that was not recognised, and the client where its lines name one."""

from __future__ import annotations

from pathlib import Path

from handlog.reading import ReadReport, read
from handlog.reading.sniff import NOT_A_HAND_HISTORY, unrecognised

# A PokerStars hand as its Portuguese client writes it (written for this test: the words of the client's
# translation, our own players and amounts).
PORTUGUESE = """\
Mão PokerStars #100000000001: Hold'em No Limit (€0.01/€0.02 EUR) - 2015/07/07 16:49:31 WET [2015/07/07 11:49:31 ET]
Mesa 'Alpha' 6-max Lugar #2 é o botão
Lugar 1: Ana (€2 em fichas)
Lugar 2: Bruno (€2 em fichas)
Ana: coloca small blind €0.01
Bruno: coloca big blind €0.02
*** CARTAS FECHADAS ***
Ana: desiste
"""

# A skin's own header over PokerStars' lines.
SKIN = """\
Skinny Poker Game 42 -- Hold'em No Limit ($0.01/$0.02) -- 2020/01/01 10:00:00
Table 'Beta' 6-max Seat #1 is the button
Seat 1: Ana ($2 in chips)
Seat 2: Bruno ($2 in chips)
Ana: posts small blind $0.01
Bruno: posts big blind $0.02
*** HOLE CARDS ***
Ana: folds
"""

SUMMARY = """\
PokerStars Tournament #1, No Limit Hold'em
Buy-In: $1.00/$0.10 USD
9 players
Total Prize Pool: $9.00 USD
Tournament started 2015/07/07 16:49:31 ET
  1: Ana (Portugal), $9.00 (100%)
"""


def test_a_known_client_in_another_language_is_named_with_its_header() -> None:
    message = unrecognised(PORTUGUESE.splitlines())
    assert message != NOT_A_HAND_HISTORY
    assert message.startswith("a PokerStars hand history whose header no reader recognises")
    assert "Mão PokerStars #100000000001" in message


def test_a_skin_header_is_named() -> None:
    message = unrecognised(SKIN.splitlines())
    assert message.startswith("a hand history whose header no reader recognises")
    assert "Skinny Poker Game 42" in message


def test_a_tournament_summary_is_not_a_hand_history() -> None:
    assert unrecognised(SUMMARY.splitlines()) == NOT_A_HAND_HISTORY
    assert unrecognised(["just some text", "and more"]) == NOT_A_HAND_HISTORY


def test_the_reader_reports_the_header(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(PORTUGUESE, encoding="utf-8")
    report = ReadReport()
    assert list(read([path], report)) == []
    assert len(report.problems) == 1
    assert "Mão PokerStars" in report.problems[0].message
    assert "not a hand history" not in report.problems[0].message
