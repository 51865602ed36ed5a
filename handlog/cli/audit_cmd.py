"""``handlog audit``: replay every hand under the rules and report each violation with file, line and code.

Exit 0 when no hand has an error-severity violation or is unparsed, 1 otherwise, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from handlog.audit import Audit, audit
from handlog.checks.unknown import unknown_lines
from handlog.cli import jsonout
from handlog.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    EngineError,
    add_engine_arguments,
    add_jobs_argument,
    engine_executor,
    no_hand_found,
    print_problems,
    progress,
)
from handlog.cli.dbopts import add_db_argument, add_filter_arguments, db_source, filters_from, stored_records
from handlog.cli.rules_option import RulesFileError, add_rules_option, rules_file_problem, rules_from_args
from handlog.engine import RulesProfile
from handlog.engine.views import slot_setters
from handlog.parallel import Compact, map_records
from handlog.reading import HandRecord, ReadReport
from handlog.reading.dedupe import Dedupe
from handlog.store.filters import Filters

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from handlog.db import Database


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("audit", help="replay hands under the rules and report violations")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (recursive); none with --db")
    add_db_argument(p)
    add_filter_arguments(p)
    p.add_argument("--json", action="store_true", help="JSON Lines: one record per hand, then a summary")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--warnings", action="store_true", help="also list warnings in the human report")
    add_jobs_argument(p)
    add_engine_arguments(p)
    add_rules_option(p)
    p.set_defaults(run=run)


def record_json(record: HandRecord, result: Audit | None, unknown: int | None = None) -> dict[str, object]:
    """The hand's JSON record (``unknown``: its count of unknown lines, when the caller has it already)."""
    out: dict[str, object] = {
        **jsonout.record_head(record),
        "status": "unparsed" if result is None else result.status,
        "violations": [v.as_dict() for v in result.violations] if result else [],
    }
    if record.error is not None:
        out["error"] = record.error.as_dict()
    if result is not None and result.replay.notes:  # what the replay read from the log's conventions, said aloud
        out["notes"] = list(result.replay.notes)
    if unknown is None and result is not None:
        unknown = len(unknown_lines(result.replay.hand))
    if result is not None and unknown:  # docs/unknown-lines.md
        out["unknown_lines"] = unknown
        out["unverified"] = result.unverified
    return out


@dataclass(frozen=True, slots=True)
class Verdict(Compact):
    """What the report needs of one audited hand (computed in a worker process): its state, the violation
    codes, and its output (the JSON line, or the human report's lines for it)."""

    file: str
    state: str
    has_errors: bool
    codes: tuple[str, ...]
    text: str
    unknown: int = 0
    """The hand's lines its reader did not know (docs/unknown-lines.md)."""
    unverified: bool = False
    """Left out of statistics unless asked: an unknown line its numbers do not prove, or an unknown action."""


def verdict(as_json: bool, warnings: bool, rules: RulesProfile | None, record: HandRecord) -> Verdict:
    """Audit one hand (under the house ``rules``, else its site's) and render its part of the output."""
    result = audit(record.hand, rules) if record.hand is not None else None
    state = "unparsed" if result is None else result.status
    # ``_value_``: the value ``.value`` gives, without that property's Python-level descriptor
    codes = tuple(f"{v.category._value_}/{v.code}" for v in result.violations) if result is not None else ()
    has_errors = result is None or result.has_errors
    unknown = len(unknown_lines(result.replay.hand)) if result is not None else 0
    unverified = unknown > 0 and result is not None and result.unverified
    if as_json:
        text = jsonout.dumps(record_json(record, result, unknown)) + "\n"
        return _verdict(record.file, state, has_errors, codes, text, unknown, unverified)
    lines: list[str] = []
    if record.error is not None:
        lines.append(f"  hand {record.hand_id or '?'} (line {record.line}): unparsed: {record.error.message}"
                     f" (line {record.error.line})\n")
    if result is not None:
        for v in result.violations:
            if warnings or v.severity == "error":
                lines.append(
                    f"  {record.file}:{v.line}: hand {record.hand_id}: {v.severity.value} {v.code}: {v.message}\n"
                )
    return Verdict(record.file, state, has_errors, codes, "".join(lines), unknown, unverified)


_new_object = object.__new__
(_set_file, _set_state, _set_has_errors, _set_codes, _set_text, _set_unknown, _set_unverified) = slot_setters(Verdict)


