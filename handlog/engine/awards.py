"""The awards of a hand whose log states none (PHH, ACPC): uncalled bets back, each pot to its best hand(s).

Site logs say who collected what, and the checks hold those lines against the rules. Research formats record
only the actions; the result follows from them by the rules, so the replay works it out, the same way for
every such format, and says so in its notes (which of the site's usual numbers the log did not state):

- the part of a bet nobody called goes back to its owner;
- the pots are layered by the all-ins (``pots.build_pots``), an unmatched ante dead money in the main pot; a pot with
  one player left goes to that player; otherwise to the best hand shown among its players (a player who mucked
  concedes; cards nobody saw cannot win), split evenly when tied, and in split games half to the best low;
- odd chips: the high half takes the odd chip of a hi/lo split, and among tied hands the odd chips go one by
  one to the winners from the first seat left of the button (the house rules' ``odd_chip_left_of_button``);
- when the log gives post-rake ``winnings`` (PHH), a winner's smaller stated amount is taken as what the rake
  left them; a stated amount the replay cannot explain stays for the ``summary-won`` check to report.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from handlog.engine.pots import build_pots
from handlog.engine.table import ZERO, PlayerState, Table
from handlog.engine.views import Pot
from handlog.events import Bet, Call, Collect, Hand, Muck, Post, Raise, Show, UncalledBet


def unstated_numbers(hand: Hand) -> list[str]:
    """The numbers a site log states and this log does not."""
    s = hand.summary
    missing = [
        ("total pot", s.total_pot is None),
        ("rake", s.rake is None),
        ("side pots", s.main_pot is None),
        ("collected amounts", True),
        ("winnings", not s.seats),
    ]
    return [name for name, absent in missing if absent]


def award_pots(table: Table) -> Decimal:
    """Return the uncalled bets and award the pots through ``table`` (as events, so the replay records them).

    Returns the rake the log's stated winnings imply (zero when it states none)."""
    hand = table.hand
    line = hand.events[-1].line if hand.events else hand.line
    unstated = ", ".join(unstated_numbers(hand))
    if len(table.turns.live_players()) > 1 and not _finished(table):
        table.notes.append(f"the log states no {unstated}, and it ends before the hand does: no pot was awarded")
        return ZERO
    table.notes.append(
        f"the log states no {unstated}: the replay returned the uncalled bets and awarded the pots to the best"
        " hands shown"
    )
    table.round_open = False
    for name, amount, _ in list(table.owed_back):
        table.apply(UncalledBet(line=line, player=name, amount=amount))
    found = table.settlement.uncalled_excess()
    if found is not None and found[1] > 0:
        table.apply(UncalledBet(line=line, player=found[0].name, amount=found[1]))
    table.uncalled_checked = True
    live = [p for p in table.players.values() if p.live]
    pots = _pots(table, {p.name for p in live})
    awards = _awards(table, pots, _unit(hand))
    rake = _stated_rake(hand, awards)
    names = ["pot"] if len(pots) == 1 else ["main pot", *(f"side pot-{i}" for i in range(1, len(pots)))]
    for index, shares in enumerate(awards):
        for player, amount in shares.items():
            if amount > 0:
                table.apply(Collect(line=line, player=player, amount=amount, pot=names[index]))
    return rake


def _pots(table: Table, live: set[str]) -> list[Pot]:
    """The pots as the replay builds them: layered by the all-ins; dead blinds and the big blind ante are dead
    money in the main pot."""
    committed = {p.name: p.committed - p.dead for p in table.players.values() if p.committed or p.live}
    dead = sum((p.dead for p in table.players.values()), ZERO)
    return build_pots(committed, live, table.settlement.table_antes(), dead)


def _finished(table: Table) -> bool:
    """Whether the hand reached its showdown: the betting is over and the board complete."""
    board_size = sum(table.variant.board.values())
    if len(table.board) < board_size:
        return False
    return not (table.round_open and not table.turns.round_complete())


def _unit(hand: Hand) -> Decimal:
    """The smallest amount a pot is split into: chips, or cents when the log writes fractions."""
    amounts: list[Decimal] = [s.stack for s in hand.seats]
    for e in hand.events:
        if isinstance(e, Post | Bet | Call):
            amounts.append(e.amount)
        elif isinstance(e, Raise):
            amounts.append(e.to)
    exponents = [int(a.as_tuple().exponent) for a in amounts if a.is_finite() and a != a.to_integral_value()]
    if not exponents:
        return Decimal(1)
    return Decimal(1).scaleb(min(min(exponents), -2))


