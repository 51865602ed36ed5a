"""Per hand and player counters, each defined once, as PokerTracker 4 counts them.

Every counter is an *opportunity* (``…_opp``: the player had the decision) and an *action* (the player took
it); a percentage is actions over opportunities. A player has a decision only when an action of theirs is in
the log: a player already all-in, or one who never acted, has no opportunity.

The counters read the hand's events in order (the events the engine replays) through :class:`Betting`, which
cuts them into betting rounds and records, for every action, the preflop raise level it faced: ``1`` when only
blinds and straddles were in (posts never count as raises), ``2`` facing the first raise (the open), ``3``
facing a 3-bet, and so on. Draw games have the same counters: their first betting round is "preflop" and the
rounds after the first, second and third draw take the place of the flop, turn and river.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

from handlog.events import Bet, Call, Check, Discard, Event, Fold, Post, Raise, StandPat, StreetStart
from handlog.events import Street as S
from handlog.stats.positions import STEAL_POSITIONS

ActionKind = Literal["fold", "check", "call", "bet", "raise"]
Row = dict[str, object]

POSTFLOP_SLOTS: dict[S, int] = {S.FLOP: 1, S.TURN: 2, S.RIVER: 3, S.DRAW_1: 1, S.DRAW_2: 2, S.DRAW_3: 3}
"""Betting rounds after the first, numbered 1–3: flop/turn/river, or the rounds after draws 1–3."""

STUD_SLOTS: dict[S, int] = {S.FOURTH: 1, S.FIFTH: 2, S.SIXTH: 3, S.RIVER: 4, S.SEVENTH: 4}
"""Stud's rounds after third street (its first round, "preflop" here): fourth to sixth street take the flop, turn
and river slots (fpdb's street1–3), seventh street slot 4 (fpdb's street4)."""

FIVE_STUD_SLOTS: dict[S, int] = {S.THIRD: 1, S.FOURTH: 2, S.FIFTH: 3}
"""Five Card Stud's rounds after second street (its first round): third to fifth street, slots 1–3."""

STUD_FIRST: dict[S, tuple[dict[S, int], int]] = {S.THIRD: (STUD_SLOTS, 4), S.SECOND: (FIVE_STUD_SLOTS, 3)}
"""A stud game's first street, with the slots of its later rounds and the last slot."""

SLOT_NAMES = {1: "flop", 2: "turn", 3: "river"}
ZERO = Decimal(0)


@dataclass(slots=True)
class Action:
    """One betting decision: what the player did and what they faced (read it, do not change it: not frozen
    because a frozen dataclass costs three times as much to make, and one is made per decision)."""

    player: str
    kind: ActionKind
    slot: int  # 0 preflop (first round), 1–3 later rounds
    facing_bet: bool  # there was a bet or raise (not a blind) to call
    level: int  # preflop only: 1 blinds, 2 facing the open raise, 3 facing a 3-bet … (0 on later rounds)
    callers: int  # players who called the last raise before this action (squeezes)
    bets_before: int  # bets and raises on this round before this action (later rounds)
    can_raise: bool = True  # some other player still in could still act on a bet or raise


@dataclass(slots=True)
class Betting:
    """The hand's decisions, per round, and who was still in at the start of each round."""

    actions: list[Action] = field(default_factory=list)
    seen: dict[int, set[str]] = field(default_factory=dict)  # slot → players not folded when it was dealt
    folded: set[str] = field(default_factory=set)
    raisers: dict[int, list[str]] = field(default_factory=dict)  # slot → who bet or raised, in order
    by_player: dict[tuple[str, int], list[Action]] = field(default_factory=dict)  # (player, slot) → decisions
    by_slot: dict[int, list[Action]] = field(default_factory=dict)  # slot → decisions (the counters ask for
    # the same few lists again and again: :func:`betting` files each action in both as it goes)

    def add(self, action: Action) -> None:
        self.actions.append(action)
        mine = self.by_player.get((action.player, action.slot))
        if mine is None:
            self.by_player[action.player, action.slot] = [action]
        else:
            mine.append(action)
        everyone = self.by_slot.get(action.slot)
        if everyone is None:
            self.by_slot[action.slot] = [action]
        else:
            everyone.append(action)

    def of(self, player: str, slot: int) -> list[Action]:
        """The player's decisions in round ``slot``, in order (a shared list: read it, do not change it)."""
        return self.by_player.get((player, slot), NONE)

    def round(self, slot: int) -> list[Action]:
        """Every decision of round ``slot``, in order (a shared list: read it, do not change it)."""
        return self.by_slot.get(slot, NONE)

    def last_aggressor(self, slot: int) -> str | None:
        r = self.raisers.get(slot)
        return r[-1] if r else None


