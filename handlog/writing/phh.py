"""Write any hand handlog reads as PHH: one TOML table per hand, in the action notation of phh-std.

The players are numbered from the first seat left of the button (``p1``) round to the button (heads-up: the big
blind, then the button), as PHH expects; in stud, which has no button, in seat order. Stud cards are dealt street by
street as phh-std and PokerKit deal them, down and up told apart by their place: ``d dh pN`` with third street's two
down cards and its up card, then one card a street to each player still in (fourth to sixth street up, seventh
down), ``??`` for a card the log does not show; the bring-in is ``pN pb`` and a completion a ``cbr``.

The specification's optional fields are written where the hand knows them (players, seats, seat_count, hand,
table, venue, currency, time, finishing stacks, winnings), and ``_``-prefixed fields (phh-std leaves them to
users) for what it lacks, so that handlog reads back the hand the site logged, with its own numbers to check:
``_posts`` (forced bets the arrays cannot say: a dead small blind, a returning player's big blind), ``_uncalled``,
``_collects`` (pot by pot), ``_total_pot``, ``_main_pot``, ``_side_pots``, ``_rake``, ``_stp`` (splash the pot),
``_fees`` (a jackpot's), ``_pot_drops``, ``_side_payments`` (an EV cash-out), ``_uncalled_in_collects`` and
``_uncalled_unprinted`` (the room's way with uncalled returns, ``StatedResults.uncalled``), ``_tournament``,
``_small_blind``, ``_cap`` and ``_currency`` (play money, which has no ISO code). Chat, seat changes and notices are
not part of a PHH hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from decimal import Decimal

from handlog.engine import replay
from handlog.engine.variants import variant_for
from handlog.events import (
    STUD_GAMES,
    Bet,
    BoardVoided,
    Burn,
    Call,
    CardExposed,
    CardReplaced,
    CashOut,
    Chat,
    Check,
    Collect,
    Cut,
    DealHole,
    Discard,
    Event,
    ExtraCard,
    Fold,
    Game,
    Hand,
    HandCancelled,
    Misdeal,
    Muck,
    Notice,
    OutOfPlay,
    PlaysBoard,
    Post,
    PostType,
    PotDrop,
    Raise,
    Redeal,
    Reshuffle,
    Show,
    SidePayment,
    StandPat,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    UncalledBet,
    UncalledReturns,
)
from handlog.formats.phh_builder import GAME_CODES, STRUCTURE_CODES, stud_streets
from handlog.writing.base import Unconvertible, number, unfinished

__all__ = ["Unconvertible", "hand_to_phh", "hands_to_phhs", "variant_code"]

ZERO = Decimal(0)
BOARD_STREETS = (Street.FLOP, Street.TURN, Street.RIVER)
BLIND_POSTS = (PostType.SMALL_BLIND, PostType.BIG_BLIND, PostType.STRADDLE)


def variant_code(game: Game, structure: Structure) -> str | None:
    """The PHH variant code of a game and structure (``NT``, ``FO/8``, ``F5CD`` …), or None."""
    letter = next((k for k, v in STRUCTURE_CODES.items() if v == structure), None)
    code = next((k for k, (g, _) in GAME_CODES.items() if g == game and g != Game.OTHER), None)
    return None if letter is None or code is None else letter + code


def _number(value: Decimal | int) -> str:
    """A TOML number, exactly as the amount is (no exponent)."""
    return number(value)


def _string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _array(values: Sequence[str]) -> str:
    return "[" + ", ".join(values) + "]"


class _Writer:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        code = variant_code(hand.game, hand.structure)
        if code is None:
            raise Unconvertible(f"{hand.game_name or hand.game.value} ({hand.structure.value}) has no PHH variant code")
        if any(isinstance(e, HandCancelled) for e in hand.events) or hand.cancelled:
            raise Unconvertible("a cancelled hand is no PHH hand")
        if any(isinstance(e, StreetStart) and e.run == 2 for e in hand.events) or hand.summary.run_twice:
            raise Unconvertible("PHH cannot hold a hand run twice")
        if any(isinstance(e, CashOut) for e in hand.events):
            raise Unconvertible("PHH cannot hold a cash-out (the pot was not awarded)")
        self.code = code
        # the players in the hand: dealt in, or sitting out but acting (a seat's status or a notice is no action)
        acting = {getattr(e, "player", None) for e in hand.events if not isinstance(e, Chat | StatusChange | Notice)}
        seats = [s for s in hand.seats if not s.out_of_hand and (not s.sitting_out or s.player in acting)]
        button = hand.button
        if button is not None and hand.game not in STUD_GAMES:  # stud has no button: players in seat order, the
            # lowest seat first, as ties between equal up cards are broken (engine.stud)
            seats.sort(key=lambda s: (s.seat <= button, s.seat))
        if len(seats) < 2:
            raise Unconvertible("a PHH hand needs two players dealt in")
        if unfinished(hand):
            raise Unconvertible("the log ends before the hand does and states no result")
        self.seats = seats
        self.index = {s.player: k for k, s in enumerate(seats, 1)}
        variant = variant_for(hand.game)
        self.hole_cards = variant.hole_cards if variant is not None else 2
        self.cap = hand.stakes.cap  # the most one player may put in (capped games), when known
        self.stud = hand.game in STUD_GAMES
        streets, self.stud_first = stud_streets(hand.game)
        self.stud_slots = self.stud_first + len(streets) - 1  # the cards a player still in at the end holds
        # the stud streets in order (PokerStars heads seventh street "RIVER")
        self.stud_index = {street: k for k, street in enumerate(streets)}
        if Street.SEVENTH in self.stud_index:
            self.stud_index[Street.RIVER] = self.stud_index[Street.SEVENTH]
        self.stud_cards = self._stud_cards() if self.stud else {}

    def p(self, player: str) -> str:
        if player not in self.index:
            raise Unconvertible(f"{player!r} acts without a seat in the hand")
        return f"p{self.index[player]}"

    # ------------------------------------------------------------------ forced bets
    def forced_bets(self) -> tuple[list[Decimal], list[Decimal], list[tuple[int, str, Decimal]] | None]:
        n = len(self.seats)
        antes, blinds = [ZERO] * n, [ZERO] * n
        posts = [e for e in self.hand.events if isinstance(e, Post) and e.post != PostType.BRING_IN]
        listed = [(self.index[e.player], e.post.value, e.amount) for e in posts if e.player in self.index]
        for e in posts:
            k = self.index.get(e.player)
            if k is None:
                raise Unconvertible(f"{e.player!r} posts without a seat in the hand")
            if e.post == PostType.ANTE:
                antes[k - 1] += e.amount
            elif e.post in BLIND_POSTS:
                blinds[k - 1] += e.amount
        if n == 2:  # phh-std reverses the arrays heads-up
            antes, blinds = antes[::-1], blinds[::-1]
        return antes, blinds, (None if self._arrays_say_it(posts, blinds) else listed)

    def _arrays_say_it(self, posts: list[Post], blinds: list[Decimal]) -> bool:
        """Whether the arrays read back as exactly these posts (else ``_posts`` lists them)."""
        n = len(self.seats)
        if any(e.post not in (PostType.ANTE, *BLIND_POSTS) for e in posts):
            return False
        effective = blinds[::-1] if n == 2 else blinds
        order = [1, 0] if n == 2 else list(range(n))
        posting = [i for i in order if effective[i] > 0]
        kinds = [PostType.SMALL_BLIND, PostType.BIG_BLIND] if len(posting) > 1 else [PostType.BIG_BLIND]
        expected = [(i + 1, kinds[j] if j < len(kinds) else PostType.STRADDLE) for j, i in enumerate(posting)]
        actual = [(self.index[e.player], e.post) for e in posts if e.post != PostType.ANTE]
        antes = [e for e in posts if e.post == PostType.ANTE]
        if len(antes) != len({e.player for e in antes}):
            return False
        first_blind = next((k for k, e in enumerate(posts) if e.post != PostType.ANTE), len(posts))
        if any(e.post == PostType.ANTE for e in posts[first_blind:]):
            return False  # an ante after a blind: the arrays would put it first
        return actual == expected

    # ------------------------------------------------------------------ actions
    def actions(self) -> list[str]:
        events = self.hand.events
        out: list[str] = []
        dealt = False
        bets: dict[str, Decimal] = {}
        before: dict[str, Decimal] = {}  # put in on earlier streets (and antes): for a cap reached mid-hand
        for e in events:
            if isinstance(e, Post) and e.post in (*BLIND_POSTS, PostType.BOTH_BLINDS, PostType.BUTTON_BLIND):
                bets[e.player] = bets.get(e.player, ZERO) + e.amount
            elif isinstance(e, Post):
                before[e.player] = before.get(e.player, ZERO) + e.amount
        folded: set[str] = set()
        pending: dict[str, int] = {}  # cards discarded and not yet shown replaced
        drawing = False  # a draw has begun: the bets of the round before it are in the pot (some logs print no
        # "*** DRAW ***" line, so the first discard says it)
        deals = _deal_segments(events)  # the hole cards of each deal: a misdealt one, then the deal again
        for position, e in enumerate(events):
            if isinstance(e, Discard | StandPat) and not drawing:
                for player, amount in bets.items():
                    before[player] = before.get(player, ZERO) + amount
                bets, drawing = {}, True
            elif isinstance(e, Bet | Raise | Call | Check | Fold):
                drawing = False
            if not dealt and isinstance(e, StreetStart | DealHole | Fold | Check | Call | Bet | Raise | Post) and not (
                isinstance(e, Post) and e.post != PostType.BRING_IN
            ):
                out.extend(self._deal_all(deals[0]))
                dealt = True
            dealer = _dealer_word(e, self.p)
            if dealer is not None:
                out.append(dealer)
                if isinstance(e, Redeal):
                    deals.pop(0)
                    out.extend(self._deal_all(deals[0]))
            elif isinstance(e, StreetStart) and self.stud:
                out.extend(self._deal_stud_street(e, folded))
                for player, amount in bets.items():
                    before[player] = before.get(player, ZERO) + amount
                bets = {}
            elif isinstance(e, DealHole) and self.stud:
                continue  # written street by street, from _stud_cards
            elif isinstance(e, StreetStart):
                if e.street in BOARD_STREETS and e.cards:  # a street line without its cards deals nothing
                    out.append(f"d db {''.join(e.cards)}")
                if e.street != Street.PREFLOP:
                    for player, amount in bets.items():
                        before[player] = before.get(player, ZERO) + amount
                    bets = {}
            elif isinstance(e, DealHole) and (e.new or pending.get(e.player) == len(e.cards)):
                # the new cards of a draw (a log shows a hand of all new cards as one bracket)
                out.append(f"d dh {self.p(e.player)} {''.join(e.new or e.cards)}")
                pending.pop(e.player, None)
            elif isinstance(e, Post) and e.post == PostType.BRING_IN:
                bets[e.player] = bets.get(e.player, ZERO) + e.amount
                out.append(f"{self.p(e.player)} pb")
            elif isinstance(e, Fold):
                folded.add(e.player)
                out.append(f"{self.p(e.player)} f")
            elif isinstance(e, Check | Call):
                if isinstance(e, Call):
                    bets[e.player] = bets.get(e.player, ZERO) + e.amount
                out.append(f"{self.p(e.player)} cc")
            elif isinstance(e, Bet):
                bets[e.player] = bets.get(e.player, ZERO) + e.amount
                out.append(f"{self.p(e.player)} cbr {_number(bets[e.player])}")
            elif isinstance(e, Raise):
                bets[e.player] = e.to
                if e.cap_reached and self.cap is None:  # a capped game that states its cap only when reached
                    self.cap = before.get(e.player, ZERO) + e.to
                out.append(f"{self.p(e.player)} cbr {_number(e.to)}")
            elif isinstance(e, Discard):
                cards = "".join(e.cards) if e.cards else "??" * e.count
                out.append(f"{self.p(e.player)} sd {cards}")
                pending[e.player] = e.count
                if e.count and not self._draws_later(events[position + 1 :], e.player, e.count):
                    out.append(f"d dh {self.p(e.player)} {'??' * e.count}")
            elif isinstance(e, StandPat):
                out.append(f"{self.p(e.player)} sd")
            elif isinstance(e, Show | Muck) and len(self.seats) - len(folded) < 2:
                continue  # a lone winner showing or not: no showdown, and PHH has no such action
            elif isinstance(e, Show):
                out.append(f"{self.p(e.player)} sm {''.join(e.cards)}{'??' * e.unknown}")
            elif isinstance(e, Muck):
                out.append(f"{self.p(e.player)} sm")
        if not dealt:
            out.extend(self._deal_all(deals[0]))
        return out

    def _deal_all(self, events: Sequence[Event]) -> list[str]:
        if self.stud:  # the first street: the down card(s), then the up card
            return [
                f"d dh p{k} {self._cards(self.stud_cards[s.player][:self.stud_first])}"
                for k, s in enumerate(self.seats, 1)
            ]
        first: dict[str, tuple[str, ...]] = {}
        for e in events:
            if isinstance(e, DealHole) and not e.new and e.player not in first:
                first[e.player] = e.cards
        return [
            f"d dh p{k} {''.join(first.get(s.player, ())) or '??' * self.hole_cards}"
            for k, s in enumerate(self.seats, 1)
        ]

    @staticmethod
    def _cards(cards: Sequence[str | None]) -> str:
        return "".join(c or "??" for c in cards)

    def _stud_cards(self) -> dict[str, list[str | None]]:
        """Each player's stud cards in the order PHH deals them (third street's two down cards and its up card,
        fourth to sixth street's up cards, seventh street's down card; Five Card Stud's down and up card, then its
        up cards), None where the log does not show one.

        Rooms print a stud deal differently (``engine.streets``: the cards held then the new one, the whole hand so
        far, or a player's own down cards and everyone's up cards): the cards a line adds are those not held yet,
        and on third street a lone card is the up card."""
        first = self.stud_first
        slots: dict[str, list[str | None]] = {s.player: [None] * self.stud_slots for s in self.seats}
        held: dict[str, list[str]] = {}
        index = 0
        for e in self.hand.events:
            if isinstance(e, StreetStart) and e.street in self.stud_index:
                index = self.stud_index[e.street]
            if not isinstance(e, DealHole) or e.player not in slots:
                continue
            have = held.get(e.player, [])
            if e.new:
                before, added = list(e.cards), list(e.new)
            elif have and set(have) < set(e.cards):
                before, added = have, [c for c in e.cards if c not in have]
            else:
                before, added = (list(e.cards), []) if have else ([], list(e.cards))
            full = (have or before) + added
            held[e.player] = full
            mine = slots[e.player]
            if index == 0:  # a lone card is the up card
                lone = len(full) == 1
                opening: list[str | None] = [*[None] * (first - 1), full[0]] if lone else [*full, *[None] * first]
                mine[:first] = opening[:first]
            elif added:
                mine[first - 1 + index] = added[-1]
        return slots

    def _deal_stud_street(self, e: StreetStart, folded: set[str]) -> list[str]:
        """A later stud street: one card to each player still in (PHH: from p1 on), or the one community card
        when the deck runs short on seventh street."""
        index = self.stud_index.get(e.street, 0)
        if e.cards:
            return [f"d db {''.join(e.cards)}"]
        if index == 0:
            return []
        return [
            f"d dh p{k} {self._cards(self.stud_cards[s.player][self.stud_first - 1 + index:self.stud_first + index])}"
            for k, s in enumerate(self.seats, 1) if s.player not in folded
        ]

    @staticmethod
    def _draws_later(rest: Sequence[Event], player: str, count: int) -> bool:
        """Whether the log shows ``player``'s new cards before the next betting action."""
        for e in rest:
            if isinstance(e, DealHole) and e.player == player and (e.new or len(e.cards) == count):
                return True
            if isinstance(e, Bet | Raise | Call | Check | Fold | StreetStart):
                return False
        return False

    # ------------------------------------------------------------------ the table
    def table(self) -> str:
        h = self.hand
        antes, blinds, posts = self.forced_bets()
        actions = self.actions()
        rp = replay(h, states=False)
        lines = [f"variant = {_string(self.code)}"]
        lines.append(f"antes = {_array([_number(a) for a in antes])}")
        if any(blinds) or h.game not in STUD_GAMES:
            lines.append(f"blinds_or_straddles = {_array([_number(b) for b in blinds])}")
        bring_in = next((e.amount for e in h.events if isinstance(e, Post) and e.post == PostType.BRING_IN), None)
        if bring_in is not None:
            lines.append(f"bring_in = {_number(bring_in)}")
        if h.structure == Structure.FIXED_LIMIT:
            lines.append(f"small_bet = {_number(h.stakes.small)}")
            lines.append(f"big_bet = {_number(h.stakes.big)}")
        else:
            lines.append(f"min_bet = {_number(h.stakes.big)}")
            lines.append(f"_small_blind = {_number(h.stakes.small)}")
        if self.cap is not None:
            lines.append(f"_cap = {_number(self.cap)}")
        lines.append(f"starting_stacks = {_array([_number(s.stack) for s in self.seats])}")
        lines.append("actions = [")
        lines.extend(f"  {_string(a)}," for a in actions)
        lines.append("]")
        lines.append(f"players = {_array([_string(s.player) for s in self.seats])}")
        lines.append(f"seats = {_array([str(s.seat) for s in self.seats])}")
        if h.max_seats:
            lines.append(f"seat_count = {h.max_seats}")
        lines.append(f"hand = {_string(h.hand_id)}")
        if h.table:
            lines.append(f"table = {_string(h.table)}")
        lines.append(f"venue = {_string(h.site)}")
        if h.currency not in ("CHIPS", "PLAY") and len(h.currency) == 3:
            lines.append(f"currency = {_string(h.currency)}")
        elif h.currency != "CHIPS":
            lines.append(f"_currency = {_string(h.currency)}")
        if h.time_utc is not None:
            t = h.time_utc
            lines.append(f"year = {t.year}\nmonth = {t.month}\nday = {t.day}")
            lines.append(f"time = {t.strftime('%H:%M:%S')}\ntime_zone = \"UTC\"")
        collected = {name: ZERO for name in self.index}
        for c in rp.collects:
            if c.player in collected:
                collected[c.player] += c.amount
        for seat in h.summary.seats:  # what the site's summary says each won: kept, so that it is still checked
            if seat.player in collected:
                collected[seat.player] = sum(seat.won, ZERO)
        lines.append(f"winnings = {_array([_number(collected[s.player]) for s in self.seats])}")
        finishing = [
            s.stack - rp.results[s.player].committed + rp.results[s.player].collected if s.player in rp.results
            else s.stack for s in self.seats
        ]
        lines.append(f"finishing_stacks = {_array([_number(v) for v in finishing])}")
        lines.extend(self._site_fields(posts))
        return "\n".join(lines) + "\n"

    def _site_fields(self, posts: list[tuple[int, str, Decimal]] | None) -> list[str]:
        h = self.hand
        out: list[str] = []
        if posts is not None:
            out.append("_posts = " + _array([f"[{k}, {_string(kind)}, {_number(a)}]" for k, kind, a in posts]))
        drops = [e.amount for e in h.events if isinstance(e, PotDrop)]
        if drops:
            out.append("_pot_drops = " + _array([_number(a) for a in drops]))
        side = [e for e in h.events if isinstance(e, SidePayment)]
        if side:
            out.append("_side_payments = " + _array(
                [f"[{self.index[e.player]}, {_number(e.amount)}, {_string(e.reason)}]" for e in side]
            ))
        if h.tournament is not None:
            t = h.tournament
            fields = f"id = {_string(t.id)}, buy_in = {_string(t.buy_in)}, level = {_string(t.level)}"
            out.append(f"_tournament = {{ {fields} }}")
        if not h.summary.results_stated:  # a research log (PHH, ACPC): the awards are the replay's, not stated
            return out
        uncalled = [e for e in h.events if isinstance(e, UncalledBet)]
        if uncalled:
            out.append("_uncalled = " + _array([f"[{self.index[e.player]}, {_number(e.amount)}]" for e in uncalled]))
        collects = [e for e in h.events if isinstance(e, Collect)]
        out.append("_collects = " + _array(
            [f"[{self.index[e.player]}, {_string(e.pot)}, {_number(e.amount)}]" for e in collects]
        ))
        s = h.summary
        if s.total_pot is not None:
            out.append(f"_total_pot = {_number(s.total_pot)}")
        if s.main_pot is not None:
            out.append(f"_main_pot = {_number(s.main_pot)}")
            out.append(f"_side_pots = {_array([_number(p) for p in s.side_pots])}")
        if s.rake is not None:
            out.append(f"_rake = {_number(s.rake)}")
        if s.stp is not None:
            out.append(f"_stp = {_number(s.stp)}")
        if s.fees:
            out.append("_fees = " + _array([f"[{_string(f.name)}, {_number(f.amount)}]" for f in s.fees]))
        if s.uncalled is UncalledReturns.IN_COLLECTS:
            out.append("_uncalled_in_collects = true")
        elif s.uncalled is UncalledReturns.UNPRINTED:
            out.append("_uncalled_unprinted = true")
        return out


