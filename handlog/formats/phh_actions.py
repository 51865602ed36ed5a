"""PHH's action notation (``d dh p1 AsKd``, ``p2 cbr 300`` …) read with its Lark grammar, ``phh_actions.lark``.

One action string becomes one ``Action``: who acts (a player index, or the dealer), the verb and its argument.
What the action *means* at the table (a call or a check, a bet or a raise, all-in or not) depends on the state
of the hand; ``formats.phh`` works that out.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from decimal import Decimal

from lark import Lark, Token, Transformer, UnexpectedInput

from handlog.formats.headers import grammar_dir

UNKNOWN = "??"
"""A card nobody saw (``????`` is two of them); a card with one unknown half counts as unknown too."""


@dataclass(frozen=True, slots=True)
class Action:
    """One PHH action. ``player`` is the 0-based player index (``p1`` is 0), None for the dealer."""

    verb: str  # "dh", "db", "pb", "cbr", "cc", "f", "sd", "sm", a dealer-log word ("burn" …); "" for a commentary
    player: int | None = None
    cards: tuple[str, ...] | None = None  # None: no cards written ("p1 sd" stands pat, "p2 sm" mucks)
    amount: Decimal | None = None
    commentary: str = ""
    dealt: bool = False  # "p2 sm -": shows the hole cards the deals gave (phh-std's dash, showdowns only)
    new: tuple[str, ...] | None = None  # "d replace p3 Ah Qs": the card given in place of the exposed one


class ActionSyntaxError(ValueError):
    """An action string that is not PHH notation; ``column`` is 1-based within the string."""

    def __init__(self, message: str, column: int, expected: tuple[str, ...]) -> None:
        super().__init__(message)
        self.column = column
        self.expected = expected


_DESCRIPTIONS = {
    "PLAYER": "a player (p1, p2 …)",
    "CARDS": "cards (AsKd, ????)",
    "DEALT": "- (the cards dealt)",
    "AMOUNT": "an amount",
    "COMMENTARY": "a # commentary",
    "D": "d (the dealer)",
    "DH": "dh",
    "DB": "db",
    "PB": "pb",
    "CBR": "cbr",
    "CC": "cc",
    "F": "f",
    "SD": "sd",
    "SM": "sm",
    "BURN": "burn", "EXPOSE": "expose", "EXTRA": "extra", "REPLACE": "replace", "MISDEAL": "misdeal",
    "REDEAL": "redeal", "OUT": "out", "SHUFFLE": "shuffle", "CUT": "cut", "BOARD": "board",
    "$END": "the end of the action",
}


def split_cards(text: str) -> tuple[str, ...]:
    """``"AsKd"`` → ``("As", "Kd")``; any card with a ``?`` becomes ``"??"``."""
    pairs = (text[i : i + 2] for i in range(0, len(text), 2))
    return tuple(UNKNOWN if "?" in pair else pair for pair in pairs)


class _ToAction(Transformer[Token, Action]):
    def start(self, children: list[object]) -> Action:
        action = next((c for c in children if isinstance(c, Action)), Action(verb=""))
        comment = next((str(c)[1:].strip() for c in children if isinstance(c, Token)), "")
        if comment:
            return Action(action.verb, action.player, action.cards, action.amount, comment, action.dealt, action.new)
        return action

    @staticmethod
    def _player(token: Token) -> int:
        return int(str(token)[1:]) - 1

    def deal_hole(self, children: list[Token]) -> Action:
        return Action("dh", self._player(children[0]), split_cards(str(children[1])))

    def deal_board(self, children: list[Token]) -> Action:
        return Action("db", None, split_cards(str(children[0])))

    def bring_in(self, children: list[Token]) -> Action:
        return Action("pb", self._player(children[0]))

    def complete_bet_raise(self, children: list[Token]) -> Action:
        return Action("cbr", self._player(children[0]), amount=Decimal(str(children[1])))

    def check_call(self, children: list[Token]) -> Action:
        return Action("cc", self._player(children[0]))

    def fold(self, children: list[Token]) -> Action:
        return Action("f", self._player(children[0]))

    def stand_pat_discard(self, children: list[Token]) -> Action:
        cards = split_cards(str(children[1])) if len(children) > 1 else None
        return Action("sd", self._player(children[0]), cards)

    def show_muck(self, children: list[Token]) -> Action:
        cards = split_cards(str(children[1])) if len(children) > 1 else None
        return Action("sm", self._player(children[0]), cards)

    def show_dealt(self, children: list[Token]) -> Action:
        return Action("sm", self._player(children[0]), dealt=True)

    # the dealer log (docs/live-dealer-errors.md)
    def burn(self, children: list[Token]) -> Action:
        return Action("burn", None, split_cards(str(children[0])) if children else None)

    def expose(self, children: list[Token]) -> Action:
        return Action("expose", self._player(children[0]), split_cards(str(children[1])))

    def extra(self, children: list[Token]) -> Action:
        return Action("extra", self._player(children[0]), split_cards(str(children[1])))

    def replace(self, children: list[Token]) -> Action:
        new = split_cards(str(children[2])) if len(children) > 2 else None
        return Action("replace", self._player(children[0]), split_cards(str(children[1])), new=new)

    def misdeal(self, children: list[Token]) -> Action:
        return Action("misdeal")

    def redeal(self, children: list[Token]) -> Action:
        return Action("redeal")

    def out(self, children: list[Token]) -> Action:
        return Action("out", None, split_cards(str(children[0])))

    def shuffle(self, children: list[Token]) -> Action:
        return Action("shuffle", None, split_cards(str(children[0])) if children else None)

    def cut(self, children: list[Token]) -> Action:
        return Action("cut")

    def plays_board(self, children: list[Token]) -> Action:
        return Action("board", self._player(children[0]))


_local = threading.local()


def _parser() -> Lark:
    parser: Lark | None = getattr(_local, "parser", None)
    if parser is None:
        parser = Lark.open(str(grammar_dir() / "phh_actions.lark"), parser="lalr", maybe_placeholders=False)
        _local.parser = parser
    return parser


_TRANSFORMER = _ToAction()


def parse_action(text: str) -> Action:
    """The action an action string writes; raises ``ActionSyntaxError`` saying where and what was expected."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        expected: set[str] = set()
        allowed = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
        expected.update(str(name) for name in allowed)
        names = tuple(sorted(_DESCRIPTIONS.get(e, e.lower()) for e in expected if not e.startswith("_")))
        column = exc.column if isinstance(exc.column, int) and exc.column > 0 else len(text) + 1
        raise ActionSyntaxError(f"not a PHH action: {text!r}", column, names) from None
    return _TRANSFORMER.transform(tree)
