"""``handlog parse``: read hand histories and report, per hand, whether it parsed (and its events)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from handlog.cli import jsonout
from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, print_problems, progress_records
from handlog.reading import HandRecord, ReadReport


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("parse", help="parse hand histories into typed events")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (recursive)")
    p.add_argument("--json", action="store_true", help="JSON Lines: one record per hand, then a summary")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def record_json(record: HandRecord) -> dict[str, object]:
    hand = record.hand
    return {
        **jsonout.record_head(record),
        "status": record.status,
        "error": None if record.error is None else record.error.as_dict(),
        "events": [e.model_dump(mode="json") for e in hand.events] if hand else [],
    }


def run(args: argparse.Namespace) -> int:
    report = ReadReport()
    counts: Counter[str] = Counter()
    games: Counter[str] = Counter()
    failures: list[HandRecord] = []
    for record in progress_records(args.paths, report, quiet=args.quiet or args.json):
        counts[record.status] += 1
        games[f"{record.game or '?'} {record.structure or ''}".strip()] += 1
        if args.json:
            jsonout.write(record_json(record))
        elif record.error is not None:
            failures.append(record)
    total = sum(counts.values())
    summary = {"files": report.files, "hands": total, "parsed": counts["parsed"], "unparsed": counts["unparsed"]}
    if args.json:
        jsonout.write({"summary": summary})
    else:
        out = sys.stdout
        for record in failures:
            assert record.error is not None
            out.write(f"unparsed hand {record.hand_id or '?'}: {record.error.describe(record.file)}\n")
        out.write(
            f"{report.files} files, {total} hands: {counts['parsed']} parsed, {counts['unparsed']} unparsed\n"
        )
        for game, n in sorted(games.items()):
            out.write(f"  {game}: {n}\n")
        if report.junk_lines:
            out.write(f"  {report.junk_lines} lines outside any hand were skipped\n")
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    return EXIT_PROBLEMS if counts["unparsed"] else EXIT_OK
