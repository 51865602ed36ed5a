"""Golden files: an input beside every hand it must become: one layout and one harness for every room.

``<dir>/<name>.<ext>`` is one input file (``.txt`` for the text rooms and the document rooms' samples, ``.phh`` /
``.phhs`` for PHH: real hands with the players anonymised, "Hero" kept, or hands written for the tests), read
through the registry as a user's file would be. ``<name>.json`` is a list with one entry per hand of the file:
``{"hand": …}``, the ``Hand`` dumped without its default values (:func:`lean`: a 47-line hand stays near 47 lines,
not 400) and, where the golden test asks for the replay (``replay=True``: PHH), ``"nets"`` (every player's net after
the replay) and ``"violations"`` (the audit's codes).

The comparison is of models: each expected hand is validated back into a ``Hand`` (the defaults restored) and its
whole dump, every default included, must equal the dump of the hand read (so amounts keep their printed scale).

After a deliberate change of the model or a reader, rewrite the expectations with ``HANDLOG_REGEN_GOLDEN=1 pytest
tests/formats`` and review the diff of the JSON files; ``python tests/formats/goldens.py`` rewrites every golden
file in this layout (also one written in an older layout: a whole ``Hand`` dump, defaults and all) and refuses to
write any whose hands would differ from those it holds.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from handlog.audit import audit
from handlog.events import Hand
from handlog.reading import read_text

REGEN = os.environ.get("HANDLOG_REGEN_GOLDEN") == "1"
HERE = Path(__file__).parent
INPUTS = (".txt", ".phh", ".phhs")
"""What a golden input file's name ends with."""

Entry = dict[str, Any]


def cases(directory: Path) -> list[str]:
    """The golden hands' names (the ``.txt`` files) of a folder."""
    return sorted(p.stem for p in directory.glob("*.txt"))


def inputs(directory: Path) -> list[str]:
    """Every golden input's file name in a folder, whatever its format."""
    return sorted(p.name for p in directory.iterdir() if p.suffix in INPUTS)


