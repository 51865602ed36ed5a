"""Write any hand handlog reads as PokerStars text: the layout most trackers and tools import.

The hand is written line for line from its events, in their order, with PokerStars' words: the header (game,
stakes, time; a tournament's id, buy-in and level), the table line (seats, button), the seat lines, the forced
bets, ``*** HOLE CARDS ***``, the actions (``raises $X to $Y``, ``and is all-in``), the streets with their
boards, the draws, ``Uncalled bet (X) returned to P``, ``*** SHOW DOWN ***``, the collects by pot and the
``*** SUMMARY ***`` with ``Total pot X | Rake Y``, the board and a line per seat.

What the source log states is written as it stated it (the total pot, the rake, the summary's winnings), so that
a log's own errors stay visible in the copy; what it left unstated is written as the replay works it out:

- a research log's awards (PHH, ACPC state none): the replay's uncalled returns and collects;
- an uncalled bet a room never prints (Everleaf) or counts inside its owner's collect (Winamax): its
  ``Uncalled bet`` line, the collect and the summary then without it, as PokerStars writes them;
- a total pot or rake the log does not state: the pot the bets make, the rake the room kept (PokerStars text
  always states a rake, so a kept rake the room's rule forbids is written as kept, and noted: the copy cannot
  show that error).

What PokerStars text cannot say is said in ``Written.notes`` (one line each), never dropped in silence: a hand
id or tournament id that is not a number, a time without a known zone, a cash drop (written as PokerStars'
Splash the Pot, ``STP``), a jackpot fee (counted in the rake), a room's notices and statuses PokerStars does not
write. A hand the layout cannot carry at all raises ``Unconvertible``: a game PokerStars never dealt (Triple
Draw A-5, five card stud), an EV cash-out paid outside the pot, a board run three times, a cash drop in a
pot-limit pot (it sizes the bets), a dead blind paid alone, a hand cancelled after the deal, a truncated research
log without a result.

The text is read back as a PokerStars hand (``Hand.site`` "PokerStars"); ``convert`` replays the copy under the
rules of the room the hand was dealt in, so that the check is of the conversion and not of two rooms' rules.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import cache
from zoneinfo import ZoneInfo

from handlog.engine import Replay, replay
from handlog.engine.dealing import TwoBoardDealing, strategy_for
from handlog.engine.rules import profile_for
from handlog.engine.variants import variant_for
from handlog.events import (
    DRAW_GAMES,
    STUD_GAMES,
    Bet,
    ButtonDraw,
    Call,
    CashOut,
    Chat,
    Check,
    Collect,
    DealerEvent,
    DealHole,
    Discard,
    Event,
    Fold,
    Game,
    Hand,
    HandCancelled,
    Muck,
    Notice,
    PlayerStatus,
    Post,
    PostType,
    PotDrop,
    Raise,
    Redeal,
    Show,
    SidePayment,
    StandPat,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
)
from handlog.formats.grammar import load_line_grammar
from handlog.writing.base import Unconvertible, Written, number

__all__ = ["Unconvertible", "Written", "hand_to_pokerstars", "hands_to_pokerstars"]

ZERO = Decimal(0)

GAME_NAMES: dict[Game, str] = {
    Game.HOLDEM: "Hold'em",
    Game.SPLIT_HOLDEM: "Split Hold'em",
    Game.SIX_PLUS_HOLDEM: "6+ Hold'em",
    Game.FIVE_CARD_DRAW: "5 Card Draw",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha Hi/Lo",
    Game.FIVE_CARD_OMAHA: "5 Card Omaha",
    Game.FIVE_CARD_OMAHA_HI_LO: "5 Card Omaha Hi/Lo",
    Game.SIX_CARD_OMAHA: "6 Card Omaha",
    Game.COURCHEVEL: "Courchevel",
    Game.COURCHEVEL_HI_LO: "Courchevel Hi/Lo",
    Game.SEVEN_CARD_STUD: "7 Card Stud",
    Game.SEVEN_CARD_STUD_HI_LO: "7 Card Stud Hi/Lo",
    Game.RAZZ: "Razz",
    Game.BADUGI: "Badugi",
    Game.TRIPLE_DRAW_27: "Triple Draw 2-7 Lowball",
    Game.SINGLE_DRAW_27: "Single Draw 2-7 Lowball",
}
"""The games PokerStars deals, as its header names them."""

STRUCTURE_NAMES: dict[Structure, str] = {
    Structure.NO_LIMIT: "No Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.FIXED_LIMIT: "Limit",
    Structure.PL_PREFLOP_NL_POSTFLOP: "Pot Limit Pre-Flop, No Limit Post-Flop",
}
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹"}
"""The currencies PokerStars writes with a symbol before the amount; others are written by their code alone."""

POST_WORDS = {
    PostType.SMALL_BLIND: "small blind",
    PostType.BIG_BLIND: "big blind",
    PostType.ANTE: "the ante",
    PostType.BOTH_BLINDS: "small & big blinds",
    PostType.STRADDLE: "straddle",
    PostType.BUTTON_BLIND: "button blind",
}
BOARD_STREETS = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
STUD_STREETS = {
    Street.THIRD: "3rd STREET", Street.FOURTH: "4th STREET", Street.FIFTH: "5th STREET",
    Street.SIXTH: "6th STREET", Street.SEVENTH: "RIVER", Street.RIVER: "RIVER",
}
DRAW_STREETS = {Street.DRAW_1: "FIRST", Street.DRAW_2: "SECOND", Street.DRAW_3: "THIRD"}
RUNS = {1: "FIRST ", 2: "SECOND "}
STATUS_WORDS = {
    PlayerStatus.LEAVES: "leaves the table",
    PlayerStatus.SITS_OUT: "sits out",
    PlayerStatus.TIMED_OUT: "has timed out",
    PlayerStatus.RETURNS: "has returned",
    PlayerStatus.CONNECTED: "is connected",
    PlayerStatus.DISCONNECTED: "is disconnected",
    PlayerStatus.WAITS_FOR_BUTTON: "will be allowed to play after the button",
    PlayerStatus.REMOVED: "was removed from the table for failing to post",
}
BETTING = (Fold, Check, Call, Bet, Raise, Discard, StandPat)
_SIDE_POT = re.compile(r"side pot-[0-9]+")
_LEVEL = re.compile(r"[IVXLC0-9]+")
_BUY_IN = re.compile(r"(?:[$€£₹]?[0-9][0-9.,]*(?:\+[$€£₹]?[0-9][0-9.,]*)*(?: [A-Z]{3})?|Freeroll|[0-9]+ ?FPP)")
_TIME = re.compile(r"([0-9]{4})[/.-]([0-9]{1,2})[/.-]([0-9]{1,2})[ T-]*([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?")
EASTERN = ZoneInfo("America/New_York")


@cache
def _stars_line(kind: str) -> re.Pattern[str]:
    """The pattern of one of PokerStars' line kinds, from its grammar: a line written from another room's text
    (a notice) is written only when PokerStars' reader reads it as that kind."""
    return load_line_grammar("pokerstars").fields[kind]


