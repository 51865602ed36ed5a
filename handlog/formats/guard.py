"""A cheap look-ahead in front of a line terminal's pattern, derived from the pattern itself.

The table driver matches each line against one alternation of the terminals its parser state accepts, tried in
Lark's order of preference. Most of a hand's lines start with a player's name, ``(?P<player>[^\\n]+?)``: a lazy
repeat that Python's regular-expression engine extends one character at a time, trying the rest of the
terminal at every position. A line is thus walked once per terminal tried before the one it is (about ten in a
betting round): a quarter of the parse, measured.

Such a terminal's pattern has literal text it must contain (``": folds"``, ``" collected "``). The look-ahead
``(?=[^\\n]*LITERAL)`` is true of every line the terminal matches, so putting it in front changes no match and no
field; a line without the text is refused in one greedy scan, which the engine does in a tight loop. The
literal is read from the pattern's parse by ``re``'s own parser; when it is not certain (a pattern that could
match across a newline before the literal, case-insensitive text, a parser of another shape), no look-ahead is
added and the terminal is matched as before.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

try:  # re's parser: the same parse the engine compiles; private, so any change of shape means "no guard"
    from re import _constants as _c
    from re import _parser as _p
except ImportError:  # pragma: no cover - another Python's internals
    _c = _p = None

_NEWLINE = 10


def _set_has_newline(items: list[tuple[Any, Any]]) -> bool:
    negate = bool(items) and items[0][0] is _c.NEGATE
    members = [(op, av) for op, av in items if op is not _c.NEGATE]
    has = False
    for op, av in members:
        if (op is _c.LITERAL and av == _NEWLINE) or (op is _c.RANGE and av[0] <= _NEWLINE <= av[1]):
            has = True
        elif op is not _c.LITERAL and op is not _c.RANGE:
            return True  # a category (\s …) or anything else: assume it may
    return not has if negate else has


def _newline_free(items: Any) -> bool:
    """True when nothing in ``items`` can match a newline (so a look-ahead over ``[^\\n]*`` covers it)."""
    for op, av in items:
        if op is _c.LITERAL:
            if av == _NEWLINE:
                return False
        elif op is _c.NOT_LITERAL:
            if av != _NEWLINE:
                return False
        elif op is _c.IN:
            if _set_has_newline(av):
                return False
        elif op in (_c.MIN_REPEAT, _c.MAX_REPEAT, _c.POSSESSIVE_REPEAT):
            if not _newline_free(av[2]):
                return False
        elif op is _c.SUBPATTERN:
            if not _newline_free(av[3]):
                return False
        elif op is _c.BRANCH:
            if not all(_newline_free(branch) for branch in av[1]):
                return False
        elif op is not _c.AT:
            return False
    return True


@cache
def lookahead(pattern: str) -> str:
    """``(?=[^\\n]*LITERAL)`` for the longest literal text ``pattern`` must contain on its line, or ``""``.

    Only for a pattern that starts with something other than literal text (one that starts with text is refused
    at its first character already), and only text at the top level of the pattern whose every piece before it
    keeps to one line."""
    if _p is None:  # pragma: no cover
        return ""
    try:
        tree = _p.parse(pattern)
        items = list(tree)
        if tree.state.flags & re.IGNORECASE or not items or items[0][0] is _c.LITERAL:
            return ""
        best = ""
        i = 0
        while i < len(items):
            if items[i][0] is not _c.LITERAL:
                i += 1
                continue
            j = i
            while j < len(items) and items[j][0] is _c.LITERAL:
                j += 1
            text = "".join(chr(av) for _, av in items[i:j])
            if len(text) > len(best) and "\n" not in text and _newline_free(items[:i]):
                best = text
            i = j
    except Exception:  # noqa: BLE001 - an unexpected shape of re's internals: match without a guard
        return ""
    return f"(?=[^\\n]*{re.escape(best)})" if len(best) >= 2 else ""
