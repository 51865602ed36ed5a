"""The dealer's errors at a live table (holdem-rules-de.txt, "Händlerfehler"; holdem-rules-fa.txt, "سایر قوانین
پوکر تگزاس هولدم") and their remedies, on hands written for each rule in PHH with handlog's dealer log
(docs/live-dealer-errors.md): the remedy the rules prescribe audits clean, each departure from it is reported with
its code at its line."""

from __future__ import annotations

from handlog.audit import Audit, audit
from handlog.engine.rules import HOUSE, RulesProfile
from handlog.events import BoardVoided, Burn, CardExposed, Misdeal, Redeal
from handlog.reading import read_text

GERMAN = HOUSE  # the misdeal on the first exposed card is the default, as holdem-rules-de.txt writes it
FARSI = HOUSE.model_copy(update={"misdeal_exposed_cards": 2})  # "the first or second hole card dealt"

HEAD = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200]
players = ["Ana", "Ben", "Cem", "Dora"]
actions = [
"""

DEAL = ['"d dh p1 AsKd"', '"d dh p2 7c7d"', '"d dh p3 QhJh"', '"d dh p4 9s2c"']
PREFLOP = ['"p3 cc"', '"p4 f"', '"p1 cc"', '"p2 cc"']
FLOP_ROUND = ['"p1 cc"', '"p2 cc"', '"p3 cc"']
TURN_ROUND = ['"p1 cc"', '"p2 cc"', '"p3 cc"']
RIVER_ROUND = ['"p1 cc"', '"p2 cc"', '"p3 cc"']
SHOWDOWN = ['"p1 sm AsKd"', '"p2 sm 7c7d"', '"p3 sm QhJh"']


def hand(*actions: str) -> str:
    return HEAD + ",\n".join(actions) + "\n]\n"


def line_of(text: str, action: str) -> int:
    """The 1-based line of the first action string ``action`` (quoted) in ``text``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.strip().rstrip(",") == action)


def run(text: str, rules: RulesProfile = GERMAN) -> Audit:
    (record,) = read_text(text, file="live.phh")
    assert record.hand is not None, record.error
    return audit(record.hand, rules)


def codes(result: Audit) -> list[tuple[str, int]]:
    return [(v.code, v.line) for v in result.violations]


def clean_board(*, flop: str = '"d db Qc8h3s"', turn: str = '"d db 2d"', river: str = '"d db 5h"') -> list[str]:
    return ['"d burn"', flop, *FLOP_ROUND, '"d burn"', turn, *TURN_ROUND, '"d burn"', river, *RIVER_ROUND]


def test_a_hand_dealt_without_error_audits_clean_and_its_replay_is_unchanged() -> None:
    plain = hand(*DEAL, *PREFLOP, '"d db Qc8h3s"', *FLOP_ROUND, '"d db 2d"', *TURN_ROUND, '"d db 5h"',
                 *RIVER_ROUND, *SHOWDOWN)
    logged = hand(*DEAL, *PREFLOP, *clean_board(), *SHOWDOWN)
    a, b = run(plain), run(logged)
    assert codes(a) == [] and codes(b) == []
    assert {n: r.net for n, r in a.replay.results.items()} == {n: r.net for n, r in b.replay.results.items()}
    assert [p.amount for p in a.replay.pots] == [p.amount for p in b.replay.pots]


def test_burns_are_checked_only_where_the_log_records_them() -> None:
    # holdem-rules-de.txt, "Die Pleite": a card is burned before the board is turned
    text = hand(*DEAL, *PREFLOP, '"d burn"', '"d db Qc8h3s"', *FLOP_ROUND, '"d db 2d"', *TURN_ROUND,
                '"d burn"', '"d db 5h"', *RIVER_ROUND, *SHOWDOWN)
    assert codes(run(text)) == [("burn-missing", line_of(text, '"d db 2d"'))]


