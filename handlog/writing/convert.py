"""``convert``: every hand of a file written as PHH (one ``.phhs`` per input file), and the output checked.

A converter that is wrong makes hands other tools reject or, worse, silently read differently; so each written
file is read back and every hand replayed again: each player's net and the pots must be what the original hand
gave, or the hand is reported.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from handlog.engine import Replay, replay
from handlog.events import Hand
from handlog.outputs import UnsafeOutput, output_path
from handlog.reading import ReadReport, read
from handlog.reading.reader import iter_files
from handlog.writing.phh import Unconvertible, hand_to_phh


@dataclass(slots=True)
class FileResult:
    source: Path
    target: Path | None = None
    converted: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    differing: list[str] = field(default_factory=list)  # "hand id: what differs"
    error: str | None = None


def _outcome(rp: Replay) -> tuple[dict[str, Decimal], list[Decimal]]:
    nets = {name: r.net for name, r in rp.results.items() if r.net or r.committed}
    return nets, [p.amount for p in rp.pots]


def convert_file(root: Path, path: Path, output: Path, inputs: set[Path]) -> FileResult:
    result = FileResult(path)
    hands: list[Hand] = []
    tables: list[str] = []
    for record in read([path]):
        if record.hand is None:
            result.skipped["unparsed"] += 1
            continue
        try:
            tables.append(f"[{len(tables) + 1}]\n{hand_to_phh(record.hand)}")
        except Unconvertible as exc:
            result.skipped[str(exc)] += 1
            continue
        hands.append(record.hand)
    if not hands:
        result.error = "no hand to convert"
        return result
    try:
        target = output_path(output, root, path, suffix=".phhs")
    except UnsafeOutput as exc:
        result.error = str(exc)
        return result
    if target.resolve() in inputs:
        result.error = f"{target} is one of the input files: not overwritten"
        return result
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    part.write_text("\n".join(tables), encoding="utf-8")
    os.replace(part, target)
    result.target = target
    result.converted = len(hands)
    back = list(read([target]))
    for hand, record in zip(hands, back, strict=False):
        if record.hand is None:
            result.differing.append(f"{hand.hand_id}: the PHH does not read back ({record.error})")
            continue
        before, after = _outcome(replay(hand, states=False)), _outcome(replay(record.hand, states=False))
        if before != after:
            result.differing.append(f"{hand.hand_id}: nets and pots {before} became {after}")
    if len(back) != len(hands):
        result.differing.append(f"{len(hands)} hands written, {len(back)} read back")
    return result


def convert(paths: Sequence[str | os.PathLike[str]], output: Path) -> tuple[list[FileResult], ReadReport]:
    report = ReadReport()
    files = [(Path(root), path) for root in paths for path in iter_files([root], report)]
    inputs = {path.resolve() for _, path in files}
    return [convert_file(root, path, output, inputs) for root, path in files], report
