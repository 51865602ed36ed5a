"""``handlog aliases``: the aliases stored in the hand database, which merge one person's accounts in the
statistics (``handlog stats --db``, ``graph --db``) as trackers' player aliases do."""

from __future__ import annotations

import argparse
import sys

from handlog.cli.common import EXIT_OK, EXIT_USAGE
from handlog.cli.dbopts import add_db_argument, open_db


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "aliases",
        help="list or set the aliases stored in the hand database",
        description="Without arguments, list the stored aliases. With ALIAS and accounts (SITE:NAME), make those "
        "accounts the alias's (replacing the ones it had); with ALIAS alone and --remove, remove it. "
        "Exit codes: 0 ok, 2 usage error.",
    )
    p.add_argument("alias", nargs="?", metavar="ALIAS", help="the name that merges the accounts")
    p.add_argument("accounts", nargs="*", metavar="SITE:NAME", help="e.g. PokerStars:hero123 GGPoker:Hero")
    p.add_argument("--remove", action="store_true", help="remove ALIAS")
    add_db_argument(p, reading=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from handlog.stats.identity import AliasError
    from handlog.store.aliases import set_alias, stored_aliases

    if args.alias is not None and not args.accounts and not args.remove:
        sys.stderr.write("handlog aliases: give the accounts (SITE:NAME …) of the alias, or --remove\n")
        return EXIT_USAGE
    if args.remove and (args.alias is None or args.accounts):
        sys.stderr.write("handlog aliases: --remove takes the alias alone\n")
        return EXIT_USAGE
    db = open_db("aliases", args.db, create=args.alias is not None)
    if db is None:
        return EXIT_USAGE
    with db:
        try:
            aliases = stored_aliases(db) if args.alias is None else set_alias(db, args.alias, args.accounts)
        except AliasError as exc:
            sys.stderr.write(f"handlog aliases: {exc}\n")
            return EXIT_USAGE
    grouped: dict[str, list[str]] = {}
    for (site, player), alias in sorted(aliases.names.items()):
        grouped.setdefault(alias, []).append(f"{site}:{player}")
    for alias, accounts in sorted(grouped.items()):
        sys.stdout.write(f"{alias} = {', '.join(accounts)}\n")
    return EXIT_OK
