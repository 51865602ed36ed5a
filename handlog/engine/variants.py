"""Poker variants as small descriptions over one engine: dealing plan, betting rounds, hand evaluation.

Hold'em and Five Card Draw share betting, pots, side pots and showdown; a variant only says how many cards are
dealt, which rounds exist, where draws fall, when fixed-limit bets double and how a showdown hand ranks.
Omaha, 2-7 draws or stud slot in as further entries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from phevaluator import evaluate_cards
from phevaluator.evaluator_omaha import evaluate_omaha_cards

from handlog.engine.shortdeck import short_deck_evaluator
from handlog.engine.stud import eight_low_any
from handlog.events import Game, Street


def best_high_hand(hole: Sequence[str], board: Sequence[str]) -> int:
    """Rank of the best five-card high hand from hole and board cards (lower is better), via phevaluator, which
    takes five to seven cards: more (a board dealt with too many cards, reported as ``board-count``) are judged by
    their best five."""
    cards = (*hole, *board)
    if len(cards) <= 7:
        return int(evaluate_cards(*cards))
    return min(int(evaluate_cards(*five)) for five in combinations(cards, 5))


def best_omaha_hand(hole: Sequence[str], board: Sequence[str]) -> int:
    """Rank of the best Omaha high hand: exactly two hole cards with exactly three board cards."""
    if len(hole) == 4 and len(board) == 5:
        return int(evaluate_omaha_cards(*board, *hole))
    return min(
        int(evaluate_cards(*two, *three)) for two in combinations(hole, 2) for three in combinations(board, 3)
    )


LOW_RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8}

LowHand = tuple[int, ...]
"""A qualifying low, its ranks high to low with the ace as one: compared as tuples, smaller is better."""


def omaha_eight_low(hole: Sequence[str], board: Sequence[str]) -> LowHand | None:
    """The best eight-or-better low of an Omaha hand (two hole cards, three board cards, five different ranks
    all eight or lower, aces low; straights and flushes do not count), or None when none qualifies."""
    best: LowHand | None = None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            ranks = [LOW_RANKS.get(card[0], 0) for card in (*two, *three)]
            if 0 in ranks or len(set(ranks)) < 5:
                continue
            low = tuple(sorted(ranks, reverse=True))
            if best is None or low < best:
                best = low
    return best


BADUGI_RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12,
                "K": 13}


def best_badugi(hole: Sequence[str], board: Sequence[str] = ()) -> int:
    """Rank of a badugi hand (lower is better): the most cards of different ranks *and* different suits win,
    then the lowest highest card, and so on down; aces are low. A four-card badugi beats any three-card one."""
    for size in (4, 3, 2, 1):
        best: int | None = None
        for combo in combinations(hole, size):
            ranks = [BADUGI_RANKS.get(card[0], 14) for card in combo]
            if len(set(ranks)) < size or len({card[1] for card in combo}) < size:
                continue
            code = 4 - size
            for rank in sorted(ranks, reverse=True) + [0] * (4 - size):
                code = code * 16 + rank
            best = code if best is None else min(best, code)
        if best is not None:
            return best
    return 16**5  # no cards at all: worse than any hand


def deuce_to_seven_low(hole: Sequence[str], board: Sequence[str] = ()) -> int:
    """Rank of a 2-7 lowball hand (lower is better): the worst high hand wins; aces are high, straights and
    flushes count against the hand. phevaluator ranks high hands; A-5-4-3-2, a straight to it, is no straight
    in 2-7 but the lowest ace-high hand, so it slots in just below A-6-4-3-2 of the same suits."""
    cards = list(hole)
    ranks = sorted(card[0] for card in cards)
    if ranks == sorted("A2345"):
        six = [("6" + card[1]) if card[0] == "5" else card for card in cards]
        return 2 * (7463 - int(evaluate_cards(*six))) - 1
    return 2 * (7463 - int(evaluate_cards(*cards)))


_A5_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}


def ace_to_five_low(hole: Sequence[str], board: Sequence[str] = ()) -> int:
    """Rank of an A-5 lowball hand (lower is better): aces are low, straights and flushes do not count, so
    5-4-3-2-A is the best hand. Five different ranks beat any pair, a pair beats two pairs, and so on; within
    a shape the highest card decides, then the next (pairs compared before their kickers)."""
    ranks = [BADUGI_RANKS.get(card[0], 14) for card in hole]
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    shape = tuple(sorted(counts.values(), reverse=True))
    code = _A5_SHAPES.get(shape, 6)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    for rank in order + [0] * (5 - len(order)):
        code = code * 16 + rank
    return code


def razz_low(hole: Sequence[str], board: Sequence[str] = ()) -> int:
    """Razz: the best A-5 low of any five of the seven cards (hole and a community card)."""
    return min((ace_to_five_low(five) for five in combinations((*hole, *board), 5)), default=16**7)


@dataclass(frozen=True, slots=True)
class StudDeal:
    """How a stud game reads its up cards (see ``engine.stud``)."""

    aces_low: bool = False
    """Razz: the highest up card brings in and the lowest showing hand acts first."""
    down_first: int = 2
    """Cards dealt face down on the first street, before its one up card (seven-card games 2, Five Card Stud 1)."""
    last_down: bool = True
    """The last street's card is dealt face down (seven-card games); Five Card Stud deals all four later cards up."""
    open_pair_street: Street = Street.FOURTH
    """The round on which an open pair lets the big bet be made (``RulesProfile.stud_open_pair_big_bet``): the one
    played with two up cards, fourth street in seven-card stud, third street in Five Card Stud."""


