"""The replayer's view-model: a hand as a JSON-serialisable list of table states, computed from the replay.

Both views (the terminal and the HTML page) draw only from what this module builds, and this module reads only
the engine's replay: the table after every event (``Step.state``), the cards the table knows
(``Replay.reveals``), the pots the engine builds (``build_pots``), the settled pots with their winners and the
violations of the audit. The log is never read a second time. Amounts are display-ready decimal strings
(exact, never floats); the currency symbol is given once per hand.

States are made for the events a player would see at a table (posts, deals, streets, actions, draws,
returns, shows, collects); chat and status lines become a state only when a violation happened there. A first
state shows the table before any chip moved and a last one the settled pots and results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import TypedDict

from handlog.audit import Audit, audit
from handlog.engine import Replay, RulesProfile, SeatView, Step, TableView, Violation
from handlog.engine.pots import build_pots
from handlog.engine.variants import variant_for
from handlog.engine.views import Pot
from handlog.events import (
    Bet,
    BoardVoided,
    Burn,
    Call,
    CardExposed,
    CardReplaced,
    CashOut,
    Chat,
    Check,
    Collect,
    Cut,
    DealHole,
    Discard,
    Event,
    ExtraCard,
    Fold,
    Hand,
    HandCancelled,
    Misdeal,
    Muck,
    Notice,
    OutOfPlay,
    PlaysBoard,
    Post,
    Raise,
    Redeal,
    Reshuffle,
    Show,
    StandPat,
    StatusChange,
    Street,
    StreetStart,
    UncalledBet,
)
from handlog.reading import HandRecord
from handlog.stats.positions import positions

SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$", "AUD": "A$", "INR": "₹", "CNY": "¥"}
QUIET_EVENTS = (Chat, StatusChange, Notice)
"""Events that change nothing at the table: a state only when a violation happened on their line."""


class DrawView(TypedDict):
    count: int  # cards discarded (0: stood pat)
    discarded: list[str]  # the discarded cards when the log shows them
    received: list[str]  # the cards drawn when the log shows them


class SeatState(TypedDict):
    stack: str
    bet: str  # the bet in front of the player on this round; "" when there is none
    cards: list[str]
    folded: bool
    all_in: bool
    in_hand: bool
    draw: DrawView | None


class PotView(TypedDict):
    name: str
    amount: str
    eligible: list[str]
    winners: list[str]


class ActionView(TypedDict):
    player: str | None
    kind: str
    text: str


class ViolationView(TypedDict):
    code: str
    severity: str
    category: str
    line: int
    message: str
    state: int  # index of the state where it happened


class StateView(TypedDict):
    step: int  # the engine's step index; -1 before the first event; len(steps) for the settled hand
    line: int
    street: str
    label: str
    board: list[str]
    board2: list[str]
    seats: list[SeatState]  # aligned with ``HandView["seats"]``
    pot: str  # everything put in so far, bets in front included
    pots: list[PotView]  # main and side pots in the middle (bets in front not yet swept in)
    to_act: str | None
    action: ActionView | None
    violations: list[ViolationView]
    dealt: bool  # the hole cards have been dealt (unknown ones are drawn face down)


class SeatInfo(TypedDict):
    seat: int
    name: str
    position: str


class ResultView(TypedDict):
    player: str
    committed: str
    collected: str
    net: str


class HandView(TypedDict):
    hand_id: str
    file: str
    line: int
    site: str
    game: str
    game_name: str
    structure: str
    stakes: str
    currency: str
    symbol: str
    table: str
    time: str
    max_seats: int
    button: int | None
    hole_cards: int  # cards each player holds in this game (0 when it is not replayed)
    status: str  # clean, violations, unparsed, not-replayed
    error: str | None
    notes: list[str]
    seats: list[SeatInfo]
    states: list[StateView]
    violations: list[ViolationView]
    results: list[ResultView]


# ---------------------------------------------------------------------------------------------- formatting
def amount_text(amount: Decimal) -> str:
    """An exact amount for display: whole numbers with thousands separators, otherwise at least two places."""
    if amount == amount.to_integral_value():
        return f"{amount:,.0f}"
    exponent = amount.normalize().as_tuple().exponent
    places = max(2, -exponent) if isinstance(exponent, int) else 2
    return f"{amount:,.{places}f}"


def money(amount: Decimal, symbol: str) -> str:
    if amount.is_infinite():  # a stack the log does not state (a player who joined during the hand: ``engine.state``)
        return "?"
    sign = "-" if amount < 0 else ""
    return f"{sign}{symbol}{amount_text(abs(amount))}"


def symbol_for(currency: str) -> str:
    """The prefix amounts are shown with: a currency sign, nothing for chips and play money."""
    if currency in ("CHIPS", "PLAY", ""):
        return ""
    return SYMBOLS.get(currency, f"{currency} ")


def cards_text(cards: Sequence[str]) -> str:
    return "[" + " ".join(cards) + "]"


def describe(event: Event, symbol: str) -> ActionView:
    """What the event did, in a table's words (amounts as the log gives them)."""
    player = getattr(event, "player", None)

    def m(amount: Decimal) -> str:
        return money(amount, symbol)

    text: str
    all_in = " and is all-in" if getattr(event, "all_in", False) else ""
    match event:
        case Post():
            text = f"posts {event.post.value.replace('_', ' ')} {m(event.amount)}{all_in}"
        case DealHole():
            text = f"draws {cards_text(event.new)}, keeps {cards_text(event.cards)}" if event.new else (
                f"is dealt {cards_text(event.cards)}"
            )
        case StreetStart() if event.street == Street.PREFLOP:
            text = "the cards are dealt"
        case StreetStart():
            name = event.street.value.replace("_", " ").capitalize()
            run = {1: "first ", 2: "second "}.get(event.run or 0, "")
            text = f"{run}{name}".capitalize() + (f" {cards_text(event.cards)}" if event.cards else "")
        case Fold():
            text = "folds" + (f" {cards_text(event.shown)}" if event.shown else "")
        case Check():
            text = "checks"
        case Call():
            text = f"calls {m(event.amount)}{all_in}"
        case Bet():
            text = f"bets {m(event.amount)}{all_in}"
        case Raise():
            text = f"raises {m(event.by)} to {m(event.to)}{all_in}"
        case Discard():
            text = f"discards {event.count}" + (f" {cards_text(event.cards)}" if event.cards else "")
        case StandPat():
            text = "stands pat"
        case UncalledBet():
            text = f"gets {m(event.amount)} back (uncalled)"
        case Show():
            text = f"shows {cards_text(event.cards)}" + (f" ({event.description})" if event.description else "")
        case Muck():
            text = "mucks" if event.announced else "does not show"
        case Collect():
            run = f" (run {event.run})" if event.run else ""
            text = f"collects {m(event.amount)} from the {event.pot}{run}"
        case CashOut():
            text = f"cashes out {m(event.amount)}"
        case HandCancelled():
            text = "the hand is cancelled"
        case Chat():
            text = f"says {event.text!r}"
        case StatusChange():
            text = event.status.value.replace("_", " ")
        case Notice():
            text = event.text
        case Burn():
            text = f"the dealer burns {cards_text((event.card,)) if event.card else 'a card'}"
        case CardExposed():
            card = cards_text((event.card,)) if event.card else "a card"
            text = f"has {card} exposed (card {event.index + 1} of the deal)"
        case ExtraCard():
            text = f"is dealt {event.count} extra card(s)" + (f" {cards_text(event.cards)}" if event.cards else "")
        case CardReplaced():
            new = cards_text((event.new,)) if event.new else "the top card"
            text = f"gets {new} in place of the exposed {cards_text((event.card,))}"
        case Misdeal():
            text = "misdeal"
        case Redeal():
            text = "the cards are dealt again"
        case BoardVoided():
            text = f"board cards turned in error: {cards_text(event.cards) if event.cards else event.count}"
        case OutOfPlay():
            text = f"out of play: {cards_text(event.cards)}"
        case Reshuffle():
            text = "the deck is shuffled again" + (f" with {cards_text(event.cards)}" if event.cards else "")
        case Cut():
            text = "the deck is cut"
        case PlaysBoard():
            text = "plays the board"
        case _:  # pragma: no cover - every event kind is listed above
            text = event.kind
    return {"player": player, "kind": event.kind, "text": text}


