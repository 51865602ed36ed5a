"""Dealing: how each kind of game deals its cards, as one strategy per kind, named by the variant.

The table asks its ``dealing`` part whatever depends on how the game is dealt; only the strategies read the
``Variant``'s fields that say so (``stud``, ``boards``, ``draw_replaces``, ``discard_exactly``, ``short_deck``):

- ``Dealing``: board games (Hold'em, Omaha, Courchevel): hole cards, then the board street by street (and the later
  boards of a hand run twice); the first actor of a later round sits left of the button.
- ``ShortDeckDealing``: a board game from the 36-card deck (6+ Hold'em).
- ``TwoBoardDealing``: a board game on two boards (Split Hold'em): each board street comes as a pair.
- ``DrawDealing``: draw games: betting rounds with a draw between them, each discarded card replaced.
- ``DiscardDealing``: a board game with a discard of a fixed number of cards, unreplaced (Irish).
- ``StudDealing``: stud games: down and up cards street by street; the up cards decide the bring-in and who acts
  first (``engine.stud``).

``dealing_for(table)`` picks the variant's strategy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from handlog.engine.shortdeck import SHORT_DECK_RANKS
from handlog.engine.state import PlayerState
from handlog.engine.stud import bring_in_order, showing_strength
from handlog.engine.variants import StudDeal, Variant
from handlog.events import DealHole, Discard, Post, Show, StandPat, Street, StreetStart

if TYPE_CHECKING:
    from handlog.engine.table import Table


class Dealing:
    """A board game: hole cards, then the board street by street; what a board game does at each question."""

    replaces = True
    """A draw deals a new card for each one discarded (``DiscardDealing``: no)."""

    def __init__(self, t: Table) -> None:
        self.t = t  # the table whose state this part reads and changes

    def in_deck(self, card: str) -> bool:
        """Whether ``card`` is one of the game's deck (every well-formed card of the 52)."""
        return True

    # ------------------------------------------------------------------ hole cards
    def deal(self, p: PlayerState, e: DealHole) -> None:
        """Hole cards dealt (or a draw's replacements, or the cards held shown again)."""
        t = self.t
        if e.new:  # a draw: the kept cards, then the replacements
            self.draw_deal(p, e)
            return
        if t.pending_draw.get(p.name) == len(e.cards):  # every card replaced: one bracket, all new
            self.draw_deal(p, e.model_copy(update={"cards": (), "new": e.cards}))
            return
        if e.cards and len(e.cards) != t.variant.hole_cards and t.street in (None, Street.PREFLOP):
            t.violate(
                "hole-card-count", e.line,
                f"{t.variant.name} deals {t.variant.hole_cards} cards to each player; {p.name} gets"
                f" {len(e.cards)} (a misdeal)",
            )
        if not p.hole:
            t.see(e.cards, e.line, f"dealt to {p.name}")
            p.hole = list(e.cards)
        elif sorted(p.hole) != sorted(e.cards):
            t.violate(
                "hole-cards-changed", e.line,
                f"{p.name} was dealt {' '.join(p.hole)} but is now shown holding {' '.join(e.cards)}",
            )

    def draw_deal(self, p: PlayerState, e: DealHole) -> None:
        """The cards kept and the cards dealt in place of the discards."""
        t = self.t
        discarded = t.pending_draw.pop(p.name, None)
        if discarded is not None and discarded != len(e.new):
            t.violate(
                "draw-count-mismatch", e.line,
                f"{p.name} discarded {discarded} cards but receives {len(e.new)}",
            )
        if len(e.cards) + len(e.new) != t.variant.hole_cards:
            t.violate(
                "hand-size", e.line,
                f"after the draw {p.name} holds {len(e.cards) + len(e.new)} cards; {t.variant.name} hands"
                f" have {t.variant.hole_cards}",
            )
        if p.hole:
            missing = [c for c in e.cards if c not in p.hole]
            if missing:
                t.violate(
                    "kept-cards-not-held", e.line,
                    f"{p.name} keeps {' '.join(missing)}, which they were not holding",
                )
        t.see(e.new, e.line, f"drawn by {p.name}")
        p.hole = list(e.cards) + list(e.new)

    def show(self, p: PlayerState, e: Show) -> bool:
        """Cards shown, where the game shows them its own way (True: handled here; False: as any hole cards)."""
        return False

    # ------------------------------------------------------------------ streets
    def street(self, e: StreetStart) -> bool:
        """A street the game deals its own way (True: handled here; False: a board street or none of the game)."""
        return False

    def first_board(self, e: StreetStart) -> None:
        """Before a board street of the first board is dealt."""

    def later_board(self, e: StreetStart) -> None:
        """Before a later board's street (a later run) is dealt."""

    # ------------------------------------------------------------------ who acts first
    def first_round_anchor(self, anchor: int | None) -> int | None:
        """The seat after which the first round's first actor sits, given the blinds' ``anchor``."""
        return anchor

    def street_anchor(self) -> int | None:
        """The seat after which a later round's first actor sits: the button."""
        return self.t.button

    def before_action(self, p: PlayerState) -> None:
        """A betting action in an open round, before its turn is judged."""

    # ------------------------------------------------------------------ bets the deal decides
    def completes(self) -> bool:
        """Whether a raise with no bet made is the completion of a bring-in (not a bet misnamed)."""
        return False

    def open_pair_showing(self) -> bool:
        """Whether an open pair lets the big bet be made on this street."""
        return False

    def bring_in(self, p: PlayerState, e: Post) -> None:
        """A bring-in posted: a game without one reports it."""
        self.t.violate("bring-in-not-in-game", e.line, f"{self.t.variant.name} has no bring-in")

    # ------------------------------------------------------------------ draws
    def discard(self, e: Discard | StandPat) -> None:
        """A discard or a stand pat: a game without a draw reports it."""
        p = self.t.player(e.player, e.line)
        if p is None:
            return
        self.t.violate("draw-not-in-game", e.line, f"{self.t.variant.name} has no draw")

    def finish_draw(self) -> None:
        """Every player left has drawn: a draw whose cards are replaced opens the next betting round."""
        t = self.t
        street = t.street or Street.PREFLOP
        nxt = t.variant.next_round(street) if street in t.variant.rounds else None
        t.in_draw = False
        if nxt is not None and self.replaces:
            t.streets.start_round(nxt, 0)
        # a discard without replacement (Irish) is followed by a board street, whose header opens the next round