def first_difference(expected: Any, actual: Any, path: str = "$") -> str | None:
    if type(expected) is not type(actual):
        return f"{path}: expected {expected!r}, got {actual!r}"
    if isinstance(expected, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual or key not in expected:
                return f"{path}.{key}: present on one side only"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(e, a, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {len(actual)}"
        return None
    return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"


def lean(hand: Hand) -> dict[str, Any]:
    """``hand`` as JSON without its default values, but every event's ``kind`` kept (the tag that says which
    event a dict is: a default, yet needed to read it back)."""
    full = hand.model_dump(mode="json")
    return _with_kinds(hand.model_dump(mode="json", exclude_defaults=True), full)


def _with_kinds(short: Any, full: Any) -> Any:
    if isinstance(short, dict):
        out = {"kind": full["kind"]} if "kind" in full else {}
        out.update({k: _with_kinds(v, full[k]) for k, v in short.items()})
        return out
    if isinstance(short, list):
        return [_with_kinds(s, f) for s, f in zip(short, full, strict=True)]
    return short


def hands_of(path: Path) -> list[Hand]:
    """Every hand of a golden input, read through the registry (the file named by its name alone); none may fail."""
    records = read_text(path.read_text(encoding="utf-8"), file=path.name)
    assert records, f"{path.name}: no hand read"
    for record in records:
        assert record.error is None, record.error.describe(record.file) if record.error else ""
        assert record.hand is not None
    return [r.hand for r in records if r.hand is not None]


def read_golden(directory: Path, name: str) -> Hand:
    """The one hand of ``<name>.txt``."""
    hands = hands_of(directory / f"{name}.txt")
    assert len(hands) == 1
    return hands[0]


def replayed(hand: Hand) -> Entry:
    """What the replay says of a hand: every player's net and the audit's violation codes."""
    result = audit(hand)
    return {
        "nets": {name: str(r.net) for name, r in sorted(result.replay.results.items())},
        "violations": [v.code for v in result.violations],
    }


def entries(hands: Iterable[Hand], replay: bool) -> list[Entry]:
    """The golden file's entries for ``hands`` (with the replay's nets and codes when ``replay``)."""
    return [{"hand": lean(h), **(replayed(h) if replay else {})} for h in hands]


def stored(path: Path) -> list[Entry]:
    """A golden file's entries; a file in the older layout (one whole ``Hand`` dump) is one entry."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [{"hand": data}] if isinstance(data, dict) else list(data)


def expected_dump(entry: Entry) -> dict[str, Any]:
    """The whole dump (defaults included) of the hand an entry holds, read back through the model."""
    return Hand.model_validate(entry["hand"]).model_dump(mode="json")


def difference(expected: list[Entry], hands: list[Hand], replay: bool) -> str | None:
    """Where the stored entries and the hands read differ (hands compared as models), or None."""
    if len(expected) != len(hands):
        return f"expected {len(expected)} hands, read {len(hands)}"
    for i, (entry, hand) in enumerate(zip(expected, hands, strict=True)):
        found = first_difference(expected_dump(entry), hand.model_dump(mode="json"), f"hand {i}")
        if found is None and replay:
            found = first_difference({k: entry.get(k) for k in ("nets", "violations")}, replayed(hand), f"hand {i}")
        if found:
            return found
    return None


def write(path: Path, items: list[Entry]) -> None:
    path.write_text(dumps(items) + "\n", encoding="utf-8")


def dumps(value: Any, depth: int = 0, width: int = 120) -> str:
    """JSON with one line for whatever fits in ``width`` (a seat, an event), else one line per member."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + depth <= width or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (depth + 1)
    if isinstance(value, dict):
        inner = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {dumps(v, depth + 1, width)}" for k, v in value.items()]
        return "{\n" + ",\n".join(inner) + "\n" + " " * depth + "}"
    inner = [pad + dumps(v, depth + 1, width) for v in value]
    return "[\n" + ",\n".join(inner) + "\n" + " " * depth + "]"


def check_golden(directory: Path, name: str, replay: bool = False) -> None:
    """The hands read from input ``name`` (a file name, or the stem of a ``.txt``) are exactly those of its
    ``.json`` (and, with ``replay``, replay to its nets and violation codes)."""
    source = directory / name if Path(name).suffix in INPUTS else directory / f"{name}.txt"
    expected_path = source.with_suffix(".json")
    hands = hands_of(source)
    if REGEN:
        write(expected_path, entries(hands, replay))
    if not expected_path.exists():
        pytest.fail(f"no {expected_path.name}: run with HANDLOG_REGEN_GOLDEN=1 to create it, then review it")
    found = difference(stored(expected_path), hands, replay)
    assert found is None, f"{expected_path.name}: {found}"


def assert_anonymised(hand: Hand) -> None:
    """Every name is "Hero" or "PlayerN": the anonymisation kept nobody's screen name."""
    for seat in hand.seats:
        assert seat.player == "Hero" or seat.player.removeprefix("Player").isdigit(), seat.player


def rewrite_all(root: Path = HERE, accept_changes: bool = False) -> int:
    """Rewrite every golden file below ``root`` in the lean layout, each only if the hands it holds equal the
    hands read now (compared as models; nets and codes kept where the file has them): the layout changes, the
    expectations do not. ``accept_changes`` writes the changed ones too (after a deliberate change). The number
    of files whose hands differ."""
    changed = 0
    for path in sorted(root.glob("golden*/**/*.json")):
        sources = [path.with_suffix(s) for s in INPUTS if path.with_suffix(s).exists()]
        if len(sources) != 1:
            continue
        old = stored(path)
        replay = all("nets" in e for e in old)
        hands = hands_of(sources[0])
        found = difference(old, hands, replay)
        if found is not None:
            changed += 1
            print(f"{path.relative_to(root)}: {found}", file=sys.stderr)
            if not accept_changes:
                continue
        write(path, entries(hands, replay))
    return changed


if __name__ == "__main__":
    sys.exit(1 if rewrite_all(accept_changes="--accept-changes" in sys.argv[1:]) else 0)