def _verdict(
    file: str, state: str, has_errors: bool, codes: tuple[str, ...], text: str, unknown: int, unverified: bool
) -> Verdict:
    """``Verdict(...)`` through the slots' own setters (``views.slot_setters``; one verdict per hand;
    tests/cli/test_audit_cmd.py)."""
    made = _new_object(Verdict)
    _set_file(made, file)
    _set_state(made, state)
    _set_has_errors(made, has_errors)
    _set_codes(made, codes)
    _set_text(made, text)
    _set_unknown(made, unknown)
    _set_unverified(made, unverified)
    return made


def kept_verdict(
    filters: Filters, as_json: bool, warnings: bool, rules: RulesProfile | None, record: HandRecord
) -> Verdict | None:
    """``verdict`` of a hand the filters keep, None for one they leave out (files and database alike)."""
    return verdict(as_json, warnings, rules, record) if filters.keep(record) else None


def run(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
    except RulesFileError as exc:
        return rules_file_problem("audit", exc)
    source = db_source("audit", args)
    if isinstance(source, int):
        return source
    try:
        with engine_executor(args) as executor:
            return _run(args, executor, rules, source)
    except EngineError as exc:
        sys.stderr.write(f"handlog audit: {exc}\n")
        return EXIT_USAGE


def _run(
    args: argparse.Namespace, executor: Executor | None, rules: RulesProfile | None, source: Database | None
) -> int:
    """Audit the hands of the files (over ``--jobs`` workers) or of the database ``source`` (its stored hands
    parsed again, re-checked under today's rules)."""
    report = ReadReport()
    status: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    errors = False
    current_file = None
    out = sys.stdout
    filters = filters_from(args)
    work = partial(kept_verdict, filters, args.json, args.warnings, rules)
    dedupe = Dedupe()
    verdicts = (
        map_records(work, args.paths, report, args.jobs, executor, dedupe=dedupe)
        if source is None
        else (work(record) for record in stored_records(source, report))
    )
    seen = 0
    for v in progress(verdicts, quiet=args.quiet or args.json):
        seen += 1
        if v is None:  # a hand the filters leave out
            continue
        status[v.state] += 1
        status["unknown_lines"] += v.unknown > 0
        status["unverified"] += v.unverified
        errors = errors or v.has_errors
        codes.update(v.codes)
        if args.json or not v.text:
            out.write(v.text)
            continue
        if v.file != current_file:
            current_file = v.file
            out.write(f"\n{v.file}\n")
        out.write(v.text)
    total = status["clean"] + status["violations"] + status["unparsed"]
    if total == 0 and not filters.empty:
        from handlog.cli.filtermiss import report_miss, seen_in

        print_problems(report)
        return report_miss("audit", filters, seen_in(args.paths, args.jobs, source))
    summary = {
        "files": report.files,
        "hands": total,
        "clean": status["clean"],
        "violations": status["violations"],
        "unparsed": status["unparsed"],
        "duplicates": len(dedupe.duplicates),
    }
    if status["unknown_lines"]:  # hands holding a line their reader did not know, and of those the unverified
        summary |= {"unknown_lines": status["unknown_lines"], "unverified": status["unverified"]}
    if report.junk_lines:  # read, in no hand (each file's on stderr)
        summary["outside_lines"] = report.junk_lines
    if args.json:
        for d in dedupe.duplicates:  # a record each, as the hands': where, which hand, and the copy kept
            jsonout.write({"file": d.file, "line": d.line, "hand_id": d.hand_id, "site": d.site,
                           "status": "duplicate", "duplicate_of": {"file": d.first_file, "line": d.first_line},
                           "text_differs": d.differs})  # fmt: skip
        jsonout.write({"summary": summary})
    else:
        out.write(
            f"\n{report.files} files, {total} hands: {status['clean']} clean, {status['violations']} with"
            f" violations, {status['unparsed']} unparsed\n"
        )
        if status["unknown_lines"]:
            out.write(
                f"{status['unknown_lines']} hands hold a line their reader did not know; {status['unverified']} of"
                " them are left out of statistics (unknown-line and unknown-action errors: docs/unknown-lines.md)\n"
            )
        for code, n in codes.most_common():
            out.write(f"  {n:6d}  {code}\n")
        if dedupe.duplicates:
            out.write(f"\n{len(dedupe.duplicates)} duplicate hands skipped (read before: the same site and hand id)\n")
            for d in dedupe.duplicates:
                differs = "; its text differs (notice): the first is kept" if d.differs else ""
                out.write(f"  {d.file}:{d.line}: hand {d.hand_id or '?'} ({d.site}): duplicate of "
                          f"{d.first_file}:{d.first_line}{differs}\n")  # fmt: skip
    print_problems(report)
    if any(p.usage for p in report.problems):
        return EXIT_USAGE
    if not seen:
        return no_hand_found("audit", args.paths if source is None else ["the database"], report)
    return EXIT_PROBLEMS if errors else EXIT_OK
