"""888 / Pacific Poker text hand histories (888poker, Cassava, 888.ro, 888poker.ca-on): ``grammars/pacific.lark``
plus 888's quirks, on the layout it shares with PartyPoker (``party_layout``).

What differs from PartyPoker's classic layout:

* the header names the room (``***** Cassava Hand History for Game 79911308 *****``), the game line the blinds
  (``$0.01/$0.02 Blinds No Limit Holdem - *** 04 02 2011 13:04:49``: day, month, year, no time zone, so the UTC
  time is unknown), the table line the tournament (``Tournament #123 $1.50 + $0.15 - Table #4 9 Max``);
* amounts in the player's locale: ``( 7,17$ )``, ``( 15 788,50 $ )`` (a space between thousands, a decimal comma),
  ``( 3.530 $ )`` (a dot between thousands), ``[6 000]``, ``( $1,728.25 )``;
* ``posts dead blind [0.50 + 1]``: the dead small blind and the live big blind of a returning player;
  ``[0,01 $ + 0 $]``: the dead small blind alone;
* no all-in marker (an action that takes a player's last chip is all-in all the same), no rake, no total pot, no
  side-pot and no uncalled-bet line: the unmatched part of a bet goes back without a line (a walk's ``raises
  [$0.04]`` over a $0.02 big blind collects $0.05), inside the collect of a walk's blind excess or of a side pot, or
  as a "collected" line of its own after a showdown; the amounts tell which (the layout's ``_settle_owed``);
* the summary: ``P shows [ Js, 8d ]``, ``P mucks [ 8h, 9h ]``, ``P did not show his hand``, ``P collected [ $0.20 ]``;
* card ranks in Russian from a client whose cp1251 letters are read as cp1252 (``Òd``: Т, туз, the ace of
  diamonds; ``Âh``: В, валет, a jack; ``Ä``: Д, дама, a queen; ``Ê``: К, король, a king), decoded either way.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from handlog.events import Game, Muck, Post, PostType, Stakes, Street, Structure
from handlog.formats.grammar import Fields
from handlog.formats.party_layout import PartyLayoutBuilder, PartyLayoutFormat, party_cards
from handlog.formats.text import FieldError, currency_of, decimal_of
from handlog.formats.textsite import DESCRIPTIONS, Tok
from handlog.reading.registry import register

_RANKS = str.maketrans({"Â": "J", "В": "J", "Ä": "Q", "Д": "Q", "Ê": "K", "К": "K", "Ò": "A", "Т": "A"})
_DECIMAL_COMMA = re.compile(r"[0-9]+,[0-9]{1,2}")
_THOUSANDS_DOT = re.compile(r"[1-9][0-9]{0,2}(?:\.[0-9]{3})+")


def pacific_amount(text: str) -> Decimal:
    """``"15 788,50 $"`` → 15788.50, ``"3.530 $"`` → 3530, ``"$1,728.25"`` → 1728.25, ``"6 000"`` → 6000."""
    num = re.sub(r"[^0-9.,]", "", text)
    if not num or not num[0].isdigit():
        raise FieldError(f"not an amount: {text!r}")
    if "," in num and "." in num:  # the last separator is the decimal one
        decimal = "," if num.rfind(",") > num.rfind(".") else "."
        num = num.replace("." if decimal == "," else ",", "").replace(",", ".")
    elif "," in num:
        num = num.replace(",", ".") if _DECIMAL_COMMA.fullmatch(num) else num.replace(",", "")
    elif _THOUSANDS_DOT.fullmatch(num):  # no amount has three decimals: "3.530" is three thousand five hundred
        num = num.replace(".", "")
    return decimal_of(num, text)


_LOCAL_RANKS = {"Kn": "J", "H": "K", "V": "Q", "B": "J", "D": "Q", "E": "A"}
"""Ranks of the clients that write them in the player's language: Swedish (``Kn`` knekt, ``D`` dam, ``E`` ess) and
Dutch (``H`` heer, ``V`` vrouw, ``B`` boer)."""
_LOCAL_SUITS = {"Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c", "p": "s", "t": "c"}
"""Suits written as words (German ``8Pik``) or by another initial (``7p`` pique, ``8t`` trèfle)."""
_LOCAL_CARD = re.compile(r"^(10|Kn|[2-9TJQKAHVBDE])(Pik|Herz|Karo|Kreuz|[cdhspt])$")


def pacific_cards(text: str | None) -> tuple[str, ...]:
    """``"2d, Òd"`` → ``("2d", "Ad")``: Russian ranks (read as cp1252 or cp1251), the Swedish and Dutch ranks and the
    German and French suits of localised clients become the usual letters (``Knh`` → ``Jh``, ``8Pik`` → ``8s``)."""
    out = []
    for word in (text or "").translate(_RANKS).replace(",", " ").split():
        m = _LOCAL_CARD.match(word)
        if m is None:
            out.append(word)  # left for ``party_cards`` to refuse, with its message
            continue
        rank, suit = m.groups()
        out.append(_LOCAL_RANKS.get(rank, rank) + _LOCAL_SUITS.get(suit, suit))
    return party_cards(" ".join(out))


class PacificBuilder(PartyLayoutBuilder):
    """888's lines on the shared layout's builder: its header, table, locale amounts, dead blinds and summary."""

    games: ClassVar[dict[str, Game]] = {"holdem": Game.HOLDEM, "omaha": Game.OMAHA, "omahahl": Game.OMAHA_HI_LO}
    structures: ClassVar[dict[str, Structure]] = {
        "no limit": Structure.NO_LIMIT, "pot limit": Structure.POT_LIMIT, "fix limit": Structure.FIXED_LIMIT,
    }
    streets: ClassVar[dict[str, Street]] = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}

    def money(self, text: str) -> Decimal:
        return pacific_amount(text)

    def card_list(self, text: str | None) -> tuple[str, ...]:
        return pacific_cards(text)

    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.header = {"hand_id": f["hand_id"], "room": (f["room"] or "").strip()}
        return tok

    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.table = {
            "table": (f["table"] or f["table_2"] or "").strip(), "money": f["money"], "max_seats": f["max_seats"],
        }
        if f["tournament"]:
            self.header.update(tournament=f["tournament"], buy_in=(f["buy_in"] or "").strip())
        return tok

    def PLAYERS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # "Total number of players : 6" counts the players, not the table's seats

    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        text, player, line = f["amount"] or "", f["player"] or "", self._lineno(tok)
        if f["post"] != "dead blind":
            return super().POST(tok, fields)
        parts = [self.money(part) for part in text.split("+")]
        dead, live = (parts[0], parts[-1]) if len(parts) == 2 else (Decimal(0), parts[0])
        self.bets.dead(player, dead)
        self.dead_money[player] = self.dead_money.get(player, Decimal(0)) + dead
        if not live:  # "[0,01 $ + 0 $]": the dead small blind alone (the player waits for the big blind's turn)
            self.events.append(Post(line=line, player=player, post=PostType.DEAD_BLIND, amount=dead))
            return tok
        self.bets.add(player, live)
        self.events.append(Post(line=line, player=player, post=PostType.BOTH_BLINDS, amount=dead + live, dead=dead))
        return tok

    def MUCKS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        line = self._lineno(tok)
        self._betting_over(line)
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or ""))

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self._lineno(tok)
        self._betting_over(line)
        text = (f["amount"] or "").strip()
        self._pay(f["player"] or "", self.money(text), "pot", line, f"collected [ {text} ]")
        return tok

    def _stakes(self) -> Stakes:
        text = self.header.get("stakes") or ""
        halves = text.split("/")
        if len(halves) != 2:
            raise FieldError(f"no stakes in {text!r}")
        small, big = self.money(halves[0]), self.money(halves[1])
        if (self.header.get("structure") or "").lower() == "fix limit":  # the bets: the big blind and twice it
            unit = Decimal(10) ** min(int(small.as_tuple().exponent), int(big.as_tuple().exponent))
            return Stakes(small=big.quantize(unit), big=(big * 2).quantize(unit))  # "0.5/1": bets of 1.0 and 2.0
        return Stakes(small=small, big=big)

    def site_name(self) -> str:
        return self.site

    def currency(self, tournament: bool) -> str:
        if tournament:
            return "CHIPS"
        if self.table.get("money") == "Practice Play":
            return "PLAY"
        return currency_of(self.header.get("stakes") or "") or "USD"

    def zoom(self) -> bool:
        return False


class PacificFormat(PartyLayoutFormat):
    """The 888 / Pacific Poker reader, registered as ``pacific``: the shared layout's reader with 888's header and
    words."""

    name = "pacific"
    site = "888poker"
    grammar = "pacific"
    builder = PacificBuilder
    # the room's name after the stars tells 888 from PartyPoker ("***** Hand History for Game …")
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('***** Cassava Hand History for Game … *****')",
        "GAME": "the game line ('$0.01/$0.02 Blinds No Limit Holdem - *** 04 02 2011 13:04:49')",
        "TABLE": "the table line ('Table Plovdiv (Real Money)')",
        "SEAT": "a seat line ('Seat 1: P ( $2.06 )')",
        "POST": "a forced bet ('P posts small blind [$0.01]')",
        "STREET": "a street ('** Dealing flop ** [ 9s, Ts, 4d ]')",
        "RAISE": "a raise ('P raises [$0.62]')",
        "SUMMARY": "'** Summary **'",
        "COLLECT": "'P collected [ $0.20 ]'",
        "MUCKS": "'P mucks [ 8h, 9h ]'",
        "NO_SHOW": "'P did not show his hand'",
    }


register(PacificFormat())
