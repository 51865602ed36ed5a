"""The layout PartyPoker and 888 (``pacific``) share, read once for both: its builder (``PartyLayoutBuilder``) and
its reader's parse (``PartyLayoutFormat``); each room's module holds only its header, words and room-level hooks.

Both generations of PartyPoker's layout, on the shared builder (``textsite.TextHandBuilder``):

* classic (2005-2016): the amount of every action is the chips it *adds* (``raises [$0.08 USD]``: the player's
  bet on the street grows by $0.08), written with decimal commas by Mac clients (``[ $20,90 USD ]``) and thousands
  commas elsewhere (``( 4,520 )``); ``is all-In [ $20,90 USD ]`` is the action itself (a bet, a raise or a call of
  the whole stack); stakes are not in the header of a cash game (``$2 USD NL`` is the table's buy-in), so they
  come from the blinds posted; tournaments print their level as ``Blinds(300/600)`` and, in some years, no post
  lines at all: the blinds are then posted as that line states (a ``Notice`` says so);
* 2017+: ``raises 0.85 to 0.85`` (the chips added, then the total), ``calls (1.80)``, ``is all-In.`` after the
  action it qualifies, a ``** Summary **`` whose ``Main Pot: $38.50 Rake: $2.0`` is the pot after the rake and
  whose ledger (``P balance $44.16, bet $23.17, collected $41.47, net +$18.30``) is the only statement of what each
  player collected; the EV cash-out (``P Cashout Amount is 23.01``);
* converted copies (``***** Hand History for Game … ***** (Poker Stars)``, ``(WPN)``, ``(PokerBros)``): the
  classic layout with the converter's statistics after each seat; ``Hand.site`` names the room that dealt them.

No generation prints an uncalled-bet line. The builder follows every player's bets, so at the end of the betting it
knows the unmatched part of the last bet; once every "wins" / "collected" line is read, their sum tells where it went
(``_settle_owed``): collects adding up to more than the pot without it hold it (a walk's ``wins $7.52`` is the pot
less the rake plus the bet nobody called; a converted copy writes it as a ``wins`` line of its own without a pot; an
old log as a "side pot" of its owner alone), and it becomes an ``UncalledBet`` at that line (with a ``Notice`` where
it is split from a collect); otherwise it went back without a line: the reader states so (``UncalledReturns.UNPRINTED``)
and the engine returns it, as it does every bet nobody called (antes nobody matched, which are in no bet, excepted:
the reader returns those). Glued lines
(``P does not show cards.P wins $1,10 USD``, two ``wins`` lines on one line, ``is sitting outP …``) are read as the
lines they are, with the line number they share.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import ClassVar
from zoneinfo import ZoneInfo

from handlog.events import (
    Bet,
    Call,
    CashOut,
    Collect,
    DealHole,
    Event,
    Fold,
    Game,
    Hand,
    Muck,
    Notice,
    PlayerStatus,
    Post,
    PostType,
    Raise,
    Seat,
    Show,
    Stakes,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
    UncalledReturns,
)
from handlog.events.chips import unmatched
from handlog.formats.grammar import Fields
from handlog.formats.text import FieldError, StreetBets, cards, decimal_of
from handlog.formats.textsite import DESCRIPTIONS, TextHandBuilder, TextSiteFormat, Tok

ZERO = Decimal(0)
_NUMBER = re.compile(r"^[$€]? ?(?P<num>[0-9][0-9.,]*)")
_PAIR = re.compile(
    r"[$€]?(?P<small>[0-9][0-9.,]*)\s*/\s*[$€]?(?P<big>[0-9][0-9.,]*)(?:\s*-\s*(?P<ante>[0-9][0-9.,]*))?"
)
_NO_SMALL_BLIND = "There is no Small Blind in this hand"
_CARD = re.compile(r"^(10|[2-9TJQKA])([cdhs])$", re.IGNORECASE)
_LEDGER_COLLECTED = re.compile(r"collected (?P<amount>[$€]?[0-9][0-9.,]*)")
_GLUE = re.compile(r"(?<=does not show cards\.)(?=\S)|(?<=is sitting out)(?=\S)|(?<=[a-z0-9A-Z]\.)(?=\S+ wins )")
_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)}
_DATE = re.compile(
    r"(?P<month>[A-Z][a-z]{2})[a-z]*,? +(?P<day>[0-9]{1,2}),? +(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2})"
    r" +(?P<tz>[A-Z]{2,5}) +(?P<year>[0-9]{4})"
)
ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "MEZ": "Europe/Berlin", "MESZ": "Europe/Berlin",
    "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon", "GMT": "UTC", "UTC": "UTC", "BST": "Europe/London",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki", "MSK": "Europe/Moscow", "MSKS": "Europe/Moscow",
    "ICT": "Asia/Bangkok", "YEKST": "Asia/Yekaterinburg", "YEKT": "Asia/Yekaterinburg",
    "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles", "CST": "America/Chicago", "CDT": "America/Chicago",
    "AEST": "Australia/Sydney", "AEDT": "Australia/Sydney",
}
"""The zone of each abbreviation PartyPoker's clients print (the player's local time)."""
_IN_HAND = ("folds", "checks", "calls", "bets", "double bets", "raises", "is all-In", "shows", "doesn't show",
            "does not show", "wins", "completes", "bring-ins")
"""What a line says a player dealt in did (after the name)."""
"""The rooms that dealt a converted copy, by the tag after its header."""


def party_amount(text: str) -> Decimal:
    """``"$ 20,90"`` → 20.90 (a Mac client's decimal comma); ``"4,520"``, ``"$10,000"`` → thousands."""
    m = _NUMBER.match(text.strip())
    if m is None:
        raise FieldError(f"not an amount: {text!r}")
    num = m.group("num").rstrip(".,")
    if "," in num and "." not in num and re.fullmatch(r"[0-9]+,[0-9]{1,2}", num):
        num = num.replace(",", ".")
    elif re.fullmatch(r"[0-9]{1,3}(?:\.[0-9]{3})+", num):  # "1.200": a tournament's chips, dots for thousands
        num = num.replace(".", "")
    num = num.replace(",", "")
    return decimal_of(num, text)


def _pot_number(pot: str) -> int:
    """``side pot-2`` → 2."""
    digits = pot.rsplit("-", 1)[-1]
    return int(digits) if digits.isdigit() else 0


def _money(f: Fields) -> str:
    """The amount of a line whose amount is in brackets or in parentheses (two alternatives of one field)."""
    return f.get("amount") or f.get("amount_2") or ""


def party_cards(text: str | None) -> tuple[str, ...]:
    """``"Js, Th"`` → ``("Js", "Th")`` (``10`` written for a ten is read as ``T``)."""
    out = []
    for word in (text or "").replace(",", " ").split():
        m = _CARD.match(word)
        if m is None:
            raise FieldError(f"not a card: {word!r}")
        rank = "T" if m.group(1) == "10" else m.group(1).upper()
        out.append(rank + m.group(2).lower())
    return cards(" ".join(out))


def party_time(text: str) -> datetime | None:
    """``"Monday, August 30, 16:08:09 EDT 2010"`` or ``"Mon Feb 09 12:55:26 EST 2026"`` in UTC, when the zone is
    one PartyPoker prints."""
    m = _DATE.search(text)
    if m is None or m.group("tz") not in ZONES or m.group("month").lower() not in _MONTHS:
        return None
    try:
        local = datetime(
            int(m.group("year")), _MONTHS[m.group("month").lower()], int(m.group("day")),
            int(m.group("h")), int(m.group("mi")), int(m.group("s")), tzinfo=ZoneInfo(ZONES[m.group("tz")]),
        )
    except ValueError:
        return None
    return local.astimezone(UTC)


class PartyLayoutBuilder(TextHandBuilder):
    """The layout's lines to events: amounts as chips added, stakes from the blinds, unprinted uncalled bets."""

    games: ClassVar[dict[str, Game]] = {
        "texas hold'em": Game.HOLDEM,
        "texas holdem": Game.HOLDEM,
        "holdem": Game.HOLDEM,
        "omaha": Game.OMAHA,
        "omaha hi": Game.OMAHA,
        "omaha hi-lo": Game.OMAHA_HI_LO,
        "short deck": Game.SIX_PLUS_HOLDEM,
        "7 card stud": Game.SEVEN_CARD_STUD,
        "7 card stud hi-lo": Game.SEVEN_CARD_STUD_HI_LO,
    }
    structures: ClassVar[dict[str, Structure]] = {
        "nl": Structure.NO_LIMIT, "pl": Structure.POT_LIMIT, "fl": Structure.FIXED_LIMIT,
    }
    posts: ClassVar[dict[str, PostType]] = {
        "small blind": PostType.SMALL_BLIND,
        "big blind": PostType.BIG_BLIND,
        "ante": PostType.ANTE,
        "button blind": PostType.BUTTON_BLIND,
        "dead blind": PostType.ANTE,
        "big blind + dead": PostType.BOTH_BLINDS,
    }
    streets: ClassVar[dict[str, Street]] = {
        "Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER, "Third street": Street.THIRD,
        "Fourth street": Street.FOURTH, "Fifth street": Street.FIFTH, "Sixth street": Street.SIXTH,
        "Seventh street": Street.SEVENTH,
    }

    statuses: ClassVar[tuple[tuple[str, PlayerStatus], ...]] = (
        ("has joined", PlayerStatus.JOINS),
        ("has left", PlayerStatus.LEAVES),
        ("is sitting out", PlayerStatus.SITS_OUT),
        ("sits out", PlayerStatus.SITS_OUT),
        ("did not respond", PlayerStatus.TIMED_OUT),
        ("could not respond", PlayerStatus.TIMED_OUT),  # "could not respond in time.(disconnected)"
    )

    def money(self, text: str) -> Decimal:
        """An amount as the site writes it."""
        return party_amount(text)

    def card_list(self, text: str | None) -> tuple[str, ...]:
        """Cards as the site writes them."""
        return party_cards(text)

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.bets = StreetBets()
        self.level_line = 0
        self.no_small_blind = False
        self.betting_over = 0  # the first line after the betting (a show, a win, the summary), once seen
        self.owed: tuple[str, Decimal] | None = None  # the unmatched part of the last bet, not yet returned
        self.uncalled = UncalledReturns.PRINTED  # how the log shows the return (``_settle_owed``)
        self.ante_owed = False  # the unmatched part is an all-in player's antes
        self.collect_texts: dict[int, str] = {}  # the words of each collect line, by event index
        self.dead_money: dict[str, Decimal] = {}  # antes and dead blinds: in the pot, never part of a bet to match
        self.stud_cards: dict[str, tuple[str, ...]] = {}  # stud: each player's cards dealt so far
        self.hand_lines: Sequence[str] = getattr(self, "hand_lines", ())  # set by ``PartyLayoutFormat.parse``

    # -- header (each room reads its own header line)
    def GAME(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)

        def first(name: str) -> str | None:
            return f.get(name) or f.get(f"{name}_2") or f.get(f"{name}_3")

        structure = first("structure")
        if structure is None and "/" in (f.get("stakes") or ""):
            structure = "FL"  # "$15/$30 USD Texas Hold'em": only fixed limit states its stakes as two bets
        self.header.update(
            game=(first("game") or "").strip(),
            structure=structure,
            stakes=first("stakes"),
            money=f.get("money"),
            fast=f.get("fast"),
            tournament=first("tournament"),
            buy_in=(first("buy_in") or "").strip(),
            level=f.get("level"),
            level_stakes=f.get("level_stakes"),
            tourney=f.get("tourney"),
            time=(f.get("time") or "").strip(),
        )
        if self.header["tourney"] and not self.header["tournament"]:
            self.header["tournament"] = "?"
        return tok

    def TABLE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.table = {"table": (f["table"] or "").strip(), "money": f["money"], "button": f["button"]}
        return tok

    def PLAYERS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.table["max_seats"] = self._f(tok, fields)["max_seats"]
        return tok

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.seats.append(
            Seat(seat=int(f["seat"] or 0), player=f["player"] or "", stack=self.money(_money(f)),
                 line=self._lineno(tok))
        )
        return tok

    def TRNY(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.header["tournament"] = f["tournament"]
        self.header["level"] = f["level"]
        return tok

    def LEVEL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.header["level_stakes"] = self._f(tok, fields)["level_stakes"]
        self.level_line = self._lineno(tok)
        return tok

    def NOTICE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """A room's message; "There is no Small Blind in this hand …" says which blinds a log without posts had."""
        if (self._f(tok, fields)["text"] or "").startswith(_NO_SMALL_BLIND):
            self.no_small_blind = True
        return super().NOTICE(tok, fields)

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        kind = self.posts[f["post"] or ""]
        value = self.money(_money(f))
        player = f["player"] or ""
        dead = ZERO
        if kind is PostType.ANTE:
            dead = value
        elif kind is PostType.BOTH_BLINDS:
            # "posts big blind + dead [$0.35]": the big blind's worth is live, the rest (the small blind) dead, as
            # the engine counts it; the big blind is the one posted before it
            big = max((e.amount for e in self.events if isinstance(e, Post) and e.post is PostType.BIG_BLIND),
                      default=value)
            dead = max(ZERO, value - big)
        if dead:
            self.bets.dead(player, dead)
            self.dead_money[player] = self.dead_money.get(player, ZERO) + dead
        if value > dead:
            self.bets.add(player, value - dead)
        self.events.append(Post(line=self._lineno(tok), player=player, post=kind, amount=value))
        return tok

    def BRING_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", self.money(_money(f))
        line = self._lineno(tok)
        if f["verb"] == "bring-ins":
            self.bets.add(player, value)
            self.events.append(Post(line=line, player=player, post=PostType.BRING_IN, amount=value))
        else:  # "completes [$10 USD]": the chips added bring the bet to the small bet
            self.events.append(self._raise(player, value, line))
        return tok

    def OPENS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.events.append(Notice(line=self._lineno(tok), text=f"{f['player']} opens", player=f["player"]))
        return tok

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """Stud prints a later street's card alone ("Dealt to Player0 [  Td ]"): the cards held, then the new one."""
        f = self._f(tok, fields)
        player, dealt = f["player"] or "", self.card_list(f["cards"])
        held = self.stud_cards.get(player, ())
        if self._stud() and held and len(dealt) == 1:
            self.events.append(DealHole(line=self._lineno(tok), player=player, cards=held, new=dealt))
        else:
            self.events.append(DealHole(line=self._lineno(tok), player=player, cards=dealt))
        self.stud_cards[player] = held + dealt if held and len(dealt) == 1 else dealt
        return tok

    def _stud(self) -> bool:
        game = self.games.get((self.header.get("game") or "").strip().lower())
        return game in (Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO)

    def DEALING(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"** Dealing down cards **" starts hold'em's first round; stud's "** Dealing **" is third street."""
        self._implied_blinds()
        street = Street.THIRD if self._stud() else Street.PREFLOP
        self.events.append(StreetStart(line=self._lineno(tok), street=street))
        return tok

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        street = self.streets[f["street"] or ""]
        if not any(isinstance(e, StreetStart) for e in self.events):
            self._implied_blinds()
        self.bets.new_street()
        self.events.append(StreetStart(line=self._lineno(tok), street=street, cards=self.card_list(f["board"])))
        return tok

    # -- actions
    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: Fields, line: int) -> Event:
            player = f["player"] or ""
            if not any(isinstance(e, StreetStart) for e in self.events):
                # a fold before the cards are dealt (888: a short stack that does not post): out of this hand
                return StatusChange(line=line, player=player, status=PlayerStatus.SITS_OUT)
            return Fold(line=line, player=player)

        return self._add(tok, fields, make)

    def _raise(self, player: str, added: Decimal, line: int, all_in: bool = False) -> Event:
        before = self.bets.level
        to = self.bets.bets.get(player, ZERO) + added
        self.bets.raise_to(player, to)
        return Raise(line=line, player=player, by=to - before, to=to, all_in=all_in)

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", self.money(_money(f))
        self.bets.add(player, value)
        self.events.append(Call(line=self._lineno(tok), player=player, amount=value))
        return tok

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", self.money(_money(f))
        self.bets.add(player, value)
        self.events.append(Bet(line=self._lineno(tok), player=player, amount=value))
        return tok

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, line = f["player"] or "", self._lineno(tok)
        if f["amount"]:  # classic: the chips added
            self.events.append(self._raise(player, self.money(f["amount"]), line))
            return tok
        to = self.money(f["to"] or "")  # 2017+: "raises 2.40 to 2.65", the total is what counts
        before = self.bets.level
        self.bets.raise_to(player, to)
        self.events.append(Raise(line=line, player=player, by=to - before, to=to))
        return tok

    def ALL_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, line = f["player"] or "", self._lineno(tok)
        if not f["amount"]:  # 2017+: "P is all-In." marks the action just before
            for i in range(len(self.events) - 1, -1, -1):
                e = self.events[i]
                if isinstance(e, Bet | Call | Raise | Post) and e.player == player:
                    self.events[i] = e.model_copy(update={"all_in": True})
                    break
            return tok
        added = self.money(f["amount"])
        bet = self.bets.bets.get(player, ZERO)
        if self.bets.level == ZERO:
            self.bets.add(player, added)
            self.events.append(Bet(line=line, player=player, amount=added, all_in=True))
        elif bet + added > self.bets.level:
            self.events.append(self._raise(player, added, line, all_in=True))
        else:
            self.bets.add(player, added)
            self.events.append(Call(line=line, player=player, amount=added, all_in=True))
        return tok

    # -- showdown and money
    def _betting_over(self, line: int) -> None:
        """The first line after the betting: the unmatched part of the last bet is known."""
        if self.betting_over:
            return
        self.betting_over = line
        players = self.bets.players()
        if not players:
            return
        top, most, second = unmatched({p: self.bets.total(p) - self.dead_money.get(p, ZERO) for p in players})
        if most <= second:  # no bet unmatched; an all-in on the ante alone may be (888's BLAST tournaments)
            top, most, second = unmatched({p: self.bets.total(p) for p in players})
            stack = next((seat.stack for seat in self.seats if seat.player == top), None)
            if most <= second or stack != most or self.bets.bets.get(top) or top in self.bets.bets or (
                # a dead blind is in the pot, matched by nobody and owed to none (an ante all-in is owed back)
                any(isinstance(e, Post) and e.player == top and e.post in (PostType.BOTH_BLINDS, PostType.DEAD_BLIND)
                    for e in self.events)
            ):
                return
            self.ante_owed = True  # an excess of antes, which the engine does not find (no bet is unmatched)
        self.owed = (top, most - second)

    def _pay(self, player: str, value: Decimal, pot: str, line: int, text: str) -> None:
        """What a line says ``player`` got (whether it holds a returned bet is known at the end: ``_settle_owed``)."""
        self.collect_texts[len(self.events)] = text
        self.events.append(Collect(line=line, player=player, amount=value, pot=pot))

    def _settle_owed(self) -> None:
        """Where the unmatched part of the last bet went back. Neither site prints an uncalled-bet line; what the
        players collect tells: collects that add up to more than the pot without that part must hold it (PartyPoker
        always; 888 in a walk, or in a side pot's collect), and then it is the owner's collect of exactly that
        amount (a converted copy's "wins $1.74 USD", an old "side pot" of its owner alone, 888's last "collected"
        of an all-in) or inside the owner's collect that can hold it; otherwise it went back without a line."""
        if self.owed is None:
            return
        player, excess = self.owed
        players = self.bets.players()
        pot_without = sum((self.bets.total(p) for p in players), ZERO) - excess
        collects = [(i, e) for i, e in enumerate(self.events) if isinstance(e, Collect)]
        sides = [(i, e) for i, e in collects if e.pot.startswith("side pot")]
        last = max(sides, key=lambda ie: _pot_number(ie[1].pot), default=None)
        if last is not None and last[1].player == player and last[1].amount == excess:
            # the last side pot, the owner's alone, of exactly the unmatched part: the return, however the rake
            # leaves the sum of the collects ("wins $0.59 USD from the side pot 1" over an all-in of 8.21)
            self.events[last[0]] = UncalledBet(line=last[1].line, player=player, amount=excess)
            return
        if sum((e.amount for _, e in collects), ZERO) > pot_without:
            own = [(i, e) for i, e in collects if e.player == player and e.amount >= excess]
            exact = [(i, e) for i, e in own if e.amount == excess and e.pot != "main pot"]
            if exact:
                i, e = exact[-1]
                self.events[i] = UncalledBet(line=e.line, player=player, amount=excess)
                return
            if own:  # the unmatched part is in the last pot: a side pot's collect before the main pot's
                # (the site's total is the pot without it: not ``UncalledReturns.IN_COLLECTS``, whose total holds it)
                i, e = max(own, key=lambda ie: (ie[1].pot.startswith("side pot"), ie[1].pot, ie[1].amount))
                text = self.collect_texts.get(i, "")
                self.events[i : i + 1] = [
                    UncalledBet(line=e.line, player=player, amount=excess),
                    Notice(line=e.line, player=player, text=f"uncalled {excess} returned to {player} inside '{text}'"),
                    e.model_copy(update={"amount": e.amount - excess}),
                ]
                return
        if not self.ante_owed:
            self.uncalled = UncalledReturns.UNPRINTED  # it went back without a line: the engine returns it
            return
        # antes nobody matched (888's BLAST: an all-in on the antes alone) are in no bet: the reader returns them
        line = self.betting_over or self.offset + 1
        at = next((i for i, e in enumerate(self.events) if e.line >= line and not isinstance(e, StreetStart)),
                  len(self.events))
        self.events[at:at] = [
            UncalledBet(line=line, player=player, amount=excess),
            Notice(line=line, player=player, text=f"uncalled {excess} returned to {player} (no line says so)"),
        ]

    def SHOWS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self._lineno(tok)
        self._betting_over(line)
        self.events.append(
            Show(line=line, player=f["player"] or "", cards=self.card_list(f["cards"]),
                 description=f["description"] or "")
        )
        return tok

    def NO_SHOW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self._lineno(tok)
        self._betting_over(line)
        self.events.append(Muck(line=line, player=f["player"] or "", announced=False))
        return tok

    def WINS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        line = self._lineno(tok)
        self._betting_over(line)
        pot = (f["pot"] or "pot").replace(" #", "-").replace("side pot ", "side pot-")
        amount_text = (f["amount"] or "").strip()
        self._pay(f["player"] or "", self.money(amount_text), pot, line, f"wins {amount_text}")
        return tok

    def CASH_OUT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.events.append(CashOut(line=self._lineno(tok), player=f["player"] or "", amount=self.money(_money(f))))
        return tok

    # -- 2017+ summary
    def SUMMARY(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.summary_line = self._lineno(tok)
        self._betting_over(self.summary_line)
        return tok

    def MAIN_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        s = self.summary
        s.pot_line = self._lineno(tok)
        after_rake = sum((self.money(m.group(0)) for m in re.finditer(r"[$€]?[0-9][0-9.,]*", f["pots"] or "")), ZERO)
        s.rake = self.money(f["rake"]) if f["rake"] else ZERO
        s.total = after_rake + s.rake
        return tok

    def BOARD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.summary.boards.append(self.card_list(self._f(tok, fields)["board"]))
        self.summary.board_line = self.summary.board_line or self._lineno(tok)
        return tok

    def LEDGER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, outcome, line = f["player"] or "", f["outcome"] or "", self._lineno(tok)
        collected = _LEDGER_COLLECTED.search(outcome)
        won = self.money(collected.group("amount")) if collected else None
        if won and not f["cashed"]:  # the ledger is the only statement of what each player collected
            self._pay(player, won, "pot", line, f"collected {collected.group('amount') if collected else ''}")
        return tok

    # -- the hand
    def _heard_of(self, player: str) -> bool:
        """Whether a line of the hand has ``player`` act, show, win or be dealt cards."""
        dealt = f"Dealt to {player} "
        return any(
            line.startswith(dealt) or (line.startswith(f"{player} ") and line[len(player) + 1 :].startswith(_IN_HAND))
            for line in self.hand_lines
        )

    def _implied_blinds(self) -> None:
        """A tournament log with a level line and no post line: the blinds were posted as the level states, by the
        two players after the button (heads-up: the button and the other player)."""
        if any(isinstance(e, Post) and e.post is not PostType.ANTE for e in self.events) or not self.header.get(
            "level_stakes"
        ) or not self.seats or self._stud():  # stud has antes and a bring-in, no blinds
            return
        pair = _PAIR.search(self.header.get("level_stakes") or "")
        button = self.table.get("button")
        if pair is None or button is None:
            return
        seats = sorted(self.seats, key=lambda s: s.seat)
        # a player seated and never heard of in the hand (one moved in from another table, waiting for the big
        # blind) is not dealt in and posts nothing: the blinds are the next players' who are
        dealt = [s for s in seats if self._heard_of(s.player)]
        seats = dealt if len(dealt) >= 2 else seats
        after = [s for s in seats if s.seat > int(button)] + [s for s in seats if s.seat <= int(button)]
        if len(seats) == 2:
            after = [after[-1], after[0]]
        line = self.level_line or self.offset + 1
        small, big = self.money(pair.group("small")), self.money(pair.group("big"))
        # fixed limit states the bets ("Stakes(200/400)"): its blinds are half the small bet and the small bet
        blinds: tuple[Decimal, ...] = (
            (small / 2, small) if (self.header.get("structure") or "").upper() == "FL" else (small, big)
        )
        kinds: tuple[PostType, ...] = (PostType.SMALL_BLIND, PostType.BIG_BLIND)
        if self.no_small_blind:  # "There is no Small Blind in this hand": the first player after the button posts
            kinds, blinds = kinds[1:], blinds[1:]  # the big blind (a dead small blind)
        antes: dict[str, Decimal] = {}
        for e in self.events:
            if isinstance(e, Post) and e.post is PostType.ANTE:
                antes[e.player] = antes.get(e.player, ZERO) + e.amount
        for seat, kind, value in zip(after, kinds, blinds, strict=False):
            put = min(value, seat.stack - antes.get(seat.player, ZERO))  # what the ante left
            self.bets.add(seat.player, put)
            self.events.append(Post(line=line, player=seat.player, post=kind, amount=put, all_in=put < value))
        self.events.append(
            Notice(line=line, text=f"blinds posted as '{self.header['level_stakes']}' states: the log prints no post")
        )

    def _mark_all_ins(self) -> None:
        """The classic layout marks an all-in bet or raise ("is all-In"), never a call or a blind that takes a
        player's last chip (nor do the converted copies): such an action is all-in all the same."""
        left = {s.player: s.stack for s in self.seats}
        for i, e in enumerate(self.events):
            if isinstance(e, UncalledBet) and e.player in left:
                left[e.player] += e.amount
            if not isinstance(e, Post | Call | Bet | Raise) or e.player not in left:
                continue
            put = e.by + (e.to - e.by - self._bet_before(i, e.player)) if isinstance(e, Raise) else e.amount
            left[e.player] -= put
            if left[e.player] == ZERO and not e.all_in:
                self.events[i] = e.model_copy(update={"all_in": True})

    def _bet_before(self, index: int, player: str) -> Decimal:
        """``player``'s bet on the street before the event at ``index``."""
        bet = ZERO
        for e in self.events[:index]:
            if isinstance(e, StreetStart) and e.street is not Street.PREFLOP:
                bet = ZERO
            elif isinstance(e, Post | Call | Bet) and e.player == player and not (
                isinstance(e, Post) and e.post in (PostType.ANTE, PostType.DEAD_BLIND)
            ):
                bet += e.amount - (e.dead if isinstance(e, Post) else ZERO)  # a dead blind is in no bet
            elif isinstance(e, Raise) and e.player == player:
                bet = e.to
        return bet

    def _stakes(self) -> Stakes:
        h = self.header
        structure = self.structures.get((h.get("structure") or "").lower())
        for text in (h.get("stakes") if "/" in (h.get("stakes") or "") else None, h.get("level_stakes")):
            pair = _PAIR.search(text or "")
            if pair:
                ante = self.money(pair.group("ante")) if pair.group("ante") else None
                small, big = self.money(pair.group("small")), self.money(pair.group("big"))
                return Stakes(small=small, big=big, ante=ante)
        # a cash game's header names the buy-in ("$2 USD NL"): the stakes are the blinds posted
        blinds = {e.post: e.amount for e in reversed(self.events) if isinstance(e, Post) and not e.all_in}
        posted_big = blinds.get(PostType.BIG_BLIND)
        posted_small = blinds.get(PostType.SMALL_BLIND)
        if posted_big is None:
            raise FieldError("no stakes: neither the header nor a big blind states them")
        if structure is Structure.FIXED_LIMIT:
            return Stakes(small=posted_big, big=posted_big * 2)
        return Stakes(small=posted_small if posted_small is not None else posted_big / 2, big=posted_big)

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        return self._stakes()

    def build(self, file: str, first_line: int) -> Hand:
        self._settle_owed()
        # A return the log states after the pots are paid (888: the last "collected" line of an all-in is its
        # unmatched part) happened before them: the engine takes it there, with the line that states it.
        first_collect = next((i for i, e in enumerate(self.events) if isinstance(e, Collect)), None)
        if first_collect is not None:
            late = [e for e in self.events[first_collect:] if isinstance(e, UncalledBet)]
            if late:
                rest = [e for e in self.events[first_collect:] if not isinstance(e, UncalledBet)]
                self.events[first_collect:] = [*late, *rest]
        self.seats.sort(key=lambda s: s.seat)  # classic logs list the seats in no order
        # A seated player the log never shows doing anything (no blind, no action, no card) sat the hand out: the
        # classic layout lists them like the others. Every player dealt in acts (a tournament's absent players fold
        # in turn), so one never heard of was not dealt in (a tournament player moved in, waiting for the blind).
        acting = {getattr(e, "player", None) for e in self.events if not isinstance(e, StatusChange | Notice)}
        acting -= {e.player for e in self.events if isinstance(e, StatusChange) and e.status is PlayerStatus.SITS_OUT}
        out = {"sitting_out": True, "out_of_hand": bool(self.header.get("tournament"))}
        self.seats = [s if s.player in acting else s.model_copy(update=out) for s in self.seats]
        self._mark_all_ins()
        self.stakes = self._stakes()
        self.stakes_text = self.header.get("stakes") or ""
        hand = super().build(file, first_line)
        summary = hand.summary.model_copy(update={"uncalled": self.uncalled})
        return hand.model_copy(update={"time_utc": party_time(hand.time_local), "summary": summary})


class PartyLayoutFormat(TextSiteFormat):
    """The layout's reader (not registered: each room's reader names itself, its grammar and its builder)."""

    summary_marker: str | None = None
    between_hands: re.Pattern[str] | None = re.compile(r"#Game No : \S+\s*$|Game #\d+ starts\.\s*$")
    """The hand id before the first hand's header (before a later one, it ends the hand before: its grammar
    ignores it), and the line an older layout opens a hand with."""
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('***** Hand History for Game … *****')",
        "GAME": "the game line ('$2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010')",
        "TABLE": "the table line ('Table Speed #1769729 (Real Money)')",
        "BUTTON": "'Seat 6 is the button'",
        "PLAYERS": "'Total number of players : 6/9'",
        "SEAT": "a seat line ('Seat 9: P ( $3.57 USD )')",
        "POST": "a forced bet ('P posts small blind [$0.01 USD].')",
        "DEALING": "'** Dealing down cards **'",
        "STREET": "a street ('** Dealing Flop ** [ As, 6h, Qc ]')",
        "RAISE": "a raise ('P raises [$0.08 USD]')",
        "ALL_IN": "an all-in ('P is all-In  [$20.90 USD]')",
        "WINS": "'P wins $0.65 USD from the main pot …'",
        "SUMMARY": "'** Summary **'",
        "MAIN_POT": "'Main Pot: … Rake: …'",
        "LEDGER": "a ledger line ('P balance $44.16, bet $23.17, collected $41.47, net +$18.30')",
    }

    lead_control = "\x00"
    """Some PartyPoker clients write a NUL at the start of a line (before "Game #… starts.", or before every line
    of a file): one NUL there is the client's and ``parse`` drops it; any other control character is damage."""

    def parse(self, lines: Sequence[str], first_line: int, file: str) -> Hand:
        """Lines glued by the client (``P does not show cards.P wins $1,10 USD``) are read apart; every piece keeps
        the number of the line it came from."""
        lines = [line.replace("\x00", "") for line in lines]  # some clients start lines with a NUL byte
        builder = self._grammar()[1]
        assert isinstance(builder, PartyLayoutBuilder)
        builder.hand_lines = lines  # who is dealt in, for the blinds a log implies (``_implied_blinds``)
        pieces: list[str] = []
        numbers: list[int] = []
        for index, line in enumerate(lines):
            parts = _GLUE.split(line) if ("." in line or "sitting out" in line) else [line]
            pieces.extend(parts)
            numbers.extend([first_line + index] * len(parts))
        if len(pieces) == len(lines):
            return super().parse(lines, first_line, file)
        hand = super().parse(pieces, first_line, file)

        def real(line: int) -> int:
            index = line - first_line
            return numbers[index] if 0 <= index < len(numbers) else line

        return hand.model_copy(
            update={
                "events": tuple(e.model_copy(update={"line": real(e.line)}) for e in hand.events),
                "seats": tuple(s.model_copy(update={"line": real(s.line)}) for s in hand.seats),
            }
        )

