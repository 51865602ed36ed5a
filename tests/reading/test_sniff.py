"""A file no reader recognises is not given up on in silence when it reads like a hand history (issue 26): the
problem names the header that was not recognised, and the client where its lines name one."""

from __future__ import annotations

from pathlib import Path

import pytest

from handlog.reading import ReadReport, read
from handlog.reading.sniff import NOT_A_HAND_HISTORY, unrecognised

# A PokerStars hand as its Portuguese client writes it (written for this test: the words of the client's
# translation, our own players and amounts).
PORTUGUESE = """\
Mão PokerStars #100000000001: Hold'em No Limit (€0.01/€0.02 EUR) - 2015/07/07 16:49:31 WET [2015/07/07 11:49:31 ET]
Mesa 'Alpha' 6-max Lugar #2 é o botão
Lugar 1: Ana (€2 em fichas)
Lugar 2: Bruno (€2 em fichas)
Ana: coloca small blind €0.01
Bruno: coloca big blind €0.02
*** CARTAS FECHADAS ***
Ana: desiste
"""

# A skin's own header over PokerStars' lines.
SKIN = """\
Skinny Poker Game 42 -- Hold'em No Limit ($0.01/$0.02) -- 2020/01/01 10:00:00
Table 'Beta' 6-max Seat #1 is the button
Seat 1: Ana ($2 in chips)
Seat 2: Bruno ($2 in chips)
Ana: posts small blind $0.01
Bruno: posts big blind $0.02
*** HOLE CARDS ***
Ana: folds
"""

SUMMARY = """\
PokerStars Tournament #1, No Limit Hold'em
Buy-In: $1.00/$0.10 USD
9 players
Total Prize Pool: $9.00 USD
Tournament started 2015/07/07 16:49:31 ET
  1: Ana (Portugal), $9.00 (100%)
"""


def test_a_known_client_in_another_language_is_named_with_its_header() -> None:
    message = unrecognised(PORTUGUESE.splitlines())
    assert message == (
        "PokerStars hand history in Portuguese: header not recognised: \"Mão PokerStars #100000000001: Hold'em No"
        " Limit (€0.01/€0.02 EUR) - 2015/07/07 16:49:31 WET [2015/07/07 11:49:31 ET]\""
    )


def test_a_skin_header_is_named() -> None:
    message = unrecognised(SKIN.splitlines())
    assert message.startswith("a hand history whose header no reader recognises")
    assert "Skinny Poker Game 42" in message


def test_a_tournament_summary_is_not_a_hand_history() -> None:
    assert unrecognised(SUMMARY.splitlines()) == NOT_A_HAND_HISTORY
    assert unrecognised(["just some text", "and more"]) == NOT_A_HAND_HISTORY


def test_the_reader_reports_the_header(tmp_path: Path) -> None:
    """The Portuguese header is read now (``formats.pokerstars_pt``): the hand is the reader's, and what it cannot
    read is named by line ("coloca small blind" is not the word of the corpus' Portuguese hand, "paga o")."""
    path = tmp_path / "hands.txt"
    path.write_text(PORTUGUESE, encoding="utf-8")
    report = ReadReport()
    (record,) = read([path], report)
    assert report.problems == []
    assert record.hand is None and record.error is not None and record.error.line == 5
    assert record.error.text == "Ana: coloca small blind €0.01"
    assert record.error.message == "unrecognised line"  # below the seats: the header was read
    spanish = tmp_path / "mano.txt"
    spanish.write_text(TRANSLATED["spanish"][2], encoding="utf-8")
    assert list(read([spanish], report)) == []
    assert [p.message.split(":")[0] for p in report.problems] == ["PokerStars hand history in Spanish"]


