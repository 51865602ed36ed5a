"""``handlog anonymize PATH... --output DIR``: pseudonyms for every player, chat masked, nothing else changed.

Exit 0 when every file was written, 1 when some file was left out (each listed, and why, with a count), 2 on a
usage error. A file in which no hand was found (a tournament summary, an unknown format) is left out: its names are
unknown; ``--copy-unknown`` copies such files as they are, with a warning for each.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, add_jobs_argument, no_hand_found, print_problems
from handlog.reading.reader import FileProblem, ReadReport

if TYPE_CHECKING:
    from handlog.anonymize import Outcome


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "anonymize",
        help="replace player names by pseudonyms (and mask chat) in copies of the files",
        description="Copies of the hand histories under DIR (the folders kept), with every player's name replaced by "
        "a pseudonym, the same in every file of the run (and of every run with the same --salt), chat words masked, "
        "every other byte unchanged; names in file and folder names are replaced too. A file is left out (listed, "
        "exit 1) when no hand is found in it (a tournament summary, an unknown format: its names are unknown), a "
        "hand in it cannot be read, or a name cannot be replaced safely.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (recursive)")
    p.add_argument("--output", "-o", required=True, metavar="DIR", help="folder for the anonymised copies")
    p.add_argument("--keep", action="append", default=[], metavar="NAME", help="a name to keep as it is (repeatable)")
    p.add_argument("--salt", metavar="S", help="the same salt gives the same pseudonyms in every run (default: random)")
    p.add_argument(
        "--copy-unknown", action="store_true",
        help="copy files in which no hand is found as they are (NOT anonymised; a warning for each)",
    )
    add_jobs_argument(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from handlog.anonymize import Anonymizer
    from handlog.parallel import default_jobs

    output = Path(args.output)
    if output.exists() and not output.is_dir():
        sys.stderr.write(f"handlog anonymize: --output {output} is a file, not a folder\n")
        return EXIT_USAGE
    anonymizer = Anonymizer(output, keep=args.keep, salt=args.salt, copy_unknown=args.copy_unknown)
    outcomes, report = anonymizer.run(args.paths, jobs=args.jobs or default_jobs())
    written = copied = 0
    for outcome in outcomes:
        if outcome.error is None:
            written += 1
            sys.stdout.write(f"{outcome.source} -> {outcome.target}\n")
            if outcome.copied_unknown:
                copied += 1
                sys.stderr.write(
                    f"handlog anonymize: warning: {outcome.source}: no hand found in it: copied as it is, NOT "
                    "anonymised (--copy-unknown)\n"
                )
        else:
            sys.stderr.write(f"handlog anonymize: {outcome.source}: {outcome.error}\n")
    left_out = len(outcomes) - written
    sys.stdout.write(
        f"{written} of {len(outcomes)} files written to {output}"
        + (f" ({copied} copied as they are, not anonymised)" if copied else "")
        + (f"; {left_out} left out (listed on stderr)" if left_out else "")
        + f"; {len(anonymizer.mapping)} names replaced\n"
    )
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    if not anonymizer.hands:
        return no_hand_found("anonymize", args.paths, _unrecognised(outcomes))
    return EXIT_OK if written == len(outcomes) else EXIT_PROBLEMS


def _unrecognised(outcomes: list[Outcome]) -> ReadReport:
    """The files of the run in which no hand was found, as ``no_hand_found`` names them."""
    report = ReadReport(files=len(outcomes))
    report.problems = [FileProblem(str(o.source), "no hand found") for o in outcomes if o.copied_unknown or (
        o.target is None and o.error is not None and o.error.startswith("no hand found"))]
    return report
