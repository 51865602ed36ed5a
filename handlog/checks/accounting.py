"""Accounting checks: the replay's money against the site's own numbers (Total pot, side pots, rake, the other
fees a site takes from the pot, every "collected" and every "won (…)" of the summary).

Money outside the pot (a player's side payments with the house, such as GGPoker's EV cash-out) is no part of
any of these sums; money the site itself adds to the pot (a "Cash Drop", PokerStars' "STP") is.

Each check is a small pure function over a ``Replay`` returning violations; ``CHECKS`` lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import NamedTuple

from handlog.engine import Category, Replay, Severity, Violation
from handlog.engine.replay import pot_index
from handlog.events import Collect, PotDrop, Street, StreetStart

ZERO = Decimal(0)


def _error(code: str, line: int, message: str) -> Violation:
    return Violation(code, Category.ACCOUNTING, Severity.ERROR, line, message)


def _pot_line(replay: Replay) -> int:
    """Where the site states its pot: the "Total pot" line (the summary's first line when there is none)."""
    return replay.hand.summary.pot_line or replay.hand.summary.line


def _collects(replay: Replay) -> tuple[Collect, ...]:
    return replay.collects


class _Sums(NamedTuple):
    """What several checks of one hand add up from its replay (``_sums``)."""

    added: Decimal
    put_in: Decimal
    cashed_out: bool
    fees: Decimal


_LAST: list[tuple[Replay, _Sums]] = []
"""The last replay's sums (the checks of a hand run one after the other, each asking for them): held with the
replay itself, so the identity test never meets another replay at the same address."""


def _sums(replay: Replay) -> _Sums:
    """The sums of ``replay``, made once (the checks are pure functions of the replay, which is immutable)."""
    if _LAST and _LAST[0][0] is replay:
        return _LAST[0][1]
    events = replay.hand.events
    stp = replay.hand.summary.stp or ZERO
    # exact types (an event model has no subclasses: tests/checks/test_event_kinds.py)
    if PotDrop not in map(type, events):  # the commonest: no drop (one C-level scan)
        added = stp
    else:
        added = sum((e.amount for e in events if isinstance(e, PotDrop)), ZERO) + stp
    put_in = ZERO
    cashed_out = False
    for r in replay.results.values():  # one pass, adding in the same order as ``sum`` (the same exponent)
        put_in += r.committed + r.uncalled_in_collect
        cashed_out = cashed_out or r.cashed_out
    fees = replay.hand.summary.fees
    sums = _Sums(added, put_in + added, cashed_out, sum((f.amount for f in fees), ZERO) if fees else ZERO)
    _LAST[:] = [(replay, sums)]
    return sums


def _added(replay: Replay) -> Decimal:
    """Money in the pot that no player put in: the site's own drops into it."""
    return _sums(replay).added


def _fees(replay: Replay) -> Decimal:
    """What the site takes from the pot besides the rake ("Jackpot $5 | Bingo $0")."""
    return _sums(replay).fees


def _cashed_out(replay: Replay) -> bool:
    return _sums(replay).cashed_out


def _put_in(replay: Replay) -> Decimal:
    """Everything in the pot by the bets: what the players put in, after uncalled bets came back, and what the site
    added."""
    return _sums(replay).put_in


def _unstated_bets(replay: Replay) -> Decimal:
    """How much more the site's total pot holds than the bets its lines put in (``total-pot`` reports it): collects
    that the total pays but the bets do not are that one error, not another."""
    stated = replay.hand.summary.total_pot
    return max(stated - _put_in(replay), ZERO) if stated is not None else ZERO


def total_pot(replay: Replay) -> Iterator[Violation]:
    """"Total pot X": X is everything the players put in, after uncalled bets came back, and what the site added."""
    stated = replay.hand.summary.total_pot
    if stated is None:
        return
    put_in = _put_in(replay)
    reported = sum((excess for _, excess in replay.reported_excess), ZERO) if replay.reported_excess else ZERO
    if stated != put_in and not (reported and stated == put_in - reported):  # else the violation that left them
        yield _error(
            "total-pot", _pot_line(replay),
            f"the players put {put_in} into the pot, the summary says 'Total pot {stated}'",
        )


def _kept_from_a_wrong_total(replay: Replay) -> bool:
    """The site states no rake, so the rake is what it kept from the pot it states, and that stated pot is not what
    the players put in (``total_pot`` reports it): the rake derived from it is that same error again, not a second
    one (a tournament iPoker hand whose bet attributes count a player's ante twice)."""
    return replay.hand.summary.rake is None and any(True for _ in total_pot(replay))


def collected_total(replay: Replay) -> Iterator[Violation]:
    """Everything collected plus the rake (and the site's other fees) is the total pot: no chip appears or
    vanishes. A site that states its rake but no total (PKR) is held to the pot its bets make."""
    summary = replay.hand.summary
    stated = summary.total_pot
    if stated is None and summary.rake is not None and replay.collects:
        stated = _put_in(replay)
    if stated is None or _cashed_out(replay):
        return
    collected = sum((c.amount for c in _collects(replay)), ZERO)
    fees = _fees(replay)
    if collected + replay.rake + fees != stated:
        if summary.total_pot is not None and collected + replay.rake + fees == _put_in(replay):
            return  # the pot the bets make is paid out: the stated total is the one wrong number (``total_pot``)
        line = _collects(replay)[-1].line if _collects(replay) else _pot_line(replay)
        taken = f"the rake is {replay.rake}" + (f" and the fees {fees}" if replay.hand.summary.fees else "")
        yield _error(
            "collected-total", line,
            f"the players collect {collected} and {taken}: together {collected + replay.rake + fees},"
            f" but the pot is {stated}",
        )


def rake_bounds(replay: Replay) -> Iterator[Violation]:
    """The rake and the other fees are never negative and together never more than the pot."""
    stated = replay.hand.summary.total_pot
    if _kept_from_a_wrong_total(replay):
        return
    taken = replay.rake + _fees(replay)
    negative = [f.name for f in replay.hand.summary.fees if f.amount < 0]
    if replay.rake < 0 or negative or (stated is not None and taken > stated):
        what = f"a rake of {replay.rake}" + "".join(f", {f.name} {f.amount}" for f in replay.hand.summary.fees)
        yield _error("rake", _pot_line(replay), f"{what} from a pot of {stated}")


def unstated_rake(replay: Replay) -> Iterator[Violation]:
    """Where the site states no rake, the engine takes what it kept (the pot less what it paid, see
    ``engine.replay``): a tournament keeps nothing (its fee is paid with the buy-in), a cash game at most the
    room's rake share (``RulesProfile.max_rake_share``) and, under "no flop, no drop", nothing from a hand that
    ends before the flop. This is how every collect of such a log is checked: one paid too much leaves a negative
    rake (``rake_bounds``), one paid too little leaves more than the room takes."""
    hand = replay.hand
    if hand.summary.rake is not None or replay.cancelled or not replay.collects or _cashed_out(replay):
        return
    if _kept_from_a_wrong_total(replay):
        return
    pot = hand.summary.total_pot if hand.summary.total_pot is not None else sum(
        (r.committed + r.uncalled_in_collect for r in replay.results.values()), ZERO)
    line = replay.collects[-1].line
    if hand.tournament is not None and replay.rake != 0:
        yield _error("collected-total", line,
                     f"a tournament pays out its whole pot of {pot}, the players collect {pot - replay.rake}")
        return
    # stud's "flop" is fourth street: a hand that ends on third street is the one not raked
    flop = any(isinstance(e, StreetStart) and e.street in (Street.FLOP, Street.FOURTH) for e in hand.events)
    if replay.rake > 0 and replay.rules.no_flop_no_drop and not flop:
        yield _error("collected-total", line,
                     f"the pot of {pot} ended before the flop and is not raked, but the players collect only"
                     f" {pot - replay.rake}")
    elif replay.rake > pot * replay.rules.max_rake_share:
        yield _error("collected-total", line,
                     f"the players collect {pot - replay.rake} of a pot of {pot}: the {replay.rake} kept is more than"
                     f" the room's rake of {replay.rules.max_rake_share * 100:g} % at most")


def side_pots(replay: Replay) -> Iterator[Violation]:
    """"Main pot X. Side pot-1 Y …": the pots the contributions and all-ins make, in order. When the hand is
    raked the site states the pots after the rake, which it takes from them pro rata: each stated pot then lies
    between the pot less the rake and the pot, and together with the rake they make the total."""
    summary = replay.hand.summary
    if summary.main_pot is None or _cashed_out(replay):
        return
    stated = [summary.main_pot, *summary.side_pots]
    computed = [p.amount for p in replay.pots]
    rake = replay.rake
    total = sum(computed, ZERO)
    if len(stated) != len(computed) or sum(stated, ZERO) not in (total, total - rake):
        yield _error(
            "side-pots", _pot_line(replay),
            "the contributions make pots of " + ", ".join(str(c) for c in computed)
            + "; the summary states " + ", ".join(str(s) for s in stated) + (f" (rake {rake})" if rake else ""),
        )
        return
    for i, (s, c) in enumerate(zip(stated, computed, strict=True)):
        if not (c - rake <= s <= c):
            name = "main pot" if i == 0 else f"side pot-{i}"
            yield _error("side-pots", _pot_line(replay), f"the {name} should be {c}, the summary says {s}")


def collect_eligibility(replay: Replay) -> Iterator[Violation]:
    """Whoever collects from a pot must be eligible for it: in the hand and all-in for at least its level
    (holdem-rules-de.txt, "Zweitens Wettend Herum": an all-in player wins from each pot only what the others
    matched). A collect that names no pot while the all-ins made several is checked against every pot: nobody
    collects more than the pots they are in hold."""
    unnamed = len(replay.pots) > 1
    if unnamed:
        yield from _unnamed_collects(replay)
    for c in _collects(replay):
        if unnamed and c.pot == "pot":
            continue
        index = pot_index(c.pot)
        if index >= len(replay.pots):
            if len(replay.pots) > 0 and c.pot != "pot":
                yield _error(
                    "pot-unknown", c.line, f"{c.player} collects from the {c.pot}, but there is no such pot"
                )
            continue
        pot = replay.pots[index]
        if c.player not in pot.eligible:
            yield Violation(
                "ineligible-winner", Category.SHOWDOWN, Severity.ERROR, c.line,
                f"{c.player} collects from the {c.pot} ({pot.amount}) but is not in it"
                + (f": only {', '.join(pot.eligible)} contested it" if pot.eligible else ""),
            )


def _unnamed_collects(replay: Replay) -> Iterator[Violation]:
    """"collected X from pot" with several pots: X is at most what the pots this player contested hold, and the
    player's own uncalled chips where the site counts them inside the collect (Winamax) and the site's money the
    main pot holds (a cash drop)."""
    taken: dict[str, tuple[Decimal, int]] = {}
    for c in _collects(replay):
        if c.pot == "pot":
            amount, line = taken.get(c.player, (ZERO, c.line))
            taken[c.player] = (amount + c.amount, line)
    added = _added(replay)
    for player, (amount, line) in taken.items():
        open_to = [p for p in replay.pots if player in p.eligible]
        own = replay.results[player].uncalled_in_collect if player in replay.results else ZERO
        holds = sum((p.amount for p in open_to), own + (added if open_to and open_to[0] is replay.pots[0] else ZERO))
        if amount > holds and amount - (collected_excess(replay) or ZERO) > holds:  # else one error: collected-total
            yield Violation(
                "ineligible-winner", Category.SHOWDOWN, Severity.ERROR, line,
                f"{player} collects {amount} from the pot, but the pots {player} contested hold {holds}"
                f" (of {len(replay.pots)} pots, {player} is in {len(open_to)})",
            )


def collected_per_pot(replay: Replay) -> Iterator[Violation]:
    """No pot pays out more than it holds. A site that names no pot ("collected … from pot") while the all-ins
    made several has paid them all to one player: that is checked against their sum.

    A "Total pot" larger than what the players put in is one error (``total_pot``), and a payout of that larger
    total is the same error: the pots are overpaid only beyond what the total claims (one error, one violation)."""
    slack = _unstated_bets(replay)  # spent as the pots are overpaid, so it excuses the excess once
    paid: dict[int, Decimal] = {}
    returned = {p: r.uncalled_in_collect for p, r in replay.results.items() if r.uncalled_in_collect}
    several = len(replay.pots) > 1
    for c in replay.collects:
        pot = c.pot  # each field read once (a pydantic model's attribute costs a hook)
        index = -1 if several and pot == "pot" else pot_index(pot)
        # a site that counts an uncalled excess in its owner's collect (Winamax) pays it beside the pot
        paid[index] = paid.get(index, ZERO) + c.amount - (returned.pop(c.player, ZERO) if returned else ZERO)
    added = _added(replay)  # the site's own money goes to the main pot
    over = _overpaid(replay, paid, added, slack)
    beyond = _excess_over_total(replay) if over else None
    if beyond is not None and sum(excess for _, excess in over) <= beyond:
        return  # the collects exceed the total pot by as much or more: one error, reported by ``collected_total``
    for message, _ in over:
        yield _error("pot-overpaid", _pot_line(replay), message)


def collected_excess(replay: Replay) -> Decimal | None:
    """How much more the players collect (with the rake and fees) than the stated total pot, when
    ``collected_total`` reports it; where the site states neither a total nor a rake, how much more they collect
    than the pot holds (the rake it kept, the pot less what it paid, is then below zero); else None."""
    summary = replay.hand.summary
    if summary.total_pot is None and summary.rake is None and not _cashed_out(replay):
        return -replay.rake if replay.rake < 0 else None
    return _excess_over_total(replay)


def _excess_over_total(replay: Replay) -> Decimal | None:
    """``collected_excess`` where ``collected_total`` reports it (a total stated, or a rake); else None."""
    if not any(True for _ in collected_total(replay)):
        return None
    stated = replay.hand.summary.total_pot if replay.hand.summary.total_pot is not None else _put_in(replay)
    return sum((c.amount for c in _collects(replay)), ZERO) + replay.rake + _fees(replay) - stated


def _overpaid(
    replay: Replay, paid: dict[int, Decimal], added: Decimal, slack: Decimal
) -> list[tuple[str, Decimal]]:
    """Each pot paid more than it holds (beyond ``slack``): the message, the excess."""
    out: list[tuple[str, Decimal]] = []
    for index, amount in sorted(paid.items()):
        if index == -1:
            holds = sum((p.amount for p in replay.pots), added)
        elif index < len(replay.pots):
            holds = replay.pots[index].amount + (added if index == 0 else ZERO)
        else:
            continue
        if amount > holds + slack:
            out.append((f"{amount} is collected from a pot of {holds}", amount - holds - slack))
        slack -= min(slack, max(ZERO, amount - holds))
    return out


def summary_pays_the_collects(replay: Replay) -> bool:
    """The summary's "won" amounts add up to what the hand's collects pay (to whichever players)."""
    said = sum((sum(seat.won, ZERO) for seat in replay.hand.summary.seats), ZERO)
    return bool(replay.hand.summary.seats) and said == sum((c.amount for c in _collects(replay)), ZERO)


def summary_won(replay: Replay) -> Iterator[Violation]:
    """Each summary seat line's "won (X)" / "collected (X)" equals what that player collected in the hand."""
    if _cashed_out(replay):
        return
    by_player: dict[str, Decimal] = {}
    for c in _collects(replay):
        by_player[c.player] = by_player.get(c.player, ZERO) + c.amount
    differ = []
    for seat in replay.hand.summary.seats:
        said, got = sum(seat.won, ZERO), by_player.get(seat.player, ZERO)
        if said != got:
            differ.append((seat, said, got))
    beyond = collected_excess(replay) if differ else None
    if beyond is not None and sum(got - said for _, said, got in differ) == beyond:
        return  # the summary's amounts make the total: the collect lines are the one error (``collected_total``)
    for seat, said, got in differ:
        yield _error(
            "summary-won", seat.line,
            f"the summary says {seat.player} won {said}; the hand shows {seat.player} collecting {got}",
        )


def stack_after(replay: Replay) -> Iterator[Violation]:
    """Each stack the room prints after the hand is the player's stack before it plus their net result in the
    replay (what they collected and were paid outside the pot, less what they put in)."""
    stacks_after = replay.hand.summary.stacks_after
    if not stacks_after or _cashed_out(replay):  # (most rooms print no stacks after the hand)
        return
    before = {s.player: s.stack for s in replay.hand.seats}
    for stated in stacks_after:
        result = replay.results.get(stated.player)
        if result is None and stated.player not in before:
            continue  # a player without a seat: unknown-player says so
        start = result.start_stack if result is not None else before[stated.player]
        net = result.net if result is not None else ZERO
        if start + net != stated.stack:
            yield _error(
                "stack-after", stated.line,
                f"the room says {stated.player} has {stated.stack} after the hand; the hand gives {start} and a"
                f" net result of {net}: {start + net}",
            )


CHECKS: list[Callable[[Replay], Iterator[Violation]]] = [
    total_pot,
    collected_total,
    rake_bounds,
    unstated_rake,
    side_pots,
    collect_eligibility,
    collected_per_pot,
    summary_won,
    stack_after,
]