def _number_id(text: str) -> int:
    """A stable number for an id that is not one (PokerStars' ids are digits)."""
    digits = "".join(c for c in text if c.isdigit())
    return int(digits) if digits and len(digits) <= 18 else zlib.crc32(text.encode("utf-8"))


def _pot_name(name: str) -> str:
    """A pot as PokerStars names it: ``pot``, ``main pot``, ``side pot``, ``side pot-N`` (Winamax: "side pot 1")."""
    if name in ("pot", "main pot", "side pot") or _SIDE_POT.fullmatch(name):
        return name
    if "side" in name.lower():
        digits = "".join(c for c in name if c.isdigit())
        return f"side pot-{int(digits) if digits else 1}"
    return "main pot" if "main" in name.lower() else "pot"


@dataclass(slots=True)
class _Returns:
    """Uncalled bets the engine returned without a line of the log, found from the table's states: before which
    event, to whom, how much; and how much of each player's collects was such a return."""

    before: dict[int, list[tuple[str, Decimal]]] = field(default_factory=dict)
    in_collects: dict[str, Decimal] = field(default_factory=dict)


def _implicit_returns(hand: Hand, rp: Replay) -> _Returns:
    """Where the engine gave an uncalled bet back without a line (its notes say so: "… returned to P without a
    line"), the table's states say when: the step at which the owner's money in the pot went down."""
    found = _Returns(in_collects={n: r.uncalled_in_collect for n, r in rp.results.items() if r.uncalled_in_collect})
    if not any("without a line" in note and "won back" not in note for note in rp.notes):
        return found
    full = replay(hand, rp.rules, states=True)
    before: dict[str, Decimal] = {}
    for index, step in enumerate(full.steps):
        now = {sv.player: sv.committed for sv in step.state.players}
        if not isinstance(step.event, UncalledBet | HandCancelled):
            for player, committed in now.items():
                if committed < before.get(player, committed):
                    found.before.setdefault(index, []).append((player, before[player] - committed))
        before = now
    for player, committed in before.items():  # returned at the end of the log (no pot collected): after its lines
        final = full.results[player].committed if player in full.results else committed
        if final < committed:
            found.before.setdefault(len(full.steps), []).append((player, committed - final))
    return found


