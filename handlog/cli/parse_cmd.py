"""``handlog parse``: read hand histories and report, per hand, whether it parsed (and its events)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass
from functools import partial

from handlog.cli import jsonout
from handlog.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, add_jobs_argument, print_problems, progress
from handlog.parallel import Compact, map_records
from handlog.reading import HandRecord, ReadReport


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("parse", help="parse hand histories into typed events")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (recursive)")
    p.add_argument("--json", action="store_true", help="JSON Lines: one record per hand, then a summary")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_jobs_argument(p)
    p.set_defaults(run=run)


def record_json(record: HandRecord) -> dict[str, object]:
    hand = record.hand
    return {
        **jsonout.record_head(record),
        "status": record.status,
        "error": None if record.error is None else record.error.as_dict(),
        "header": jsonout.hand_header(hand) if hand else None,
        "events": [e.model_dump(mode="json") for e in hand.events] if hand else [],
    }


@dataclass(frozen=True, slots=True)
class Parsed(Compact):
    """What the report needs of one hand (computed in a worker process): its status, its game and its
    output (the JSON line, or the failure line of the human report)."""

    status: str
    game: str
    text: str


def parsed(as_json: bool, record: HandRecord) -> Parsed:
    game = f"{record.game or '?'} {record.structure or ''}".strip()
    if as_json:
        return Parsed(record.status, game, jsonout.dumps(record_json(record)) + "\n")
    text = ""
    if record.error is not None:
        text = f"unparsed hand {record.hand_id or '?'}: {record.error.describe(record.file)}\n"
    return Parsed(record.status, game, text)


def run(args: argparse.Namespace) -> int:
    report = ReadReport()
    counts: Counter[str] = Counter()
    games: Counter[str] = Counter()
    failures: list[str] = []
    out = sys.stdout
    for hand in progress(map_records(partial(parsed, args.json), args.paths, report, args.jobs),
                         quiet=args.quiet or args.json):  # fmt: skip
        counts[hand.status] += 1
        games[hand.game] += 1
        if args.json:
            out.write(hand.text)
        elif hand.text:
            failures.append(hand.text)
    total = sum(counts.values())
    summary = {"files": report.files, "hands": total, "parsed": counts["parsed"], "unparsed": counts["unparsed"]}
    if args.json:
        jsonout.write({"summary": summary})
    else:
        out.writelines(failures)
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
