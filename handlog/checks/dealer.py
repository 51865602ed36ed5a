"""The dealer's errors at a live table and the remedies the house rules prescribe for them.

holdem-rules-de.txt, "Händlerfehler", and holdem-rules-fa.txt, "سایر قوانین پوکر تگزاس هولدم", say what a dealer
must do when a hole card is exposed, a flop holds too many cards or comes too early, a turn or river card is turned
before the betting was complete, or a player gets an extra card; and holdem-rules-de.txt, "Die Pleite", that a card
is burned before each board street. A site's log never records the deal itself, so these checks judge only hands
whose log does: a floor's PHH written with handlog's dealer log (docs/live-dealer-errors.md), whose words become
the events ``Burn``, ``CardExposed``, ``ExtraCard``, ``CardReplaced``, ``Misdeal``, ``Redeal``, ``BoardVoided``,
``OutOfPlay``, ``Reshuffle``, ``Cut`` and ``PlaysBoard``. A hand without them is not looked at.

Each remedy is followed through the events in order; the first step that departs from it is one violation at its
line (one error, one violation). ``RulesProfile.dealer_error_procedures`` turns the remedies off for a house that
has others; ``misdeal_exposed_cards`` and ``misdeal_extra_cards`` say which exposures and extra cards void the deal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from handlog.engine import Replay, RulesProfile, Violation
from handlog.engine.codes import violation
from handlog.events import (
    Bet,
    BoardVoided,
    Burn,
    Call,
    CardExposed,
    CardReplaced,
    Check,
    Cut,
    DealerEvent,
    ExtraCard,
    Fold,
    Misdeal,
    Muck,
    OutOfPlay,
    PlaysBoard,
    Raise,
    Redeal,
    Reshuffle,
    Street,
    StreetStart,
)
from handlog.events.model import Event

_DEALER = (
    Burn, CardExposed, ExtraCard, CardReplaced, Misdeal, Redeal, BoardVoided, OutOfPlay, Reshuffle, Cut, PlaysBoard,
)
_DEALER_KINDS = frozenset(_DEALER)
"""The dealer's events by their exact type: an event model has no subclasses (``tests/checks/test_event_kinds.py``),
and comparing types costs a set lookup where ``isinstance`` against a pydantic model costs a call per class."""
_BETTING = (Fold, Check, Call, Bet, Raise)
_BOARD = (Street.FLOP, Street.TURN, Street.RIVER)


def _dealer_logged(events: Sequence[Event]) -> bool:
    return not _DEALER_KINDS.isdisjoint(map(type, events))  # one C-level scan: most hands have none


# ---------------------------------------------------------------------- the deal: exposures, extras, misdeals


def _deals(events: Sequence[Event]) -> list[list[Event]]:
    """The hand's deals: its events cut at each ``Redeal`` (the first deal, then each new one)."""
    deals: list[list[Event]] = [[]]
    for e in events:
        if isinstance(e, Redeal):
            deals.append([])
        deals[-1].append(e)
    return deals


def _before_betting(deal: list[Event]) -> list[Event]:
    """A deal's events up to its first betting action or board street: the deal and what the dealer did about it."""
    out: list[Event] = []
    for e in deal:
        if isinstance(e, _BETTING) or (isinstance(e, StreetStart) and e.street in _BOARD):
            break
        out.append(e)
    return out


def deal_errors(replay: Replay) -> Iterator[Violation]:
    """Exposed hole cards and extra cards while dealing, and the misdeal they call for, or not
    (holdem-rules-de.txt and holdem-rules-fa.txt, as the module says)."""
    rules = replay.rules
    events = replay.hand.events
    deals = _deals(events)
    for k, deal in enumerate(deals):
        opening = _before_betting(deal)
        exposed = [e for e in opening if isinstance(e, CardExposed)]
        extras = [e for e in opening if isinstance(e, ExtraCard)]
        misdeal = next((e for e in opening if isinstance(e, Misdeal)), None)
        redealt = k + 1 < len(deals)
        cause = _misdeal_cause(exposed, extras, rules)
        if cause is not None and not redealt:
            line, why = cause
            yield violation("misdeal-not-declared", line, f"{why}: a misdeal, the cards dealt again; the deal went on")
            continue
        if cause is None and (misdeal is not None or redealt):
            line = misdeal.line if misdeal is not None else deals[k + 1][0].line
            found = _exposure_words(exposed, extras)
            yield violation(
                "redeal-not-called-for", line,
                f"a misdeal and a new deal, but {found}: the house rules call for none, the deal stands",
            )
            continue
        if redealt:
            continue  # a misdeal called for and made: the next deal is judged on its own
        later = deal[len(opening):]
        if len(exposed) == 1:
            yield from _exposed_card_remedy(exposed[0], opening, later)
        if len(extras) == 1 and extras[0].count == 1:
            yield from _extra_card_remedy(extras[0], [*opening, *later])


