"""Where does a line never seen still cost the hand? (issue 26, docs/unknown-lines.md)

For a sample of clean hands of every room of the shared corpus (a few per reader and folder, fpdb and fresh), a
chip-free line of unknown text is inserted at EVERY line position of the hand after its header line (for an XML
room: an unknown element at every line of the hand's element), and the hand read again. Each insertion is
counted, per room and per position kind (what the line comes after: header block, seats, posts, each street,
showdown, summary, ... and whether a blank line is next to it), as one of:

- ``ok``: the hand is read with exactly one ``UnknownLine`` (the inserted one), the audit reports exactly one
  ``unknown-line`` and nothing else, and the hand's statistics rows equal the original's;
- ``known``: the line is a form the room's reader knows (a chat line ``Dealer: ...``, a player's timeout), read as
  such, the hand's statistics and audit unchanged;
- ``outside``: the hand is read as the original, the line left outside it (after the hand's last line and a blank
  line: the file's junk between hands, counted by the reader);
- ``unparsed``: the hand is no longer read (the reason's first words are tallied);
- ``split``: the line cut the hand in two (or the hand id was lost);
- ``other``: read, but not as ``ok`` (the line was read as something else, other violations, other statistics).

Usage: ``python bench/unknown_positions.py [--hands N] [--files N] [--room SUBSTRING] [--details]``.
Never run in CI: it reads a few hundred hands a few dozen times each (a minute or two).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from handlog.audit import audit
from handlog.events import Hand, UnknownLine
from handlog.reading import read_text, registry
from handlog.reading.decode import _decoded_lines
from handlog.reading.split import cut_hands
from handlog.stats.frame import SUPPORTED_GAMES, iter_rows

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
ROOTS = ("fpdb/cash", "fpdb/tour", "fresh")
SIDECARS = (".hp", ".hands", ".gt")
TEXT_LINES = ("Player3 has timed out", "Dealer: the table will close in 5 minutes", "Le joueur a quitté la table")
SEATED_LINES = ("{seated} has been disconnected and is given 30 seconds to reconnect", "{seated} se ha desconectado")
"""With ``--seated``: lines that name a seated player (the hand's first seat) and carry no chips."""
DOCUMENTS = ("igt", "ohh", "pokernow")
"""Readers of JSON and CSV documents: an unknown entry, not a line (``tests/formats/test_unknown_lines.py``)."""
XML_LINE = '<notice type="TABLE_NOTICE" text="the table will close"/>'
"""An element no XML room writes (a tag of its own, a type no reader knows), with no player and no amount."""
_TAG = re.compile(r"<\s*([A-Za-z_][\w.-]*)")


def _rows(hand: Hand) -> list[dict[str, object]]:
    return [{k: v for k, v in row.items() if k != "file"} for row in iter_rows([hand], include_unverified=True)]


def sections(hand: Hand, lines: list[str], first: int, marker: str | None) -> list[str]:
    """The section each line of the hand belongs to (index 0 = the header line)."""
    at: dict[int, str] = {}
    for seat in hand.seats:
        at.setdefault(seat.line, "seats")
    street = "deal"
    for e in hand.events:
        line = getattr(e, "line", 0)
        kind = e.kind
        if kind == "street":
            street = str(getattr(e, "street", "street"))
            label = street
        elif kind == "post":
            label = "posts"
        elif kind in ("show", "muck", "collect", "uncalled"):
            label = "showdown" if kind != "uncalled" else street
        elif kind in ("deal_hole",):
            label = "deal"
        else:
            label = street
        if line:
            at.setdefault(line - first, label)
    for line in (hand.summary.line, hand.summary.pot_line, hand.summary.board_line):
        if line:
            at[line - first] = "summary"
    for r in hand.summary.seats:
        at[r.line - first] = "summary"
    out, current, in_summary = [], "header", False
    for i, text in enumerate(lines):
        if marker and text.strip().startswith(marker):
            in_summary = True
        if in_summary:
            current = "summary"
        elif i in at:
            current = at[i]
        out.append(current)
    last = max((i for i, t in enumerate(lines) if t.strip()), default=0)
    for i in range(last + 1, len(lines)):
        out[i] = "end"
    return out


def position_kind(secs: list[str], lines: list[str], i: int) -> str:
    """The kind of the position before ``lines[i]`` (i == len(lines): after the last line)."""
    before = secs[i - 1]
    if i == len(lines) or all(not t.strip() for t in lines[i:]):
        kind = "after hand"
    elif i < len(lines) and secs[i] != before and before != "header":
        kind = f"{before}|{secs[i]}"
    else:
        kind = before
    if not lines[i - 1].strip() or (i < len(lines) and not lines[i].strip()):
        kind += " +blank"
    return kind


def clean_hands(path: Path, per_file: int) -> Iterator[tuple[str, list[str], Hand, str | None]]:
    try:
        lines = [ln.rstrip("\r\n") for ln in _decoded_lines(path.read_bytes())]
    except (OSError, ValueError):
        return
    fmt = registry.detect([ln for ln in lines[:200] if ln.strip()][:40])
    if fmt is None or fmt.name in DOCUMENTS:
        return
    found = 0
    for chunk in cut_hands(lines, fmt):
        if chunk.document is not None:
            continue  # XML: done by xml_hands
        records = read_text("\n".join(chunk.lines) + "\n")
        if len(records) != 1 or records[0].hand is None:
            continue
        hand = records[0].hand
        if hand.game not in SUPPORTED_GAMES or hand.cancelled or audit(hand).violations:
            continue
        if any(e.kind == "unknown" for e in hand.events):
            continue
        yield f"{fmt.name} {hand.site}", list(chunk.lines), hand, getattr(fmt, "summary_marker", None)
        found += 1
        if found >= per_file:
            return


def judge(original: Hand, lines: list[str], marker_text: str, at: int, alone: bool = True) -> tuple[str, str]:
    """The verdict on the hand read from ``lines`` (``alone``: the hand's own lines, else its whole file)."""
    records = read_text("\n".join(lines) + "\n")
    mine = [r for r in records if r.hand_id == original.hand_id]
    if len(mine) != 1 or (alone and len(records) > 1):
        parsed = [r for r in records if r.hand is not None]
        if len(mine) == 1 and mine[0].hand is not None and len(parsed) == 1:
            pass
        else:
            why = next((r.error.message for r in records if r.error is not None), "")
            return "split", why[:60]
    record = mine[0]
    if record.hand is None:
        assert record.error is not None
        return "unparsed", f"{record.error.message[:50]} | {record.error.text[:40] if record.error.text else ''}"
    hand = record.hand
    unknown = [e for e in hand.events if isinstance(e, UnknownLine)]
    if not unknown:
        read_as = [e.kind for e in hand.events if getattr(e, "line", 0) == at]
        if read_as and _rows(hand) == _rows(original) and not audit(hand).violations:
            return "known", read_as[0]
        if _rows(hand) == _rows(original) and not audit(hand).violations:
            return "outside", ""
        return "other", "no unknown line: " + ",".join(e.kind for e in hand.events if marker_text in str(e))[:50]
    if len(unknown) != 1 or marker_text not in unknown[0].text or unknown[0].action:
        return "other", f"unknown lines {[(u.text[:30], u.action) for u in unknown]}"
    codes = [v.code for v in audit(hand).violations]
    if codes != ["unknown-line"]:
        return "other", f"violations {codes[:4]}"
    if _rows(hand) != _rows(original):
        return "other", "statistics differ"
    return "ok", ""


def xml_cases(path: Path, per_file: int) -> Iterator[tuple[str, list[str], Hand, int, int]]:
    """Clean hands of an XML session file (at most ``per_file``): the file's lines, the hand, and the lines of
    its element (first, last; 1-based)."""
    try:
        lines = [ln.rstrip("\r\n") for ln in _decoded_lines(path.read_bytes())]
    except (OSError, ValueError):
        return
    if len(lines) > 600:
        return
    fmt = registry.detect([ln for ln in lines[:200] if ln.strip()][:40])
    if fmt is None or not isinstance(fmt, registry.StreamFormat):
        return
    found = 0
    for record in read_text("\n".join(lines) + "\n"):
        hand = record.hand
        if hand is None or hand.game not in SUPPORTED_GAMES or hand.cancelled or audit(hand).violations:
            continue
        if any(e.kind == "unknown" for e in hand.events):
            continue
        m = _TAG.search(lines[hand.line - 1])
        if m is None:
            continue
        close = f"</{m.group(1)}"
        end = next((i + 1 for i in range(hand.line - 1, len(lines)) if close in lines[i]), None)
        if end is None:
            continue
        yield f"{fmt.name} {hand.site}", lines, hand, hand.line, end
        found += 1
        if found >= per_file:
            return


def xml_kind(lines: list[str], i: int) -> str:
    """The kind of the position after ``lines[i - 1]``: the element it comes after (an opening or closing tag)."""
    text = lines[i - 1].strip()
    m = re.match(r"<\s*(/?)\s*([A-Za-z_][\w.-]*)", text)
    if m is None:
        return "text"
    if text.endswith("/>"):
        return f"after <{m.group(2)}/>"
    return f"after {'</' if m.group(1) else '<'}{m.group(2)}>"


NOTICE_ROW = "The table will close in 5 minutes"
"""A row of PokerNow's log no room writes, naming nobody, with no amount."""


def document_cases(path: Path, per_file: int) -> Iterator[tuple[str, str, Hand, list[str]]]:
    """Clean hands of a JSON or CSV file, each as a document of its own: (room, kind, hand, its lines)."""
    try:
        text = path.read_bytes().decode("utf-8-sig", errors="replace")
    except OSError:
        return
    lines = text.splitlines()
    fmt = registry.detect([ln for ln in lines[:200] if ln.strip()][:40])
    if fmt is None or fmt.name not in DOCUMENTS:
        return
    docs: list[list[str]] = []
    if fmt.name == "pokernow":
        records = list(csv.reader(lines[1:]))
        start = None
        for i, r in enumerate(records):  # newest first: a hand's rows run from its ending row to its starting row
            if r and r[0].startswith("-- ending hand"):
                start = i
            elif r and r[0].startswith("-- starting hand") and start is not None:
                docs.append([lines[0], *(_csv_line(x) for x in records[start : i + 1])])
                start = None
    else:
        decoder, at = json.JSONDecoder(), 0
        while (at := text.find("{", at)) >= 0:
            try:
                doc, at = decoder.raw_decode(text, at)
            except ValueError:
                break
            if fmt.name == "igt" and isinstance(doc, dict) and isinstance(doc.get("history"), list):
                docs.extend([json.dumps({"history": [h]})] for h in doc["history"])
            elif isinstance(doc, dict) and "ohh" in doc:
                docs.append(json.dumps(doc, indent=4).splitlines())
    found = 0
    for doc_lines in docs:
        recs = read_text("\n".join(doc_lines) + "\n")
        if len(recs) != 1 or recs[0].hand is None:
            continue
        hand = recs[0].hand
        if hand.game not in SUPPORTED_GAMES or hand.cancelled or audit(hand).violations:
            continue
        if any(e.kind == "unknown" for e in hand.events):
            continue
        yield f"{fmt.name} {hand.site}", fmt.name, hand, doc_lines
        found += 1
        if found >= per_file:
            return


def _csv_line(row: list[str]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(row)
    return out.getvalue()


def document_insertions(kind: str, lines: list[str]) -> Iterator[tuple[str, list[str]]]:
    """Every position of an unknown entry in the hand's document: (position kind, the document's lines)."""
    if kind == "pokernow":
        records = list(csv.reader(lines[1:]))
        for j in range(1, len(records)):  # before each row but the ending one, at its time: after it in the log
            row = [NOTICE_ROW, *records[j][1:]]
            yield "row", [lines[0], *(_csv_line(r) for r in records[:j]), _csv_line(row),
                          *(_csv_line(r) for r in records[j:])]
        return
    doc = json.loads("\n".join(lines))
    lists = [(f"round {h.get('round', '')}".strip(), h["action"]) for h in doc["history"]] if kind == "igt" else [
        (str(r.get("street", "round")), r["actions"]) for r in doc["ohh"]["rounds"]]
    key = "type" if kind == "igt" else "action"
    for name, actions in lists:
        for j in range(len(actions) + 1):
            actions.insert(j, {key: "TABLE_NOTICE"})
            yield name, json.dumps(doc, indent=None if kind == "igt" else 4).splitlines()
            actions.pop(j)


def sampled(args: argparse.Namespace, cases: Callable[[Path, int], Iterator[Any]]) -> Iterator[Any]:
    """The cases of a few files spread over each corpus folder, at most ``--hands`` per room and folder (a case's
    first item is its room)."""
    for root in ROOTS:
        for folder in sorted(p for p in (CORPUS / root).iterdir() if p.is_dir()):
            if args.room and args.room.lower() not in str(folder).lower():
                continue
            files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.endswith(SIDECARS))
            per_room: Counter[str] = Counter()
            for path in files[:: max(1, len(files) // args.files)]:
                for case in cases(path, args.per_file):
                    if per_room[case[0]] < args.hands:
                        per_room[case[0]] += 1
                        yield case


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=6, help="clean hands per reader and folder")
    ap.add_argument("--files", type=int, default=8, help="files per folder (spread over the folder)")
    ap.add_argument("--per-file", type=int, default=2)
    ap.add_argument("--room", default="")
    ap.add_argument("--details", action="store_true")
    ap.add_argument("--seated", action="store_true", help="insert lines naming a seated player (SEATED_LINES)")
    args = ap.parse_args()
    table: dict[str, Counter[str]] = defaultdict(Counter)
    kinds: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    reasons: dict[str, Counter[str]] = defaultdict(Counter)
    hands: Counter[str] = Counter()
    accepted: dict[str, Counter[str]] = defaultdict(Counter)
    def record(room: str, kind: str, verdict: str, why: str) -> None:
        table[room][verdict] += 1
        kinds[(room, kind)][verdict] += 1
        if verdict not in ("ok", "outside", "known"):
            reasons[room][f"{kind}: {verdict}: {why}"] += 1

    for room, lines, hand, marker in sampled(args, clean_hands):
        hands[room] += 1
        secs = sections(hand, lines, hand.line, marker)
        for i in range(1, len(lines) + 1):
            if args.seated:
                text = SEATED_LINES[i % len(SEATED_LINES)].format(seated=hand.seats[0].player)
            else:
                text = TEXT_LINES[i % len(TEXT_LINES)]
            changed = [*lines[:i], text, *lines[i:]]
            verdict, why = judge(hand, changed, text, i + 1)
            kind = position_kind(secs, lines, i)
            record(room, kind, verdict, why)
            if verdict in ("outside", "known"):
                accepted[room][f"{verdict} ({why or kind}): {text}"] += 1
    for room, lines, hand, first, last in sampled(args, xml_cases):
        hands[room] += 1
        for i in range(first, last):
            if not lines[i - 1].rstrip().endswith(">"):
                continue  # inside a tag written over several lines
            indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
            changed = [*lines[:i], indent + XML_LINE, *lines[i:]]
            verdict, why = judge(hand, changed, "TABLE_NOTICE", i + 1, alone=False)
            record(room, xml_kind(lines, i), verdict, why)
    for room, fmt_name, hand, doc_lines in sampled(args, document_cases):
        hands[room] += 1
        marker = NOTICE_ROW if fmt_name == "pokernow" else "TABLE_NOTICE"
        for kind, changed in document_insertions(fmt_name, doc_lines):
            verdict, why = judge(hand, changed, marker, -1)
            record(room, kind, verdict, why)
    print(f"{'room':32} {'hands':>5} {'ins':>6} {'ok':>6} {'known':>5} {'outside':>7} {'unparsed':>8} {'split':>5} "
          f"{'other':>5}")
    for room in sorted(table):
        c = table[room]
        print(f"{room:32} {hands[room]:5} {sum(c.values()):6} {c['ok']:6} {c['known']:5} {c['outside']:7} "
              f"{c['unparsed']:8} "
              f"{c['split']:5} {c['other']:5}")
    print("\nfailing position kinds (room, kind: verdicts):")
    for (room, kind), c in sorted(kinds.items()):
        bad = {k: n for k, n in c.items() if k not in ("ok", "outside", "known")}
        if bad:
            print(f"  {room:30} {kind:28} {bad} of {sum(c.values())}")
    if args.details:
        print("\nread as a known line, or outside the hand:")
        for room in sorted(accepted):
            for why, n in accepted[room].most_common(6):
                print(f"  {room:30} {n:4}  {why}")
        print("\nreasons:")
        for room in sorted(reasons):
            for why, n in reasons[room].most_common(12):
                print(f"  {room:30} {n:4}  {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
