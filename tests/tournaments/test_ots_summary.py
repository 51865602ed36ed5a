"""Open Tournament Summary JSON: golden values from the corpus's file, and bad documents."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

from summarykit import one, write

from handlog.events.tournament import SummaryError
from handlog.formats.summaries import read_file


def test_corpus_file() -> None:
    s = one("fresh", "ots-json-tournament-summary", "33143917-Gundam01-29-23.ots")
    assert (s.site, s.tournament_id, s.currency, s.buy_in, s.fee) == (
        "Poker Stars", "0128-9pm-et-tourney-jgmz1CnwEJ", "USD", D("20.0"), D("0.0"))
    assert (s.entrants, s.prize_pool, s.hero) == (13, D(340), "SudduthM")
    # 17 finishes of 13 players: SummnerT 9th and 14th, ThomasJ 12th and 15th … (re-entries, "flags": ["Re-Entry"])
    assert len(s.finishes) == 13
    summner = next(x for x in s.finishes if x.player == "SummnerT")
    assert (summner.place, summner.entries) == (9, 2)
    assert sum(x.prize for x in s.finishes) == s.prize_pool  # 176.53 + 104.62 + 58.85
    assert s.start_utc is not None and s.start_utc.isoformat() == "2023-01-29T02:01:56.240000+00:00"


def test_bad_documents(tmp_path: Path) -> None:
    broken = write(tmp_path, "a.ots", '{"ots": {"tournament_number": "1",\n "tournament_finishes_and_winnings": [}}')
    (err,) = read_file(broken)
    assert isinstance(err, SummaryError) and err.line == 2 and "JSON" in err.message
    missing = write(tmp_path, "b.ots", '{"ots": {"tournament_number": "1"}}')
    (err,) = read_file(missing)
    assert isinstance(err, SummaryError) and "tournament_finishes_and_winnings" in err.message
    floaty = write(tmp_path, "c.ots", '{"ots": {"tournament_number": "1", "tournament_finishes_and_winnings": '
                   '[{"player_name": "a", "finish_position": 1, "prize": "lots"}]}}')
    (err,) = read_file(floaty)
    assert isinstance(err, SummaryError) and "prize" in err.message
