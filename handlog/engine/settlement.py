"""Settlement: uncalled bets returned, cards shown, pots collected, cancelled hands and money outside the pot."""

from __future__ import annotations

from decimal import Decimal

from handlog.engine.posts import ForcedPosts
from handlog.engine.state import ZERO, PlayerState
from handlog.engine.violations import Category
from handlog.events import CashOut, Collect, HandCancelled, Muck, PotDrop, Show, SidePayment, UncalledBet


class Settlement(ForcedPosts):
    """What comes back to players: uncalled excesses, collected pots, a cancelled hand's chips."""

    def on_uncalled(self, e: UncalledBet) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        owing = next((o for o in self.owed_back if o[0] == p.name), None)
        if owing is not None and p.bet <= 0:
            # some logs (converted ones) print the return after the next street or the showdown has begun
            self.owed_back.remove(owing)
            owed = owing[1]
            if e.amount != owed:
                self.violate(
                    "uncalled-bet", Category.ACCOUNTING, e.line,
                    f"{owed} of {p.name}'s bet was not called and should be returned, the log returns {e.amount}",
                )
            back = min(e.amount, owed)
            p.stack += back
            p.committed -= back
            return
        excess = self._excess_of(p)
        second = p.bet - excess
        if excess <= 0:
            top = max(self.players.values(), key=lambda q: q.bet)
            self.violate(
                "uncalled-bet", Category.ACCOUNTING, e.line,
                f"{e.amount} is returned to {p.name}, but {p.name}'s bet of {p.bet} was called"
                + (f"; the uncalled bet is {top.name}'s" if top.bet > p.bet else ""),
            )
        elif e.amount != excess:
            self.violate(
                "uncalled-bet", Category.ACCOUNTING, e.line,
                f"{p.name} bet {p.bet} and was called for {second}: {excess} should be returned, the log returns"
                f" {e.amount}",
            )
        # only chips the player put in and nobody can call come back: a larger return is reported above and
        # applied no further (chips cannot come out of nowhere)
        back = max(min(e.amount, max(p.bet, excess)), ZERO)
        p.bet = max(p.bet - back, ZERO)
        p.stack += back
        p.committed -= back

    def on_show(self, e: Show) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        if len(e.cards) > self.variant.max_showdown_cards:
            self.violate(
                "shown-count", Category.CARDS, e.line,
                f"{p.name} shows {len(e.cards)} cards; a {self.variant.name} hand has"
                f" {self.variant.max_showdown_cards}",
            )
        if self.variant.stud is not None and p.hole:
            # stud: the cards seen so far (the up cards, or a player's own) are all shown, the down cards revealed
            missing = [c for c in p.hole if c not in e.cards]
            if missing:
                self.violate(
                    "shown-mismatch", Category.CARDS, e.line,
                    f"{p.name} shows {' '.join(e.cards)} without {' '.join(missing)}, dealt to them",
                )
            self.see(tuple(c for c in e.cards if c not in p.hole), e.line, f"shown by {p.name}")
            p.hole = list(e.cards)
        elif p.hole:
            foreign = [c for c in e.cards if c not in p.hole]
            if foreign:
                self.violate(
                    "shown-mismatch", Category.CARDS, e.line,
                    f"{p.name} shows {' '.join(foreign)} but holds {' '.join(p.hole)}",
                )
        else:
            self.see(e.cards, e.line, f"shown by {p.name}")
            p.hole = list(e.cards)
        p.shown = e.cards

    def on_muck(self, e: Muck) -> None:
        self._player(e.player, e.line)

    def on_collect(self, e: Collect) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        self._close_round(e.line, "the pot is awarded")
        self._check_uncalled_done(e.line)
        if p.folded:
            self.violate(
                "collect-by-folded", Category.SHOWDOWN, e.line, f"{p.name} folded but collects {e.amount}"
            )
        p.collected += e.amount
        self.collects.append(e)

    def on_cash_out(self, e: CashOut) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        p.cashed_out = e.amount
        p.collected += e.amount

    def on_pot_drop(self, e: PotDrop) -> None:
        """Money the site adds to the pot: in the pot (and a pot-limit bet's size), but nobody's contribution."""
        self.dropped += e.amount

    def on_side_payment(self, e: SidePayment) -> None:
        """Paid between a player and the house outside the pot: the player's result only."""
        p = self._player(e.player, e.line)
        if p is not None:
            p.side += e.amount

    def on_cancelled(self, e: HandCancelled) -> None:
        """A cancelled hand is void: every chip put in goes back to its owner and nobody wins or loses."""
        self.cancelled = True
        for p in self.players.values():
            p.stack += p.committed
            p.committed = ZERO
            p.bet = ZERO

    def _uncalled_excess(self) -> tuple[PlayerState, Decimal] | None:
        """The live player whose bet this round nobody matched, and by how much."""
        ranked = sorted(self.players.values(), key=lambda q: q.bet, reverse=True)
        # only a player still in the hand gets chips back: a folded player's bet is dead money
        if len(ranked) >= 2 and ranked[0].bet > ranked[1].bet and ranked[0].live and not self.cancelled:
            return ranked[0], self._excess_of(ranked[0])
        return None

    def _excess_of(self, p: PlayerState) -> Decimal:
        """How much of ``p``'s money nobody matched: the part of the bet over the next highest bet, or more when
        the others put in less altogether (an opponent all-in for an ante can match only that ante)."""
        others = [q for q in self.players.values() if q is not p]
        over_bets = p.bet - max((q.bet for q in others), default=ZERO)
        # dead blinds and the big blind ante are the pot's: nobody matches them, and they are never uncalled
        dead = self.table_antes()
        over_total = p.committed - p.dead - dead.get(p.name, ZERO) - max(
            (q.committed - q.dead - dead.get(q.name, ZERO) for q in others), default=ZERO
        )
        return max(over_bets, over_total)

    def table_antes(self) -> dict[str, Decimal]:
        """The big blind ante: an ante the big blind alone posts for the whole table, dead money in the main pot
        (not a level of its own, never an uncalled bet). Other antes are matched by antes like any chips."""
        bb = self.players.get(self.big_blind_player or "")
        if bb is None or bb.ante <= 0 or any(q.ante > 0 for q in self.players.values() if q is not bb):
            return {}
        return {bb.name: bb.ante}

    def _sweep_uncalled(self, line: int) -> None:
        """A round ends: an unmatched excess is owed back (the log may print its return a little later)."""
        found = self._uncalled_excess()
        if found is not None:
            player, excess = found
            player.bet = max(player.bet - excess, ZERO)  # not in the swept pot; ``committed`` keeps it until returned
            self.owed_back.append((player.name, excess, line))

    def _check_uncalled_done(self, line: int) -> None:
        """Before the pot is awarded, any bet nobody called must have been returned."""
        if self.uncalled_checked:
            return
        self.uncalled_checked = True
        found = self._uncalled_excess()
        if found is not None:
            player, excess = found
            player.bet = max(player.bet - excess, ZERO)
            self.owed_back.append((player.name, excess, line))
        while self.owed_back:
            self._settle_owed_back()

    def _settle_owed_back(self) -> None:
        """An uncalled excess never returned by a line: accepted when the site's total shows the return (old
        logs print no "Uncalled bet" line at all), else a violation."""
        name, excess, due = self.owed_back.pop(0)  # ``due``: where the return should have come, at the latest
        top = self.players[name]
        stated = self.hand.summary.total_pot
        in_pot = sum((q.committed for q in self.players.values()), self.dropped)  # a cash drop is in the total
        shown_by_total = stated is not None and stated + (self.hand.summary.stp or ZERO) == in_pot - excess
        if shown_by_total and not self.prints_uncalled:
            top.stack += excess
            top.committed -= excess
            self.notes.append(f"uncalled {excess} returned to {name} without a line (the total shows it)")
            return
        if not self.rules.prints_uncalled_returns and not self.prints_uncalled:
            top.stack += excess
            top.committed -= excess
            self.notes.append(f"uncalled {excess} returned to {name} without a line: the site never prints the return")
            return
        if self.hand.summary.uncalled_in_collects and not self.prints_uncalled:
            top.stack += excess
            top.committed -= excess
            top.returned += excess
            self.notes.append(
                f"uncalled {excess} returned to {name} without a line: the site counts it in what {name} collects"
            )
            return
        if self.rules.walk_blind_won_back and not self.prints_uncalled:
            alone = [p.name for p in self.live_players()] == [name]
            won = sum((e.amount for e in self.hand.events if isinstance(e, Collect) and e.player == name), ZERO)
            pot = stated if stated is not None else in_pot  # a log stating no total: the collect alone says it
            if alone and pot == in_pot == won + (self.hand.summary.rake or ZERO):
                self.notes.append(f"uncalled {excess} won back by {name} with the pot (the room counts it in the pot)")
                return
        self.violate(
            "uncalled-not-returned", Category.ACCOUNTING, due,
            f"{excess} of {name}'s bet was not called: it should have been returned before the pot was awarded",
        )
