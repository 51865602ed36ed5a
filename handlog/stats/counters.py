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
from operator import attrgetter, itemgetter
from typing import Literal, cast

from handlog.events import Bet, Call, Check, Discard, Event, Fold, Post, PostType, Raise, StandPat, StreetStart
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
    unopened: bool = False  # stud's first round before the completion of the bring-in (no full bet yet)


FirstRoundFacts = tuple[set[int], set[str], "str | None", dict[str, str], "str | None", "str | None"]
"""The hand's facts every player's :func:`first_round_key` reads: the unopened decisions' ids, who faced a steal,
the first raiser, the answers to a squeeze, stud's last before the bring-in, the last to act on the second round."""


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
    bring_in: str | None = None  # stud: who posted the bring-in
    memo: dict[tuple[str, int], object] = field(default_factory=dict)  # per-hand facts the counters share
    first_round_facts: FirstRoundFacts | None = None  # :func:`first_round_key`'s, once a hand (typed: no ``cast``)

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


ROUND_MARKS = frozenset({StreetStart, Discard, StandPat})
DECISIONS = frozenset({Fold, Check, Call, Bet, Raise})
WAGERS = frozenset({Call, Bet, Raise})
"""Event models that :func:`betting` asks about, by exact type (``type(e) in DECISIONS``): ``isinstance`` against a
pydantic model goes through ``ABCMeta.__instancecheck__``, once per class of a tuple, on every event of every hand;
the same test while no event model has a subclass (``tests/checks/test_event_kinds.py``)."""


_KIND_AND_PLAYER = attrgetter("kind", "player")
_ALL_IN = attrgetter("all_in")
"""A decision's fields as :func:`betting` reads them (its events are ``Fold | Check | Call | Bet | Raise`` by type)."""


def betting(events: Iterable[Event], players: Sequence[str]) -> Betting:
    """Cut the events into rounds of decisions (see the module docstring)."""
    b = Betting()
    actions, by_player, by_slot, folded = b.actions, b.by_player, b.by_slot, b.folded
    slot = 0
    level = 1
    bets = 0
    callers = 0
    able = set(players)  # players not folded nor all-in: who could still act on a bet
    drawing = False  # between a draw's first discard (or its street line) and the next bet
    slots, last = POSTFLOP_SLOTS, 3
    completion = False  # stud: the completion of the bring-in is still to come (it is the first full bet, no raise)
    for e in events:
        kind_of = type(e)
        if kind_of in ROUND_MARKS:  # a new round, maybe; no decision
            new: int | None = None
            if kind_of is StreetStart:
                street = cast(StreetStart, e).street
                if street in STUD_FIRST and slots is POSTFLOP_SLOTS:
                    # stud: the bring-in is a post, the first street (third; Five Card Stud: second) round 0
                    (slots, last), completion = STUD_FIRST[street], True
                new = slots.get(street)
                drawing = street in (S.DRAW_1, S.DRAW_2, S.DRAW_3)
            elif not drawing:
                new, drawing = slot + 1, True  # an older log prints the draw without a street line
            if new is not None and new != slot and new not in b.seen and new <= last:
                slot, bets, callers = new, 0, 0
                b.seen[slot] = {p for p in players if p not in folded}
            continue
        if kind_of not in DECISIONS:
            if kind_of is Post:
                post = cast(Post, e)
                if post.all_in:
                    able.discard(post.player)
                if post.post is PostType.BRING_IN:
                    b.bring_in = post.player
            continue
        kind: ActionKind
        kind, player = _KIND_AND_PLAYER(e)  # (one C call: ``typing.cast`` is a Python call per decision)
        drawing = False
        action = Action(  # (by position: player, kind, slot, facing_bet, level, callers, bets_before, can_raise,
            # unopened; ``can_raise``: someone else in and not all-in)
            player, kind, slot, bets > 0, level if slot == 0 else 0, callers, bets, len(able) > (player in able),
            slot == 0 and completion,
        )
        actions.append(action)  # (``Betting.add``, inline: one call fewer per decision)
        mine = by_player.get((player, slot))
        if mine is None:
            by_player[player, slot] = [action]
        else:
            mine.append(action)
        everyone = by_slot.get(slot)
        if everyone is None:
            by_slot[slot] = [action]
        else:
            everyone.append(action)
        if kind_of in WAGERS and _ALL_IN(e):
            able.discard(player)
        if kind == "fold":
            folded.add(player)
            able.discard(player)
        elif kind == "call":
            callers += 1
        elif kind in ("bet", "raise"):
            bets += 1
            callers = 0
            b.raisers.setdefault(slot, []).append(player)
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


POT_TYPES = ("unraised", "single-raised", "3-bet", "4-bet+")
"""The kinds of pot by the raises of the first round (stud: the completion of the bring-in is no raise)."""