NONE: list[Action] = []
"""The decisions of a player or round that had none (shared, never changed)."""


ROUND_MARKS = (StreetStart, Discard, StandPat)
DECISIONS = (Fold, Check, Call, Bet, Raise)
WAGERS = (Call, Bet, Raise)
"""Classes that :func:`betting` asks about (tuples made once: ``A | B`` in an ``isinstance`` makes a new union
at every call)."""


def betting(events: Iterable[Event], players: Sequence[str]) -> Betting:
    """Cut the events into rounds of decisions (see the module docstring)."""
    b = Betting()
    slot = 0
    level = 1
    bets = 0
    callers = 0
    able = set(players)  # players not folded nor all-in: who could still act on a bet
    drawing = False  # between a draw's first discard (or its street line) and the next bet
    slots, last = POSTFLOP_SLOTS, 3
    completion = False  # stud: the completion of the bring-in is still to come (it is the first full bet, no raise)
    for e in events:
        if isinstance(e, ROUND_MARKS):  # a new round, maybe; no decision
            new: int | None = None
            if isinstance(e, StreetStart):
                if e.street in STUD_FIRST and slots is POSTFLOP_SLOTS:
                    # stud: the bring-in is a post, the first street (third; Five Card Stud: second) round 0
                    (slots, last), completion = STUD_FIRST[e.street], True
                new = slots.get(e.street)
                drawing = e.street in (S.DRAW_1, S.DRAW_2, S.DRAW_3)
            elif not drawing:
                new, drawing = slot + 1, True  # an older log prints the draw without a street line
            if new is not None and new != slot and new not in b.seen and new <= last:
                slot, bets, callers = new, 0, 0
                b.seen[slot] = {p for p in players if p not in b.folded}
            continue
        if not isinstance(e, DECISIONS):
            if isinstance(e, Post) and e.all_in:
                able.discard(e.player)
            continue
        kind: ActionKind = e.kind
        drawing = False
        b.add(
            Action(
                player=e.player,
                kind=kind,
                slot=slot,
                facing_bet=bets > 0,
                level=level if slot == 0 else 0,
                callers=callers,
                bets_before=bets,
                can_raise=len(able) > (e.player in able),  # someone else in and not all-in
            )
        )
        if isinstance(e, WAGERS) and e.all_in:
            able.discard(e.player)
        if kind == "fold":
            b.folded.add(e.player)
            able.discard(e.player)
        elif kind == "call":
            callers += 1
        elif kind in ("bet", "raise"):
            bets += 1
            callers = 0
            b.raisers.setdefault(slot, []).append(e.player)
            if slot == 0 and not completion:
                level += 1
            completion = False
    return b


@dataclass(frozen=True, slots=True)
class Context:
    """What every counter may read: the decisions, the positions and who collected money."""

    betting: Betting
    players: tuple[str, ...]
    positions: dict[str, str]
    collected: dict[str, Decimal]


def _first(actions: list[Action]) -> Action | None:
    return actions[0] if actions else None


def preflop_participation(ctx: Context, p: str) -> Row:
    """``vpip``: put money in the pot voluntarily on the first round (called or raised; posting a blind and
    checking the big blind do not count). ``pfr``: raised (or bet) on the first round. ``limp``: the first
    voluntary action was a call with no raise before it (calling the big blind or a straddle; the small
    blind completing counts). ``cold_call``: the player's first decision was a call of a raise (blinds
    included: their post is not a decision)."""
    acts = ctx.betting.of(p, 0)
    first = _first(acts)
    voluntary = [a for a in acts if a.kind in ("call", "bet", "raise")]
    return {
        "vpip": bool(voluntary),
        "pfr": any(a.kind in ("bet", "raise") for a in acts),
        "limp": bool(voluntary) and voluntary[0].kind == "call" and voluntary[0].level == 1,
        "cold_call": first is not None and first.kind == "call" and first.level >= 2,
    }