def test_a_burned_card_dealt_again_is_a_duplicate() -> None:
    text = hand(*DEAL, *PREFLOP, *clean_board(turn='"d db 2d"', river='"d db 5h"')[:5], '"d burn 5h"',
                '"d db 2d"', *TURN_ROUND, '"d burn"', '"d db 5h"', *RIVER_ROUND, *SHOWDOWN)
    assert ("duplicate-card", line_of(text, '"d db 5h"')) in codes(run(text))


# ------------------------------------------------------------------ exposed hole cards


def test_the_first_card_exposed_is_a_misdeal_and_the_redeal_counts_once() -> None:
    # "Wenn die erste Lochkarte gehandelt hat, ist entblößt, vergibt sich ein Ergebnisse": reshuffle, recut, redeal
    text = hand('"d dh p1 As??"', '"d expose p1 As"', '"d misdeal"', '"d redeal"', *DEAL, *PREFLOP,
                *clean_board(), *SHOWDOWN)
    result = run(text)
    assert codes(result) == []
    events = result.replay.hand.events
    assert sum(isinstance(e, Misdeal) for e in events) == 1 and sum(isinstance(e, Redeal) for e in events) == 1
    exposed = next(e for e in events if isinstance(e, CardExposed))
    assert (exposed.player, exposed.card, exposed.index) == ("Ana", "As", 0)
    plain = run(hand(*DEAL, *PREFLOP, *clean_board(), *SHOWDOWN))
    assert {n: r.net for n, r in result.replay.results.items()} == {n: r.net for n, r in plain.replay.results.items()}
    assert sum(r.committed for r in result.replay.results.values()) == 6  # three players' 2 each: one hand, not two


def test_the_first_card_exposed_and_the_deal_going_on_is_reported() -> None:
    text = hand('"d dh p1 AsKd"', '"d expose p1 As"', *DEAL[1:], *PREFLOP, *clean_board(), *SHOWDOWN)
    assert codes(run(text)) == [("misdeal-not-declared", line_of(text, '"d expose p1 As"'))]


def test_the_second_card_exposed_is_a_misdeal_in_the_farsi_house_only() -> None:
    # holdem-rules-fa.txt: "در صورت رونمایی از اولین یا دومین هول کارت پخش شده" (the first or second hole card)
    dealt = hand(*DEAL[:2], '"d expose p2 7c"', *DEAL[2:], '"d replace p2 7c 6h"', *PREFLOP,
                 '"d burn 7c"', '"d db Qc8h3s"', *FLOP_ROUND, '"d burn"', '"d db 2d"', *TURN_ROUND, '"d burn"',
                 '"d db 5h"', *RIVER_ROUND, '"p1 sm AsKd"', '"p2 sm 6h7d"', '"p3 sm QhJh"')
    assert codes(run(dealt, GERMAN)) == []  # German house: the second card is replaced after the deal and burned
    assert codes(run(dealt, FARSI)) == [("misdeal-not-declared", line_of(dealt, '"d expose p2 7c"'))]
    redealt = hand(*DEAL[:2], '"d expose p2 7c"', '"d misdeal"', '"d redeal"', *DEAL, *PREFLOP, *clean_board(),
                   *SHOWDOWN)
    assert codes(run(redealt, FARSI)) == []
    assert codes(run(redealt, GERMAN)) == [("redeal-not-called-for", line_of(redealt, '"d misdeal"'))]


