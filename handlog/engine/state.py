"""The replay state of one hand: seats, stacks, bets, cards seen, and the primitives that change them.

Each layer of the table (turn order, forced bets, settlement, streets, betting) builds on this one; ``table.Table``
stacks them. Money only moves through ``_put`` so that every chip put in is checked against the stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from handlog.engine.forced import ForcedBets
from handlog.engine.rules import RulesProfile
from handlog.engine.shortdeck import SHORT_DECK_RANKS
from handlog.engine.structures import BettingStructure, structure_for
from handlog.engine.variants import Variant
from handlog.engine.views import Step
from handlog.engine.violations import Category, Severity, Violation
from handlog.events import ButtonDraw, Collect, Hand, Street, Structure, UncalledBet

ZERO = Decimal(0)
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




class TableState:
    """The mutable state of one replay and its primitives (reporting, cards seen, money put in)."""

    def __init__(self, hand: Hand, variant: Variant, rules: RulesProfile, states: bool = True) -> None:
        self.keep_states = states
        self.hand = hand
        self.variant = variant
        self.rules = rules
        self.structure: BettingStructure = structure_for(hand.structure, rules)
        self.violations: list[Violation] = []
        self.steps: list[Step] = []
        self.players: dict[str, PlayerState] = {}
        for s in sorted(hand.seats, key=lambda s: s.seat):
            self.players[s.player] = PlayerState(
                s.seat, s.player, s.stack, s.stack,
                # tournament players sitting out are still dealt in (and fold automatically); cash ones are not
                in_hand=not (s.out_of_hand or (s.sitting_out and hand.tournament is None)),
            )
        self._seated = list(self.players.values())
        self._seat_names = tuple((p.seat, p.name) for p in self._seated)
        self._rotations: dict[int, list[PlayerState]] = {}  # seat → the players in seat order after it
        self._board_t: tuple[str, ...] = ()
        self.button = hand.button
        fixed = hand.structure == Structure.FIXED_LIMIT
        self.small_bet = hand.stakes.small if fixed else hand.stakes.big
        self.big_bet = hand.stakes.big
        self.big_blind = hand.stakes.small if fixed else hand.stakes.big
        self.cap = hand.stakes.cap
        # round state
        self.street: Street | None = None  # None: forced bets, before the deal
        self.round_open = False
        self.in_draw = False
        self.current_bet = ZERO
        self.last_raise = ZERO
        self.raises = 0
        self.last_actor: str | None = None
        self.round_anchor: int | None = None  # seat after which the round's first actor sits
        self.blind_anchor: int | None = None  # preflop: seat of the last live blind or straddle
        self.board: list[str] = []
        self.run_boards: dict[int, list[str]] = {}  # run it twice or thrice: the board of each later run
        self.dropped = ZERO  # money the site put into the pot ("Cash Drop to Pot"): no player's
        self.seen: dict[str, int] = {}  # card → line where it was first seen
        self.discarded: set[str] = set()
        self.deck_used = 0  # draw games: cards taken from the deck so far (dealt and drawn)
        self.cancelled = False
        self.pending_draw: dict[str, int] = {}  # player → cards discarded and not yet replaced (when known)
        self.collects: list[Collect] = []
        self.uncalled_checked = False
        self.owed_back: list[tuple[str, Decimal, int]] = []  # uncalled excesses swept with their rounds
        # a log that prints "Uncalled bet" lines must print every one; only logs that never do (2005-2008)
        # may let the site's total show the return instead
        self.prints_uncalled = any(issubclass(t, UncalledBet) for t in set(map(type, hand.events)))
        self.small_blind_posted = False
        self.full_level = ZERO  # fixed limit: the bet of the last complete bet or raise this round
        self.bb_level = ZERO  # preflop: the full big blind, owed by callers even when the blind is all-in short
        self.notes: list[str] = []
        self.big_blind_player: str | None = None
        self.forced = ForcedBets(hand, rules, self.big_blind)
        self.fourth_big = False  # stud: the big bet was made on fourth street over an open pair
        self.button_draw: dict[int, ButtonDraw] = {}  # seat → the card it drew for the button

    @property
    def board2(self) -> list[str] | None:
        """Run it twice: the second board (None when the hand was run once)."""
        return self.run_boards.get(2)

    def violate(self, code: str, category: Category, line: int, message: str, warning: bool = False) -> None:
        severity = Severity.WARNING if warning else Severity.ERROR
        self.violations.append(Violation(code, category, severity, line, message))

    def _player(self, name: str, line: int) -> PlayerState | None:
        p = self.players.get(name)
        if p is None:
            self.violate(
                "unknown-player", Category.STRUCTURE, line, f"{name!r} acts but has no seat at this table"
            )
        return p

    def see(self, cards: tuple[str, ...], line: int, what: str) -> None:
        for card in cards:
            if self.variant.short_deck and card[:1] not in SHORT_DECK_RANKS:
                self.violate(
                    "card-not-in-deck", Category.CARDS, line,
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
                    "duplicate-card", Category.CARDS, line,
                    f"{card} ({what}) was already seen on line {self.seen[card]}: no card may appear twice"
                    " in one deal (a misdeal)",
                )
            else:
                self.seen[card] = line

    def _effective_stack(self, p: PlayerState) -> Decimal:
        if self.cap is not None:
            return min(p.stack, max(self.cap - p.committed, ZERO))
        return p.stack

    def _put(self, p: PlayerState, amount: Decimal, line: int, to_bet: bool = True) -> None:
        if amount > p.stack:
            self.violate(
                "exceeds-stack", Category.ACCOUNTING, line,
                f"{p.name} puts in {amount} but has only {p.stack} behind",
            )
        p.stack -= amount
        p.committed += amount
        if to_bet:
            p.bet += amount

    def _check_all_in_flag(self, p: PlayerState, flagged: bool, line: int, capped: bool = False) -> None:
        at_cap = self.cap is not None and p.committed >= self.cap
        if p.stack <= 0 or at_cap or capped:
            if not p.all_in:
                p.all_in = True
                p.all_in_street = self.street or Street.PREFLOP
            if not flagged and p.stack <= 0 and not at_cap and not capped:
                self.violate(
                    "all-in-unmarked", Category.STRUCTURE, line,
                    f"{p.name} has no chips left but the line does not say 'and is all-in'", warning=True,
                )
        elif flagged:
            self.violate(
                "all-in-marked", Category.STRUCTURE, line,
                f"the line says {p.name} is all-in but {p.stack} remain behind", warning=True,
            )
