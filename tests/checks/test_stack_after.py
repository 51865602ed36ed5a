"""The stacks after the hand, where the room prints them, are an oracle of their own (``stack-after``), and they
take part in the proof that a hand with an unknown line reconciles (docs/unknown-lines.md).

Rooms that print them: OnGame (2011 and 2014: each summary seat "Seat 2: Player2 (€2.22), net: -€0.04"), PKR
("Seat 2: Player2 - $5.08") and Microgaming (each seat's ``endbalance``). IGT's showdown ``bankRoll`` is not taken:
its exports do not keep it in step with the seats' amounts.

Each test is written from the room's printed numbers: a stack after the hand is the stack before it plus what the
player collected, less what they put in.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from handlog.audit import audit
from handlog.events import Hand
from handlog.reading import read_text

FORMATS = Path(__file__).parents[1] / "formats"
ONGAME = FORMATS / "golden" / "ongame" / "nl_speed_table_turn_bet.txt"
MICROGAMING = FORMATS / "golden_microgaming" / "walk_second_big_blind_posted.txt"
PKR = FORMATS / "golden" / "pkr" / "nl_turn_all_in_call_returned.txt"
CHIP_FREE = "The dealer changes ~ please wait"


def _hand(text: str) -> Hand:
    [record] = read_text(text)
    assert record.hand is not None, record.error
    return record.hand


def _codes(hand: Hand) -> list[tuple[str, str]]:
    return [(v.code, v.severity.value) for v in audit(hand).violations]


def test_the_stacks_after_the_hand_are_read_as_the_room_prints_them() -> None:
    for path, pattern in ((ONGAME, r"^Seat \d+: (\S+) \(€([0-9.]+)\)"), (PKR, r"^Seat \d+: (\S+) - \$([0-9.]+)$"),
                          (MICROGAMING, r'alias="(\w+)" .*endbalance="([0-9.]+)"')):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        # the summary's seats (PKR's are written as the hand's seats are: those after its last "wins" line)
        summary = max(i for i, line in enumerate(lines) if line.startswith(("Summary:", "<Game")) or " wins " in line)
        printed = [(m[1], Decimal(m[2])) for line in lines[summary:] if (m := re.search(pattern, line))]
        hand = _hand(text)
        assert [(s.player, s.stack) for s in hand.summary.stacks_after] == printed, path.name
        assert printed and all(lines[s.line - 1].count(s.player) for s in hand.summary.stacks_after)
        assert _codes(hand) == [], path.name  # the room's own hand: its stacks agree with the replay


def test_a_printed_stack_that_disagrees_with_the_hand_is_an_error() -> None:
    # Player8 had €1.70, called €0.04 and €0.10: €1.56 after the hand; the room printing €1.58 is wrong
    text = ONGAME.read_text(encoding="utf-8").replace("Player8 (€1.56)", "Player8 (€1.58)")
    found = audit(_hand(text)).violations
    assert [(v.code, v.severity.value) for v in found] == [("stack-after", "error")]
    assert "Player8" in found[0].message and "1.58" in found[0].message and "1.56" in found[0].message
    assert text.splitlines()[found[0].line - 1].startswith("Seat 8: Player8")


def test_a_chip_free_unknown_line_is_a_warning_where_the_totals_and_the_stacks_agree() -> None:
    text = ONGAME.read_text(encoding="utf-8").replace("Player2 checks\nHero bets", f"Player2 checks\n{CHIP_FREE}\n"
                                                      "Hero bets")
    assert _codes(_hand(text)) == [("unknown-line", "warning")]


def test_a_chip_free_unknown_line_is_an_error_where_a_printed_stack_disagrees_though_the_totals_agree() -> None:
    # the pot (€0.36), the rake (€0.01) and Hero's win (€0.35) all reconcile; Player8's stack after does not
    text = ONGAME.read_text(encoding="utf-8").replace("Player2 checks\nHero bets", f"Player2 checks\n{CHIP_FREE}\n"
                                                      "Hero bets").replace("Player8 (€1.56)", "Player8 (€1.58)")
    found = audit(_hand(text)).violations
    assert [(v.code, v.severity.value) for v in found] == [("unknown-line", "error"), ("stack-after", "error")]
    assert "stack-after" in found[0].message


def test_the_stacks_alone_prove_a_hand_whose_room_states_no_total_nor_rake() -> None:
    # Microgaming states what each player won, no total pot nor rake; every seat's endbalance proves each net
    text = MICROGAMING.read_text(encoding="utf-8")
    notice = '<Action seq="6" type="TableNotice" seat="2"/>'
    fold = '<Action seq="6" type="Fold" seat="2"/>'
    assert _codes(_hand(text.replace(fold, f"{notice}\n      {fold}"))) == [("unknown-line", "warning")]
    # in place of Player1's post of 0.20 to play: his endbalance (20.30 = 20.00 - 0.20 + 0.50) no longer agrees
    post = '<Action seq="3" type="PostedToPlay" seat="1" value="0.20"/>'
    found = audit(_hand(text.replace(post, '<Action seq="3" type="TableNotice" seat="1"/>'))).violations
    codes = [(v.code, v.severity.value) for v in found]
    assert ("unknown-line", "error") in codes and ("stack-after", "error") in codes, found
    # and where the room printed no endbalance, nothing proves the hand: an error
    bare = re.sub(r' endbalance="[0-9.]+"', "", text.replace(fold, f"{notice}\n      {fold}"))
    assert _codes(_hand(bare)) == [("unknown-line", "error")]