def test_another_exposed_card_is_replaced_after_the_deal_and_burned() -> None:
    # "Die unbedeckte Karte kann nicht behalten werden. Nachdem Vollenden der Hand, ersetzt der Händler die Karte mit
    # der obersten Karte auf dem Deck, und der unbedeckten Karte dann ist benutzt für die Brandwundenkarte."
    right = hand(*DEAL[:3], '"d expose p3 Qh"', DEAL[3], '"d replace p3 Qh Td"', *PREFLOP, '"d burn Qh"',
                 '"d db Qc8h3s"', *FLOP_ROUND, '"d burn"', '"d db 2d"', *TURN_ROUND, '"d burn"', '"d db 5h"',
                 *RIVER_ROUND, '"p1 sm AsKd"', '"p2 sm 7c7d"', '"p3 sm TdJh"')
    assert codes(run(right)) == []
    kept = hand(*DEAL[:3], '"d expose p3 Qh"', DEAL[3], *PREFLOP, *clean_board(), *SHOWDOWN)
    assert codes(run(kept)) == [("exposed-card-kept", line_of(kept, '"d expose p3 Qh"'))]
    wrong_burn = right.replace('"d burn Qh"', '"d burn 4c"')
    assert codes(run(wrong_burn)) == [("exposed-card-kept", line_of(wrong_burn, '"d burn 4c"'))]


def test_two_exposed_cards_are_a_misdeal() -> None:
    # "Wenn mehr als eine Lochkarte ist entblößt, dies ist ein sich vergibt und es einen redeal geben muss."
    text = hand(*DEAL[:3], '"d expose p3 Qh"', DEAL[3], '"d expose p4 9s"', *PREFLOP, *clean_board(), *SHOWDOWN)
    assert codes(run(text)) == [("misdeal-not-declared", line_of(text, '"d expose p4 9s"'))]
    redealt = hand(*DEAL[:3], '"d expose p3 Qh"', DEAL[3], '"d expose p4 9s"', '"d misdeal"', '"d redeal"', *DEAL,
                   *PREFLOP, *clean_board(), *SHOWDOWN)
    assert codes(run(redealt)) == []


def test_a_misdeal_without_cause_is_reported() -> None:
    text = hand(*DEAL, '"d misdeal"', '"d redeal"', *DEAL, *PREFLOP, *clean_board(), *SHOWDOWN)
    assert codes(run(text)) == [("redeal-not-called-for", line_of(text, '"d misdeal"'))]


# ------------------------------------------------------------------ extra cards


def test_one_extra_card_is_the_burn_card_and_two_are_a_misdeal() -> None:
    # "wird die Karte zum Deck zurückgekehrt werden und hat für die Brandwundenkarte benutzt. Wenn der Händler
    # versehentlich mehr als eine zusätzliche Karte handelt, ist es ein sich vergibt."
    right = hand(*DEAL, '"d extra p1 Jc"', *PREFLOP, '"d burn Jc"', '"d db Qc8h3s"', *FLOP_ROUND, '"d burn"',
                 '"d db 2d"', *TURN_ROUND, '"d burn"', '"d db 5h"', *RIVER_ROUND, *SHOWDOWN)
    assert codes(run(right)) == []
    wrong = right.replace('"d burn Jc"', '"d burn 4c"')
    assert codes(run(wrong)) == [("extra-card-procedure", line_of(wrong, '"d burn 4c"'))]
    two = hand(*DEAL, '"d extra p1 JcTc"', *PREFLOP, *clean_board(), *SHOWDOWN)
    assert codes(run(two)) == [("misdeal-not-declared", line_of(two, '"d extra p1 JcTc"'))]


# ------------------------------------------------------------------ the flop


REDEAL_FLOP = ['"d shuffle Qc8h3s2d"', '"d cut"', '"d db Kc9h4d"']


