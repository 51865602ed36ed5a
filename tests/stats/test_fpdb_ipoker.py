"""handlog's statistics against fpdb's for every iPoker hand of the corpus fpdb read (``fpdb-stats/sites-dev.jsonl``,
fpdb's name "iPoker"), with ``test_fpdb_corpus``'s comparison and rules.

fpdb's quirks on iPoker's XML, beyond those ``test_fpdb_corpus.FPDB_WRONG`` names for PokerStars, each a rule below:

* its ``winnings`` are iPoker's ``win`` attribute, which (before the 2018 clients) counts an uncalled bet given
  back as won; handlog returns it (the player did not win chips he put in himself);
* its profits and rakes differ from the file's own ``bet`` and ``win`` (read here with regexes, apart from the
  reader): it spreads a cash hand's rake over the players in fractions of a cent, and in tournaments its
  bookkeeping does not add up (the corpus README: a negative ``rake`` mostly); handlog's agree with the file;
* where the file's own bets and wins do not add up (``tests/formats/test_ipoker.FLAGGED``) there is no reference;
* it marks every player at an iPoker showdown as having won it (``wonAtSD``), the losers too, and has a showdown
  and later streets where a bet nobody called ended the hand;
* in many hands of the 2011 tournament it does not see the big blind (it numbers the seat instead of ``B``): the
  blinds' chances against a steal and the positions then differ;
* in the 2016 partial export, whose hands stop after the blinds, it has players see the flop;
* a small blind that completes has put money in voluntarily (as on Full Tilt).
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import fpdb_oracle as fo
import pytest
from corpus_cache import read_cached
from test_fpdb_corpus import FPDB_WRONG, HOLDEM_AND_DRAW, Rule, Seen, _our_rows, compare
from test_fpdb_sites import _blind_money_is_voluntary

from handlog.audit import audit
from handlog.engine import replay
from handlog.events import Fold, Hand, Street, StreetStart, UncalledBet
from handlog.stats.positions import fpdb_position

pytestmark = [pytest.mark.skipif(not fo.SITES_DEV.is_file(), reason="../shared/corpus is absent"), pytest.mark.slow]

Row = dict[str, Any]
SITE = "iPoker"


@cache
def _hands() -> dict[tuple[str, str], Hand]:
    """The hands of the XML rooms' files fpdb read (iPoker's, and Merge's for ``test_fpdb_merge``)."""
    files = sorted({fo.CORPUS / r["file"] for site in (SITE, "Merge") for r in fo.sites_dev(site)})
    out: dict[tuple[str, str], Hand] = {}
    for record in read_cached(files):
        if record.hand is not None:
            rel = Path(record.file).resolve().relative_to(fo.CORPUS.resolve()).as_posix()
            out[(rel, record.hand.hand_id)] = record.hand
    return out


def _key(o: Row) -> tuple[str, str]:
    return Path(o["file"]).resolve().relative_to(fo.CORPUS.resolve()).as_posix(), str(o["hand_id"])


def _hand(o: Row) -> Hand:
    return _hands()[_key(o)]


def _uncalled_counted_as_won(f: Row, o: Row, h: Seen) -> bool:
    """fpdb's winnings are the ``win`` attribute: the pot won plus the uncalled bet given back (a return line, or
    inside the collect: ``UncalledReturns.IN_COLLECTS``, which the replay returns)."""
    hand = _hand(o)
    back = sum((e.amount for e in hand.events if isinstance(e, UncalledBet) and e.player == o["player"]),
               Decimal(0))
    result = replay(hand, states=False).results.get(o["player"])
    back += result.uncalled_in_collect if result is not None else Decimal(0)
    return back > 0 and f["winnings"] == (o["collected"] + back) * 100


def _every_showdown_player_won(f: Row, o: Row, h: Seen) -> bool:
    """fpdb marks a player at the showdown who collected nothing as having won it."""
    return bool(f["wonAtSD"]) and bool(o["saw_showdown"]) and o["collected"] == 0


