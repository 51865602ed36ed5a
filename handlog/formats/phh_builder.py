"""PHH's action notation into events: the builder of a hand from its fields and actions (``HandBuilder``), shared
machinery of the formats that state a hand as PHH does (``phh``: the TOML files; ``acpc``: ACPC and Pluribus logs
turned into PHH actions). The mapping itself is described in ``phh``'s docstring.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from handlog.errors import ParseError
from handlog.events import (
    STUD_GAMES,
    Bet,
    BoardVoided,
    Burn,
    Call,
    CardExposed,
    CardReplaced,
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
    HouseFee,
    Misdeal,
    Muck,
    OutOfPlay,
    PlaysBoard,
    Post,
    PostType,
    PotDrop,
    Raise,
    Redeal,
    Reshuffle,
    Seat,
    SeatResult,
    Show,
    SidePayment,
    Stakes,
    StandPat,
    StatedResults,
    Street,
    StreetStart,
    Structure,
    Tournament,
    UncalledBet,
    UncalledReturns,
)
from handlog.formats.phh_actions import UNKNOWN, Action, ActionSyntaxError, parse_action
from handlog.formats.phh_document import Located
from handlog.formats.sitenames import room_name
from handlog.reading.registry import HandParseFailure

ZERO = Decimal(0)

STRUCTURE_CODES = {"N": Structure.NO_LIMIT, "P": Structure.POT_LIMIT, "F": Structure.FIXED_LIMIT}
GAME_CODES: dict[str, tuple[Game, str]] = {
    "T": (Game.HOLDEM, "Hold'em"),
    "O": (Game.OMAHA, "Omaha"),
    "O/8": (Game.OMAHA_HI_LO, "Omaha Hi/Lo"),
    "2L1D": (Game.SINGLE_DRAW_27, "2-7 Single Draw"),
    "2L3D": (Game.TRIPLE_DRAW_27, "2-7 Triple Draw"),
    "B": (Game.BADUGI, "Badugi"),
    "5CD": (Game.FIVE_CARD_DRAW, "5 Card Draw"),  # handlog's codes: phh-std has none for these games
    "5O": (Game.FIVE_CARD_OMAHA, "5 Card Omaha"),
    "5O/8": (Game.FIVE_CARD_OMAHA_HI_LO, "5 Card Omaha Hi/Lo"),
    "6O": (Game.SIX_CARD_OMAHA, "6 Card Omaha"),
    "7S": (Game.SEVEN_CARD_STUD, "7 Card Stud"),
    "7S/8": (Game.SEVEN_CARD_STUD_HI_LO, "7 Card Stud Hi/Lo"),
    "R": (Game.RAZZ, "Razz"),
    "5S": (Game.FIVE_CARD_STUD, "5 Card Stud"),  # handlog's code: phh-std has none
    "S": (Game.OTHER, "Short Deck Hold'em"),
}
BOARD_STREETS = (Street.FLOP, Street.TURN, Street.RIVER)
DRAW_STREETS = (Street.DRAW_1, Street.DRAW_2, Street.DRAW_3)
STUD_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
FIVE_STUD_STREETS = (Street.SECOND, Street.THIRD, Street.FOURTH, Street.FIFTH)


def stud_streets(game: Game) -> tuple[tuple[Street, ...], int]:
    """A stud game's streets and how many cards its first street deals (the last of them up): Five Card Stud one
    down and one up on second street, the seven-card games two down and one up on third street."""
    return (FIVE_STUD_STREETS, 2) if game == Game.FIVE_CARD_STUD else (STUD_STREETS, 3)
CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}



def variant_of(code: str) -> tuple[Game, str, Structure] | None:
    """``"NT"`` → (Game.HOLDEM, "Hold'em", Structure.NO_LIMIT); None for a code handlog does not know."""
    structure = STRUCTURE_CODES.get(code[:1])
    game = GAME_CODES.get(code[1:])
    if structure is None or game is None:
        return None
    return game[0], game[1], structure


class PHHError(ValueError):
    """A hand whose fields contradict each other (e.g. five stacks and six antes), with the line to blame."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


