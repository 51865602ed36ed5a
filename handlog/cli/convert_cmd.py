"""``handlog convert --to {phh,pokerstars,ohh} --output DIR PATH...``: one ``.phhs``, ``.txt`` or ``.ohh`` per input
file, each checked once written.

What the target format cannot say of a hand is written to stderr, one line per hand and thing ("hand 123: …").
Exit 0 when every hand was converted and reads back the same, 1 when some hand was not (and why), 2 on a usage
error.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, no_hand_found, print_problems
from handlog.reading.reader import FileProblem, ReadReport


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "convert",
        help="write hands in another format (PHH, PokerStars text, OHH), one file per input file",
        description="Writes every hand as PHH (one .phhs per input file under DIR, the folders kept) or as "
        "PokerStars text (one .txt) or Open Hand History (one .ohh), then reads each file back and replays it "
        "under the rules of the hand's own room: a hand whose nets or pots come out different is reported, and so "
        "is, per hand, what the format cannot say.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (recursive)")
    p.add_argument("--to", required=True, choices=["phh", "pokerstars", "ohh"], help="the format to write")
    p.add_argument("--output", "-o", required=True, metavar="DIR", help="folder for the converted files")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from handlog.writing.convert import convert

    output = Path(args.output)
    if output.exists() and not output.is_dir():
        sys.stderr.write(f"handlog convert: --output {output} is a file, not a folder\n")
        return EXIT_USAGE
    results, report = convert(args.paths, output, args.to)
    skipped: Counter[str] = Counter()
    converted = differing = 0
    for r in results:
        skipped.update(r.skipped)
        converted += r.converted
        differing += len(r.differing)
        if r.target is not None:
            sys.stdout.write(f"{r.source} -> {r.target} ({r.converted} hands)\n")
        if r.error is not None:
            sys.stderr.write(f"handlog convert: {r.source}: {r.error}\n")
        for note in r.notes:
            sys.stderr.write(f"handlog convert: {r.source}: hand {note}\n")
        for problem in r.differing:
            sys.stderr.write(f"handlog convert: {r.source}: hand {problem}\n")
    sys.stdout.write(
        f"{len(results)} files: {converted} hands converted, {sum(skipped.values())} not converted,"
        f" {differing} differing when read back\n"
    )
    for reason, n in skipped.most_common():
        sys.stdout.write(f"  {n:6d}  not converted: {reason}\n")
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    if not converted and not skipped and not differing:
        unknown = ReadReport(files=len(results))
        unknown.problems = [FileProblem(str(r.source), r.error) for r in results if r.error is not None]
        return no_hand_found("convert", args.paths, unknown)
    return EXIT_OK if not skipped and not differing and all(r.error is None for r in results) else EXIT_PROBLEMS