_PLAYER = re.compile(r"<player\b[^>]*>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')


@cache
def _site_books(rel: str) -> dict[str, dict[str, tuple[Decimal, Decimal]]]:
    """Each hand's ``bet`` and ``win`` per player, read from the file with regexes, apart from the reader."""
    text = (fo.CORPUS / rel).read_text(encoding="utf-8", errors="replace")
    books: dict[str, dict[str, tuple[Decimal, Decimal]]] = {}
    for part in text.split('<game gamecode="')[1:]:
        hand_id = part[: part.index('"')]
        players = [dict(_ATTR.findall(m.group(0))) for m in _PLAYER.finditer(part[: part.find("</players>")])]
        books[hand_id] = {p["name"]: (_money(p.get("bet", "0")), _money(p.get("win", "0"))) for p in players
                          if p.get("name")}
    return books


def _money(text: str) -> Decimal:
    digits = re.sub(r"[^0-9.,]", "", text)
    m = re.search(r"[.,](\d{1,2})$", digits)
    whole, cents = (digits[: m.start()], m.group(1)) if m else (digits, "0")
    return Decimal(re.sub(r"[.,]", "", whole) or "0") + Decimal(cents) / (10 ** len(cents))


def _site_net(f: Row, o: Row, h: Seen) -> bool:
    """handlog's net is the file's own: the player's ``win`` less his ``bet`` (fpdb's bookkeeping differs)."""
    rel, hand_id = _key(o)
    bet, won = _site_books(rel)[hand_id][o["player"]]
    return o["net"] == won - bet


def _site_rake(f: Row, o: Row, h: Seen) -> bool:
    """handlog's rake for the hand is the file's own, everything bet less everything won; fpdb charges it to the
    players otherwise (in parts, in fractions of a cent, or not at all)."""
    rel, hand_id = _key(o)
    books = _site_books(rel)[hand_id].values()
    return audit(_hand(o)).replay.rake == sum((b - w for b, w in books), Decimal(0))


def _books_do_not_add_up(f: Row, o: Row, h: Seen) -> bool:
    """The file's own bets and wins do not add up (``tests/formats/test_ipoker.FLAGGED``): no reference to agree
    with."""
    return any(v.category.value == "accounting" for v in audit(_hand(o)).violations)


def _stops_after_the_blinds(f: Row, o: Row, h: Seen) -> bool:
    """A hand written up to its blinds only (the 2016 partial export): nobody saw a flop that was never dealt."""
    return not h.betting.round(0) and not h.betting.round(1)


STREETS = {1: Street.FLOP, 2: Street.TURN, 3: Street.RIVER}


def _streets_after(n: int) -> Rule:
    def never_dealt(f: Row, o: Row, h: Seen) -> bool:
        """fpdb has the player see a street the hand never dealt (a bet nobody called ended it before)."""
        return not any(isinstance(e, StreetStart) and e.street == STREETS[n] for e in _hand(o).events)

    return never_dealt


def _no_showdown(f: Row, o: Row, h: Seen) -> bool:
    """fpdb has a showdown where one player was left (everyone else folded)."""
    folded = {e.player for e in _hand(o).events if isinstance(e, Fold)}
    dealt = {s.player for s in _hand(o).seats if not s.out_of_hand}
    return len(dealt - folded) < 2


@cache
def _fpdb_positions() -> dict[tuple[str, str], set[object]]:
    positions: dict[tuple[str, str], set[object]] = {}
    for r in fo.sites_dev(SITE):
        if "error" not in r:
            positions.setdefault((r["file"], r["hand_id"]), set()).add(r["position"])
    return positions


def _big_blind_not_seen(f: Row, o: Row, h: Seen) -> bool:
    """In many hands of the 2011 tournament fpdb does not see the big blind: it numbers the seat (8, 7 …) instead of
    ``B``, and then gives nobody the blinds' chances against a steal."""
    return "B" not in _fpdb_positions()[(f["file"], f["hand_id"])]


MONEY: tuple[Rule, ...] = (_uncalled_counted_as_won, _site_net, _books_do_not_add_up)
WRONG: dict[str, tuple[Rule, ...]] = {
    **FPDB_WRONG,
    "winnings": (*FPDB_WRONG.get("winnings", ()), *MONEY),
    # a hand written up to its blinds only states no outcome: fpdb gives the big blind's unmatched part back as if
    # everyone had folded; handlog (since the games merge: a room that writes its returns is not second-guessed)
    # takes back nothing the log does not show
    "totalProfit": (*FPDB_WRONG.get("totalProfit", ()), _site_net, _books_do_not_add_up, _stops_after_the_blinds),
    "rake": (*FPDB_WRONG.get("rake", ()), _site_rake, _books_do_not_add_up),
    "street0VPI": (*FPDB_WRONG.get("street0VPI", ()), _blind_money_is_voluntary),
    "wonAtSD": (*FPDB_WRONG.get("wonAtSD", ()), _every_showdown_player_won, _no_showdown),
    **{f"street{n}Seen": (*FPDB_WRONG.get(f"street{n}Seen", ()), _stops_after_the_blinds, _streets_after(n))
       for n in (1, 2, 3)},
    "sawShowdown": (*FPDB_WRONG.get("sawShowdown", ()), _stops_after_the_blinds, _no_showdown),
    "raiseToStealChance": (*FPDB_WRONG.get("raiseToStealChance", ()), _big_blind_not_seen),
    "raiseToStealDone": (*FPDB_WRONG.get("raiseToStealDone", ()), _big_blind_not_seen),
    "foldBbToStealChance": (*FPDB_WRONG.get("foldBbToStealChance", ()), _big_blind_not_seen),
    "foldedBbToSteal": (*FPDB_WRONG.get("foldedBbToSteal", ()), _big_blind_not_seen),
}


@pytest.fixture(scope="module")
def compared() -> tuple[Counter[str], Counter[str], Counter[str], list[str]]:
    # Hold'em and draw, as this comparison was written (before the games merge stud and Omaha had no statistics
    # here; a room's other games join once their reading is checked against fpdb's)
    return compare(fo.sites_dev(SITE), WRONG, games=HOLDEM_AND_DRAW)


def test_agreement_with_fpdb_over_every_ipoker_hand(
    compared: tuple[Counter[str], Counter[str], Counter[str], list[str]],
) -> None:
    agree, explained, total, unexplained = compared
    print("\n".join(f"{f:24} {agree[f]}/{total[f]} agree, {explained[f]} explained" for f in total))
    print("\n".join(unexplained))
    assert total["winnings"] >= 3400  # every (hand, player) of the Hold'em and Omaha hands fpdb read
    assert sum(agree.values()) / sum(total.values()) >= 0.97
    for field in total:
        if field != "position":  # compared below, with fpdb's quirks
            assert (agree[field] + explained[field]) / total[field] >= 0.97, field
    assert not unexplained


def test_positions_agree_but_where_fpdb_misses_the_big_blind() -> None:
    """Positions as fpdb codes them (``S``, ``B``, 0 for the button …). fpdb misses the big blind in many hands of
    the 2011 tournament (it numbers the seat and counts the other seats from there) and in the 2016 partial
    export whose hands stop after the blinds (the big blind is its only player, at 0)."""
    fpdb = {(r["file"], r["hand_id"], r["player"]): r for r in fo.sites_dev(SITE) if "error" not in r}
    ours, seen = _our_rows(sorted({fo.CORPUS / k[0] for k in fpdb}), games=HOLDEM_AND_DRAW)
    agree = missed = total = 0
    wrong: list[str] = []
    for key, f in fpdb.items():
        o = ours.get(key)
        if o is None:
            continue
        total += 1
        labels = {p: r["position"] for (fl, h, p), r in ours.items() if fl == key[0] and h == key[1]}
        if fpdb_position(o["position"], labels) == f["position"]:
            agree += 1
            continue
        if _big_blind_not_seen(f, o, seen[key[:2]]) or _stops_after_the_blinds(f, o, seen[key[:2]]):
            missed += 1
        else:
            wrong.append(f"{key}: fpdb {f['position']!r}, handlog {o['position']!r}")
    print(f"positions: {agree}/{total} agree, {missed} where fpdb has no big blind")
    assert (agree + missed) / total >= 0.99, wrong
