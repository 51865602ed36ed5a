"""Hands per second: handlog vs PokerKit's PokerStars parser vs a plain regex line classifier.

All three get the same text: the PokerStars no-limit Hold'em hands of ``../shared/corpus`` that every contender
reads, repeated to about 5,000 hands. PokerKit is a bench-only dependency (``pip install pokerkit``); handlog
never imports it.

    python bench/bench_parse.py [--hands 5000] [--repeat 3] [--profile]

Each figure is the best of ``--repeat`` runs, timed in CPU seconds of this process (``time.process_time``), so
that other work on a shared machine disturbs it less. ``--profile`` runs handlog once under cProfile and prints
the top functions.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import re
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

from handlog.formats.pokerstars import PokerStarsFormat
from handlog.reading import iter_text, read_text
from handlog.reading.decode import iter_lines
from handlog.reading.split import split_hands

CORPUS = Path(os.environ.get("HANDLOG_CORPUS", Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"))
"""The real hands (``../shared/corpus`` beside the clone, or ``$HANDLOG_CORPUS``)."""
ROOTS = ("fpdb/cash/Stars", "fpdb/tour/Stars", "fpdb-extra/cash/Stars", "fpdb-extra/tour/Stars")


def corpus_hands() -> list[str]:
    """The text of every PokerStars no-limit Hold'em hand in the corpus (as the splitter cuts them)."""
    fmt = PokerStarsFormat()
    hands: list[str] = []
    for root in ROOTS:
        for path in sorted((CORPUS / root).rglob("*.txt")):
            with path.open("rb") as stream:
                for chunk in split_hands(iter_lines(stream), fmt):
                    facts = fmt.peek(chunk.lines[0])
                    if facts.game == "holdem" and facts.structure == "no_limit":
                        hands.append("\n".join(chunk.lines))
    return hands


# ---------------------------------------------------------------- contenders
def run_handlog(text: str) -> int:
    """Every hand parsed into a list that is kept until the end (``read_text``)."""
    return sum(1 for record in read_text(text) if record.hand is not None)


def run_handlog_streamed(text: str) -> int:
    """Every hand parsed and let go before the next (``iter_text``; what ``handlog parse``/``audit`` do, and what
    the regex classifier below does): no cyclic-garbage collections over thousands of kept hands."""
    return sum(1 for record in iter_text(text) if record.hand is not None)


def run_pokerkit(text: str) -> int:
    from pokerkit.notation import PokerStarsParser

    parser = PokerStarsParser()
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        return sum(1 for _ in parser(text))


_P = r"(?P<player>.+?)"
_A = r"(?P<amount>[$€£]?[0-9][0-9,.]*)"
LINE_KINDS: list[tuple[str, re.Pattern[str]]] = [
    (kind, re.compile(pattern))
    for kind, pattern in [
        ("header", r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<id>[0-9]+): +(?P<rest>.*)$"),
        ("table", r"^Table '(?P<table>[^']*)' (?P<max>[0-9]+)-max(?: Seat #(?P<button>[0-9]+) is the button)?"),
        ("seat", rf"^Seat (?P<seat>[0-9]+): {_P} \({_A} in chips"),
        ("post", rf"^{_P}: posts (?P<what>small blind|big blind|the ante|small & big blinds) {_A}"),
        ("street", r"^\*\*\* (?P<street>[A-Z0-9 -]+) \*\*\*(?: \[(?P<cards>[^\]]*)\])?"),
        ("dealt", rf"^Dealt to {_P} \[(?P<cards>[^\]]*)\]"),
        ("fold", rf"^{_P}: folds"),
        ("check", rf"^{_P}: checks"),
        ("call", rf"^{_P}: calls {_A}"),
        ("bet", rf"^{_P}: bets {_A}"),
        ("raise", rf"^{_P}: raises {_A} to (?P<to>[$€£]?[0-9][0-9,.]*)"),
        ("uncalled", rf"^Uncalled bet \({_A}\) returned to {_P}$"),
        ("collect", rf"^{_P} collected {_A} from"),
        ("show", rf"^{_P}: shows \[(?P<cards>[^\]]*)\]"),
        ("total", r"^Total pot (?P<total>\S+)"),
        ("summary_seat", rf"^Seat (?P<seat>[0-9]+): {_P} "),
    ]
]