def test_a_flop_of_four_cards_is_dealt_again_without_a_burn() -> None:
    # "Wenn die Pleite zu viele Karten enthält, muss es redealt sein ... Die Brandwundenkarte bleibt auf dem Tisch.
    # Nachdem Mischen, der Händler das Deck schneidet, und handelt eine neue Pleite ohne eine Karte zu verbrennen."
    head = [*DEAL, *PREFLOP, '"d burn"', '"d db Qc8h3s2d"']
    tail = [*FLOP_ROUND, '"d burn"', '"d db 2d"', *TURN_ROUND, '"d burn"', '"d db 5h"', *RIVER_ROUND, *SHOWDOWN]
    right = hand(*head, *REDEAL_FLOP, *tail)
    result = run(right)
    assert codes(result) == []
    assert result.replay.boards[0] == ("Kc", "9h", "4d", "2d", "5h")
    assert any(isinstance(e, BoardVoided) and e.count == 4 for e in result.replay.hand.events)
    burned = hand(*head, '"d shuffle Qc8h3s2d"', '"d cut"', '"d burn"', '"d db Kc9h4d"', *tail)
    assert codes(run(burned)) == [("flop-redeal-procedure", line_of(burned, '"d cut"') + 1)]
    uncut = hand(*head, '"d shuffle Qc8h3s2d"', '"d db Kc9h4d"', *tail)
    assert codes(run(uncut)) == [("flop-redeal-procedure", line_of(uncut, '"d db Kc9h4d"'))]
    kept = hand(*head, *tail)  # the four cards left as the flop: the board is wrong
    assert ("board-count", line_of(kept, '"d db Qc8h3s2d"')) in codes(run(kept))


def test_a_flop_turned_before_the_betting_was_complete_is_dealt_again() -> None:
    # "Wenn die Pleite redealt sein muss, weil die Karten verfrüht Danebengegangen Wurden, bevor der Wetten
    # vollständig war ..."
    premature = [*DEAL, '"p3 cc"', '"p4 f"', '"d burn"', '"d db Qc8h3s"', '"p1 cc"', '"p2 cc"']
    tail = [*FLOP_ROUND, '"d burn"', '"d db 2d"', *TURN_ROUND, '"d burn"', '"d db 5h"', *RIVER_ROUND, *SHOWDOWN]
    right = hand(*premature, '"d shuffle Qc8h3s"', '"d cut"', '"d db Kc9h4d"', *tail)
    assert codes(run(right)) == []
    burn_back = hand(*premature, '"d shuffle Qc8h3s"', '"d cut"', '"d burn"', '"d db Kc9h4d"', *tail)
    assert [c for c, _ in codes(run(burn_back))] == ["flop-redeal-procedure"]
    # a flop of three cards turned after the betting was complete is the flop: taking it back is no remedy
    on_time = hand(*DEAL, *PREFLOP, '"d burn"', '"d db Qc8h3s"', '"d shuffle Qc8h3s"', '"d cut"', '"d db Kc9h4d"',
                   *tail)
    assert codes(run(on_time)) == [("flop-redeal-procedure", line_of(on_time, '"d db Qc8h3s"'))]


def test_the_burn_card_is_not_shuffled_back() -> None:
    text = hand(*DEAL, *PREFLOP, '"d burn 6c"', '"d db Qc8h3s2d"', '"d shuffle Qc8h3s2d6c"', '"d cut"',
                '"d db Kc9h4d"', *FLOP_ROUND, '"d burn"', '"d db 2d"', *TURN_ROUND, '"d burn"', '"d db 5h"',
                *RIVER_ROUND, *SHOWDOWN)
    assert codes(run(text)) == [("flop-redeal-procedure", line_of(text, '"d shuffle Qc8h3s2d6c"'))]


# ------------------------------------------------------------------ premature turn and river


def _premature_turn(*, turn_burn: bool = True, turn: str = '"d db 9d"', shuffle: str = '"d shuffle Kh"',
                    cut: bool = True, river_burn: bool = False) -> str:
    return hand(
        *DEAL, *PREFLOP, '"d burn"', '"d db Qc8h3s"', '"p1 cc"', '"d db Kh"', '"d out Kh"', '"p2 cc"', '"p3 cc"',
        *(['"d burn"'] if turn_burn else []), turn, *TURN_ROUND, shuffle, *(['"d cut"'] if cut else []),
        *(['"d burn"'] if river_burn else []), '"d db Kh"', *RIVER_ROUND, *SHOWDOWN,
    )