@dataclass(frozen=True, slots=True)
class Variant:
    name: str
    hole_cards: int
    rounds: tuple[Street, ...]  # betting rounds in order
    board: dict[Street, int]  # cards a street adds to the board
    draw_before: frozenset[Street]  # betting rounds that a draw precedes
    big_bet_from: Street  # fixed limit: the first round played with the big bet
    evaluate: Callable[[Sequence[str], Sequence[str]], int]
    max_showdown_cards: int
    low: Callable[[Sequence[str], Sequence[str]], LowHand | None] | None = None
    """Split games: the low hand that wins half of each pot (None: high only)."""
    max_discard: int | None = None
    """Most cards one draw may replace when the game fixes it (2-7: all five); None: the rules profile says."""
    deck: int = 52
    """Cards in the deck (Short Deck: 36, the twos to fives taken out)."""
    stud: StudDeal | None = None
    """Stud games: the up cards decide the bring-in and the first actor (None: a button game)."""
    short_deck: bool = False
    """Short Deck: hands rank by ``engine.shortdeck``, under the room's rule for trips against a straight."""
    draw_replaces: bool = True
    """A draw deals a new card for each one discarded. Irish throws its discards away: the hand plays on with the
    cards kept, and the next street is a board street as usual (``IRISH``)."""
    discard_exactly: int | None = None
    """Cards each player must discard in the game's discard (Irish: 2 of the 4); None: the player chooses."""
    boards: int = 1
    """Boards dealt on every board street (Split Hold'em: 2). With two, the second board's street follows the
    first's at once, one betting round follows the pair, and every pot is halved between the boards from the start:
    each half goes to the best hand on its board, the odd chip to the first board. (Run it twice is another thing:
    a later board dealt once the betting is over, in a game of one board.)"""

    @property
    def showdown_hole(self) -> int:
        """The hole cards a whole hand has at the showdown (Irish: the two kept after the discard)."""
        if self.discard_exactly is not None and not self.draw_replaces:
            return self.hole_cards - self.discard_exactly
        return self.hole_cards

    def evaluator(self, trips_beat_straight: bool = True) -> Callable[[Sequence[str], Sequence[str]], int]:
        """How showdown hands rank (Short Deck: by the room's rule, ``RulesProfile.short_deck_trips_beat_straight``)."""
        return short_deck_evaluator(trips_beat_straight) if self.short_deck else self.evaluate

    def full_hand(self, shown: Sequence[str], board: Sequence[str]) -> bool:
        """Whether ``shown`` is a whole hand to judge at showdown (stud: the community card counts toward seven)."""
        if self.stud is not None:
            return len(shown) + len(board) == self.hole_cards
        return len(shown) == self.showdown_hole

    def next_round(self, street: Street) -> Street | None:
        """The betting round after ``street`` (None after the last one, or for a street that is no round)."""
        if street not in self.rounds:
            return None
        i = self.rounds.index(street)
        return self.rounds[i + 1] if i + 1 < len(self.rounds) else None

    def uses_big_bet(self, street: Street) -> bool:
        """Fixed limit: whether ``street`` is played with the big bet (so is anything after the last round)."""
        i = self.rounds.index(street) if street in self.rounds else len(self.rounds) - 1
        return i >= self.rounds.index(self.big_bet_from)


