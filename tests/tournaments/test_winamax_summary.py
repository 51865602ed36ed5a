"""Winamax summaries: golden values from the corpus's files."""

from __future__ import annotations

from decimal import Decimal as D

from summarykit import one


def test_cashed_sit_and_go() -> None:
    s = one("fpdb", "summaries", "Winamax", "NLHE-EUR-0.46-STT-201110.hero.cashed.txt")
    # "Buy-In : 0.46€ + 0.04€", "Registered players : 10", "Prizepool : 4.60€", "3rd place", "You won 0.92€"
    assert (s.tournament_id, s.buy_in, s.fee, s.currency, s.entrants, s.prize_pool) == (
        "13828726", D("0.46"), D("0.04"), "EUR", 10, D("4.60"))
    assert s.buy_in * s.entrants == s.prize_pool
    (hero,) = s.finishes
    assert (hero.player, hero.place, hero.prize) == ("Hero", 3, D("0.92"))


def test_rebuys_and_addons() -> None:
    s = one("fpdb", "summaries", "Winamax", "NLHE-EUR-MTT-10-201704.rebuys.addons.txt")
    # "Rebuy cost : 9€ + 1€", "Addon cost : 9€ + 1€", "Your rebuys : 1", "Your addons : 1", "845th place"
    (hero,) = s.finishes
    assert (hero.player, hero.place, hero.rebuys, hero.addons, hero.extra_cost) == ("I_LIMP_KQJT", 845, 1, 1, D(20))
    assert (s.total_rebuys, s.total_addons, s.prize_pool, s.speed) == (1717, 912, D(39348), "semiturbo")


def test_unknown_place_unnamed_player_and_ticket_buy_in() -> None:
    unknown = one("fpdb", "summaries", "Winamax", "NLHE-EUR-HUSNG-4.70-201302.semiturbo.txt")
    assert unknown.finishes[0].place is None and not unknown.finished  # "You finished in ... place"
    unnamed = one("fpdb", "summaries", "Winamax", "20110305_Freeroll 150%80(5142226)_real_holdem_no-limit_summary.txt")
    assert (unnamed.finishes[0].player, unnamed.finishes[0].place) == ("(you)", 3497)
    ticket = one("fpdb", "summaries", "Winamax", "NLHE-Freeroll-Ticket-STT-201208.txt")
    assert ticket.buy_in is None and ticket.buy_in_text == "Ticket uniquement"


def test_fresh_double_or_nothing() -> None:
    name = "f96ae216-20200223_Double or Nothing(330189584)_real_holdem_no-limit_summary.txt"
    s = one("fresh", "winamax-summary", name)
    assert (s.kind, s.speed, s.entrants, s.prize_pool) == ("sng doubleornothing", "turbo", 6, D("28.20"))
    assert s.buy_in * s.entrants == s.prize_pool
    assert (s.finishes[0].player, s.finishes[0].place) == ("Jeff&Tuche", 4)
