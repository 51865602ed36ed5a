"""``replay(hand)``: the one entry point of the engine.

Drives every event of a ``Hand`` through a ``Table``, then derives what the hand settled: pots from
contributions and eligibility, each player's committed, collected and net amounts, and the rake. The result
is an immutable ``Replay`` with the table after each event and the violations the rules found on the way.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal

from handlog.engine.awards import award_pots
from handlog.engine.forced import forced_bet_violations
from handlog.engine.pots import build_pots
from handlog.engine.rules import RulesProfile, profile_for
from handlog.engine.table import ZERO, PlayerState, Table
from handlog.engine.variants import variant_for
from handlog.engine.views import PlayerResult, Pot, Replay, Reveal, player_result, pot_view, replay_view
from handlog.engine.violations import Severity, Violation
from handlog.events import Hand, UncalledReturns


def replay(hand: Hand, rules: RulesProfile | None = None, *, states: bool = True, reveal: bool = False) -> Replay:
    """Replay ``hand`` under ``rules`` (the site's default profile when None).

    With ``states=False`` the steps keep only their street, not the whole table nor what the acting player owed
    (``Step.to_call``): what an audit needs, for less.
    With ``reveal=True`` the replay also keeps, per step, the known hole cards, the second board and who draws
    next (``Replay.reveals``): what a replayer draws and statistics do not need.
    """
    variant = variant_for(hand.game)
    rules = rules or profile_for(hand.site)
    if variant is None:
        note = f"{hand.game_name or hand.game.value} is not replayed yet: only its forced bets were checked"
        return Replay(
            hand=hand, steps=(), violations=tuple(forced_bet_violations(hand, rules)), results={}, pots=(),
            rake=hand.summary.rake or ZERO, supported=False, notes=(note,), rules=rules,
        )
    table = Table(hand, variant, rules, states)
    reveals: list[Reveal] = []
    apply = table.apply
    if reveal:
        for event in hand.events:
            apply(event)
            reveals.append(_reveal(table))
    else:
        table.apply_all(hand.events)
    settled_rake = ZERO
    if not table.cancelled and not table.stopped:
        _final_checks(table)
        if not hand.summary.results_stated:  # PHH, ACPC: the log has no awards, the rules make them
            settled_rake = award_pots(table)
            if reveal:  # the settlement's returns and awards are steps too
                reveals.extend(_reveal(table) for _ in range(len(table.steps) - len(reveals)))
    # dead blinds are the pot's, not a level anyone contests (holdem-rules-de.txt, "Zweitens Wettend Herum": side
    # pots hold what the players matched): the pots are built from the live money, the dead money joins the main
    # pot, and so does the big blind ante
    live: set[str] = set()
    committed: dict[str, Decimal] = {}
    dead = ZERO
    for p in table.players.values():  # one pass: who is live, the live money, the dead money
        name = p.name
        if p.live:
            live.add(name)
            committed[name] = p.committed - p.dead
        elif p.committed:
            committed[name] = p.committed - p.dead
        dead += p.dead
    pots = _with_winners(build_pots(committed, live, table.settlement.table_antes(), dead), table)
    if table.cancelled:
        rake = ZERO
    elif not hand.summary.results_stated:  # the settlement's: stated, or what stated winnings leave
        rake = hand.summary.rake if hand.summary.rake is not None else settled_rake
    else:
        rake = _rake(table)
    results = _results(table, rake)
    done = replay_view(  # Replay(...), every field in order, made faster
        hand,
        tuple(table.steps),
        tuple(table.violations),
        results,
        pots,
        rake,
        True,  # supported
        tuple(table.notes),
        tuple(b for b in (tuple(table.board), *_later_boards(table)) if b),  # boards
        tuple(table.collects),
        rules,
        table.cancelled,
        table.stopped,
        tuple(reveals),
        tuple(table.returned_unprinted),
        tuple(table.reported_excess),
    )
    table.release()
    return done


def _reveal(table: Table) -> Reveal:
    """Read-only: the cards the table knows now and whose turn it is to draw."""
    holes = tuple((p.name, tuple(p.hole)) for p in table.players.values() if p.hole)
    drawer = table.turns.next_drawer() if table.in_draw else None
    return Reveal(holes, tuple(table.board2 or ()), drawer)


def _later_boards(table: Table) -> list[tuple[str, ...]]:
    """The boards of the second and third runs, in order (none when the hand was run once)."""
    return [tuple(table.run_boards[run]) for run in sorted(table.run_boards)]


def _final_checks(table: Table) -> None:
    """At the end of the log: a round left open, an uncalled bet never returned, the draw for the button."""
    table.posts.check_button_draw()
    live = table.turns.live_players()
    if table.round_open and len(live) > 1 and not table.turns.round_complete():
        last_line = table.hand.events[-1].line if table.hand.events else table.hand.line
        table.violate(
            "round-incomplete", last_line,
            f"the hand ends while {table.turns.next_to_act()} still has to act",
        )
    if not table.uncalled_checked and table.collects:
        table.settlement.check_uncalled_done(table.collects[0].line)
    elif not table.uncalled_checked and table.hand.summary.uncalled is UncalledReturns.UNPRINTED:
        # no pot awarded: a room that never prints the return still gave the bet nobody called back
        table.settlement.check_uncalled_done(table.hand.events[-1].line if table.hand.events else table.hand.line)


def _with_winners(pots: list[Pot], table: Table) -> tuple[Pot, ...]:
    """Attach to each pot the players the log says collected from it."""
    names = POT_NAMES
    winners: dict[int, list[str]] = {}
    for c in table.collects:
        player, index = c.player, names.get(c.pot, 0)  # each field read once (a pydantic model's attribute: a hook)
        won = winners.get(index)
        if won is None:
            winners[index] = [player]
        elif player not in won:
            won.append(player)
    return tuple(pot_view(p.amount, p.eligible, tuple(winners.get(i, ()))) for i, p in enumerate(pots))


POT_NAMES: dict[str, int] = {"pot": 0, "main pot": 0, "side pot": 1, **{f"side pot-{n}": n for n in range(1, 64)}}
"""Site pot names to pot indexes: "pot"/"main pot" → 0, "side pot" → 1, "side pot-N" → N."""


def pot_index(name: str) -> int:
    return POT_NAMES.get(name, 0)


def _rake(table: Table) -> Decimal:
    """The rake the site states; where it states none (Bovada's cash hands, Zone Poker, Everleaf …), what the site
    kept: the pot, as stated or else as the bets make it, less everything it paid. The notes say which numbers
    the site did not state, so that a reader knows what was computed rather than checked (the accounting checks
    then hold the rake kept to the room's rules)."""
    summary = table.hand.summary
    if summary.rake is not None:
        if summary.total_pot is None and table.collects:  # PKR: the rake stated, the pot not
            put_in = sum((p.committed for p in table.players.values()), ZERO)
            table.notes.append(f"the site states no total pot: {put_in}, computed from the bets")
        return summary.rake
    if not table.collects:
        return ZERO
    # an uncalled excess the room counts in a collect (``UncalledReturns.IN_COLLECTS``) is paid from the pot it is in
    put_in = sum((p.committed + p.returned for p in table.players.values()), ZERO)
    pot = summary.total_pot if summary.total_pot is not None else put_in
    kept = pot - sum((c.amount for c in table.collects), ZERO)
    if summary.total_pot is None:
        table.notes.append(f"the site states no total pot: {put_in}, computed from the bets")
    table.notes.append(f"the site states no rake: {kept} kept, the pot less what it paid")
    return kept


def _results(table: Table, rake: Decimal) -> dict[str, PlayerResult]:
    players = [p for p in table.players.values() if p.in_hand or p.committed or p.collected]
    shares = _rake_shares(players, rake)
    # by position (player, seat, start_stack, committed, collected, net, rake, cashed_out, all_in_street,
    # side_payments, uncalled_in_collect): one result per player and hand
    return {
        p.name: player_result(  # PlayerResult(...), made faster
            p.name, p.seat, p.start, p.committed, p.collected - p.returned,
            p.collected - p.returned - p.committed + p.side, shares.get(p.name, ZERO), p.cashed_out is not None,
            p.all_in_street, p.side, p.returned,
        )
        for p in players
    }


def _rake_shares(players: list[PlayerState], rake: Decimal) -> dict[str, Decimal]:
    """The rake split pro rata to what each player collected, in the hand's smallest unit, summing exactly."""
    if rake <= 0:  # (tournaments, and cash hands not raked)
        return {}
    won = {p.name: p.collected - p.returned for p in players if p.collected - p.returned > 0}
    total = sum(won.values(), ZERO)
    if total <= 0:
        return {}
    exponent = min((a.as_tuple().exponent for a in [rake, *won.values()]), default=0)
    unit = Decimal(1).scaleb(int(exponent)) if isinstance(exponent, int) else Decimal(1)
    shares = {name: (rake * amount / total).quantize(unit, rounding=ROUND_DOWN) for name, amount in won.items()}
    rest = rake - sum(shares.values(), ZERO)
    biggest = max(won, key=lambda n: won[n])
    shares[biggest] += rest
    return shares


def is_error(v: Violation) -> bool:
    return v.severity == Severity.ERROR