def street_label(street: Street, drawing: bool, draw_game: bool) -> str:
    if drawing:
        return "Draw"
    if draw_game:
        return {
            Street.PREFLOP: "Before the draw",
            Street.DRAW_1: "After the draw",
            Street.DRAW_2: "After the second draw",
            Street.DRAW_3: "After the third draw",
        }.get(street, street.value.capitalize())
    return street.value.replace("_", " ").capitalize()


def pot_views(pots: Sequence[Pot], symbol: str) -> list[PotView]:
    many = len(pots) > 1
    return [
        {
            "name": ("Main pot" if many else "Pot") if i == 0 else f"Side pot {i}",
            "amount": money(p.amount, symbol),
            "eligible": list(p.eligible),
            "winners": list(p.winners),
        }
        for i, p in enumerate(pots)
    ]


def middle_pots(view: TableView) -> list[Pot]:
    """The pots in the middle after a step: what each player put in, less the bet still in front of them,
    layered by the engine's own ``build_pots``."""
    live = {s.player for s in view.players if s.in_hand and not s.folded}
    swept = {
        s.player: s.committed - s.bet for s in view.players if s.committed - s.bet > 0 or s.player in live
    }
    return build_pots(swept, live)


# ---------------------------------------------------------------------------------------------- building
class _Builder:
    """Turns one audited replay into states (one pass over the steps)."""

    def __init__(self, hand: Hand, result: Audit) -> None:
        self.hand = hand
        self.rp: Replay = result.replay
        self.violations = result.violations
        self.symbol = symbol_for(hand.currency)
        first = self.rp.steps[0].state if self.rp.steps else None
        self.names = [s.player for s in first.players] if first else [s.player for s in hand.seats]
        self.seat_of = {s.player: s.seat for s in hand.seats}
        labels = positions(hand)
        self.seats: list[SeatInfo] = [
            {"seat": self.seat_of.get(n, 0), "name": n, "position": labels.get(n, "")} for n in self.names
        ]
        self.draws: dict[str, DrawView] = {}
        self.dealt = False
        variant = variant_for(hand.game)
        self.draw_game = variant is not None and bool(variant.draw_before)

    def seat_states(self, view: TableView, holes: dict[str, tuple[str, ...]]) -> list[SeatState]:
        by_name = {s.player: s for s in view.players}
        return [self._seat(by_name[n], holes.get(n, ())) for n in self.names if n in by_name]

    def _seat(self, s: SeatView, cards: tuple[str, ...]) -> SeatState:
        return {
            "stack": money(s.stack, self.symbol),
            "bet": money(s.bet, self.symbol) if s.bet else "",
            "cards": list(cards),
            "folded": s.folded,
            "all_in": s.all_in,
            "in_hand": s.in_hand,
            "draw": self.draws.get(s.player),
        }

    def _track_draw(self, event: Event) -> None:
        """Each player's latest draw: what they threw and, when the log shows it, what they got."""
        if isinstance(event, Discard | StandPat):
            count = event.count if isinstance(event, Discard) else 0
            self.draws[event.player] = {"count": count, "discarded": list(event.cards if count else ()),
                                        "received": []}
        elif isinstance(event, DealHole) and event.player in self.draws and not self.draws[event.player]["received"]:
            drew = self.draws[event.player]
            received = event.new or (event.cards if drew["count"] == len(event.cards) else ())
            if received:
                self.draws[event.player] = {**drew, "received": list(received)}

    def build(self) -> list[StateView]:
        steps = self.rp.steps
        if not steps:
            return []
        flagged = {v.line for v in self.violations}
        states: list[StateView] = [self._initial(steps[0])]
        for i, step in enumerate(steps):
            self._track_draw(step.event)
            self.dealt = self.dealt or isinstance(step.event, DealHole | StreetStart)
            if isinstance(step.event, QUIET_EVENTS) and step.event.line not in flagged:
                continue
            states.append(self._state(i, step))
        states.append(self._final(len(steps), steps[-1]))
        return states

    def _holes(self, i: int) -> dict[str, tuple[str, ...]]:
        return dict(self.rp.reveals[i].holes) if i < len(self.rp.reveals) else {}

    def _initial(self, first: Step) -> StateView:
        """The table before the first event: every stack whole (what the first event took is put back)."""
        view = first.state
        seats: list[SeatState] = []
        by_name = {s.player: s for s in view.players}
        for n in self.names:
            s = by_name[n]
            seats.append({
                "stack": money(s.stack + s.committed, self.symbol), "bet": "",
                "cards": [], "folded": False, "all_in": False, "in_hand": s.in_hand, "draw": None,
            })
        return {
            "step": -1, "line": self.hand.line, "street": Street.PREFLOP.value, "label": "Seats",
            "board": [], "board2": [], "seats": seats, "pot": money(Decimal(0), self.symbol), "pots": [],
            "to_act": None, "action": None, "violations": [], "dealt": False,
        }

    def _state(self, i: int, step: Step) -> StateView:
        view = step.state
        reveal = self.rp.reveals[i] if i < len(self.rp.reveals) else None
        drawer = reveal.drawer if reveal else None
        drawing = drawer is not None or isinstance(step.event, Discard | StandPat)
        return {
            "step": i,
            "line": step.event.line,
            "street": view.street.value,
            "label": street_label(view.street, drawing, self.draw_game),
            "board": list(view.board),
            "board2": list(reveal.board2) if reveal else [],
            "seats": self.seat_states(view, self._holes(i)),
            "pot": money(view.pot, self.symbol),
            "pots": pot_views(middle_pots(view), self.symbol),
            "to_act": view.to_act or drawer,
            "action": describe(step.event, self.symbol),
            "violations": [],
            "dealt": self.dealt,
        }

    def _paid(self, view: TableView) -> TableView:
        """The table once the pots are pushed: each stack with what its player collected."""
        results = self.rp.results
        players = tuple(
            replace(s, stack=s.stack + results[s.player].collected) if s.player in results else s
            for s in view.players
        )
        return replace(view, players=players)

    def _final(self, n: int, last: Step) -> StateView:
        """The settled hand: the engine's pots with their winners, stacks with what was collected, the results."""
        view = last.state
        rp = self.rp
        board2 = list(rp.boards[1]) if len(rp.boards) > 1 else []
        won = [f"{r.player} {'+' if r.net > 0 else ''}{money(r.net, self.symbol)}" for r in rp.results.values()
               if r.net]
        text = "the hand is cancelled: every chip goes back" if rp.cancelled else "result: " + (", ".join(won) or
                                                                                              "no chips changed hands")
        if rp.rake and not rp.cancelled:
            text += f"; rake {money(rp.rake, self.symbol)}"
        return {
            "step": n,
            "line": self.hand.summary.line or last.event.line,
            "street": Street.SHOWDOWN.value,
            "label": "Result",
            "board": list(rp.boards[0]) if rp.boards else list(view.board),
            "board2": board2,
            "seats": self.seat_states(self._paid(view), self._holes(n - 1)),
            "pot": money(view.pot, self.symbol),
            "pots": pot_views(rp.pots, self.symbol),
            "to_act": None,
            "action": {"player": None, "kind": "result", "text": text},
            "violations": [],
            "dealt": self.dealt,
        }


