"""Every line of the shared corpus that its reader does not know, listed with its reason (issue 26).

A hand with such a line is read on, the line kept as an ``UnknownLine`` (docs/unknown-lines.md); the audit says
``unknown-line`` (no chips the reader can see: a warning when the room's own numbers prove the hand, else an
error) or ``unknown-action`` (a seated player's action in a form the reader has not met: an error). Each one the
corpus holds must be listed here, with why the reader does not know it; a line a room's reader learns simply
drops out of what the corpus shows.
"""

from __future__ import annotations

import re

import pytest
from corpus_cache import audited, read_cached
from corpus_files import CORPUS, rel

from handlog.checks.unknown import unknown_lines
from handlog.reading import ReadReport

pytestmark = pytest.mark.slow  # corpus-wide: `pytest -m "not slow"` leaves it out

ROOTS = ("fpdb", "fpdb-extra", "fresh")

# (file, the line as written (a regular expression, whole line), code, why the reader does not know it)
LISTED: list[tuple[str, str, str, str]] = [
    ("fpdb/cash/Bovada/Flop/PLO8-9max-USD-0.02-0.05-201408.corrupted.lines.txt", r"Set dealer/Bring in spot",
     "unknown-line", "a Bovada dealer notice cut by the file's own damage ('corrupted.lines'): no chips"),
    ("fpdb/cash/iPoker/Flop/LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml",
     r'<action no="12" player="Player7" type="7" sum="DP" cards=""/>', "unknown-action",
     "an iPoker all-in (type 7) whose amount is written 'DP': a known action whose chips cannot be read"),
    ("fpdb/tour/Stars/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt", r"Dealt to Hero \[.*\] \[of\]",
     "unknown-action", "PokerStars wrote a seventh-street card as '[of]' (a client bug): a deal whose cards "
     "cannot be read"),
    ("fresh/acr-wpn/1ce9c075-OmahaHoleCards.txt", r"Player Player[0-9]+ received (?:a card: \[[0-9TJQKA]+[shdc]\]|"
     r"card\.)", "unknown-line", "Winning's older deal lines, one card a line ('received a card: [Qc]'): cards, "
     "no chips"),
    ("fresh/acr-wpn/", r"\S+ waits for big blind", "unknown-line",
     "ACR's note that a new player waits for the big blind: no chips (the hand's totals decide; with dead "
     "posts the reader does not read yet they do not reconcile)"),
    ("fresh/acr-wpn/", r".+ collected \$?[0-9.,]+ from side pot-[0-9]+", "unknown-action",
     "ACR's collect from a numbered side pot, which the Winning grammar does not know: chips"),
    ("fresh/bossmedia-xml/2c2cfa5c-Ante.txt", r'<ACTION TYPE="HAND_ANTE" PLAYER="Player[0-9]" VALUE="100\.00">',
     "unknown-action", "Boss's ante action, which its reader does not know: chips"),
    ("fresh/ggpoker/0208d0af-PostingDead.txt", r"Dealt to Hero \[ks 2d\]", "unknown-action",
     "a card written in lower case ('ks'): a deal whose cards the reader cannot read"),
    ("fresh/ggpoker/fa993730-BetAndMuck.txt", r"42c6a201: Bet & Muck (?:\$0\.05|folds)", "unknown-action",
     "GGPoker's 'Bet & Muck' feature: a player's bet in a form the reader does not know"),
    ("fresh/ignition-bovada/", r"Set dealer", "unknown-line", "Ignition's dealer notice: no chips"),
    ("fresh/microgaming-xml/", r'<Action seq="[0-9]+" type="BadBeatContribution" seat="[0-9]" value="0\.02">',
     "unknown-action", "Microgaming's bad-beat jackpot contribution: chips taken from the player"),
    ("fresh/partypoker/", r"Due to current high memory use in your system .*", "unknown-line",
     "PartyPoker's client notice about animations: no chips"),
    ("fresh/partypoker/", r"\S+ is disconnected\. We will wait for \S+ to reconnect for a maximum of [0-9]+ "
     r"seconds\.", "unknown-line", "PartyPoker's disconnection notice: no chips"),
    ("fresh/partypoker/", r"\S+ has been reconnected and has [0-9]+ seconds to act\.", "unknown-line",
     "PartyPoker's reconnection notice: no chips"),
    ("fresh/partypoker/", r"Chat has been disabled till the end of this hand .*", "unknown-line",
     "PartyPoker's all-in chat notice: no chips"),
    ("fresh/partypoker/862ff9f0-file3.txt", r"Table Closed", "unknown-line", "PartyPoker's table notice"),
    ("fresh/partypoker/862ff9f0-file3.txt", r"The hand history for this hand number is not available here\..*",
     "unknown-line", "PartyPoker's note that a hand's history is elsewhere: no chips"),
    ("fresh/partypoker/885bd89c-file6.txt", r"There is no Small Blind in this hand as the Big Blind of the previous "
     r"hand left the table\.", "unknown-line", "PartyPoker's dead small blind notice: no chips posted"),
    ("fresh/partypoker/885bd89c-file6.txt", r"Player \S+ has been moved from table [0-9]+ to this table",
     "unknown-line", "PartyPoker's tournament table move: no chips"),
    ("fresh/pokerstars/fe117d14-hh.com_Minelava_289FR_2021.07.30_0.txt", r"\S+:  ", "unknown-line",
     "an empty chat line of a converted PokerStars log ('name:  '): no chips"),
    ("fresh/pppoker/", r"\*\*\* (?:FLOP|TURN|RIVER) \*\*\* .* \{Rake: \$0\}", "unknown-line",
     "PPPoker's street lines with the rake so far appended: streets in a new form; the replay misses the streets, "
     "so the numbers do not reconcile (an error)"),
    ("fresh/pppoker/", r"Hand ended at [0-9/]+ [0-9:]+ ", "unknown-line", "PPPoker's closing time stamp: no chips"),
]