HOLDEM = Variant(
    name="Texas Hold'em",
    hole_cards=2,
    rounds=(Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER),
    board={Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1},
    draw_before=frozenset(),
    big_bet_from=Street.TURN,
    evaluate=best_high_hand,
    max_showdown_cards=2,
)

def _draw_game(
    name: str, hole_cards: int, draws: int, evaluate: Callable[[Sequence[str], Sequence[str]], int],
    max_discard: int | None = None,
) -> Variant:
    """A draw game: a betting round, then ``draws`` times a draw and a betting round; in fixed limit the big
    bet comes with the last round of a single draw, with the second draw of a triple draw."""
    draw_rounds = (Street.DRAW_1, Street.DRAW_2, Street.DRAW_3)[:draws]
    return Variant(
        name=name,
        hole_cards=hole_cards,
        rounds=(Street.PREFLOP, *draw_rounds),
        board={},
        draw_before=frozenset(draw_rounds),
        big_bet_from=Street.DRAW_1 if draws == 1 else Street.DRAW_2,
        evaluate=evaluate,
        max_showdown_cards=hole_cards,
        max_discard=max_discard,
    )


FIVE_CARD_DRAW = _draw_game("Five Card Draw", 5, 1, best_high_hand)


def _omaha(name: str, hole_cards: int, hi_lo: bool = False, board: dict[Street, int] | None = None) -> Variant:
    return Variant(
        name=name,
        hole_cards=hole_cards,
        rounds=HOLDEM.rounds,
        board=board or HOLDEM.board,
        draw_before=frozenset(),
        big_bet_from=Street.TURN,
        evaluate=best_omaha_hand,
        max_showdown_cards=hole_cards,
        low=omaha_eight_low if hi_lo else None,
    )


BADUGI = _draw_game("Badugi", 4, 3, best_badugi)
TRIPLE_DRAW_27 = _draw_game("2-7 Triple Draw", 5, 3, deuce_to_seven_low, max_discard=5)
SINGLE_DRAW_27 = _draw_game("2-7 Single Draw", 5, 1, deuce_to_seven_low, max_discard=5)
TRIPLE_DRAW_A5 = _draw_game("A-5 Triple Draw", 5, 3, ace_to_five_low, max_discard=5)

OMAHA = _omaha("Omaha", 4)
FIVE_CARD_OMAHA = _omaha("5 Card Omaha", 5)
SIX_CARD_OMAHA = _omaha("6 Card Omaha", 6)
OMAHA_HI_LO = _omaha("Omaha Hi/Lo", 4, hi_lo=True)
FIVE_CARD_OMAHA_HI_LO = _omaha("5 Card Omaha Hi/Lo", 5, hi_lo=True)

STUD_ROUNDS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.RIVER)
"""Stud's betting rounds; PokerStars heads seventh street "RIVER" (with the community card when the deck runs out)."""


def _stud(name: str, evaluate: Callable[[Sequence[str], Sequence[str]], int], aces_low: bool = False,
          low: Callable[[Sequence[str], Sequence[str]], LowHand | None] | None = None) -> Variant:
    """A seven-card stud game: two down cards and one up on third street, up cards on fourth to sixth, a down card
    on seventh; the big bet from fifth street."""
    return Variant(
        name=name,
        hole_cards=7,
        rounds=STUD_ROUNDS,
        board={},
        draw_before=frozenset(),
        big_bet_from=Street.FIFTH,
        evaluate=evaluate,
        max_showdown_cards=7,
        low=low,
        stud=StudDeal(aces_low=aces_low),
    )


FIVE_CARD_STUD = Variant(
    name="5 Card Stud",
    hole_cards=5,
    rounds=(Street.SECOND, Street.THIRD, Street.FOURTH, Street.FIFTH),
    board={},
    draw_before=frozenset(),
    big_bet_from=Street.FOURTH,
    evaluate=best_high_hand,
    max_showdown_cards=5,
    stud=StudDeal(down_first=1, last_down=False, open_pair_street=Street.THIRD),
)
"""Five Card Stud (``engine.stud``): one card down and one up on second street, then one up card on each of third
to fifth street, a betting round after each; the small bet on the first two rounds, the big bet on the last two."""

