"""Showdown checks: each pot goes to its best eligible hand(s), ties split evenly, the showdown in order.

Only hands that were shown are judged: a player who mucks concedes, and cards never shown are not held
against the log. Hands are ranked by the variant's evaluator (phevaluator for high hands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import cast

from handlog.checks.accounting import collected_excess
from handlog.engine import Category, Replay, Severity, Violation
from handlog.engine.dealing import StudDealing, TwoBoardDealing, strategy_for
from handlog.engine.pots import smallest_unit
from handlog.engine.replay import pot_index
from handlog.engine.rules import AllInShowdown
from handlog.engine.variants import Variant, variant_for
from handlog.events import Bet, Call, Check, Collect, Fold, Muck, Raise, Show, Street, StreetStart

ZERO = Decimal(0)
_SHOWDOWN = Street.SHOWDOWN  # an enum member read from its class costs EnumType.__getattr__'s hook (Python 3.11)
_SHOWS = frozenset({Show, Muck})
_ACTIONS = frozenset({Bet, Raise, Call, Check, Fold})
_AGGRESSION = frozenset({Bet, Raise})
_TURNS = frozenset({Check, Bet, Raise, Fold})
# events are compared by their exact type (an event model has no subclasses: tests/checks/test_event_kinds.py);
# ``isinstance`` against a pydantic model costs a call per class, and these scans run over every event of a hand


def shown_hands(replay: Replay) -> dict[str, tuple[str, ...]]:
    """Every hand shown at showdown: "shows [..]" lines, then the summary's "showed [..]"."""
    shown: dict[str, tuple[str, ...]] = {}
    for e in replay.hand.events:
        if type(e) is Show:
            shown[e.player] = e.cards
    for seat in replay.hand.summary.seats:
        if seat.shown and seat.player not in shown:
            shown[seat.player] = seat.shown
    return shown


def unnamed_pots(replay: Replay) -> bool:
    """The log names no pot ("collected … from pot" for each, as GGPoker and Winamax are read) while the all-ins
    made several, or a collect holds its owner's uncalled chips: which pot a collect comes from is not said."""
    if not replay.collects or any(c.pot != "pot" for c in replay.collects):
        return False
    return len(replay.pots) > 1 or any(r.uncalled_in_collect for r in replay.results.values())


def _best_players(variant: Variant, ranks: dict[str, int], shown: dict[str, tuple[str, ...]],
                  board: tuple[str, ...]) -> set[str]:
    """The players whose shown hands take a share: the best high hand, and in a split game the best low."""
    best = min(ranks.values())
    best_players = {p for p, rank in ranks.items() if rank == best}
    if variant.low is not None:  # a split game: the best qualifying low takes the other half
        lows = {p: variant.low(shown[p], board) for p in ranks}
        qualified = {p: low for p, low in lows.items() if low is not None}
        if qualified:
            best_low = min(qualified.values())
            best_players |= {p for p, low in qualified.items() if low == best_low}
    return best_players


def _best_hand_wins_unnamed(replay: Replay, variant: Variant) -> Iterator[Violation]:
    """``best_hand_wins`` when the log names no pot: each run, whoever collects holds the best shown hand of some
    pot they contest, and each pot contested by shown hands pays at least one of its best hands."""
    shown = shown_hands(replay)
    collects = list(replay.collects)
    returned = {p: r.uncalled_in_collect for p, r in replay.results.items()}  # own chips back, not a win
    for run in sorted({c.run or 1 for c in collects}):
        board = replay.boards[run - 1] if run - 1 < len(replay.boards) else ()
        if variant.board and len(board) != sum(variant.board.values()):
            continue
        mine = [c for c in collects if (c.run or 1) == run]
        collectors = {c.player for c in mine}
        deserving: set[str] = set()
        for index, pot in enumerate(replay.pots):
            ranks = {
                p: variant.evaluator(replay.rules.short_deck_trips_beat_straight)(shown[p], board)
                for p in pot.eligible
                if p in shown and variant.full_hand(shown[p], board)
            }
            if len(ranks) < len(pot.eligible) or len(ranks) < 2:
                deserving |= set(pot.eligible)  # uncontested, or hands not shown: nothing to judge
                continue
            best = _best_players(variant, ranks, shown, board)
            deserving |= best
            if not best & collectors:
                name = "main pot" if index == 0 else f"side pot-{index}"
                yield Violation(
                    "wrong-winner", Category.SHOWDOWN, Severity.ERROR, mine[0].line,
                    f"{', '.join(sorted(best))} showed the best hand for the {name} but collect(s) nothing;"
                    f" {', '.join(sorted(collectors))} collect(s)",
                )
        over = collected_excess(replay) or ZERO  # collects beyond the pot: ``collected-total`` reports them
        for c in mine:
            if c.player in shown and c.player not in deserving and c.amount - over > returned.get(c.player, ZERO):
                yield Violation(
                    "wrong-winner", Category.SHOWDOWN, Severity.ERROR, c.line,
                    f"{c.player} collects {c.amount} but has the best shown hand in none of the pots they contest",
                )


