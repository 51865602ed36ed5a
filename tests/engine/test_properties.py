"""Hypothesis properties: chips are conserved, pots add up, and ``build_pots`` layers contributions correctly.

Hands are drawn from the copied hands in ``hands/``, from every PokerStars Hold'em and Five Card Draw hand of
../shared/corpus when it is there, and from perturbed copies of them (an amount changed, an event deleted,
duplicated, moved or given to another player): the replay must never crash, and a hand that does not add up
must say so with an accounting violation.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from corpus_cache import read_cached
from handkit import HANDS, load, names
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handlog.audit import audit
from handlog.engine import Replay, replay
from handlog.engine.pots import build_pots
from handlog.events import (
    Bet,
    Call,
    CashOut,
    Collect,
    Discard,
    Fold,
    Game,
    Hand,
    Post,
    PostType,
    PotDrop,
    Raise,
    StandPat,
    Street,
    StreetStart,
    UncalledBet,
)

D = Decimal
CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def corpus_hands() -> tuple[Hand, ...]:
    hands = [load(n) for n in names()]
    folders = ["fpdb/cash/Stars", "fpdb/tour/Stars", "fpdb-extra/cash/Stars", "fpdb-extra/tour/Stars"]
    paths = [CORPUS / f for f in folders if (CORPUS / f).is_dir()]
    for record in read_cached(paths):
        if record.hand is not None and record.hand.game in (Game.HOLDEM, Game.FIVE_CARD_DRAW):
            hands.append(record.hand)
    return tuple(hands)


def cash_out_fees(hand: Hand) -> Decimal:
    return sum((e.fee for e in hand.events if isinstance(e, CashOut)), D(0))


def log_contributions(hand: Hand) -> dict[str, Decimal]:
    """What each player put in, read from the log's own amounts and not from the engine: per betting round the
    posts, calls and bets add up, a raise "to Y" makes the round's total Y; antes, the dead part of "small & big
    blinds" and a second small blind are dead money; "Uncalled bet (X) returned" takes X back."""
    put: dict[str, Decimal] = {}
    round_total: dict[str, Decimal] = {}
    small_blind_seen = False

    def close_round() -> None:
        for player, amount in round_total.items():
            put[player] = put.get(player, D(0)) + amount
        round_total.clear()

    for e in hand.events:
        new_street = isinstance(e, StreetStart) and e.run != 2 and e.street != Street.PREFLOP
        if new_street or isinstance(e, Discard | StandPat):
            close_round()  # a new street, or the draw: the round's bets are in the pot
        elif isinstance(e, Post):
            dead = e.amount if e.post == PostType.ANTE else e.dead
            if e.post == PostType.SMALL_BLIND:
                dead = e.amount if small_blind_seen else dead
                small_blind_seen = True
            put[e.player] = put.get(e.player, D(0)) + dead
            round_total[e.player] = round_total.get(e.player, D(0)) + e.amount - dead
        elif isinstance(e, Call | Bet):
            round_total[e.player] = round_total.get(e.player, D(0)) + e.amount
        elif isinstance(e, Raise):
            round_total[e.player] = e.to
        elif isinstance(e, UncalledBet):
            put[e.player] = put.get(e.player, D(0)) - e.amount
    close_round()
    return {p: a for p, a in put.items() if a}


def log_collected(hand: Hand) -> dict[str, Decimal]:
    won: dict[str, Decimal] = {}
    for e in hand.events:
        if isinstance(e, Collect):
            won[e.player] = won.get(e.player, D(0)) + e.amount
    return won


def log_pots(hand: Hand) -> list[Decimal]:
    """The pots layered from the log's own contributions (``log_contributions``) and folds (the log's fold of a
    player it already marked all-in is void: an all-in player takes no further action)."""
    folded: set[str] = set()
    all_in: set[str] = set()
    for e in hand.events:
        if isinstance(e, Fold) and e.player not in all_in:
            folded.add(e.player)
        elif getattr(e, "all_in", False):
            all_in.add(e.player)  # type: ignore[union-attr]
    committed = log_contributions(hand)
    return [p.amount for p in build_pots(committed, {p for p in committed if p not in folded})]


def pots_agree_with_the_log(rp: Replay) -> bool:
    """The engine's contributions and pots are the ones the log's own amounts make."""
    engine = {r.player: r.committed for r in rp.results.values() if r.committed}
    return engine == log_contributions(rp.hand) and [p.amount for p in rp.pots] == log_pots(rp.hand)


