"""Peeking a hand (its id, game and structure without a parse) by the grammar's own header terminals
(``textsite.TextSiteFormat.peek_hand``): what names a hand that cannot be parsed and what ``reading.dedupe``
knows a hand by. The header is written once, in the grammar; these tests hold the peek to what the parse of the
same hand says, over every text room of the corpus, and to headers written here."""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_cache import read_cached
from corpus_files import CORPUS

from handlog.formats.textsite import TextSiteFormat
from handlog.reading import ReadReport, registry
from handlog.reading.reader import iter_files, read_chunks


def peeked(name: str, text: str) -> registry.HeaderFacts:
    return registry.peek(registry.get(name), text.split("\n"))


@pytest.mark.slow
def test_the_peek_agrees_with_the_parse_in_every_text_room_of_the_corpus() -> None:
    folders = [CORPUS / "fpdb", CORPUS / "fresh"]
    if not all(f.is_dir() for f in folders):
        pytest.skip("../shared/corpus is not there")
    parsed = {(r.file, r.line): r.hand for r in read_cached(folders) if r.hand is not None}
    named, games, wrong = Counter[str](), Counter[str](), []
    report = ReadReport()
    for path in iter_files(folders, report):
        for fmt, chunk in read_chunks(path, report):
            hand = parsed.get((str(path), chunk.line))
            if not isinstance(fmt, TextSiteFormat) or hand is None:
                continue
            facts = registry.peek(fmt, chunk.lines)
            named[fmt.name] += facts.hand_id == hand.hand_id
            games[fmt.name] += facts.game is not None
            if facts.game not in (None, hand.game.value) or facts.structure not in (None, hand.structure.value):
                wrong.append((str(path), chunk.line, facts, hand.game, hand.structure))
            if facts.hand_id != hand.hand_id:
                wrong.append((str(path), chunk.line, facts, hand.hand_id))
    assert not wrong, wrong[:5]
    assert len(named) >= 15, sorted(named)  # the text rooms of the corpus, each peeked
    assert all(games[room] > 0 for room in named), games  # every room's grammar names the game somewhere


def test_a_header_over_several_lines_is_read_from_each() -> None:
    """PKR writes the hand's id on its second line and the game and its limit four lines on."""
    facts = peeked("pkr", (
        "Table #15200183 - Hapuna Beach 2\nStarting Hand #746382000\nStart time of hand: 30 Mar 2009 21:00:00\n"
        "Game Type: OMAHA HI/LO\nLimit Type: POT LIMIT\nTable Type: RING\nMoney Type: REAL MONEY"
    ))
    assert (facts.hand_id, facts.game, facts.structure) == ("746382000", "omaha_hi_lo", "pot_limit")


def test_a_damaged_pkr_header_is_not_named_by_its_table() -> None:
    facts = peeked("pkr", "Table #15200183 - Hapuna Beach 2\nStarting Hnad #746382000\nGame Type: HOLD'EM")
    assert facts.hand_id is None
    assert facts.game == "holdem"


def test_a_header_the_grammar_cannot_read_keeps_the_number_it_shows() -> None:
    facts = peeked("pokerstars", "PokerStars Hand #27853012345: something else entirely\nTable 'A' 6-max")
    assert (facts.hand_id, facts.game, facts.structure) == ("27853012345", None, None)


def test_a_header_without_its_number_takes_none_from_the_next_line() -> None:
    """Before, the table line's "Seat #5" named such a hand "5" (and deduplicated it with others)."""
    facts = peeked("pokerstars", (
        "PokerStars Hand #:  Hold'em No Limit ($0.01/$0.02 USD) - 2017/06/09 20:14:36 UTC\n"
        "Table 'Romilda' 9-max Seat #5 is the button"
    ))
    assert facts.hand_id is None


def test_a_leading_nul_of_a_partypoker_client_does_not_hide_the_header() -> None:
    facts = peeked("partypoker", (
        "Game #12085686644 starts.\n\x00\n\x00#Game No : 12085686644\n"
        "\x00***** Hand History for Game 12085686644 *****\n"
        "\x00$5 USD NL Texas Hold'em - Saturday, September 08, 15:40:50 EDT 2012"
    ))
    assert (facts.hand_id, facts.game, facts.structure) == ("12085686644", "holdem", "no_limit")


@pytest.mark.parametrize(("game", "structure"), [("PLO", "pot_limit"), ("PLO-5", "pot_limit"),
                                                 ("Hold'em No Limit", "no_limit")])
def test_a_ggpoker_header_without_a_limit_implies_one_as_the_parse_does(game: str, structure: str) -> None:
    facts = peeked("ggpoker", f"Poker Hand #OM232657303: {game} ($2/$5) - 2021/01/21 02:41:55")
    assert (facts.hand_id, facts.structure) == ("OM232657303", structure)