def _misdeal_cause(
    exposed: list[CardExposed], extras: list[ExtraCard], rules: RulesProfile
) -> tuple[int, str] | None:
    """Where and why the house rules void this deal, or None."""
    early = [e for e in exposed if e.index < rules.misdeal_exposed_cards]
    if early:
        e = early[0]
        nth = "the first card dealt" if e.index == 0 else (
            f"card {e.index + 1} of the deal (any of the first {rules.misdeal_exposed_cards} voids it)"
        )
        return e.line, f"{e.player}'s {e.card or 'card'} was exposed, {nth}"
    if len(exposed) > 1:
        return exposed[1].line, f"{len(exposed)} hole cards were exposed ({_cards(exposed)})"
    count = sum(e.count for e in extras)
    if count >= rules.misdeal_extra_cards:
        return extras[-1].line, f"{count} extra cards were dealt"
    return None


def _exposure_words(exposed: list[CardExposed], extras: list[ExtraCard]) -> str:
    if not exposed and not extras:
        return "no card was exposed and no extra card dealt"
    parts = [f"{e.player}'s {e.card or 'card'} exposed (card {e.index + 1} of the deal)" for e in exposed]
    parts += [f"{e.count} extra card to {e.player}" for e in extras]
    return " and ".join(parts)


def _cards(exposed: list[CardExposed]) -> str:
    return ", ".join(f"{e.player}'s {e.card or '?'}" for e in exposed)


def _exposed_card_remedy(e: CardExposed, opening: list[Event], later: list[Event]) -> Iterator[Violation]:
    """The exposed card is replaced by the top card once the deal is complete, then burned."""
    replaced = next(
        (r for r in opening if isinstance(r, CardReplaced) and r.player == e.player and r.card in (e.card, None)), None
    )
    if replaced is None:
        yield violation(
            "exposed-card-kept", e.line,
            f"{e.player}'s exposed {e.card or 'card'} was kept: once the deal is complete it is replaced by the top"
            " card of the deck",
        )
        return
    after = opening[opening.index(replaced) + 1:] + later
    burn = next((b for b in after if isinstance(b, Burn)), None)
    if burn is not None and burn.card is not None and e.card is not None and burn.card != e.card:
        yield violation(
            "exposed-card-kept", burn.line,
            f"the burn card is {burn.card}; the exposed {e.card} taken back from {e.player} is the burn card",
        )


def _extra_card_remedy(e: ExtraCard, events: list[Event]) -> Iterator[Violation]:
    """One extra card goes back to the deck as the next burn card."""
    start = events.index(e) + 1
    burn = next((b for b in events[start:] if isinstance(b, Burn)), None)
    card = e.cards[0] if e.cards else None
    if burn is not None and burn.card is not None and card is not None and burn.card != card:
        yield violation(
            "extra-card-procedure", burn.line,
            f"the burn card is {burn.card}; the extra {card} dealt to {e.player} goes back as the burn card",
        )


# ---------------------------------------------------------------------- the board: burns, redeals, premature cards


@dataclass
class _Board:
    """The board as dealt so far, with the burns and reshuffles since the last street."""

    streets: int = 0  # board streets dealt: flop 1, turn 2, river 3
    burned: list[str] = field(default_factory=list)  # every known burn card
    burns_since: list[Burn] = field(default_factory=list)
    remedy: _Remedy | None = None


@dataclass
class _Remedy:
    """A remedy under way: what the house rules still ask for before (and at) the next board street."""

    code: str
    voided: BoardVoided
    voided_at: int  # the board street the voided cards stood for: 1 flop, 2 turn, 3 river
    no_burn_at: int  # the board street turned after the reshuffle and cut, without a burn
    shuffled: Reshuffle | None = None
    cut: bool = False
    actions_after: bool = False  # betting went on after the cards were turned: they came too early


def board_errors(replay: Replay) -> Iterator[Violation]:
    """Burns before the board streets, and the remedies for a flop, turn or river turned in error."""
    board = _Board()
    deal = _deals(replay.hand.events)[-1]
    for e in deal:
        if isinstance(e, Burn):
            yield from _on_burn(board, e)
        elif isinstance(e, BoardVoided):
            at = board.streets + 1
            code = "flop-redeal-procedure" if at == 1 else "premature-card-procedure"
            board.remedy = _Remedy(code, e, voided_at=at, no_burn_at=1 if at == 1 else 3)
        elif isinstance(e, Reshuffle):
            yield from _on_reshuffle(board, e)
        elif isinstance(e, Cut):
            if board.remedy is not None:
                board.remedy.cut = True
        elif isinstance(e, _BETTING):
            if board.remedy is not None and board.streets + 1 == board.remedy.voided_at:
                board.remedy.actions_after = True
        elif isinstance(e, StreetStart) and e.street in _BOARD and e.run in (None, 1):
            yield from _on_street(board, e)