# Each a hand's first lines as a client's translation writes them (written for this test: the words of each
# translation, our own players, numbers and amounts). None of them holds three English hand-history words.
TRANSLATED: dict[str, tuple[str, str]] = {
    "spanish": ("PokerStars", "Spanish", """\
PokerStars Mano n.º 100000000002: Torneo n.º 2000, 5€+0,50€ Hold'em No Limit - Nivel I (10/20) - 2015/07/07 18:00 CET
Mesa '2000 1' 9-max Asiento n.º 3 es el botón
Asiento 1: Ana (1500 en fichas)
Asiento 3: Bruno (1500 en fichas)
Ana: pone la ciega pequeña 10
Bruno: pone la ciega grande 20
*** CARTAS PROPIAS ***
"""),
    "french": ("PokerStars", "French", """\
Main PokerStars n° 100000000003 : Tournoi n° 3000, 5 €+0,50 € Hold'em No Limit - Niveau I (10/20) - 2015/07/07 18:00 CET
Table '3000 1' 9-max Siège n° 3 est le bouton
Siège 1 : Ana (1500 en jetons)
Siège 3 : Bruno (1500 en jetons)
Ana : pose la petite blinde 10
Bruno : pose la grosse blinde 20
*** CARTES FERMÉES ***
"""),
    "german": ("PokerStars", "German", """\
PokerStars Hand #100000000004: Turnier #4000, 5 €+0,50 € Hold'em No Limit - Stufe I (10/20) - 2015/07/07 18:00 MESZ
Tisch '4000 1' 9-max Platz #3 ist der Button
Platz 1: Ana (1500 Chips)
Platz 3: Bruno (1500 Chips)
Ana: setzt Small Blind 10
Bruno: setzt Big Blind 20
*** HOLE CARDS ***
"""),
    "italian": ("PokerStars", "Italian", """\
PokerStars Mano n. 100000000005: Torneo n. 5000, 5 €+0,50 € Hold'em No Limit - Livello I (10/20) - 2015/07/07 18:00 CET
Tavolo '5000 1' 9-max Posto n. 3 è il bottone
Posto 1: Ana (1500 in gettoni)
Posto 3: Bruno (1500 in gettoni)
Ana: punta il piccolo buio 10
Bruno: punta il grande buio 20
"""),
    "russian": ("PokerStars", "Russian", """\
Раздача PokerStars №100000000006: Турнир №6000, $5+$0.50 Hold'em No Limit - Уровень I (10/20) - 2015/07/07 18:00 MSK
Стол '6000 1' 9-max Место №3 - баттон
Место 1: Ana (1500 фишек)
Место 3: Bruno (1500 фишек)
Ana: ставит малый блайнд 10
Bruno: ставит большой блайнд 20
"""),
    "everleaf-french": ("Everleaf", "French", """\
Everleaf Gaming - Poker Partouche - Partie n° 100000000007
***** Historique de la main n° 100000000007 *****
Blindes 0,05 €/0,10 € NL Hold'em - 2012/09/01 - 20:34:15
Table Paris
Le bouton est au siège 3
Nombre total de joueurs : 2
Siège 1: Ana ( 5 € )
Siège 3: Bruno ( 5 € )
Ana: pose la petite blinde [0,05 €]
"""),
    "everleaf-english-first-line": ("Everleaf", "French", """\
Everleaf Gaming Game #100000000008
***** Historique de la main n° 100000000008 *****
Blindes 0,05 €/0,10 € NL Hold'em - 2012/09/01 - 20:34:15
Table Paris
Le bouton est au siège 3
Siège 1: Ana ( 5 € )
Siège 3: Bruno ( 5 € )
Ana: pose la petite blinde [0,05 €]
"""),
    "winamax-spanish": ("Winamax", "Spanish", """\
Winamax Poker - CashGame - Mano n.º 7000-1-1500000000 - Holdem no limit (0.01€/0.02€) - 2015/07/07 18:00:00 UTC
Mesa: 'Madrid 01' 6-max (dinero real) Asiento n.º 3 es el botón
Asiento 1: Ana (2€)
Asiento 3: Bruno (2€)
*** ANTE/CIEGAS ***
Ana pone la ciega pequeña 0.01€
"""),
    "888-spanish": ("888poker", "Spanish", """\
***** 888poker Historial de manos del juego 123456789 *****
0,01 $/0,02 $ ciegas No Limit Holdem - *** 07 07 2015 18:00:00
Mesa Madrid 6 Max (dinero real)
El asiento 3 es el botón
Asiento 1: Ana ( 2 $ )
Asiento 3: Bruno ( 2 $ )
Ana pone la ciega pequeña [0,01 $]
"""),
    "partypoker-french": ("PartyPoker", "French", """\
***** Historique des mains PartyPoker pour la partie 1234567890 *****
Partie n° 1234567890 : 0,01 €/0,02 € Hold'em No Limit - 2015/07/07 18:00:00 CET
Table Paris (argent réel)
Le siège 3 est le bouton
Siège 1: Ana ( 2 € )
Siège 3: Bruno ( 2 € )
Ana pose la petite blinde [0,01 €]
"""),
}


@pytest.mark.parametrize("key", sorted(TRANSLATED))
def test_a_known_clients_translation_is_named_with_its_language_and_header(key: str) -> None:
    client, language, text = TRANSLATED[key]
    lines = text.splitlines()
    assert unrecognised(lines) == f"{client} hand history in {language}: header not recognised: {lines[0]!r}"


def test_an_english_header_of_a_new_layout_keeps_the_plain_message() -> None:
    lines = SKIN.replace("Skinny Poker", "PokerStars").splitlines()  # PokerStars' words, a layout no reader knows
    assert unrecognised(lines).startswith("a PokerStars hand history whose header no reader recognises")


@pytest.mark.parametrize("key", sorted(TRANSLATED))
def test_a_translated_file_is_reported_by_language_whether_a_reader_claims_it_or_none(
    key: str, tmp_path: Path
) -> None:
    """German PokerStars and Winamax headers start as the English ones do: their reader claims the file and cannot
    read line 1; the others no reader claims. Either way the report names the client, the language and the line."""
    client, language, text = TRANSLATED[key]
    path = tmp_path / f"{key}.txt"
    path.write_text(text, encoding="utf-8")
    report = ReadReport()
    records = list(read([path], report))
    messages = [p.message for p in report.problems] + [r.error.message for r in records if r.error is not None]
    assert [r.hand for r in records if r.hand is not None] == []
    assert messages == [f"{client} hand history in {language}: header not recognised: {text.splitlines()[0]!r}"]
    assert all(r.error is not None and r.error.line <= 2 for r in records)  # the header block


def test_a_hand_of_a_room_not_named_in_a_translation_is_named_with_its_language() -> None:
    """No room's name, no English word: a hand's number on the first line and a seat line in Spanish."""
    lines = """\
Mano n.º 4455667788 - Hold'em No Limit 0,01 €/0,02 € - 2015/07/07 18:00:00
Mesa 'Sevilla' 6-max
Asiento 1: Ana (2 € en fichas)
Asiento 3: Bruno (2 € en fichas)
Ana: pone la ciega pequeña 0,01 €
""".splitlines()
    assert unrecognised(lines) == f"a hand history in Spanish: header not recognised: {lines[0]!r}"
    assert unrecognised(["Mano n.º 4455667788", "una mano sin asientos"]) == NOT_A_HAND_HISTORY
