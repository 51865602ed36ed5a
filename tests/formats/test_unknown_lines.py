"""Lines a reader does not know (docs/unknown-lines.md), room by room, on hands of each room.

For every room with a test hand of its own (the golden hands) and every room of the shared corpus, a clean hand
(no violation, a call of chips) is changed three ways, and the rule of issue 26 checked on the result:

- a chip-free unknown line inserted before its last call: the hand is read, the audit warns ``unknown-line``
  naming the line, and its statistics are the original's;
- an unknown line in place of that call: the room's own numbers no longer reconcile (the call's chips are not in
  the pot the room states), and ``unknown-line`` is an error that leaves the hand out of statistics;
- a seated player's action in a new form, inserted: ``unknown-action``, an error whatever the totals.

One case per reader and room (``ongame_2014 OnGame``), so every reader is covered, the document readers too. An
XML room's line is an element: the call's element with an unknown type (and no amount) is its chip-free unknown
line, with a type naming an ante its new-form action. A JSON document's (IGT, OHH) is an action entry alike, in the
hand's document alone; PokerNow's is a row of its CSV log at the call's time (newest first: after it in the file).
"""

from __future__ import annotations

import csv
import functools
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from corpus_files import CORPUS, SIDECARS, rel

from handlog.audit import audit
from handlog.checks.unknown import unverified
from handlog.engine.rules import profile_for
from handlog.events import Bet, Call, Hand, Post, Raise, UnknownLine
from handlog.reading import read_text, registry
from handlog.reading.decode import _decoded_lines
from handlog.stats.frame import SUPPORTED_GAMES, iter_rows

HERE = Path(__file__).parent
GOLDEN = sorted(p for p in HERE.glob("golden*/**/*.txt"))
CHIP_FREE = "Dealer shuffles the deck ~ please wait"
"""A line no room writes, with no player and no amount: a table notice of an unknown form."""
_TYPE = re.compile(r'\b(type|TYPE)="[^"]*"')
_OPENING = re.compile(r"<[A-Za-z]")
_TAG = re.compile(r"(</?)[A-Za-z_]+(?=[\s>/])")
_AMOUNT = re.compile(r'\b(amount|sum|value|VALUE|bet|BET)="[^"]*"')


@dataclass(frozen=True)
class Case:
    room: str
    """The room's reader and site (``ongame_2014 OnGame``): one case per reader and room."""
    source: str
    lines: list[str]
    hand: Hand
    call: Call
    proven: bool
    """The room states what could prove the hand: a total pot or rake (or it keeps none: a tournament, or a home
    game whose rules keep no rake, when it states what was collected), or every seat's stack after the hand."""
    kind: str = "text"
    """How the hand is written: ``text`` (a line grammar), ``xml``, ``csv`` (PokerNow's log), ``igt`` or ``ohh``
    (JSON documents: the hand's document alone, one JSON text)."""

    def index(self) -> int:
        return self.call.line - 1

    def _element(self, kind: str) -> str:
        """The call's element with its type (or, where the element's tag is its type, its tag) made ``kind`` and
        its amount 0."""
        line = self.lines[self.index()]
        line = _TYPE.sub(rf'\1="{kind}"', line) if _TYPE.search(line) else _TAG.sub(rf"\1{kind}", line)
        return _AMOUNT.sub(r'\1="0"', line)

    def _row(self, entry: str) -> str:
        """A row of PokerNow's log at the call's time and order (a row alike in both written after it in the file
        came before it)."""
        [row] = list(csv.reader([self.lines[self.index()]]))
        out = io.StringIO()
        csv.writer(out, lineterminator="").writerow([entry, *row[1:]])
        return out.getvalue()

    def _entries(self, doc: Any) -> list[dict[str, Any]]:
        """The JSON document's action entries that are calls, in order (the ``Call`` events' order)."""
        if self.kind == "igt":
            return [a for h in doc["history"] for a in h["action"] if a.get("type") == "ACTION_CALL"]
        return [a for r in doc["ohh"]["rounds"] for a in r["actions"] if _key(a.get("action")) == "call"]

    def _json(self, change: str) -> list[str]:
        doc = json.loads("\n".join(self.lines))
        calls = [e for e in self.hand.events if isinstance(e, Call) and (self.kind == "ohh" or not e.all_in)]
        entry = self._entries(doc)[calls.index(self.call)]
        owner = next(lst for lst in _action_lists(doc, self.kind) if any(a is entry for a in lst))
        at = next(i for i, a in enumerate(owner) if a is entry)
        who = {k: v for k, v in entry.items() if k in ("player", "player_id", "action_number")}
        kind_key = "type" if self.kind == "igt" else "action"
        if change == "chip-free":
            owner.insert(at, {**who, kind_key: "TABLE_NOTICE"})
        elif change == "in place":
            owner[at] = {**who, kind_key: "TABLE_NOTICE"}
        else:
            value = {"value": "0.00"} if self.kind == "igt" else {"amount": 0}
            owner.insert(at, {**who, kind_key: "DEAD_ANTE_NEW", **value})
        return json.dumps(doc, indent=None if self.kind == "igt" else 4).splitlines()

    def changed(self, change: str) -> list[str]:
        """The hand's lines with ``change`` made before the call: a ``chip-free`` unknown line inserted, one ``in
        place`` of the call, or a ``new-form`` action of the call's player inserted."""
        if self.kind in ("igt", "ohh"):
            return self._json(change)
        lines = list(self.lines)
        if self.kind == "xml":
            line = self._element("DEAD_ANTE_NEW" if change == "new-form" else "TABLE_NOTICE")
        elif change == "new-form":  # no colon after the name: several rooms write a chat line so ("P: text")
            player = f'"{self.call.player}"' if self.kind == "csv" else self.call.player
            line = f"{player} bets it all in a way never seen"
        else:
            line = CHIP_FREE
        if self.kind == "csv":
            line = self._row(line)
        if change == "in place":
            lines[self.index()] = line
        else:  # before the call: in PokerNow's log (newest first), the row after it in the file
            lines.insert(self.index() + (self.kind == "csv"), line)
        return lines

    def marker(self, change: str) -> str:
        """What the changed line's text holds."""
        if self.kind in ("igt", "ohh", "xml"):
            return "DEAD_ANTE_NEW" if change == "new-form" else "TABLE_NOTICE"
        return "in a way never seen" if change == "new-form" else CHIP_FREE