def _on_burn(board: _Board, e: Burn) -> Iterator[Violation]:
    remedy = board.remedy
    if remedy is not None and board.streets + 1 == remedy.no_burn_at:
        yield violation(
            remedy.code, e.line,
            f"a card burned before the {_name(remedy.no_burn_at)} turned again: the burn card of the first stays on"
            " the table, and after the reshuffle and cut the card is turned without a burn",
        )
    board.burns_since.append(e)
    if e.card is not None:
        board.burned.append(e.card)


def _on_reshuffle(board: _Board, e: Reshuffle) -> Iterator[Violation]:
    remedy = board.remedy
    if remedy is None:
        return
    back = [c for c in e.cards if c in board.burned]
    if back:
        yield violation(
            remedy.code, e.line,
            f"the burn card {' '.join(back)} was shuffled back into the deck: the burn cards stay out",
        )
    missing = [c for c in remedy.voided.cards if c not in e.cards]
    if e.cards and missing:
        yield violation(
            remedy.code, e.line,
            f"{' '.join(missing)}, taken back from the board, was not shuffled back into the deck",
        )
    remedy.shuffled = e


def _on_street(board: _Board, e: StreetStart) -> Iterator[Violation]:
    board.streets += 1
    at = board.streets
    remedy = board.remedy
    burns, board.burns_since = board.burns_since, []
    if remedy is None:
        if not burns:
            yield violation("burn-missing", e.line, f"the {_name(at)} was turned without a card burned before it")
        return
    if at < remedy.no_burn_at:  # after a premature turn card: the turn is burned and turned as usual
        yield from _turn_after_premature_card(remedy, e, burns)
        return
    board.remedy = None
    yield from _turned_again(remedy, e, at)


def _turn_after_premature_card(remedy: _Remedy, e: StreetStart, burns: list[Burn]) -> Iterator[Violation]:
    voided = remedy.voided
    if not remedy.actions_after:
        yield violation(
            remedy.code, voided.line,
            f"{' '.join(voided.cards) or 'the card'} was taken out of play, but the betting was complete when it was"
            " turned: it was the turn",
        )
        return
    if not burns:
        yield violation(
            remedy.code, e.line,
            "after a premature turn card the dealer burns a card and turns the next as the turn; no card was burned",
        )
    reused = set(e.cards) & set(voided.cards)
    if reused:
        yield violation(
            remedy.code, e.line,
            f"{' '.join(sorted(reused))} was taken out of play for this round, yet turned as the turn",
        )


def _turned_again(remedy: _Remedy, e: StreetStart, at: int) -> Iterator[Violation]:
    """The street turned after the reshuffle and cut (the flop again, or the river after a premature card)."""
    voided = remedy.voided
    justified = remedy.actions_after or remedy.voided_at == 2 or (at == 1 and voided.count > 3)
    if not justified:
        what = "it had three cards and " if at == 1 else ""
        yield violation(
            remedy.code, voided.line,
            f"{' '.join(voided.cards) or 'the card'} was taken back, but {what}the betting was complete when it was"
            " turned",
        )
        return
    if remedy.shuffled is None:
        yield violation(
            remedy.code, e.line,
            f"the {_name(at)} was turned without the deck shuffled again with {' '.join(voided.cards) or 'the cards'}"
            " taken back",
        )
    elif not remedy.cut:
        yield violation(remedy.code, e.line, f"the deck was not cut before the {_name(at)} was turned")


def _name(street: int) -> str:
    return {1: "flop", 2: "turn", 3: "river"}.get(street, "board card")


# ---------------------------------------------------------------------- playing the board


def board_play(replay: Replay) -> Iterator[Violation]:
    """A player who plays the board declares it before throwing the cards away (holdem-rules-fa.txt)."""
    mucked: set[str] = set()
    for e in replay.hand.events:
        if isinstance(e, Muck):
            mucked.add(e.player)
        elif isinstance(e, PlaysBoard) and e.player in mucked:
            yield violation(
                "board-play-undeclared", e.line,
                f"{e.player} declared playing the board after throwing the cards away: the declaration comes first",
            )


def dealer_checks(replay: Replay) -> Iterator[Violation]:
    """Every dealer check, for a hand whose log records the deal, under a house that holds these remedies."""
    if not replay.rules.dealer_error_procedures or not _dealer_logged(replay.hand.events):
        return
    yield from deal_errors(replay)
    yield from board_errors(replay)
    yield from board_play(replay)


CHECKS: list[Callable[[Replay], Iterator[Violation]]] = [dealer_checks]

__all__ = ["CHECKS", "DealerEvent", "board_errors", "board_play", "deal_errors", "dealer_checks"]
