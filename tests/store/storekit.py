"""Helpers for the store tests: real hands with fresh ids, and where the samples and the corpus are."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
CORPUS = Path(os.environ.get("HANDLOG_CORPUS") or ROOT.parent / "shared" / "corpus")
"""../shared/corpus beside the clone (as CI lays it out); ``HANDLOG_CORPUS`` points elsewhere."""


def copied_samples(into: Path) -> Path:
    """A copy of ``samples/`` (its XML sessions too), modification times kept: a copy that looks freshly written
    would hold its last hands back until the file settles."""
    shutil.copytree(SAMPLES, into, copy_function=shutil.copy2)
    return into


HEADER = re.compile(r"^(PokerStars (?:Zoom )?(?:Hand|Game) #)(\d+)", re.MULTILINE)


def renumbered_hands(count: int, start: int = 9_000_000_000) -> list[str]:
    """``count`` real hands (the NL Hold'em cash sample, over and over) with fresh hand ids, each ending with
    the blank lines the client writes."""
    text = (SAMPLES / "nl_holdem_cash.txt").read_text(encoding="utf-8")
    pieces = [p.strip("\n") for p in HEADER.split(text)]
    hands = ["".join(pieces[i : i + 3]) for i in range(1, len(pieces), 3)]
    out = []
    for n in range(count):
        body = HEADER.sub(lambda m, n=n: f"{m.group(1)}{start + n}", hands[n % len(hands)], count=1)
        out.append(body + "\n\n\n")
    return out