def _key(text: object) -> str:
    return "".join(str(text).split()).lower()


def _action_lists(doc: Any, kind: str) -> list[list[dict[str, Any]]]:
    if kind == "igt":
        return [h["action"] for h in doc["history"]]
    return [r["actions"] for r in doc["ohh"]["rounds"]]


def _read(lines: list[str], hand_id: str) -> Hand:
    for record in read_text("\n".join(lines) + "\n"):
        if record.hand_id == hand_id:
            assert record.hand is not None, record.error
            return record.hand
    raise AssertionError(f"hand {hand_id} is not read")


def _documents(lines: list[str], fmt: str) -> Iterator[tuple[str, list[str]]]:
    """A file's lines as its reader sees them: each JSON document's hand alone (IGT, OHH), else the file."""
    if fmt not in ("igt", "ohh"):
        yield ("csv" if fmt == "pokernow" else "text"), lines
        return
    text, decoder, at = "\n".join(lines).lstrip("\ufeff"), json.JSONDecoder(), 0
    while (at := _next_object(text, at)) >= 0:
        try:
            doc, at = decoder.raw_decode(text, at)
        except ValueError:
            return
        if fmt == "igt":
            hands = doc.get("history") if isinstance(doc, dict) else None
            for hand in hands if isinstance(hands, list) else []:
                yield "igt", [json.dumps({"history": [hand]})]
        elif isinstance(doc, dict) and "ohh" in doc:
            yield "ohh", json.dumps(doc, indent=4).splitlines()


def _next_object(text: str, at: int) -> int:
    return text.find("{", at)


def _case(site_source: str, lines: list[str]) -> Iterator[Case]:
    head = [line for line in lines[:60] if line.strip()]
    fmt = registry.detect(head)
    if fmt is None:
        return
    for kind, doc_lines in _documents(lines, fmt.name):
        yield from _doc_cases(site_source, fmt.name, kind, doc_lines)