def pot_type(b: Betting) -> str:
    """The hand's pot by its first round: no raise, one (single-raised), two (a 3-bet pot) or more (4-bet+)."""
    raises = sum(a.kind in ("bet", "raise") and not a.unopened for a in b.round(0))
    return POT_TYPES[min(raises, 3)]


def _first(actions: list[Action]) -> Action | None:
    return actions[0] if actions else None


def preflop_participation(ctx: Context, p: str) -> Row:
    """``vpip``: put money in the pot voluntarily on the first round (called or raised; posting a blind and
    checking the big blind do not count). ``pfr``: raised (or bet) on the first round. ``limp``: the first
    voluntary action was a call with no raise before it (calling the big blind or a straddle; the small
    blind completing counts). ``cold_call``: the player's first decision was a call of a raise (blinds
    included: their post is not a decision)."""
    acts = ctx.betting.of(p, 0)
    first = acts[0] if acts else None
    voluntary: Action | None = None  # the first call, bet or raise
    pfr = False
    for a in acts:  # one pass (a player has one or two decisions on the first round, mostly)
        kind = a.kind
        if kind == "bet" or kind == "raise":
            pfr = True
            if voluntary is None:
                voluntary = a
        elif kind == "call" and voluntary is None:
            voluntary = a
    return {
        "vpip": voluntary is not None,
        "pfr": pfr,
        "limp": voluntary is not None and voluntary.kind == "call" and voluntary.level == 1,
        "cold_call": first is not None and first.kind == "call" and first.level >= 2,
    }


def open_raise(ctx: Context, p: str) -> Row:
    """``open_opp``: the player's first decision came with nobody in voluntarily before (only folds since
    the blinds); ``open_raise``: they raised there (raise first in)."""
    first = _first(ctx.betting.of(p, 0))
    opp = first is not None and _nobody_in_before(ctx, first)
    return {"open_opp": opp, "open_raise": opp and first is not None and first.kind in ("raise", "bet")}


def _nobody_in_before(ctx: Context, action: Action) -> bool:
    """Whether only folds came before ``action`` on the first round (asked of each player's first decision by
    three families)."""
    return id(action) in _unopened(ctx)


def _unopened(ctx: Context) -> set[int]:
    """The ids of the first round's decisions up to its first that is not a fold (found once a hand; the decisions
    live as long as the memo: their ids stay theirs)."""
    memo = ctx.betting.memo
    unopened = memo.get(UNOPENED_KEY)
    if unopened is None:
        found: set[int] = set()
        for a in ctx.betting.round(0):
            found.add(id(a))
            if a.kind != "fold":
                break
        unopened = memo[UNOPENED_KEY] = found
    return cast("set[int]", unopened)


UNOPENED_KEY = ("unopened", 0)


