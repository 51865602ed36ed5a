"""The agreement table: for every fpdb field that maps to a handlog counter, how often handlog says the same.

Run from the repository: ``python tests/stats/fpdb_agreement.py [WHICH] [FIELD]``, WHICH one of ``stars``
(default: PokerStars' Hold'em and Five Card Draw), ``other`` (its other flop and draw games), ``stud`` (its stud
games), ``GGPoker``, ``Winamax`` (``test_fpdb_corpus.SITE_IDS``) or ``all``; with an fpdb FIELD, that field's
unexplained differences instead. Each line is the field, the handlog counter it is compared with, the rows that
agree, the rows where fpdb's departure from the
definition is named by a rule of ``test_fpdb_corpus.FPDB_WRONG`` (or of the site's test), and the two
percentages: raw agreement and agreement once the named departures are set aside. A field handlog does not
compute yet is listed as ``absent``. The acceptance tests (``test_fpdb_corpus.py``) assert the second
percentage; this script is the measurement behind the report's table.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fpdb_oracle as fo
import test_fpdb_corpus as tc

from handlog.stats.frame import STUD_GAMES, SUPPORTED_GAMES

Row = dict[str, Any]


DIFFS: dict[str, list[str]] = {}
"""The unexplained differences of the last :func:`table`, per fpdb field."""


def table(
    fpdb_rows: Iterable[Row], wrong: dict[str, tuple[tc.Rule, ...]] = tc.FPDB_WRONG, fpdb_id: Any = str,
    games: frozenset[Any] = SUPPORTED_GAMES,
) -> list[tuple[str, str, int, int, int]]:
    """(fpdb field, handlog field, agree, explained, total) per field; total 0 when handlog lacks the field."""
    rows = [r for r in fpdb_rows if "error" not in r]
    twice = Counter((r["file"], r["hand_id"], r["player"]) for r in rows)
    fpdb = {key: r for r in rows if twice[key := (r["file"], r["hand_id"], r["player"])] == 1}
    ours, seen = tc._our_rows(sorted({fo.CORPUS / k[0] for k in fpdb}), fpdb_id, games)
    agree: Counter[str] = Counter()
    explained: Counter[str] = Counter()
    total: Counter[str] = Counter()
    absent: set[str] = set()
    DIFFS.clear()
    for key, f in fpdb.items():
        o = ours.get(key)
        if o is None:
            continue
        for field, name in fo.FIELDS.items():
            if name not in o or field not in f:
                absent.add(field)
                continue
            total[field] += 1
            if tc.fpdb_expected(field, f) == tc.our_value(field, o):
                agree[field] += 1
            elif any(rule(f, o, seen[key[:2]]) for rule in wrong.get(field, ())):
                explained[field] += 1
            else:
                DIFFS.setdefault(field, []).append(f"{key}: fpdb {f[field]!r}, handlog {o[name]!r}")
    return [(field, name, agree[field], explained[field], total[field]) for field, name in fo.FIELDS.items()]


def show(lines: list[tuple[str, str, int, int, int]]) -> str:
    out = [f"{'fpdb field':30} {'handlog':24} {'agree':>12} {'raw %':>7} {'+named %':>8}"]
    for field, name, agree, explained, total in lines:
        if not total:
            out.append(f"{field:30} {name:24} {'absent':>12}")
            continue
        out.append(
            f"{field:30} {name:24} {agree:>5}/{total:<6} {100 * agree / total:7.2f} "
            f"{100 * (agree + explained) / total:8.2f}"
        )
    return "\n".join(out)


def _stud() -> list[Row]:
    return [r for r in fo.stars_other_games_dev() if "/Stud/" in r["file"] or "/Mixed/" in r["file"]]


RUNS: dict[str, Callable[[], list[tuple[str, str, int, int, int]]]] = {
    "stars": lambda: table(fo.stars_dev()),
    "other": lambda: table(tc._other_flop_and_draw_games()),
    "stud": lambda: table(_stud(), games=STUD_GAMES),
    **{
        site: (lambda s=site, i=ids: table(fo.sites_dev(s), fpdb_id=i, games=tc.HOLDEM_AND_DRAW))  # type: ignore[misc]
        for site, ids in tc.SITE_IDS.items()
    },
}
"""The comparisons by name: PokerStars' Hold'em and draw, its other flop and draw games, its stud, and the sites
``test_fpdb_corpus.SITE_IDS`` compares like PokerStars."""


def main(which: str, diff: str | None = None) -> None:
    """Print the table of ``which`` (``stars``, ``other``, ``stud``, a site, or ``all``); with ``diff`` an fpdb
    field, its first 40 unexplained differences instead."""
    if diff is not None:
        RUNS[which]()
        print("\n".join(DIFFS.get(diff, [])[:40]))
        return
    for name, run in RUNS.items():
        if which in (name, "all"):
            print(f"\n{name}\n" + show(run()))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "stars", sys.argv[2] if len(sys.argv) > 2 else None)
