"""Lines a reader does not know (docs/unknown-lines.md), room by room, on hands of each room.

For every room with a test hand of its own (the golden hands) and every room of the shared corpus, a clean hand
(no violation, a call of chips) is changed three ways, and the rule of issue 26 checked on the result:

- a chip-free unknown line inserted before its last call: the hand is read, the audit warns ``unknown-line``
  naming the line, and its statistics are the original's;
- an unknown line in place of that call: the room's own numbers no longer reconcile (the call's chips are not in
  the pot the room states), and ``unknown-line`` is an error that leaves the hand out of statistics;
- a seated player's action in a new form, inserted: ``unknown-action``, an error whatever the totals.

An XML room's line is an element: the call's element with an unknown type (and no amount) is its chip-free
unknown line, with a type naming an ante its new-form action.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from corpus_files import CORPUS, SIDECARS, rel

from handlog.audit import audit
from handlog.checks.unknown import unverified
from handlog.events import Bet, Call, Hand, Post, Raise, UnknownLine
from handlog.reading import read_text
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
    site: str
    source: str
    lines: list[str]
    hand: Hand
    call: Call
    proven: bool
    """The room states what could prove the hand: a total pot or rake (or it is a tournament, which keeps none)."""

    @property
    def xml(self) -> bool:
        return self.lines[self.call.line - 1].lstrip().startswith("<")

    def index(self) -> int:
        return self.call.line - 1

    def _element(self, kind: str) -> str:
        """The call's element with its type (or, where the element's tag is its type, its tag) made ``kind`` and
        its amount 0."""
        line = self.lines[self.index()]
        line = _TYPE.sub(rf'\1="{kind}"', line) if _TYPE.search(line) else _TAG.sub(rf"\1{kind}", line)
        return _AMOUNT.sub(r'\1="0"', line)

    def chip_free_line(self) -> str:
        return self._element("TABLE_NOTICE") if self.xml else CHIP_FREE

    def new_form_action(self) -> str:
        # no colon after the name: several rooms write a chat line so ("P: text")
        return self._element("DEAD_ANTE_NEW") if self.xml else f"{self.call.player} bets it all in a way never seen"


def _read(lines: list[str], hand_id: str) -> Hand:
    for record in read_text("\n".join(lines) + "\n"):
        if record.hand_id == hand_id:
            assert record.hand is not None, record.error
            return record.hand
    raise AssertionError(f"hand {hand_id} is not read")


def _case(site_source: str, lines: list[str]) -> Iterator[Case]:
    if lines and lines[0].lstrip("\ufeff \t").startswith(("{", "[", "entry,", '"entry"')):
        return  # a JSON document (IGT …) or a CSV log (PokerNow): its lines are no lines of a grammar
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
        proven = stated.total_pot is not None or stated.rake is not None or hand.tournament is not None
        call = calls[-1]  # a player's last call: in rooms that write a round's total (Boss), a later wager of the
        # same round would hold the chips of an earlier call
        line = lines[call.line - 1]
        if line.lstrip().startswith("<") and len(_OPENING.findall(line)) > 1:
            continue  # an XML line that holds more than the call's element
        yield Case(hand.site, site_source, lines, hand, call, proven)


def _keep(found: dict[str, Case], case: Case) -> None:
    """One case per room: the first the room's numbers prove, else the first."""
    if case.site not in found or (case.proven and not found[case.site].proven):
        found[case.site] = case


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
                    if case.site not in proven:
                        _keep(found, case)
                if any(c.proven for c in found.values() if c.source.startswith(rel(folder))):
                    break
    return found


_CASES: dict[str, Case] | None = None


def cases() -> dict[str, Case]:
    global _CASES
    if _CASES is None:
        golden = _golden_cases()
        _CASES = {**golden, **_corpus_cases({site for site, case in golden.items() if case.proven})}
    return _CASES


GOLDEN_SITES = sorted(_golden_cases())


def test_every_room_with_test_hands_has_a_case() -> None:
    # the rooms whose own test hands hold a clean hand with a call (what the three changes need)
    assert {"PokerStars", "Bovada", "Full Tilt", "GGPoker", "iPoker", "Everest", "Winamax", "Winning",
            "PartyPoker", "OnGame", "PKR", "Boss", "Cake", "Everleaf"} <= set(GOLDEN_SITES), GOLDEN_SITES


def _rows(hand: Hand) -> list[dict[str, object]]:
    return [{k: v for k, v in row.items() if k != "file"} for row in iter_rows([hand], include_unverified=True)]


@pytest.mark.parametrize("site", GOLDEN_SITES)
def test_golden_room_reads_a_chip_free_unknown_line(site: str) -> None:
    _chip_free(cases()[site])


@pytest.mark.parametrize("site", GOLDEN_SITES)
def test_golden_room_unknown_line_in_place_of_a_call_is_an_error(site: str) -> None:
    _in_place_of_a_call(cases()[site])


@pytest.mark.parametrize("site", GOLDEN_SITES)
def test_golden_room_new_form_action_is_an_error(site: str) -> None:
    _new_form_action(cases()[site])


def test_corpus_rooms() -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    rooms = {site: case for site, case in cases().items() if not case.source.startswith("golden")}
    # the rooms of the corpus whose own test hands hold no hand their numbers prove
    assert {"Microgaming", "888poker", "PartyPoker"} <= set(rooms), sorted(rooms)
    assert rooms["888poker"].proven and rooms["PartyPoker"].proven
    assert not rooms["Microgaming"].proven  # it states what each player won, no total nor rake
    for case in rooms.values():
        _chip_free(case)
        _in_place_of_a_call(case)
        _new_form_action(case)


def _chip_free(case: Case) -> None:
    lines = list(case.lines)
    inserted = case.chip_free_line()
    lines.insert(case.index(), inserted)
    hand = _read(lines, case.hand.hand_id)
    unknown = [e for e in hand.events if isinstance(e, UnknownLine)]
    assert len(unknown) == 1 and not unknown[0].action, (case.source, unknown)
    assert unknown[0].line == case.call.line
    found = audit(hand).violations
    codes = [(v.code, v.severity.value) for v in found]
    assert inserted.strip()[:20] in found[0].message or "TABLE_NOTICE" in found[0].message
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
    lines = list(case.lines)
    lines[case.index()] = case.chip_free_line()
    hand = _read(lines, case.hand.hand_id)
    found = audit(hand).violations
    unknown = [v for v in found if v.code == "unknown-line"]
    assert len(unknown) == 1 and unknown[0].severity.value == "error", (case.source, found)
    if case.proven:  # the room's own numbers no longer reconcile
        assert any(v.category.value == "accounting" for v in found), (case.source, found)
    assert unverified(found)
    assert list(iter_rows([hand])) == []  # left out of statistics
    assert list(iter_rows([hand], include_unverified=True))  # unless asked


def _new_form_action(case: Case) -> None:
    lines = list(case.lines)
    lines.insert(case.index(), case.new_form_action())
    hand = _read(lines, case.hand.hand_id)
    found = audit(hand).violations
    actions = [v for v in found if v.code == "unknown-action"]
    assert len(actions) == 1 and actions[0].severity.value == "error", (case.source, found)
    assert case.call.player in actions[0].message and actions[0].line == case.call.line
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