class ShortDeckDealing(Dealing):
    """A board game dealt from the 36-card deck, the twos to fives taken out (6+ Hold'em)."""

    def in_deck(self, card: str) -> bool:
        return card[:1] in SHORT_DECK_RANKS


class TwoBoardDealing(Dealing):
    """Two boards (Split Hold'em): the second board's street follows the first board's same street at once, and one
    betting round follows the pair."""

    def first_board(self, e: StreetStart) -> None:
        t = self.t
        self._second_board_missing(e.line)
        t.board_pending = e.street  # the second board's street comes next, before any betting

    def later_board(self, e: StreetStart) -> None:
        """The second board's street follows the first board's same street at once."""
        t = self.t
        if t.board_pending != e.street:
            after = f"the first board's {t.board_pending.value}" if t.board_pending else "the betting"
            t.violate(
                "street-order", e.line,
                f"the second board's {e.street.value} comes after {after}; it is dealt right after the first"
                f" board's {e.street.value}",
            )
        t.board_pending = None
        t.board_pending_reported = False

    def _second_board_missing(self, line: int) -> None:
        """A street dealt while the second board still lacks the previous one."""
        t = self.t
        if t.board_pending is not None and not t.board_pending_reported:
            t.violate(
                "street-order", line,
                f"the second board's {t.board_pending.value} was never dealt",
            )
            t.board_pending = None
        t.board_pending_reported = False


