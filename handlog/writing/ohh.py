"""Write any hand handlog reads as Open Hand History (hh-specs.handhistory.org): one ``{"ohh": …}`` object a hand.

The hand is written from its replay (so a research log's uncalled returns and awards, which the engine makes, are
written too): the forced bets, the deal and the betting in rounds ``Preflop``, ``Flop``, ``Turn``, ``River`` (a
street run again is a round of its own, and the hand is flagged ``Run_It_Twice``), the shows and mucks in a
``Showdown`` round, and the pots: each pot's ``amount`` is what the players put in once uncalled bets came back
(OHH has no action for that return: the reader and the audit find it from the total), with the rake and the
room's other fees (``jackpot``) on the main pot, and each player's ``win_amount`` what they collected. A ``Raise``
amount is what the raise adds to the player's bet, as the specification says.

What OHH cannot hold is said in ``Written.notes`` (chat, seat changes and notices, a fold that showed cards, a
button blind, a tournament's buy-in, the five- or six-card Omaha a hand without known hole cards cannot show), or,
when the hand cannot be written at all, ``Unconvertible``: games OHH's rounds cannot say (stud and draw games,
Courchevel, Split Hold'em, 6+ Hold'em, Irish), a cancelled hand, money a player paid outside the pot.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal

from handlog.engine import replay
from handlog.engine.replay import pot_index
from handlog.engine.rules import profile_for
from handlog.events import (
    Bet,
    ButtonDraw,
    Call,
    CashOut,
    Chat,
    Check,
    Collect,
    DealHole,
    Event,
    Fold,
    Game,
    Hand,
    HandCancelled,
    Muck,
    Notice,
    Post,
    PostType,
    PotDrop,
    Raise,
    Redeal,
    Show,
    SidePayment,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
)
from handlog.writing.base import Unconvertible, Written, number, unfinished

__all__ = ["hand_to_ohh", "join"]

ZERO = Decimal(0)
SPEC_VERSION = "1.4.7"
GAME_TYPES: dict[Game, str] = {
    Game.HOLDEM: "Holdem",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "OmahaHiLo",
    Game.FIVE_CARD_OMAHA: "Omaha",
    Game.FIVE_CARD_OMAHA_HI_LO: "OmahaHiLo",
    Game.SIX_CARD_OMAHA: "Omaha",
}
BET_TYPES = {Structure.NO_LIMIT: "NL", Structure.POT_LIMIT: "PL", Structure.FIXED_LIMIT: "FL"}
POST_ACTIONS = {
    PostType.SMALL_BLIND: "Post SB",
    PostType.BIG_BLIND: "Post BB",
    PostType.ANTE: "Post Ante",
    PostType.STRADDLE: "Straddle",
    PostType.DEAD_BLIND: "Post Dead",
    PostType.BUTTON_BLIND: "Post Extra Blind",
}
LIVE = frozenset({PostType.SMALL_BLIND, PostType.BIG_BLIND, PostType.STRADDLE, PostType.BUTTON_BLIND})
STREET_NAMES = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}
PLAY = "XPM"
"""OHH's play-money currency (1.4.6; "PPC" before it)."""


class Num:
    """An exact amount in the JSON text (``json`` writes ``Decimal`` only through ``float``)."""

    __slots__ = ("value",)

    def __init__(self, value: Decimal) -> None:
        self.value = value


Json = dict[str, "Json"] | list["Json"] | str | int | bool | Num | None


