"""Bovada, Ignition and Bodog text hand histories: ``grammars/bovada.lark`` plus what is the room's own in reading them.

The room writes no player names. Every line starts with the player's position in this hand ("Big Blind",
"UTG+2", in stud "Seat+3"), the hero's marked "[ME]". A position is a name only within one hand, so the reader
names each player by seat, as the seat lines tie positions to seats: "Seat 4" (tournament and MVS tables' global
seat ids kept as written), and the hero "Hero" in every hand. The seat lines list the table in its order: where
their numbers are global ids out of that order, a player's seat at the table is the line's place in the list
(as "Set dealer [6]" and the summary's "Seat+6" count it). The button is the seat the log calls "Dealer".

Amounts are chips *added* ("Calls $0.25", "Raises $0.65 to $0.75": 0.65 more, 0.75 in all; "All-in 4960"),
except the 2012 layout's "Raises $22", "All-in(raise) $124" and "Bets 300", which are totals on the street:
``text.StreetBets`` keeps each player's bet on the street to turn them into raises to a total and to tell whether
an "All-in" is a bet, a call or a raise. "Showdown [..]" prints the best five cards, not the hole cards: the show
is of the cards the log dealt the player ("Card dealt to a spot" lists every player's cards once the hand is over).

What the room does not state: cash games have no stakes in the header (the blinds posted give them), and a
hand's pots have no numbers ("Hand Result-Side Pot" for every side pot): collects are read as from the pot,
which the engine checks against all the pots. Zone Poker hands stop at "*** SUMMARY ***" without a total or a
rake, and most cash hands state a total but no rake: the engine computes what is not stated and says so.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING, ClassVar

from handlog.events import (
    STUD_GAMES,
    ButtonDraw,
    Call,
    Collect,
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
    SeatResult,
    Show,
    Stakes,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
)
from handlog.events import Bet as BetEvent
from handlog.formats.grammar import Fields, LineRef
from handlog.formats.text import FieldError, StreetBets, amount, cards, deal_hole, seats_sitting_out
from handlog.formats.textsite import DESCRIPTIONS, TextHandBuilder, TextSiteFormat, Tok
from handlog.reading.registry import register

if TYPE_CHECKING:
    from lark import Token

HERO = "Hero"
_ME = re.compile(r"\s*\[ME\]\s*$")
_WON = re.compile(r"^\s*(?:HI\s+)?(\$?[0-9][0-9,]*(?:\.[0-9]+)?)(?=\s|$)")
_WON_LOW = re.compile(r"\bLOW?\s+(\$?[0-9][0-9,]*(?:\.[0-9]+)?)")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_NUMBERED = re.compile(r"_[0-9]+$")
_INFO_STAKES = re.compile(r"Stakes: (?P<small>[0-9][0-9,.]*)-(?P<big>[0-9][0-9,.]*)")

# The room's words for the forced bets: "Ante/Small blind" is a small blind (the name is the client's, for
# any game); "Big blind/Bring in" is stud's bring-in in stud and the big blind elsewhere; "Posts chip" is the big
# blind of a player who joins; "Posts dead chip" the small and big blind of one who returns.
_POSTS = {
    "small blind": PostType.SMALL_BLIND,
    "ante/small blind": PostType.SMALL_BLIND,
    "big blind": PostType.BIG_BLIND,
    "big blind/bring in": PostType.BIG_BLIND,
    "posts chip": PostType.BIG_BLIND,
    "posts dead chip": PostType.BOTH_BLINDS,
    "ante chip": PostType.ANTE,
    "bring_in chip": PostType.BRING_IN,
}
_STATUSES = {
    "enter(auto)": PlayerStatus.JOINS,
    "table enter user": PlayerStatus.JOINS,
    "seat sit down": PlayerStatus.JOINS,
    "leave(auto)": PlayerStatus.LEAVES,
    "table leave user": PlayerStatus.LEAVES,
    "stand": PlayerStatus.LEAVES,
    "seat stand": PlayerStatus.LEAVES,
    "sit out": PlayerStatus.SITS_OUT,
    "seat sit out": PlayerStatus.SITS_OUT,
    "sitout (wait for bb)": PlayerStatus.SITS_OUT,
    "re-join": PlayerStatus.RETURNS,
    "seat re-join": PlayerStatus.RETURNS,
}


_STUD_STREETS = {4: Street.FOURTH, 5: Street.FIFTH, 6: Street.SIXTH, 7: Street.SEVENTH}
"""Stud: the street that deals a player their fourth to seventh card."""

class BovadaBuilder(TextHandBuilder):
    """Bovada's lines to events: players by seat, amounts added turned into totals, stakes from the blinds."""

    games: ClassVar[dict[str, Game]] = {
        "holdem": Game.HOLDEM,
        "omaha": Game.OMAHA,
        "omaha hilo": Game.OMAHA_HI_LO,
        "7card": Game.SEVEN_CARD_STUD,
        "7card hilo": Game.SEVEN_CARD_STUD_HI_LO,
    }
    # Tournaments name their speed where the structure goes ("Normal-", "Turbo-"): Ignition's are no-limit.
    structures: ClassVar[dict[str, Structure]] = {
        "no limit": Structure.NO_LIMIT,
        "pot limit": Structure.POT_LIMIT,
        "fixed limit": Structure.FIXED_LIMIT,
        "normal": Structure.NO_LIMIT,
        "turbo": Structure.NO_LIMIT,
    }
    streets: ClassVar[dict[str, Street]] = {
        "FLOP": Street.FLOP,
        "TURN": Street.TURN,
        "RIVER": Street.RIVER,
        "3RD STREET": Street.THIRD,
        "4TH STREET": Street.FOURTH,
        "5TH STREET": Street.FIFTH,
        "6TH STREET": Street.SIXTH,
        "7TH STREET": Street.SEVENTH,
    }

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.names: dict[str, str] = {}  # position (or stud's "Seat+N") → the player's name in this hand
        self.bets = StreetBets()
        self.holes: dict[str, tuple[str, ...]] = {}
        self.info_stakes: Stakes | None = None
        self.board_count = 0
        # the 2012 layout writes no street lines: where each betting round closes is read from the betting
        self.stacks: dict[str, Decimal] = {}
        self.dealt: list[str] = []
        self.folded: set[str] = set()
        self.acted: set[str] = set()
        self.street_lines = False
        self.inferred: list[int] = []  # indices of the streets started without a line

    # -- players: a position is a name within the hand only
    def _f(self, tok: Token | LineRef, fields: Fields | None = None) -> Fields:
        f = super()._f(tok, fields)
        label = f.get("player")
        if label:
            f = {**f, "player": self._name(label)}
        return f

    def _name(self, label: str) -> str:
        if _ME.search(label):
            return HERO
        return self.names.get(label.strip(), label.strip())

    def _stud(self) -> bool:
        return self.games.get((self.header.get("game") or "").lower()) in STUD_GAMES

    # -- header and seats
    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        # the header's three layouts (cash, Zone, tournament) each name their fields: "game", "game_2" …
        h: Fields = {}
        for key, value in self._f(tok, fields).items():
            base = _NUMBERED.sub("", key)
            h[base] = h.get(base) or value
        self.header = h
        self.stakes_text = h.get("level_stakes") or ""
        if self.stakes_text:
            level = self.stakes_of(self.stakes_text, None)
            if (h.get("structure") or "").lower() == "fixed limit":
                # the level states the blinds ("Level 6 (75/150)"); fixed-limit bets are the big blind and twice it
                level = Stakes(small=level.big, big=level.big * 2)
            self.stakes = level
        return tok

    def TABLE_INFO(self, tok: Tok, fields: Fields | None = None) -> Tok:
        m = _INFO_STAKES.search(self._f(tok, fields)["text"] or "")
        if m:
            self.info_stakes = Stakes(small=amount(m.group("small")), big=amount(m.group("big")))
        return tok

    def SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        seat = int(f["seat"] or 0)
        name = HERO if f["hero"] else f"Seat {seat}"
        label = f["label"] or f"Seat+{seat}"
        self.names[label] = name
        self.stacks[name] = amount(f["amount"] or "")
        self.seats.append(Seat(seat=seat, player=name, stack=amount(f["amount"] or ""), line=self._lineno(tok)))
        return tok

    def SEATING(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # the MVS client's seat ids in table order: the order of the seat lines

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, value = f["player"] or "", amount(f["amount"] or "")
        kind = _POSTS[(f["post"] or "").lower()]
        if kind is PostType.BIG_BLIND and self._stud():
            kind = PostType.BRING_IN
        dead = Decimal(0)
        if kind is PostType.BOTH_BLINDS:  # the big blind is live, the small blind dead
            big = max((e.amount for e in self.events if isinstance(e, Post) and e.post is PostType.BIG_BLIND),
                      default=value)
            dead = max(Decimal(0), value - big)
        if kind is PostType.ANTE:
            self.bets.dead(player, value)
        else:
            self.bets.add(player, value - dead)
            self.bets.dead(player, dead)
        self.events.append(Post(line=self._lineno(tok), player=player, post=kind, amount=value, dead=dead))
        return tok

    def BUTTON_DRAW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: ButtonDraw(line=line, player=f["player"] or "",
                                                                 card=(f["card"] or "").strip()))

    def SET_DEALER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return tok  # the site's own seat index, which its positions already say

    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, dealt = f["player"] or "", cards(f["cards"])
        if player not in self.dealt:
            self.dealt.append(player)
        before = self.holes.get(player, ())
        if before and self._stud():
            self._stud_street_of(len(before + dealt), self._lineno(tok))
        self.events.append(deal_hole(self.holes, player, dealt, self._lineno(tok)))
        return tok

    def _stud_street_of(self, held: int, line: int) -> None:
        """Bodog's 2012 stud logs print no street headers ("*** HOLE CARDS ***", then only "Card dealt to a spot"
        lines): the first card of a new street, the fourth to seventh a player holds, starts that street."""
        street = _STUD_STREETS.get(held)
        last = next((e.street for e in reversed(self.events) if isinstance(e, StreetStart)), None)
        order = [Street.THIRD, *_STUD_STREETS.values()]
        if street is None or last not in order or order.index(last) >= order.index(street):
            return
        self.bets.new_street()
        self.events.append(StreetStart(line=line, street=street))

    def HOLE_CARDS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self.events.append(StreetStart(line=self._lineno(tok), street=Street.THIRD if self._stud() else
                                       Street.PREFLOP))
        return tok

    def STREET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        name = f["street"] or ""
        f = {**f, "run": None}
        if name == "RIVER" and self._stud():
            f = {**f, "street": "7TH STREET"}
        self.street_lines = True
        self.acted = set()
        if name != "3RD STREET":
            self.bets.new_street()
        super().STREET(tok, f)
        self.board_count += len(cards(f["new"])) or len(cards(f["board"]))
        return tok

    def BOARD_DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        new = cards(self._f(tok, fields)["cards"])
        street = {0: Street.FLOP, 3: Street.TURN}.get(self.board_count, Street.RIVER)
        self.street_lines = True
        self.acted = set()
        self.bets.new_street()
        self.board_count += len(new)
        self.events.append(StreetStart(line=self._lineno(tok), street=street, cards=new))
        return tok

    # -- actions
    def _round_closed(self) -> bool:
        """The betting round is over: everyone who can still bet has acted and matched the highest bet."""
        live = [p for p in (self.dealt or list(self.stacks)) if p not in self.folded]
        if len(live) <= 1:
            return False  # the hand is over: an action now is the engine's to judge, not a new street
        bets, level = self.bets.bets, self.bets.level
        able = [p for p in live if self.stacks.get(p, Decimal(0)) > self.bets.total(p)]
        if len(able) == 1:
            return bets.get(able[0], Decimal(0)) >= level
        return all(p in self.acted and bets.get(p, Decimal(0)) == level for p in able)

    def _street_due(self, tok: Tok) -> None:
        """A 2012 log (no street lines) goes on betting after a round closed: the next board street starts here;
        its cards are the summary's board, filled in by ``build``."""
        if self.street_lines or self._stud() or not self.holes or len(self.inferred) >= 3:
            return
        if not self._round_closed():
            return
        street = (Street.FLOP, Street.TURN, Street.RIVER)[len(self.inferred)]
        self.bets.new_street()
        self.acted = set()
        self.inferred.append(len(self.events))
        line = self._lineno(tok)
        self.events.append(StreetStart(line=line, street=street))
        self.events.append(Notice(line=line, text=f"no street line: the {street.value} starts where the betting goes"
                                                  " on after the round closed, its cards from the summary's board"))

    def _acted(self, player: str, raised: bool = False) -> None:
        if raised:
            self.acted = set()
        self.acted.add(player)

    def FOLD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._street_due(tok)
        f = self._f(tok, fields)
        player = f["player"] or ""
        self.folded.add(player)
        self.events.append(Fold(line=self._lineno(tok), player=player, shown=cards(f["shown"])))
        return tok

    def CHECK(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._street_due(tok)
        f = self._f(tok, fields)
        self._acted(f["player"] or "")
        return super().CHECK(tok, f)

    def CALL(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._street_due(tok)
        f = self._f(tok, fields)
        player, more = f["player"] or "", amount(f["amount"] or "")
        self.bets.add(player, more)
        self._acted(player)
        self.events.append(Call(line=self._lineno(tok), player=player, amount=more))
        return tok

    def BET(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._street_due(tok)
        f = self._f(tok, fields)
        player, more = f["player"] or "", amount(f["amount"] or "")
        self.bets.add(player, more)
        self._acted(player, raised=True)
        self.events.append(BetEvent(line=self._lineno(tok), player=player, amount=more))
        return tok

    def RAISE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        self._street_due(tok)
        f = self._f(tok, fields)
        player = f["player"] or ""
        to = amount(f["to"] or f["amount"] or "")  # "Raises $22": the 2012 layout writes the total alone
        by = self.bets.raise_to(player, to)
        self._acted(player, raised=True)
        self.events.append(Raise(line=self._lineno(tok), player=player, by=by, to=to))
        return tok

    def ALL_IN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"All-in X": X more chips ("All-in(raise) X" of 2012: X in all), a bet, a call or a raise by what the
        others put in before it."""
        f = self._f(tok, fields)
        player, more = f["player"] or "", amount(f["amount"] or "")
        line = self._lineno(tok)
        if not any(isinstance(e, StreetStart) for e in self.events):
            # before the deal: a forced bet posted all-in, by the poster's position (heads-up the Dealer posts
            # the small blind; any other position only an ante)
            position = next((label for label, name in self.names.items() if name == player), "")
            kind = {"Small Blind": PostType.SMALL_BLIND, "Big Blind": PostType.BIG_BLIND}.get(position,
                                                                                             PostType.ANTE)
            if position == "Dealer" and len(self.stacks) == 2:
                kind = PostType.SMALL_BLIND
            antes = [e.amount for e in self.events if isinstance(e, Post) and e.post is PostType.ANTE]
            if antes and more <= max(antes):  # among the antes, no more than one: the ante itself
                kind = PostType.ANTE
            if kind is PostType.ANTE:
                self.bets.dead(player, more)
            else:
                self.bets.add(player, more)
            self.events.append(Post(line=line, player=player, post=kind, amount=more, all_in=True))
            return tok
        self._street_due(tok)
        level, mine = self.bets.level, self.bets.bets.get(player, Decimal(0))
        # "All-in(raise) $124" without "to" (2012) is the total, like that layout's "Raises $22"; "All-in $190"
        # is the chips added (2601409566: a raise to 100 and "All-in $190" put in the 290 left)
        to = amount(f["to"]) if f["to"] else more if f["raise"] else mine + more
        event: Event
        if level == 0:
            event = BetEvent(line=line, player=player, amount=more, all_in=True)
            self.bets.add(player, more)
        elif to <= level:
            event = Call(line=line, player=player, amount=to - mine, all_in=True)
            self.bets.add(player, to - mine)
        else:
            event = Raise(line=line, player=player, by=self.bets.raise_to(player, to), to=to, all_in=True)
        self._acted(player, raised=to > level)
        self.events.append(event)
        return tok

    # -- money and showdown
    def UNCALLED(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        player, back = f["player"] or "", amount(f["amount"] or "")
        self.bets.bets[player] = self.bets.bets.get(player, Decimal(0)) - back
        self.events.append(UncalledBet(line=self._lineno(tok), player=player, amount=back))
        return tok

    def SHOWS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"Showdown [best five] (Straight)": the player shows the cards dealt (the bracket is the best hand)."""
        f = self._f(tok, fields)
        player = f["player"] or ""
        hole = self.holes.get(player) or tuple(dict.fromkeys(cards(f["cards"])))
        self.events.append(Show(line=self._lineno(tok), player=player, cards=hole,
                                description=f["description"] or ""))
        return tok

    def MUCKS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or ""))

    def NO_SHOW(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or "", announced=False))

    def COLLECT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        # "Hand Result-Side Pot" names no side pot by number: every collect is read as from the pot, and the
        # engine holds it against all the pots its owner contested.
        f = self._f(tok, fields)
        player, won, line = f["player"] or "", amount(f["amount"] or ""), self._lineno(tok)
        self.events.append(Collect(line=line, player=player, amount=won))
        return tok

    # -- lines that may come anywhere
    def STATUS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: StatusChange(
            line=line, player=f["player"] or "", status=_STATUSES[(f["status"] or "").lower()]))

    def NOTICE(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: Notice(line=line, text=f["text"] or "",
                                                             player=f["player"] or None))

    # -- summary
    def TOTAL_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.summary.pot_line = self._lineno(tok)
        self.summary.total = amount(f["total"] or "")
        self.summary.rake = amount(f["rake"]) if f["rake"] else None
        return tok

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        seat = int(f["seat"] or 0)
        label = f["label"] or f"Seat+{seat}"
        outcome = (f["outcome"] or "").strip()
        won = [m.group(1) for m in (_WON.search(outcome), _WON_LOW.search(outcome)) if m]
        shown = [b for b in _BRACKETS.findall(outcome) if b and b[0] in "23456789TJQKA"]
        self.summary.seats.append(
            SeatResult(
                seat=seat,
                player=self.names.get(label, label),
                text=outcome,
                won=tuple(amount(w) for w in won),
                shown=cards(shown[0].split("-")[0]) if shown and "lost" not in outcome else (),
                line=self._lineno(tok),
            )
        )
        return tok

    # -- the hand
    def build(self, file: str, first_line: int) -> Hand:
        if self.stakes is None:
            self.stakes = self.info_stakes or self._posted_stakes()
        elif self._stud() and self.stakes.small == 0:  # a stud tournament's "Level 1 (0/0)": the bets tell
            self.stakes = self._stud_stakes([e for e in self.events if isinstance(e, Post)])
        if not self.street_lines and not self._stud() and self.summary.boards:
            self._deal_unlined_streets(self.summary.boards[0])
        hand = super().build(file, first_line)
        # "Sitout (wait for bb)" before the deal: that player is not dealt in
        seats = tuple(seats_sitting_out(list(hand.seats), list(hand.events)))
        numbers = [s.seat for s in seats]
        if numbers != sorted(numbers):  # global seat ids (MVS, tournaments): the lines list the table's own order
            seats = tuple(s.model_copy(update={"seat": i + 1}) for i, s in enumerate(seats))
        dealer = self.names.get("Dealer")
        button = next((s.seat for s in seats if s.player == dealer), None)
        small = next((s.seat for s in seats if s.player == self.names.get("Small Blind")), None)
        if button is None and small is not None:  # a dead button: on the empty seat before the small blind
            button = small - 1 if small > 1 else max(s.seat for s in seats)
        return hand.model_copy(update={"seats": seats, "button": button})

    def _deal_unlined_streets(self, board: tuple[str, ...]) -> None:
        """A log without street lines: the streets found where the betting went on get the summary board's
        cards, and the streets dealt after the betting ended (an all-in's run-out) start before the showdown."""
        cuts = ((Street.FLOP, 0, 3), (Street.TURN, 3, 4), (Street.RIVER, 4, 5))
        for index, (_, start, end) in zip(self.inferred, cuts, strict=False):
            event = self.events[index]
            self.events[index] = event.model_copy(update={"cards": tuple(board[start:end])})
        later = [cut for cut in cuts[len(self.inferred):] if len(board) >= cut[2]]
        if not later:
            return
        at = next((i for i, e in enumerate(self.events) if isinstance(e, Show | Muck | Collect)), len(self.events))
        line = self.events[at].line if at < len(self.events) else self.summary_line
        dealt: list[Event] = [StreetStart(line=line, street=street, cards=tuple(board[start:end]))
                              for street, start, end in later]
        dealt.append(Notice(line=line, text="no street line: the board's last cards dealt once the betting was over,"
                                            " from the summary's board"))
        self.events[at:at] = dealt

    def _posted_stakes(self) -> Stakes:
        """A cash hand's stakes, which its header does not state: the blinds posted (in fixed limit the big
        blind is the small bet); stud: the first bet (the small bet)."""
        # a blind posted all-in may be short: the others say the stakes
        posts = sorted((e for e in self.events if isinstance(e, Post)), key=lambda e: e.all_in)
        small = next((e.amount for e in posts if e.post is PostType.SMALL_BLIND), None)
        big = next((e.amount for e in posts if e.post is PostType.BIG_BLIND and not e.all_in), None)
        if big is None:  # only a big blind posted all-in, perhaps short: at least twice the small blind
            short = [e.amount for e in posts if e.post is PostType.BIG_BLIND]
            big = max(short + ([small * 2] if small is not None else []), default=None)
        if self._stud():
            return self._stud_stakes(posts)
        if big is None and small is None:
            raise FieldError("the header states no stakes and nobody posts a blind")
        big = big if big is not None else (small or Decimal(0)) * 2
        if (self.header.get("structure") or "").lower() == "fixed limit":
            return Stakes(small=big, big=big * 2)
        return Stakes(small=small if small is not None else big / 2, big=big)

    def _stud_stakes(self, posts: list[Post]) -> Stakes:
        """Stud: the bets give the stakes: a bet from fifth street on is the big bet (twice the small), else a bet on
        third or fourth street is the small bet ("D bets", a double bet over a fourth-street open pair, only when
        nothing else tells); with no bet at all the stakes are not known, and twice the bring-in (which is less
        than the small bet) stands for the small bet: no bet is judged by it."""
        street = Street.THIRD
        early: Decimal | None = None
        for e in self.events:
            if isinstance(e, StreetStart):
                street = e.street
            elif isinstance(e, Raise) and street == Street.THIRD and not e.all_in and early is None:
                early = e.to  # the completion of the bring-in: the small bet
            elif isinstance(e, BetEvent) and not e.all_in:
                if street not in (Street.THIRD, Street.FOURTH):
                    return Stakes(small=e.amount / 2, big=e.amount)
                early = e.amount if early is None else min(early, e.amount)
        if early is not None:
            return Stakes(small=early, big=early * 2)
        bring_in = next((e.amount for e in posts if e.post is PostType.BRING_IN), None)
        return Stakes(small=bring_in * 2, big=bring_in * 4) if bring_in else Stakes(small=Decimal(0), big=Decimal(0))

    def site_name(self) -> str:
        return "Bovada"

    def currency(self, tournament: bool) -> str:
        """Tournament chips, or US dollars: the room's only currency (its stakes are in no header)."""
        return "CHIPS" if tournament else "USD"

    def zoom(self) -> bool:
        return bool(self.header.get("zone"))


class BovadaFormat(TextSiteFormat):
    """The Bovada / Ignition / Bodog reader, registered as ``bovada``."""

    name = "bovada"
    site = "Bovada"
    grammar = "bovada"
    builder = BovadaBuilder
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Bovada Hand #…')",
        "SEAT": "a seat line ('Seat 1: UTG ($25 in chips)')",
        "POST": "a forced bet ('Small Blind : Small Blind $0.10')",
        "DEALT": "a deal ('UTG : Card dealt to a spot [Ah Kd]')",
        "ALL_IN": "an all-in ('UTG : All-in $5')",
        "UNCALLED": "'P : Return uncalled portion of bet …'",
        "COLLECT": "'P : Hand result …'",
        "TOTAL_POT": "'Total Pot(…)'",
        "SUMMARY_SEAT": "a summary seat line ('Seat+1: UTG Folded before the FLOP')",
    }


register(BovadaFormat())