class DrawDealing(Dealing):
    """Draw games: a betting round, then a draw and a betting round, as many times as the game draws."""

    def __init__(self, t: Table) -> None:
        super().__init__(t)
        self.discard_exactly = t.variant.discard_exactly
        """Cards each player must discard (Irish: 2 of the 4); None: the player chooses."""

    def discard(self, e: Discard | StandPat) -> None:
        t = self.t
        p = t.player(e.player, e.line)
        if p is None:
            return
        count = e.count if isinstance(e, Discard) else 0
        exact = self.discard_exactly
        if exact is not None and isinstance(e, Discard) and not count and not e.cards:
            count = exact  # "P discards": the game's number of cards, unseen (Full Tilt's Irish)
        what = f"discards {count}" if count else "stands pat"
        if not t.in_draw:
            due = t.turns.draw_pending()
            t.turns.close_round(e.line, f"{p.name}'s draw")
            if not due:
                t.violate(
                    "draw-out-of-place", e.line, f"{p.name} {what} where no draw is due"
                )
            t.turns.enter_draw(e.line)
        if p.folded:
            t.violate("acts-after-fold", e.line, f"{p.name} {what} after folding")
        elif p.drew:
            t.violate("draws-twice", e.line, f"{p.name} draws twice in one draw")
        else:
            expected = t.turns.next_drawer()
            if expected != p.name:
                t.violate(
                    "out-of-turn", e.line,
                    f"{p.name} {what} out of turn: it is {expected or 'nobody'}'s turn to draw",
                )
        limit = t.variant.max_discard or t.rules.max_discard
        if exact is not None and count != exact:
            t.violate(
                "discard-size", e.line,
                f"{t.variant.name}: each player discards exactly {exact} cards; {p.name} {what}",
            )
        elif count > limit:
            t.violate(
                "draw-too-many", e.line,
                f"{p.name} discards {count} cards; at most {limit} may be replaced",
            )
        cards = e.cards if isinstance(e, Discard) else ()
        if isinstance(e, Discard) and cards:
            if len(cards) != count:
                t.violate(
                    "discard-count", e.line,
                    f"{p.name} discards {count} cards but {len(cards)} are listed",
                )
            if p.hole:
                foreign = [c for c in cards if c not in p.hole]
                if foreign:
                    t.violate(
                        "discard-not-held", e.line,
                        f"{p.name} discards {' '.join(foreign)}, which they were not holding",
                    )
            t.discarded.update(cards)
            if not self.replaces and p.hole:
                p.hole = [c for c in p.hole if c not in cards]  # thrown away, nothing dealt in their place
        if count and self.replaces:
            t.pending_draw[p.name] = count
            t.deck_used += count
        p.drew = True
        t.last_actor = p.name
        if all(q.drew for q in t.turns.live_players()):
            self.finish_draw()


class DiscardDealing(DrawDealing):
    """A board game with a discard (Irish): after a betting round each player throws away a fixed number of cards,
    unreplaced, and the next street is a board street as usual."""

    replaces = False