IRISH = Variant(
    name="Irish",
    hole_cards=4,
    rounds=HOLDEM.rounds,
    board=HOLDEM.board,
    draw_before=frozenset({Street.TURN}),
    big_bet_from=Street.TURN,
    evaluate=best_high_hand,
    max_showdown_cards=4,
    draw_replaces=False,
    discard_exactly=2,
)
"""Irish: dealt as Omaha (four hole cards), played as Hold'em from the turn: after the flop's
betting round each player discards two cards, unreplaced, and the two kept make the best hand with the board
(any of them, as in Hold'em). No written Irish rules are in ../shared/rules; these are the game's published rules
(e.g. setthings.com/en/irish-poker: "after the flop, each player discards 2 cards in his hand and the game ends like
Texas hold'em"), and Full Tilt's logs follow them (``*** DISCARD ROUND ***`` after the flop's betting, then the
turn; the corpus' 2013 $2/$4 No Limit Irish hand 32447075821)."""

SEVEN_CARD_STUD = _stud("7 Card Stud", best_high_hand)
SEVEN_CARD_STUD_HI_LO = _stud("7 Card Stud Hi/Lo", best_high_hand, low=eight_low_any)
RAZZ = _stud("Razz", razz_low, aces_low=True)

SIX_PLUS_HOLDEM = Variant(
    name="6+ Hold'em",
    hole_cards=2,
    rounds=HOLDEM.rounds,
    board=HOLDEM.board,
    draw_before=frozenset(),
    big_bet_from=Street.TURN,
    evaluate=short_deck_evaluator(True),
    max_showdown_cards=2,
    deck=36,
    short_deck=True,
)

COURCHEVEL_BOARD = {Street.PREFLOP: 1, Street.FLOP: 2, Street.TURN: 1, Street.RIVER: 1}
"""Courchevel: five-card Omaha whose first flop card is dealt face up before the first betting round."""
COURCHEVEL = _omaha("Courchevel", 5, board=COURCHEVEL_BOARD)
COURCHEVEL_HI_LO = _omaha("Courchevel Hi/Lo", 5, hi_lo=True, board=COURCHEVEL_BOARD)

SPLIT_HOLDEM = replace(HOLDEM, name="Split Hold'em", boards=2)
"""PokerStars' Split Hold'em: Hold'em dealt on two boards ("*** FIRST FLOP ***" then "*** SECOND FLOP ***")."""

VARIANTS: dict[Game, Variant] = {
    Game.SPLIT_HOLDEM: SPLIT_HOLDEM,
    Game.SIX_PLUS_HOLDEM: SIX_PLUS_HOLDEM,
    Game.COURCHEVEL: COURCHEVEL,
    Game.COURCHEVEL_HI_LO: COURCHEVEL_HI_LO,
    Game.SEVEN_CARD_STUD: SEVEN_CARD_STUD,
    Game.SEVEN_CARD_STUD_HI_LO: SEVEN_CARD_STUD_HI_LO,
    Game.RAZZ: RAZZ,
    Game.FIVE_CARD_STUD: FIVE_CARD_STUD,
    Game.IRISH: IRISH,
    Game.HOLDEM: HOLDEM,
    Game.FIVE_CARD_DRAW: FIVE_CARD_DRAW,
    Game.OMAHA: OMAHA,
    Game.FIVE_CARD_OMAHA: FIVE_CARD_OMAHA,
    Game.SIX_CARD_OMAHA: SIX_CARD_OMAHA,
    Game.OMAHA_HI_LO: OMAHA_HI_LO,
    Game.FIVE_CARD_OMAHA_HI_LO: FIVE_CARD_OMAHA_HI_LO,
    Game.BADUGI: BADUGI,
    Game.TRIPLE_DRAW_27: TRIPLE_DRAW_27,
    Game.SINGLE_DRAW_27: SINGLE_DRAW_27,
    Game.TRIPLE_DRAW_A5: TRIPLE_DRAW_A5,
}


def variant_for(game: Game) -> Variant | None:
    """The variant the engine replays for ``game``, or None when it does not replay that game yet."""
    return VARIANTS.get(game)


def high_card_by_suit_button(cards: dict[int, str]) -> int:
    """The seat that gets the first button: highest card dealt, suits breaking ties (spades, hearts, diamonds,
    clubs, from highest to lowest). ``cards`` maps seat → the one card dealt to that seat."""
    ranks = "23456789TJQKA"
    suits = "cdhs"

    def strength(card: str) -> tuple[int, int]:
        if len(card) != 2 or card[0] not in ranks or card[1] not in suits:
            raise ValueError(f"not a card: {card!r}")
        return ranks.index(card[0]), suits.index(card[1])

    if not cards:
        raise ValueError("no cards dealt for the button")
    return max(cards, key=lambda seat: strength(cards[seat]))