def best_hand_wins(replay: Replay) -> Iterator[Violation]:
    """Each pot (each run's share of it, when run twice) goes to the best shown hand(s) among its players.

    A pot goes only to a player who contested it and whose hand no shown hand beat (holdem-rules-de.txt, "Viertel
    Wettend Herum": the challenged player must reveal his cards; "Der Fluss": the best hand wins the pot): a player
    who mucked or never showed is never paid over a player who showed. A log that names no pot while the all-ins
    made several is judged pot by pot: each pot's best shown hand must be among those who collect."""
    if not replay.collects:
        return  # no pot paid: no winner to judge
    shown = shown_hands(replay)
    if not shown:
        return  # no hand shown: nothing to judge a winner by (most hands)
    variant = variant_for(replay.hand.game)
    if variant is None or not replay.supported:
        return
    if unnamed_pots(replay):
        yield from _best_hand_wins_unnamed(replay, variant)
        return
    collects = list(replay.collects)
    runs = sorted({c.run or 1 for c in collects})
    for run in runs:
        board = replay.boards[run - 1] if run - 1 < len(replay.boards) else ()
        if variant.board and len(board) != sum(variant.board.values()):
            continue
        for index, pot in enumerate(replay.pots):
            winners = {c.player for c in collects if (c.run or 1) == run and pot_index(c.pot) == index}
            if not winners:
                continue
            contenders = {
                p: variant.evaluator(replay.rules.short_deck_trips_beat_straight)(shown[p], board)
                for p in pot.eligible
                if p in shown and variant.full_hand(shown[p], board)
            }
            name = "pot" if len(replay.pots) == 1 else ("main pot" if index == 0 else f"side pot-{index}")
            unshown = winners - set(shown)
            if unshown and contenders:
                line = min(c.line for c in collects if c.player in unshown and pot_index(c.pot) == index)
                yield Violation(
                    "wrong-winner", Category.SHOWDOWN, Severity.ERROR, line,
                    f"{', '.join(sorted(unshown))} collect(s) the {name} without showing a hand, but"
                    f" {', '.join(sorted(contenders))} showed: a hand not shown never beats a shown one",
                )
                continue
            if len(contenders) < 2:
                continue
            best_players = _best_players(variant, contenders, shown, board)
            judged = {w for w in winners if w in contenders}
            line = min(c.line for c in collects if c.player in winners and pot_index(c.pot) == index)
            losers = judged - best_players
            if losers:
                yield Violation(
                    "wrong-winner", Category.SHOWDOWN, Severity.ERROR, line,
                    f"{', '.join(sorted(losers))} collect(s) the {name} but {', '.join(sorted(best_players))}"
                    " showed a better hand",
                )
            elif judged and best_players - winners:
                yield Violation(
                    "split-missing", Category.SHOWDOWN, Severity.ERROR, line,
                    f"{', '.join(sorted(best_players - winners))} tie(s) for the best hand but get nothing from"
                    f" the {name}",
                )
            elif not judged and best_players and not (winners & set(contenders)):
                unshown = winners - set(shown)
                if not unshown:
                    yield Violation(
                        "wrong-winner", Category.SHOWDOWN, Severity.ERROR, line,
                        f"{', '.join(sorted(winners))} collect(s) the {name} without contesting it;"
                        f" {', '.join(sorted(best_players))} showed the best hand",
                    )