def _doc_cases(site_source: str, fmt: str, kind: str, lines: list[str]) -> Iterator[Case]:
    for record in read_text("\n".join(lines) + "\n"):
        hand = record.hand
        if hand is None or hand.game not in SUPPORTED_GAMES or hand.cancelled:
            continue
        if audit(hand).violations:
            continue
        # a call after which its player puts in nothing more: no later wager of theirs (a round's total, an all-in
        # for the rest of the stack) would hold its chips again
        wagers = [e for e in hand.events if isinstance(e, Call | Bet | Raise | Post)]
        calls = [e for i, e in enumerate(wagers) if isinstance(e, Call) and e.amount > 0 and not e.all_in
                 and not any(w.player == e.player for w in wagers[i + 1:])]
        if not calls:
            continue
        stated = hand.summary
        keeps_none = hand.tournament is not None or profile_for(hand.site).max_rake_share == 0
        printed = {s.player for s in stated.stacks_after}  # every seat's stack after the hand proves its net
        stacks = bool(printed) and all(s.player in printed for s in hand.seats)
        proven = (stated.total_pot is not None or stated.rake is not None or (keeps_none and stated.results_stated)
                  or stacks)
        call = calls[-1]  # a player's last call: in rooms that write a round's total (Boss), a later wager of the
        # same round would hold the chips of an earlier call
        line = lines[call.line - 1]
        if kind == "text" and line.lstrip().startswith("<"):
            if len(_OPENING.findall(line)) > 1:
                continue  # an XML line that holds more than the call's element
            kind = "xml"
        yield Case(f"{fmt} {hand.site}", site_source, lines, hand, call, proven, kind)


def _keep(found: dict[str, Case], case: Case) -> None:
    """One case per room: the first the room's numbers prove, else the first."""
    if case.room not in found or (case.proven and not found[case.room].proven):
        found[case.room] = case


@functools.cache
def _golden_cases() -> dict[str, Case]:
    found: dict[str, Case] = {}
    for path in GOLDEN:
        lines = path.read_text(encoding="utf-8").splitlines()
        for case in _case(path.relative_to(HERE).as_posix(), lines):
            _keep(found, case)
    return found


CORPUS_ROOTS = ("fpdb/cash", "fresh")


def _corpus_cases(proven: set[str]) -> dict[str, Case]:
    """Cases of the rooms of the corpus whose own test hands hold none the room's numbers prove."""
    found: dict[str, Case] = {}
    if not CORPUS.is_dir():
        return found
    for root in CORPUS_ROOTS:
        for folder in sorted(p for p in (CORPUS / root).iterdir() if p.is_dir()):
            files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.endswith(SIDECARS))
            for path in files[:40]:
                try:
                    lines = _decoded_lines(path.read_bytes())
                except (OSError, ValueError):
                    continue
                if len(lines) > 4000:
                    continue
                for case in _case(rel(path), [line.rstrip("\r\n") for line in lines]):
                    if case.room not in proven:
                        _keep(found, case)
                if any(c.proven for c in found.values() if c.source.startswith(rel(folder))):
                    break
    return found


_CASES: dict[str, Case] | None = None


def cases() -> dict[str, Case]:
    global _CASES
    if _CASES is None:
        golden = dict(_golden_cases())
        _CASES = {**golden, **_corpus_cases({room for room, case in golden.items() if case.proven})}
    return _CASES


GOLDEN_ROOMS = sorted(_golden_cases())


def test_every_reader_has_a_case() -> None:
    # every reader of hands (but ACPC's and PHH's research logs, which state no result of the room's own) has a
    # clean hand with a call (what the three changes need), in its own test hands or in the corpus
    readers = {room.split()[0] for room in GOLDEN_ROOMS}
    expected = set(registry.names()) - {"acpc", "phh"}
    if CORPUS.is_dir():
        readers |= {room.split()[0] for room in cases()}
    else:
        expected -= {"ohh"}  # its hands are the corpus' (tests/formats/test_ohh.py writes its own in code)
    assert expected <= readers, sorted(expected - readers)
    sites = {room.split(" ", 1)[1] for room in GOLDEN_ROOMS}
    assert {"PokerStars", "Bovada", "Full Tilt", "GGPoker", "iPoker", "Everest", "Winamax", "Winning",
            "PartyPoker", "OnGame", "PKR", "Boss", "Cake", "Everleaf", "WePlay", "CoinPoker", "PPPoker",
            "Entraction", "PokerNow", "IGT"} <= sites, sorted(sites)


def _rows(hand: Hand) -> list[dict[str, object]]:
    return [{k: v for k, v in row.items() if k != "file"} for row in iter_rows([hand], include_unverified=True)]


@pytest.mark.parametrize("room", GOLDEN_ROOMS)
def test_golden_room_reads_a_chip_free_unknown_line(room: str) -> None:
    _chip_free(cases()[room])


@pytest.mark.parametrize("room", GOLDEN_ROOMS)
def test_golden_room_unknown_line_in_place_of_a_call_is_an_error(room: str) -> None:
    _in_place_of_a_call(cases()[room])


@pytest.mark.parametrize("room", GOLDEN_ROOMS)
def test_golden_room_new_form_action_is_an_error(room: str) -> None:
    _new_form_action(cases()[room])