@dataclass(slots=True)
class _Street:
    """The reader's bookkeeping for one betting round: bets in front of each player and whether anyone acted."""

    index: int = 0
    bets: list[Decimal] = field(default_factory=list)
    acted: bool = False  # a betting action happened since the street began
    drawing: bool = False  # draw games: the players are discarding

    @property
    def top(self) -> Decimal:
        return max(self.bets, default=ZERO)


class HandBuilder:
    """Turns a located PHH document into a ``Hand``: one pass over the actions, keeping the bets and stacks."""

    def __init__(self, doc: Located, file: str, hand_id: str) -> None:
        self.doc = doc
        self.f = doc.fields
        self.file = file
        self.hand_id = hand_id
        kind = variant_of(self.f.variant)
        if kind is None:
            raise PHHError(f"unknown PHH variant {self.f.variant!r}", doc.line_of("variant"))
        self.game, self.game_name, self.structure = kind
        self.n = len(self.f.starting_stacks)
        if self.n < 2:
            raise PHHError("a hand needs at least two players", doc.line_of("starting_stacks"))
        self.names = self._names()
        self.stacks = list(self.f.starting_stacks)
        self.street = _Street(bets=[ZERO] * self.n)
        self.events: list[Event] = []
        self.hole: list[list[str] | None] = [[] for _ in range(self.n)]  # None: some card unknown
        self.discarded: list[tuple[str, ...] | None] = [None] * self.n
        self.stud_dealt = [0] * self.n  # stud: the cards dealt to each player, known or not
        self.stud_seen: list[list[str]] = [[] for _ in range(self.n)]  # stud: the known ones given to the engine
        self.board_deals = 0
        self.bb_level = ZERO
        self.folded = [False] * self.n
        self.put_in = [ZERO] * self.n
        self.showdown = False

    # ------------------------------------------------------------------ setup
    def _names(self) -> list[str]:
        given = self.f.players or []
        if given and len(given) != self.n:
            raise PHHError(f"{len(given)} players but {self.n} starting stacks", self.doc.line_of("players"))
        names = [given[i] if i < len(given) and given[i].strip() else f"p{i + 1}" for i in range(self.n)]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise PHHError(f"the player name {dup!r} is given twice", self.doc.line_of("players"))
        return names

    def _per_player(self, key: str, values: list[Decimal] | None) -> list[Decimal]:
        if values is None:
            return [ZERO] * self.n
        if len(values) != self.n:
            raise PHHError(f"{key} has {len(values)} values for {self.n} players", self.doc.line_of(key))
        if self.n == 2:  # phh-std: antes and blinds are reversed heads-up (p2 is the button and small blind)
            return list(reversed(values))
        return list(values)

    def seats(self) -> tuple[Seat, ...]:
        numbers = self.f.seats or list(range(1, self.n + 1))
        if len(numbers) != self.n or len(set(numbers)) != self.n:
            raise PHHError(f"seats must be {self.n} different numbers", self.doc.line_of("seats"))
        line = self.doc.line_of("starting_stacks")
        return tuple(
            Seat(seat=numbers[i], player=self.names[i], stack=self.f.starting_stacks[i], line=line)
            for i in range(self.n)
        )

    def stakes(self) -> Stakes:
        antes = [a for a in (self.f.antes or []) if a > 0]
        ante = antes[0] if antes and all(a == antes[0] for a in antes) else None
        blinds = [b for b in (self.f.blinds_or_straddles or []) if b > 0]
        if self.structure == Structure.FIXED_LIMIT:
            if self.f.small_bet is None or self.f.big_bet is None:
                raise PHHError("a fixed-limit hand needs small_bet and big_bet", self.doc.line_of("variant"))
            return Stakes(small=self.f.small_bet, big=self.f.big_bet, ante=ante, cap=self.f.cap)
        big = self.f.min_bet if self.f.min_bet is not None else (max(blinds) if blinds else None)
        if big is None:
            raise PHHError("a no-limit or pot-limit hand needs min_bet", self.doc.line_of("variant"))
        small = min(blinds) if len(blinds) >= 2 else (blinds[0] / 2 if blinds else big / 2)
        if self.f.small_blind is not None:
            small = self.f.small_blind
        return Stakes(small=small, big=big, ante=ante, cap=self.f.cap)

    # ------------------------------------------------------------------ forced bets
    def _room(self, i: int) -> Decimal:
        """What player ``i`` can still put in: the stack, or less in a capped game."""
        if self.f.cap is None:
            return self.stacks[i]
        return min(self.stacks[i], max(self.f.cap - self.put_in[i], ZERO))

    def _put(self, i: int, amount: Decimal) -> tuple[Decimal, bool]:
        """Take ``amount`` from player ``i`` (all they can put in when it is less): what went in, and all-in."""
        taken = min(amount, self._room(i))
        self.stacks[i] -= taken
        self.put_in[i] += taken
        return taken, self._room(i) <= 0

    def forced_bets(self) -> None:
        line = self.doc.line_of("_pot_drops")
        self.events.extend(PotDrop(line=line, amount=amount) for amount in self.f.pot_drops or ())
        if self.f.posts is not None:
            self._listed_posts()
            return
        antes = self._per_player("antes", self.f.antes)
        line = self.doc.line_of("antes")
        for i, ante in enumerate(antes):
            if ante > 0:
                taken, all_in = self._put(i, ante)
                self.events.append(Post(line=line, player=self.names[i], post=PostType.ANTE, amount=taken,
                                        all_in=all_in))
        blinds = self._per_player("blinds_or_straddles", self.f.blinds_or_straddles)
        order = [1, 0] if self.n == 2 else list(range(self.n))  # heads-up the small blind (p2) posts first
        line = self.doc.line_of("blinds_or_straddles")
        posting = [i for i in order if blinds[i] > 0]
        # the first of several blinds is the small blind, the next the big blind, any more are straddles; a lone
        # blind is a big blind
        kinds = [PostType.SMALL_BLIND, PostType.BIG_BLIND] if len(posting) > 1 else [PostType.BIG_BLIND]
        for k, i in enumerate(posting):
            kind = kinds[k] if k < len(kinds) else PostType.STRADDLE
            taken, all_in = self._put(i, blinds[i])
            self.street.bets[i] += taken
            self._big_blind_level(kind, taken, all_in)
            self.events.append(Post(line=line, player=self.names[i], post=kind, amount=taken, all_in=all_in))

    def _big_blind_level(self, kind: PostType, taken: Decimal, all_in: bool) -> None:
        """What a caller owes preflop at least: the big blind, in full even when it is posted all-in for less."""
        if kind == PostType.BIG_BLIND:
            stakes = self.stakes()
            full = stakes.small if self.structure == Structure.FIXED_LIMIT else stakes.big
            self.bb_level = max(self.bb_level, full if all_in else taken)

    def _listed_posts(self) -> None:
        """``_posts`` (written by ``handlog convert``): the forced bets one by one, as the site logged them. A small
        blind after the first, an ante, a dead blind and the dead part of "small & big blinds" are no bet to match."""
        line = self.doc.line_of("_posts")
        small_posted = False
        for k, kind, amount in self.f.posts or ():
            try:
                post = PostType(kind)
            except ValueError:
                raise PHHError(f"_posts: unknown forced bet {kind!r}", line) from None
            i = k - 1
            name = self._name(k, "_posts")
            taken, all_in = self._put(i, amount)
            if post == PostType.BOTH_BLINDS:
                self.street.bets[i] += taken - min(self._dead_small(taken), taken)
            elif post not in (PostType.ANTE, PostType.DEAD_BLIND) and not (
                post == PostType.SMALL_BLIND and small_posted
            ):
                self.street.bets[i] += taken
            small_posted = small_posted or post == PostType.SMALL_BLIND
            self._big_blind_level(post, taken, all_in)
            self.events.append(Post(line=line, player=name, post=post, amount=taken, all_in=all_in))

    def _dead_small(self, amount: Decimal) -> Decimal:
        """The dead part of "small & big blinds", as the engine counts it."""
        stakes = self.stakes()
        big = stakes.small if self.structure == Structure.FIXED_LIMIT else stakes.big
        dead = min(stakes.small, amount) if self.structure != Structure.FIXED_LIMIT else ZERO
        if dead == ZERO or amount - dead <= 0:
            dead = amount - big if amount > big else ZERO
        return dead

    # ------------------------------------------------------------------ actions
    def run(self) -> None:
        self.forced_bets()
        actions: list[tuple[int, Action]] = []
        for text, line in zip(self.f.actions, self.doc.action_lines, strict=True):
            try:
                action = parse_action(text)
            except ActionSyntaxError as exc:
                raise HandParseFailure(ParseError(
                    line=line, column=exc.column, message=str(exc), expected=exc.expected, text=text[:300]
                )) from None
            if action.verb:
                actions.append((line, action))
        voided = _voided_board_deals([a for _, a in actions])
        last_deal = max((k for k, (_, a) in enumerate(actions) if a.verb in ("dh", "db")), default=-1)
        first_street = stud_streets(self.game)[0][0] if self.game in STUD_GAMES else Street.PREFLOP
        started = False
        for k, (line, action) in enumerate(actions):
            if action.player is not None and not 0 <= action.player < self.n:
                raise PHHError(f"p{action.player + 1} acts but the hand has {self.n} players", line)
            if not started:
                self.events.append(StreetStart(line=line, street=first_street))
                started = True
            if k in voided:
                cards = action.cards or ()
                known = tuple(c for c in cards if c != UNKNOWN)
                self.events.append(BoardVoided(line=line, cards=known, count=max(len(cards), 1)))
            elif action.verb in _DEALER_LOG:
                self._dealer(line, action)
            else:
                self._apply(line, action, showdown_now=k > last_deal)
        self.stated_awards()

    def _dealer(self, line: int, a: Action) -> None:
        """A word of the dealer log (docs/live-dealer-errors.md) as its event; the cards it moves are followed
        here as the engine follows them (a redeal voids the hole cards, a replaced card leaves the hand)."""
        known = tuple(c for c in (a.cards or ()) if c != UNKNOWN)
        i = a.player if a.player is not None else 0
        verb = a.verb
        event: Event
        if verb == "burn":
            event = Burn(line=line, card=known[0] if known else None)
        elif verb == "expose":
            hole = self.hole[i] or []
            card = known[0] if known else None
            place = hole.index(card) if card in hole else 0
            event = CardExposed(line=line, player=self.names[i], card=card, index=place * self.n + i)
        elif verb == "extra":
            event = ExtraCard(line=line, player=self.names[i], cards=known, count=len(a.cards or ()))
        elif verb == "replace":
            new = next((c for c in (a.new or ()) if c != UNKNOWN), None)
            if not known:
                raise PHHError("'d replace' names the exposed card it takes back", line)
            dealt = self.hole[i]
            if dealt is not None and known[0] in dealt:
                self.hole[i] = [new if c == known[0] else c for c in dealt] if new else None
            event = CardReplaced(line=line, player=self.names[i], card=known[0], new=new)
        elif verb == "redeal":
            self.hole = [[] for _ in range(self.n)]
            event = Redeal(line=line)
        elif verb == "misdeal":
            event = Misdeal(line=line)
        elif verb == "out":
            event = OutOfPlay(line=line, cards=known)
        elif verb == "shuffle":
            event = Reshuffle(line=line, cards=known)
        elif verb == "cut":
            event = Cut(line=line)
        else:  # "board"
            event = PlaysBoard(line=line, player=self.names[i])
        self.events.append(event)

    def _apply(self, line: int, a: Action, showdown_now: bool) -> None:
        verb = a.verb
        if verb == "dh":
            self._deal_hole(line, a)
        elif verb == "db":
            self._deal_board(line, a)
        elif verb == "sd":
            self._discard(line, a)
        elif verb == "sm":
            self._show(line, a, showdown_now)
        else:
            self._bet(line, a)

    def _new_street(self) -> None:
        self.street = _Street(index=self.street.index + 1, bets=[ZERO] * self.n)

    def _deal_hole(self, line: int, a: Action) -> None:
        i = a.player if a.player is not None else 0
        cards = a.cards or ()
        if self.game in STUD_GAMES:
            self._deal_stud(line, i, cards)
            return
        known = UNKNOWN not in cards
        held = self.hole[i]
        if self.discarded[i] is not None:  # the cards drawn after a discard
            gone = self.discarded[i] or ()
            self.discarded[i] = None
            if held is not None and known and UNKNOWN not in gone:
                kept = tuple(c for c in held if c not in gone)
                self.events.append(DealHole(line=line, player=self.names[i], cards=kept, new=cards))
                self.hole[i] = [*kept, *cards]
            else:
                self.hole[i] = None
            return
        if held is None or not known:
            self.hole[i] = None
            return
        self.hole[i] = [*held, *cards]
        self.events.append(DealHole(line=line, player=self.names[i], cards=tuple(self.hole[i] or ())))

    def _deal_stud(self, line: int, i: int, cards: tuple[str, ...]) -> None:
        """A stud deal. PHH tells down from up cards by their place, as the variant deals them (phh-std deals
        "d dh pN card(s)" street by street; PokerKit's stud streets): third street's two down cards then its up
        card, one up card on each of fourth to sixth street, one down card on seventh (Five Card Stud: one down and
        one up card on second street, one up card on each later street). A street begins when betting
        has happened since the last deal, or when a player already holds the cards the street gives (players all
        in: the deals follow each other). The engine gets the known cards as a site log prints them: the cards
        held so far, then the new one; a hand whose down cards are unknown ("????Kd") starts from its up card."""
        held = self.stud_dealt[i]
        first = stud_streets(self.game)[1]
        if self.street.acted or (held and held >= first + self.street.index):
            self._new_stud_street(line)
        self.stud_dealt[i] = held + len(cards)
        seen = self.stud_seen[i]
        if held == 0:  # the first street: down card(s), then the up card (dealt at once, or card by card)
            up = first - 1
            known = tuple(c for k, c in enumerate(cards) if c != UNKNOWN and (k == up or UNKNOWN not in cards[:up]))
        else:
            known = tuple(c for c in cards if c != UNKNOWN)
        if not known:
            return
        self.events.append(DealHole(line=line, player=self.names[i], cards=tuple(seen), new=known) if seen
                           else DealHole(line=line, player=self.names[i], cards=known))
        seen.extend(known)

    def _new_stud_street(self, line: int, cards: tuple[str, ...] = ()) -> None:
        self._new_street()
        streets = stud_streets(self.game)[0]
        street = streets[min(self.street.index, len(streets) - 1)]
        self.events.append(StreetStart(line=line, street=street, cards=cards))

    def _deal_board(self, line: int, a: Action) -> None:
        if self.game in STUD_GAMES:  # stud's one community card, when the deck is short of seventh-street cards
            self._new_stud_street(line, tuple(c for c in (a.cards or ()) if c != UNKNOWN))
            return
        self._new_street()
        street = BOARD_STREETS[min(self.board_deals, len(BOARD_STREETS) - 1)]
        self.board_deals += 1
        cards = tuple(c for c in (a.cards or ()) if c != UNKNOWN)
        self.events.append(StreetStart(line=line, street=street, cards=cards))

    def _discard(self, line: int, a: Action) -> None:
        i = a.player if a.player is not None else 0
        if not self.street.drawing:
            self._new_street()
            self.street.drawing = True
            draw = DRAW_STREETS[min(self.street.index - 1, len(DRAW_STREETS) - 1)]
            self.events.append(StreetStart(line=line, street=draw))
        name = self.names[i]
        if a.cards is None:
            self.events.append(StandPat(line=line, player=name))
            return
        known = UNKNOWN not in a.cards
        self.events.append(Discard(line=line, player=name, count=len(a.cards), cards=a.cards if known else ()))
        self.discarded[i] = a.cards

    def _show(self, line: int, a: Action, showdown_now: bool) -> None:
        i = a.player if a.player is not None else 0
        if showdown_now and not self.showdown:
            self.showdown = True
            self.events.append(StreetStart(line=line, street=Street.SHOWDOWN))
        name = self.names[i]
        if a.dealt:  # "sm -": the cards the deals gave, those nobody saw still unknown
            dealt = self._dealt(i)
            if not dealt:
                raise PHHError(f"p{i + 1} shows the cards dealt (sm -), but no deal gave their cards", line)
            known = tuple(c for c in dealt if c != UNKNOWN)
            self.events.append(Show(line=line, player=name, cards=known, unknown=len(dealt) - len(known)))
            return
        if a.cards is None:
            self.events.append(Muck(line=line, player=name))
            return
        known = tuple(c for c in a.cards if c != UNKNOWN)
        self.events.append(Show(line=line, player=name, cards=known, unknown=len(a.cards) - len(known)))

    def _dealt(self, i: int) -> tuple[str, ...]:
        if self.game in STUD_GAMES:
            seen = self.stud_seen[i]
            return (*seen, *[UNKNOWN] * (self.stud_dealt[i] - len(seen)))
        return tuple(self.hole[i] or ())

    def _bet(self, line: int, a: Action) -> None:
        i = a.player if a.player is not None else 0
        name = self.names[i]
        st = self.street
        if st.drawing:  # the first bet after a draw opens the round that follows it
            st.drawing = False
        st.acted = True
        if a.verb == "f":
            self.folded[i] = True
            self.events.append(Fold(line=line, player=name))
        elif a.verb == "pb":
            taken, all_in = self._put(i, self.f.bring_in or ZERO)
            st.bets[i] += taken
            self.events.append(Post(line=line, player=name, post=PostType.BRING_IN, amount=taken, all_in=all_in))
        elif a.verb == "cc":
            owed = self._level(i) - st.bets[i]
            if owed <= 0:
                self.events.append(Check(line=line, player=name))
                return
            taken, all_in = self._put(i, owed)
            st.bets[i] += taken
            self.events.append(Call(line=line, player=name, amount=taken, all_in=all_in))
        elif a.verb == "cbr":
            to = a.amount if a.amount is not None else ZERO
            top = st.top
            put = to - st.bets[i]
            all_in = put >= self._room(i)
            self.stacks[i] -= put
            self.put_in[i] += put
            st.bets[i] = to
            if top <= 0:
                self.events.append(Bet(line=line, player=name, amount=put, all_in=all_in))
            else:
                self.events.append(Raise(line=line, player=name, by=to - top, to=to, all_in=all_in))

    def _level(self, i: int) -> Decimal:
        """What player ``i`` must match: the highest bet; preflop the full big blind even when the big blind is
        all-in for less, as long as another player can still act (as the engine holds)."""
        top = self.street.top
        others_act = any(j != i and not self.folded[j] and self._room(j) > 0 for j in range(self.n))
        if self.street.index == 0 and self.bb_level > top and others_act:
            return self.bb_level
        return top

    # ------------------------------------------------------------------ the hand
    def stated(self) -> StatedResults:
        """PHH states no pot, rake or awards; ``winnings`` (post-rake, per phh-std) when the file gives real ones.

        An all-zero ``winnings`` array on a hand where chips went in is a converter's placeholder (a pot cannot
        vanish), not a statement, and is not held against the hand."""
        won = self.f.winnings
        seats: tuple[SeatResult, ...] = ()
        numbers = self.f.seats or list(range(1, self.n + 1))
        if won is not None and len(won) == self.n and any(w > 0 for w in won):
            line = self.doc.line_of("winnings")
            seats = tuple(
                SeatResult(seat=numbers[i], player=self.names[i], text="winnings", won=(won[i],), line=line)
                for i in range(self.n)
            )
        elif won is not None and len(won) != self.n:
            raise PHHError(f"winnings has {len(won)} values for {self.n} players", self.doc.line_of("winnings"))
        f = self.f
        return StatedResults(
            seats=seats, rake=f.rake, total_pot=f.total_pot, main_pot=f.main_pot, side_pots=tuple(f.side_pots or ()),
            stp=f.stp, fees=tuple(HouseFee(name=name, amount=amount) for name, amount in f.fees or ()),
            uncalled=UncalledReturns.IN_COLLECTS if f.uncalled_in_collects
            else UncalledReturns.UNPRINTED if f.uncalled_unprinted else UncalledReturns.PRINTED,
            results_stated=f.collects is not None, line=self.doc.key_lines.get("_collects", 0),
            pot_line=self.doc.key_lines.get("_total_pot", 0),
        )

    def stated_awards(self) -> None:
        """``_uncalled`` and ``_collects`` (written by ``handlog convert``): the site's own returns and awards."""
        line = self.doc.line_of("_uncalled")
        for k, amount in self.f.uncalled or ():
            self.events.append(UncalledBet(line=line, player=self._name(k, "_uncalled"), amount=amount))
        line = self.doc.line_of("_collects")
        for k, pot, amount in self.f.collects or ():
            self.events.append(Collect(line=line, player=self._name(k, "_collects"), amount=amount, pot=pot))
        line = self.doc.line_of("_side_payments")
        for k, amount, reason in self.f.side_payments or ():
            self.events.append(SidePayment(
                line=line, player=self._name(k, "_side_payments"), amount=amount, reason=reason
            ))

    def _name(self, k: int, key: str) -> str:
        if not 1 <= k <= self.n:
            raise PHHError(f"{key} names player {k} of {self.n}", self.doc.line_of(key))
        return self.names[k - 1]

    def hand(self, first_line: int) -> Hand:
        seats = self.seats()
        stakes = self.stakes()
        self.run()
        button_game = self.game not in STUD_GAMES
        local, utc = self._time()
        return Hand(
            # where the hand was played decides its house rules (a PokerStars hand keeps PokerStars' profile)
            site=room_name(self.f.venue, "PHH"),  # "PokerStars" (as handlog's PokerStars reader names it)
            hand_id=self.hand_id,
            file=self.file,
            line=first_line,
            game=self.game,
            game_name=self.game_name,
            structure=self.structure,
            stakes=stakes,
            currency=self._currency(),
            table=str(self.f.table) if self.f.table is not None else (self.f.event or ""),
            max_seats=self.f.seat_count,
            tournament=self._tournament(),
            button=seats[-1].seat if button_game else None,
            time_local=local,
            time_utc=utc,
            seats=seats,
            events=tuple(self.events),
            summary=self.stated(),
        )

    def _tournament(self) -> Tournament | None:
        t = self.f.tournament
        if t is None:
            return None
        if "id" not in t:
            raise PHHError("_tournament needs an id", self.doc.line_of("_tournament"))
        return Tournament(id=t["id"], buy_in=t.get("buy_in", ""), level=t.get("level", ""))

    def _currency(self) -> str:
        if self.f.money:
            return self.f.money.upper()
        if self.f.currency:
            return self.f.currency.upper()
        if self.f.currency_symbol:
            return CURRENCY_SYMBOLS.get(self.f.currency_symbol, self.f.currency_symbol)
        return "CHIPS"

    def _time(self) -> tuple[str, datetime | None]:
        f = self.f
        date = f"{f.year:04d}-{f.month:02d}-{f.day:02d}" if f.year and f.month and f.day else ""
        clock = f.time.isoformat() if f.time is not None else ""
        zone = f.time_zone or f.time_zone_abbreviation or ""
        local = " ".join(part for part in (date, clock, zone) if part)
        if not (date and f.time is not None and f.time_zone):
            return local, None
        try:
            tz = ZoneInfo(f.time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            return local, None
        start = datetime(f.year or 1, f.month or 1, f.day or 1, f.time.hour, f.time.minute, f.time.second, tzinfo=tz)
        return local, start.astimezone(ZoneInfo("UTC"))


_DEALER_LOG = frozenset({"burn", "expose", "extra", "replace", "misdeal", "redeal", "out", "shuffle", "cut", "board"})
"""The dealer log's words (docs/live-dealer-errors.md)."""


def _voided_board_deals(actions: list[Action]) -> frozenset[int]:
    """The board deals (``d db``) whose cards a later ``d out`` or ``d shuffle`` takes back: turned in error (a flop
    of too many cards, cards turned before the betting was complete), so no street."""
    voided: set[int] = set()
    for k, a in enumerate(actions):
        if a.verb != "db":
            continue
        cards = {c for c in (a.cards or ()) if c != UNKNOWN}
        later = actions[k + 1 :]
        if cards and any(b.verb in ("out", "shuffle") and cards & set(b.cards or ()) for b in later):
            voided.add(k)
    return frozenset(voided)
