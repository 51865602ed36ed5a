"""``handlog rules [NAME]``: the house rules shipped with handlog, listed, or one printed (to copy and edit).

Any of them, or a file of your own, is what ``--rules`` takes (audit, stats, replay, import, watch).
"""

from __future__ import annotations

import argparse
import sys

from handlog.cli.common import EXIT_OK, EXIT_USAGE


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "rules",
        help="list the bundled house rules, or print one",
        description="Without NAME: the bundled house rules, one a line (name, then what it is). With NAME: that "
        "file's text, to read or to copy and edit; --rules takes a bundled NAME or a file.",
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="a bundled rule set to print (e.g. holdem-de)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from handlog.engine.rules_file import RulesFileError, bundled_rules, load_rules

    bundled = bundled_rules()
    if args.name is None:
        if not bundled:
            sys.stderr.write("handlog rules: no house rules are installed\n")
            return EXIT_USAGE
        width = max(map(len, bundled))
        for name, path in bundled.items():
            try:
                title = load_rules(path).name
            except RulesFileError as exc:
                title = f"(cannot be read: {exc})"
            sys.stdout.write(f"{name:<{width}}  {title}\n")
        return EXIT_OK
    chosen = bundled.get(args.name.removesuffix(".toml"))
    if chosen is None:
        sys.stderr.write(
            f"handlog rules: no bundled rules named {args.name!r} (bundled: {', '.join(bundled) or 'none'})\n"
        )
        return EXIT_USAGE
    sys.stdout.write(chosen.read_text(encoding="utf-8-sig"))
    return EXIT_OK