def _hands(table: Table) -> tuple[dict[str, tuple[str, ...]], set[str]]:
    """Every hand shown (complete and known) and every player who mucked."""
    shown: dict[str, tuple[str, ...]] = {}
    mucked: set[str] = set()
    for e in table.hand.events:
        if isinstance(e, Show):
            if e.unknown == 0 and e.cards:
                shown[e.player] = e.cards
            mucked.discard(e.player)
        elif isinstance(e, Muck):
            mucked.add(e.player)
    for p in table.players.values():  # a hand known from the deal and never mucked is at the showdown too
        if p.live and p.name not in shown and p.name not in mucked and len(p.hole) == table.variant.hole_cards:
            shown[p.name] = tuple(p.hole)
    return shown, mucked


def _awards(table: Table, pots: Sequence[Pot], unit: Decimal) -> list[dict[str, Decimal]]:
    variant = table.variant
    shown, mucked = _hands(table)
    board = tuple(table.board)
    order = _from_button(table)
    awards: list[dict[str, Decimal]] = []
    for pot in pots:
        contenders = [p for p in pot.eligible if p not in mucked]
        if len(contenders) == 1:
            awards.append({contenders[0]: pot.amount})
            continue
        ranked = {p: variant.evaluate(shown[p], board) for p in contenders if p in shown}
        if not ranked:
            table.notes.append(f"no hand was shown for a pot of {pot.amount}: it was not awarded")
            awards.append({})
            continue
        best = min(ranked.values())
        high = [p for p in order if ranked.get(p) == best]
        lows = {p: variant.low(shown[p], board) for p in ranked} if variant.low is not None else {}
        qualified = {p: low for p, low in lows.items() if low is not None}
        shares: dict[str, Decimal] = {}
        if qualified:
            best_low = min(qualified.values())
            low = [p for p in order if qualified.get(p) == best_low]
            low_half = _floor(pot.amount / 2, unit)
            _share(shares, pot.amount - low_half, high, unit)
            _share(shares, low_half, low, unit)
        else:
            _share(shares, pot.amount, high, unit)
        awards.append(shares)
    return awards


def _floor(amount: Decimal, unit: Decimal) -> Decimal:
    return (amount / unit).to_integral_value(rounding="ROUND_FLOOR") * unit


def _share(shares: dict[str, Decimal], amount: Decimal, winners: Sequence[str], unit: Decimal) -> None:
    """Split ``amount`` evenly in ``unit``s; the odd units go one each to the winners in ``winners``' order."""
    if not winners:
        return
    each = _floor(amount / len(winners), unit)
    odd = int((amount - each * len(winners)) / unit)
    for k, player in enumerate(winners):
        shares[player] = shares.get(player, ZERO) + each + (unit if k < odd else ZERO)


def _from_button(table: Table) -> list[str]:
    """Players from the first seat left of the button round to the button (seat order without a button)."""
    button = table.button if table.rules.odd_chip_left_of_button else None
    players: list[PlayerState] = list(table.players.values())
    if button is None:
        return [p.name for p in sorted(players, key=lambda p: p.seat)]
    return [p.name for p in sorted(players, key=lambda p: (p.seat <= button, p.seat))]


def _stated_rake(hand: Hand, awards: list[dict[str, Decimal]]) -> Decimal:
    """Post-rake winnings stated by the log: each winner's award comes down to the stated amount (the rake
    took the rest). A stated amount above the award, or nothing stated for a winner, is left for the checks."""
    stated = {s.player: sum(s.won, ZERO) for s in hand.summary.seats}
    if not stated or hand.summary.rake is not None:  # a log that states its rake leaves nothing to infer
        return ZERO
    rake = ZERO
    totals: dict[str, Decimal] = {}
    for shares in awards:
        for player, amount in shares.items():
            totals[player] = totals.get(player, ZERO) + amount
    for player, total in totals.items():
        said = stated.get(player)
        if said is None or said <= 0 or said >= total:
            continue
        cut = total - said
        rake += cut
        for shares in reversed(awards):  # the rake comes off the last pots first
            if cut <= 0:
                break
            if player in shares:
                taken = min(cut, shares[player])
                shares[player] -= taken
                cut -= taken
    return rake
