"""Exact Hold'em equities for an all-in: every completion of the board counted, in milliseconds.

Plainly enumerating the 1,712,304 boards of a heads-up preflop all-in costs about a second even with a C
evaluator. This module counts the same boards in groups instead, exactly:

* Without a flush, a seven-card hand's value depends only on its *ranks* (how many of each rank). So the boards
  are grouped by the ranks of the cards still to come (6,175 groups for five cards), each group weighted by the
  number of ways to pick its cards from what is left of the deck: ``prod over ranks of C(left, wanted)``. Every
  player's value in a group is one table look-up (``NO_FLUSH``: the 49,205 rank multisets of seven cards).
* A flush needs at least three board cards of one suit, so at most one suit makes flushes on any board. For each
  suit, the boards where it could make one are enumerated as (the suited cards that come, the ranks of the
  others): players holding five or more cards of the suit get their flush value (``FLUSH``, by the ranks of the
  suit), the others keep their no-flush value; those boards are counted with their true outcome and taken away
  with the outcome the first pass gave them.

Outcomes are counted as *orderings*: for each player, how many players beat them. The pots are shared out per
ordering at the end (:func:`shares`), so side pots cost nothing more. Values are phevaluator's (1 = royal
flush … 7462 = the worst high card; lower is better); its evaluator also builds the two tables once.
Cards are numbered as phevaluator numbers them: ``rank * 4 + suit`` (ranks 2…A as 0…12, suits c d h s).

The most frequent all-in, heads-up before the flop, is not enumerated at all: its counts are looked up in a table
shipped with the package (``heads_up_preflop.npz``: the 47,008 classes of match-ups that differ only by the names
of the suits or the order of the players, each enumerated as above when the table was built).
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import lru_cache, wraps
from itertools import chain, combinations, combinations_with_replacement, permutations
from math import comb, lcm
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from phevaluator import evaluate_cards

from handlog.cache import cache_key, load_arrays, store_arrays

RANKS = 13
SUITS = 4
BOARD = 5
RANK_KEY = np.array([5**r for r in range(RANKS)], np.int64)
"""A multiset of ranks as one number: base 5, one digit per rank (a rank appears at most four times)."""
LOW_RANKS = 6
LOW = 5**LOW_RANKS
LOW_KEY = np.where(np.arange(RANKS) < LOW_RANKS, RANK_KEY, 0)
HIGH_KEY = np.where(np.arange(RANKS) < LOW_RANKS, 0, RANK_KEY // LOW)
"""A rank key in two parts, ``key % 5**6`` and ``key // 5**6``, each a sum over the cards."""

if TYPE_CHECKING:  # annotations only: ``numpy.typing`` costs an import (~3 M instructions) at the first all-in
    from numpy.typing import NDArray

    Ints = NDArray[np.int64]
T = TypeVar("T")


VALUES_FILE = Path(__file__).with_name("hand_values.npz")
"""The two tables as package data (``python -m handlog.stats.equity`` rebuilds it; a test holds it equal to a
rebuild): loading it is cheaper than the 55,000 evaluations that build it."""


@lru_cache(maxsize=1)
def _sources_key() -> str:
    """What every table of this module derives from: this code, the shipped files (by their CRC-32: a SHA-256 of
    their ~530 KB costs ~15 M instructions, the CRC ~1 M; a cache key needs no stronger check), numpy's
    version."""
    shipped = [f"{p.name} {p.stat().st_size} {zlib.crc32(p.read_bytes())}" for p in (VALUES_FILE, HEADS_UP_FILE)
               if p.is_file()]  # fmt: skip
    return cache_key([Path(__file__)], [f"numpy {np.__version__}", "equity arrays", *shipped])