def run_regex(text: str) -> int:
    """A baseline: classify each line with the first of a list of regexes and keep its fields."""
    hands = 0
    events: list[tuple[str, dict[str, str | None]]] = []
    for line in text.splitlines():
        for kind, pattern in LINE_KINDS:
            m = pattern.match(line)
            if m:
                if kind == "header":
                    hands += 1
                    events = []
                events.append((kind, m.groupdict()))
                break
    return hands


CONTENDERS: dict[str, Callable[[str], int]] = {
    "handlog": run_handlog,
    "handlog streamed": run_handlog_streamed,
    "pokerkit": run_pokerkit,
    "regex lines": run_regex,
}


# ---------------------------------------------------------------- measuring
def best_time(fn: Callable[[str], int], text: str, repeat: int) -> tuple[float, int]:
    best, count = float("inf"), 0
    for _ in range(repeat):
        start = time.process_time()
        count = fn(text)
        best = min(best, time.process_time() - start)
    return best, count


def common_hands(hands: list[str]) -> Iterator[str]:
    """The hands every contender reads, so that all of them do the same work."""
    for hand in hands:
        if run_handlog(hand) == 1 and run_pokerkit(hand) == 1:
            yield hand


def bench_arguments(description: str, argv: list[str] | None) -> argparse.Namespace:
    """The options both benchmarks take."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--hands", type=int, default=5000, help="about how many hands per run")
    ap.add_argument("--repeat", type=int, default=3, help="runs per contender; the best one counts")
    ap.add_argument("--profile", action="store_true", help="profile handlog once and print the top functions")
    return ap.parse_args(argv)


_HAND_ID = re.compile(r"^(PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #)([0-9]+)")


def bench_text(hands: list[str], about: int) -> tuple[str, int, int]:
    """The hands repeated to about ``about`` hands: (text, copies, hands in it). Each copy after the first gets
    fresh hand ids (the id plus ``copy`` × 10^15): ``handlog audit`` reads a hand id once (``reading.dedupe``) and
    would skip every repeated copy, doing a fraction of the work the peer does."""
    copies = max(1, round(about / len(hands)))
    text = [
        _HAND_ID.sub(lambda m, k=copy: f"{m.group(1)}{int(m.group(2)) + k * 10**15}", hand, count=1)
        for copy in range(copies) for hand in hands
    ]
    return "\n\n\n".join(text) + "\n", copies, len(hands) * copies


def main(argv: list[str] | None = None) -> int:
    args = bench_arguments(__doc__.splitlines()[0], argv)
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}", file=sys.stderr)
        return 2
    all_hands = corpus_hands()
    hands = list(common_hands(all_hands))
    text, copies, total = bench_text(hands, args.hands)
    print(f"{len(all_hands)} PokerStars NL Hold'em hands in the corpus, {len(hands)} read by every contender;")
    print(f"each run parses them {copies} times: {total} hands, {len(text) / 1e6:.1f} MB\n")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run_handlog, text)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0
    results: dict[str, float] = {}
    for name, fn in CONTENDERS.items():
        seconds, count = best_time(fn, text, args.repeat)
        results[name] = total / seconds
        print(f"{name:12} {count:6d} hands  {seconds:7.3f} s CPU  {results[name]:9.0f} hands/s")
        if count != total:
            print(f"  warning: {name} read {count} of {total} hands")
    print()
    base = results["handlog"]
    for name, rate in results.items():
        if name != "handlog":
            print(f"handlog / {name}: {base / rate:.2f}x")
    regex = results["regex lines"]
    print(f"regex lines / handlog: {regex / base:.2f}x, regex lines / handlog streamed: "
          f"{regex / results['handlog streamed']:.2f}x (target 3 of issue 11: within 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
