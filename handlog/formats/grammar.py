"""Load a line-oriented Lark grammar and the field patterns of its line terminals.

Every terminal of a hand-history grammar is one whole line, written with named groups (``(?P<player>…)``) so
that the grammar file is the single description of each line's fields. Lark joins all terminals of a parser
state into one alternation, where repeated group names are not allowed; so the lexer gets the patterns with
the names removed, and the reader gets, per terminal, the named version (a repeated name is numbered:
``amount``, ``amount_2``) to take the fields from the matched line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.lexer import PatternRE, TerminalDef

_NAMED_GROUP = re.compile(r"\(\?P<([A-Za-z_][A-Za-z0-9_]*)>")
_IGNORED = re.compile(r"^%ignore ([A-Z_][A-Z0-9_]*)\s*$", re.MULTILINE)


def grammar_dir() -> Path:
    """The folder of ``*.lark`` files: inside the installed package, or ``grammars/`` of a source checkout."""
    packaged = Path(str(files("handlog"))) / "grammars"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "grammars"


def _numbered(pattern: str) -> str:
    seen: dict[str, int] = {}

    def rename(m: re.Match[str]) -> str:
        name = m.group(1)
        seen[name] = seen.get(name, 0) + 1
        return f"(?P<{name}>" if seen[name] == 1 else f"(?P<{name}_{seen[name]}>"

    return _NAMED_GROUP.sub(rename, pattern)


@dataclass(frozen=True)
class LineGrammar:
    """A compiled LALR parser plus, for every line terminal, the pattern that yields its fields."""

    parser: Lark
    fields: dict[str, re.Pattern[str]]
    terminal_names: frozenset[str]


def load_line_grammar(name: str, transformer: Transformer[Token, object] | None = None) -> LineGrammar:
    """Compile ``grammars/<name>.lark`` with LALR and the contextual lexer; ``transformer`` runs inline."""
    path = grammar_dir() / f"{name}.lark"
    fields: dict[str, re.Pattern[str]] = {}

    def split_names(terminal: TerminalDef) -> None:
        regexp = terminal.pattern.to_regexp()
        if "(?P<" in regexp:
            fields[terminal.name] = re.compile(_numbered(regexp))
            terminal.pattern = PatternRE(_NAMED_GROUP.sub("(?:", regexp), frozenset(), terminal.pattern.raw)

    # The inline transformer only sees tokens that reach the parser, so lines the grammar ``%ignore``s (chat,
    # seat status, notices) would vanish: they go from the lexer to the transformer's method of the same name.
    callbacks: dict[str, Callable[[Token], Token]] = {}
    if transformer is not None:
        for ignored in _IGNORED.findall(path.read_text(encoding="utf-8")):
            method = getattr(transformer, ignored, None)
            if method is not None:
                callbacks[ignored] = method
    parser = Lark.open(
        str(path),
        parser="lalr",
        lexer="contextual",
        transformer=transformer,
        maybe_placeholders=False,
        edit_terminals=split_names,
        lexer_callbacks=callbacks,
    )
    return LineGrammar(parser, fields, frozenset(t.name for t in parser.terminals))


@cache
def line_patterns(name: str) -> dict[str, re.Pattern[str]]:
    """Only the field patterns of a grammar's line terminals (for tools and error messages)."""
    return load_line_grammar(name).fields