def stacks_agree_with_the_log(rp: Replay) -> bool:
    """Each player's stack after the last event, as the engine's table has it, is the seat's starting stack less
    what the log says they put in; each player's net is what the log says they collected less that."""
    put, won = log_contributions(rp.hand), log_collected(rp.hand)
    if any(r.net != won.get(r.player, D(0)) - put.get(r.player, D(0)) for r in rp.results.values() if not r.cashed_out):
        return False
    if not rp.steps or rp.steps[-1].state is None:
        return True
    start = {s.player: s.stack for s in rp.hand.seats}
    return all(s.stack == start[s.player] - put.get(s.player, D(0)) for s in rp.steps[-1].state.players)


def chips_conserved(rp: Replay) -> bool:
    """Σ (final stack − start stack) + rake = what the site put in the pot (a cash drop, PokerStars' "STP added").
    Cash-outs are paid by the site, not from the pot: a hand with one counts the cash-out fees with the rake, and is
    conserved only when every player left in cashed out."""
    added = sum((e.amount for e in rp.hand.events if isinstance(e, PotDrop)), D(0)) + (rp.hand.summary.stp or D(0))
    total = sum((r.net for r in rp.results.values()), D(0)) + rp.rake - added
    if any(isinstance(e, CashOut) for e in rp.hand.events):
        return total + cash_out_fees(rp.hand) == 0
    return total == 0


def uncollected(rp: Replay) -> D:
    """The chips the players lost that neither the rake nor a winner took (a hand without cash-outs)."""
    added = sum((e.amount for e in rp.hand.events if isinstance(e, PotDrop)), D(0)) + (rp.hand.summary.stp or D(0))
    return -(sum((r.net for r in rp.results.values()), D(0)) + rp.rake - added)


@pytest.mark.slow
@SETTINGS
@given(st.data())
def test_corpus_hands_conserve_chips(data: st.DataObject) -> None:
    hand = data.draw(st.sampled_from(corpus_hands()))
    rp = replay(hand)
    result = audit(hand)
    accounting = [v for v in result.violations if v.category == "accounting" and v.severity == "error"]
    assert chips_conserved(rp) or accounting, hand.hand_id
    if not accounting and not returned_by_the_total(rp):
        assert pots_agree_with_the_log(rp), hand.hand_id
        assert stacks_agree_with_the_log(rp), hand.hand_id


def returned_by_the_total(rp: Replay) -> bool:
    """An old log without "Uncalled bet" lines, whose total shows the return: the engine returns the bet itself."""
    return any("without a line" in note for note in rp.notes)


def test_every_copied_hand_conserves_chips() -> None:
    for name in names():
        rp = replay(load(name))
        assert chips_conserved(rp), name
        assert pots_agree_with_the_log(rp) or returned_by_the_total(rp), name
        assert stacks_agree_with_the_log(rp) or returned_by_the_total(rp), name


def test_log_contributions_read_the_log() -> None:
    """The independent reading on a hand worked by hand: nl_mtt_side_pots.txt (antes of 20, all-ins)."""
    hand = load("nl_mtt_side_pots.txt")
    assert log_contributions(hand) == {
        "Player6": D(560), "Player21": D(130), "Player12": D(20), "Player11": D(600), "Hero": D(600),
        "Player13": D(600),
    }
    assert log_pots(hand) == [D(670), D(1720), D(120)]  # the summary's "Main pot 670. Side pot-1 1720. ... 120."
    # an engine that took Player13's raise to 580 as 20 less than the log's amounts would be caught
    rp = replay(hand)
    results = {**rp.results, "Player13": dataclasses.replace(rp.results["Player13"], committed=D(580))}
    assert pots_agree_with_the_log(rp)
    assert not pots_agree_with_the_log(dataclasses.replace(rp, results=results))


# ---------------------------------------------------------------- perturbed hands

AMOUNT_FIELDS = {Post: "amount", Call: "amount", Bet: "amount", UncalledBet: "amount", Collect: "amount"}
cents = st.integers(min_value=0, max_value=5000).map(lambda n: D(n) / 100)


@st.composite
def perturbed(draw: st.DrawFn) -> Hand:
    hand = draw(st.sampled_from(corpus_hands()))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        events = list(hand.events)
        if not events:
            break
        i = draw(st.integers(min_value=0, max_value=len(events) - 1))
        e = events[i]
        how = draw(st.sampled_from(["amount", "delete", "duplicate", "swap", "player"]))
        if how == "amount" and type(e) in AMOUNT_FIELDS:
            events[i] = e.model_copy(update={AMOUNT_FIELDS[type(e)]: draw(cents)})
        elif how == "amount" and isinstance(e, Raise):
            to = draw(cents)
            events[i] = e.model_copy(update={"to": to, "by": to / 2})
        elif how == "delete":
            del events[i]
        elif how == "duplicate":
            events.insert(i, e)
        elif how == "swap" and i + 1 < len(events):
            events[i], events[i + 1] = events[i + 1], events[i]
        elif how == "player" and hasattr(e, "player") and e.player is not None:
            seat = draw(st.sampled_from(hand.seats))
            events[i] = e.model_copy(update={"player": seat.player})
        hand = hand.model_copy(update={"events": tuple(events)})
    return hand


