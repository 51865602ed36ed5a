"""A line never seen costs no hand, wherever it comes in the hand (issue 26, docs/unknown-lines.md).

For each room's own test hand (the clean hand with a call that ``test_unknown_lines`` picks per reader and room), a
chip-free line of unknown text is inserted at EVERY line position after the header, one position at a time (an
XML room: an element of a tag no room writes, at every line of the hand's element), and the hand read again: it
is read with exactly one unknown line, the inserted one, the audit reports exactly one ``unknown-line`` (a warning
where the room's own numbers prove the hand, else an error) and nothing else, and its statistics are the
original's. ``bench/unknown_positions.py`` measures the same over corpus hands of every room.

The exceptions (docs/unknown-lines.md, "Where a line may come"): a line after the hand's last line and a blank line
is outside the hand (the junk between hands); iPoker's ``general`` block, the hand's description, is not looked
into. A known line out of place that may carry chips, or makes the hand's shape, still fails the hand.
"""

from __future__ import annotations

import re

import pytest
from test_unknown_lines import CHIP_FREE, Case, _golden_cases, _rows

from handlog.audit import audit
from handlog.events import Hand, UnknownLine
from handlog.reading import read_text, registry
from handlog.reading.split import cut_hands

NOTICE = '<notice type="TABLE_NOTICE" text="the table will close"/>'
"""An element of a tag no XML room writes, with no player and no amount."""
_TAG = re.compile(r"<\s*([A-Za-z_][\w.-]*)")
_OPEN_GENERAL, _CLOSE_GENERAL = re.compile(r"<general\b"), re.compile(r"</general\b")


def _text_cases() -> list[str]:
    return sorted(room for room, case in _golden_cases().items() if case.kind == "text")


def _xml_cases() -> list[str]:
    return sorted(room for room, case in _golden_cases().items() if case.kind == "xml")


