"""The replay state of one hand: seats, stacks, bets, cards seen, and the primitives that change them.

``table.Table`` is this state composed with its parts (turn order, forced bets, settlement, streets, betting, dealing:
docs/engine.md), which read and change it. Money only moves through ``put`` so that every chip put in is checked
against the stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from operator import attrgetter
from typing import TYPE_CHECKING

from handlog.engine.codes import violation
from handlog.engine.forced import ForcedBets, level_in_force
from handlog.engine.rules import RulesProfile
from handlog.engine.structures import BettingStructure, structure_for
from handlog.engine.variants import Variant
from handlog.engine.views import Step
from handlog.engine.violations import Category, Violation
from handlog.events import ButtonDraw, Collect, Hand, PlayerStatus, StatusChange, Street, Structure, UncalledBet

if TYPE_CHECKING:
    from handlog.engine.dealing import Dealing

ZERO = Decimal(0)
UNKNOWN_STACK = Decimal("Infinity")
"""The stack of a player the log gives no seat line: not known, so never exceeded (``TableState.unseated``)."""
@dataclass(slots=True)
class PlayerState:
    seat: int
    name: str
    start: Decimal
    stack: Decimal
    in_hand: bool
    bet: Decimal = ZERO
    committed: Decimal = ZERO
    folded: bool = False
    all_in: bool = False
    acted_at: Decimal | None = None  # the bet level when the player last acted this round; None: not yet
    hole: list[str] = field(default_factory=list)
    shown: tuple[str, ...] = ()
    collected: Decimal = ZERO
    cashed_out: Decimal | None = None
    all_in_street: Street | None = None
    drew: bool = False
    side: Decimal = ZERO  # paid to (+) or by (-) the player outside the pot (an EV cash-out)
    ante: Decimal = ZERO  # antes posted (the big blind's, when nobody else antes, is the table's: ``table_antes``)
    dead: Decimal = ZERO  # dead blinds in ``committed``: the pot's, never an amount others must match
    returned: Decimal = ZERO  # an uncalled excess the site counts inside what the player collects (Winamax)
    up: list[str] = field(default_factory=list)  # stud: the cards dealt face up, in order

    @property
    def active(self) -> bool:
        """Still able to act: in the hand, not folded, not all-in."""
        return self.in_hand and not self.folded and not self.all_in

    @property
    def live(self) -> bool:
        """Still contesting the pot."""
        return self.in_hand and not self.folded




_seat_of = attrgetter("seat")
_FIXED_LIMIT = Structure.FIXED_LIMIT  # an enum member read from its class costs EnumType.__getattr__'s hook (3.11)


class TableState:
    """The mutable state of one replay and its primitives (reporting, cards seen, money put in)."""

    # slots, not an instance dict: one table per hand, and a dict of ~65 attributes is resized four times as its
    # keys are set (past the 30 keys an instance dict shares with its class's others): ~3x the cost of the stores
    __slots__ = (
        "bb_level",
        "big_bet",
        "big_blind",
        "big_blind_player",
        "blind_anchor",
        "board",
        "board_pending",
        "board_pending_reported",
        "button",
        "button_draw",
        "cancelled",
        "cap",
        "collects",
        "current_bet",
        "dealing",
        "deck_used",
        "discarded",
        "dropped",
        "fixed_limit",
        "forced",
        "fourth_big",
        "full_level",
        "hand",
        "in_draw",
        "keep_states",
        "kinds",
        "last_actor",
        "last_blind_seat",
        "last_raise",
        "notes",
        "owed_back",
        "pending_draw",
        "players",
        "prints_uncalled",
        "raises",
        "reported_excess",
        "returned_unprinted",
        "round_anchor",
        "round_open",
        "rules",
        "run_boards",
        "seated",
        "seen",
        "skipped",
        "small_bet",
        "small_blind_posted",
        "steps",
        "stopped",
        "street",
        "structure",
        "uncalled_checked",
        "unseated",
        "unseated_players",
        "unsure_from",
        "variant",
        "violations",
        "void_line",
    )

    dealing: Dealing
    """How the game deals (``engine.dealing``): set by the ``Table``, which is composed of the parts."""

    def __init__(self, hand: Hand, variant: Variant, rules: RulesProfile, states: bool = True) -> None:
        self.keep_states = states
        hand, level_note = level_in_force(hand, rules)  # the blinds in force, where not the header's
        self.hand = hand
        self.variant = variant
        self.rules = rules
        structure, stakes = hand.structure, hand.stakes  # each field read once (a pydantic model's: a hook)
        self.structure: BettingStructure = structure_for(structure, rules)
        self.violations: list[Violation] = []
        self.steps: list[Step] = []
        self.players: dict[str, PlayerState] = {}
        cash = hand.tournament is None
        for s in sorted(hand.seats, key=_seat_of):
            name, stack = s.player, s.stack  # each field read once (a pydantic model's attribute costs a hook)
            self.players[name] = PlayerState(
                s.seat, name, stack, stack,
                # in hand: tournament players sitting out are still dealt in (and fold automatically); cash ones are not
                not (s.out_of_hand or (s.sitting_out and cash)),
            )
        self.seated = list(self.players.values())
        # players who act without a seat line, by the line they first appear on (see ``_unseated_player``)
        self.unseated: dict[str, int] = {}
        self.unseated_players: list[PlayerState] = []
        self.last_blind_seat: int | None = None  # the seat of the last seated player to post a live blind
        self.unsure_from: int | None = None  # from this line on, who is who is not known (``_unseated_player``)
        self.button = hand.button
        fixed = structure == _FIXED_LIMIT
        self.fixed_limit = fixed
        small, big = stakes.small, stakes.big
        self.small_bet = small if fixed else big
        self.big_bet = big
        self.big_blind = small if fixed else big
        self.cap = stakes.cap
        # round state
        self.street: Street | None = None  # None: forced bets, before the deal
        self.round_open = False
        self.in_draw = False
        self.current_bet = ZERO
        self.last_raise = ZERO
        self.raises = 0
        self.last_actor: str | None = None
        self.void_line = -1  # the line of an action reported as a folded player's (``acts-after-fold``)
        self.skipped: set[str] = set()  # passed over by an action out of turn: their late turn is that one error's
        self.round_anchor: int | None = None  # seat after which the round's first actor sits
        self.blind_anchor: int | None = None  # preflop: seat of the last live blind or straddle
        self.board: list[str] = []
        self.run_boards: dict[int, list[str]] = {}  # run it twice or thrice: the board of each later run
        self.board_pending: Street | None = None  # two boards: the street the second board has yet to be dealt
        self.board_pending_reported = False  # an action before that street was reported
        self.dropped = ZERO  # money the site put into the pot ("Cash Drop to Pot"): no player's
        self.seen: dict[str, int] = {}  # card → line where it was first seen
        self.discarded: set[str] = set()
        self.deck_used = 0  # draw games: cards taken from the deck so far (dealt and drawn)
        self.cancelled = False
        self.stopped = False  # the log left no round to follow: the replay reported why and went no further
        self.pending_draw: dict[str, int] = {}  # player → cards discarded and not yet replaced (when known)
        self.collects: list[Collect] = []
        self.uncalled_checked = False
        self.owed_back: list[tuple[str, Decimal, int]] = []  # uncalled excesses swept with their rounds
        self.returned_unprinted: list[tuple[str, Decimal]] = []  # uncalled excesses returned without a line
        self.reported_excess: list[tuple[str, Decimal]] = []  # chips a reported violation left in the pot
        # a log that prints "Uncalled bet" lines must print every one; only logs that never do (2005-2008)
        # may let the site's total show the return instead
        self.kinds = frozenset(map(type, hand.events))  # the kinds of event the hand holds
        self.prints_uncalled = UncalledBet in self.kinds
        self.small_blind_posted = False
        self.full_level = ZERO  # fixed limit: the bet of the last complete bet or raise this round
        self.bb_level = ZERO  # preflop: the full big blind, owed by callers even when the blind is all-in short
        self.notes: list[str] = [level_note] if level_note else []
        self._joined_without_chips(hand)
        self.big_blind_player: str | None = None
        self.forced = ForcedBets(hand, rules, self.big_blind)
        self.fourth_big = False  # stud: the big bet was made on fourth street over an open pair
        self.button_draw: dict[int, ButtonDraw] = {}  # seat → the card it drew for the button

    @property
    def board2(self) -> list[str] | None:
        """Run it twice: the second board (None when the hand was run once)."""
        return self.run_boards.get(2)

    def _joined_without_chips(self, hand: Hand) -> None:
        """A player who joins the table during the hand may have a seat line printed before their chips arrived
        (PartyPoker: "Seat 2: P ( $0 USD )", then "P has joined the table." and a big blind): the stack is not
        stated, so it is not checked."""
        if StatusChange not in self.kinds:  # the commonest
            return
        for e in hand.events:  # exact types: an event model has no subclasses (tests/checks/test_event_kinds.py)
            if type(e) is StatusChange and e.status is PlayerStatus.JOINS:
                p = self.players.get(e.player)
                if p is not None and p.stack == ZERO:
                    p.stack = UNKNOWN_STACK
                    self.notes.append(
                        f"{p.name} joined the table during the hand (line {e.line}) and the seat line shows no chips:"
                        f" {p.name}'s stack is not stated, so it was not checked"
                    )

    def violate(self, code: str, line: int, message: str) -> bool:
        """Report a violation of the registered rule ``code`` (``codes``: its category and severity); False when it
        follows from an error already reported and is not held against the hand."""
        found = violation(code, line, message)
        if self.unsure_from is not None and code != "unknown-player" and found.category is not Category.CARDS:
            return False  # who is who is no longer known: what follows from it is not held against the hand
        if line == self.void_line and found.category is Category.LEGALITY:
            return False  # the action of a player out of the hand was reported: how it was made is not another
        self.violations.append(found)
        return True

    def stop(self, code: str, line: int, message: str) -> None:
        """One violation where the log's structure leaves the engine nothing it can follow (a board street before
        the deal: which round do the next actions belong to?); every event after it would be judged against a
        state the log never had, so the replay stops here rather than report each of them (one error, one
        violation)."""
        self.violate(code, line, message)
        self.stopped = True
        self.notes.append(f"the replay stopped at line {line}: the rest of the hand was not checked")

    def player(self, name: str, line: int) -> PlayerState | None:
        p = self.players.get(name)
        if p is None:
            p = self._unseated_player(name, line)
        return p

    def _unseated_player(self, name: str, line: int) -> PlayerState:
        """A player the log has act (post, collect …) without a seat line.

        When the log says the player joined the table during the hand (PartyPoker prints the seats before a player
        who sits down and posts at once), the player is known, only not where they sit nor with how much: the
        replay goes on with what the log does state. Their chips go into the pots like anyone's, so the amounts,
        the pots and the totals are still checked, and so is the order of the seated players among themselves (an
        unseated player sits somewhere between the seated players who act before and after, so the turn passes
        over them: ``turns``); only their own turn, their blinds' seats and their stack cannot be, and the notes
        say so.

        Otherwise (a name no line introduces: a log renamed in part, a player left out of the seat lines) the log
        is wrong, and ``unknown-player`` is reported once, at its first line. From there on the replay cannot tell
        whether the name is a seated player's under another name, so nothing that depends on who is who (turns,
        amounts owed, stacks, pots, totals) is held against the hand (one error, one violation): the replay goes on
        for its cards and its record, and the notes say what was not checked."""
        joined = next(
            (e.line for e in self.hand.events
             if isinstance(e, StatusChange) and e.status is PlayerStatus.JOINS and e.player == name and e.line <= line),
            None,
        )
        if joined is None:
            self.violate(
                "unknown-player", line,
                f"{name!r} acts but has no seat at this table (no seat line names the player)",
            )
            if self.unsure_from is None:
                self.unsure_from = line
                self.notes.append(
                    f"{name!r} has no seat line (first on line {line}): from there on the replay cannot tell who is"
                    " who, so the turns, the amounts owed, the stacks, the pots and the totals were not checked"
                )
        else:
            self.notes.append(
                f"{name} joined the table during the hand (line {joined}) and has no seat line: {name}'s seat and"
                f" stack are not stated, so {name}'s turn, blinds' seats and stack were not checked (the seated"
                " players' order, the amounts and the pots were)"
            )
        p = PlayerState(0, name, ZERO, UNKNOWN_STACK, in_hand=False)  # dealt in by a post or an action
        self.players[name] = p
        self.unseated[name] = line
        self.unseated_players.append(p)
        return p

    def see(self, cards: tuple[str, ...], line: int, what: str) -> None:
        for card in cards:
            if not self.dealing.in_deck(card):
                self.violate(
                    "card-not-in-deck", line,
                    f"{card} ({what}) is not in {self.variant.name}'s 36-card deck (sixes to aces)",
                )
            if card in self.discarded and self.deck_used > self.variant.deck:
                # the draws needed more cards than the stub held: the discards were shuffled into a new stub,
                # so a discarded card may be dealt again
                self.discarded.discard(card)
                self.seen[card] = line
                self.notes.append(f"{card} was discarded and dealt again ({what}): the stub ran out")
            elif card in self.seen:
                self.violate(
                    "duplicate-card", line,
                    f"{card} ({what}) was already seen on line {self.seen[card]}: no card may appear twice"
                    " in one deal (a misdeal)",
                )
            else:
                self.seen[card] = line

    def effective_stack(self, p: PlayerState) -> Decimal:
        if self.cap is not None:
            return min(p.stack, max(self.cap - p.committed, ZERO))
        return p.stack

    def put(self, p: PlayerState, amount: Decimal, line: int, to_bet: bool = True) -> None:
        if amount > p.stack:
            self.violate(
                "exceeds-stack", line,
                f"{p.name} puts in {amount} but has only {p.stack} behind",
            )
        p.stack -= amount
        p.committed += amount
        if to_bet:
            p.bet += amount

    def covers_the_others(self, p: PlayerState, adding: Decimal = ZERO) -> bool:
        """``p``, having put in ``adding`` more, has put in at least what any other player still in the hand can
        (the most anyone can match)."""
        total = p.committed + adding
        return all(
            o.committed + o.stack <= total for o in self.players.values() if o is not p and o.in_hand and not o.folded
        )

    def check_all_in_flag(self, p: PlayerState, flagged: bool, line: int, capped: bool = False) -> None:
        if p.stack == UNKNOWN_STACK:  # an unseated player's stack is not known: the log's word is taken
            if flagged and not p.all_in:
                p.all_in = True
                p.all_in_street = self.street or Street.PREFLOP
            return
        at_cap = self.cap is not None and p.committed >= self.cap
        if p.stack <= 0 or at_cap or capped:
            if not p.all_in:
                p.all_in = True
                p.all_in_street = self.street or Street.PREFLOP
            # below zero, the player put in more than they had: ``exceeds-stack`` says so, once
            if not flagged and p.stack == 0 and not at_cap and not capped:
                self.violate(
                    "all-in-unmarked", line,
                    f"{p.name} has no chips left but the line does not say 'and is all-in'",
                )
        elif flagged and not (self.rules.all_in_marks_covered_bet and self.covers_the_others(p)):
            self.violate(
                "all-in-marked", line,
                f"the line says {p.name} is all-in but {p.stack} remain behind",
            )