@pytest.fixture(scope="module")
def found() -> list[tuple[str, str, str, str]]:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not there")
    out = []
    for record in read_cached([CORPUS / root for root in ROOTS], ReadReport()):
        if record.hand is None or not unknown_lines(record.hand):
            continue
        by_line = {e.line: e.text for e in unknown_lines(record.hand)}
        for v in audited(record.hand).violations:
            if v.code in ("unknown-line", "unknown-action"):
                out.append((rel(record.file), by_line[v.line], v.code, v.severity.value))
    return out


def _listed(file: str, text: str, code: str) -> str | None:
    for where, pattern, listed_code, reason in LISTED:
        if file.startswith(where) and re.fullmatch(pattern, text) and code == listed_code:
            return reason
    return None


def test_every_unknown_line_of_the_corpus_is_listed_with_its_reason(found: list[tuple[str, str, str, str]]) -> None:
    assert found  # the corpus does hold lines its readers have not met
    missing = sorted({(f, t, c) for f, t, c, _ in found if _listed(f, t, c) is None})
    assert missing == []


def test_every_listed_reason_is_met_in_the_corpus(found: list[tuple[str, str, str, str]]) -> None:
    # a listed line that a reader has since learned drops out; the ones left are still met
    met = {i for i, (where, pattern, code, _) in enumerate(LISTED)
           for f, t, c, _ in found if f.startswith(where) and re.fullmatch(pattern, t) and c == code}
    assert met  # (which ones depends on the rooms' readers: other work teaches them lines)
    assert all(reason for *_, reason in LISTED)


def test_corpus_unknown_actions_are_errors(
    found: list[tuple[str, str, str, str]],
) -> None:
    # a chip-free line is a warning where the numbers prove the hand (tests/formats/test_unknown_lines.py plants
    # them room by room: which ones the corpus still holds depends on what the rooms' readers have learned);
    # an action of a seated player in a new form is an error whatever the totals
    assert all(s == "error" for _, _, c, s in found if c == "unknown-action")
