"""``convert``: every hand of a file written in another format (one file per input file), and the output checked.

A converter that is wrong makes hands other tools reject or, worse, silently read differently; so each written
file is read back and every hand replayed again, under the rules of the room the hand came from: each player's
net and the pots must be what the original hand gave, or the hand is reported. What the target format cannot say
is reported per hand too (``FileResult.notes``), and a hand it cannot hold at all is not written (``skipped``).

The targets: ``phh`` (one ``.phhs`` per input file, tables ``[1]``, ``[2]`` …), ``pokerstars`` (one ``.txt``
per input file, in PokerStars' layout, hands separated by blank lines) and ``ohh`` (one ``.ohh`` per input file,
Open Hand History objects separated by a blank line).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from handlog.engine import Replay, replay
from handlog.engine.rules import profile_for
from handlog.events import Hand
from handlog.outputs import UnsafeOutput, output_path
from handlog.reading import ReadReport, read
from handlog.reading.reader import iter_files
from handlog.writing import ohh
from handlog.writing.base import Unconvertible, Written
from handlog.writing.phh import hand_to_phh
from handlog.writing.pokerstars import hand_to_pokerstars


@dataclass(frozen=True, slots=True)
class Target:
    """A format hands are written in: how one hand is written and how a file's hands are joined."""

    name: str
    suffix: str
    write: Callable[[Hand], Written]
    join: Callable[[Sequence[str]], str]


def _phh(hand: Hand) -> Written:
    return Written(hand_to_phh(hand))


TARGETS: dict[str, Target] = {
    "phh": Target(
        "phh", ".phhs", _phh, lambda texts: "\n".join(f"[{k}]\n{t}" for k, t in enumerate(texts, 1))
    ),
    "pokerstars": Target("pokerstars", ".txt", hand_to_pokerstars, lambda texts: "".join(t + "\n\n" for t in texts)),
    "ohh": Target("ohh", ".ohh", ohh.hand_to_ohh, ohh.join),
}


@dataclass(slots=True)
class FileResult:
    source: Path
    target: Path | None = None
    converted: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    differing: list[str] = field(default_factory=list)  # "hand id: what differs"
    notes: list[str] = field(default_factory=list)  # "hand id: what the format cannot say"
    error: str | None = None


def _outcome(rp: Replay) -> tuple[dict[str, Decimal], list[Decimal]]:
    nets = {name: r.net for name, r in rp.results.items() if r.net or r.committed}
    return nets, [p.amount for p in rp.pots]


def convert_file(
    root: Path, path: Path, output: Path, inputs: set[Path], target: Target = TARGETS["phh"],
    taken: set[Path] | None = None,
) -> FileResult:
    """Write the hands of ``path`` (found under the input ``root``) into ``output`` as ``target``, then check them.
    ``taken``: the files written so far in this run (a name written twice gets the input's suffix kept)."""
    taken = set() if taken is None else taken
    result = FileResult(path)
    hands: list[Hand] = []
    texts: list[str] = []
    for record in read([path]):
        if record.hand is None:
            result.skipped["unparsed"] += 1
            continue
        try:
            written = target.write(record.hand)
        except Unconvertible as exc:
            result.skipped[str(exc)] += 1
            continue
        texts.append(written.text)
        result.notes.extend(f"{record.hand.hand_id}: {note}" for note in written.notes)
        hands.append(record.hand)
    if not hands:
        result.error = "no hand to convert"
        return result
    try:
        target_path = output_path(output, root, path, suffix=target.suffix)
    except UnsafeOutput as exc:
        result.error = str(exc)
        return result
    if target_path.resolve() in taken:  # "a.txt" and "a.xml" of one folder: the second keeps its own suffix
        target_path = target_path.with_name(path.name + target.suffix)
    if target_path.resolve() in taken:
        result.error = f"{target_path} was written for another input file: not overwritten"
        return result
    if target_path.resolve() in inputs:
        result.error = f"{target_path} is one of the input files: not overwritten"
        return result
    target_path.parent.mkdir(parents=True, exist_ok=True)
    part = target_path.with_name(target_path.name + ".part")
    part.write_text(target.join(texts), encoding="utf-8")
    os.replace(part, target_path)
    taken.add(target_path.resolve())
    result.target = target_path
    result.converted = len(hands)
    back = list(read([target_path]))
    for hand, record in zip(hands, back, strict=False):
        if record.hand is None:
            result.differing.append(f"{hand.hand_id}: the {target.name} text does not read back ({record.error})")
            continue
        # the copy is replayed under the rules of the room the hand was dealt in, not of the format's room
        rules = profile_for(hand.site)
        before, after = _outcome(replay(hand, rules, states=False)), _outcome(replay(record.hand, rules, states=False))
        if before != after:
            result.differing.append(f"{hand.hand_id}: nets and pots {before} became {after}")
    if len(back) != len(hands):
        result.differing.append(f"{len(hands)} hands written, {len(back)} read back")
    return result


def convert(
    paths: Sequence[str | os.PathLike[str]], output: Path, to: str = "phh"
) -> tuple[list[FileResult], ReadReport]:
    report = ReadReport()
    target = TARGETS[to]
    files = [(Path(root), path) for root in paths for path in iter_files([root], report)]
    inputs = {path.resolve() for _, path in files}
    taken: set[Path] = set()
    return [convert_file(root, path, output, inputs, target, taken) for root, path in files], report