def split_evenly(replay: Replay) -> Iterator[Violation]:
    """A split pot is shared equally to the smallest unit of the game's money (the cent, or one chip): the shares
    differ by at most that unit, the odd chips, and the odd-chip rule says who gets them (holdem-rules-de.txt, "Der
    Fluss": with no kicker to break the tie, "ist der Topf zwischen ihnen gespalten"; limit-holdem-rules-da.txt:
    "I tilfælde af uafgjort deles puljen")."""
    if len(replay.collects) < 2:
        return  # one collect at most: no pot shared (most hands)
    variant = variant_for(replay.hand.game)
    if variant is not None and variant.low is not None:
        return  # a split game's halves (and quarters) differ by design; best_hand_wins judges who gets them
    if unnamed_pots(replay):
        return  # collects from different pots, not shares of one
    collects = list(replay.collects)
    unit = smallest_unit(replay.hand)
    seats = {s.player: s.seat for s in replay.hand.seats}
    groups: dict[tuple[int, int], list[Collect]] = {}
    folded = {v.line for v in replay.violations if v.code == "collect-by-folded"}
    for c in collects:
        if c.pot == "pot" and len(replay.pots) > 1:
            continue  # the log names no pot: one player's main pot and another's side pot are no split
        if c.line in folded:
            continue  # a folded player's collect is no share (``collect-by-folded`` reports it)
        groups.setdefault((c.run or 1, pot_index(c.pot)), []).append(c)
    for (_run, _index), group in groups.items():
        players = {c.player for c in group}
        if len(players) < 2 or len(players) != len(group):
            continue
        amounts = [c.amount for c in group]
        if max(amounts) - min(amounts) > unit and not _raked_after_split(amounts, replay):
            if max(amounts) - (collected_excess(replay) or ZERO) - min(amounts) <= unit:
                continue  # one share collected too much, beyond the pot: that one error is ``collected-total``
            yield Violation(
                "split-amount", Category.ACCOUNTING, Severity.ERROR, group[0].line,
                f"a split pot is shared equally, to the {unit}; only odd chips may differ; the shares are "
                + ", ".join(f"{c.player} {c.amount}" for c in group),
            )
            continue
        button = replay.hand.button
        if max(amounts) != min(amounts) and button is not None and replay.rules.odd_chip_left_of_button:
            order = sorted(players, key=lambda p: (seats.get(p, 0) <= button, seats.get(p, 0)))
            top = max(amounts)
            bigger = [c.player for c in group if c.amount == top]
            if bigger and order[0] not in bigger:
                yield Violation(
                    "odd-chip", Category.ACCOUNTING, Severity.WARNING, group[0].line,
                    f"the odd chip goes to the first winner left of the button ({order[0]}), the log gives it to"
                    f" {', '.join(bigger)}",
                )


def board_halves(replay: Replay) -> Iterator[Violation]:
    """Two boards (Split Hold'em): every pot is halved between the boards, each half to its board's best hand, the
    odd chip to the first board (PokerStars' Split Hold'em logs: "collected $33.54" on the first board, "$33.53" on
    the second, of a pot of $67.07 after the rake). So what each pot pays on the first board is what it pays on the
    second, or one smallest unit more."""
    variant = variant_for(replay.hand.game)
    if variant is None or not issubclass(strategy_for(variant), TwoBoardDealing) or not replay.supported:
        return
    collects = [c for c in replay.collects if c.run is not None]
    if not collects:
        return  # the pot was won without a showdown: nobody's hand was judged on a board
    unit = smallest_unit(replay.hand)
    for index in sorted({pot_index(c.pot) for c in collects}):
        paid = {
            run: sum((c.amount for c in collects if c.run == run and pot_index(c.pot) == index), ZERO)
            for run in (1, 2)
        }
        first, second = paid[1], paid[2]
        if first - second not in (ZERO, unit):
            name = "pot" if len(replay.pots) == 1 else ("main pot" if index == 0 else f"side pot-{index}")
            line = min(c.line for c in collects if pot_index(c.pot) == index)
            yield Violation(
                "board-half", Category.ACCOUNTING, Severity.ERROR, line,
                f"the {name} is halved between the two boards (the odd {unit} to the first): the first board pays"
                f" {first}, the second {second}",
            )


def _raked_after_split(amounts: list[Decimal], replay: Replay) -> bool:
    """A room that splits the whole pot and then takes the rake from the winners' shares, in its rake steps
    (``RulesProfile.rake_from_split_shares``): what the smaller shares lack is the rake, to the cent."""
    step = replay.rules.rake_from_split_shares
    if step is None or replay.rake <= 0:
        return False
    top = max(amounts)
    lacking = [top - a for a in amounts]
    return all(d % step == 0 for d in lacking) and sum(lacking, ZERO) == replay.rake


