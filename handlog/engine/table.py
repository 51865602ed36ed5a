"""The table: a state machine that replays a hand's events under the rules and records every violation.

One mutable ``Table`` per replay. Each event goes through ``apply``, which first checks the event against the
rules (whose turn it is, what the player owes, what the betting structure allows, which cards are still in
the deck) and then applies it *as the log says*: the engine never repairs a log, it reports and continues
where it safely can, so that one error does not hide the next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from operator import attrgetter

from handlog.engine.forced import ForcedBets
from handlog.engine.rules import RulesProfile
from handlog.engine.structures import BettingStructure, RoundFacts, structure_for
from handlog.engine.variants import Variant, high_card_by_suit_button
from handlog.engine.views import Snapshot, Step
from handlog.engine.violations import Category, Severity, Violation
from handlog.events import (
    Bet,
    ButtonDraw,
    Call,
    CashOut,
    Check,
    Collect,
    DealHole,
    Discard,
    Event,
    Fold,
    Hand,
    HandCancelled,
    Muck,
    Post,
    PostType,
    Raise,
    Show,
    StandPat,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
)

ZERO = Decimal(0)
_SEAT_VALUES = attrgetter("stack", "bet", "committed", "folded", "all_in", "in_hand")
DECK_SIZE = 52


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
    ante: Decimal = ZERO  # antes posted: matched only by other antes, and dead money when nobody else posts one
    dead: Decimal = ZERO  # a dead small blind posted with the big blind: the pot's, never part of a bet to call

    @property
    def active(self) -> bool:
        """Still able to act: in the hand, not folded, not all-in."""
        return self.in_hand and not self.folded and not self.all_in

    @property
    def live(self) -> bool:
        """Still contesting the pot."""
        return self.in_hand and not self.folded


class Table:
    """The replay state of one hand: ``apply`` each event in order (``replay`` then settles the hand)."""

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
        self.board2: list[str] | None = None  # run-it-twice: the second board
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
        self.prints_uncalled = any(isinstance(e, UncalledBet) for e in hand.events)
        self.small_blind_posted = False
        self.full_level = ZERO  # fixed limit: the bet of the last complete bet or raise this round
        self.bb_level = ZERO  # preflop: the full big blind, owed by callers even when the blind is all-in short
        self.notes: list[str] = []
        self.forced = ForcedBets(hand, rules, self.big_blind)
        self.button_draw: dict[int, ButtonDraw] = {}  # seat → the card it drew for the button

    # ------------------------------------------------------------------ reporting
    def violate(self, code: str, category: Category, line: int, message: str, warning: bool = False) -> None:
        severity = Severity.WARNING if warning else Severity.ERROR
        self.violations.append(Violation(code, category, severity, line, message))

    def snapshot(self) -> Snapshot:
        """The table now, compactly (see ``Step``)."""
        values = tuple(map(_SEAT_VALUES, self._seated))
        if len(self._board_t) != len(self.board):
            self._board_t = tuple(self.board)
        return (
            self.street or Street.PREFLOP,
            self._board_t,
            self._seat_names,
            values,
            self.next_to_act() if self.round_open else None,
            self.current_bet,
            self.raises,
        )

    # ------------------------------------------------------------------ turn order
    def _after(self, seat: int | None) -> list[PlayerState]:
        """Players in seat order starting after ``seat`` (the whole table when None)."""
        ps = self._seated
        if seat is None:
            return ps
        for i, p in enumerate(ps):
            if p.seat > seat:
                return ps[i:] + ps[:i]
        return ps

    def level(self, p: PlayerState | None = None) -> Decimal:
        """The bet ``p`` must match: the highest bet, or preflop the full big blind when the big blind is all-in
        for less, as long as someone else can still act (otherwise only what can be called counts)."""
        level = self.current_bet
        short_blind = self.street in (None, Street.PREFLOP) and self.bb_level > level
        if short_blind and (p is None or any(q.active and q is not p for q in self.players.values())):
            level = self.bb_level
        return level

    def needs_action(self, p: PlayerState) -> bool:
        return p.active and (p.acted_at is None or p.bet < self.level(p))

    def next_to_act(self) -> str | None:
        if not self.round_open:
            return None
        start = self.players[self.last_actor].seat if self.last_actor is not None else self.round_anchor
        for p in self._after(start):
            if self.needs_action(p):
                return p.name
        return None

    def round_complete(self) -> bool:
        """No one still owes an action (a lone active player facing no bet has nothing to do)."""
        live = 0
        active: list[PlayerState] = []
        for p in self._seated:
            if p.in_hand and not p.folded:
                live += 1
                if not p.all_in:
                    active.append(p)
        if live <= 1 or not active:
            return True
        if len(active) == 1 and active[0].bet >= self.current_bet:
            return True
        return not any(self.needs_action(p) for p in active)

    def live_players(self) -> list[PlayerState]:
        return [p for p in self.players.values() if p.live]

    # ------------------------------------------------------------------ cards
    def see(self, cards: tuple[str, ...], line: int, what: str) -> None:
        for card in cards:
            if card in self.discarded and self.deck_used > DECK_SIZE:
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

    # ------------------------------------------------------------------ money
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

    def facts(self, p: PlayerState) -> RoundFacts:
        street = self.street or Street.PREFLOP
        unit = self.big_bet if self.variant.uses_big_bet(street) else self.small_bet
        return RoundFacts(
            street=street,
            big_blind=self.big_blind,
            bet_unit=unit,
            current_bet=self.level(p),
            last_raise=self.last_raise,
            pot=sum((q.committed for q in self.players.values()), ZERO),
            to_call=max(self.level(p) - p.bet, ZERO),
            raises=self.raises,
            heads_up=sum(1 for q in self.players.values() if q.live) == 2,
            full_level=self.full_level,
        )

    # ------------------------------------------------------------------ events
    def apply(self, event: Event) -> None:
        to_call: Decimal | None = None
        handler = _HANDLERS.get(type(event))
        if self.cancelled:
            pass
        elif handler is not None:
            player = getattr(event, "player", None)
            if player is not None and player in self.players:
                to_call = max(self.current_bet - self.players[player].bet, ZERO)
            handler(self, event)
        street = self.street or Street.PREFLOP
        self.steps.append(Step(event, street, self.snapshot() if self.keep_states else None, to_call))

    def _player(self, name: str, line: int) -> PlayerState | None:
        p = self.players.get(name)
        if p is None:
            self.violate(
                "unknown-player", Category.STRUCTURE, line, f"{name!r} acts but has no seat at this table"
            )
        return p

    def on_post(self, e: Post) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        p.in_hand = True
        if self.street is not None and e.post != PostType.BRING_IN:
            self.violate(
                "post-after-deal", Category.STRUCTURE, e.line,
                f"{p.name} posts a {e.post.value.replace('_', ' ')} after the cards were dealt", warning=True,
            )
        if e.post == PostType.ANTE:
            self._put(p, e.amount, e.line, to_bet=False)
            p.ante += e.amount
        elif e.post == PostType.BOTH_BLINDS:
            dead = min(self.hand.stakes.small, e.amount) if self.hand.structure != Structure.FIXED_LIMIT else ZERO
            if dead == ZERO or e.amount - dead <= 0:
                dead = e.amount - self.big_blind if e.amount > self.big_blind else ZERO
            self._put(p, dead, e.line, to_bet=False)
            p.dead += dead
            self._put(p, e.amount - dead, e.line)
        else:
            if e.post == PostType.SMALL_BLIND and self.small_blind_posted:
                # a second small blind (a returning player) is dead money, not a live bet
                self._put(p, e.amount, e.line, to_bet=False)
            else:
                self._put(p, e.amount, e.line)
            if e.post == PostType.SMALL_BLIND:
                self.small_blind_posted = True
            if e.post in (PostType.BIG_BLIND, PostType.STRADDLE, PostType.BUTTON_BLIND):
                if e.post == PostType.STRADDLE or self.blind_anchor is None or e.post == PostType.BUTTON_BLIND:
                    self.blind_anchor = p.seat
                if e.post == PostType.BIG_BLIND:
                    self.bb_level = max(self.bb_level, self.big_blind if e.all_in else p.bet)
                self.full_level = max(self.full_level, self.big_blind if e.all_in else p.bet)
                if p.bet > self.current_bet:
                    self.last_raise = max(self.last_raise, p.bet - self.current_bet, self.big_blind)
                    if e.post == PostType.STRADDLE:  # a straddle is a blind raise: the next raise doubles it
                        self.last_raise = max(self.last_raise, p.bet)
                    self.current_bet = p.bet
                    self.raises = 1
        self._check_all_in_flag(p, e.all_in, e.line)
        self._check_blind_amount(p, e)

    def _check_blind_amount(self, p: PlayerState, e: Post) -> None:
        """Blinds, antes, the button blind and straddles at their amounts and seats (see ``forced``)."""
        dealt = [q.seat for q in self._seated if q.in_hand]
        problem = self.forced.check(e, p.seat, dealt)
        if problem is not None:
            self.violate(problem.code, problem.category, e.line, problem.message)

    def on_button_draw(self, e: ButtonDraw) -> None:
        """five-card-draw-rules-de.txt, "1. Auslosung des ersten Dealer-Button Inhabers": each player gets one open
        card and the highest card by suit takes the first button (the cards then go back into the deck, so they
        are not seen cards of the deal). ``check_button_draw`` judges the draw once the cards are dealt."""
        p = self._player(e.player, e.line)
        if p is None:
            return
        taken = next((d for d in self.button_draw.values() if d.card == e.card), None)
        if taken is not None:
            self.violate(
                "duplicate-card", Category.CARDS, e.line,
                f"{e.card} (drawn for the button by {p.name}) was already drawn by {taken.player} on line"
                f" {taken.line}",
            )
        elif p.seat in self.button_draw:
            self.violate("draws-twice", Category.LEGALITY, e.line, f"{p.name} draws twice for the button")
        else:
            self.button_draw[p.seat] = e

    def check_button_draw(self) -> None:
        """The button is the seat that drew the highest card by suit."""
        if not self.button_draw or self.button is None:
            return
        cards = {seat: d.card for seat, d in self.button_draw.items()}
        try:
            winner = high_card_by_suit_button(cards)
        except ValueError as exc:
            line = min(d.line for d in self.button_draw.values())
            self.violate("button-draw", Category.LEGALITY, line, f"the draw for the button is unreadable: {exc}")
            return
        if winner != self.button:
            best = self.button_draw[winner]
            self.violate(
                "button-draw", Category.LEGALITY, best.line,
                f"{best.player} (seat {winner}) drew the highest card by suit, {best.card}, and takes the button;"
                f" the log puts the button on seat {self.button}",
            )

    def on_deal(self, e: DealHole) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        if e.new:  # a draw: the kept cards, then the replacements
            self._on_draw_deal(p, e)
            return
        if self.pending_draw.get(p.name) == len(e.cards):  # every card replaced: one bracket, all new
            self._on_draw_deal(p, e.model_copy(update={"cards": (), "new": e.cards}))
            return
        if len(e.cards) != self.variant.hole_cards and self.street in (None, Street.PREFLOP):
            self.violate(
                "hole-card-count", Category.CARDS, e.line,
                f"{self.variant.name} deals {self.variant.hole_cards} cards to each player; {p.name} gets"
                f" {len(e.cards)} (a misdeal)",
            )
        if not p.hole:
            self.see(e.cards, e.line, f"dealt to {p.name}")
            p.hole = list(e.cards)
        elif sorted(p.hole) != sorted(e.cards):
            self.violate(
                "hole-cards-changed", Category.CARDS, e.line,
                f"{p.name} was dealt {' '.join(p.hole)} but is now shown holding {' '.join(e.cards)}",
            )

    def _on_draw_deal(self, p: PlayerState, e: DealHole) -> None:
        discarded = self.pending_draw.pop(p.name, None)
        if discarded is not None and discarded != len(e.new):
            self.violate(
                "draw-count-mismatch", Category.CARDS, e.line,
                f"{p.name} discarded {discarded} cards but receives {len(e.new)}",
            )
        if len(e.cards) + len(e.new) != self.variant.hole_cards:
            self.violate(
                "hand-size", Category.CARDS, e.line,
                f"after the draw {p.name} holds {len(e.cards) + len(e.new)} cards; {self.variant.name} hands"
                f" have {self.variant.hole_cards}",
            )
        if p.hole:
            missing = [c for c in e.cards if c not in p.hole]
            if missing:
                self.violate(
                    "kept-cards-not-held", Category.CARDS, e.line,
                    f"{p.name} keeps {' '.join(missing)}, which they were not holding",
                )
        self.see(e.new, e.line, f"drawn by {p.name}")
        p.hole = list(e.cards) + list(e.new)

    def on_street(self, e: StreetStart) -> None:
        if e.street == Street.PREFLOP:
            self._start_round(Street.PREFLOP, e.line)
            return
        if e.street == Street.SHOWDOWN:
            self._close_round(e.line, "the showdown")
            self.street = Street.SHOWDOWN
            self.round_open = False
            return
        if e.street in (Street.DRAW_1, Street.DRAW_2, Street.DRAW_3):
            self._close_round(e.line, "the draw")
            self._enter_draw(e.line)
            return
        if e.street not in self.variant.board:
            self.violate(
                "street-not-in-game", Category.STRUCTURE, e.line,
                f"{self.variant.name} has no {e.street.value}",
            )
            return
        # a board street
        expected_count = self.variant.board[e.street]
        if len(e.cards) != expected_count:
            self.violate(
                "board-count", Category.CARDS, e.line,
                f"the {e.street.value} adds {expected_count} board card(s); the log deals {len(e.cards)}",
            )
        if e.run == 2:
            self._second_run_street(e)
            return
        self._close_round(e.line, f"the {e.street.value}")
        expected = self.variant.next_round(self.street) if self.street in self.variant.rounds else None
        if self.street is None or expected != e.street:
            self.violate(
                "street-order", Category.STRUCTURE, e.line,
                f"the {e.street.value} comes after {self.street.value if self.street else 'the deal'};"
                f" expected {expected.value if expected else 'no further street'}",
            )
        if len(self.live_players()) <= 1:
            self.violate(
                "street-after-hand-over", Category.LEGALITY, e.line,
                f"the {e.street.value} is dealt although only one player is left in the hand",
            )
        if e.board and list(e.board) != self.board:
            self.violate(
                "board-mismatch", Category.CARDS, e.line,
                f"the board is {' '.join(self.board) or 'empty'} but the log prints {' '.join(e.board)}",
            )
        self.see(e.cards, e.line, f"the {e.street.value}")
        self.board.extend(e.cards)
        self._start_round(e.street, e.line)

    def _second_run_street(self, e: StreetStart) -> None:
        if self.board2 is None:
            base = list(e.board) if e.board else []
            if base != self.board[: len(base)]:
                self.violate(
                    "board-mismatch", Category.CARDS, e.line,
                    f"the second run starts from {' '.join(base)} but the board was {' '.join(self.board)}",
                )
            self.board2 = base
        elif e.board and list(e.board) != self.board2:
            self.violate(
                "board-mismatch", Category.CARDS, e.line,
                f"the second board is {' '.join(self.board2)} but the log prints {' '.join(e.board)}",
            )
        self.see(e.cards, e.line, f"the second {e.street.value}")
        self.board2.extend(e.cards)

    def _start_round(self, street: Street, line: int) -> None:
        first_round = self.street is None
        if not first_round:
            self._sweep_uncalled(line)  # the bets are swept into the pot: an uncalled excess is owed back
        self.uncalled_checked = False
        self.street = street
        self.in_draw = False
        for p in self.players.values():
            p.acted_at = None
            if not first_round:
                p.bet = ZERO
        self.last_actor = None
        if first_round:
            self._check_heads_up_blinds(line)
            # the blinds stay in front of the players; the first actor sits after the last live blind
            self.round_anchor = self.blind_anchor if self.blind_anchor is not None else self.button
            if self.current_bet == ZERO:
                self.last_raise = self.small_bet
        else:
            self.current_bet = ZERO
            self.raises = 0
            self.full_level = ZERO
            unit = self.big_bet if self.variant.uses_big_bet(street) else self.small_bet
            self.last_raise = unit
            self.round_anchor = self.button
        self.round_open = sum(1 for p in self.players.values() if p.active) >= 1 and not self.round_complete()
        if self.hand.structure == Structure.FIXED_LIMIT and not first_round:
            self.last_raise = self.big_bet if self.variant.uses_big_bet(street) else self.small_bet

    def _check_heads_up_blinds(self, line: int) -> None:
        """Heads-up, the button posts the small blind."""
        dealt = [p for p in self._seated if p.in_hand]
        if len(dealt) != 2 or self.button is None:
            return
        for step in self.steps:
            e = step.event
            if isinstance(e, Post) and e.post == PostType.SMALL_BLIND and e.player in self.players:
                seat = self.players[e.player].seat
                if seat != self.button:
                    self.violate(
                        "blind-position", Category.LEGALITY, e.line,
                        f"heads-up the button (seat {self.button}) posts the small blind; {e.player} in seat"
                        f" {seat} does",
                    )
                return

    def _close_round(self, line: int, what: str) -> None:
        """The betting round ends here; anyone who still had to act is a violation."""
        if self.round_open and not self.round_complete():
            waiting = self.next_to_act()
            self.violate(
                "round-incomplete", Category.LEGALITY, line,
                f"{what} comes before the betting round is complete ({waiting} still has to act)",
            )
        self.round_open = False

    def _enter_draw(self, line: int) -> None:
        if self.deck_used == 0:
            dealt = sum(1 for p in self.players.values() if p.in_hand)
            self.deck_used = dealt * self.variant.hole_cards + len(self.board)
        self.in_draw = True
        self.last_actor = None
        self.round_anchor = self.button
        for p in self.players.values():
            p.drew = False

    def _next_drawer(self) -> str | None:
        last = self.players[self.last_actor].seat if self.last_actor else self.button
        for p in self._after(last):
            if p.live and not p.drew:
                return p.name
        return None

    def _act(self, name: str, line: int, what: str) -> PlayerState | None:
        """Common checks for a betting action: known player, still in, in turn, round open."""
        p = self._player(name, line)
        if p is None:
            return None
        if not p.in_hand:  # a player sitting out who acts was dealt in after all
            p.in_hand = True
        if p.folded:
            self.violate("acts-after-fold", Category.LEGALITY, line, f"{name} {what} after folding")
        elif p.all_in:
            # registered as a warning: a site printing a check for an all-in player changes no chips
            self.violate(
                "acts-after-all-in", Category.LEGALITY, line, f"{name} {what} after going all-in", warning=True,
            )
        elif self.in_draw or (self.street is not None and not self.round_open and self._draw_pending()):
            self.violate(
                "act-during-draw", Category.LEGALITY, line,
                f"{name} {what} before every player has drawn",
            )
        elif not self.round_open:
            self.violate(
                "no-betting-round", Category.LEGALITY, line,
                f"{name} {what} but no betting round is open (the round was complete or the hand is over)",
            )
        else:
            expected = self.next_to_act()
            if expected != name:
                self.violate(
                    "out-of-turn", Category.LEGALITY, line,
                    f"{name} {what} out of turn: it is {expected or 'nobody'}'s turn",
                )
        return p

    def _draw_pending(self) -> bool:
        """The betting round just played is followed by a draw (never after the showdown has begun)."""
        return bool(self.variant.draw_before) and self.street in self.variant.rounds and (
            self.variant.next_round(self.street) in self.variant.draw_before
        ) and len(self.live_players()) > 1

    def _after_action(self, p: PlayerState) -> None:
        if self.in_draw:
            # a betting action during the draw was reported (act-during-draw); it neither takes a turn in the
            # draw nor starts the draw again, so the players who drew keep their place (one error, one violation)
            if p.folded and all(q.drew for q in self.live_players()):
                self._finish_draw()  # the last player yet to draw folded: the draw is over
            return
        self.last_actor = p.name
        if self.round_complete():
            self.round_open = False
            if self._draw_pending():
                self._enter_draw(0)

    def on_fold(self, e: Fold) -> None:
        p = self._player(e.player, e.line)
        if p is not None and p.all_in and not p.folded:
            # the site logs an automatic fold for an all-in player sitting out; an all-in player cannot fold,
            # and the site's own pots keep the player in: the fold is reported and has no effect
            self.violate(
                "acts-after-all-in", Category.LEGALITY, e.line,
                f"{p.name} folds after going all-in: an all-in player takes no further action (the fold is void)",
                warning=True,
            )
            self.last_actor = p.name
            return
        p = self._act(e.player, e.line, "folds")
        if p is None:
            return
        p.folded = True
        p.acted_at = self.level(p)
        if e.shown:
            self.see(tuple(c for c in e.shown if c not in p.hole), e.line, f"shown by {p.name}")
        self._after_action(p)

    def on_check(self, e: Check) -> None:
        p = self._act(e.player, e.line, "checks")
        if p is None:
            return
        if p.bet < self.level(p):
            self.violate(
                "check-facing-bet", Category.LEGALITY, e.line,
                f"{p.name} checks but owes {self.level(p) - p.bet}: a check needs nothing to call",
            )
        p.acted_at = self.level(p)
        self._after_action(p)

    def on_call(self, e: Call) -> None:
        p = self._act(e.player, e.line, "calls")
        if p is None:
            return
        owed = self.level(p) - p.bet
        if owed <= 0:
            self.violate(
                "call-nothing", Category.LEGALITY, e.line, f"{p.name} calls {e.amount} but owes nothing"
            )
        else:
            due = min(owed, self._effective_stack(p))
            if e.amount != due:
                self.violate(
                    "call-amount", Category.LEGALITY, e.line,
                    f"{p.name} owes {owed} (and has {p.stack}); a call is {due}, the log calls {e.amount}",
                )
        self._put(p, e.amount, e.line)
        self.current_bet = max(self.current_bet, p.bet)  # a call of the full big blind over a short one
        p.acted_at = self.level(p)
        self._check_all_in_flag(p, e.all_in, e.line)
        self._after_action(p)

    def on_bet(self, e: Bet) -> None:
        p = self._act(e.player, e.line, "bets")
        if p is None:
            return
        if self.current_bet > 0:
            self.violate(
                "bet-facing-bet", Category.LEGALITY, e.line,
                f"{p.name} bets but there is already a bet of {self.current_bet}: it must be a call or a raise",
            )
        all_in = e.all_in or e.amount >= self._effective_stack(p)
        problem = self.structure.bet_problem(e.amount, all_in, self.facts(p))
        if problem:
            code = "fixed-limit-size" if self.hand.structure == Structure.FIXED_LIMIT else "bet-size"
            self.violate(code, Category.LEGALITY, e.line, problem)
        facts = self.facts(p)
        self._put(p, e.amount, e.line)
        increment = p.bet - self.current_bet
        if self.hand.structure == Structure.FIXED_LIMIT:
            self._fixed_limit_level(p, facts)
        elif self.current_bet == 0 or self.structure.is_full_raise(increment, facts):
            floor = self.big_blind if self.current_bet == 0 else self.last_raise
            self.last_raise = max(increment, floor)
            self.raises += 1
        self.current_bet = max(self.current_bet, p.bet)
        p.acted_at = self.level(p)
        self._check_all_in_flag(p, e.all_in, e.line)
        self._after_action(p)

    def on_raise(self, e: Raise) -> None:
        p = self._act(e.player, e.line, "raises")
        if p is None:
            return
        facts = self.facts(p)
        increment = e.to - facts.current_bet
        written = e.to - self.current_bet  # the site writes "raises X to Y" with X over the highest bet made
        if self.current_bet == 0:
            self.violate(
                "raise-without-bet", Category.STRUCTURE, e.line,
                f"{p.name} raises but there is no bet to raise: it is a bet", warning=True,
            )
        if e.by != written and e.by != increment:
            self.violate(
                "raise-increment", Category.STRUCTURE, e.line,
                f"'raises {e.by} to {e.to}' but the bet was {self.current_bet}, so the raise is by {written}",
                warning=True,
            )
        if (
            p.acted_at is not None
            and not p.all_in
            and facts.current_bet - p.acted_at < self.last_raise
            and not self.structure.is_full_raise(facts.current_bet - p.acted_at, facts)
        ):
            self.violate(
                "raise-not-reopened", Category.LEGALITY, e.line,
                f"{p.name} re-raises after acting, but only an incomplete all-in raise came since:"
                " the betting was not reopened (call or fold only)",
            )
        put = e.to - p.bet
        all_in = e.all_in or e.cap_reached or put >= self._effective_stack(p)
        problem = self.structure.raise_problem(e.to, all_in, facts)
        if problem:
            code = "raise-size"
            if self.hand.structure == Structure.FIXED_LIMIT:
                code = "raise-cap" if "capped" in problem else "fixed-limit-size"
            self.violate(code, Category.LEGALITY, e.line, problem)
        self._put(p, put, e.line)
        if self.hand.structure == Structure.FIXED_LIMIT:
            self._fixed_limit_level(p, facts)
        elif self.structure.is_full_raise(increment, facts):
            self.last_raise = increment
            self.raises += 1
        self.current_bet = max(self.current_bet, p.bet)
        p.acted_at = self.level(p)
        self._check_all_in_flag(p, e.all_in, e.line, capped=e.cap_reached)
        self._after_action(p)

    def _fixed_limit_level(self, p: PlayerState, facts: RoundFacts) -> None:
        """Fixed limit: a bet or raise that reaches a full unit over the last complete level makes a new level and
        counts toward the cap; an all-in for less does neither (the next raise completes it)."""
        self.last_raise = facts.bet_unit
        if p.bet >= self.full_level + facts.bet_unit:
            self.full_level = p.bet
            self.raises += 1

    def on_discard(self, e: Discard | StandPat) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        count = e.count if isinstance(e, Discard) else 0
        what = f"discards {count}" if count else "stands pat"
        if not self.variant.draw_before:
            self.violate("draw-not-in-game", Category.STRUCTURE, e.line, f"{self.variant.name} has no draw")
            return
        if not self.in_draw:
            due = self._draw_pending()
            self._close_round(e.line, f"{p.name}'s draw")
            if not due:
                self.violate(
                    "draw-out-of-place", Category.STRUCTURE, e.line, f"{p.name} {what} where no draw is due"
                )
            self._enter_draw(e.line)
        if p.folded:
            self.violate("acts-after-fold", Category.LEGALITY, e.line, f"{p.name} {what} after folding")
        elif p.drew:
            self.violate("draws-twice", Category.LEGALITY, e.line, f"{p.name} draws twice in one draw")
        else:
            expected = self._next_drawer()
            if expected != p.name:
                self.violate(
                    "out-of-turn", Category.LEGALITY, e.line,
                    f"{p.name} {what} out of turn: it is {expected or 'nobody'}'s turn to draw",
                )
        limit = self.variant.max_discard or self.rules.max_discard
        if count > limit:
            self.violate(
                "draw-too-many", Category.LEGALITY, e.line,
                f"{p.name} discards {count} cards; at most {limit} may be replaced",
            )
        cards = e.cards if isinstance(e, Discard) else ()
        if isinstance(e, Discard) and cards:
            if len(cards) != count:
                self.violate(
                    "discard-count", Category.CARDS, e.line,
                    f"{p.name} discards {count} cards but {len(cards)} are listed",
                )
            if p.hole:
                foreign = [c for c in cards if c not in p.hole]
                if foreign:
                    self.violate(
                        "discard-not-held", Category.CARDS, e.line,
                        f"{p.name} discards {' '.join(foreign)}, which they were not holding",
                    )
            self.discarded.update(cards)
        if count:
            self.pending_draw[p.name] = count
            self.deck_used += count
        p.drew = True
        self.last_actor = p.name
        if all(q.drew for q in self.live_players()):
            self._finish_draw()

    def _finish_draw(self) -> None:
        street = self.street or Street.PREFLOP
        nxt = self.variant.next_round(street) if street in self.variant.rounds else None
        self.in_draw = False
        if nxt is not None:
            self._start_round(nxt, 0)

    def on_uncalled(self, e: UncalledBet) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        owing = next((o for o in self.owed_back if o[0] == p.name), None)
        if owing is not None and p.bet <= 0:
            # some logs (converted ones) print the return after the next street or the showdown has begun
            self.owed_back.remove(owing)
            owed = owing[1]
            if e.amount != owed:
                self.violate(
                    "uncalled-bet", Category.ACCOUNTING, e.line,
                    f"{owed} of {p.name}'s bet was not called and should be returned, the log returns {e.amount}",
                )
            back = min(e.amount, owed)
            p.stack += back
            p.committed -= back
            return
        excess = self._excess_of(p)
        second = p.bet - excess
        if excess <= 0:
            top = max(self.players.values(), key=lambda q: q.bet)
            self.violate(
                "uncalled-bet", Category.ACCOUNTING, e.line,
                f"{e.amount} is returned to {p.name}, but {p.name}'s bet of {p.bet} was called"
                + (f"; the uncalled bet is {top.name}'s" if top.bet > p.bet else ""),
            )
        elif e.amount != excess:
            self.violate(
                "uncalled-bet", Category.ACCOUNTING, e.line,
                f"{p.name} bet {p.bet} and was called for {second}: {excess} should be returned, the log returns"
                f" {e.amount}",
            )
        # only chips the player put in and nobody can call come back: a larger return is reported above and
        # applied no further (chips cannot come out of nowhere)
        back = max(min(e.amount, max(p.bet, excess)), ZERO)
        p.bet = max(p.bet - back, ZERO)
        p.stack += back
        p.committed -= back

    def on_show(self, e: Show) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        if len(e.cards) > self.variant.max_showdown_cards:
            self.violate(
                "shown-count", Category.CARDS, e.line,
                f"{p.name} shows {len(e.cards)} cards; a {self.variant.name} hand has"
                f" {self.variant.max_showdown_cards}",
            )
        if p.hole:
            foreign = [c for c in e.cards if c not in p.hole]
            if foreign:
                self.violate(
                    "shown-mismatch", Category.CARDS, e.line,
                    f"{p.name} shows {' '.join(foreign)} but holds {' '.join(p.hole)}",
                )
        else:
            self.see(e.cards, e.line, f"shown by {p.name}")
            p.hole = list(e.cards)
        p.shown = e.cards

    def on_muck(self, e: Muck) -> None:
        self._player(e.player, e.line)

    def on_collect(self, e: Collect) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        self._close_round(e.line, "the pot is awarded")
        self._check_uncalled_done(e.line)
        if p.folded:
            self.violate(
                "collect-by-folded", Category.SHOWDOWN, e.line, f"{p.name} folded but collects {e.amount}"
            )
        p.collected += e.amount
        self.collects.append(e)

    def on_cash_out(self, e: CashOut) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        p.cashed_out = e.amount
        p.collected += e.amount

    def on_cancelled(self, e: HandCancelled) -> None:
        """A cancelled hand is void: every chip put in goes back to its owner and nobody wins or loses."""
        self.cancelled = True
        for p in self.players.values():
            p.stack += p.committed
            p.committed = ZERO
            p.bet = ZERO

    def _uncalled_excess(self) -> tuple[PlayerState, Decimal] | None:
        """The live player whose bet this round nobody matched, and by how much."""
        ranked = sorted(self.players.values(), key=lambda q: q.bet, reverse=True)
        # only a player still in the hand gets chips back: a folded player's bet is dead money
        if len(ranked) >= 2 and ranked[0].bet > ranked[1].bet and ranked[0].live and not self.cancelled:
            return ranked[0], self._excess_of(ranked[0])
        return None

    def _excess_of(self, p: PlayerState) -> Decimal:
        """How much of ``p``'s money nobody matched: the part of the bet over the next highest bet, or more when
        the others put in less altogether (an opponent all-in for an ante can match only that ante)."""
        others = [q for q in self.players.values() if q is not p]
        over_bets = p.bet - max((q.bet for q in others), default=ZERO)
        # antes are matched by antes only: a lone ante (the big blind ante) is dead money, never uncalled
        over_live = (p.committed - p.ante - p.dead) - max((q.committed - q.ante - q.dead for q in others),
                                                          default=ZERO)
        anted = [q.ante for q in others if q.ante > 0]
        over_ante = p.ante - max(anted) if anted else ZERO
        return max(over_bets, max(over_live, ZERO) + max(over_ante, ZERO))

    def _sweep_uncalled(self, line: int) -> None:
        """A round ends: an unmatched excess is owed back (the log may print its return a little later)."""
        found = self._uncalled_excess()
        if found is not None:
            player, excess = found
            player.bet = max(player.bet - excess, ZERO)  # not in the swept pot; ``committed`` keeps it until returned
            self.owed_back.append((player.name, excess, line))

    def _check_uncalled_done(self, line: int) -> None:
        """Before the pot is awarded, any bet nobody called must have been returned."""
        if self.uncalled_checked:
            return
        self.uncalled_checked = True
        found = self._uncalled_excess()
        if found is not None:
            player, excess = found
            player.bet = max(player.bet - excess, ZERO)
            self.owed_back.append((player.name, excess, line))
        while self.owed_back:
            self._settle_owed_back()

    def _settle_owed_back(self) -> None:
        """An uncalled excess never returned by a line: accepted when the site's total shows the return (old
        logs print no "Uncalled bet" line at all), else a violation."""
        name, excess, due = self.owed_back.pop(0)  # ``due``: where the return should have come, at the latest
        top = self.players[name]
        stated = self.hand.summary.total_pot
        in_pot = sum((q.committed for q in self.players.values()), ZERO)
        shown_by_total = stated is not None and stated + (self.hand.summary.stp or ZERO) == in_pot - excess
        if shown_by_total and not self.prints_uncalled:
            top.stack += excess
            top.committed -= excess
            self.notes.append(f"uncalled {excess} returned to {name} without a line (the total shows it)")
            return
        alone = [p.name for p in self.live_players()] == [name]
        won = sum((e.amount for e in self.hand.events if isinstance(e, Collect) and e.player == name), ZERO)
        pot = stated if stated is not None else in_pot  # a log stating no total: the collect alone says it
        if alone and pot == in_pot == won + (self.hand.summary.rake or ZERO) and not self.prints_uncalled:
            # a walk written the site's way (Winning, Bovada): no "Uncalled bet" line, the unmatched part counted in
            # the total and won back with the pot by its owner, the only player left: the same chips as a return
            self.notes.append(f"uncalled {excess} won back by {name} with the pot (the log counts it in the total)")
            return
        self.violate(
            "uncalled-not-returned", Category.ACCOUNTING, due,
            f"{excess} of {name}'s bet was not called: it should have been returned before the pot was awarded",
        )


_HANDLERS: dict[type, Callable[[Table, object], None]] = {
    Post: Table.on_post,  # type: ignore[dict-item]
    ButtonDraw: Table.on_button_draw,  # type: ignore[dict-item]
    DealHole: Table.on_deal,  # type: ignore[dict-item]
    StreetStart: Table.on_street,  # type: ignore[dict-item]
    Fold: Table.on_fold,  # type: ignore[dict-item]
    Check: Table.on_check,  # type: ignore[dict-item]
    Call: Table.on_call,  # type: ignore[dict-item]
    Bet: Table.on_bet,  # type: ignore[dict-item]
    Raise: Table.on_raise,  # type: ignore[dict-item]
    Discard: Table.on_discard,  # type: ignore[dict-item]
    StandPat: Table.on_discard,  # type: ignore[dict-item]
    UncalledBet: Table.on_uncalled,  # type: ignore[dict-item]
    Show: Table.on_show,  # type: ignore[dict-item]
    Muck: Table.on_muck,  # type: ignore[dict-item]
    Collect: Table.on_collect,  # type: ignore[dict-item]
    CashOut: Table.on_cash_out,  # type: ignore[dict-item]
    HandCancelled: Table.on_cancelled,  # type: ignore[dict-item]
}
