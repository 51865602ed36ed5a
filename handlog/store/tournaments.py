"""Tournament summaries in the hand database: ``handlog import`` stores them, ``handlog tournaments --db`` reads
them back (with the finish lines of the stored tournament hands, parsed again as from the files).

Each tournament is stored once by (site, tournament id) with the facts of its most complete summary, each
player's result once per tournament by the rule the files follow (``handlog.tournaments.results.better``), so
that importing a summary twice, or in another order, adds nothing and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, insert, select, update

from handlog.events.tournament import Result, SummaryError, TournamentSummary
from handlog.store import schema
from handlog.tournaments.results import Facts, Tournament, better, combine, from_hands, from_summary, rank

if TYPE_CHECKING:
    from handlog.db import Database

RESULT_FIELDS = (
    "finish", "entrants", "buy_in", "fee", "bounty", "prize", "bounties_won", "currency", "cost", "ticket", "name",
    "game", "speed", "kind", "start_utc", "file", "line",
)  # fmt: skip


@dataclass(slots=True)
class SummaryCounts:
    summaries: int = 0
    tournaments: int = 0
    """Tournaments new to the database."""
    results: int = 0
    """Results new or made more complete."""
    errors: int = 0


def import_summaries(engine: Engine, items: Iterable[TournamentSummary | SummaryError]) -> SummaryCounts:
    """Store what a summary file held (one transaction a summary); errors are only counted (the caller says them)."""
    counts = SummaryCounts()
    for item in items:
        if isinstance(item, SummaryError):
            counts.errors += 1
            continue
        counts.summaries += 1
        with engine.begin() as conn:
            _store(conn, item, counts)
    return counts


def _store(conn: Connection, s: TournamentSummary, counts: SummaryCounts) -> None:
    t = schema.tournaments
    r = rank(s)
    facts = {
        "buy_in": s.buy_in, "fee": s.fee, "bounty": s.bounty, "currency": s.currency, "entrants": s.entrants,
        "start_utc": s.start_utc, "rank": r, "file": s.file, "line": s.line,
    }
    row = conn.execute(select(t.c.id, t.c.rank).where(t.c.site == s.site, t.c.tournament_id == s.tournament_id)
                       ).first()
    if row is None:
        tid = int(conn.execute(insert(t).returning(t.c.id), {"site": s.site, "tournament_id": s.tournament_id,
                                                             **facts}).scalar_one())
        counts.tournaments += 1
    else:
        tid = int(row.id)
        if r > row.rank:
            conn.execute(update(t).where(t.c.id == tid).values(**facts))
    res = schema.tournament_results
    stored = {x.player: x for x in conn.execute(select(res).where(res.c.tournament == tid)).mappings()}
    fresh: list[dict[str, Any]] = []
    for result in from_summary(s):
        values = {name: getattr(result, name) for name in RESULT_FIELDS}
        values.update(hero=result.player == s.hero, rank=r)
        old = stored.get(result.player)
        if old is None:
            fresh.append({"tournament": tid, "player": result.player, **values})
        else:
            values["hero"] = values["hero"] or bool(old["hero"])  # the hero of any of the tournament's summaries
            if not better(result, r, _result(s.site, s.tournament_id, old), int(old["rank"])):
                values = {"hero": values["hero"]}
            if any(old[k] != v for k, v in values.items()):
                conn.execute(update(res).where(res.c.tournament == tid, res.c.player == result.player)
                             .values(**values))
                counts.results += 1
    if fresh:
        conn.execute(insert(res), fresh)  # one statement for every new row (executemany)
        counts.results += len(fresh)


def _result(site: str, tournament_id: str, row: Any) -> Result:
    return Result(site=site, tournament_id=tournament_id, player=row["player"], source="summary",
                  **{name: row[name] for name in RESULT_FIELDS})


def load_results(db: Database) -> tuple[list[Result], set[tuple[str, str, str]], list[str]]:
    """Every stored result (and the hands' finish lines of the stored tournament hands), the heroes, notices."""
    t, res = schema.tournaments, schema.tournament_results
    tournaments: dict[tuple[str, str], Tournament] = {}
    heroes: set[tuple[str, str, str]] = set()
    with db.engine.connect() as conn:
        for row in conn.execute(select(t)).mappings():
            facts = Facts(row["buy_in"], row["fee"], row["bounty"], row["currency"], row["entrants"],
                          row["start_utc"])
            tournaments[(row["site"], row["tournament_id"])] = Tournament(facts, int(row["rank"]))
        query = select(res, t.c.site, t.c.tournament_id).join(t, t.c.id == res.c.tournament)
        for row in conn.execute(query).mappings():
            key = (row["site"], row["tournament_id"])
            tournaments[key].players[row["player"]] = (_result(*key, row), int(row["rank"]))
            if row["hero"]:
                heroes.add((*key, row["player"]))
    hands = from_hands(db.hands(tournament=True))
    collected = combine(tournaments, hands)
    return collected.results, heroes, collected.notices

