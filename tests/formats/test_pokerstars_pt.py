"""PokerStars' Portuguese client (``formats/pokerstars_pt.py``): the corpus' hand held to its own printed numbers,
and hands written here in its words (those of the corpus hand), one per line form, each against the numbers its
lines state."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from corpus_files import CORPUS
from sitekit import cases, check_fast_path, check_golden

from handlog.audit import audit
from handlog.engine import Severity, replay
from handlog.events import Call, Check, Collect, Fold, Hand, Post, PostType, UncalledBet
from handlog.formats.pokerstars_pt import PokerStarsPtFormat
from handlog.reading import read, read_text, registry

CORPUS_HAND = CORPUS / "fresh" / "pokerstars" / "2af53bcf-testHand_002.txt"

# A cash hand written for this test in the words of the corpus hand: blinds, calls, checks, bets, folds, a return.
GOLDEN = Path(__file__).parent / "golden" / "pokerstars_pt"
CASH = (GOLDEN / "cash_fold_return.txt").read_text(encoding="utf-8")
# The pot: 0.02 x 3 before the flop, 0.06 x 2 on it = 0.18; Ana collects 0.17, the rake 0.01.


def _hand(text: str) -> Hand:
    (record,) = read_text(text, "mao.txt")
    assert record.hand is not None, record.error
    return record.hand


def test_detected_by_its_header() -> None:
    fmt = registry.detect(CASH.splitlines()[:20])
    assert fmt is not None and fmt.name == "pokerstars-pt"


def test_a_cash_hand_in_the_clients_words_reproduces_its_printed_numbers() -> None:
    hand = _hand(CASH)
    assert (hand.site, hand.hand_id, hand.currency, hand.button, hand.max_seats) == (
        "PokerStars", "200000000001", "EUR", 1, 6
    )
    assert [type(e) for e in hand.events[:2]] == [Post, Post]
    assert {e.post for e in hand.events if isinstance(e, Post)} == {PostType.SMALL_BLIND, PostType.BIG_BLIND}
    assert sum(isinstance(e, Check) for e in hand.events) == 2 and sum(isinstance(e, Fold) for e in hand.events) == 2
    assert sum(isinstance(e, Call) for e in hand.events) == 3
    assert [e.amount for e in hand.events if isinstance(e, UncalledBet)] == [Decimal("0.10")]
    assert [e.amount for e in hand.events if isinstance(e, Collect)] == [Decimal("0.17")]
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal("0.18"), Decimal("0.01"))
    assert hand.summary.boards == (("2c", "7d", "Ts", "Ah"),)
    assert [s.positions for s in hand.summary.seats] == [("button",), ("small blind",), ("big blind",)]
    assert hand.summary.seats[0].won == (Decimal("0.17"),) and hand.summary.seats[0].text.startswith("recebeu")
    rp = replay(hand)
    assert {n: r.net for n, r in rp.results.items()} == {
        "Ana": Decimal("0.09"), "Bruno": Decimal("-0.08"), "Carla": Decimal("-0.02")
    }
    assert rp.rake == Decimal("0.01")
    assert audit(hand).violations == ()


def test_a_stated_total_the_lines_do_not_make_is_reported() -> None:
    hand = _hand(CASH.replace("Total pote €0.18", "Total pote €0.28"))
    assert "total-pot" in {v.code for v in audit(hand).violations}


def test_a_raise_in_words_not_known_yet_is_an_error_naming_the_player() -> None:
    """No Portuguese raise is in the corpus: a line of a seated player in an unknown form is never skipped."""
    text = CASH.replace("Ana: aposta €0.10", "Ana: aumenta €0.10 para €0.10")
    violations = audit(_hand(text)).violations
    unknown = [v for v in violations if v.code == "unknown-action"]
    assert len(unknown) == 1 and unknown[0].severity == Severity.ERROR and unknown[0].line == 18
    assert "'Ana: aumenta €0.10 para €0.10'" in unknown[0].message


@pytest.mark.skipif(not CORPUS_HAND.exists(), reason="no fresh corpus")
def test_the_corpus_hand_reproduces_its_printed_numbers() -> None:
    """Mão PokerStars #137738351488: antes of 6, blinds 30/60, 'JFDX7WC recebeu 132 do pote', 'Total pote 132 |
    comissão 0', the button and small blind 'recebeu (132)'."""
    (record,) = read([CORPUS_HAND])
    hand = record.hand
    assert hand is not None, record.error
    assert (hand.hand_id, hand.tournament and hand.tournament.id, hand.stakes.small, hand.stakes.big) == (
        "137738351488", "1270291825", Decimal(30), Decimal(60)
    )
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal(132), Decimal(0))
    rp = replay(hand)
    assert {n: r.net for n, r in rp.results.items()} == {"JFDX7WC": Decimal(66), "JACOPO70": Decimal(-66)}
    assert rp.results["JFDX7WC"].collected == Decimal(132)
    assert audit(hand).violations == ()


def test_an_unknown_line_is_kept_and_judged_by_the_hands_own_numbers() -> None:
    """Issue 26 on this reader: a chip-free line of no known form is read as an unknown line, a warning, when the
    stated pot and rake still reconcile; in place of Ana's call of €0.06 (line 15) it is an error (the pot stated,
    €0.18, is no longer what the lines put in)."""
    lines = CASH.splitlines()
    quiet = [*lines[:14], "O dealer embaralha as cartas", *lines[14:]]
    hand = _hand("\n".join(quiet) + "\n")
    found = [(v.code, v.severity, v.line) for v in audit(hand).violations]
    assert found == [("unknown-line", Severity.WARNING, 15)]
    assert {n: r.net for n, r in replay(hand).results.items()} == {
        n: r.net for n, r in replay(_hand(CASH)).results.items()
    }
    lost = [*lines[:14], "O dealer embaralha as cartas", *lines[15:]]
    codes = {(v.code, v.severity) for v in audit(_hand("\n".join(lost) + "\n")).violations}
    assert ("unknown-line", Severity.ERROR) in codes


@pytest.mark.parametrize("name", cases(GOLDEN))
def test_golden(name: str) -> None:
    """A hand written in the client's words becomes exactly its ``Hand``."""
    check_golden(GOLDEN, name)


def test_the_table_driver_reads_the_goldens_as_lark_does() -> None:
    check_fast_path(PokerStarsPtFormat(), GOLDEN)
