"""888poker (Cassava) summaries: golden values from the corpus's files."""

from __future__ import annotations

from decimal import Decimal as D

from summarykit import one


def test_locale_amounts() -> None:
    s = one("fpdb", "summaries", "PacificPoker", "NLHE-6max-SNG-0.10-201206.summary.txt")
    # "Buy-In: 0,09 € + 0,01 €"
    assert (s.tournament_id, s.buy_in, s.fee, s.currency) == ("39132902", D("0.09"), D("0.01"), "EUR")
    assert (s.finishes[0].place, s.entrants) == (3, 6)  # "Hero finished 3/6"
    euro = one("fpdb", "summaries", "PacificPoker", "NLHE-USD-STT-20-201205.euro.style.txt")
    assert (euro.buy_in, euro.fee, euro.currency) == (D(20), D(1), "USD")  # "20$ + 1$"
    won = one("fpdb", "summaries", "PacificPoker", "NLHE-MTT-EUR-0.01-201206.freeroll.buyin.summary.txt")
    assert (won.finishes[0].place, won.entrants, won.finishes[0].prize) == (93, 664, D("1.20"))  # "won 1,20 €"


def test_cashed_and_free() -> None:
    s = one("fpdb", "summaries", "PacificPoker", "NLHE-USD-MTT-5-201111.cashed.txt")
    assert (s.buy_in, s.fee, s.finishes[0].place, s.finishes[0].prize) == (D(5), D("0.50"), 7, D("50.80"))
    free = one("fpdb", "summaries", "PacificPoker", "NLHE-FREE-MTT-$75Freeroll20120217-Summary.txt")
    assert (free.buy_in, free.currency, free.finishes[0].prize) == (D(0), "USD", D("0.30"))  # "Free", "won $0.30"


def test_fresh_files() -> None:
    s = one("fresh", "888poker-summary", "62427f98-888poker20160328 Tournament $0.01 Step 1 WSOP, 888Live & Major "
            "Tournaments (78670600) No Limit Holdem.txt - Summary.txt")
    assert (s.tournament_id, s.buy_in, s.hero, s.finishes[0].place, s.entrants) == ("78670600", D("0.01"),
                                                                                    "jpprewitt", 2, 156)