def open_raise(ctx: Context, p: str) -> Row:
    """``open_opp``: the player's first decision came with nobody in voluntarily before (only folds since
    the blinds); ``open_raise``: they raised there (raise first in)."""
    first = _first(ctx.betting.of(p, 0))
    opp = first is not None and _nobody_in_before(ctx, first)
    return {"open_opp": opp, "open_raise": opp and first is not None and first.kind in ("raise", "bet")}


def _nobody_in_before(ctx: Context, action: Action) -> bool:
    for a in ctx.betting.round(0):
        if a is action:
            return True
        if a.kind != "fold":
            return False
    return False


def three_bet(ctx: Context, p: str) -> Row:
    """``three_bet_opp``: the player had a decision facing exactly one raise (the open); ``three_bet``: they
    re-raised. ``four_bet_opp``/``four_bet``: the same facing exactly two raises (a 3-bet).
    ``fold_to_three_bet_opp``: the player made the open raise and next had a decision facing the 3-bet
    (nothing more); ``fold_to_three_bet``: they folded there. ``squeeze_opp``: facing the open raise after at
    least one player called it; ``squeeze``: re-raised there."""
    acts = ctx.betting.of(p, 0)
    at2 = [a for a in acts if a.level == 2 and a.can_raise]
    at3 = [a for a in acts if a.level == 3 and a.can_raise]
    opened = any(a.kind in ("raise", "bet") and a.level == 1 for a in acts)
    after_open = [a for a in acts if a.level >= 3] if opened else []
    f3_opp = bool(after_open) and after_open[0].level == 3
    sq = [a for a in at2 if a.callers > 0]
    return {
        "three_bet_opp": bool(at2),
        "three_bet": any(a.kind == "raise" for a in at2),
        "four_bet_opp": bool(at3),
        "four_bet": any(a.kind == "raise" for a in at3),
        "fold_to_three_bet_opp": f3_opp,
        "fold_to_three_bet": f3_opp and after_open[0].kind == "fold",
        "squeeze_opp": bool(sq),
        "squeeze": bool(sq) and sq[0].kind == "raise",
    }


def steal(ctx: Context, p: str) -> Row:
    """``steal_opp``: an open-raise opportunity (see :func:`open_raise`) in the cutoff, on the button or in
    the small blind (heads-up: the small blind, who is the button); ``steal``: the open raise.
    ``fold_sb_to_steal_opp``: the small blind's first decision faced a steal with everyone else between
    folded; ``fold_sb_to_steal``: they folded. ``fold_bb_to_steal_opp``/``fold_bb_to_steal``: the same for
    the big blind (the small blind folded, or was the stealer)."""
    pos = ctx.positions.get(p, "")
    first = _first(ctx.betting.of(p, 0))
    opp = pos in STEAL_POSITIONS and first is not None and _nobody_in_before(ctx, first)  # see open_raise
    row: Row = {"steal_opp": opp, "steal": opp and first is not None and first.kind in ("raise", "bet")}
    for blind, opp_name, fold_name in BLIND_STEAL_NAMES:
        faced = pos == blind and _faces_steal(ctx, p)
        row[opp_name] = faced
        row[fold_name] = faced and first is not None and first.kind == "fold"
    return row


BLIND_STEAL_NAMES = tuple((blind, f"fold_{name}_to_steal_opp", f"fold_{name}_to_steal") for blind, name in
                          (("SB", "sb"), ("BB", "bb")))  # fmt: skip


def _faces_steal(ctx: Context, p: str) -> bool:
    first = _first(ctx.betting.of(p, 0))
    if first is None:
        return False
    stealer: str | None = None
    for a in ctx.betting.round(0):
        if a is first:
            return stealer is not None
        if stealer is None:
            if a.kind == "fold":
                continue
            if a.kind in ("raise", "bet") and ctx.positions.get(a.player) in STEAL_POSITIONS:
                stealer = a.player
                continue
            return False
        if a.kind != "fold":
            return False
    return False


