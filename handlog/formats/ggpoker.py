"""GGPoker text hand histories: ``grammars/ggpoker.lark`` plus what is GGPoker's own in reading them.

GGPoker writes PokerStars' layout (the grammar imports PokerStars' lines and replaces the few it writes
differently); what is left here are its quirks:

* the header: ``Poker Hand #TM247771977: …`` (the hand number keeps its letters), game names of its own
  ("PLO-5", "ShortDeck", "Omaha (NL postflop)") and Short Deck stakes written as one amount, the ante;
* "Dealt to P" with no cards for every player whose cards it hides (a deal of unknown cards);
* ``posts missed blind`` (a dead blind owed after missing the blinds) and ``straddle $X`` without "posts",
  where X is the player's whole bet after the straddle, not what it adds ("straddle $0.04" then "straddle $0.08"
  by the same player puts in 0.04 more);
* ``Cash Drop to Pot : total $0.2``: the site's own money in the pot (``PotDrop``);
* the EV cash-out: "Chooses to EV Cashout" (a ``Notice``), "Pays Cashout Risk ($2)" and "Receives Cashout ($30)"
  (``SidePayment``: money between a player and the house, outside the pot);
* ``Total pot $X | Rake $R | Jackpot $J | Bingo $B``: the fees besides the rake are kept by name
  (``StatedResults.fees``), and the total is collected + rake + fees; tournaments print no rake at all;
* run it twice or three times (``*** THIRD TURN ***``, ``Hand was run three times``), where a later run's
  summary board lists only the cards that run dealt ("SECOND Board [4d Qs]"): it is completed with the cards
  the runs share, so that every ``StatedResults.boards`` entry is a whole board.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from handlog.events import (
    Event,
    Game,
    Hand,
    HouseFee,
    Muck,
    Notice,
    Post,
    PostType,
    PotDrop,
    SidePayment,
    Stakes,
    Structure,
    UncalledReturns,
)
from handlog.formats.grammar import Fields
from handlog.formats.text import FieldError, amount, cards
from handlog.formats.textsite import DESCRIPTIONS, TextHandBuilder, TextSiteFormat, Tok
from handlog.reading.registry import register

_LOWER_RANK = re.compile(r"\b([tjqka])([cdhs])\b")
_FEE = re.compile(r"\| (?P<name>[A-Za-z][A-Za-z ]*?) (?P<amount>[^ |]+)")
_LIVE_POSTS = frozenset({PostType.SMALL_BLIND, PostType.BIG_BLIND, PostType.STRADDLE, PostType.BUTTON_BLIND})
_BOARD_SIZE = 5


class GGPokerBuilder(TextHandBuilder):
    """GGPoker's header words, posts, cash drops, EV cash-outs, fees and run-it-thrice on the layout's builder."""

    games: ClassVar[dict[str, Game]] = {
        **TextHandBuilder.games,
        "plo": Game.OMAHA,
        "plo-5": Game.FIVE_CARD_OMAHA,
        "plo-6": Game.SIX_CARD_OMAHA,
        "plo hi/lo": Game.OMAHA_HI_LO,
        "plo-5 hi/lo": Game.FIVE_CARD_OMAHA_HI_LO,
        "shortdeck": Game.SIX_PLUS_HOLDEM,
    }
    structures: ClassVar[dict[str, Structure]] = {
        **TextHandBuilder.structures,
        "fixed limit": Structure.FIXED_LIMIT,
        # "Omaha (NL postflop)": pot limit before the flop, no limit after it
        "(nl postflop)": Structure.PL_PREFLOP_NL_POSTFLOP,
    }
    posts: ClassVar[dict[str, PostType]] = {
        **TextHandBuilder.posts,
        "missed blind": PostType.DEAD_BLIND,
        "missed big blind": PostType.DEAD_BLIND,
    }
    runs: ClassVar[dict[str | None, int | None]] = {**TextHandBuilder.runs, "THIRD": 3}
    uncalled_returns: ClassVar[UncalledReturns] = UncalledReturns.EVERY_ONE_PRINTED

    def reset(self, first_line: int) -> None:
        super().reset(first_line)
        self.live_bets: dict[str, Decimal] = {}  # each player's live forced bets so far (a straddle is "to")
        self.fees: list[HouseFee] = []

    # -- header
    @classmethod
    def header_game(cls, game: str | None, structure: str | None) -> tuple[Game | None, Structure | None]:
        if not structure and game is not None:
            structure = _implied_structure(game)
        return super().header_game(game, structure)

    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        super().HEADER(tok, fields)
        h = self.header
        if not h.get("structure"):
            h["structure"] = _implied_structure(h.get("game") or "")
        return tok

    def stakes_of(self, text: str, level_stakes: str | None) -> Stakes:
        if "/" not in text and not level_stakes:
            # Short Deck: "($0.02)", the ante; the button posts a blind of one ante, and straddles double it
            ante = amount(text.strip())
            return Stakes(small=ante, big=ante, ante=ante, button_blind=ante)
        return super().stakes_of(text, level_stakes)

    # -- forced bets and deals
    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        kind = self.posts[f["post"] or ""]
        player = f["player"] or ""
        value = amount(f["amount"] or "")
        before = self.live_bets.get(player, Decimal(0))
        if kind is PostType.STRADDLE:
            # "straddle $X" is the player's whole bet after it: what it adds is X less the live bets before
            if value < before:
                raise FieldError(f"{player} straddles to {value} but has already posted {before}")
            value -= before
        if kind in _LIVE_POSTS:
            self.live_bets[player] = before + value
        line = self._lineno(tok)
        dead = value if kind is PostType.DEAD_BLIND else Decimal(0)
        self.events.append(
            Post(line=line, player=player, post=kind, amount=value, dead=dead, all_in=bool(f["all_in"]))
        )
        return tok

    def CASH_DROP(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(tok, fields, lambda f, line: PotDrop(line=line, amount=amount(f["amount"] or "")))

    # -- EV cash-out
    def EV_CASHOUT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: Fields, line: int) -> Event:
            player = f["player"] or ""
            return Notice(line=line, text=f"{player} chooses to EV cash out", player=player)

        return self._add(tok, fields, make)

    def CASHOUT_RISK(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: SidePayment(
                line=line, player=f["player"] or "", amount=-amount(f["amount"] or ""), reason="cash-out risk"
            ),
        )

    # -- all-in insurance
    def AII_TAKEN(self, tok: Tok, fields: Fields | None = None) -> Tok:
        def make(f: Fields, line: int) -> Event:
            player = f["player"] or ""
            return Notice(line=line, text=f"{player} takes all-in insurance ({f['terms']})", player=player)

        return self._add(tok, fields, make)

    def AII_PREMIUM(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: SidePayment(
                line=line, player=f["player"] or "", amount=-amount(f["amount"] or ""),
                reason="all-in insurance premium",
            ),
        )

    def CASHOUT_PAID(self, tok: Tok, fields: Fields | None = None) -> Tok:
        return self._add(
            tok, fields,
            lambda f, line: SidePayment(
                line=line, player=f["player"] or "", amount=amount(f["amount"] or ""), reason="cash-out"
            ),
        )

    # -- summary
    def DEALT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """``Dealt to Hero [ks 2d]`` (a 2018 copy writes a rank in lower case): the card it names."""
        f = self._f(tok, fields)
        if f["cards"] and _LOWER_RANK.search(f["cards"]):
            f = {**f, "cards": _LOWER_RANK.sub(lambda m: m.group(1).upper() + m.group(2), f["cards"])}
        return super().DEALT(tok, f)

    def BET_AND_MUCK(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """``P: Bet & Muck $0.05``: a bet (its player folds if it is called)."""
        return self.BET(tok, fields)

    def BET_AND_MUCK_FOLDS(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """``P: Bet & Muck folds`` once the bet is called and the betting is over: the player mucks at showdown (the
        caller wins without showing a better hand)."""
        return self._add(tok, fields, lambda f, line: Muck(line=line, player=f["player"] or ""))

    def SUMMARY_SEAT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """A time bank card (Rush & Cash, 2025): the buyer pays it and each other player gets a share, outside the
        pot ("bought time bank card ($0.05)", five times "received ($0.01) from time bank card")."""
        f = self._f(tok, fields)
        paid, got = f.get("card_paid"), f.get("card_got")
        if paid or got:
            value = -amount(paid) if paid else amount(got or "")
            self.events.append(SidePayment(line=self._lineno(tok), player=f["player"] or "", amount=value,
                                           reason="time bank card"))
        return super().SUMMARY_SEAT(tok, f)

    def TOTAL_POT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        s = self.summary
        s.pot_line = self._lineno(tok)
        s.total = amount(f["total"] or "")
        s.rake = amount(f["rake"]) if f["rake"] else None
        self.fees = [HouseFee(name=m["name"], amount=amount(m["amount"])) for m in _FEE.finditer(f["fees"] or "")]
        return tok

    def BOARD(self, tok: Tok, fields: Fields | None = None) -> Tok:
        board = cards(self._f(tok, fields)["board"])
        boards = self.summary.boards
        if boards and len(board) < _BOARD_SIZE:  # a later run: the cards it shares with the first come first
            board = boards[0][: _BOARD_SIZE - len(board)] + board
        boards.append(board)
        self.summary.board_line = self.summary.board_line or self._lineno(tok)
        return tok

    def build(self, file: str, first_line: int) -> Hand:
        hand = super().build(file, first_line)
        if not self.fees:
            return hand
        return hand.model_copy(update={"summary": hand.summary.model_copy(update={"fees": tuple(self.fees)})})


class GGPokerFormat(TextSiteFormat):
    """The GGPoker reader, registered as ``ggpoker``."""

    name = "ggpoker"
    site = "GGPoker"
    grammar = "ggpoker"
    builder = GGPokerBuilder
    descriptions: ClassVar[dict[str, str]] = {
        **DESCRIPTIONS,
        "HEADER": "the hand header ('Poker Hand #…')",
        "POST": "a forced bet ('P: posts small blind $1', 'P: straddle $2')",
        "CASH_DROP": "'Cash Drop to Pot : total …'",
        "EV_CASHOUT": "'P: Chooses to EV Cashout'",
        "AII_TAKEN": "'P: get an all-in insurance (…)'",
        "AII_PREMIUM": "'P: pay premium of all-in insurance (…)'",
        "CASHOUT_RISK": "'P: Pays Cashout Risk (…)'",
        "CASHOUT_PAID": "'P: Receives Cashout (…)'",
        "TOTAL_POT": "'Total pot … | Rake … | Jackpot …'",
        "RUN_TWICE": "'Hand was run two times'",
    }


def _implied_structure(game: str) -> str:
    """The structure a header without one implies: "PLO", "PLO-5" say pot limit; Short Deck is played no limit."""
    return "pot limit" if game.lower().startswith("plo") else "no limit"


register(GGPokerFormat())
