"""One cause, one violation: what follows from an action the reader did not understand is not reported apart
(docs/unknown-lines.md, "One cause, one violation").

An ``unknown-action`` may have moved chips, or dealt, shown or mucked its player's cards: the accounting of the
whole hand, the betting of the rest of its street and anything of its own player after it cannot be told apart from
what it caused. Those are folded into the ``unknown-action``; what came before it, and what another player does on
a later street, are still reported.

The hand is PokerStars' own (tests/formats/golden/cash_out_6plus.txt): Hero calls $33.34 all-in preflop (line
23), and shows [Ah Ac] at the showdown (line 28), the total pot $73.68 stated.
"""

from __future__ import annotations

from pathlib import Path

from handlog.audit import audit
from handlog.events import Hand
from handlog.reading import read_text

STARS = Path(__file__).parents[1] / "formats" / "golden" / "cash_out_6plus.txt"
CALL, SHOW = 23, 28  # Hero's call, Hero's show (lines of the file)


def _hand(changes: dict[int, str], inserted: tuple[int, str] | None = None) -> Hand:
    lines = STARS.read_text(encoding="utf-8").splitlines()
    for number, text in changes.items():
        assert lines[number - 1].startswith(text.split(":")[0]), lines[number - 1]
        lines[number - 1] = text
    if inserted is not None:
        lines.insert(inserted[0] - 1, inserted[1])
    [record] = read_text("\n".join(lines) + "\n")
    assert record.hand is not None, record.error
    return record.hand


def test_the_hand_is_clean_as_the_room_wrote_it() -> None:
    assert audit(_hand({})).violations == ()


def test_an_unknown_action_in_place_of_a_call_is_one_violation() -> None:
    # the $33.34 are missing from the pot the room states: without the rule, accounting errors would follow
    found = audit(_hand({CALL: "Hero: slides $33.34 across"})).violations
    assert [(v.code, v.severity.value, v.line) for v in found] == [("unknown-action", "error", CALL)]
    assert "Hero" in found[0].message
    assert "not reported apart" in found[0].message and "(line 33)" in found[0].message  # the total pot's line


def test_the_players_later_cards_follow_from_their_unknown_action() -> None:
    # the unknown action may have dealt Hero a card or changed their hand: a show that does not match is no
    # second violation (the Triple Stud hand of tests/engine/test_stud.py: "Dealt to Hero [...] [of]")
    found = audit(_hand({CALL: "Hero: slides $33.34 across", SHOW: "Hero: shows [Ah Kd] (a pair)"})).violations
    assert [v.code for v in found] == ["unknown-action"]
    assert f"(line {SHOW})" in found[0].message


def test_what_came_before_the_unknown_action_is_still_reported() -> None:
    # Hero shows cards they were not dealt (line 28); the unknown action comes after, in the summary's place
    hand = _hand({SHOW: "Hero: shows [Ah Kd] (a pair)"}, inserted=(30, "Player1: slides $5 across"))
    found = audit(hand).violations
    codes = [(v.code, v.line) for v in found]
    assert ("unknown-action", 30) in codes
    assert any(line == SHOW and v.category.value == "cards" for (_, line), v in zip(codes, found, strict=True))


def test_another_players_violation_on_a_later_street_is_still_reported() -> None:
    # Player4's unknown action preflop (after their fold: it moved no chips, the totals hold) says nothing of
    # Hero's cards at the showdown
    hand = _hand({SHOW: "Hero: shows [Ah Kd] (a pair)"}, inserted=(CALL, "Player4: juggles $0.25"))
    found = audit(hand).violations
    assert ("unknown-action", CALL) in [(v.code, v.line) for v in found]
    shown = [v for v in found if v.line == SHOW + 1]
    assert shown and shown[0].category.value == "cards" and "Hero" in shown[0].message
    assert "not reported apart" not in found[0].message
