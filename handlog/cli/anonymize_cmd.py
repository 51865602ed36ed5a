"""``handlog anonymize PATH... --output DIR``: pseudonyms for every player, chat masked, nothing else changed.

Exit 0 when every file was written, 1 when some file was not (and why), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, print_problems


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "anonymize",
        help="replace player names by pseudonyms (and mask chat) in copies of the files",
        description="Copies of the hand histories under DIR (the folders kept), with every player's name replaced by "
        "a pseudonym, the same in every file of the run (and of every run with the same --salt), chat words masked, "
        "every other byte unchanged. A file is not written when a hand in it cannot be read or a name cannot be "
        "replaced safely.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (recursive)")
    p.add_argument("--output", "-o", required=True, metavar="DIR", help="folder for the anonymised copies")
    p.add_argument("--keep", action="append", default=[], metavar="NAME", help="a name to keep as it is (repeatable)")
    p.add_argument("--salt", metavar="S", help="the same salt gives the same pseudonyms in every run (default: random)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from handlog.anonymize import Anonymizer

    output = Path(args.output)
    if output.exists() and not output.is_dir():
        sys.stderr.write(f"handlog anonymize: --output {output} is a file, not a folder\n")
        return EXIT_USAGE
    anonymizer = Anonymizer(output, keep=args.keep, salt=args.salt)
    outcomes, report = anonymizer.run(args.paths)
    written = 0
    for outcome in outcomes:
        if outcome.error is None:
            written += 1
            sys.stdout.write(f"{outcome.source} -> {outcome.target}\n")
        else:
            sys.stderr.write(f"handlog anonymize: {outcome.source}: {outcome.error}\n")
    sys.stdout.write(
        f"{written} of {len(outcomes)} files written to {output}; {len(anonymizer.mapping)} names replaced\n"
    )
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    return EXIT_OK if written == len(outcomes) else EXIT_PROBLEMS
