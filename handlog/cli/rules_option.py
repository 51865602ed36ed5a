"""``--rules FILE.toml``, shared by every command that replays hands (audit, stats, and replay or import).

A command adds the option with ``add_rules_option`` and gets the profile with ``rules_from_args``; a file that
cannot be used becomes one line on stderr and exit code 2 (``rules_file_problem``), before any hand is read.
"""

from __future__ import annotations

import argparse
import sys

from handlog.cli.common import EXIT_USAGE
from handlog.engine.rules import RulesProfile
from handlog.engine.rules_file import RulesFileError, bundled_rules, load_rules, resolve_rules

__all__ = ["RulesFileError", "add_rules_option", "rules_file_problem", "rules_from_args"]


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    names = ", ".join(bundled_rules()) or "none installed"
    parser.add_argument(
        "--rules", metavar="NAME|FILE.toml",
        help=f"house rules instead of each site's default rules: a bundled set ({names}; `handlog rules` lists "
        "and prints them) or a TOML file of RulesProfile settings",
    )


def rules_from_args(args: argparse.Namespace) -> RulesProfile | None:
    """The profile of ``--rules`` (None without it: each hand's site default): a bundled name or a file;
    raises ``RulesFileError``."""
    value = getattr(args, "rules", None)
    return load_rules(resolve_rules(value)) if value else None


def rules_file_problem(command: str, error: RulesFileError) -> int:
    """Report an unusable rules file in one line; the exit code for it."""
    sys.stderr.write(f"handlog {command}: {error}\n")
    return EXIT_USAGE