def _violation_view(v: Violation, state: int) -> ViolationView:
    return {
        "code": v.code, "severity": v.severity.value, "category": v.category.value, "line": v.line,
        "message": v.message, "state": state,
    }


def _place_violations(states: list[StateView], violations: Sequence[Violation]) -> list[ViolationView]:
    """Each violation goes to the state of the event on its line; a line before the first event to the first
    state, one between events to the last state before it, one after every event (the summary) to the last."""
    out: list[ViolationView] = []
    event_states = [(k, s) for k, s in enumerate(states) if 0 <= s["step"] < states[-1]["step"]]
    by_line: dict[int, int] = {}
    for k, s in event_states:
        by_line.setdefault(s["line"], k)
    last_line = event_states[-1][1]["line"] if event_states else 0
    for v in violations:
        if v.line in by_line:
            k = by_line[v.line]
        elif not event_states or v.line > last_line:
            k = len(states) - 1
        else:
            k = max((k for k, s in event_states if s["line"] <= v.line), default=0)
        view = _violation_view(v, k)
        states[k]["violations"].append(view)
        out.append(view)
    return out


def _stakes(hand: Hand, symbol: str) -> str:
    s = hand.stakes
    text = f"{money(s.small, symbol)}/{money(s.big, symbol)}"
    if s.ante:
        text += f" ante {money(s.ante, symbol)}"
    return text