def test_a_premature_turn_card_is_out_of_play_then_shuffled_back_for_the_river() -> None:
    # "ist die Karte von Spiel für dass rund herausgenommen ... Der Händler verbrennt und dreht, was die fünfte Karte
    # im vierten Ort gewesen wäre. Nach dies rund von Wetten, der Händler schichtt das Deck, einschließlich der Karte
    # um, die von Spiel herausgenommen wurde ... und dreht die endgültige Karte ohne eine Karte zu verbrennen."
    right = _premature_turn()
    result = run(right)
    assert codes(result) == []
    assert result.replay.boards[0] == ("Qc", "8h", "3s", "9d", "Kh")  # the card taken out may come back as the river
    assert any(isinstance(e, Burn) for e in result.replay.hand.events)


def test_each_departure_from_the_premature_turn_remedy_is_reported() -> None:
    no_burn = _premature_turn(turn_burn=False)
    assert codes(run(no_burn)) == [("premature-card-procedure", line_of(no_burn, '"d db 9d"'))]
    reused = _premature_turn(turn='"d db Kh"', shuffle='"d shuffle"')
    assert ("premature-card-procedure", line_of(reused, '"d out Kh"') + 4) in codes(run(reused))
    not_back = _premature_turn(shuffle='"d shuffle 4c"')
    assert codes(run(not_back)) == [("premature-card-procedure", line_of(not_back, '"d shuffle 4c"'))]
    river_burn = _premature_turn(river_burn=True)
    assert [c for c, _ in codes(run(river_burn))] == ["premature-card-procedure"]
    no_cut = _premature_turn(cut=False)
    assert [c for c, _ in codes(run(no_cut))] == ["premature-card-procedure"]


def test_a_premature_river_is_shuffled_back_and_turned_without_a_burn() -> None:
    # "Wenn die fünfte Karte auf verfrüht gedreht ist, ist das Deck umgeschichtt und ist in der gleichen Weise
    # gehandelt."
    head = [*DEAL, *PREFLOP, '"d burn"', '"d db Qc8h3s"', *FLOP_ROUND, '"d burn"', '"d db 2d"', '"p1 cc"',
            '"d burn"', '"d db 5h"', '"p2 cc"', '"p3 cc"']
    right = hand(*head, '"d shuffle 5h"', '"d cut"', '"d db 6s"', *RIVER_ROUND, *SHOWDOWN)
    result = run(right)
    assert codes(result) == []
    assert result.replay.boards[0] == ("Qc", "8h", "3s", "2d", "6s")
    burned = hand(*head, '"d shuffle 5h"', '"d cut"', '"d burn"', '"d db 6s"', *RIVER_ROUND, *SHOWDOWN)
    assert [c for c, _ in codes(run(burned))] == ["premature-card-procedure"]


def test_a_premature_card_left_on_the_board_is_a_street_before_the_betting_was_complete() -> None:
    text = hand(*DEAL, *PREFLOP, '"d burn"', '"d db Qc8h3s"', '"p1 cc"', '"d burn"', '"d db Kh"', '"p2 cc"',
                '"p3 cc"', *TURN_ROUND, '"d burn"', '"d db 5h"', *RIVER_ROUND, *SHOWDOWN)
    assert ("round-incomplete", line_of(text, '"d db Kh"')) in codes(run(text))


# ------------------------------------------------------------------ playing the board


