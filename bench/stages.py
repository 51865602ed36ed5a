"""Where the time of ``handlog audit --json`` goes, stage by stage (CPU µs per hand, best of ``--repeat``).

Each stage is timed on its own over the same file: cutting into hands (decode and split), parsing (the table
driver and the events), replaying (engine), the checks, and the JSON line. A cProfile inflates small
Python calls; these are plain timings.

As in ``handlog audit``, which streams, each stage lets every result go before the next hand, and the inputs
prepared beforehand (the parsed hands and their replays) are frozen out of the garbage collector's sight
(``gc.freeze``): timing a stage over a list of thousands of kept hands would charge it the cyclic collector's
passes over that list (about 100 µs per hand for the parse, measured), a cost the command does not pay.

    python bench/stages.py FILE [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from handlog.audit import audit
from handlog.checks import run_checks
from handlog.cli.audit_cmd import record_json
from handlog.cli.jsonout import dumps
from handlog.engine import replay
from handlog.reading import ReadReport
from handlog.reading.reader import parse_chunk, read_chunks


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    chunks = list(read_chunks(args.file, ReadReport()))
    records = [parse_chunk(fmt, str(args.file), c.line, c.lines) for fmt, c in chunks]
    hands = [r.hand for r in records if r.hand is not None]
    replays = [replay(h, states=False) for h in hands]
    audits = [audit(h) for h in hands]
    n = len(chunks)
    gc.collect()
    gc.freeze()

    def each(results: Iterable[object]) -> None:
        for _ in results:  # one at a time, each let go: as the command streams
            pass

    stages = {
        "decode + split": lambda: each(read_chunks(args.file, ReadReport())),
        "parse (table driver + events)": lambda: each(parse_chunk(f, "x", c.line, c.lines) for f, c in chunks),
        "replay (engine)": lambda: each(replay(h, states=False) for h in hands),
        "checks": lambda: each(run_checks(r) for r in replays),
        "JSON line": lambda: each(dumps(record_json(r, a)) for r, a in zip(records, audits, strict=False)),
    }
    total = 0.0
    print(f"{n} hands of {args.file}; CPU µs per hand, best of {args.repeat}:")
    for name, fn in stages.items():
        us = best(fn, args.repeat) / n * 1e6
        total += us
        print(f"  {name:32} {us:7.0f}")
    print(f"  {'total':32} {total:7.0f}   ({1e6 / total:,.0f} hands/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