def hand_to_phh(hand: Hand) -> str:
    """The hand as one PHH document (a ``.phh`` file, or one table of a ``.phhs``); raises ``Unconvertible``."""
    return _Writer(hand).table()


def hands_to_phhs(hands: Sequence[Hand]) -> str:
    """Several hands as one ``.phhs`` document: tables ``[1]``, ``[2]`` … in order."""
    return "\n".join(f"[{k}]\n{hand_to_phh(h)}" for k, h in enumerate(hands, 1))


def _deal_segments(events: Sequence[Event]) -> list[list[Event]]:
    """The events of each deal of a hand: before the first ``Redeal``, then after each (a misdealt deal kept)."""
    segments: list[list[Event]] = [[]]
    for e in events:
        if isinstance(e, Redeal):
            segments.append([])
        segments[-1].append(e)
    return segments


def _dealer_word(e: Event, p: Callable[[str], str]) -> str | None:
    """A dealer event as handlog's dealer log writes it (docs/live-dealer-errors.md), or None for other events."""
    if isinstance(e, Burn):
        return f"d burn {e.card}" if e.card else "d burn"
    if isinstance(e, CardExposed):
        return f"d expose {p(e.player)} {e.card or '??'}"
    if isinstance(e, ExtraCard):
        return f"d extra {p(e.player)} {''.join(e.cards)}{'??' * (e.count - len(e.cards))}"
    if isinstance(e, CardReplaced):
        return f"d replace {p(e.player)} {e.card} {e.new or '??'}"
    if isinstance(e, Misdeal):
        return "d misdeal"
    if isinstance(e, Redeal):
        return "d redeal"
    if isinstance(e, BoardVoided):
        return f"d db {''.join(e.cards)}{'??' * (e.count - len(e.cards))}"
    if isinstance(e, OutOfPlay):
        return f"d out {''.join(e.cards) or '??'}"
    if isinstance(e, Reshuffle):
        return f"d shuffle {''.join(e.cards)}" if e.cards else "d shuffle"
    if isinstance(e, Cut):
        return "d cut"
    if isinstance(e, PlaysBoard):
        return f"{p(e.player)} board"
    return None