def test_playing_the_board_is_declared_before_the_cards_are_thrown_away() -> None:
    # holdem-rules-fa.txt: "در صورت اجرای بازی در انجمن، قبل از کنار گذاشتن کارت ها باید حرکت خود را اعلام کنید"
    board = ['"d burn"', '"d db AhAdAcKsKh"'.replace("AhAdAcKsKh", "QcQdQs"), *FLOP_ROUND, '"d burn"', '"d db Kh"',
             *TURN_ROUND, '"d burn"', '"d db Ks"', *RIVER_ROUND]
    declared = hand(*DEAL, *PREFLOP, *board, '"p1 sm AsKd"', '"p2 board"', '"p2 sm"', '"p3 sm QhJh"')
    assert codes(run(declared)) == []
    late = hand(*DEAL, *PREFLOP, *board, '"p1 sm AsKd"', '"p2 sm"', '"p2 board"', '"p3 sm QhJh"')
    assert codes(run(late)) == [("board-play-undeclared", line_of(late, '"p2 board"'))]


def test_a_house_with_other_remedies_can_say_so() -> None:
    text = hand('"d dh p1 AsKd"', '"d expose p1 As"', *DEAL[1:], *PREFLOP, *clean_board(), *SHOWDOWN)
    assert codes(run(text, HOUSE.model_copy(update={"dealer_error_procedures": False}))) == []


# ------------------------------------------------------------------ written back


def test_the_dealer_log_is_written_back_as_phh_and_reads_into_the_same_hand() -> None:
    from handlog.writing.phh import hand_to_phh

    hands = [
        hand('"d dh p1 As??"', '"d expose p1 As"', '"d misdeal"', '"d redeal"', *DEAL, *PREFLOP, *clean_board(),
             *SHOWDOWN),
        hand(*DEAL[:3], '"d expose p3 Qh"', DEAL[3], '"d replace p3 Qh Td"', *PREFLOP, '"d burn 4c"',
             '"d db Qc8h3s"', *FLOP_ROUND, '"d burn"', '"d db 2d"', *TURN_ROUND, '"d burn"', '"d db 5h"',
             *RIVER_ROUND, '"p1 sm AsKd"', '"p2 sm 7c7d"', '"p3 sm TdJh"'),
        hand(*DEAL, '"d extra p1 Jc"', *PREFLOP, '"d burn Jc"', '"d db Qc8h3s2d"', *REDEAL_FLOP, *FLOP_ROUND,
             '"d burn"', '"d db 2d"', *TURN_ROUND, '"d burn"', '"d db 5h"', *RIVER_ROUND, *SHOWDOWN),
        _premature_turn(river_burn=True),
    ]
    for text in hands:
        original = run(text)
        (record,) = read_text(hand_to_phh(original.replay.hand), file="written.phh")
        assert record.hand is not None, record.error
        again = audit(record.hand, GERMAN)
        dealer = [type(e) for e in original.replay.hand.events if e.kind not in _PLAY]
        assert [type(e) for e in again.replay.hand.events if e.kind not in _PLAY] == dealer
        assert [v.code for v in again.violations] == [v.code for v in original.violations]
        assert {n: r.net for n, r in again.replay.results.items()} == {
            n: r.net for n, r in original.replay.results.items()
        }


_PLAY = {"post", "deal_hole", "street", "fold", "check", "call", "bet", "raise", "show", "muck", "collect"}


def test_a_redealt_hand_counts_once_in_statistics_with_the_cards_of_the_deal_that_stood() -> None:
    from handlog.stats import per_hand
    from handlog.stats.allin_ev import known_holes

    misdealt = ['"d dh p1 AhAd"', '"d expose p1 Ah"', '"d misdeal"', '"d redeal"']
    redealt = run(hand(*misdealt, *DEAL, *PREFLOP, *clean_board(), *SHOWDOWN))
    plain = run(hand(*DEAL, *PREFLOP, *clean_board(), *SHOWDOWN))
    assert known_holes(redealt.replay)["Ana"] == ("As", "Kd")
    a, b = per_hand([redealt.replay.hand]), per_hand([plain.replay.hand])
    assert len(a) == len(b) == 4  # one row per player: one hand
    assert a["net"].tolist() == b["net"].tolist() and a["vpip"].tolist() == b["vpip"].tolist()