def _kept(kind: type[Any]) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Keep what ``build`` makes (a ``kind``: a dataclass of arrays) in the user's cache (``handlog.cache``), keyed
    by its arguments and ``_sources_key``, and read it back rather than make it again: making the tables an
    all-in reads costs a process ~90 M instructions (the value tables ~22 M, the heads-up table ~24 M, the
    preflop multisets and suited boards ~41 M), reading them ~3 M. A build that gives None is not kept."""
    names = [f.name for f in fields(kind)]

    def wrap(build: Callable[..., T]) -> Callable[..., T]:
        @wraps(build)
        def load_or_build(*args: int) -> T:
            key = hashlib.sha256(f"{_sources_key()} {build.__name__} {args}".encode()).hexdigest()
            found = load_arrays(key, len(names))
            if found is not None:
                kept: T = kind(*found)
                return kept
            made = build(*args)
            if made is not None:
                store_arrays(key, [getattr(made, name) for name in names])
            return made

        return load_or_build

    return wrap


@dataclass(frozen=True, slots=True)
class Tables:
    """Hand values by ranks (no flush) and by the ranks of a flush suit.

    A rank key (base 5, ``RANK_KEY``) is looked up in two parts, the digits of the six low ranks and of the
    seven high ones, each mapped to a small index of the combinations that occur: one dense table of a few MB
    instead of a search per look-up."""

    low_index: Ints  # by the low digits (key % 5**6): row of ``no_flush_table``
    high_index: Ints  # by the high digits (key // 5**6): column
    no_flush_table: NDArray[np.int16]
    flush: NDArray[np.int16]  # by bit mask of the suit's ranks (five to seven bits set): the flush's value

    def no_flush(self, low: Ints, high: Ints) -> NDArray[np.int16]:
        """Values of the rank multisets whose keys are ``low + high * 5**6`` (both parts are sums over the
        cards, see ``LOW_KEY`` and ``HIGH_KEY``, so no division is needed)."""
        return self.no_flush_table[self.low_index[low], self.high_index[high]]


def build_values() -> tuple[NDArray[np.int32], NDArray[np.int16], NDArray[np.int16]]:
    """With phevaluator: the rank keys of the 49,205 rank multisets of seven cards and their values without a
    flush, and the flush value of every set of five to seven ranks of one suit (by bit mask)."""
    keys: list[int] = []
    values: list[int] = []
    for ranks in combinations_with_replacement(range(RANKS), 7):
        if any(ranks[i] == ranks[i + 4] for i in range(3)):
            continue  # five of a rank: no such hand
        # Consecutive cards get different suits, so the copies of a rank differ and no suit has five cards.
        values.append(evaluate_cards(*(r * 4 + i % 4 for i, r in enumerate(ranks))))
        keys.append(sum(5**r for r in ranks))
    flush = np.zeros(1 << RANKS, np.int16)
    for size in (5, 6, 7):
        for ranks in combinations(range(RANKS), size):
            flush[sum(1 << r for r in ranks)] = evaluate_cards(*(r * 4 for r in ranks))
    return np.array(keys, np.int32), np.array(values, np.int16), flush


def load_values() -> tuple[NDArray[np.int32], NDArray[np.int16], NDArray[np.int16]]:
    """The shipped tables, or a rebuild when the file is missing or not what it should be."""
    try:
        with np.load(VALUES_FILE, allow_pickle=False) as data:
            keys, values, flush = data["keys"], data["values"], data["flush"]
    except (OSError, KeyError, ValueError):
        return build_values()
    if keys.shape != (49205,) or values.shape != keys.shape or flush.shape != (1 << RANKS,):
        return build_values()
    return keys.astype(np.int32), values.astype(np.int16), flush.astype(np.int16)


def _dense_index(parts: Ints, size: int) -> tuple[Ints, int]:
    """``index[v]``: the place of ``v`` among the distinct values of ``parts`` in increasing order (0 for a value
    not in them; every value below ``size``), and how many distinct values there are (marked, not sorted)."""
    present = np.zeros(size, bool)
    present[parts] = True
    found = np.flatnonzero(present)
    index = np.zeros(size, np.int64)
    index[found] = np.arange(len(found))
    return index, len(found)


@lru_cache(maxsize=1)
@_kept(Tables)
def tables() -> Tables:
    """Once per process, from the shipped values (or the user's cache of them)."""
    keys32, values, flush = load_values()
    keys = keys32.astype(np.int64)
    high, low = np.divmod(keys, LOW)
    # Sized for any seven ranks, even impossible ones (five aces): rows that cannot be drawn (weight 0) are
    # looked up with the rest and must stay in bounds.
    low_index, lows = _dense_index(low, 7 * 5 ** (LOW_RANKS - 1) + 1)
    high_index, highs = _dense_index(high, 7 * 5 ** (RANKS - LOW_RANKS - 1) + 1)
    table = np.zeros((lows, highs), np.int16)
    table[low_index[low], high_index[high]] = values
    return Tables(low_index, high_index, table, flush)


def main() -> None:
    """Rebuild the shipped tables (``python -m handlog.stats.equity``)."""
    keys, values, flush = build_values()
    np.savez_compressed(VALUES_FILE, keys=keys, values=values, flush=flush)
    print(f"wrote {VALUES_FILE} ({VALUES_FILE.stat().st_size} bytes)")
    _sources_key.cache_clear()  # the new file's tables, never the cache's of the old one
    tables.cache_clear()
    heads_up = build_heads_up()
    np.savez_compressed(
        HEADS_UP_FILE, keys=heads_up.keys, first_wins=heads_up.first_wins, second_wins=heads_up.second_wins
    )
    print(f"wrote {HEADS_UP_FILE} ({HEADS_UP_FILE.stat().st_size} bytes)")


@dataclass(frozen=True, slots=True)
class Multisets:
    """Every multiset of some number of ranks (each at most four times)."""

    counts: Ints  # rows × 13: how many of each rank
    by_rank: Ints  # the same, 13 × rows (each rank's counts contiguous)
    low: Ints  # rank keys in two parts (``LOW_KEY``, ``HIGH_KEY``)
    high: Ints
    full_deck_ways: Ints  # ways to draw each from a full deck: prod over ranks of C(4, count)
    three_suit_ways: Ints  # from three full suits: prod over ranks of C(3, count)
    low_index: Ints  # a multiset's row from its key parts: ``rows[low_index[low], high_index[high]]``
    high_index: Ints
    rows: NDArray[np.int32]

    def row(self, low: Ints, high: Ints) -> NDArray[np.int32]:
        """The rows of the multisets with these key parts."""
        return self.rows[self.low_index[low], self.high_index[high]]

    def ways(self, left: Ints, full: int = SUITS) -> Ints:
        """For each multiset, the number of ways to draw it when ``left[r]`` cards of rank r remain, each rank
        having at most ``full`` cards (4, or 3 for the cards of the other suits). Only the ranks with fewer
        left change the count of a full deck, and each such factor divides it exactly."""
        ways = self.full_deck_ways if full == SUITS else self.three_suit_ways
        fewer = np.flatnonzero(left < full).tolist()
        if not fewer:
            return ways
        whole, now = CHOOSE[full], CHOOSE[left[fewer]]  # C(full, k) and C(left[r], k) per rank r of ``fewer``
        columns = self.by_rank
        first = columns[fewer[0]]
        divisor, factor = whole.take(first), now[0].take(first)
        for k, r in enumerate(fewer[1:], 1):  # the factors of those ranks multiplied first: one division
            column = columns[r]
            divisor *= whole.take(column)
            factor *= now[k].take(column)
        out: Ints = ways // divisor * factor
        return out


def preflop_ready() -> None:
    """Make what every preflop enumeration reads besides the value tables (the rank multisets of the five board
    cards, the boards of three to five cards of one suit): about 10 ms, done once before the workers of a
    parallel run start (``handlog stats``), which then share it rather than each making its own at its first
    multiway all-in."""
    for drawn in range(3, BOARD + 1):
        suited_draws(BOARD, drawn)  # (makes rank_multisets(5) and those of the other cards)


def _rank_counts(size: int) -> Ints:
    """How many of each rank, for every multiset of ``size`` ranks (each at most four times), in the order of
    ``combinations_with_replacement(range(13), size)`` (counted by numpy: a loop in Python over the thousands of
    multisets cost more than the rest of the first all-in)."""
    if size == 0:
        return np.zeros((1, RANKS), np.int64)
    every = chain.from_iterable(combinations_with_replacement(range(RANKS), size))
    ranks = np.fromiter(every, np.int64, comb(RANKS + size - 1, size) * size).reshape(-1, size)
    cells = (np.arange(len(ranks))[:, None] * RANKS + ranks).ravel()  # (multiset, rank) of every card
    counts: Ints = np.bincount(cells, minlength=len(ranks) * RANKS).reshape(len(ranks), RANKS)
    possible: Ints = counts[counts.max(axis=1) <= SUITS]  # no rank five times
    return possible


@lru_cache(maxsize=8)
@_kept(Multisets)
def rank_multisets(size: int) -> Multisets:
    counts = _rank_counts(size)
    four, three = np.prod(CHOOSE[SUITS, counts], axis=1), np.prod(CHOOSE[SUITS - 1, counts], axis=1)
    low, high = counts @ LOW_KEY, counts @ HIGH_KEY
    (low_index, lows), (high_index, highs) = _dense_index(low, LOW), _dense_index(high, 5 ** (RANKS - LOW_RANKS))
    rows_table = np.zeros((lows, highs), np.int32)
    rows_table[low_index[low], high_index[high]] = np.arange(len(counts))
    return Multisets(counts, np.ascontiguousarray(counts.T), low, high, four, three, low_index, high_index,
                     rows_table)


@dataclass(frozen=True, slots=True)
class SuitedDraws:
    """The boards of ``need`` cards of which ``drawn`` are of one suit, by their ranks: every set of ``drawn``
    ranks (of the suit) with every multiset of ``need - drawn`` ranks (of the other suits)."""

    bits: Ints  # per set of suited ranks (combinations order): its bit mask
    rows: NDArray[np.int32]  # sets × multisets (``rank_multisets(need - drawn)``): the row of all ``need`` ranks
    # in ``rank_multisets(need)`` (0 where a rank would come five times: such boards have no ways)


@lru_cache(maxsize=32)
@_kept(SuitedDraws)
def suited_draws(need: int, drawn: int) -> SuitedDraws:
    """Made once per process and size: an all-in only picks the sets its dead cards leave (rather than adding up
    the rank keys of every board each time)."""
    sets = np.array(list(combinations(range(RANKS), drawn)), np.int64).reshape(comb(RANKS, drawn), drawn)
    bits = (1 << sets).sum(axis=1)
    suited = (bits[:, None] >> np.arange(RANKS)) & 1  # sets × ranks: 1 where the set has the rank
    others = rank_multisets(need - drawn)
    quads = (others.counts == SUITS) @ (1 << np.arange(RANKS))  # the ranks another suit cannot add to
    possible = (bits[:, None] & quads[None, :]) == 0
    low = np.where(possible, (suited @ LOW_KEY)[:, None] + others.low[None, :], 0)
    high = np.where(possible, (suited @ HIGH_KEY)[:, None] + others.high[None, :], 0)
    rows = np.where(possible, rank_multisets(need).row(low, high), 0).astype(np.int32)
    return SuitedDraws(bits, rows)


CHOOSE = np.array([[comb(n, k) for k in range(5)] for n in range(5)], np.int64)


@lru_cache(maxsize=1024)
def _no_flush_column(size: int, low: int, high: int) -> NDArray[np.int16]:
    """The no-flush value of every multiset of ``size`` ranks added to a hand whose key parts are ``low`` and
    ``high`` (preflop, the hand is just the hole cards: 91 rank pairs, so this is nearly always cached)."""
    m = rank_multisets(size)
    return tables().no_flush(m.low + low, m.high + high)


def _orderings(values: NDArray[np.int16]) -> Ints:
    """Per column (a board) of player values (one row per player): the ordering code, digit i = how many players
    beat player i. One comparison per pair of players, row against row (contiguous: far cheaper than a 3-d
    comparison, or than comparing the strided columns of a board-major array), the counts added as small
    integers and each player's weighed once, in the smallest integers that hold every code (int16 up to five
    players: a quarter of int64's memory traffic; 3-way preflop -10 % of the enumeration's instructions)."""
    n = len(values)
    kind = np.int16 if n**n < 1 << 15 else np.int32 if n**n < 1 << 31 else np.int64  # the least that holds them
    codes: NDArray[Any] = np.zeros(values.shape[1], kind)
    for i in range(n):
        mine = values[i]
        beaten: NDArray[Any] | None = None
        for j in range(n):
            if j != i:
                lower = np.less(values[j], mine)
                beaten = lower.astype(kind) if beaten is None else np.add(beaten, lower, out=beaten)
        if beaten is not None:
            beaten *= kind(n ** (n - 1 - i))
            codes += beaten
    return codes.astype(np.int64)


def ordering_counts(holes: tuple[tuple[int, int], ...], board: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """How many completions of ``board`` give each ordering of the players (how many beat each one): a heads-up
    preflop all-in is looked up (:func:`heads_up_preflop`), any other is enumerated."""
    if len(holes) == 2 and not board:
        return heads_up_preflop(holes[0], holes[1])
    return enumerate_orderings(holes, board)


def enumerate_orderings(
    holes: tuple[tuple[int, int], ...], board: tuple[int, ...]
) -> dict[tuple[int, ...], int]:
    """:func:`ordering_counts` counted board by board group (see the module docstring)."""
    t = tables()
    n = len(holes)
    need = BOARD - len(board)
    dead = np.zeros((RANKS, SUITS), bool)
    for c in (*board, *(c for h in holes for c in h)):
        dead[c // 4, c % 4] = True
    left = (~dead).sum(axis=1).astype(np.int64)
    bases = [(*board, *hole) for hole in holes]
    base_low = np.array([sum(int(LOW_KEY[c // 4]) for c in cards) for cards in bases], np.int64)
    base_high = np.array([sum(int(HIGH_KEY[c // 4]) for c in cards) for cards in bases], np.int64)

    drawn_ranks = rank_multisets(need)
    columns = [_no_flush_column(need, int(lo), int(hi)) for lo, hi in zip(base_low, base_high, strict=True)]
    plain_values = np.stack(columns)  # players × every multiset of ranks that can come
    plain_ways = drawn_ranks.ways(left)

    # The boards where some player makes a flush, suit by suit: rows of (suited cards drawn, ranks of the
    # others). Each is counted with its true values and taken from its rank multiset's count, which then
    # holds the boards without a flush only. The blocks (~9 a preflop all-in) are ordered and counted together:
    # one numpy call per step rather than one per block (with ``_orderings``' small codes, 3- and 4-way preflop
    # -18 % and -21 % of the instructions).
    values: list[NDArray[np.int16]] = [plain_values]
    flush_rows: list[NDArray[np.int32]] = []
    flush_ways: list[Ints] = []
    for suit in range(SUITS):
        on_board = sum(1 for c in board if c % 4 == suit)
        held = np.array([sum(1 for c in h if c % 4 == suit) for h in holes], np.int64)
        board_mask = sum(1 << (c // 4) for c in board if c % 4 == suit)
        hand_masks = board_mask | np.array([sum(1 << (c // 4) for c in h if c % 4 == suit) for h in holes], np.int64)
        suited_left = np.flatnonzero(~dead[:, suit])  # ranks of this suit still in the deck
        dead_bits = sum(1 << int(r) for r in np.flatnonzero(dead[:, suit]))
        others_left = left - (~dead[:, suit])
        fewest = max(3 - on_board, 5 - on_board - int(held.max()), 0)  # suited cards to come for a flush
        for drawn in range(fewest, min(need, len(suited_left)) + 1):
            draws = suited_draws(need, drawn)
            picks = np.flatnonzero((draws.bits & dead_bits) == 0)  # the sets of suited ranks that can come
            off_ways = rank_multisets(need - drawn).ways(others_left, SUITS - 1)
            some = np.flatnonzero(off_ways > 0)
            off_ways = off_ways[some]
            rows = draws.rows.take(picks, axis=0).take(some, axis=1).reshape(-1)  # picks × the other cards' ranks
            true = plain_values.take(rows, axis=1)  # players × those boards
            bits = draws.bits[picks]
            for i in np.flatnonzero(held + on_board + drawn >= 5).tolist():
                true[i] = np.repeat(t.flush.take(bits | hand_masks[i]), len(off_ways))
            values.append(true)
            flush_rows.append(rows)
            flush_ways.append(np.tile(off_ways, len(picks)))
    weights = plain_ways
    if flush_rows:
        every_row, row_ways = np.concatenate(flush_rows), np.concatenate(flush_ways)
        plain_ways = plain_ways - np.bincount(every_row, row_ways, minlength=len(plain_ways)).astype(np.int64)
        weights = np.concatenate([plain_ways, row_ways])
    every = _orderings(np.concatenate(values, axis=1))
    if n**n <= 1 << 16:  # few possible orderings: count them directly
        totals = np.bincount(every, weights.astype(np.float64), minlength=n**n).astype(np.int64)
        all_codes = np.arange(n**n)
    else:
        all_codes, inverse = np.unique(every, return_inverse=True)
        totals = np.zeros(len(all_codes), np.int64)
        np.add.at(totals, inverse, weights)
    lost = int(totals.sum()) != comb(int(left.sum()), need) or (totals < 0).any() or (plain_ways < 0).any()
    if lost:  # pragma: no cover - a bug
        raise AssertionError("equity enumeration lost boards")
    out: dict[tuple[int, ...], int] = {}
    for value, count in zip(all_codes.tolist(), totals.tolist(), strict=True):
        if count:
            digits: list[int] = []
            for _ in range(n):
                value, beaten_by = divmod(value, n)
                digits.append(beaten_by)
            out[tuple(reversed(digits))] = count
    return out


HEADS_UP_FILE = Path(__file__).with_name("heads_up_preflop.npz")
"""The boards each player wins of every heads-up preflop all-in, one per class of match-ups that differ only by
the names of the suits or the order of the players (``python -m handlog.stats.equity`` rebuilds it with
:func:`enumerate_orderings`; a test holds random entries equal to a plain enumeration). Heads-up preflop is the
most frequent all-in: a look-up instead of a few milliseconds of enumeration each."""

PREFLOP_BOARDS = comb(52 - 4, BOARD)
SUIT_RENAMINGS = tuple(
    tuple(c // SUITS * SUITS + renaming[c % SUITS] for c in range(52)) for renaming in permutations(range(SUITS))
)
"""Each of the 24 renamings of the suits, as the card each card becomes."""


def _hand_code(first: int, second: int) -> int:
    return (first << 6 | second) if first > second else (second << 6 | first)


def heads_up_key(first: tuple[int, int], second: tuple[int, int]) -> tuple[int, bool]:
    """A heads-up match-up's class: the least code (four cards of six bits, the higher card first in each hand)
    over the 24 renamings of the suits and both orders of the players, and whether that code has the players
    the other way round."""
    best, swapped = 1 << 24, False
    for card in SUIT_RENAMINGS:
        a, b = _hand_code(card[first[0]], card[first[1]]), _hand_code(card[second[0]], card[second[1]])
        if (a << 12 | b) < best:
            best, swapped = a << 12 | b, False
        if (b << 12 | a) < best:
            best, swapped = b << 12 | a, True
    return best, swapped


@dataclass(frozen=True, slots=True)
class HeadsUp:
    """The shipped heads-up table: match-up classes (sorted codes) and, per class, the boards its first player
    wins and the boards its second player wins (the rest are ties)."""

    keys: NDArray[np.int32]
    first_wins: NDArray[np.int32]
    second_wins: NDArray[np.int32]


def heads_up_classes() -> NDArray[np.int64]:
    """Every class of heads-up match-ups (its least code, see :func:`heads_up_key`), sorted."""
    hands = np.array([_hand_code(a, b) for a, b in combinations(range(52), 2)], np.int64)
    cards = np.stack([hands >> 6, hands & 63], 1)
    i, j = np.triu_indices(len(hands), 1)
    disjoint = (cards[i][:, :, None] != cards[j][:, None, :]).all(axis=(1, 2))  # no card in both hands
    i, j = i[disjoint], j[disjoint]
    best = np.full(len(i), 1 << 24, np.int64)
    for renaming in SUIT_RENAMINGS:
        card = np.array(renaming, np.int64)
        renamed = card[cards]
        codes = np.maximum(renamed[:, 0], renamed[:, 1]) << 6 | np.minimum(renamed[:, 0], renamed[:, 1])
        a, b = codes[i], codes[j]
        best = np.minimum(best, np.minimum(a << 12 | b, b << 12 | a))
    return np.unique(best)


def build_heads_up() -> HeadsUp:
    """Enumerate every class of heads-up preflop match-ups (a few minutes)."""
    keys = heads_up_classes()
    first, second = np.zeros(len(keys), np.int32), np.zeros(len(keys), np.int32)
    for k, key in enumerate(keys.tolist()):
        a, b = key >> 12, key & 4095
        counts = enumerate_orderings(((a >> 6, a & 63), (b >> 6, b & 63)), ())
        first[k], second[k] = counts.get((0, 1), 0), counts.get((1, 0), 0)
    return HeadsUp(keys.astype(np.int32), first, second)


@lru_cache(maxsize=1)
@_kept(HeadsUp)
def heads_up_table() -> HeadsUp | None:
    """The shipped table (None when the file is missing or not what it should be: then every match-up is
    enumerated)."""
    try:
        with np.load(HEADS_UP_FILE, allow_pickle=False) as data:
            table = HeadsUp(data["keys"], data["first_wins"], data["second_wins"])
    except (OSError, KeyError, ValueError):
        return None
    if not table.keys.shape == table.first_wins.shape == table.second_wins.shape:
        return None
    return table


def heads_up_preflop(first: tuple[int, int], second: tuple[int, int]) -> dict[tuple[int, ...], int]:
    """:func:`ordering_counts` of a heads-up preflop all-in, from the shipped table."""
    table = heads_up_table()
    key, swapped = heads_up_key(first, second)
    at = int(np.searchsorted(table.keys, key)) if table is not None else 0
    if table is None or at >= len(table.keys) or table.keys[at] != key:
        return enumerate_orderings((first, second), ())
    wins, losses = int(table.first_wins[at]), int(table.second_wins[at])
    if swapped:
        wins, losses = losses, wins
    counts = {(0, 0): PREFLOP_BOARDS - wins - losses, (0, 1): wins, (1, 0): losses}
    return {order: n for order, n in counts.items() if n}


def shares(
    orders: dict[tuple[int, ...], int], players: int, pots: tuple[tuple[int, ...], ...]
) -> tuple[tuple[Fraction, ...], ...]:
    """For each pot (the indices of the players eligible for it), each player's exact expected share of it:
    the best eligible players of each ordering split the pot, weighted by how many boards give the ordering.
    Added up in integers over one denominator (boards × a multiple of every number of winners), each share made a
    ``Fraction`` once: a ``Fraction`` for every ordering, pot and winner cost ~1 M instructions an all-in."""
    split = lcm(*range(1, players + 1))  # every number of winners divides it
    won = [[0] * players for _ in pots]
    for order, count in orders.items():
        for k, eligible in enumerate(pots):
            best = min(order[i] for i in eligible)
            winners = [i for i in eligible if order[i] == best]
            part, row = count * (split // len(winners)), won[k]
            for i in winners:
                row[i] += part
    boards = sum(orders.values())
    if not boards:
        return tuple((Fraction(0),) * players for _ in pots)
    return tuple(tuple(Fraction(n, boards * split) for n in row) for row in won)


if __name__ == "__main__":
    main()