class _Writer:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.notes: list[str] = []
        if hand.game not in GAME_NAMES:
            raise Unconvertible(f"PokerStars has no layout for {hand.game_name or hand.game.value}")
        if any(isinstance(e, SidePayment) for e in hand.events):
            raise Unconvertible("PokerStars text cannot say a payment outside the pot (an EV cash-out)")
        if any(isinstance(e, StreetStart | Collect) and (e.run or 0) > 2 for e in hand.events):
            raise Unconvertible("PokerStars text runs a board twice at most (this hand was run three times)")
        nameless = next((e for e in hand.events if getattr(e, "player", None) == "" and not isinstance(
            e, Chat | StatusChange | Notice)), None)
        if nameless is not None:
            raise Unconvertible(f"PokerStars text cannot say a {nameless.kind} by a player without a name")
        seated = {seat.player for seat in hand.seats}
        joined = next((e for e in hand.events if isinstance(e, StatusChange) and e.status == PlayerStatus.JOINS
                       and e.seat is None and e.player and e.player not in seated), None)
        if joined is not None:  # PartyPoker: "Player8 has joined the table." and posts, with no seat line
            raise Unconvertible(f"PokerStars text cannot say that {joined.player} joined the table without a seat"
                                " number (its join line names the seat)")
        drops = any(isinstance(e, PotDrop) for e in hand.events)
        if drops and hand.structure in (Structure.POT_LIMIT, Structure.PL_PREFLOP_NL_POSTFLOP):
            raise Unconvertible("PokerStars text cannot put a cash drop in a pot-limit pot before the betting")
        cancel = next((i for i, e in enumerate(hand.events) if isinstance(e, HandCancelled)), None)
        if cancel is not None and any(not isinstance(e, Post | Chat | StatusChange | Notice)
                                      for e in hand.events[:cancel]):
            raise Unconvertible("PokerStars text cancels a hand only before the deal")
        self.stud = hand.game in STUD_GAMES
        self.symbol = SYMBOLS.get(hand.currency, "") if hand.tournament is None else ""
        self.rp = replay(hand, profile_for(hand.site), states=False)
        if not hand.summary.results_stated and not self.rp.collects and not self.rp.cancelled and self.rp.supported:
            # as ``base.unfinished`` says, with the replay made here anyway
            raise Unconvertible("the log ends before the hand does and states no result: PokerStars text states one")
        # the events as replayed: a research log's uncalled returns and awards are the replay's own
        self.events: list[Event] = [s.event for s in self.rp.steps] if self.rp.steps else list(hand.events)
        self.returns = _implicit_returns(hand, self.rp) if self.rp.steps else _Returns()

    def money(self, value: Decimal) -> str:
        return f"{self.symbol}{number(value)}"

    # ------------------------------------------------------------------ header, table, seats
    def header(self) -> str:
        h = self.hand
        hand_id = h.hand_id if h.hand_id.isdigit() else str(_number_id(h.hand_id))
        if hand_id != h.hand_id:
            self.notes.append(f"hand id {h.hand_id!r} is no number: written as #{hand_id}")
        room = "Zoom Hand" if h.zoom else "Home Game Hand" if h.home_game else "Hand"
        club = f"{{{h.home_game}}} " if h.home_game else ""
        game = f"{GAME_NAMES[h.game]} {STRUCTURE_NAMES[h.structure]}"
        stakes = self.stakes_text()
        if h.tournament is not None:
            t = h.tournament
            tid = t.id if t.id.isdigit() else str(_number_id(t.id))
            if tid != t.id:
                self.notes.append(f"tournament id {t.id!r} is no number: written as #{tid}")
            spaced = t.buy_in.replace(" + ", "+")
            buy_in = spaced if _BUY_IN.fullmatch(spaced) else ""
            if t.buy_in and not buy_in:
                self.notes.append(f"the buy-in {t.buy_in!r} is not in PokerStars' words: left out")
            level = t.level if _LEVEL.fullmatch(t.level) else ""
            if t.level and not level and not re.fullmatch(r"[0-9.,]+/[0-9.,]+", t.level):  # blinds: the stakes say it
                self.notes.append(f"the level {t.level!r} is not in PokerStars' words: left out")
            at = f" - Level {level} ({stakes})" if level else f" ({stakes})"
            head = f"Tournament #{tid}, {buy_in + ' ' if buy_in else ''}{game}{at}"
        else:
            code = "" if h.currency in ("PLAY", "CHIPS") else f" {h.currency}"
            if h.currency == "CHIPS":
                self.notes.append("chips of a cash game without a currency: written as play money")
            if code and not re.fullmatch(r" [A-Z]{3}", code):
                self.notes.append(f"the currency {h.currency!r} has no ISO code: amounts written without one")
                code = ""
            head = f"{game} ({stakes}{code})"
        gap = " " if h.tournament is not None else "  "  # PokerStars writes two spaces before a cash game
        return f"PokerStars {room} #{hand_id}:{gap}{club}{head} - {self.time_text()}"

    def stakes_text(self) -> str:
        s = self.hand.stakes
        if s.button_blind is not None:
            return f"Button Blind {self.money(s.button_blind)} - Ante {self.money(s.ante or ZERO)}"
        text = f"{self.money(s.small)}/{self.money(s.big)}"
        if s.ante:  # PokerStars' header names no ante beside the blinds: its posts say it
            self.notes.append(f"the stakes' ante of {s.ante} is said by the posts only")
        if s.cap is not None:
            text += f" - {self.money(s.cap)} Cap"
        return text

    def time_text(self) -> str:
        h = self.hand
        if h.time_utc is not None:
            utc: datetime = h.time_utc
            eastern = utc.astimezone(EASTERN)
            return f"{utc:%Y/%m/%d %H:%M:%S} UTC [{eastern:%Y/%m/%d %H:%M:%S} ET]"
        local = _TIME.search(h.time_local)
        if local:  # a time whose zone is not known: as the site wrote it, without the zone
            y, mo, d, hh, mi, ss = (int(g or 0) for g in local.groups())
            self.notes.append(f"the time {h.time_local!r} has no zone handlog knows: written without one")
            return f"{y:04d}/{mo:02d}/{d:02d} {hh}:{mi:02d}:{ss:02d}"
        self.notes.append("the hand states no time: written as 0000/00/00 00:00:00")
        return "0000/00/00 00:00:00"

    def table_line(self) -> str:
        h = self.hand
        if not h.table:
            self.notes.append("the hand names no table: written as table '1'")
        text = f"Table '{h.table or '1'}'"
        if h.max_seats:
            text += f" {h.max_seats}-max"
        if h.currency == "PLAY":
            text += " (Play Money)"
        if h.button is not None:
            text += f" Seat #{h.button} is the button"
        return text

    def seat_lines(self) -> list[str]:
        out = []
        for s in sorted(self.hand.seats, key=lambda s: s.seat):
            bounty = f", {self.money(s.bounty)} bounty" if s.bounty is not None else ""
            line = f"Seat {s.seat}: {s.player} ({self.money(s.stack)} in chips{bounty})"
            if s.sitting_out:
                line += " is sitting out"
            if s.out_of_hand:  # not dealt in (both can hold: PokerStars' grammar reads them in this order)
                line += " out of hand (moved from another table)"
            out.append(line)
        return out

    # ------------------------------------------------------------------ the hand's lines
    def post_line(self, e: Post) -> str:
        all_in = " and is all-in" if e.all_in else ""
        if e.post == PostType.BRING_IN:
            return f"{e.player}: brings in for {self.money(e.amount)}{all_in}"
        return f"{e.player}: posts {POST_WORDS[e.post]} {self.money(e.amount)}{all_in}"

    def merged_posts(self, events: list[Event]) -> list[Event | None]:
        """A dead blind paid with the big blind is PokerStars' "posts small & big blinds" (dead: all over the big
        blind): the dead blind's place is left empty (None), so that the events keep their indexes; a dead blind
        alone PokerStars text cannot say."""
        out: list[Event | None] = []
        for e in events:
            if isinstance(e, Post) and e.post == PostType.DEAD_BLIND:
                live = next(
                    (x for x in events if isinstance(x, Post) and x.player == e.player
                     and x.post == PostType.BIG_BLIND and x.amount == self.hand.stakes.big), None,
                )
                if live is None:
                    raise Unconvertible(f"PokerStars text cannot say {e.player}'s dead blind of {e.amount} alone")
                out.append(None)
                continue
            if isinstance(e, Post) and e.post == PostType.BIG_BLIND:
                dead = sum((x.amount for x in events if isinstance(x, Post) and x.player == e.player
                            and x.post == PostType.DEAD_BLIND), ZERO)
                if dead and e.amount == self.hand.stakes.big:
                    e = Post(line=e.line, player=e.player, post=PostType.BOTH_BLINDS, amount=e.amount + dead,
                             dead=dead, all_in=e.all_in)
            out.append(e)
        return out

    def body(self) -> list[str]:
        h = self.hand
        events = self.merged_posts(self.events)
        out: list[str] = []
        first_street = "*** 3rd STREET ***" if self.stud else (
            "*** DEALING HANDS ***" if h.game in DRAW_GAMES else "*** HOLE CARDS ***"
        )
        dealt = False
        boards: dict[int | None, list[str]] = {None: []}
        collect_run: int | None = None
        showdown_seen = any(isinstance(e, StreetStart) and e.street == Street.SHOWDOWN for e in events)
        last_action = max((i for i, e in enumerate(events) if isinstance(e, (*BETTING, StreetStart))), default=-1)
        showdown_written = showdown_seen
        redealt = max((i for i, e in enumerate(events) if isinstance(e, Redeal)), default=-1)
        in_hand = {p for p, r in self.rp.results.items() if r.committed or not self._sitting_out(p)}
        folded: set[str] = set()
        collected_less = dict(self.returns.in_collects)
        dropped: list[str] = []
        for index, e in enumerate(events):
            for player, amount in self.returns.before.get(index, []):
                out.append(f"Uncalled bet ({self.money(amount)}) returned to {player}")
            if e is None:  # a dead blind, said with its big blind
                continue
            if isinstance(e, HandCancelled):
                out.append("Hand cancelled")
                dealt = True
                continue
            if isinstance(e, Post) and e.post != PostType.BRING_IN and not dealt:
                out.append(self.post_line(e))
                continue
            if isinstance(e, PotDrop):
                continue  # said in the summary, as Splash the Pot
            if isinstance(e, Chat | StatusChange | Notice | ButtonDraw) and not dealt:
                line = self.aside(e, dropped)
                if line is not None:
                    out.append(line)
                continue
            if not dealt:
                dealt = True
                opens = isinstance(e, StreetStart) and e.street in (Street.PREFLOP, Street.THIRD)
                if opens and isinstance(e, StreetStart) and e.cards:  # Courchevel's first board card
                    out.append(f"*** PRE-FLOP *** [{' '.join(e.cards)}]")
                    boards[None] = list(e.cards)
                    continue
                if isinstance(e, StreetStart) and not opens and (e.street in BOARD_STREETS or self.stud):
                    pass  # a log that deals a street first (a flop before the deal): PokerStars' hand may too
                else:
                    out.append(first_street)
                if opens:
                    continue
                later = next((i for i in range(index, len(events)) if isinstance(events[i], StreetStart)), None)
                if any(isinstance(x, Post) and x.post != PostType.BRING_IN for x in events[index:later]):
                    raise Unconvertible(f"a {e.kind} before the forced bets: PokerStars text has no place for it")
            if isinstance(e, Fold):
                folded.add(e.player)
            elif (  # a log without a showdown line (Everleaf, 888, PartyPoker): PokerStars writes one
                not showdown_written and index > last_action and isinstance(e, Show)
                and len(in_hand - folded) > 1
            ):
                out.append("*** SHOW DOWN ***")
                showdown_written = True
            if isinstance(e, StreetStart) and e.street in (Street.PREFLOP, Street.THIRD) and not e.cards:
                continue  # the deal, written once
            if isinstance(e, StreetStart):
                line = self.street_line(e, boards)
                if e.street == Street.SHOWDOWN:
                    collect_run = e.run
                if line is not None:
                    out.append(line)
            elif isinstance(e, Post):
                out.append(self.post_line(e))
            elif isinstance(e, DealHole) and not (e.cards or e.new):
                continue  # dealt, cards unknown: PokerStars writes no line
            elif isinstance(e, DealHole) and index < redealt:
                continue  # a misdealt deal's cards: the hand is the deal after the last redeal
            elif isinstance(e, DealHole):
                kept, new = (e.cards, e.new) if e.cards else (e.new, ())  # all cards drawn: one bracket
                out.append(f"Dealt to {e.player} [{' '.join(kept)}]" + (f" [{' '.join(new)}]" if new else ""))
            elif isinstance(e, Fold):
                shown = f" [{' '.join(e.shown)}]" if e.shown else ""
                out.append(f"{e.player}: folds{shown}")
            elif isinstance(e, Check):
                out.append(f"{e.player}: checks")
            elif isinstance(e, Call | Bet):
                word = "calls" if isinstance(e, Call) else "bets"
                out.append(f"{e.player}: {word} {self.money(e.amount)}{' and is all-in' if e.all_in else ''}")
            elif isinstance(e, Raise):
                line = f"{e.player}: raises {self.money(e.by)} to {self.money(e.to)}"
                if e.all_in:
                    line += " and is all-in"
                if e.cap_reached:
                    cap = self.hand.stakes.cap
                    line += f" and has reached the {self.money(cap) if cap is not None else 'betting'} cap"
                out.append(line)
            elif isinstance(e, Discard):
                cards = f" [{' '.join(e.cards)}]" if e.cards else ""
                out.append(f"{e.player}: discards {e.count} card{'' if e.count == 1 else 's'}{cards}")
            elif isinstance(e, StandPat):
                out.append(f"{e.player}: stands pat" + (f" on [{' '.join(e.cards)}]" if e.cards else ""))
            elif isinstance(e, UncalledBet):
                out.append(f"Uncalled bet ({self.money(e.amount)}) returned to {e.player}")
            elif isinstance(e, Show):
                cards = " ".join((*e.cards, *("XX",) * e.unknown))
                desc = f" ({e.description})" if e.description else ""
                out.append(f"{e.player}: shows [{cards}]{desc}")
            elif isinstance(e, Muck):
                out.append(f"{e.player}: " + ("mucks hand" if e.announced else "doesn't show hand"))
            elif isinstance(e, Collect):
                if e.run is not None and e.run != collect_run:
                    out.append(f"*** {RUNS.get(e.run, '')}SHOW DOWN ***")
                    collect_run = e.run
                amount = e.amount
                less = collected_less.pop(e.player, ZERO)
                if less and less <= amount:
                    amount -= less
                elif less:
                    collected_less[e.player] = less
                if amount or not e.amount:  # a collect that was only the returned bet is gone
                    out.append(f"{e.player} collected {self.money(amount)} from {_pot_name(e.pot)}")
            elif isinstance(e, CashOut):
                out.append(
                    f"{e.player} cashed out the hand for {self.money(e.amount)} | Cash Out Fee {self.money(e.fee)}"
                )
            elif isinstance(e, PotDrop):
                continue  # said in the summary, as Splash the Pot
            else:
                line = self.aside(e, dropped)
                if line is not None:
                    out.append(line)
        for player, amount in self.returns.before.get(len(events), []):  # returned once the log ended
            out.append(f"Uncalled bet ({self.money(amount)}) returned to {player}")
        if not dealt:
            out.append(first_street)
        if dropped:
            self.notes.append(f"{len(dropped)} line(s) PokerStars does not write left out: " + "; ".join(dropped))
        return out

    def _sitting_out(self, player: str) -> bool:
        seat = self.hand.seat_of(player)
        return seat is None or seat.sitting_out or seat.out_of_hand

    def aside(self, e: Event, dropped: list[str]) -> str | None:
        """A chat, seat-status or notice line, in PokerStars' words where it has them."""
        if isinstance(e, Chat | StatusChange) and not e.player:
            dropped.append(f"a {e.kind} line without a player's name")
            return None
        if isinstance(e, Chat):
            return f'{e.player} said, "{e.text}"'
        if isinstance(e, StatusChange):
            if e.status == PlayerStatus.JOINS:
                # a room that names no seat in its join line (PartyPoker) has the player's seat line
                seat = e.seat if e.seat is not None else next(
                    (s.seat for s in self.hand.seats if s.player == e.player), None)
                if seat is not None:
                    return f"{e.player} joins the table at seat #{seat}"
            if e.status in STATUS_WORDS:
                return f"{e.player} {STATUS_WORDS[e.status]}"
            dropped.append(f"{e.player}'s status {e.status.value}")
            return None
        if isinstance(e, Notice):
            if _stars_line("NOTICE").fullmatch(e.text + "\n"):
                return e.text
            dropped.append(repr(e.text[:60]))
            return None
        if isinstance(e, ButtonDraw):
            dropped.append(f"{e.player}'s draw for the button ({e.card})")
        if isinstance(e, DealerEvent):
            dropped.append(f"the dealer log's {e.kind.replace('_', ' ')}")
        return None

    def street_line(self, e: StreetStart, boards: dict[int | None, list[str]]) -> str | None:
        run = RUNS.get(e.run or 0, "")
        if e.street == Street.SHOWDOWN:
            return f"*** {run}SHOW DOWN ***"
        if e.street in DRAW_STREETS:
            return f"*** {DRAW_STREETS[e.street]} DRAW ***"
        if self.stud and e.street in STUD_STREETS:
            return f"*** {STUD_STREETS[e.street]} ***"
        if e.street in BOARD_STREETS:
            board = boards.setdefault(e.run, list(boards[None]))
            before = list(e.board) or list(board)
            board[:] = before + list(e.cards)
            if e.run is None:
                for other in boards:
                    if other is not None:
                        boards[other] = list(board)
            name = f"*** {run}{BOARD_STREETS[e.street]} ***"
            if e.street == Street.FLOP and not before:
                return f"{name} [{' '.join(e.cards)}]"
            return f"{name} [{' '.join(before)}] [{' '.join(e.cards)}]"
        if e.street == Street.PREFLOP and e.cards:  # Courchevel's first board card
            boards[None] = list(e.cards)
            return f"*** PRE-FLOP *** [{' '.join(e.cards)}]"
        if e.street == Street.PREFLOP:
            return None  # written once, as the deal
        raise Unconvertible(f"PokerStars text has no {e.street.value} street in {self.hand.game_name}")

    # ------------------------------------------------------------------ summary
    def summary(self) -> list[str]:
        h, rp, s = self.hand, self.rp, self.hand.summary
        out = ["*** SUMMARY ***"]
        returned = sum(self.returns.in_collects.values(), ZERO)
        drops = sum((e.amount for e in self.events if isinstance(e, PotDrop)), ZERO)
        stp = (s.stp or ZERO) + drops
        if drops:
            self.notes.append(f"a cash drop of {drops} into the pot: written as Splash the Pot (STP)")
        fees = sum((f.amount for f in s.fees), ZERO)
        if s.fees:
            self.notes.append("the fees " + ", ".join(f"{f.name} {f.amount}" for f in s.fees) + " counted in the rake")
        committed = sum((r.committed for r in rp.results.values()), ZERO)
        total = s.total_pot - returned if s.total_pot is not None else committed + stp
        rake = s.rake + fees if s.rake is not None else rp.rake + fees
        state_it = s.total_pot is not None or s.rake is not None or bool(rp.collects)
        if s.rake is None and state_it and (rake < 0 or self._rake_flagged()):
            # PokerStars text always states a rake: what the room kept is written, and the error the audit finds
            # in an unstated rake (more than the room's rule, or less than nothing) cannot be seen in the copy
            self.notes.append(
                f"the log states no rake and keeps {rp.rake}, which its room's rule does not allow: PokerStars text"
                " states a rake, so the copy cannot show that error"
                + (" (a negative rake: no 'Total pot' line)" if rake < 0 else "")
            )
            state_it = rake >= 0
        if state_it and not h.cancelled:
            pots = ""
            if s.main_pot is not None:
                main = s.main_pot - returned
                pots = f" Main pot {self.money(main)}." + "".join(
                    f" Side pot-{i} {self.money(p)}." for i, p in enumerate(s.side_pots, 1)
                )
            elif len(rp.pots) > 1 and not stp:
                pots = f" Main pot {self.money(rp.pots[0].amount)}." + "".join(
                    f" Side pot-{i} {self.money(p.amount)}." for i, p in enumerate(rp.pots[1:], 1)
                )
            stp_text = f" | STP {self.money(stp)}" if stp else ""
            out.append(f"Total pot {self.money(total)}{pots}{stp_text} | Rake {self.money(rake)}")
        elif state_it:
            out.append(f"Total pot {self.money(ZERO)} | Rake {self.money(ZERO)}")
        boards = list(s.boards) if s.boards else [b for b in rp.boards if b]
        if s.run_twice or len(boards) > 1:
            variant = variant_for(h.game)
            if variant is None or not issubclass(strategy_for(variant), TwoBoardDealing):  # two boards: not a run
                out.append("Hand was run twice")
            out.extend(f"{RUNS.get(i, '')}Board [{' '.join(b)}]" for i, b in enumerate(boards, 1))
        elif boards and not self.stud:
            out.append(f"Board [{' '.join(boards[0])}]")
        out.extend(self.seat_summaries())
        return out

    def _rake_flagged(self) -> bool:
        """Whether the audit finds the rake this log leaves unstated wrong (then the copy leaves it unstated too)."""
        from handlog.audit import audit

        return any(v.code in ("collected-total", "rake") for v in audit(self.hand).violations)

    def seat_summaries(self) -> list[str]:
        h, s = self.hand, self.hand.summary
        positions = self.positions()
        won: dict[str, list[Decimal]] = {}
        if s.seats:
            for r in s.seats:  # "won (0)" is no win (a research log's payoff line names every player)
                won.setdefault(r.player, []).extend(a for a in r.won if a)
        else:
            for e in self.events:
                if isinstance(e, Collect):
                    won.setdefault(e.player, []).append(e.amount)
        for player, less in self.returns.in_collects.items():  # the returned chips are no longer collected
            amounts = won.get(player, [])
            for i, a in enumerate(amounts):
                if a >= less:
                    amounts[i] = a - less
                    break
            won[player] = [a for a in amounts if a]
        shown = {e.player: e.cards for e in self.events if isinstance(e, Show)}
        self.descriptions = {e.player: e.description for e in self.events if isinstance(e, Show) and e.description}
        self.by_board = self._by_board(won)
        folded = self.fold_streets()
        results = list(s.seats) if s.seats else []
        out = []
        if results:
            for r in results:
                out.append(self.seat_summary(r.seat, r.player, positions.get(r.player, ()), won.get(r.player, []),
                                             r.shown or shown.get(r.player, ()), r.mucked, folded.get(r.player)))
            return out
        for seat in h.seats:
            if seat.player not in self.rp.results and seat.sitting_out:
                out.append(f"Seat {seat.seat}: {seat.player} is sitting out")
                continue
            if seat.player not in self.rp.results and seat.out_of_hand:
                continue
            out.append(self.seat_summary(seat.seat, seat.player, positions.get(seat.player, ()),
                                         won.get(seat.player, []), shown.get(seat.player, ()), (),
                                         folded.get(seat.player)))
        return out

    def _by_board(self, won: dict[str, list[Decimal]]) -> dict[str, list[tuple[list[Decimal], str]]]:
        """On two boards (run twice, Split Hold'em), what each player who showed won on each board and the hand they
        showed for it, from the showdown of each board (``*** FIRST SHOW DOWN ***`` …): PokerStars' summary says
        both ("showed [..] and lost with two pair, Aces and Sixes, and won ($8385.36) with a pair of Aces"). Empty
        when the boards' collects do not add up to what the summary says each player won (then the amounts are
        written without their boards, as on one board)."""
        run: int | None = None
        runs: list[int] = []
        described: dict[tuple[str, int], str] = {}
        collected: dict[tuple[str, int], list[Decimal]] = {}
        for e in self.events:
            if isinstance(e, StreetStart) and e.street == Street.SHOWDOWN and e.run:
                run = e.run
                runs.append(run)
            elif isinstance(e, Show) and run is not None and e.description:
                described[e.player, run] = e.description
            elif isinstance(e, Collect) and e.run:
                collected.setdefault((e.player, e.run), []).append(e.amount)
        if len(runs) < 2:
            return {}
        out: dict[str, list[tuple[list[Decimal], str]]] = {}
        for player in {p for p, _ in described}:
            boards = [(collected.get((player, r), []), described.get((player, r), "")) for r in runs]
            if sum((a for amounts, _ in boards for a in amounts), ZERO) != sum(won.get(player, []), ZERO):
                return {}
            out[player] = boards
        return out

    def seat_summary(self, seat: int, player: str, positions: Sequence[str], won: Iterable[Decimal],
                     shown: Sequence[str], mucked: Sequence[str], folded: str | None) -> str:
        head = f"Seat {seat}: {player}" + "".join(f" ({p})" for p in positions)
        amounts = list(won)
        if shown:
            cards = f"showed [{' '.join(shown)}]"
            desc = self.descriptions.get(player)
            with_ = f" with {desc}" if desc else ""
            boards = self.by_board.get(player)
            if boards is not None:  # "and lost with …, and won ($8385.36) with …": one part per board, in order
                return f"{head} {cards} and " + ", and ".join(
                    (" and ".join(f"won ({self.money(a)})" for a in board_won) if board_won else "lost")
                    + (f" with {made}" if made else "")
                    for board_won, made in boards
                )
            if amounts:
                return f"{head} {cards} and " + " and ".join(f"won ({self.money(a)})" for a in amounts) + with_
            return f"{head} {cards} and lost{with_}"
        if amounts:
            return f"{head} " + " and ".join(f"collected ({self.money(a)})" for a in amounts)
        if mucked:
            return f"{head} mucked [{' '.join(mucked)}]"
        if folded is not None:
            return f"{head} {folded}"
        return f"{head} mucked" if player in self.rp.results else f"{head} didn't play"

    def positions(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        button = next((s.player for s in self.hand.seats if s.seat == self.hand.button), None)
        if button is not None and not self.stud:
            out.setdefault(button, []).append("button")
        words = {PostType.SMALL_BLIND: "small blind", PostType.BIG_BLIND: "big blind",
                 PostType.BOTH_BLINDS: "big blind", PostType.BUTTON_BLIND: "button blind"}
        for e in self.events:
            if isinstance(e, Post) and e.post in words and words[e.post] not in out.get(e.player, []):
                out.setdefault(e.player, []).append(words[e.post])
        return {p: tuple(w) for p, w in out.items()}

    def fold_streets(self) -> dict[str, str]:
        out: dict[str, str] = {}
        draw = self.hand.game in DRAW_GAMES
        first = "before the Draw" if draw else "on the 3rd Street" if self.stud else "before Flop"
        street = first
        bet: set[str] = set()
        names = {Street.FLOP: "on the Flop", Street.TURN: "on the Turn", Street.RIVER: "on the River",
                 Street.FOURTH: "on the 4th Street", Street.FIFTH: "on the 5th Street",
                 Street.SIXTH: "on the 6th Street", Street.SEVENTH: "on the 7th Street",
                 Street.DRAW_1: "after the Draw", Street.DRAW_2: "after the 2nd Draw",
                 Street.DRAW_3: "after the 3rd Draw", Street.THIRD: "on the 3rd Street"}
        for e in self.events:
            if isinstance(e, StreetStart) and e.street in names:
                street = names[e.street]
            elif isinstance(e, Call | Bet | Raise) or (isinstance(e, Post) and e.post != PostType.ANTE):
                bet.add(e.player)
            elif isinstance(e, Fold) and e.player not in out:
                note = " (didn't bet)" if street == first and e.player not in bet else ""
                out[e.player] = f"folded {street}{note}"
        return out

    def text(self) -> str:
        lines = [self.header(), self.table_line(), *self.seat_lines(), *self.body(), *self.summary()]
        return "\n".join(lines) + "\n"


def hand_to_pokerstars(hand: Hand) -> Written:
    """The hand as PokerStars text, with what that text could not say; raises ``Unconvertible``."""
    writer = _Writer(hand)
    text = writer.text()
    return Written(text, tuple(writer.notes))


def hands_to_pokerstars(hands: Sequence[Hand]) -> str:
    """Several hands as one PokerStars file: each hand followed by two blank lines, as PokerStars writes them."""
    return "".join(hand_to_pokerstars(h).text + "\n\n" for h in hands)