def test_corpus_rooms() -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    rooms = {room: case for room, case in cases().items() if not case.source.startswith("golden")}
    # the readers of the corpus whose own test hands hold no hand their numbers prove
    assert {"microgaming Microgaming", "pacific 888poker", "partypoker PartyPoker", "ohh PokerStars"} <= set(rooms)
    assert rooms["pacific 888poker"].proven and rooms["partypoker PartyPoker"].proven
    assert rooms["ohh PokerStars"].proven
    # Microgaming states what each player won, no total nor rake: its stacks after the hand (endbalance) prove it
    assert rooms["microgaming Microgaming"].proven and rooms["microgaming Microgaming"].hand.summary.total_pot is None
    assert not rooms["cake Cake"].proven  # it states what each player collected, and nothing else
    for case in rooms.values():
        _chip_free(case)
        _in_place_of_a_call(case)
        _new_form_action(case)


def _unknown_at(case: Case, change: str, lines: list[str], hand: Hand) -> list[UnknownLine]:
    """The hand's unknown lines, each checked to be the changed line (its text, and its line in the file)."""
    unknown = [e for e in hand.events if isinstance(e, UnknownLine)]
    for e in unknown:
        assert case.marker(change) in e.text, (case.source, e)
        assert case.marker(change) in lines[e.line - 1] or case.kind in ("igt", "ohh"), (case.source, e)
        if case.kind in ("text", "xml"):
            assert e.line == case.call.line
    return unknown


def _chip_free(case: Case) -> None:
    lines = case.changed("chip-free")
    hand = _read(lines, case.hand.hand_id)
    unknown = _unknown_at(case, "chip-free", lines, hand)
    assert len(unknown) == 1 and not unknown[0].action, (case.source, unknown)
    found = audit(hand).violations
    codes = [(v.code, v.severity.value) for v in found]
    assert case.marker("chip-free") in found[0].message
    assert _rows(hand) == _rows(case.hand), case.source
    if case.proven:
        assert codes == [("unknown-line", "warning")], (case.source, found)
        assert not unverified(found)
        assert list(iter_rows([hand])) == list(iter_rows([case.hand]))  # counted by default
    else:  # nothing the room states could prove the hand: an error, and left out of statistics unless asked
        assert codes == [("unknown-line", "error")], (case.source, found)
        assert "states no total pot nor rake" in found[0].message
        assert list(iter_rows([hand])) == []


def _in_place_of_a_call(case: Case) -> None:
    lines = case.changed("in place")
    hand = _read(lines, case.hand.hand_id)
    assert len(_unknown_at(case, "in place", lines, hand)) == 1
    found = audit(hand).violations
    unknown = [v for v in found if v.code == "unknown-line"]
    assert len(unknown) == 1 and unknown[0].severity.value == "error", (case.source, found)
    if case.proven:  # the room's own numbers no longer reconcile
        assert any(v.category.value == "accounting" for v in found), (case.source, found)
    assert unverified(found)
    assert list(iter_rows([hand])) == []  # left out of statistics
    assert list(iter_rows([hand], include_unverified=True))  # unless asked


def _new_form_action(case: Case) -> None:
    lines = case.changed("new-form")
    hand = _read(lines, case.hand.hand_id)
    [unknown] = _unknown_at(case, "new-form", lines, hand)
    assert unknown.action and unknown.player == case.call.player, (case.source, unknown)
    found = audit(hand).violations
    actions = [v for v in found if v.code == "unknown-action"]
    assert len(actions) == 1 and actions[0].severity.value == "error", (case.source, found)
    assert case.call.player in actions[0].message and actions[0].line == unknown.line
    # whatever the totals: the inserted line moved no chips, and every other check holds
    assert [v.code for v in found] == ["unknown-action"], (case.source, found)
    assert list(iter_rows([hand])) == []


MERGE = HERE / "golden_merge" / "hu_stt_split_pot.txt"
_MERGE_CALL = '<event sequence="5" type="CALL" timestamp="1330409034593" player="0" amount="1025.00"/>'


@pytest.mark.parametrize(("event", "status"), [("LEAVE", "leaves"), ("DISCONNECTED", "disconnected")])
def test_merge_presence_events_are_read_and_lose_nothing(event: str, status: str) -> None:
    text = MERGE.read_text(encoding="utf-8")
    original = read_text(text)[0].hand
    assert original is not None
    inserted = f'<event sequence="5" type="{event}" timestamp="1330409034000" player="1"/>\n\t\t{_MERGE_CALL}'
    hand = read_text(text.replace(_MERGE_CALL, inserted))[0].hand
    assert hand is not None
    changes = [e for e in hand.events if e.kind == "status"]
    assert [(e.player, e.status.value) for e in changes] == [("Player1", status)]
    assert audit(hand).violations == ()
    assert _rows(hand) == _rows(original)


