"""``handlog`` entry point. Exit codes: 0 all good, 1 some hand unparsed or in error, 2 usage error."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from handlog import __version__
from handlog.cli import anonymize_cmd, audit_cmd, convert_cmd, graph_cmd, parse_cmd, replay_cmd, stats_cmd
from handlog.cli.common import EXIT_PROBLEMS, EXIT_USAGE
from handlog.parallel import WorkerError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="handlog", description="Parse, replay and audit poker hand histories.")
    parser.add_argument("--version", action="version", version=f"handlog {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    parse_cmd.add_parser(sub)
    stats_cmd.add_parser(sub)
    graph_cmd.add_parser(sub)
    audit_cmd.add_parser(sub)
    anonymize_cmd.add_parser(sub)
    convert_cmd.add_parser(sub)
    replay_cmd.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    try:
        return int(args.run(args))
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    except WorkerError as exc:
        sys.stderr.write(f"handlog: {exc}\n")
        return EXIT_PROBLEMS


if __name__ == "__main__":
    sys.exit(main())
