"""``handlog`` entry point. Exit codes: 0 all good, 1 some hand unparsed or in error, 2 usage error."""

from __future__ import annotations

import argparse
import gc
import importlib
import logging
import sys
from collections.abc import Sequence

from handlog import __version__
from handlog.cli.common import EXIT_PROBLEMS, EXIT_USAGE
from handlog.parallel import WorkerError
from handlog.store.errors import StoreError

COMMANDS = {
    "parse": "handlog.cli.parse_cmd",
    "stats": "handlog.cli.stats_cmd",
    "graph": "handlog.cli.graph_cmd",
    "audit": "handlog.cli.audit_cmd",
    "anonymize": "handlog.cli.anonymize_cmd",
    "convert": "handlog.cli.convert_cmd",
    "replay": "handlog.cli.replay_cmd",
    "import": "handlog.cli.import_cmd",
    "watch": "handlog.cli.watch_cmd",
    "tournaments": "handlog.cli.tournaments_cmd",
    "aliases": "handlog.cli.aliases_cmd",
    "rules": "handlog.cli.rules_cmd",
    "report": "handlog.cli.report_cmd",
}
"""Each subcommand and the module whose ``add_parser`` adds it (its options) and whose ``run`` runs it."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser. Given the ``command`` about to run, only that subcommand's module is imported
    and its options added; the others are names alone (so that a wrong name is still told the choices): a
    command does not pay at start-up for the modules of every other (statistics, the replayer, the database)."""
    parser = argparse.ArgumentParser(prog="handlog", description="Parse, replay and audit poker hand histories.")
    parser.add_argument("--version", action="version", version=f"handlog {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        if command is None or name == command:
            importlib.import_module(module).add_parser(sub)
        else:
            sub.add_parser(name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # The database driver logs what it ignores while cleaning up after a failure ("error ignored terminating
    # <psycopg.Copy>: the connection is lost"); the command says the failure itself in one line.
    logging.getLogger("psycopg").addHandler(logging.NullHandler())
    args_list = sys.argv[1:] if argv is None else list(argv)
    first = args_list[0] if args_list else None
    parser = build_parser(first if first in COMMANDS else None)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    # Everything imported so far lives as long as the process: out of the cyclic collector's sight, its full
    # collections stop walking the modules' objects again and again, and forked workers share the pages
    gc.freeze()
    try:
        return int(args.run(args))
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    except StoreError as exc:  # the hand database failed while working: one line (committed work is kept)
        sys.stderr.write(f"handlog {args.command}: {exc}\n")
        return EXIT_USAGE
    except WorkerError as exc:
        sys.stderr.write(f"handlog: {exc}\n")
        return EXIT_PROBLEMS
    except ValueError as exc:  # --player naming two players by their display name (loaded with the statistics)
        identity = sys.modules.get("handlog.stats.identity")
        if identity is None or not isinstance(exc, identity.AmbiguousPlayer):
            raise
        sys.stderr.write(f"handlog {args.command}: {exc}\n")
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