def three_bet(ctx: Context, p: str) -> Row:
    """``three_bet_opp``: the player had a decision facing exactly one raise (the open); ``three_bet``: they
    re-raised. ``four_bet_opp``/``four_bet``: the same facing exactly two raises (a 3-bet).
    ``fold_to_three_bet_opp``: the player made the open raise and next had a decision facing the 3-bet
    (nothing more); ``fold_to_three_bet``: they folded there. ``squeeze_opp``: facing the open raise after at
    least one player called it; ``squeeze``: re-raised there."""
    at2 = raised2 = at3 = raised3 = opened = False
    after_open: Action | None = None  # the first decision facing a 3-bet or more (counted if they opened)
    sq: Action | None = None  # the first decision facing the open raise with a caller in, able to raise
    for a in ctx.betting.of(p, 0):  # one pass over the player's first-round decisions
        level = a.level
        if level == 2:
            if a.can_raise:
                at2 = True
                raised2 = raised2 or a.kind == "raise"
                if sq is None and a.callers > 0:
                    sq = a
        elif level == 1:
            opened = opened or a.kind == "raise" or a.kind == "bet"
        else:
            if after_open is None and level >= 3:
                after_open = a
            if level == 3 and a.can_raise:
                at3 = True
                raised3 = raised3 or a.kind == "raise"
    f3_opp = opened and after_open is not None and after_open.level == 3
    return {
        "three_bet_opp": at2,
        "three_bet": raised2,
        "four_bet_opp": at3,
        "four_bet": raised3,
        "fold_to_three_bet_opp": f3_opp,
        "fold_to_three_bet": f3_opp and after_open is not None and after_open.kind == "fold",
        "squeeze_opp": sq is not None,
        "squeeze": sq is not None and sq.kind == "raise",
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
    """Whether the player's first decision on the first round faced a steal (an open raise from a steal position)
    with every other decision before it a fold."""
    return p in cast("set[str]", _memo(ctx, STEAL_FACED_KEY, _steal_faced, ctx))


def _steal_faced(ctx: Context) -> set[str]:
    """Who faced a steal at their first decision (see :func:`_faces_steal`), found in one pass over the round."""
    faced: set[str] = set()
    seen: set[str] = set()
    stealer = False  # a steal was made, and nothing but folds since
    for a in ctx.betting.round(0):
        player = a.player
        if player not in seen:
            seen.add(player)
            if stealer:
                faced.add(player)
        if a.kind == "fold":
            continue
        if stealer or not (a.kind in ("raise", "bet") and ctx.positions.get(player) in STEAL_POSITIONS):
            break  # someone in before the steal, or after it: nobody later faced a steal alone
        stealer = True
    return faced


STEAL_FACED_KEY = ("steal_faced", 0)


def streets_seen(ctx: Context, p: str) -> Row:
    """``saw_flop``/``saw_turn``/``saw_river``: the player had not folded when that street was dealt (all-in
    players see it). ``saw_showdown``: saw the flop (the second round) and is still in at the end with at least
    one other player: a hand whose log stops before the flop with two players in (iPoker's 2016 partial export
    writes only the blinds) reached no showdown, and WTSD (showdowns over flops seen) stays a share of the
    flops. ``won_at_showdown``: saw the showdown and collected money. ``won_when_saw_flop``: saw the flop and
    collected money."""
    seen = ctx.betting.seen
    flop = p in seen.get(1, ())
    folded = ctx.betting.folded
    showdown = flop and p not in folded and p in ctx.players and sum(q not in folded for q in ctx.players) >= 2
    won = ctx.collected.get(p, ZERO) > ZERO  # (Decimal to Decimal: no int converted per player)
    return {
        "saw_flop": flop,
        "saw_turn": p in seen.get(2, ()),
        "saw_river": p in seen.get(3, ()),
        "saw_showdown": showdown,
        "won_at_showdown": showdown and won,
        "won_when_saw_flop": flop and won,
    }


def _continuation_bets(ctx: Context, p: str) -> Row:
    """:func:`continuation_bets`, once per player and hand (:func:`cbet_position` splits it by position)."""
    return cast(Row, _memo(ctx, ("cbets:" + p, 0), continuation_bets, ctx, p))


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


def postflop_actions(ctx: Context, p: str) -> Row:
    """Counts of the player's bets, raises, calls, checks and folds after the first betting round (the
    numbers behind AF = (bets + raises) / calls and AFq = (bets + raises) / (bets + raises + calls + folds))."""
    counts = NO_POSTFLOP_ACTIONS.copy()  # (a copy and a key per decision: no dict built from another)
    by_player = ctx.betting.by_player
    for slot in POSTFLOP_ROUNDS:
        for a in by_player.get((p, slot), NONE):
            counts[POSTFLOP_NAME_OF[a.kind]] += 1
    return cast(Row, counts)


POSTFLOP_NAME_OF = {"bet": "postflop_bets", "raise": "postflop_raises", "call": "postflop_calls",
                    "check": "postflop_checks", "fold": "postflop_folds"}  # fmt: skip
""":func:`postflop_actions`' column per kind of decision, in column order."""
NO_POSTFLOP_ACTIONS: dict[str, int] = dict.fromkeys(POSTFLOP_NAME_OF.values(), 0)


POSTFLOP_ROUNDS = (1, 2, 3, 4)
"""Every round after the first (slot 4: stud's seventh street)."""


def _aggressive(a: Action) -> bool:
    return a.kind in AGGRESSIVE


AGGRESSIVE = ("bet", "raise")
"""The kinds of decision that bet or raise (the loops over a round test ``a.kind in AGGRESSIVE`` inline: a call
per decision costs more than the test)."""


def _memo(ctx: Context, key: tuple[str, int], compute: Callable[..., object], *args: object) -> object:
    """A fact of the hand the counters of every player ask for, ``compute(*args)`` computed once (its arguments
    given, not a closure: one is asked for per player and family)."""
    memo = ctx.betting.memo
    found = memo.get(key)
    if found is None and key not in memo:
        found = memo[key] = compute(*args)
    return found


def _first_raiser(ctx: Context) -> str | None:
    """Who made the first raise of the first round (the 2-bet; in stud the first raise over the completion)."""
    memo = ctx.betting.memo
    if FIRST_RAISER_KEY in memo:
        return cast("str | None", memo[FIRST_RAISER_KEY])
    raiser = memo[FIRST_RAISER_KEY] = next(
        (a.player for a in ctx.betting.round(0) if a.kind in AGGRESSIVE and a.level == 1 and not a.unopened), None)
    return raiser


FIRST_RAISER_KEY = ("first_raiser", 0)
"""The memo's key of :func:`_first_raiser` (asked by every player's :func:`four_bets`)."""


def two_bet(ctx: Context, p: str) -> Row:
    """``two_bet_opp``: the player had a decision on the first round before anyone raised (limpers may be in;
    stud: after the bring-in was completed) and could raise; ``two_bet``: they made that first raise. An isolation
    raise over limpers is a 2-bet but not a raise first in (``open_raise``). ``fold_to_two_bet_opp``: the player
    was in the pot voluntarily before the first raise (a limper; stud: the completer) and next had a decision
    facing that raise alone; ``fold_to_two_bet``: they folded there."""
    at1 = made = entered = raised = False
    later: Action | None = None  # the first decision facing a raise
    for a in ctx.betting.of(p, 0):  # one pass over the player's first-round decisions
        if a.level == 1:
            aggressive = a.kind == "bet" or a.kind == "raise"
            if a.unopened:
                entered = entered or aggressive
            else:
                if a.can_raise:
                    at1 = True
                    made = made or aggressive
                raised = raised or aggressive
            entered = entered or a.kind == "call"
        elif later is None and a.level >= 2:
            later = a
    f2 = entered and not raised and later is not None and later.level == 2
    return {
        "two_bet_opp": at1,
        "two_bet": made,
        "fold_to_two_bet_opp": f2,
        "fold_to_two_bet": f2 and later is not None and later.kind == "fold",
    }


def four_bets(ctx: Context, p: str) -> Row:
    """``cold_four_bet_opp``: a decision facing a 3-bet by a player other than the one who made the first raise
    (that player's chance is ``four_bet_opp`` facing their 3-bet, see :func:`three_bet`), who could raise;
    ``cold_four_bet``: they re-raised there. ``fold_to_four_bet_opp``: a player other than the first raiser had a
    decision facing a 4-bet (in practice the 3-bettor); ``fold_to_four_bet``: they folded at the first one.
    ``fold_to_squeeze_opp``: the player made the first raise or called it, a squeeze followed (a 3-bet after
    the raise and at least one call) and they next had a decision; ``fold_to_squeeze``: they folded there."""
    acts = ctx.betting.of(p, 0)
    opener = _first_raiser(ctx)
    at3 = made = False
    at4: Action | None = None  # the first decision facing a 4-bet
    if p != opener:
        for a in acts:
            if a.level == 3:
                if a.can_raise:
                    at3 = True
                    made = made or a.kind == "bet" or a.kind == "raise"
            elif a.level == 4 and at4 is None:
                at4 = a
    row: Row = {
        "cold_four_bet_opp": at3,
        "cold_four_bet": made,
        "fold_to_four_bet_opp": at4 is not None,
        "fold_to_four_bet": at4 is not None and at4.kind == "fold",
    }
    faced = cast("dict[str, str]", _memo(ctx, SQUEEZE_ANSWERS_KEY, _squeeze_answers, ctx)).get(p)
    row["fold_to_squeeze_opp"] = faced is not None
    row["fold_to_squeeze"] = faced == "fold"
    return row


def _squeeze_answers(ctx: Context) -> dict[str, str]:
    """After the first round's first squeeze (see :func:`_squeeze`): the kind of the next decision of each player
    who made or called the raise it squeezed (the squeezer apart), per player who had one."""
    defenders, squeezer, at = _squeeze(ctx)
    answers: dict[str, str] = {}
    if squeezer is not None:
        for a in ctx.betting.round(0)[at + 1 :]:
            if a.player != squeezer and a.player in defenders and a.player not in answers:
                answers[a.player] = a.kind
    return answers


SQUEEZE_ANSWERS_KEY = ("squeeze_answers", 0)


def _squeeze(ctx: Context) -> tuple[set[str], str | None, int]:
    """The first round's first squeeze (a 3-bet after the first raise and at least one call): who made or called
    the first raise before it, who squeezed and where in the round (None and -1 without a squeeze)."""
    defenders: set[str] = set()
    for i, a in enumerate(ctx.betting.round(0)):
        if (a.level == 2 and a.kind == "call") or (a.kind in AGGRESSIVE and a.level == 1 and not a.unopened):
            defenders.add(a.player)
        elif a.kind in AGGRESSIVE and a.level == 2 and a.callers > 0:
            return defenders, a.player, i
    return defenders, None, -1


def limps(ctx: Context, p: str) -> Row:
    """``open_limp_opp``: the same chance as ``open_opp`` (nobody in voluntarily before the player's first
    decision); ``open_limp``: they called there (stud: no limp, the bring-in is completed or called).
    ``limp_call``/``limp_fold``/``limp_raise`` (each with its ``…_opp``, the same: the player limped and next had
    a decision facing a raise): what they did there."""
    acts = ctx.betting.of(p, 0)
    first = acts[0] if acts else None
    opp = first is not None and _nobody_in_before(ctx, first)
    limped = first is not None and first.kind == "call" and first.level == 1
    nxt = next((a for a in acts[1:] if a.facing_bet), None) if limped else None
    faced = nxt is not None and nxt.level >= 2
    row: Row = {"open_limp_opp": opp, "open_limp": opp and first is not None and first.kind == "call"}
    for kind, done_opp, done in LIMP_NAMES:
        row[done_opp] = faced
        row[done] = faced and nxt is not None and nxt.kind == kind
    return row


LIMP_NAMES = tuple((kind, f"{done}_opp", done) for kind, done in
                   (("call", "limp_call"), ("fold", "limp_fold"), ("raise", "limp_raise")))  # fmt: skip
""":func:`limps`' columns after a limp, per what the limper did next (names made once, not per player and hand)."""


def _order(ctx: Context, slot: int) -> list[str]:
    """The players of round ``slot`` in the order of their first decision there."""
    return cast("list[str]", _memo(ctx, ORDER_KEYS.get(slot) or ("order", slot), _first_decisions, ctx, slot))


def _first_decisions(ctx: Context, slot: int) -> list[str]:
    return list(dict.fromkeys(map(_PLAYER, ctx.betting.round(slot))))


_PLAYER = attrgetter("player")


ORDER_KEYS = {slot: ("order", slot) for slot in range(5)}


def _last_to_act(ctx: Context, slot: int) -> str | None:
    memo = ctx.betting.memo
    key = ("last", slot)
    if key in memo:
        return cast("str | None", memo[key])
    last = memo[key] = _compute_last_to_act(ctx, slot)
    return last


def _compute_last_to_act(ctx: Context, slot: int) -> str | None:
    """Who acts last on round ``slot``: the last player in the order of first decisions, or, when everyone else
    folded before that player's turn came, the one player left."""
    order = _order(ctx, slot)
    if not order:
        return None
    dealt = ctx.betting.seen.get(slot, ctx.players)
    folded = {a.player for a in ctx.betting.round(slot) if a.kind == "fold"}
    left = [q for q in ctx.players if q in dealt and q not in folded]
    if len(left) == 1 and left[0] not in order:
        return left[0]
    return order[-1]


def in_position(ctx: Context, p: str) -> Row:
    """``in_position_preflop``: the player holds a seat that acts last: the big blind (last on the first round)
    or, at a table of three or more, the button (last on every later round; heads-up the button is the small
    blind, first on the flop). Stud,
    without a button: the player who acts last on the first round before the action comes back to the bring-in
    (the bring-in's post is no decision). ``in_position_flop``: the player acts last on the flop (the second
    round), or is the one left when everybody else folds before their turn."""
    preflop = ctx.positions.get(p) in ("BB", "BTN") if ctx.positions else _last_before_bring_in(ctx) == p
    return {"in_position_preflop": preflop, "in_position_flop": _last_to_act(ctx, 1) == p}


def _last_before_bring_in(ctx: Context) -> str | None:
    """Stud: the last player in the first round's order of first decisions other than the bring-in (once a hand)."""
    return cast("str | None", _memo(ctx, LAST_BEFORE_BRING_IN_KEY, _compute_last_before_bring_in, ctx))


def _compute_last_before_bring_in(ctx: Context) -> str | None:
    order = [q for q in _order(ctx, 0) if q != ctx.betting.bring_in]
    return order[-1] if order else None


LAST_BEFORE_BRING_IN_KEY = ("last_before_bring_in", 0)


def delayed_and_probe(ctx: Context, p: str) -> Row:
    """``delayed_cbet_turn_opp``: the preflop aggressor checked the flop, nobody bet it, and they had a decision on
    the turn before anyone bet; ``delayed_cbet_turn``: they bet there. ``probe_turn_opp``: in the same hand (the
    aggressor checked a flop nobody bet), the player is the first other than the aggressor to decide on the turn,
    before anyone bet; ``probe_turn``: they bet."""
    bettor = ctx.betting.last_aggressor(0)
    row = NO_DELAYED_NOR_PROBE.copy()
    if bettor is None:
        return row
    flop = ctx.betting.of(bettor, 1)
    if not flop or flop[0].kind != "check" or ctx.betting.raisers.get(1):
        return row
    prober: str | None = None
    for a in ctx.betting.round(2):
        if a.bets_before:
            break
        if a.player == bettor:
            if p == bettor:
                row["delayed_cbet_turn_opp"] = True
                row["delayed_cbet_turn"] = _aggressive(a)
        elif prober is None:
            prober = a.player
            if a.player == p:
                row["probe_turn_opp"] = True
                row["probe_turn"] = _aggressive(a)
    return row


NO_DELAYED_NOR_PROBE: Row = dict.fromkeys(
    ("delayed_cbet_turn_opp", "delayed_cbet_turn", "probe_turn_opp", "probe_turn"), False)
""":func:`delayed_and_probe`'s columns before it finds an opportunity (made once, copied per player)."""


def street_actions(ctx: Context, p: str) -> Row:
    """Per later round (flop, turn, river; draw games: after each draw; stud: fourth to sixth street):
    ``check_raise_<street>_opp``: the player checked and then had a decision facing a bet (the chance to
    check-raise or check-call); ``check_raise_<street>``/``check_call_<street>``: they raised / called there.
    ``faced_raise_<street>``: the player had a decision facing a bet or raise; ``fold_to_raise_<street>``: they
    folded facing one. ``bets_<street>``, ``calls_<street>``, ``raises_<street>``: how many times they bet,
    called, raised."""
    row = NO_STREET_ACTIONS_ROW.copy()  # the commonest: no decision on a round (folded before it, or all-in)
    by_player = ctx.betting.by_player
    for slot, keys in STREET_ACTION_NAMES.items():
        acts = by_player.get((p, slot))
        if acts is None:
            continue
        opp = len(acts) >= 2 and acts[0].kind == "check" and acts[1].facing_bet
        faced = folded = False
        bets = calls = raises = 0
        for a in acts:  # one pass (rather than a generator per column)
            kind = a.kind
            if a.facing_bet:
                faced = True
                folded = folded or kind == "fold"
            if kind == "bet":
                bets += 1
            elif kind == "call":
                calls += 1
            elif kind == "raise":
                raises += 1
        row.update(zip(keys, (
            opp, opp and acts[1].kind == "raise", opp and acts[1].kind == "call", faced, folded, bets, calls, raises,
        ), strict=True))
    return row


STREET_ACTION_NAMES = {
    slot: (f"check_raise_{name}_opp", f"check_raise_{name}", f"check_call_{name}", f"faced_raise_{name}",
           f"fold_to_raise_{name}", f"bets_{name}", f"calls_{name}", f"raises_{name}")
    for slot, name in SLOT_NAMES.items()
}
"""Per later round, :func:`street_actions`' columns (names made once, not per player and hand)."""
NO_STREET_ACTIONS = {
    slot: dict(zip(names, (False, False, False, False, False, 0, 0, 0), strict=True))
    for slot, names in STREET_ACTION_NAMES.items()
}
""":func:`street_actions` of a player without a decision on the round: what its expressions give for none."""
NO_STREET_ACTIONS_ROW: Row = {name: value for row in NO_STREET_ACTIONS.values() for name, value in row.items()}
""":func:`street_actions` of a player without a decision on any later round (copied whole, then each round with
decisions updated: a copy is one block, where ``update`` puts a key at a time)."""


def _aggressor_before(ctx: Context, slot: int) -> str | None:
    """The last player to bet or raise before round ``slot`` (on the latest round that had a bet)."""
    for earlier in range(slot - 1, -1, -1):
        who = ctx.betting.last_aggressor(earlier)
        if who is not None:
            return who
    return None


def donks_and_floats(ctx: Context, p: str) -> Row:
    """``donk_<street>_opp``: the player had a decision on the street before the last aggressor of the earlier
    rounds acted there, with no bet before it; ``donk_<street>``: they bet into that aggressor.
    ``float_<street>_opp`` (turn, river): the player called a bet or raise of the previous round's last
    aggressor on that round, and on this one had a decision after that aggressor checked, before anyone bet;
    ``float_<street>``: they bet there."""
    row: Row = {}
    memo = ctx.betting.memo
    for slot, (donk_opp, donk, float_opp, float_) in DONK_FLOAT_NAMES.items():
        memo_key = AGGRESSOR_BEFORE_KEYS[slot]
        if memo_key in memo:
            aggressor = cast("str | None", memo[memo_key])
        else:
            aggressor = memo[memo_key] = _aggressor_before(ctx, slot)
        opp = done = False
        if aggressor is not None and aggressor != p and ctx.betting.of(aggressor, slot):
            for a in ctx.betting.round(slot):
                if a.player == aggressor or a.bets_before:
                    break
                if a.player == p:
                    opp, done = True, a.kind == "bet"
                    break
        row[donk_opp] = opp
        row[donk] = done
        if slot == 1:
            continue
        previous = ctx.betting.last_aggressor(slot - 1)
        opp = done = False
        if previous is not None and previous != p and _called(ctx, p, previous, slot - 1):
            checked = False
            for a in ctx.betting.round(slot):
                if a.bets_before:
                    break
                if a.player == previous:
                    checked = a.kind == "check"
                    if not checked:
                        break
                elif checked and a.player == p:
                    opp, done = True, a.kind == "bet"
                    break
        row[float_opp] = opp
        row[float_] = done
    return row


DONK_FLOAT_NAMES = {
    slot: (f"donk_{name}_opp", f"donk_{name}", f"float_{name}_opp", f"float_{name}")
    for slot, name in SLOT_NAMES.items()
}
"""Per later round, :func:`donks_and_floats`' columns (names made once, not per player and hand)."""
AGGRESSOR_BEFORE_KEYS = {slot: ("aggressor_before", slot) for slot in SLOT_NAMES}


def _called(ctx: Context, p: str, bettor: str, slot: int) -> bool:
    """Whether ``p`` called a bet or raise of ``bettor`` on round ``slot``."""
    last: str | None = None
    for a in ctx.betting.round(slot):
        if a.kind in AGGRESSIVE:
            last = a.player
        elif a.kind == "call" and a.player == p and last == bettor:
            return True
    return False


def cbet_position(ctx: Context, p: str) -> Row:
    """The c-bets and folds to them of :func:`continuation_bets`, split by position: ``cbet_<street>_ip(_opp)``
    when the c-bettor acts after every other player on that street (the others checked to them),
    ``cbet_<street>_oop(_opp)`` otherwise; ``fold_to_cbet_<street>_ip(_opp)`` when the player acts after the
    c-bettor on that street, ``…_oop(_opp)`` when before."""
    base = _continuation_bets(ctx, p)
    if not any(_CBET_OPPS_OF(base)):  # the commonest: no c-bet, nor one faced, on any round
        return NO_CBET_SIDES.copy()
    row: Row = {}
    for slot, (cbet, fold, cbet_sides, fold_sides) in CBET_SIDE_NAMES.items():
        opp, made, fold_opp, folded = (bool(base[cbet[0]]), bool(base[cbet[1]]), bool(base[fold[0]]),
                                       bool(base[fold[1]]))
        if not (opp or fold_opp):
            row.update(ALL_FALSE[slot])
            continue
        order = _order(ctx, slot)
        ip = bool(order) and order[-1] == p  # nobody decides after the c-bettor's first decision
        bettor = cast("str | None", _memo(ctx, ("cbettor", slot), _cbettor, ctx, slot))
        after = bettor is not None and p in order and bettor in order and order.index(p) > order.index(bettor)
        for (opp_ip, made_ip, opp_oop, made_oop), here, o, m in (
            (cbet_sides, ip, opp, made), (fold_sides, after, fold_opp, folded)
        ):
            row[opp_ip], row[made_ip] = o and here, m and here
            row[opp_oop], row[made_oop] = o and not here, m and not here
    return row


CBET_SIDE_NAMES = {
    slot: (
        (f"cbet_{name}_opp", f"cbet_{name}"),
        (f"fold_to_cbet_{name}_opp", f"fold_to_cbet_{name}"),
        (f"cbet_{name}_ip_opp", f"cbet_{name}_ip", f"cbet_{name}_oop_opp", f"cbet_{name}_oop"),
        (f"fold_to_cbet_{name}_ip_opp", f"fold_to_cbet_{name}_ip", f"fold_to_cbet_{name}_oop_opp",
         f"fold_to_cbet_{name}_oop"),
    )
    for slot, name in SLOT_NAMES.items()
}
"""Per later round: the c-bet columns, the fold-to-c-bet columns, and their in/out of position splits."""
ALL_FALSE = {slot: dict.fromkeys((*names[2], *names[3]), False) for slot, names in CBET_SIDE_NAMES.items()}
NO_CBET_SIDES: Row = {name: False for names in ALL_FALSE.values() for name in names}
""":func:`cbet_position`'s columns when the player had no c-bet to make nor one to face on any round."""
CBET_OPPS = tuple(name for cbet, fold, _, _ in CBET_SIDE_NAMES.values() for name in (cbet[0], fold[0]))
_CBET_OPPS_OF = itemgetter(*CBET_OPPS)
"""The opportunities :func:`cbet_position` splits (a c-bet's, a fold to one's)."""


def _cbettor(ctx: Context, slot: int) -> str | None:
    """Who made the c-bet of round ``slot`` (the first bet there, by the last aggressor of the round before)."""
    before = ctx.betting.last_aggressor(slot - 1)
    first = next((a for a in ctx.betting.round(slot) if a.kind in AGGRESSIVE), None)
    return before if first is not None and first.player == before and first.bets_before == 0 else None


COUNTERS: tuple[Callable[[Context, str], Row], ...] = (
    preflop_participation,
    open_raise,
    three_bet,
    steal,
    streets_seen,
    _continuation_bets,
    postflop_actions,
    two_bet,
    four_bets,
    limps,
    in_position,
    delayed_and_probe,
    street_actions,
    donks_and_floats,
    cbet_position,
)
"""Every counter family, in column order."""

LATER_ROUND_COUNTERS = frozenset({
    _continuation_bets, postflop_actions, delayed_and_probe, street_actions, donks_and_floats, cbet_position,
})
"""The families that read only the player's own decisions after the first round: for a player without one
(folded preflop, all-in before the flop) each gives its columns' no-decision values (every flag False, every
count 0), whatever the other players did."""
FIRST_ROUND_COUNTERS = tuple(c for c in COUNTERS if c not in LATER_ROUND_COUNTERS)
LATER_ROUND_FAMILIES = tuple(c for c in COUNTERS if c in LATER_ROUND_COUNTERS)
"""``LATER_ROUND_COUNTERS`` in column order."""


def _no_later_decision() -> Row:
    """The columns of ``LATER_ROUND_COUNTERS`` for a player without a decision after the first round: what the
    families give for a hand of no decision at all."""
    nobody = Context(Betting(), ("",), {}, {})
    row: Row = {}
    for counter in COUNTERS:
        if counter in LATER_ROUND_COUNTERS:
            row.update(counter(nobody, ""))
    return row


NO_LATER_DECISION = _no_later_decision()


def decides_later(ctx: Context, player: str) -> bool:
    """Whether the player has a decision after the first round (else the later rounds' families give
    ``NO_LATER_DECISION``)."""
    by_player = ctx.betting.by_player
    return (player, 1) in by_player or (player, 2) in by_player or (player, 3) in by_player or (
        player, 4) in by_player


def count(ctx: Context, player: str, full: Row | None = None, quiet: Row | None = None) -> Row:
    """All counters of one player (the columns' order is ``totals.COUNTER_FIELDS``', not this row's), put into a
    copy of ``full`` (by default an empty row) for a player with a decision after the first round, else of ``quiet``
    (by default ``NO_LATER_DECISION``, which ``quiet`` must hold): ``frame.hand_rows`` passes its records, whose
    other keys the counters then join in place.

    Most players of a hand fold on the first round: the later rounds' families are not asked for theirs, and the
    first round's come from :func:`first_round`."""
    if decides_later(ctx, player):
        row = {} if full is None else full.copy()
        later = True
    else:  # the later rounds' columns copied whole (a copy of a dict is one block; updating it, one key at a time)
        row = (NO_LATER_DECISION if quiet is None else quiet).copy()
        later = False
    update = row.update
    update(first_round(ctx, player))
    update(streets_seen(ctx, player))
    if later:
        for counter in LATER_ROUND_FAMILIES:
            update(counter(ctx, player))
    return row


FIRST_ROUND_KEYED = tuple(c for c in FIRST_ROUND_COUNTERS if c is not streets_seen)
"""The first round's families whose columns :func:`first_round` keeps per :func:`first_round_key` (all but
:func:`streets_seen`, which reads the later rounds' players and the money)."""
FIRST_ROUND_ROWS: dict[tuple[object, ...], Row] = {}
"""``FIRST_ROUND_KEYED``'s columns per :func:`first_round_key`, across hands (1,213 keys for the 22,601 players of
the corpus's fpdb folder)."""
FIRST_ROUND_ROWS_MAX = 4096
"""``FIRST_ROUND_ROWS`` is emptied when it holds this many (a bound on memory; never reached on the corpus)."""


def first_round(ctx: Context, player: str) -> Row:
    """The columns of ``FIRST_ROUND_KEYED`` for ``player``: the families' own row, computed once per
    :func:`first_round_key` and shared (read it, do not change it).

    Most players of a hand make one decision, a fold on the first round, in one of few situations: the eight
    families give the same columns for the same key, and a key costs fewer calls than the families."""
    key = first_round_key(ctx, player)
    row = FIRST_ROUND_ROWS.get(key)
    if row is None:
        if len(FIRST_ROUND_ROWS) >= FIRST_ROUND_ROWS_MAX:
            FIRST_ROUND_ROWS.clear()
        row = FIRST_ROUND_ROWS[key] = {}
        for counter in FIRST_ROUND_KEYED:
            row.update(counter(ctx, player))
    return row


def first_round_key(ctx: Context, p: str) -> tuple[object, ...]:
    """Everything the families of ``FIRST_ROUND_KEYED`` read of the hand for player ``p`` (none reads the name
    itself): the player's first-round decisions (all but their name and round), their position and whether the
    hand has positions, whether only folds came before their first decision, whether they faced a steal, whether
    they made the first raise, what they did after a squeeze of their raise or call, whether they were stud's last
    before the bring-in and whether they act last on the second round. ``tests/stats/test_counter_shortcut.py``
    checks over the corpus that the key is complete: the rows kept are the rows the families compute, for every
    player."""
    b = ctx.betting
    facts = b.first_round_facts
    if facts is None:
        facts = b.first_round_facts = _first_round_facts(ctx)
    unopened, steal_faced, opener, squeeze_answers, stud_last, flop_last = facts
    acts = b.by_player.get((p, 0), NONE)
    return (
        (_SHAPE(acts[0]),) if len(acts) == 1 else tuple(map(_SHAPE, acts)),  # (one decision: the commonest)
        ctx.positions.get(p),
        not ctx.positions,
        bool(acts) and id(acts[0]) in unopened,
        p in steal_faced,
        p == opener,
        squeeze_answers.get(p),
        p == stud_last,
        p == flop_last,
    )


def _first_round_facts(ctx: Context) -> FirstRoundFacts:
    """The hand's facts :func:`first_round_key` reads, each the one its families ask for (once a hand)."""
    return (_unopened(ctx), cast("set[str]", _memo(ctx, STEAL_FACED_KEY, _steal_faced, ctx)), _first_raiser(ctx),
            cast("dict[str, str]", _memo(ctx, SQUEEZE_ANSWERS_KEY, _squeeze_answers, ctx)),
            None if ctx.positions else _last_before_bring_in(ctx),  # (``in_position`` reads it without positions)
            _last_to_act(ctx, 1))  # fmt: skip


_SHAPE = attrgetter("kind", "level", "callers", "can_raise", "unopened", "facing_bet")
"""A first-round decision as the first round's families read it (``Action`` but its player, its round and the
later rounds' ``bets_before``)."""