def hand_view(hand: Hand, rules: RulesProfile | None = None) -> HandView:
    """The replay of ``hand`` as states (see the module docstring)."""
    result = audit(hand, rules, full=True)
    builder = _Builder(hand, result)
    states = builder.build() if result.replay.supported else []
    if states:
        violations = _place_violations(states, result.violations)
    else:
        violations = [_violation_view(v, -1) for v in result.violations]
    symbol = builder.symbol
    variant = variant_for(hand.game)
    status = result.status if result.replay.supported else "not-replayed"
    return {
        "hand_id": hand.hand_id,
        "file": hand.file,
        "line": hand.line,
        "site": hand.site,
        "game": hand.game.value,
        "game_name": hand.game_name,
        "structure": hand.structure.value,
        "stakes": _stakes(hand, symbol),
        "currency": hand.currency,
        "symbol": symbol,
        "table": hand.table,
        "time": hand.time_local,
        "max_seats": max([hand.max_seats or 0, len(hand.seats), *(s.seat for s in hand.seats)]),
        "button": hand.button,
        "hole_cards": variant.hole_cards if variant is not None else 0,
        "status": status,
        "error": None,
        "notes": list(result.replay.notes),
        "seats": builder.seats,
        "states": states,
        "violations": violations,
        "results": [
            {"player": r.player, "committed": money(r.committed, symbol), "collected": money(r.collected, symbol),
             "net": money(r.net, symbol)}
            for r in result.replay.results.values()
        ],
    }


def record_view(record: HandRecord, rules: RulesProfile | None = None) -> HandView:
    """A hand as read: its replay, or for a hand that did not parse, where and why (no states)."""
    if record.hand is not None:
        try:
            view = hand_view(record.hand, rules)
        except Exception as exc:  # noqa: BLE001 - a bug must cost one hand, shown as such, never the whole file
            return _empty(record, "not-replayed", f"handlog could not draw this hand ({type(exc).__name__}: {exc});"
                                                  " please report it")
        view["file"] = record.file
        return view
    return _empty(record, "unparsed", record.error.describe(record.file) if record.error is not None else "unparsed")


def _empty(record: HandRecord, status: str, error: str) -> HandView:
    """A hand with nothing to draw, and why."""
    return {
        "hand_id": record.hand_id or "?", "file": record.file, "line": record.line, "site": record.site,
        "game": record.game or "", "game_name": record.game or "", "structure": record.structure or "",
        "stakes": "", "currency": "", "symbol": "", "table": "", "time": "", "max_seats": 0, "button": None,
        "hole_cards": 0, "status": status, "error": error, "notes": [], "seats": [], "states": [], "violations": [],
        "results": [],
    }