class StudDealing(Dealing):
    """Stud: down and up cards street by street and no board; the up cards decide who brings in and who acts first
    on the later streets (``engine.stud``)."""

    def __init__(self, t: Table, stud: StudDeal) -> None:
        super().__init__(t)
        self.stud = stud

    def deal(self, p: PlayerState, e: DealHole) -> None:
        """Stud: third street deals two down cards and one up, fourth to sixth street one up card each, seventh
        one down card. Rooms print a deal differently: the cards held, then the new one (PokerStars shows a
        player's own three, the others' up cards; Full Tilt prints third street as down cards, then the up card),
        or the whole hand so far, one card at a time (Winning); the cards a line adds are the ones not held yet."""
        t, stud = self.t, self.stud
        held = p.hole
        if e.new:
            before, added = list(e.cards), list(e.new)
        elif held and set(held) < set(e.cards):
            before, added = held, [c for c in e.cards if c not in held]
        else:
            before, added = (list(e.cards), []) if held else ([], list(e.cards))
        if held and sorted(before) != sorted(held) and sorted(before) != sorted(p.up):
            t.violate(
                "hole-cards-changed", e.line,
                f"{p.name} held {' '.join(held)} but the log prints {' '.join(before)}",
            )
        if added:
            t.see(tuple(added), e.line, f"dealt to {p.name}")
            full = (held or before) + added
            p.hole = full
            if t.street == t.variant.rounds[0]:
                if len(full) > stud.down_first + 1:
                    t.violate(
                        "hole-card-count", e.line,
                        f"the {t.street.value} street deals {stud.down_first} card(s) down and one up; {p.name} is"
                        f" dealt {len(full)}",
                    )
                p.up = full[-1:] if len(full) == 1 else full[stud.down_first:stud.down_first + 1]
            elif t.street != t.variant.rounds[-1] or not stud.last_down:
                p.up.extend(added)
        if t.round_open and t.last_actor is None:  # the up cards just dealt decide who acts first
            if t.street != t.variant.rounds[0]:
                t.round_anchor = self.street_anchor()
            elif t.current_bet == 0:
                due = self.bring_in_due()  # who brings in, or completes instead
                t.round_anchor = None if due is None else due.seat - 1

    def show(self, p: PlayerState, e: Show) -> bool:
        """The cards seen so far (the up cards, or a player's own) are all shown, the down cards revealed."""
        t = self.t
        if not p.hole:
            return False
        missing = [c for c in p.hole if c not in e.cards]
        if missing:
            t.violate(
                "shown-mismatch", e.line,
                f"{p.name} shows {' '.join(e.cards)} without {' '.join(missing)}, dealt to them",
            )
        t.see(tuple(c for c in e.cards if c not in p.hole), e.line, f"shown by {p.name}")
        p.hole = list(e.cards)
        return True

    def street(self, e: StreetStart) -> bool:
        """A stud street: the round before it ends; seventh street may bring one community card, when the deck
        holds too few cards to deal each remaining player one. (PokerStars heads seventh street "RIVER".)"""
        t = self.t
        if e.street not in (*t.variant.rounds, Street.SEVENTH):
            return False
        if e.street == Street.SEVENTH:
            e = e.model_copy(update={"street": Street.RIVER})
        if e.street == t.variant.rounds[0]:
            if t.street is not None:
                t.violate("street-order", e.line, "third street comes twice")
            t.streets.start_round(e.street, e.line)
            return True
        t.streets.next_street(e)
        if e.cards:
            if e.street != t.variant.rounds[-1] or len(e.cards) != 1:
                t.violate(
                    "board-count", e.line,
                    f"stud deals no board; only seventh street may bring one community card, the log deals"
                    f" {len(e.cards)} on the {e.street.value}",
                )
            t.see(e.cards, e.line, "the community card")
            t.board.extend(e.cards)
        t.streets.start_round(e.street, e.line)
        return True

    def first_round_anchor(self, anchor: int | None) -> int | None:
        return None  # the bring-in (or the up cards, once dealt) decides

    def street_anchor(self) -> int | None:
        """The seat just before the best showing hand, so that an all-in best hand passes the action to its left."""
        shower = self.best_showing()
        return None if shower is None else shower.seat - 1

    def before_action(self, p: PlayerState) -> None:
        t = self.t
        if t.round_anchor is None and t.last_actor is None:
            # stud with no up card in the log (an export without cards): the first actor cannot be judged, so
            # whoever acts first opens the round and the order is held from there
            t.round_anchor = p.seat - 1

    def completes(self) -> bool:
        """On the first street the bring-in's player may complete at once."""
        return self.t.street == self.t.variant.rounds[0]

    def best_showing(self) -> PlayerState | None:
        """The live player whose up cards show best (Razz: lowest); ties to the lowest seat."""
        showing = [p for p in self.t.seated if p.live and p.up]
        if not showing or self._up_cards_unseen():
            return None
        return max(showing, key=lambda p: (showing_strength(p.up, self.stud.aces_low), -p.seat))

    def _up_cards_unseen(self) -> bool:
        """A live player whose up cards the log does not show (PartyPoker shows only the hero's): the best or the
        lowest showing hand cannot be judged, so whoever acts first opens the round (``before_action``)."""
        return any(p.live and not p.up for p in self.t.seated)

    def bring_in_due(self) -> PlayerState | None:
        """Third street: who brings in (or completes), by the lowest up card (Razz: the highest), suits breaking
        ties; a player all-in for the ante has nothing left to bring in with."""
        showing = [p for p in self.t.seated if p.live and p.up]
        if not showing or self._up_cards_unseen():
            return None
        suits = self.t.rules.bring_in_suits
        low = min(showing, key=lambda p: bring_in_order(p.up[0], self.stud.aces_low, suits))
        if low.active:
            return low
        # all-in for the ante: the bring-in passes to the next player on the left (PokerStars: a 2023 HORSE hand
        # of the corpus, 7-StudHL-USD-0.98-0.12-202302.allin.ante.txt, brings in left of the all-in 2s)
        return next((p for p in self.t.turns.after(low.seat) if p.active and p.up), None)

    def open_pair_showing(self) -> bool:
        """Fourth street (Five Card Stud: third): a live player shows a pair, which lets the big bet be made (where
        the rules say). A log that does not show a live player's up cards (old Everleaf stud logs deal them unseen)
        cannot rule the pair out: the big bet is then not held against it (no false alarm)."""
        t = self.t
        return t.street == self.stud.open_pair_street and t.rules.stud_open_pair_big_bet \
            and any(p.live and (len(p.up) < 2 or len({c[0] for c in p.up}) < len(p.up)) for p in t.seated)

    def bring_in(self, p: PlayerState, e: Post) -> None:
        """Stud's bring-in: a forced bet by the lowest up card (Razz: the highest), suits breaking ties
        (``engine.stud``); the action goes on from the player to its left, and the bring-in is no full bet, so the
        next raise completes it to the small bet."""
        t = self.t
        due = self.bring_in_due()
        if due is not None and p.up:
            suits = t.rules.bring_in_suits
            if due is not p:
                which = "highest" if self.stud.aces_low else "lowest"
                t.violate(
                    "bring-in-player", e.line,
                    f"the {which} up card brings in: {due.name}'s {due.up[0]} (suits {suits} from low to high);"
                    f" {p.name} brings in with {p.up[0]}",
                )
        if e.amount >= t.small_bet and not e.all_in:
            t.violate(
                "bring-in-amount", e.line,
                f"a bring-in is less than the small bet of {t.small_bet} (a full bet is a completion);"
                f" {p.name} brings in for {e.amount}",
            )
        t.round_anchor = p.seat
        t.last_actor = p.name
        p.acted_at = p.bet
        t.current_bet = max(t.current_bet, p.bet)
        t.last_raise = t.small_bet


def strategy_for(v: Variant) -> type[Dealing]:
    """The dealing strategy a variant names: what the checks and the writers ask of a game's way of dealing, so that
    only this module reads the variant's dealing flags."""
    if v.stud is not None:
        return StudDealing
    if v.draw_before:
        return DrawDealing if v.draw_replaces else DiscardDealing
    if v.boards > 1:
        return TwoBoardDealing
    if v.short_deck:
        return ShortDeckDealing
    return Dealing


def dealing_for(t: Table) -> Dealing:
    """The dealing strategy the table's variant names."""
    v = t.variant
    if v.stud is not None:
        return StudDealing(t, v.stud)
    return strategy_for(v)(t)
