"""Write a large PokerStars hand-history file made of real hands with fresh hand ids.

The corpus's PokerStars hands (every game; cut as the reader cuts them) are repeated in order until the file
holds ``--hands`` hands; each copy gets a new hand id (sequential, from ``--first-id``), so that a database
import or a duplicate check sees a million different hands. Written as it goes: memory does not grow with
the size of the file.

    python bench/make_hands.py --hands 1000000 -o /tmp/million.txt
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from bench_parse import CORPUS

from handlog.formats.pokerstars import PokerStarsFormat
from handlog.reading.decode import iter_lines
from handlog.reading.split import split_hands

HEADER_ID = re.compile(r"^(PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #)[0-9]+")
ROOTS = ("fpdb/cash/Stars", "fpdb/tour/Stars", "fpdb-extra/cash/Stars", "fpdb-extra/tour/Stars")


def real_hands() -> list[list[str]]:
    """Every PokerStars hand of the corpus, as lines."""
    fmt = PokerStarsFormat()
    hands: list[list[str]] = []
    for root in ROOTS:
        for path in sorted((CORPUS / root).rglob("*.txt")):
            with path.open("rb") as stream:
                hands.extend(chunk.lines for chunk in split_hands(iter_lines(stream), fmt))
    return [h for h in hands if HEADER_ID.match(h[0])]


def renumbered(hands: list[list[str]], count: int, first_id: int) -> Iterator[str]:
    """``count`` hands taken from ``hands`` in a cycle, each with the next hand id, as text."""
    for n in range(count):
        lines = hands[n % len(hands)]
        header = HEADER_ID.sub(lambda m, i=first_id + n: f"{m.group(1)}{i}", lines[0], count=1)
        yield "\n".join([header, *lines[1:]]) + "\n\n\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--first-id", type=int, default=900_000_000_000)
    ap.add_argument("-o", "--output", type=Path, required=True)
    args = ap.parse_args(argv)
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS} (set HANDLOG_CORPUS)", file=sys.stderr)
        return 2
    hands = real_hands()
    with args.output.open("w", encoding="utf-8", newline="\n") as out:
        for text in renumbered(hands, args.hands, args.first_id):
            out.write(text)
    size = args.output.stat().st_size
    print(f"{args.hands} hands ({len(hands)} real ones, repeated) in {args.output}: {size / 1e6:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
