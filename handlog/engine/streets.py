"""Streets: dealing hole cards and boards, opening each betting round, and the draws between rounds."""

from __future__ import annotations

from handlog.engine.settlement import Settlement
from handlog.engine.state import ZERO, PlayerState
from handlog.engine.violations import Category
from handlog.events import (
    Burn,
    CardReplaced,
    DealHole,
    Discard,
    Redeal,
    StandPat,
    Street,
    StreetStart,
    Structure,
)


class Streets(Settlement):
    """The deal, the board streets (and later runs), the draws, and the start of each betting round."""

    def on_deal(self, e: DealHole) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        if self.variant.stud is not None:
            self._on_stud_deal(p, e)
            return
        if e.new:  # a draw: the kept cards, then the replacements
            self._on_draw_deal(p, e)
            return
        if self.pending_draw.get(p.name) == len(e.cards):  # every card replaced: one bracket, all new
            self._on_draw_deal(p, e.model_copy(update={"cards": (), "new": e.cards}))
            return
        if e.cards and len(e.cards) != self.variant.hole_cards and self.street in (None, Street.PREFLOP):
            self.violate(
                "hole-card-count", Category.CARDS, e.line,
                f"{self.variant.name} deals {self.variant.hole_cards} cards to each player; {p.name} gets"
                f" {len(e.cards)} (a misdeal)",
            )
        if not p.hole:
            self.see(e.cards, e.line, f"dealt to {p.name}")
            p.hole = list(e.cards)
        elif sorted(p.hole) != sorted(e.cards):
            self.violate(
                "hole-cards-changed", Category.CARDS, e.line,
                f"{p.name} was dealt {' '.join(p.hole)} but is now shown holding {' '.join(e.cards)}",
            )

    # the dealer log of a live table (checks.dealer judges the procedure; the cards are followed here)
    def on_burn(self, e: Burn) -> None:
        """A burned card is out of this deal: it may not appear again."""
        if e.card is not None:
            self.see((e.card,), e.line, "burned")

    def on_redeal(self, e: Redeal) -> None:
        """A new deal after a misdeal: the cards are shuffled again, the hole cards dealt before are void."""
        for p in self.players.values():
            p.hole = []
        self.seen.clear()

    def on_card_replaced(self, e: CardReplaced) -> None:
        """An exposed hole card taken back and replaced by the top card: the player holds the new card, the exposed
        one goes back to the dealer (to be burned)."""
        p = self._player(e.player, e.line)
        if p is None:
            return
        if e.card in p.hole:
            p.hole = [c for c in p.hole if c != e.card] + ([e.new] if e.new is not None else [])
        self.seen.pop(e.card, None)
        if e.new is not None:
            self.see((e.new,), e.line, f"dealt to {p.name} in place of {e.card}")

    def _on_stud_deal(self, p: PlayerState, e: DealHole) -> None:
        """Stud: third street deals two down cards and one up, fourth to sixth street one up card each, seventh
        one down card. Rooms print a deal differently: the cards held, then the new one (PokerStars shows a
        player's own three, the others' up cards; Full Tilt prints third street as down cards, then the up card),
        or the whole hand so far, one card at a time (Winning); the cards a line adds are the ones not held yet."""
        held = p.hole
        stud = self.variant.stud
        if stud is None:
            return
        if e.new:
            before, added = list(e.cards), list(e.new)
        elif held and set(held) < set(e.cards):
            before, added = held, [c for c in e.cards if c not in held]
        else:
            before, added = (list(e.cards), []) if held else ([], list(e.cards))
        if held and sorted(before) != sorted(held) and sorted(before) != sorted(p.up):
            self.violate(
                "hole-cards-changed", Category.CARDS, e.line,
                f"{p.name} held {' '.join(held)} but the log prints {' '.join(before)}",
            )
        if added:
            self.see(tuple(added), e.line, f"dealt to {p.name}")
            full = (held or before) + added
            p.hole = full
            if self.street == self.variant.rounds[0]:
                if len(full) > stud.down_first + 1:
                    self.violate(
                        "hole-card-count", Category.CARDS, e.line,
                        f"the {self.street.value} street deals {stud.down_first} card(s) down and one up; {p.name} is"
                        f" dealt {len(full)}",
                    )
                p.up = full[-1:] if len(full) == 1 else full[stud.down_first:stud.down_first + 1]
            elif self.street != self.variant.rounds[-1] or not stud.last_down:
                p.up.extend(added)
        if self.round_open and self.last_actor is None:  # the up cards just dealt decide who acts first
            if self.street != self.variant.rounds[0]:
                self.round_anchor = self.street_anchor()
            elif self.current_bet == 0:
                due = self.bring_in_due()  # who brings in, or completes instead
                self.round_anchor = None if due is None else due.seat - 1

    def _stud_street(self, e: StreetStart) -> None:
        """A stud street: the round before it ends; seventh street may bring one community card, when the deck
        holds too few cards to deal each remaining player one."""
        if e.street == self.variant.rounds[0]:
            if self.street is not None:
                self.violate("street-order", Category.STRUCTURE, e.line, "third street comes twice")
            self._start_round(e.street, e.line)
            return
        self._next_street(e)
        if e.cards:
            if e.street != self.variant.rounds[-1] or len(e.cards) != 1:
                self.violate(
                    "board-count", Category.CARDS, e.line,
                    f"stud deals no board; only seventh street may bring one community card, the log deals"
                    f" {len(e.cards)} on the {e.street.value}",
                )
            self.see(e.cards, e.line, "the community card")
            self.board.extend(e.cards)
        self._start_round(e.street, e.line)

    def _on_draw_deal(self, p: PlayerState, e: DealHole) -> None:
        discarded = self.pending_draw.pop(p.name, None)
        if discarded is not None and discarded != len(e.new):
            self.violate(
                "draw-count-mismatch", Category.CARDS, e.line,
                f"{p.name} discarded {discarded} cards but receives {len(e.new)}",
            )
        if len(e.cards) + len(e.new) != self.variant.hole_cards:
            self.violate(
                "hand-size", Category.CARDS, e.line,
                f"after the draw {p.name} holds {len(e.cards) + len(e.new)} cards; {self.variant.name} hands"
                f" have {self.variant.hole_cards}",
            )
        if p.hole:
            missing = [c for c in e.cards if c not in p.hole]
            if missing:
                self.violate(
                    "kept-cards-not-held", Category.CARDS, e.line,
                    f"{p.name} keeps {' '.join(missing)}, which they were not holding",
                )
        self.see(e.new, e.line, f"drawn by {p.name}")
        p.hole = list(e.cards) + list(e.new)

    def on_street(self, e: StreetStart) -> None:
        if e.street == Street.PREFLOP:
            if e.cards or Street.PREFLOP in self.variant.board:
                self._preflop_board(e)
            if self.street != Street.PREFLOP:
                self._start_round(Street.PREFLOP, e.line)
            return
        if e.street == Street.SHOWDOWN:
            self._close_round(e.line, "the showdown")
            self.street = Street.SHOWDOWN
            self.round_open = False
            return
        if e.street in (Street.DRAW_1, Street.DRAW_2, Street.DRAW_3):
            self._close_round(e.line, "the draw")
            self._enter_draw(e.line)
            return
        if self.variant.stud is not None and e.street in (*self.variant.rounds, Street.SEVENTH):
            self._stud_street(e if e.street != Street.SEVENTH else e.model_copy(update={"street": Street.RIVER}))
            return
        if e.street not in self.variant.board:
            self.violate(
                "street-not-in-game", Category.STRUCTURE, e.line,
                f"{self.variant.name} has no {e.street.value}",
            )
            return
        # a board street
        if self.street is None:
            self.stop(
                "street-order", Category.STRUCTURE, e.line,
                f"the {e.street.value} comes before the deal: no betting round has begun, so the betting after it"
                " belongs to no round the replay can follow",
            )
            return
        expected_count = self.variant.board[e.street]
        if len(e.cards) != expected_count:
            self.violate(
                "board-count", Category.CARDS, e.line,
                f"the {e.street.value} adds {expected_count} board card(s); the log deals {len(e.cards)}",
            )
        if e.run is not None and e.run >= 2:
            if self.variant.boards > 1:
                self._second_board_street(e)
            self._second_run_street(e)
            return
        if self.variant.boards > 1:
            self._second_board_missing(e.line)
            self.board_pending = e.street  # the second board's street comes next, before any betting
        self._next_street(e)
        if e.board and list(e.board) != self.board:
            self.violate(
                "board-mismatch", Category.CARDS, e.line,
                f"the board is {' '.join(self.board) or 'empty'} but the log prints {' '.join(e.board)}",
            )
        self.see(e.cards, e.line, f"the {e.street.value}")
        self.board.extend(e.cards)
        self._start_round(e.street, e.line)

    def _next_street(self, e: StreetStart) -> None:
        """A later street begins: the round before it ends, and the street must be the next one of the game, dealt
        while at least two players are left (Irish: after every player left has discarded)."""
        if self.in_draw:
            waiting = self._next_drawer()
            if waiting is not None:
                self.violate(
                    "round-incomplete", Category.LEGALITY, e.line,
                    f"the {e.street.value} comes before the discard is complete ({waiting} still has to discard)",
                )
        self._close_round(e.line, f"the {e.street.value}")
        expected = self.variant.next_round(self.street) if self.street in self.variant.rounds else None
        if self.street is None or expected != e.street:
            self.violate(
                "street-order", Category.STRUCTURE, e.line,
                f"the {e.street.value} comes after {self.street.value if self.street else 'the deal'};"
                f" expected {expected.value if expected else 'no further street'}",
            )
        if len(self.live_players()) <= 1:
            self.violate(
                "street-after-hand-over", Category.LEGALITY, e.line,
                f"the {e.street.value} is dealt although only one player is left in the hand",
            )

    def _preflop_board(self, e: StreetStart) -> None:
        """Courchevel: the first flop card is dealt face up before the first betting round ("*** PRE-FLOP ***
        [8s]"); a game without it deals no board card there."""
        expected = self.variant.board.get(Street.PREFLOP, 0)
        if not e.cards:
            return  # the hole-cards header, before the card
        if len(e.cards) != expected or self.board:
            self.violate(
                "board-count", Category.CARDS, e.line,
                f"{self.variant.name} deals {expected} board card(s) before the first betting round; the log deals"
                f" {len(e.cards)}",
            )
        self.see(e.cards, e.line, "the first flop card")
        self.board.extend(e.cards)

    def _second_board_street(self, e: StreetStart) -> None:
        """Two boards (Split Hold'em): the second board's street follows the first board's same street at once."""
        if self.board_pending != e.street:
            after = f"the first board's {self.board_pending.value}" if self.board_pending else "the betting"
            self.violate(
                "street-order", Category.STRUCTURE, e.line,
                f"the second board's {e.street.value} comes after {after}; it is dealt right after the first"
                f" board's {e.street.value}",
            )
        self.board_pending = None
        self.board_pending_reported = False

    def _second_board_missing(self, line: int) -> None:
        """Two boards: a street dealt while the second board still lacks the previous one."""
        if self.board_pending is not None and not self.board_pending_reported:
            self.violate(
                "street-order", Category.STRUCTURE, line,
                f"the second board's {self.board_pending.value} was never dealt",
            )
            self.board_pending = None
        self.board_pending_reported = False

    def _second_run_street(self, e: StreetStart) -> None:
        run = e.run or 2
        nth = {2: "second", 3: "third"}.get(run, f"run {run}'s")
        later = self.run_boards.get(run)
        if later is None:
            base = list(e.board) if e.board else []
            if base != self.board[: len(base)]:
                self.violate(
                    "board-mismatch", Category.CARDS, e.line,
                    f"the {nth} run starts from {' '.join(base)} but the board was {' '.join(self.board)}",
                )
            later = self.run_boards[run] = base
        elif e.board and list(e.board) != later:
            self.violate(
                "board-mismatch", Category.CARDS, e.line,
                f"the {nth} board is {' '.join(later)} but the log prints {' '.join(e.board)}",
            )
        self.see(e.cards, e.line, f"the {nth} {e.street.value}")
        later.extend(e.cards)

    def _short_big_blind_seat(self) -> int | None:
        """With no big blind posted, the seat after which preflop's first actor sits: holdem-rules-de.txt, "Die
        Blinden" and "Zuerst Rund von Wetten": the big blind is the player left of the small blind, and the first to
        speak sits left of the big blind. A player in that seat all-in before the blinds (its last chips its ante:
        Bovada 3412778752, "Big Blind : All-in 120" among the antes) keeps the place without posting; otherwise the
        button."""
        if self.small_blind_posted and self.last_blind_seat is not None:
            after = self._after(self.last_blind_seat)
            if after and after[0].in_hand and after[0].all_in:
                return after[0].seat
        return self.button

    def _start_round(self, street: Street, line: int) -> None:
        first_round = self.street is None
        if not first_round:
            self._sweep_uncalled(line)  # the bets are swept into the pot: an uncalled excess is owed back
        self.uncalled_checked = False
        self.street = street
        self.in_draw = False
        for p in self.players.values():
            p.acted_at = None
            if not first_round:
                p.bet = ZERO
        self.last_actor = None
        if first_round:
            self._check_heads_up_blinds(line)
            # the blinds stay in front of the players; the first actor sits after the last live blind
            self.round_anchor = self.blind_anchor if self.blind_anchor is not None else self._short_big_blind_seat()
            if self.variant.stud is not None:
                self.round_anchor = None  # stud: the bring-in (or the up cards, once dealt) decides
            if self.current_bet == ZERO:
                self.last_raise = self.small_bet
        else:
            self.current_bet = ZERO
            self.raises = 0
            self.full_level = ZERO
            self.fourth_big = False
            unit = self.bet_unit(street)
            self.last_raise = unit
            self.round_anchor = self.street_anchor()
        self.round_open = sum(1 for p in self.players.values() if p.active) >= 1 and not self.round_complete()
        if self.hand.structure == Structure.FIXED_LIMIT and not first_round:
            self.last_raise = self.bet_unit(street)

    def on_discard(self, e: Discard | StandPat) -> None:
        p = self._player(e.player, e.line)
        if p is None:
            return
        count = e.count if isinstance(e, Discard) else 0
        exact = self.variant.discard_exactly
        if exact is not None and isinstance(e, Discard) and not count and not e.cards:
            count = exact  # "P discards": the game's number of cards, unseen (Full Tilt's Irish)
        what = f"discards {count}" if count else "stands pat"
        if not self.variant.draw_before:
            self.violate("draw-not-in-game", Category.STRUCTURE, e.line, f"{self.variant.name} has no draw")
            return
        if not self.in_draw:
            due = self._draw_pending()
            self._close_round(e.line, f"{p.name}'s draw")
            if not due:
                self.violate(
                    "draw-out-of-place", Category.STRUCTURE, e.line, f"{p.name} {what} where no draw is due"
                )
            self._enter_draw(e.line)
        if p.folded:
            self.violate("acts-after-fold", Category.LEGALITY, e.line, f"{p.name} {what} after folding")
        elif p.drew:
            self.violate("draws-twice", Category.LEGALITY, e.line, f"{p.name} draws twice in one draw")
        else:
            expected = self._next_drawer()
            if expected != p.name:
                self.violate(
                    "out-of-turn", Category.LEGALITY, e.line,
                    f"{p.name} {what} out of turn: it is {expected or 'nobody'}'s turn to draw",
                )
        limit = self.variant.max_discard or self.rules.max_discard
        if exact is not None and count != exact:
            self.violate(
                "discard-size", Category.LEGALITY, e.line,
                f"{self.variant.name}: each player discards exactly {exact} cards; {p.name} {what}",
            )
        elif count > limit:
            self.violate(
                "draw-too-many", Category.LEGALITY, e.line,
                f"{p.name} discards {count} cards; at most {limit} may be replaced",
            )
        cards = e.cards if isinstance(e, Discard) else ()
        if isinstance(e, Discard) and cards:
            if len(cards) != count:
                self.violate(
                    "discard-count", Category.CARDS, e.line,
                    f"{p.name} discards {count} cards but {len(cards)} are listed",
                )
            if p.hole:
                foreign = [c for c in cards if c not in p.hole]
                if foreign:
                    self.violate(
                        "discard-not-held", Category.CARDS, e.line,
                        f"{p.name} discards {' '.join(foreign)}, which they were not holding",
                    )
            self.discarded.update(cards)
            if not self.variant.draw_replaces and p.hole:
                p.hole = [c for c in p.hole if c not in cards]  # thrown away, nothing dealt in their place
        if count and self.variant.draw_replaces:
            self.pending_draw[p.name] = count
            self.deck_used += count
        p.drew = True
        self.last_actor = p.name
        if all(q.drew for q in self.live_players()):
            self._finish_draw()

    def _finish_draw(self) -> None:
        street = self.street or Street.PREFLOP
        nxt = self.variant.next_round(street) if street in self.variant.rounds else None
        self.in_draw = False
        if nxt is not None and self.variant.draw_replaces:
            self._start_round(nxt, 0)
        # a discard without replacement (Irish) is followed by a board street, whose header opens the next round
