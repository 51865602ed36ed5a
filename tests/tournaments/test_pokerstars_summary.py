"""PokerStars summaries: golden values from the corpus's files (their own printed numbers)."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

from summarykit import corpus_file, one, summaries, write

from handlog.events.tournament import SummaryError
from handlog.formats.summaries import read_file


def test_knockout_buy_in_is_prize_pool_bounty_and_fee() -> None:
    s = one("fpdb", "summaries", "Stars", "NLO8-USD-STT-201109.Knockout.sample.txt")
    # "Buy-In: $1.08/$0.27/$0.15 USD", "9 players", "Total Prize Pool: $9.72 USD"
    assert (s.site, s.tournament_id, s.game) == ("PokerStars", "447493868", "No Limit Omaha Hi/Lo")
    assert (s.buy_in, s.bounty, s.fee, s.currency) == (D("1.08"), D("0.27"), D("0.15"), "USD")
    assert (s.entrants, s.prize_pool) == (9, D("9.72"))
    assert s.prize_pool == s.entrants * s.buy_in
    paid = {x.player: x.prize for x in s.finishes if x.prize}
    assert paid == {"APTEM-89": D("4.87"), "StaKuGorPS": D("2.91"), "Hero": D("1.94")}
    assert sum(paid.values()) == s.prize_pool
    assert [x.place for x in s.finishes] == list(range(1, 10))
    assert s.finished and s.end_utc is not None
    assert s.start_utc is not None and s.start_utc.isoformat() == "2011-09-28T12:42:10+00:00"  # 8:42:10 ET (EDT)


def test_2007_layout_and_the_hero_named_by_his_place() -> None:
    s = one("fpdb", "summaries", "Stars", "NLHE-USD-MTT-20-200708.s0rrow.2nd.txt")
    # "Buy-In: $20.00/$2.00", "276 players", "Total Prize Pool: $5520.00", "You finished in 2nd place."
    assert (s.buy_in, s.fee, s.currency, s.entrants, s.prize_pool) == (D(20), D(2), "USD", 276, D(5520))
    assert s.hero == "Hero"
    hero = next(x for x in s.finishes if x.player == "Hero")
    assert (hero.place, hero.prize, hero.country) == (2, D("966.00"), "Perth")
    assert sum(x.prize for x in s.finishes) == s.prize_pool


def test_re_entries_are_one_result_with_bounties() -> None:
    s = one("fpdb", "summaries", "Stars", "NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt")
    # "72: joiso [2] (Russia), $827.17", "1042: joiso (Russia),", "You finished in 72nd place.",
    # "You made 1 re-entries for a total of $530.00.", "You collected 5 bounties for a total of USD 875.00."
    assert (s.buy_in, s.bounty, s.fee) == (D(250), D(250), D(30))
    assert s.hero == "joiso"
    (hero,) = [x for x in s.finishes if x.player == "joiso"]
    assert (hero.place, hero.prize, hero.entries, hero.bounty_count, hero.bounties) == (72, D("827.17"), 2, 5, D(875))
    assert hero.extra_cost is None  # the re-entry is counted by entries (2 x $530)


def test_rebuys_and_addons_cost() -> None:
    s = one("fpdb", "summaries", "Stars", "PLO-MTT-USD-505-25-202005.rebuy.addon.txt")
    hero = next(x for x in s.finishes if x.player == s.hero)
    # "You finished in 47th place." "You made 5 rebuys and 1 addons for a total of USD 3,180.00."
    assert (hero.place, hero.rebuys, hero.addons, hero.extra_cost) == (47, 5, 1, D("3180.00"))


def test_satellite_seats_tickets_and_points() -> None:
    s = one("fpdb", "summaries", "Stars", "NLHE-9max-SC-MTT-201512.txt")
    assert (s.buy_in, s.currency, s.kind, s.target_tournament) == (D(250), "SC", "Super Satellite", "1399755743")
    first, second, third = s.finishes[:3]
    assert first.ticket == second.ticket == "qualified for the target tournament"
    assert third.ticket == "25,750 FPP" and third.prize == 0  # FPP, not the prize pool's SC
    t = one("fpdb", "summaries", "Stars", "NLHE-USD-5-201603.Sunday.Million.ticket.txt")
    assert t.finishes[0].ticket == "Sunday Million ticket" and t.prize_pool is None
    assert t.hero == "inde02"  # "You finished in 2nd place"


def test_still_playing_has_no_place() -> None:
    s = one("fpdb", "summaries", "Stars", "NLHE-MTT-FPP-100-201309.Still.Playing.Super.Satellite.txt")
    assert not s.finished
    assert sum(1 for x in s.finishes if x.place is None) + sum(1 for x in s.finishes if x.place) == 36
    assert s.hero is not None and next(x for x in s.finishes if x.player == s.hero).place == 29


def test_email_holds_three_summaries_for_the_requester() -> None:
    name = "PokerStars Tournament History Request - Last 3 tournaments.eml"
    got = summaries(corpus_file("fpdb", "summaries", "Stars", name))
    assert [s.tournament_id for s in got] == ["2892717422", "1789790449", "1789785533"]
    first = got[0]
    # "Buy-In: 17000/3000", "Total Prize Pool: 170000", "  2: ChazDazzle (United States), 23,035 (13.55%)"
    assert (first.buy_in, first.fee, first.currency, first.prize_pool) == (D(17000), D(3000), "PLAY", D(170000))
    hero = next(x for x in first.finishes if x.player == "ChazDazzle")
    assert (hero.place, hero.prize) == (2, D(23035))
    assert sum(x.prize for x in first.finishes) == D("170000.00")
    assert [next(x.place for x in s.finishes if x.player == s.hero) for s in got] == [2, 70, 38]


def test_html_archive_rows_add_up_to_its_footer() -> None:
    got = summaries(corpus_file("fpdb", "summaries", "Stars", "PokerStars-SnG-Archive-201007.htm"))
    # the footer: buy-ins $35.00, rake $3.20, prizes $37.00, "Net: $-1.20"
    assert len(got) == 4 and all(s.hero == "Hero" for s in got)
    assert sum(s.buy_in or 0 for s in got) == D("35.00")
    assert sum(s.fee for s in got) == D("3.20")
    assert sum(s.finishes[0].prize for s in got) == D("37.00")


def test_unknown_line_is_reported_with_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "s.txt", "PokerStars Tournament #1, No Limit Hold'em\nBuy-In: $1.00/$0.10 USD\n"
                 "2 players\nSomething new here\n  1: a (X), $2.00 (100%)\n  2: b (Y),\n")
    (err,) = read_file(path)
    assert isinstance(err, SummaryError)
    assert (err.file, err.line, err.text) == (str(path), 4, "Something new here")
    assert "Buy-In: …" in err.expected
