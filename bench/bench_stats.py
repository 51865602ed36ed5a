"""All-in EV: milliseconds per all-in, and ``handlog stats`` (all-in EV on) against ``handlog audit``.

1. Exact equities (every board, side pots) for random preflop all-ins, heads-up and three-way, timed per
   situation with every cache emptied first (heads-up is looked up in the shipped table: also timed enumerated,
   as without it); a few are also enumerated plainly with phevaluator's C 7-card evaluator (1.7 million boards ×
   players) for comparison.
2. Whole processes on the corpus's PokerStars tournament files (where all-ins are frequent):
   ``handlog stats --format json`` against ``handlog audit --json``, with the default ``--jobs`` and with 1,
   from compiled bytecode as an installed package runs (handlog's modules are compiled first, as
   ``bench_cli.py`` does: where ``PYTHONDONTWRITEBYTECODE`` is set every process would compile them again).

    python bench/bench_stats.py [--situations 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import random
import sys
import time
from itertools import combinations, starmap
from pathlib import Path
from statistics import mean

from bench_cli import best
from bench_parse import CORPUS

from handlog.stats import allin_ev, equity

TOURNAMENTS = ("fpdb/tour/Stars", "fpdb-extra/tour/Stars")


Situation = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]


def situations(rng: random.Random, players: int, count: int) -> list[Situation]:
    out: list[Situation] = []
    for _ in range(count):
        cards = rng.sample(range(52), 2 * players)
        out.append((tuple((cards[2 * i], cards[2 * i + 1]) for i in range(players)), ()))
    return out


def cold(holes: tuple[tuple[int, int], ...], board: tuple[int, ...]) -> float:
    """Seconds for one situation's equities, caches emptied first (the value tables stay loaded)."""
    allin_ev.equities.cache_clear()
    equity._no_flush_column.cache_clear()
    start = time.perf_counter()
    allin_ev.equities(holes, board, (tuple(range(len(holes))),))
    return time.perf_counter() - start


def enumerated(holes: tuple[tuple[int, int], ...]) -> float:
    """Seconds for one situation's orderings counted without the heads-up table (as any other all-in)."""
    equity._no_flush_column.cache_clear()
    start = time.perf_counter()
    equity.enumerate_orderings(holes, ())
    return time.perf_counter() - start


def plain(holes: tuple[tuple[int, int], ...]) -> float:
    """Seconds for a plain enumeration of every board with phevaluator's C entry point."""
    from phevaluator import _pheval, evaluate_cards

    evaluate = getattr(_pheval, "evaluate_7cards", evaluate_cards)
    deck = [c for c in range(52) if all(c not in h for h in holes)]
    start = time.perf_counter()
    for hole in holes:
        for _ in starmap(evaluate, (rest + hole for rest in combinations(deck, 5))):
            pass
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--situations", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    equity.tables()
    equity.heads_up_table()
    rng = random.Random(2026)
    print("exact preflop all-in equities, every board enumerated (ms per situation, caches emptied):")
    for players in (2, 3, 6):
        times = [cold(h, b) * 1000 for h, b in situations(rng, players, args.situations)]
        print(f"  {players} players: mean {mean(times):6.2f} ms, max {max(times):6.2f} ms ({len(times)} situations)")
    times = [enumerated(h) * 1000 for h, _ in situations(rng, 2, args.situations)]
    print(f"  2 players, enumerated (no table): mean {mean(times):6.2f} ms, max {max(times):6.2f} ms")
    reference = [plain(h) * 1000 for h, _ in situations(rng, 2, 2)]
    print(f"  plain phevaluator enumeration, heads-up: {mean(reference):6.0f} ms\n")

    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS} (set HANDLOG_CORPUS)", file=sys.stderr)
        return 2
    files = [str(p) for root in TOURNAMENTS for p in sorted((CORPUS / root).rglob("*.txt"))]
    spec = importlib.util.find_spec("handlog")
    for folder_of_package in (spec.submodule_search_locations or []) if spec else []:
        compileall.compile_dir(folder_of_package, quiet=1)
    handlog = str(Path(sys.executable).parent / "handlog")
    print(f"{len(files)} PokerStars tournament files of the corpus, whole processes, best of {args.repeat} rounds"
          " in which the four take turns:")
    commands = {
        (name, bool(jobs)): [handlog, *command, *jobs, *files]
        for jobs in ([], ["--jobs", "1"])
        for name, command in (("audit", ["audit", "--json"]), ("stats", ["stats", "--quiet", "--format", "json"]))
    }
    results: dict[tuple[str, bool], tuple[float, float]] = {}
    for key, (wall, cpu, _) in best(commands, args.repeat).items():
        results[key] = (wall, cpu)
        label = " ".join(commands[key][1 : len(commands[key]) - len(files)])
        print(f"  handlog {label:37} {wall:6.2f} s wall {cpu:6.2f} s CPU")
    for jobs in (False, True):
        (sw, sc), (aw, ac) = results["stats", jobs], results["audit", jobs]
        print(f"stats / audit{' (--jobs 1)' if jobs else ''}: {sw / aw:.2f}x wall, {sc / ac:.2f}x CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