def streets_seen(ctx: Context, p: str) -> Row:
    """``saw_flop``/``saw_turn``/``saw_river``: the player had not folded when that street was dealt (all-in
    players see it). ``saw_showdown``: still in at the end with at least one other player.
    ``won_at_showdown``: saw the showdown and collected money. ``won_when_saw_flop``: saw the flop and
    collected money."""
    seen = ctx.betting.seen
    flop = p in seen.get(1, ())
    folded = ctx.betting.folded
    showdown = p not in folded and p in ctx.players and sum(q not in folded for q in ctx.players) >= 2
    won = ctx.collected.get(p, ZERO) > 0
    return {
        "saw_flop": flop,
        "saw_turn": p in seen.get(2, ()),
        "saw_river": p in seen.get(3, ()),
        "saw_showdown": showdown,
        "won_at_showdown": showdown and won,
        "won_when_saw_flop": flop and won,
    }


def continuation_bets(ctx: Context, p: str) -> Row:
    """``cbet_flop_opp``: the last preflop raiser had a decision on the flop before anyone bet;
    ``cbet_flop``: they bet. On the turn (river) the opportunity needs the flop (turn) c-bet, nobody raising
    it, and a decision before anyone bets on the turn (river). ``fold_to_cbet_<street>_opp``: the player
    had a decision facing a c-bet and no raise; ``fold_to_cbet_<street>``: they folded."""
    row: Row = {}
    bettor = ctx.betting.last_aggressor(0)
    for slot, (opp_name, made_name, fold_opp_name, fold_name) in CBET_NAMES.items():
        opp = made = False
        cbet_by: str | None = None
        if bettor is not None:
            mine = ctx.betting.of(bettor, slot)
            if mine and mine[0].bets_before == 0:
                if bettor == p:
                    opp = True
                    made = mine[0].kind == "bet"
                cbet_by = bettor if mine[0].kind == "bet" else None
        row[opp_name] = opp
        row[made_name] = made
        facing = None
        if cbet_by is not None and p != cbet_by:
            facing = next((a for a in ctx.betting.of(p, slot) if a.bets_before == 1), None)
        row[fold_opp_name] = facing is not None
        row[fold_name] = facing is not None and facing.kind == "fold"
        # the next street's c-bettor: only if the c-bet was not raised
        if cbet_by is None or ctx.betting.last_aggressor(slot) != cbet_by:
            bettor = None
    return row


CBET_NAMES = {
    slot: (f"cbet_{name}_opp", f"cbet_{name}", f"fold_to_cbet_{name}_opp", f"fold_to_cbet_{name}")
    for slot, name in SLOT_NAMES.items()
}
"""The c-bet columns of each later round."""


def check_raise(ctx: Context, p: str) -> Row:
    """``check_raise_flop_opp``: the player checked on the flop and then had a decision facing a bet;
    ``check_raise_flop``: they raised there."""
    acts = ctx.betting.of(p, 1)
    opp = len(acts) >= 2 and acts[0].kind == "check" and acts[1].facing_bet
    return {"check_raise_flop_opp": opp, "check_raise_flop": opp and acts[1].kind == "raise"}


def postflop_actions(ctx: Context, p: str) -> Row:
    """Counts of the player's bets, raises, calls, checks and folds after the first betting round (the
    numbers behind AF = (bets + raises) / calls and AFq = (bets + raises) / (bets + raises + calls + folds))."""
    done = dict.fromkeys(("bet", "raise", "call", "check", "fold"), 0)
    for slot in POSTFLOP_ROUNDS:
        for a in ctx.betting.of(p, slot):
            done[a.kind] += 1
    return dict(zip(POSTFLOP_NAMES, done.values(), strict=True))


POSTFLOP_NAMES = ("postflop_bets", "postflop_raises", "postflop_calls", "postflop_checks", "postflop_folds")


POSTFLOP_ROUNDS = (1, 2, 3, 4)
"""Every round after the first (slot 4: stud's seventh street)."""


COUNTERS: tuple[Callable[[Context, str], Row], ...] = (
    preflop_participation,
    open_raise,
    three_bet,
    steal,
    streets_seen,
    continuation_bets,
    check_raise,
    postflop_actions,
)
"""Every counter family, in column order."""


def count(ctx: Context, player: str) -> Row:
    """All counters of one player."""
    row: Row = {}
    for counter in COUNTERS:
        row.update(counter(ctx, player))
    return row