def showdown_order(replay: Replay) -> Iterator[Violation]:
    """holdem-rules-fa.txt, "Shotdown": the last bettor or raiser of the last betting round shows first; with no
    bet on that round, the first player left of the button (holdem-rules-de.txt, "Zweitens Wettend Herum": later
    rounds start left of the button). When someone is all-in the profile's ``showdown_order_all_in`` says which
    round decides: by the house rules the last round with a bet or raise.

    Sites show hands automatically, in their own order, so a breach is a warning unless the rules profile says the
    room enforces the order (``showdown_order_is_error``)."""
    if not replay.rules.shows_in_showdown_order or not replay.hand.summary.shows_in_order:
        return  # the room (or a converter) writes the shown hands in an order of its own: who showed first is unsaid
    events = replay.hand.events
    if not any(map(_SHOWS.__contains__, map(type, events))):
        return  # nobody showed or mucked: no order to judge (most hands)
    start = next((i for i, e in enumerate(events) if type(e) is StreetStart and e.street == _SHOWDOWN), None)
    if start is None:
        return
    mode = replay.rules.showdown_order_all_in
    all_in = any(r.all_in_street is not None for r in replay.results.values())
    if all_in and mode == AllInShowdown.NOT_HELD:
        return
    first = next((cast("Show | Muck", e) for e in events[start:] if type(e) in _SHOWS), None)
    if first is not None:
        # A player all-in with cards still to come turns his hand over when the betting ends, and a log may show it
        # again at the showdown once the last cards are out (a PHH razz hand shows on sixth street, then again with
        # seventh street's card): the first exposure is the showdown whose order the rule governs.
        last_action = next((i for i in range(start - 1, -1, -1) if type(events[i]) in _ACTIONS), -1)  # the last
        first = next((cast("Show | Muck", e) for e in events[last_action + 1:] if type(e) in _SHOWS), first)
    if first is None:
        return
    final_street = replay.steps[start - 1].street if 0 < start <= len(replay.steps) else None
    # the last bet or raise of the final round (all-in, by the house rules: the last of any round, whose round is
    # then the final one), found from the end
    last_bet = all_in and mode == AllInShowdown.LAST_BET
    aggressor = None
    for step in reversed(replay.steps[:start]):
        if type(step.event) in _AGGRESSION:
            if last_bet:
                final_street = step.street
            if step.street == final_street:
                aggressor = cast("Bet | Raise", step.event).player
                break
    variant = variant_for(replay.hand.game)
    if aggressor is None and variant is not None and issubclass(strategy_for(variant), StudDealing):
        # stud has no button: with no bet on the last round, its first actor (the best showing hand) shows first
        aggressor = next(
            (cast("Check | Bet | Raise | Fold", step.event).player for step in replay.steps[:start]
             if step.street == final_street and type(step.event) in _TURNS), None
        )
    if aggressor is None:
        folded = {e.player for e in events[:start] if type(e) is Fold}
        live = [p for p in replay.results if p not in folded]
        pots = list(replay.pots)
        excess_of = {name for name, _ in replay.reported_excess}
        if len(pots) > 1 and len(pots[-1].eligible) == 1 and set(pots[-1].eligible) <= excess_of:
            pots.pop()  # chips a reported violation left in the pot (``Replay.reported_excess``) make no side pot
        if all_in and mode == AllInShowdown.LAST_POT and pots and pots[-1].eligible:
            live = list(pots[-1].eligible)  # the players of the last side pot, from the left of the button
        button = replay.hand.button or 0
        seats = {s.player: s.seat for s in replay.hand.seats}
        live.sort(key=lambda p: (seats.get(p, 0) <= button, seats.get(p, 0)))
        aggressor = live[0] if live else None
    if aggressor is not None and first.player != aggressor:
        severity = Severity.ERROR if replay.rules.showdown_order_is_error else Severity.WARNING
        yield Violation(
            "showdown-order", Category.SHOWDOWN, severity, first.line,
            f"{aggressor} should show first (last aggressor, or first left of the button); {first.player} does",
        )


CHECKS: list[Callable[[Replay], Iterator[Violation]]] = [
    best_hand_wins, split_evenly, board_halves, showdown_order,
]
