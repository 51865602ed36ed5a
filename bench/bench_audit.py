"""Hands per second for the whole audit: handlog (read, parse, replay, checks) vs PokerKit (parse and replay).

PokerKit's nearest equivalent of an audit is to parse a PokerStars hand and play it through its state machine
(iterating the ``HandHistory`` replays every action); handlog reads, parses, replays under the rules and runs
every check. Both get the same text: the PokerStars no-limit Hold'em hands of ``../shared/corpus`` that both read,
repeated to about 5,000 hands. PokerKit is a bench-only dependency (``pip install '.[bench]'``).

    python bench/bench_audit.py [--hands 5000] [--repeat 3] [--profile]
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import pstats
import sys
import warnings

from bench_parse import CORPUS, bench_arguments, bench_text, best_time, common_hands, corpus_hands

from handlog.audit import audit
from handlog.reading import read_text


def run_handlog(text: str) -> int:
    audited = 0
    for record in read_text(text):
        if record.hand is not None:
            audit(record.hand)
            audited += 1
    return audited


def run_pokerkit(text: str) -> int:
    from pokerkit.notation import PokerStarsParser

    parser = PokerStarsParser()
    played = 0
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        for history in parser(text):
            for _state in history:
                pass
            played += 1
    return played


def main(argv: list[str] | None = None) -> int:
    args = bench_arguments(__doc__.splitlines()[0], argv)
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}", file=sys.stderr)
        return 2
    hands = list(common_hands(corpus_hands()))
    text, copies, total = bench_text(hands, args.hands)
    print(f"{len(hands)} PokerStars NL Hold'em hands read by both, {copies} times: {total} hands per run\n")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run_handlog, text)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0
    rates: dict[str, float] = {}
    for name, fn in (("handlog audit", run_handlog), ("pokerkit parse+replay", run_pokerkit)):
        seconds, count = best_time(fn, text, args.repeat)
        rates[name] = total / seconds
        print(f"{name:22} {count:6d} hands  {seconds:7.3f} s CPU  {rates[name]:8.0f} hands/s")
    ratio = rates["handlog audit"] / rates["pokerkit parse+replay"]
    print(f"\nhandlog audit / pokerkit parse+replay: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
