"""Full Tilt summaries: golden values from the corpus's files."""

from __future__ import annotations

from decimal import Decimal as D

from summarykit import one


def test_knockout_bounty_is_part_of_the_buy_in() -> None:
    s = one("fpdb", "summaries", "FTP", "NLHE-MTT-USD-255-201408.KO.count.bounties.txt")
    # "Buy-In: $240 + $15", "Knockout Bounty: $40", "706 Entries", "Total Prize Pool: $141,200"
    assert (s.buy_in, s.bounty, s.fee, s.entrants, s.prize_pool) == (D(200), D(40), D(15), 706, D(141200))
    assert s.buy_in * s.entrants == s.prize_pool
    hero = next(x for x in s.finishes if x.player == "Hero")
    assert (hero.place, hero.prize) == (38, D("494.20"))


def test_hero_bounties_from_the_count() -> None:
    s = one("fpdb", "summaries", "FTP", "NLHE-9max-MTT-USD-70-2013.ko.guar.txt")
    # "Buy-In: $70 + $5", "Knockout Bounty: $15", "Hero received 3 Knockout Bounty Awards", "374 Entries",
    # "Total Prize Pool: $20,570"
    assert (s.buy_in, s.bounty, s.fee) == (D(55), D(15), D(5))
    assert s.buy_in * 374 == s.prize_pool == D(20570)
    hero = next(x for x in s.finishes if x.player == "Hero")
    assert (hero.bounty_count, hero.bounties) == (3, D(45))


def test_matrix_matches_are_told_apart() -> None:
    ids = [one("fpdb", "summaries", "FTP", f"NLHE-6max-Matrix-USD-26-201211.match{n}.txt").tournament_id
           for n in (2, 3, 4)]
    assert ids == ["244669447-2", "244669447-3", "244669447-4"]


def test_glued_line_and_rebuys() -> None:
    s = one("fpdb", "summaries", "FTP", "10Game-USD-SnG-8-201404.Satellite.to.Mini.FTOPS.line.error.txt")
    # "Total Rebuys: 2Total Prize Pool: $55", "Hero performed 1 Rebuy", "Rebuy: $8", "1: Player0, $13 MiniFTOPS Ticket"
    assert (s.total_rebuys, s.prize_pool, s.rebuy_cost) == (2, D(55), D(8))
    hero = next(x for x in s.finishes if x.player == "Hero")
    assert (hero.place, hero.rebuys, hero.extra_cost) == (2, 1, D(8))
    winner = s.finishes[0]
    assert (winner.ticket, winner.ticket_value) == ("$13 MiniFTOPS Ticket", D(13))


def test_multi_entry_hero() -> None:
    s = one("fpdb", "summaries", "FTP", "NLHE-9max-MTT-USD-20-201301.multi-entry.txt")
    # "Hero finished in 8307th, 9204th and 9520th place."; "[Player not loaded]" is nobody
    hero = next(x for x in s.finishes if x.player == "Hero")
    assert (hero.place, hero.entries) == (8307, 3)
    assert all(x.player != "[Player not loaded]" for x in s.finishes)


def test_worded_date_play_chips_and_euros() -> None:
    s = one("fpdb", "summaries", "FTP", "NLHE-USD-SnG-6man-201007.Hero.wins.worded.date.format.txt")
    assert s.start_utc is not None and s.start_utc.isoformat() == "2010-07-22T02:40:00+00:00"  # 22:40 ET (EDT)
    assert sum(x.prize for x in s.finishes) == s.prize_pool == D(132)
    p = one("fpdb", "summaries", "FTP", "NLHE-9max-play-STT-201301.hero.cashes.txt")
    assert p.currency == "PLAY" and sum(x.prize for x in p.finishes) == p.prize_pool
    e = one("fpdb", "summaries", "FTP", "NLHE-EUR-MTT-1-201012.txt")
    assert (e.buy_in, e.fee, e.currency, e.prize_pool) == (D(1), D("0.15"), "EUR", D(1000))


def test_steps_summary_among_the_hands() -> None:
    s = one("fpdb", "tour", "FTP", "Flop", "NLHE-9max-STT-USD-8.30-201211.step.txt")
    # "Buy-In: $8.30 + $0.40", "9 Entries", "Total Prize Pool: $74.70", "Top 2 finishers receive Step 3 Ticket"
    assert (s.buy_in, s.fee, s.entrants, s.prize_pool) == (D("8.30"), D("0.40"), 9, D("74.70"))
    assert s.buy_in * s.entrants == s.prize_pool
    tickets = {x.player: x.ticket for x in s.finishes if x.ticket}
    assert tickets["mkSuisse"] == tickets["Pivotal1"] == "Step 3 Ticket" and tickets["Hero"] == "Step 2 Ticket"
    assert next(x.prize for x in s.finishes if x.player == "tjwright18") == D(2)  # "6: tjwright18, $2"