@pytest.mark.slow
@SETTINGS
@given(perturbed())
def test_perturbed_hands_replay_and_report_what_does_not_add_up(hand: Hand) -> None:
    result = audit(hand)  # never raises, whatever the log says
    assert not any(v.code == "internal-error" for v in result.violations)
    rp = replay(hand)  # the same replay, with the table after every event
    if not (pots_agree_with_the_log(rp) and stacks_agree_with_the_log(rp)):
        # the engine took the money otherwise than the log's amounts say: the audit must say why
        assert result.violations or returned_by_the_total(rp), hand.hand_id
    errors = [v for v in result.violations if v.severity == "error"]
    if rp.stopped:
        # the log left no round to follow (a board street before the deal: the perturbation deleted the deal's
        # start): one structure error says where, and nothing after it is judged, its money neither; "after" in the
        # events' order, which a swap makes differ from the lines' (a check of line 18 replayed before line 17)
        assert any(v.category == "structure" for v in errors), [v.code for v in result.violations]
        at: dict[int, int] = {}
        for index, e in enumerate(hand.events):
            at.setdefault(e.line, index)
        stop = max(at.get(v.line, len(hand.events)) for v in errors if v.category == "structure")
        assert all(at.get(v.line, len(hand.events)) <= stop for v in result.violations)
    elif not chips_conserved(rp):
        # chips nobody collected: an accounting error says so, or the violation that left them in the pot (a call
        # of more than was owed, a bet nobody returned: ``Replay.reported_excess``) is them, to the chip
        left = sum((excess for _, excess in rp.reported_excess), D(0))
        assert any(v.category == "accounting" for v in errors) or (left and uncollected(rp) == left), (
            [v.code for v in result.violations])


# ---------------------------------------------------------------- build_pots

players = st.sampled_from([f"P{i}" for i in range(1, 10)])
contributions = st.dictionaries(players, cents, min_size=1, max_size=9)


@settings(max_examples=300, deadline=None)
@given(contributions, st.data())
def test_build_pots_invariants(committed: dict[str, Decimal], data: st.DataObject) -> None:
    live = data.draw(st.sets(st.sampled_from(sorted(committed))))
    pots = build_pots(committed, live)
    # every chip is in exactly one pot
    assert sum((p.amount for p in pots), D(0)) == sum(committed.values(), D(0))
    assert all(p.amount > 0 for p in pots)
    contested = [p for p in pots if p.eligible]
    for earlier, later in pairwise(contested):
        # each side pot is contested by fewer players, all of them in the pot before
        assert set(later.eligible) < set(earlier.eligible)
    for pot in contested:
        level = min(committed[p] for p in pot.eligible)
        # the eligible players are exactly the live players who reached the pot's level
        assert set(pot.eligible) == {p for p in live if committed[p] >= level}
        assert all(p in live for p in pot.eligible)
    if any(committed[p] > 0 for p in live):
        assert pots and pots[0].eligible
        # the main pot is open to every live player who put anything in
        assert set(pots[0].eligible) == {p for p in live if committed[p] > 0}


def test_build_pots_example() -> None:
    pots = build_pots({"A": D(10), "B": D(30), "C": D(30), "D": D(5)}, {"A", "B", "C"})
    assert [(p.amount, p.eligible) for p in pots] == [(D(35), ("A", "B", "C")), (D(40), ("B", "C"))]


def test_build_pots_folded_chips_above_every_live_level() -> None:
    # a folded player who put in more than anyone left: the excess stays in the last pot
    pots = build_pots({"A": D(10), "B": D(50)}, {"A"})
    assert [(p.amount, p.eligible) for p in pots] == [(D(60), ("A",))]


def test_build_pots_one_level_sums_exactly() -> None:
    # nobody all-in for less (one pot): the pot is the exact sum of what was put in, its exponent the least of the
    # amounts' (the sums are printed in the messages: "$2.50", never "$2.5"), the folded player not eligible
    pots = build_pots({"A": D("0.50"), "B": D("1.00"), "C": D("1"), "D": D(0)}, {"B", "C", "D"})
    assert [(str(p.amount), p.eligible) for p in pots] == [("2.50", ("B", "C"))]
    pots = build_pots({"A": D(20), "B": D(100), "C": D(100)}, {"B", "C"})
    assert [(str(p.amount), p.eligible) for p in pots] == [("220", ("B", "C"))]


def test_hands_folder_exists() -> None:
    assert HANDS.is_dir()