def test_merge_rabbit_is_no_board_and_no_chips() -> None:
    # "RABBIT": a winner's cards shown after the others fold (tests/formats/test_merge.py): no board card, no chips
    text = MERGE.read_text(encoding="utf-8")
    rabbit = '\t\t<event sequence="8" type="RABBIT" timestamp="1330409035000" player="0" text="2d,3d"/>\n'
    hand = read_text(text.replace("\t</round>\n\t<round id=\"END_OF_GAME\"", rabbit + "\t</round>\n"
                                  "\t<round id=\"END_OF_GAME\"", 1))[0].hand
    assert hand is not None
    assert not any(e.kind == "unknown" for e in hand.events)
    assert audit(hand).violations == ()
    assert "2d" not in {c for b in audit(hand).replay.boards for c in b}


STARS = HERE / "golden" / "cash_out_6plus.txt"


def _both_paths(lines: list[str]) -> tuple[object, object]:
    """The hand (or its error) as the table driver reads it, and as Lark does."""
    from handlog.errors import ParseError
    from handlog.formats.pokerstars import PokerStarsFormat
    from handlog.reading.registry import HandParseFailure

    fmt = PokerStarsFormat()
    table = fmt._grammar()[2]
    out = []
    for fast in (True, False):
        table.available = fast
        try:
            out.append(fmt.parse(lines, 1, "x").model_dump(mode="json"))
        except HandParseFailure as failure:
            assert isinstance(failure.error, ParseError)
            out.append(failure.error.model_dump())
        finally:
            table.available = True
    return out[0], out[1]


def test_the_table_driver_and_lark_read_unknown_lines_alike() -> None:
    lines = STARS.read_text(encoding="utf-8").splitlines()
    lines.insert(9, "Set dealer")
    lines.insert(12, "Hero: drops $0.25")
    fast, lark = _both_paths(lines)
    assert fast == lark
    assert isinstance(fast, dict)
    unknown = [e for e in fast["events"] if e["kind"] == "unknown"]
    assert [(e["line"], e["text"], e["player"], e["action"]) for e in unknown] == [
        (10, "Set dealer", None, False), (13, "Hero: drops $0.25", "Hero", True)]


def test_a_known_line_out_of_place_still_fails_the_hand() -> None:
    lines = STARS.read_text(encoding="utf-8").splitlines()
    seat = lines[2]
    lines.insert(12, seat)  # a seat line among the posts
    fast, lark = _both_paths(lines)
    assert fast == lark
    assert isinstance(fast, dict) and fast["line"] == 13 and "cannot come here" in fast["message"]


def test_an_unknown_line_in_place_of_a_required_line_is_named() -> None:
    lines = STARS.read_text(encoding="utf-8").splitlines()
    lines[1] = "Tisch 'Harding II' 6-max Platz #2 ist der Button"  # the table line, in German
    fast, lark = _both_paths(lines)
    assert fast == lark
    assert isinstance(fast, dict)
    assert (fast["line"], fast["message"], fast["text"]) == (2, "unrecognised line", lines[1])
    assert any("table line" in e for e in fast["expected"])


def test_an_unknown_first_line_fails_as_before() -> None:
    lines = ["Welcome to the table", *STARS.read_text(encoding="utf-8").splitlines()]
    records = read_text("\n".join(lines) + "\n")
    assert all(r.hand is None or not any(e.kind == "unknown" for e in r.hand.events) for r in records)


def test_a_hand_copied_with_every_line_indented_by_one_space_is_read_as_written() -> None:
    # the corpus' "Full Ring (10 Handed)" PokerStars file: every line after the header begins with one space
    lines = STARS.read_text(encoding="utf-8").splitlines()
    indented = [lines[0], *(" " + line for line in lines[1:])]
    [record] = read_text("\n".join(indented) + "\n")
    [original] = read_text("\n".join(lines) + "\n")
    assert record.hand is not None and original.hand is not None, record.error
    said, *events = record.hand.events
    assert said.kind == "notice" and "indented by one space" in said.text  # said, never mended silently
    assert record.hand.model_copy(update={"events": tuple(events)}).model_dump() == original.hand.model_dump()