def dumps(value: Json, indent: int = 0) -> str:
    """JSON text with exact amounts, four spaces an indent, as the specification's examples are written."""
    pad, inner = "    " * indent, "    " * (indent + 1)
    if isinstance(value, Num):
        return number(value.value)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {dumps(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(isinstance(v, str) for v in value):  # cards and flags on one line
            return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in value) + "]"
        return "[\n" + ",\n".join(f"{inner}{dumps(v, indent + 1)}" for v in value) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


class _Writer:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.notes: list[str] = []
        game_type = GAME_TYPES.get(hand.game)
        if game_type is None:
            raise Unconvertible(f"OHH has no rounds for {hand.game_name or hand.game.value} (its streets are"
                                " Preflop, Flop, Turn, River)")
        bet_type = BET_TYPES.get(hand.structure)
        if bet_type is None:
            raise Unconvertible(f"OHH has no bet_type for {hand.structure.value}")
        if hand.cancelled or any(isinstance(e, HandCancelled) for e in hand.events):
            raise Unconvertible("OHH cannot hold a cancelled hand")
        if any(isinstance(e, SidePayment) and e.amount < 0 for e in hand.events):
            raise Unconvertible("OHH cannot hold money a player paid outside the pot (an EV cash-out's risk)")
        if unfinished(hand):
            raise Unconvertible("the log ends before the hand does and states no result")
        self.game_type, self.bet_type = game_type, bet_type
        self.rp = replay(hand, profile_for(hand.site), states=False)
        self.events: list[Event] = [s.event for s in self.rp.steps] if self.rp.steps else list(hand.events)
        # OHH has no action for an uncalled bet's return: a reader finds it from the pots' total, which cannot say
        # a return the rules do not give, nor one in a hand whose pot nobody collected (cashed out)
        if self.rp.stopped:
            raise Unconvertible("the log's events cannot be replayed in order (the replay stopped): OHH's rounds"
                                " would write them in another")
        wrong = next((v for v in self.rp.violations if v.code == "uncalled-bet"), None)
        if wrong is not None:
            raise Unconvertible(f"OHH writes no uncalled returns, and this log's is not the rules' ({wrong.message})")
        if any(isinstance(e, CashOut) for e in self.events) and any(isinstance(e, UncalledBet) for e in self.events):
            raise Unconvertible("OHH writes no uncalled returns, and in a hand cashed out no pot total shows one")
        # in the order the log names them (a set's order would change the error's words from one run to another)
        acting = dict.fromkeys(
            getattr(e, "player", None) for e in self.events if not isinstance(e, Chat | StatusChange | Notice)
        )
        self.seats = [s for s in hand.seats if not s.out_of_hand and (not s.sitting_out or s.player in acting)]
        self.ids = {s.player: k for k, s in enumerate(self.seats)}
        stranger = next((p for p in acting if p is not None and p not in self.ids), None)
        if stranger is not None:
            raise Unconvertible(f"{stranger!r} acts without a seat in the hand")
        if len(self.seats) < 2:
            raise Unconvertible("an OHH hand needs two players dealt in")
        names = [s.player for s in self.seats]
        twice = next((n for n in names if names.count(n) > 1), None)
        if twice is not None:
            raise Unconvertible(f"two seats hold players named {twice!r}: OHH's hand would hold two players handlog"
                                " cannot tell apart")
        paying = {e.player for e in self.events if isinstance(e, Post | Bet | Call | Raise)}
        unstated = next((s.player for s in self.seats if s.stack <= 0 and s.player in paying), None)
        if unstated is not None:
            raise Unconvertible(f"{unstated}'s stack is not stated: OHH needs every player's starting_stack")

    # ------------------------------------------------------------------ the hand
    def document(self) -> dict[str, Json]:
        h = self.hand
        doc: dict[str, Json] = {
            "spec_version": SPEC_VERSION,
            "site_name": h.site,
            "network_name": h.site,
            "internal_version": "handlog",
            "tournament": h.tournament is not None,
        }
        if h.tournament is not None:
            doc["tournament_info"] = {"tournament_number": h.tournament.id, "name": h.tournament.buy_in}
            if h.tournament.buy_in or h.tournament.level:
                self.notes.append("the tournament's buy-in and level are no OHH numbers: the buy-in is written as"
                                  " its name, the level left out")
        doc["game_number"] = h.hand_id
        if h.time_utc is not None:
            doc["start_date_utc"] = h.time_utc.strftime("%Y-%m-%dT%H:%M:%SZ")
        else:
            self.notes.append("the hand states no time (UTC): start_date_utc left out")
        doc["table_name"] = h.table
        doc["game_type"] = self.game_type
        limit: dict[str, Json] = {"bet_type": self.bet_type}
        if h.stakes.cap is not None:
            limit["bet_cap"] = Num(h.stakes.cap)
        doc["bet_limit"] = limit
        doc["table_size"] = h.max_seats or max((s.seat for s in h.seats), default=len(h.seats))
        doc["currency"] = self.currency()
        if h.button is not None:
            doc["dealer_seat"] = h.button
        small, big = self.blinds()
        doc["small_blind_amount"] = Num(small)
        doc["big_blind_amount"] = Num(big)
        doc["ante_amount"] = Num(h.stakes.ante or ZERO)
        dealt = {e.player for e in self.events if isinstance(e, DealHole)}
        if len(dealt) == 1:
            doc["hero_player_id"] = self.ids[next(iter(dealt))]
        flags: list[Json] = []
        rounds = self.rounds()
        if any(isinstance(e, StreetStart) and (e.run or 0) >= 2 for e in self.events):
            flags.append("Run_It_Twice")
        if h.zoom:
            flags.append("Fast")
        doc["flags"] = flags
        doc["players"] = [self.player(k) for k in range(len(self.seats))]
        doc["rounds"] = rounds
        doc["pots"] = self.pots()
        return {"ohh": doc}

    def currency(self) -> str:
        h = self.hand
        if h.tournament is not None or h.currency == "CHIPS":
            return "CHIPS"
        if h.currency == "PLAY":
            return PLAY
        return h.currency

    def blinds(self) -> tuple[Decimal, Decimal]:
        """OHH states the blinds; handlog's fixed-limit stakes are the small and big bet (the big blind is the
        small bet)."""
        s = self.hand.stakes
        if self.hand.structure != Structure.FIXED_LIMIT:
            return s.small, s.big
        posted = {e.post: e.amount for e in self.hand.events if isinstance(e, Post)}
        return posted.get(PostType.SMALL_BLIND, s.small / 2), s.small

    def player(self, k: int) -> dict[str, Json]:
        s = self.seats[k]
        out: dict[str, Json] = {"id": k, "seat": s.seat, "name": s.player}
        if s.display:
            out["display"] = s.display
        out["starting_stack"] = Num(s.stack)
        if s.sitting_out:
            out["is_sitting_out"] = True
        return out

    # ------------------------------------------------------------------ rounds
    def rounds(self) -> list[Json]:
        rounds: list[dict[str, Json]] = [{"id": 0, "street": "Preflop", "cards": [], "actions": []}]
        showdown: list[Json] = []
        bets: dict[str, Decimal] = {}
        dealt: set[str] = set()
        dropped = 0
        self.count = 0
        folded: set[str] = set()
        live: dict[str, Decimal] = {}  # each player's bets over the hand (no antes, no dead money)
        betting = False

        def act(player: str | None, action: str, amount: Decimal | None = None, all_in: bool = False,
                cards: Sequence[str] = (), into: list[Json] | None = None) -> None:
            self.count += 1
            a: dict[str, Json] = {"action_number": self.count}
            if player is not None:
                a["player_id"] = self.ids[player]
            a["action"] = action
            if amount is not None:
                a["amount"] = Num(amount)
                a["is_allin"] = all_in
            if cards:
                a["cards"] = list(cards)
            target = into if into is not None else rounds[-1]["actions"]
            assert isinstance(target, list)
            target.append(a)

        dealer: Counter[str] = Counter()
        # after a misdeal the hand is dealt again: the hole cards of the deal that stood are the last ones
        redealt = max((k for k, e in enumerate(self.events) if isinstance(e, Redeal)), default=-1)
        for position, e in enumerate(self.events):
            if isinstance(e, DealHole) and position < redealt:
                continue
            if isinstance(e, Post | Call | Bet) or (isinstance(e, Raise) and e.to > bets.get(e.player, ZERO)):
                added = e.to - bets.get(e.player, ZERO) if isinstance(e, Raise) else e.amount
                if not isinstance(e, Post) or e.post in LIVE or e.post == PostType.BOTH_BLINDS:
                    live[e.player] = live.get(e.player, ZERO) + added
            if isinstance(e, Post) and betting:
                raise Unconvertible(f"{e.player} posts after the betting began: OHH's reader puts the forced bets"
                                    " first")
            betting = betting or isinstance(e, Fold | Check | Call | Bet | Raise)
            if isinstance(e, UncalledBet) and e.amount > live.get(e.player, ZERO):
                raise Unconvertible(f"OHH writes no uncalled returns, and the pots' total shows one only of a bet"
                                    f" ({e.amount} returned to {e.player}, who bet {live.get(e.player, ZERO)})")
            if isinstance(e, Post):
                if e.post == PostType.BOTH_BLINDS:
                    dead = self._dead_small(e.amount)
                    if dead:
                        act(e.player, "Post Dead", dead)
                    act(e.player, "Post BB", e.amount - dead, e.all_in)
                    bets[e.player] = bets.get(e.player, ZERO) + e.amount - dead
                    continue
                action = POST_ACTIONS.get(e.post)
                if action is None:
                    raise Unconvertible(f"OHH has no action for a {e.post.value.replace('_', ' ')}")
                if e.post == PostType.BUTTON_BLIND:
                    self.notes.append("a button blind written as 'Post Extra Blind' (read back as a big blind)")
                if e.post in LIVE:
                    bets[e.player] = bets.get(e.player, ZERO) + e.amount
                act(e.player, action, e.amount, e.all_in)
            elif isinstance(e, DealHole):
                if e.player not in dealt and not e.new:
                    dealt.add(e.player)
                    act(e.player, "Dealt Cards", cards=e.cards)
            elif isinstance(e, StreetStart):
                name = STREET_NAMES.get(e.street)
                if name is not None:
                    rounds.append({"id": len(rounds), "street": name, "cards": list(e.cards), "actions": []})
                    bets = {}
            elif isinstance(e, Fold):
                folded.add(e.player)
                if e.shown:
                    self.notes.append(f"{e.player} folds showing {' '.join(e.shown)}: OHH shows no cards on a fold")
                act(e.player, "Fold")
            elif isinstance(e, Check):
                act(e.player, "Check")
            elif isinstance(e, Call | Bet):
                bets[e.player] = bets.get(e.player, ZERO) + e.amount
                act(e.player, "Call" if isinstance(e, Call) else "Bet", e.amount, e.all_in)
            elif isinstance(e, Raise):
                added = e.to - bets.get(e.player, ZERO)
                bets[e.player] = e.to
                act(e.player, "Raise", added, e.all_in)
            elif isinstance(e, Show):
                if e.unknown:
                    self.notes.append(f"{e.player} shows {e.unknown} card(s) the log does not name: left out")
                act(e.player, "Shows Cards", cards=e.cards, into=showdown)
            elif isinstance(e, Muck):
                if len(self.seats) - len(folded) >= 2:  # a lone winner's "doesn't show" is no showdown: the spec
                    act(e.player, "Mucks Cards", into=showdown)  # omits a muck without cards then
            elif isinstance(e, PotDrop):
                act(None, "Add to Pot", e.amount)
            elif isinstance(e, Chat | StatusChange | Notice | ButtonDraw):
                dropped += 1
            elif not isinstance(e, Collect | UncalledBet | CashOut | SidePayment):  # those are in the pots
                dealer[e.kind.replace("_", " ")] += 1  # a live table's dealer log: burns, misdeals …
        if dealer:
            self.notes.append("the dealer log's " + ", ".join(f"{k} ({n})" for k, n in dealer.items())
                              + ": OHH has no action for it, left out")
        if showdown:
            rounds.append({"id": len(rounds), "street": "Showdown", "actions": showdown})
        if dropped:
            self.notes.append(f"{dropped} chat, seat, draw-for-the-button or notice line(s) OHH does not hold left out")
        hole = max((len(e.cards) for e in self.events if isinstance(e, DealHole | Show)), default=0)
        if self.hand.game in (Game.FIVE_CARD_OMAHA, Game.FIVE_CARD_OMAHA_HI_LO, Game.SIX_CARD_OMAHA) and hole < 5:
            self.notes.append(f"{self.hand.game_name}: OHH says it by the hole cards dealt, and none is known")
        return list(rounds)

    def _dead_small(self, amount: Decimal) -> Decimal:
        """The dead part of "small & big blinds", as the engine counts it (``engine.posts``)."""
        s = self.hand.stakes
        big = s.small if self.hand.structure == Structure.FIXED_LIMIT else s.big
        dead = min(s.small, amount) if self.hand.structure != Structure.FIXED_LIMIT else ZERO
        if dead == ZERO or amount - dead <= 0:
            dead = amount - big if amount > big else ZERO
        return dead

    # ------------------------------------------------------------------ pots
    def pots(self) -> list[Json]:
        """The replay's pots with what each player collected from each (the room's pot names), the rake and the
        fees on the main pot. A room that names one pot where the replay has several (or collects from a pot
        the replay does not have) is written as one pot."""
        rp = self.rp
        collects = [e for e in rp.collects if isinstance(e, Collect)]
        names = {pot_index(c.pot) for c in collects}
        amounts = [p.amount for p in rp.pots] or [ZERO]
        if len(amounts) > 1 and (len(names) <= 1 or max(names) >= len(amounts)):
            amounts, names = [sum(amounts, ZERO)], {0}
        single = len(amounts) == 1
        wins: list[dict[str, Decimal]] = [{} for _ in amounts]
        returned = {n: r.uncalled_in_collect for n, r in rp.results.items() if r.uncalled_in_collect}
        for c in collects:
            k = 0 if single else pot_index(c.pot)
            wins[k][c.player] = wins[k].get(c.player, ZERO) + c.amount
        if not collects:  # nobody won anything (a lone blind's bet came back): its owner's zero win says the hand
            # was settled, so that a reader returns the bet the pots' total shows
            for e in self.events:
                if isinstance(e, UncalledBet):
                    wins[0].setdefault(e.player, ZERO)
            for player, _ in rp.returned_unprinted:  # the engine's return, where the room prints none
                wins[0].setdefault(player, ZERO)
        for player, back in returned.items():  # the room counted the uncalled return in the collect: OHH does not
            for won in wins:
                take = min(back, won.get(player, ZERO))
                if take:
                    won[player] -= take
                    back -= take
        drops = sum((e.amount for e in self.events if isinstance(e, PotDrop)), ZERO)
        fees = sum((f.amount for f in self.hand.summary.fees), ZERO)
        if self.hand.summary.stp:
            self.notes.append(f"a splash-the-pot of {self.hand.summary.stp} is not in OHH's pots")
        cashed = {e.player: e for e in self.events if isinstance(e, CashOut)}
        bonus = {e.player: e.amount for e in self.events if isinstance(e, SidePayment)}
        out: list[Json] = []
        for k, amount in enumerate(amounts):
            extra = drops if k == 0 else ZERO
            rake = rp.rake if k == 0 else ZERO
            pot: dict[str, Json] = {"number": k, "amount": Num(amount + extra), "rake": Num(rake)}
            if k == 0 and fees:
                pot["jackpot"] = Num(fees)
            players: list[Json] = []
            for player, amount_won in wins[k].items():
                players.append({"player_id": self.ids[player], "win_amount": Num(amount_won)})
            if k == 0:
                for player, e in cashed.items():
                    players.append({"player_id": self.ids[player], "win_amount": Num(ZERO),
                                    "cashout_amount": Num(e.amount), "cashout_fee": Num(e.fee)})
                for player, paid in bonus.items():
                    players.append({"player_id": self.ids[player], "win_amount": Num(ZERO), "bonus_amount": Num(paid)})
            pot["player_wins"] = players
            out.append(pot)
        return out


def hand_to_ohh(hand: Hand) -> Written:
    """The hand as one OHH object's text (``{"ohh": …}``) and what OHH could not say; raises ``Unconvertible``."""
    writer = _Writer(hand)
    text = dumps(writer.document())
    return Written(text, tuple(dict.fromkeys(writer.notes)))


def join(texts: Sequence[str]) -> str:
    """Hands as one ``.ohh`` file: the objects separated by one blank line (the specification's storage format)."""
    return "\n\n".join(texts) + "\n"
