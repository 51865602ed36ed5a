"""``handlog audit``: replay every hand under the rules and report each violation with file, line and code.

Exit 0 when no hand has an error-severity violation or is unparsed, 1 otherwise, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from handlog.audit import Audit, audit
from handlog.cli import jsonout
from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, print_problems, progress_records
from handlog.cli.rules_option import RulesFileError, add_rules_option, rules_file_problem, rules_from_args
from handlog.reading import HandRecord, ReadReport


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("audit", help="replay hands under the rules and report violations")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (recursive)")
    p.add_argument("--json", action="store_true", help="JSON Lines: one record per hand, then a summary")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--warnings", action="store_true", help="also list warnings in the human report")
    add_rules_option(p)
    p.set_defaults(run=run)


def record_json(record: HandRecord, result: Audit | None) -> dict[str, object]:
    out: dict[str, object] = {
        **jsonout.record_head(record),
        "status": "unparsed" if result is None else result.status,
        "violations": [v.as_dict() for v in result.violations] if result else [],
    }
    if record.error is not None:
        out["error"] = record.error.as_dict()
    if result is not None and result.replay.notes:  # what the replay read from the log's conventions, said aloud
        out["notes"] = list(result.replay.notes)
    return out


def run(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
    except RulesFileError as exc:
        return rules_file_problem("audit", exc)
    report = ReadReport()
    status: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    errors = False
    current_file = None
    out = sys.stdout
    for record in progress_records(args.paths, report, quiet=args.quiet or args.json):
        result = audit(record.hand, rules) if record.hand is not None else None
        state = "unparsed" if result is None else result.status
        status[state] += 1
        if result is None or result.has_errors:
            errors = True
        if result is not None:
            for v in result.violations:
                codes[f"{v.category.value}/{v.code}"] += 1
        if args.json:
            jsonout.write(record_json(record, result))
            continue
        shown = []
        if result is not None:
            shown = [v for v in result.violations if args.warnings or v.severity == "error"]
        if record.error is None and not shown:
            continue
        if record.file != current_file:
            current_file = record.file
            out.write(f"\n{record.file}\n")
        if record.error is not None:
            out.write(f"  hand {record.hand_id or '?'} (line {record.line}): unparsed: {record.error.message}"
                      f" (line {record.error.line})\n")
        for v in shown:
            out.write(f"  {record.file}:{v.line}: hand {record.hand_id}: {v.severity.value} {v.code}: {v.message}\n")
    total = sum(status.values())
    summary = {
        "files": report.files,
        "hands": total,
        "clean": status["clean"],
        "violations": status["violations"],
        "unparsed": status["unparsed"],
    }
    if args.json:
        jsonout.write({"summary": summary})
    else:
        out.write(
            f"\n{report.files} files, {total} hands: {status['clean']} clean, {status['violations']} with"
            f" violations, {status['unparsed']} unparsed\n"
        )
        for code, n in codes.most_common():
            out.write(f"  {n:6d}  {code}\n")
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    return EXIT_PROBLEMS if errors else EXIT_OK
