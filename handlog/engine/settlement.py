"""Settlement: uncalled bets returned, cards shown, pots collected, cancelled hands and money outside the pot."""

from __future__ import annotations

from decimal import Decimal
from enum import Enum
from typing import TYPE_CHECKING

from handlog.engine.state import ZERO, PlayerState
from handlog.events import (
    CashOut,
    Collect,
    HandCancelled,
    Muck,
    PotDrop,
    Show,
    SidePayment,
    UncalledBet,
    UncalledReturns,
)
from handlog.events.chips import excess_over

if TYPE_CHECKING:
    from handlog.engine.table import Table


class Settlement:
    """What comes back to players: uncalled excesses, collected pots, a cancelled hand's chips."""

    __slots__ = ("t",)  # one per hand: no instance dict to make

    def __init__(self, t: Table) -> None:
        self.t = t  # the table whose state this part reads and changes

    def on_uncalled(self, e: UncalledBet) -> None:
        p = self.t.player(e.player, e.line)
        if p is None:
            return
        owing = next((o for o in self.t.owed_back if o[0] == p.name), None)
        if owing is not None and p.bet <= 0:
            # some logs (converted ones) print the return after the next street or the showdown has begun
            self.t.owed_back.remove(owing)
            owed = owing[1]
            if e.amount != owed:
                self.t.violate(
                    "uncalled-bet", e.line,
                    f"{owed} of {p.name}'s bet was not called and should be returned, the log returns {e.amount}",
                )
            back = min(e.amount, owed)
            p.stack += back
            p.committed -= back
            return
        excess = self._excess_of(p)
        second = p.bet - excess
        reported = sum((x for name, x in self.t.reported_excess if name == p.name), ZERO)
        if reported and e.amount == excess - reported:  # a reported over-call's chips stay in the pot: the rest
            excess = e.amount
        if excess <= 0:
            top = max(self.t.players.values(), key=lambda q: q.bet)
            self.t.violate(
                "uncalled-bet", e.line,
                f"{e.amount} is returned to {p.name}, but {p.name}'s bet of {p.bet} was called"
                + (f"; the uncalled bet is {top.name}'s" if top.bet > p.bet else ""),
            )
        elif e.amount != excess:
            said = self.t.violate(
                "uncalled-bet", e.line,
                f"{p.name} bet {p.bet} and was called for {second}: {excess} should be returned, the log returns"
                f" {e.amount}",
            )
            if said and e.amount < excess:  # the rest stays in the pot, unreturned: this error, not another
                self.t.reported_excess.append((p.name, excess - e.amount))
        # only chips the player put in and nobody can call come back: a larger return is reported above and
        # applied no further (chips cannot come out of nowhere)
        back = max(min(e.amount, max(p.bet, excess)), ZERO)
        p.bet = max(p.bet - back, ZERO)
        p.stack += back
        p.committed -= back

    def on_show(self, e: Show) -> None:
        p = self.t.player(e.player, e.line)
        if p is None:
            return
        if len(e.cards) > self.t.variant.max_showdown_cards:
            self.t.violate(
                "shown-count", e.line,
                f"{p.name} shows {len(e.cards)} cards; a {self.t.variant.name} hand has"
                f" {self.t.variant.max_showdown_cards}",
            )
        if self.t.dealing.show(p, e):  # stud: the cards seen so far are all shown, the down cards revealed
            pass
        elif p.hole:
            foreign = [c for c in e.cards if c not in p.hole]
            if foreign:
                self.t.violate(
                    "shown-mismatch", e.line,
                    f"{p.name} shows {' '.join(foreign)} but holds {' '.join(p.hole)}",
                )
        else:
            self.t.see(e.cards, e.line, f"shown by {p.name}")
            p.hole = list(e.cards)
        p.shown = e.cards

    def on_muck(self, e: Muck) -> None:
        self.t.player(e.player, e.line)

    def on_collect(self, e: Collect) -> None:
        p = self.t.player(e.player, e.line)
        if p is None:
            return
        self.t.turns.close_round(e.line, "the pot is awarded")
        self.check_uncalled_done(e.line)
        if p.folded:
            self.t.violate(
                "collect-by-folded", e.line, f"{p.name} folded but collects {e.amount}"
            )
        p.collected += e.amount
        self.t.collects.append(e)

    def on_cash_out(self, e: CashOut) -> None:
        p = self.t.player(e.player, e.line)
        if p is None:
            return
        p.cashed_out = e.amount
        p.collected += e.amount

    def on_pot_drop(self, e: PotDrop) -> None:
        """Money the site adds to the pot: in the pot (and a pot-limit bet's size), but nobody's contribution."""
        self.t.dropped += e.amount

    def on_side_payment(self, e: SidePayment) -> None:
        """Paid between a player and the house outside the pot: the player's result only."""
        p = self.t.player(e.player, e.line)
        if p is not None:
            p.side += e.amount

    def on_cancelled(self, e: HandCancelled) -> None:
        """A cancelled hand is void: every chip put in goes back to its owner and nobody wins or loses."""
        self.t.cancelled = True
        for p in self.t.players.values():
            p.stack += p.committed
            p.committed = ZERO
            p.bet = ZERO

    def uncalled_excess(self) -> tuple[PlayerState, Decimal] | None:
        """The live player whose bet this round nobody matched, and by how much."""
        # one pass: the first of the highest bets (as a stable sort would rank it) and the highest of the others
        top: PlayerState | None = None
        second: Decimal | None = None
        for q in self.t.players.values():
            if top is None:
                top = q
            elif q.bet > top.bet:
                second = top.bet if second is None or top.bet > second else second
                top = q
            elif second is None or q.bet > second:
                second = q.bet
        # only a player still in the hand gets chips back: a folded player's bet is dead money
        if top is not None and second is not None and top.bet > second and top.live and not self.t.cancelled:
            return top, self._excess_of(top)
        return None

    def _excess_of(self, p: PlayerState) -> Decimal:
        """How much of ``p``'s money nobody matched: the part of the bet over the next highest bet, or more when
        the others put in less altogether (an opponent all-in for an ante can match only that ante)."""
        players = self.t.players.values()
        # dead blinds and the big blind ante are the pot's: nobody matches them, and they are never uncalled
        dead = self.table_antes()
        # the commonest: no dead money at all (``dead`` never added to: subtracting it would change no exponent either)
        if not dead and all(q.dead is ZERO for q in players):
            # ``excess_over`` of the bets and of the money put in, each the first of the others' highest
            top_bet: Decimal | None = None
            top_in: Decimal | None = None
            for q in players:
                if q.name != p.name:
                    if top_bet is None or q.bet > top_bet:
                        top_bet = q.bet
                    if top_in is None or q.committed > top_in:
                        top_in = q.committed
            return max(p.bet - (top_bet if top_bet is not None else ZERO),
                       p.committed - (top_in if top_in is not None else ZERO))
        live = {q.name: q.committed - q.dead - dead.get(q.name, ZERO) for q in players}
        return max(excess_over({q.name: q.bet for q in players}, p.name), excess_over(live, p.name))

    def table_antes(self) -> dict[str, Decimal]:
        """The big blind ante: an ante the big blind alone posts for the whole table, dead money in the main pot
        (not a level of its own, never an uncalled bet). Other antes are matched by antes like any chips."""
        bb = self.t.players.get(self.t.big_blind_player or "")
        if bb is None or bb.ante <= 0 or any(q.ante > 0 for q in self.t.players.values() if q is not bb):
            return {}
        return {bb.name: bb.ante}

    def sweep_uncalled(self, line: int) -> None:
        """A round ends: an unmatched excess is owed back (the log may print its return a little later)."""
        found = self.uncalled_excess()
        if found is not None:
            player, excess = found
            player.bet = max(player.bet - excess, ZERO)  # not in the swept pot; ``committed`` keeps it until returned
            self.t.owed_back.append((player.name, excess, line))

    def check_uncalled_done(self, line: int) -> None:
        """Before the pot is awarded, any bet nobody called must have been returned."""
        if self.t.uncalled_checked:
            return
        self.t.uncalled_checked = True
        found = self.uncalled_excess()
        if found is not None:
            player, excess = found
            player.bet = max(player.bet - excess, ZERO)
            self.t.owed_back.append((player.name, excess, line))
        while self.t.owed_back:
            self._settle_owed_back()

    def _settle_owed_back(self) -> None:
        """An uncalled excess no line returned: accepted, with a note, where the log shows the return its own way
        (``unprinted_return``), else a violation (a log that prints "Uncalled bet" lines must print every one)."""
        name, excess, due = self.t.owed_back.pop(0)  # ``due``: where the return should have come, at the latest
        how = None if self.t.prints_uncalled else self.unprinted_return(name, excess)
        if how is None:
            if (name, excess) in self.t.reported_excess:  # left by a short "Uncalled bet" line, an over-call
                return
            if self.t.violate(
                "uncalled-not-returned", due,
                f"{excess} of {name}'s bet was not called: it should have been returned before the pot was awarded",
            ):
                self.t.reported_excess.append((name, excess))
            return
        top = self.t.players[name]
        if how is not UnprintedReturn.WON_WITH_POT:
            top.stack += excess
            top.committed -= excess
        if how is UnprintedReturn.IN_COLLECT:
            top.returned += excess
        if how is not UnprintedReturn.WON_WITH_POT:
            self.t.returned_unprinted.append((name, excess))
        self.t.notes.append(how.value.format(excess=excess, name=name))

    def unprinted_return(self, name: str, excess: Decimal) -> UnprintedReturn | None:
        """How a log that prints no "Uncalled bet" line shows that ``excess`` went back to ``name`` (None: it
        does not). In the order they are tried: the room's convention, as its reader states it
        (``StatedResults.uncalled``): it never prints the return, or counts it in what the player collects; the
        site's total shows it (old logs); the room's walk counts it in the pot the big blind wins
        (``RulesProfile.walk_blind_won_back``)."""
        summary, rules = self.t.hand.summary, self.t.rules
        if summary.uncalled is UncalledReturns.UNPRINTED:
            return UnprintedReturn.NEVER_PRINTED
        if summary.uncalled is UncalledReturns.IN_COLLECTS:
            return UnprintedReturn.IN_COLLECT
        stated = summary.total_pot
        in_pot = sum((q.committed for q in self.t.players.values()), self.t.dropped)  # a cash drop is in the total
        if (
            stated is not None and stated + (summary.stp or ZERO) == in_pot - excess
            and summary.uncalled is not UncalledReturns.EVERY_ONE_PRINTED
        ):
            return UnprintedReturn.TOTAL_SHOWS_IT
        if rules.walk_blind_won_back:
            alone = [p.name for p in self.t.turns.live_players()] == [name]
            won = sum((e.amount for e in self.t.hand.events if isinstance(e, Collect) and e.player == name), ZERO)
            pot = stated if stated is not None else in_pot  # a log stating no total: the collect alone says it
            if alone and pot == in_pot == won + (summary.rake or ZERO):
                return UnprintedReturn.WON_WITH_POT
        return None


class UnprintedReturn(Enum):
    """How a log shows an uncalled excess it prints no line for; the value is the replay's note."""

    TOTAL_SHOWS_IT = "uncalled {excess} returned to {name} without a line (the total shows it)"
    NEVER_PRINTED = "uncalled {excess} returned to {name} without a line: the site never prints the return"
    IN_COLLECT = "uncalled {excess} returned to {name} without a line: the site counts it in what {name} collects"
    WON_WITH_POT = "uncalled {excess} won back by {name} with the pot (the room counts it in the pot)"