def _hand_lines(case: Case) -> list[str]:
    """The hand's own lines (its chunk of the file), without the blank lines after it."""
    fmt = registry.detect([ln for ln in case.lines[:200] if ln.strip()][:40])
    assert fmt is not None
    [chunk] = [c for c in cut_hands(case.lines, fmt) if c.line == case.hand.line]
    lines = list(chunk.lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _check(case: Case, original: Hand, lines: list[str], marker: str, where: str) -> None:
    records = [r for r in read_text("\n".join(lines) + "\n") if r.hand_id == original.hand_id]
    assert len(records) == 1, where
    hand = records[0].hand
    assert hand is not None, (where, records[0].error)
    unknown = [e for e in hand.events if isinstance(e, UnknownLine)]
    assert [(marker in e.text, e.action) for e in unknown] == [(True, False)], (where, unknown)
    found = audit(hand).violations
    severity = "warning" if case.proven else "error"
    assert [(v.code, v.severity.value) for v in found] == [("unknown-line", severity)], (where, found)
    assert _rows(hand) == _rows(original), where


@pytest.mark.parametrize("room", _text_cases())
def test_a_chip_free_line_anywhere_in_a_text_hand_costs_nothing(room: str) -> None:
    case = _golden_cases()[room]
    lines = _hand_lines(case)
    [original] = [r.hand for r in read_text("\n".join(lines) + "\n") if r.hand_id == case.hand.hand_id]
    assert original is not None
    for at in range(1, len(lines) + 1):  # after the header line, up to after the hand's last line
        changed = [*lines[:at], CHIP_FREE, *lines[at:]]
        _check(case, original, changed, CHIP_FREE, f"{case.source}: after line {at}: {lines[at - 1]!r}")


@pytest.mark.parametrize("room", _xml_cases())
def test_an_unknown_element_anywhere_in_an_xml_hand_costs_nothing(room: str) -> None:
    case = _golden_cases()[room]
    lines, first = case.lines, case.hand.line
    m = _TAG.search(lines[first - 1])
    assert m is not None
    last = next(i + 1 for i in range(first - 1, len(lines)) if f"</{m.group(1)}" in lines[i])
    depth_general = 0
    checked = 0
    for at in range(first, last):
        text = lines[at - 1].strip()
        # inside iPoker's description of the hand (its general block): not looked into
        depth_general = max(0, depth_general + len(_OPEN_GENERAL.findall(text)) - len(_CLOSE_GENERAL.findall(text)))
        if depth_general or not text.endswith(">"):
            continue
        indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
        changed = [*lines[:at], indent + NOTICE, *lines[at:]]
        _check(case, case.hand, changed, "TABLE_NOTICE", f"{case.source}: after line {at}: {lines[at - 1]!r}")
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("room", _xml_cases())
def test_an_unknown_element_naming_a_seated_player_with_chips_is_an_unknown_action(room: str) -> None:
    # the call's element, its tag made one no room writes (its player, seat and amount kept): it may have moved chips
    case = _golden_cases()[room]
    lines = list(case.lines)
    at = case.index()
    m = _TAG.search(lines[at])
    assert m is not None
    lines[at] = lines[at].replace(f"<{m.group(1)}", "<rebuy", 1).replace(f"</{m.group(1)}>", "</rebuy>")
    [record] = [r for r in read_text("\n".join(lines) + "\n") if r.hand_id == case.hand.hand_id]
    assert record.hand is not None, record.error
    [unknown] = [e for e in record.hand.events if isinstance(e, UnknownLine)]
    assert (unknown.line, unknown.player, unknown.action) == (case.call.line, case.call.player, True)
    assert "rebuy" in unknown.text
    found = audit(record.hand).violations
    assert [v.code for v in found if v.code.startswith("unknown")] == ["unknown-action"], found


# -------------------------------------------------------------- a known line out of place (TextHandBuilder.misplaced)

PKR = [
    "Table #15200183 - Hapuna Beach 2",
    "Starting Hand #746382001",
    "Start time of hand: 30 Mar 2009 21:00:00",
    "Game Type: HOLD'EM",
    "Limit Type: NO LIMIT",
    "Table Type: RING",
    "Money Type: REAL MONEY",
    "Blinds are now $0.02/$0.04",
    "Button is at seat 1",
    "Seat 1: Alice - $2.00",
    "Seat 2: Bob - $3.00",
    "Moving Button to seat 1",
    "Alice posts small blind ($0.02)",
    "Bob posts big blind ($0.04)",
    "Shuffling Deck",
    "Dealing Cards",
    "Alice calls $0.04",
    "Bob checks",
    "Dealing Flop [Ah Kd 2c]",
    "Bob bets $0.08",
    "Alice folds",
    "Returning $0.08 to Bob uncalled",
    "Taking Rake of $0.00 from pot 1",
    "Bob wins $0.08",
    "Seat 1: Alice - $1.96",
    "Seat 2: Bob - $3.04",
    "End Of Hand #746382001",
]
"""A PKR hand written for these tests in the room's layout (tests/formats/golden/pkr): its stacks after the hand
prove each player's net."""


def _pkr(lines: list[str], fast: bool) -> Hand | str:
    """The hand as the table driver (``fast``) or Lark alone reads it, or its error's message."""
    from handlog.reading.registry import HandParseFailure

    fmt = registry.get("pkr")
    table = fmt._grammar()[2]  # type: ignore[attr-defined]
    table.available = fast
    try:
        return fmt.parse(lines, 1, "x")  # type: ignore[no-any-return]
    except HandParseFailure as failure:
        return f"line {failure.error.line}: {failure.error.message}"
    finally:
        table.available = True


def test_the_pkr_hand_written_here_is_clean() -> None:
    hand = _pkr(PKR, True)
    assert isinstance(hand, Hand)
    assert audit(hand).violations == ()


@pytest.mark.parametrize("fast", [True, False])
def test_a_chip_free_line_in_a_loose_known_form_out_of_place_is_kept(fast: bool) -> None:
    # "P has …" is PKR's shown hand in words (its showdown): before the seats, a notice of that form is no such line
    lines = [*PKR[:3], "Player3 has timed out", *PKR[3:]]
    hand = _pkr(lines, fast)
    assert isinstance(hand, Hand), hand
    assert [(e.line, e.text, e.action) for e in hand.events if isinstance(e, UnknownLine)] == [
        (4, "Player3 has timed out", False)]
    assert [(v.code, v.severity.value) for v in audit(hand).violations] == [("unknown-line", "warning")]
    original = _pkr(PKR, fast)
    assert isinstance(original, Hand)
    assert _rows(hand) == _rows(original)


@pytest.mark.parametrize("fast", [True, False])
def test_a_known_line_out_of_place_that_may_carry_chips_still_fails_the_hand(fast: bool) -> None:
    # a seated player's post among the header lines: it may have moved chips, and the grammar forbids it there
    lines = [*PKR[:3], "Bob posts big blind ($0.04)", *PKR[3:]]
    assert _pkr(lines, fast) == "line 4: a forced bet ('P posts small blind ($0.02)') cannot come here"


@pytest.mark.parametrize("fast", [True, False])
def test_a_line_of_the_hands_shape_out_of_place_still_fails_the_hand(fast: bool) -> None:
    # the table line again among the flop's actions: it names no seated player and no chips, but makes the hand
    lines = [*PKR[:21], PKR[0], *PKR[21:]]
    result = _pkr(lines, fast)
    assert isinstance(result, str) and result.startswith("line 22:"), result


def test_an_unknown_line_in_place_of_a_bet_stays_an_error() -> None:
    # Bob's flop bet replaced by a line of unknown text: the stacks after the hand no longer agree
    lines = [*PKR[:19], "Bob did something never seen", *PKR[20:]]
    hand = _pkr(lines, True)
    assert isinstance(hand, Hand), hand
    found = audit(hand).violations
    assert ("unknown-line", "error") in [(v.code, v.severity.value) for v in found], found
    assert any(v.category.value == "accounting" for v in found), found


@pytest.mark.parametrize("room", ["pkr PKR", "entraction Entraction", "partypoker PartyPoker"])
def test_the_table_driver_and_lark_read_a_line_anywhere_alike(room: str) -> None:
    # rooms with loose line forms (PKR's "P has …", Entraction's "Dealer: …", PartyPoker's chat): an unknown line,
    # a known one out of place and a seated player's chip-free line, at every position, read the same both ways
    from handlog.reading.registry import HandParseFailure

    case = _golden_cases()[room]
    lines = _hand_lines(case)
    fmt = registry.get(case.room.split()[0])
    table = fmt._grammar()[2]  # type: ignore[attr-defined]
    texts = [CHIP_FREE, "Player3 has timed out", "Dealer: the table will close in 5 minutes",
             f"{case.hand.seats[0].player} has been disconnected"]
    for at in range(1, len(lines) + 1):
        for text in texts:
            changed = [*lines[:at], text, *lines[at:]]
            out: list[object] = []
            for fast in (True, False):
                table.available = fast
                try:
                    out.append(fmt.parse(changed, 1, "x").model_dump(mode="json"))
                except HandParseFailure as failure:
                    out.append(failure.error.model_dump())
                finally:
                    table.available = True
            assert out[0] == out[1], (room, at, text)
