"""Load a line-oriented Lark grammar and the field patterns of its line terminals.

Every terminal of a hand-history grammar is one whole line, written with named groups (``(?P<player>…)``) so
that the grammar file is the single description of each line's fields. Lark joins all terminals of a parser
state into one alternation, where repeated group names are not allowed; so the lexer gets the patterns with
the names removed, and the reader gets, per terminal, the named version (a repeated name is numbered:
``amount``, ``amount_2``) to take the fields from the matched line.

Grammars compose with Lark's own ``%import`` / ``%override`` / ``%extend``: a site's grammar imports another's
``start`` and replaces only the lines that differ. Lark brings the lines it did not name along under a namespace
(``pokerstars__FOLD``); each terminal's *kind* is its name without that namespace (``FOLD``), and a line is
handed to the reader's method of that kind, so the child's reader needs no method per inherited line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from handlog import cache as grammar_cache
from handlog.formats.headers import grammar_dir

if TYPE_CHECKING:
    from lark import Lark, Token, Transformer
    from lark.lexer import TerminalDef

_NAMED_GROUP = re.compile(r"\(\?P<([A-Za-z_][A-Za-z0-9_]*)>")
_IGNORED = re.compile(r"^%ignore ([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)

UNKNOWN = "UNKNOWN_LINE"
"""The terminal of a line the grammar does not know (``docs/unknown-lines.md``), added to every line grammar: the
table driver gives it a line that matches no terminal at all once the hand has begun, and Lark, which has no
such fallback, is handed that same line marked with ``MARK`` (``mark_unknown``), which only this terminal
matches. A line that matches a terminal the state does not accept is not unknown: the hand fails as before."""
MARK = "\x00"
_UNKNOWN_RULE = f"\n{UNKNOWN}.1000: /\\x00(?P<text>[^\\n]*)\\n/\n%ignore {UNKNOWN}\n"


def kind_of(terminal: str) -> str:
    """A terminal's name without the namespaces Lark gives imported dependencies: ``pokerstars__FOLD`` → ``FOLD``."""
    if "__" not in terminal or terminal.startswith("__"):  # ``__ANON_0``: Lark's own names stay as they are
        return terminal
    return terminal.rsplit("__", 1)[1]


@cache
def _by_kind() -> Callable[[object], Transformer[Token, object]]:
    """The class of ``_ByKind`` (made on first use: Lark is imported only when a grammar is compiled)."""
    from lark import Token, Transformer

    class _ByKind(Transformer[Token, object]):
        """The transformer as Lark sees it: an inherited line (``pokerstars__FOLD``) goes to the reader's method
        of its kind."""

        def __init__(self, target: object) -> None:
            super().__init__()
            self._target = target

        def __getattr__(self, name: str) -> Any:
            kind = kind_of(name)
            if name.startswith("_") or not kind[:1].isupper():  # rules and Python's own names: Lark builds a tree
                raise AttributeError(name)
            return guarded(getattr(self._target, kind), self._target)

    return _ByKind


def guarded(method: Callable[[Token], object], reader: object) -> Callable[[Token], object]:
    """Lark's call of a reader's line method, with the reader's ``recover`` (as the table driver asks it) when the
    method refuses the line's fields."""
    recover: Recover | None = getattr(reader, "recover", None)
    if recover is None:
        return method

    def call(tok: Token) -> object:
        try:
            return method(tok)
        except ValueError as exc:
            if not recover(LineRef(tok.type, tok.line or 1), None, str(tok), exc):
                raise
            return tok

    return call


def _numbered(pattern: str) -> str:
    seen: dict[str, int] = {}

    def rename(m: re.Match[str]) -> str:
        name = m.group(1)
        seen[name] = seen.get(name, 0) + 1
        return f"(?P<{name}>" if seen[name] == 1 else f"(?P<{name}_{seen[name]}>"

    return _NAMED_GROUP.sub(rename, pattern)


_Action = tuple[bool, Any]
"""A table action: ``(True, state)`` shifts; ``(False, (length, origin))`` reduces ``length`` symbols to ``origin``."""


@dataclass(frozen=True)
class TableData:
    """What the table driver needs of a compiled line grammar, as plain data: the same whether taken from Lark's
    compiled parser or read back from the cache (``grammar_cache``)."""

    start: int
    end: int
    actions: dict[int, dict[str, _Action]]
    terminals: dict[str, tuple[int, int, int, str]]
    """Each terminal's priority, maximal width, pattern length and regular expression (fields unnamed)."""
    ignore: frozenset[str]
    guards: dict[str, str]
    """Each terminal's look-ahead (``guard.lookahead``; "" for none), derived once and cached with the table."""

    @classmethod
    def of(cls, parser: Lark) -> TableData | None:
        """The table of Lark's compiled parser (None should Lark's internals change shape)."""
        try:
            table = parser.parser.parser.parser.parse_table
            start, end, states = table.start_states["start"], table.end_states["start"], table.states
        except (AttributeError, KeyError):
            return None
        actions = {
            state: {
                symbol: (True, arg) if action.name == "Shift" else (False, (len(arg.expansion), arg.origin.name))
                for symbol, (action, arg) in acts.items()
            }
            for state, acts in states.items()
        }
        terminals = {
            t.name: (t.priority, t.pattern.max_width, len(t.pattern.value), t.pattern.to_regexp())
            for t in parser.terminals
        }
        from handlog.formats.guard import lookahead  # only when a grammar is compiled: cached tables keep theirs

        guards = {name: lookahead(values[3]) for name, values in terminals.items()}
        return cls(start, end, actions, terminals, frozenset(parser.ignore_tokens), guards)

    def as_json(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "end": self.end,
            "actions": [[state, [[s, shift, arg] for s, (shift, arg) in acts.items()]] for state, acts in
                        self.actions.items()],
            "terminals": [[name, *values] for name, values in self.terminals.items()],
            "ignore": sorted(self.ignore),
            "guards": self.guards,
        }

    @classmethod
    def from_json(cls, data: Any) -> TableData | None:
        """The table written by ``as_json``; None for anything of another shape (a damaged or foreign file)."""
        try:
            actions: dict[int, dict[str, _Action]] = {}
            for state, acts in data["actions"]:
                row: dict[str, _Action] = {}
                for symbol, shift, arg in acts:
                    if not isinstance(symbol, str) or not isinstance(shift, bool):
                        return None
                    if shift:
                        if not _is_int(arg):
                            return None
                        row[symbol] = (True, arg)
                    else:
                        length, origin = arg
                        if not _is_int(length) or not isinstance(origin, str):
                            return None
                        row[symbol] = (False, (length, origin))
                if not _is_int(state):
                    return None
                actions[state] = row
            terminals: dict[str, tuple[int, int, int, str]] = {}
            for name, priority, width, length, regexp in data["terminals"]:
                if not (isinstance(name, str) and isinstance(regexp, str)):
                    return None
                if not all(map(_is_int, (priority, width, length))):
                    return None
                terminals[name] = (priority, width, length, regexp)
            start, end, ignore = data["start"], data["end"], data["ignore"]
            if not (_is_int(start) and _is_int(end) and isinstance(ignore, list)):
                return None
            if not all(isinstance(i, str) for i in ignore):
                return None
            guards = data["guards"]
            if not isinstance(guards, dict) or set(guards) != set(terminals):
                return None
            if not all(map(_plausible_guard, guards.values())):
                return None
        except (KeyError, TypeError, ValueError):
            return None
        return cls(start, end, actions, terminals, frozenset(ignore), guards)


_GUARD_SHAPE = re.compile(r"\(\?=\[\^\\n\]\*(?:\\.|[^\\()\[\]{}|*+?.^$])+\)\Z")
"""What ``lookahead`` writes: a look-ahead for plain text (escaped characters and characters without a meaning)."""


def _plausible_guard(guard: object) -> bool:
    """A cached guard is nothing, or a look-ahead for plain text: never an expression of another kind."""
    return guard == "" or (isinstance(guard, str) and _GUARD_SHAPE.match(guard) is not None)


def _is_int(value: object) -> bool:
    return type(value) is int


class Patterns(Mapping[str, re.Pattern[str]]):
    """Regular expressions by name, each compiled on first use. A grammar read from the cache has some thirty
    field patterns, long ones (~14 ms to compile in all), which only the Lark path and error messages use: the
    table driver builds its scanners from their text (``sources``)."""

    __slots__ = ("_compiled", "sources")

    def __init__(self, sources: dict[str, str], compiled: dict[str, re.Pattern[str]] | None = None) -> None:
        self.sources = sources
        self._compiled: dict[str, re.Pattern[str]] = dict(compiled or {})

    @classmethod
    def of(cls, compiled: dict[str, re.Pattern[str]]) -> Patterns:
        return cls({name: rx.pattern for name, rx in compiled.items()}, compiled)

    def __getitem__(self, name: str) -> re.Pattern[str]:
        rx = self._compiled.get(name)
        if rx is None:
            rx = self._compiled[name] = re.compile(self.sources[name])
        return rx

    def __contains__(self, name: object) -> bool:
        return name in self.sources

    def __iter__(self) -> Iterator[str]:
        return iter(self.sources)

    def __len__(self) -> int:
        return len(self.sources)


class LineGrammar:
    """A line grammar: what the table driver needs (``table``), the pattern that yields each line terminal's fields,
    each terminal's kind, and Lark's compiled parser, compiled on first use when the rest came from the cache."""

    def __init__(
        self, table: TableData | None, fields: Patterns, kinds: dict[str, str],
        compile_parser: Callable[[], Lark], parser: Lark | None = None,
    ) -> None:
        self.table = table
        self.fields = fields
        self.kinds = kinds
        """Every terminal's kind (its name without Lark's import namespace): what a reader's method is named after."""
        self.terminal_names = frozenset(kinds)
        self._compile = compile_parser
        self._parser = parser
        self._known: re.Pattern[str] | None = None
        self._shifted: re.Pattern[str] | None = None
        self._patterns: dict[str, re.Pattern[str]] | None = None

    @property
    def parser(self) -> Lark:
        """Lark's LALR parser of the grammar (the reference, and what explains a hand that does not parse)."""
        if self._parser is None:
            self._parser = self._compile()
        return self._parser

    def _terminal_patterns(self) -> tuple[dict[str, str], frozenset[str]]:
        """Every terminal's regular expression (fields unnamed) and the ignored terminals' names."""
        if self.table is not None:
            return {n: v[3] for n, v in self.table.terminals.items()}, self.table.ignore
        parser = self.parser
        return {t.name: t.pattern.to_regexp() for t in parser.terminals}, frozenset(parser.ignore_tokens)

    @property
    def known(self) -> re.Pattern[str]:
        """Matches a line that some terminal of the grammar matches, in whatever state: an unknown line is one it
        does not match (asked only of a line the parser's state refuses, never of every line)."""
        if self._known is None:
            patterns, _ = self._terminal_patterns()
            self._known = re.compile("|".join(f"(?:{rx})" for name, rx in sorted(patterns.items()) if name != UNKNOWN))
        return self._known

    def kinds_matching(self, line: str) -> tuple[str, ...]:
        """The kinds of every terminal that matches ``line`` (ending with its newline), whatever the state: asked only
        of a known line the parser's state refuses."""
        if self._patterns is None:
            patterns, _ = self._terminal_patterns()
            self._patterns = {n: re.compile(rx) for n, rx in patterns.items() if n != UNKNOWN}
        return tuple(sorted({self.kinds.get(n, n) for n, rx in self._patterns.items() if rx.match(line)}))

    def mark_unknown(self, text: str) -> str:
        """``text`` with every unknown line after the hand's first known line (one the grammar does not ignore)
        marked with ``MARK``, for Lark: it then reads the lines the table driver reads as unknown, the same way."""
        known = self.known
        if self._shifted is None:
            patterns, ignore = self._terminal_patterns()
            self._shifted = re.compile(
                "|".join(f"(?:{rx})" for n, rx in sorted(patterns.items()) if n not in ignore and n != UNKNOWN)
            )
        shifted = self._shifted
        begun = False
        out: list[str] = []
        for line in text.splitlines(keepends=True):
            if known.match(line) is None:
                out.append(MARK + line if begun else line)
                continue
            begun = begun or shifted.match(line) is not None
            out.append(line)
        return "".join(out)

    def callbacks(self, reader: object) -> dict[str, Callable[..., object]]:
        """``reader``'s method for each terminal, by the terminal's kind (terminals without one are skipped)."""
        out: dict[str, Callable[..., object]] = {}
        for name, kind in self.kinds.items():
            method = getattr(reader, kind, None)
            if method is not None:
                out[name] = method
        return out


def load_line_grammar(name: str | Path, transformer: object | None = None) -> LineGrammar:
    """Compile ``grammars/<name>.lark`` (or the ``.lark`` file at a path) with LALR and the contextual lexer;
    ``transformer`` (a reader: one method per line kind) runs inline. A grammar outside ``grammars/`` may still
    ``%import pokerstars (…)``.

    What the table driver needs is read from the user's cache when a previous process compiled the same grammar
    files (``grammar_cache``); Lark is then neither imported nor compiles the grammar unless a hand needs it."""
    path = name if isinstance(name, Path) else grammar_dir() / f"{name}.lark"
    fields: dict[str, re.Pattern[str]] = {}

    def split_names(terminal: TerminalDef) -> None:
        from lark.lexer import PatternRE

        regexp = terminal.pattern.to_regexp()
        if "(?P<" in regexp:
            fields[terminal.name] = re.compile(_numbered(regexp))
            terminal.pattern = PatternRE(_NAMED_GROUP.sub("(?:", regexp), frozenset(), terminal.pattern.raw)

    def compile_parser() -> Lark:
        from lark import Lark

        # The inline transformer only sees tokens that reach the parser, so lines the grammar ``%ignore``s (chat,
        # seat status, notices) would vanish: they go from the lexer to the transformer's method of the same name.
        callbacks: dict[str, Callable[[Token], Token]] = {}
        source = path.read_text(encoding="utf-8") + _UNKNOWN_RULE
        if transformer is not None:
            for ignored in _IGNORED.findall(source):
                method = getattr(transformer, kind_of(ignored), None)
                if method is not None:
                    callbacks[ignored] = guarded(method, transformer)  # type: ignore[assignment]
        return Lark(
            source,
            source_path=str(path),
            parser="lalr",
            lexer="contextual",
            transformer=_by_kind()(transformer) if transformer is not None else None,
            maybe_placeholders=False,
            edit_terminals=split_names,
            lexer_callbacks=callbacks,
            import_paths=[str(grammar_dir())],
        )

    key = _cache_key(path)
    cached = _from_cache(key) if key is not None else None
    if cached is not None:
        cached_table, cached_fields, cached_names = cached
        return LineGrammar(cached_table, cached_fields, {n: kind_of(n) for n in cached_names}, compile_parser)
    parser = compile_parser()
    names = sorted(t.name for t in parser.terminals)
    table = TableData.of(parser)
    if key is not None and table is not None:
        grammar_cache.store(key, {
            "table": table.as_json(), "fields": {n: rx.pattern for n, rx in fields.items()}, "names": names
        })
    return LineGrammar(table, Patterns.of(fields), {n: kind_of(n) for n in names}, compile_parser, parser)


def _cache_key(path: Path) -> str | None:
    """The cache key of a grammar: every grammar file it may import, this module's code, Lark's version (its
    ``__init__.py``, which states it: found without importing Lark, which a cached grammar does not need)."""
    try:
        sources = sorted(grammar_dir().glob("*.lark"))
        if path.resolve() not in {s.resolve() for s in sources}:  # and the grammars it may import from its folder
            sources += sorted(path.parent.glob("*.lark")) if path.parent.is_dir() else [path]
        code = [Path(__file__), Path(__file__).with_name("guard.py")]  # the table's derivation is part of the cache
        return grammar_cache.cache_key([*sources, *code, _lark_init()], [str(path.name)])
    except OSError:
        return None


@cache
def _lark_init() -> Path:
    """Lark's ``__init__.py`` (where ``__version__`` is written)."""
    spec = find_spec("lark")
    if spec is None or spec.origin is None:  # pragma: no cover - Lark is a dependency
        raise OSError("lark is not installed")
    return Path(spec.origin)


def _from_cache(key: str) -> tuple[TableData, Patterns, list[str]] | None:
    data = grammar_cache.load(key)
    if data is None:
        return None
    table = TableData.from_json(data.get("table"))
    sources, names = data.get("fields"), data.get("names")
    if table is None or not isinstance(sources, dict) or not isinstance(names, list):
        return None
    if not all(isinstance(n, str) for n in names) or not all(isinstance(p, str) for p in sources.values()):
        return None
    # compiled when used: the file is this code's own (named by its key, checked inside), written from Lark's
    # compiled patterns
    return table, Patterns({str(n): p for n, p in sources.items()}), names


@cache
def line_patterns(name: str | Path) -> Patterns:
    """Only the field patterns of a grammar's line terminals (for tools and error messages)."""
    return load_line_grammar(name).fields


_MAX_NODES = 20_000
"""Bound on the memo of reachable stacks (a grammar's reachable stacks are few; this only guards memory)."""

Fields = dict[str, str | None]
"""A line's fields by name (a repeated name numbered: ``amount``, ``amount_2``)."""


class LineRef:
    """Which terminal a line is and where: what the fast path hands a callback (Lark hands it a ``Token``,
    which has the same two attributes)."""

    __slots__ = ("line", "type")

    def __init__(self, type: str, line: int) -> None:
        self.type = type
        self.line = line


Recover = Callable[["LineRef", "Fields | None", str, ValueError], bool]
Misplaced = Callable[["LineRef", str, tuple[str, ...]], bool]
"""A reader's judgement of a known line the grammar does not allow where it comes (its text, and the kinds of the
terminals that match it): True, the reader kept it (an ``UnknownLine``: a line that carries no chips and does not
make the hand's shape) and the hand goes on; False, the hand fails there as before (``docs/unknown-lines.md``)."""
"""What a reader does with a line whose fields its callback refused: its ref, fields, text and the error."""
_Handler = tuple[
    Callable[[LineRef, "Fields"], object] | None, tuple[str, ...], tuple[int, ...], bool, "list[LineRef]"
]
"""What the table driver does with a matched line: its callback, its fields' names and group numbers, ignored?, and
the terminal's ``LineRef`` of each line number made so far (``TableParser._refs``)."""
_Scanner = tuple[re.Pattern[str], "re.Pattern[str] | None", dict[str, _Handler]]
"""A state's scanner: the alternation of its terminals of priority 0 and up, then (None when there are none) the one
of its terminals of negative priority, which Lark tries after all others, and what to do with each terminal's line."""


_KEPT_REFS = 1000
"""Lines of a hand whose ``LineRef`` the driver keeps (per terminal): a hand this long is rare; past it, each line
gets a new one."""


def _line_ref(refs: list[LineRef], name: str, line: int) -> LineRef:
    """Terminal ``name``'s ``LineRef`` of ``line``, ``refs`` (its list by line number) grown up to it."""
    if line >= _KEPT_REFS:
        return LineRef(name, line)
    refs.extend(LineRef(name, n) for n in range(len(refs), line + 1))
    return refs[line]


class _Node:
    """One reachable stack of LALR states, made once: the scanner of its top state and, per terminal already
    seen there, the node the table steps to. The driver walks from node to node, so a line costs one match and
    two small dict lookups by terminal name, with no stack tuple built or hashed."""

    __slots__ = ("handlers", "next", "pattern", "stack", "tail")

    def __init__(self, stack: tuple[Any, ...], scanner: _Scanner) -> None:
        self.stack = stack
        self.pattern, self.tail, self.handlers = scanner
        self.next: dict[str, _Node] = {}


class TableParser:
    """The grammar's own LALR table, driven directly over whole lines: the fast path of a line grammar.

    Lark compiles the grammar (terminals, rules, LALR table) and stays the reference: this driver does what
    Lark's contextual lexer and LALR parser do for a line grammar (match the current state's terminals in Lark's
    order of preference, feed the table, hand every line to its callback in order) in one regular-expression
    match per line that also yields the line's fields, without a value stack or a tree. It only answers "is this
    a sentence of the grammar"; on a failure the caller re-runs the full Lark parse, whose exception explains
    the error. Should Lark's internals change shape, ``available`` is False and callers use Lark alone.
    """

    def __init__(
        self, grammar: LineGrammar, callbacks: dict[str, Callable[[LineRef, Fields], object]],
        recover: Recover | None = None, misplaced: Misplaced | None = None,
    ) -> None:
        self.callbacks = callbacks
        self.misplaced = misplaced
        """Asked of a known line the state refuses once the hand has begun: True, the reader kept it (chip-free, not
        a line of the hand's shape) and the state stays where it was; False (or None), the hand fails there."""
        self.unknown = callbacks.get(UNKNOWN)
        """The callback of a line no terminal matches (once the hand has begun): None, the hand fails there."""
        self.recover = recover
        """Asked when a callback raises ``ValueError`` on a line's fields: True, the line was kept otherwise (an
        amount in an unknown format) and the hand goes on; False, the error stands."""
        self.grammar = grammar
        self.fields = grammar.fields.sources
        self._scanners: dict[Any, _Scanner] = {}
        self._nodes: dict[tuple[Any, ...], _Node] = {}
        self._ends: dict[tuple[Any, ...], bool] = {}
        self._refs: dict[str, list[LineRef]] = {}
        """Per terminal, its ``LineRef`` of line 0, 1, 2…: made once and handed out again for every hand (a
        ``LineRef`` is never changed), since making one (a class call and its ``__init__``, ~1,500 instructions)
        for each of a hand's ~40 lines cost about 1.5 % of an audit's instructions."""
        table = grammar.table
        if table is None:
            self.available = False
            return
        self.available = True
        self.start, self.end = table.start, table.end
        self.terminals = table.terminals
        self.ignore = table.ignore - {UNKNOWN}  # Lark's marked lines only: the driver finds unknown lines itself
        self.actions = table.actions
        self.guards = table.guards

    def _scanner(self, state: Any) -> _Scanner:
        """One alternation of the terminals this state accepts, each with its fields as uniquely named groups and
        the look-ahead its own pattern implies (``guard.lookahead``: a line without the terminal's text is refused
        in one scan instead of one trial per character), and per terminal what to do with a matched line: its
        callback, its fields' names and group numbers, and whether the grammar ignores it (one lookup per line).

        The terminals of negative priority (the grammar's loose lines: chat, status, notices), which come last in
        that order, are an alternation of their own tried when the others fail: the same first match (an
        alternation's match is its first alternative's that matches), and the lines every state ignores are then
        compiled once for all the states (``re`` keeps compiled patterns by their text), not once in each state's
        alternation: about 40 % of what compiling a grammar's scanners costs a process, for one more match of the
        rare lines that only they match."""
        scanner = self._scanners.get(state)
        if scanner is None:
            terminals = self.terminals
            names = {s for s in self.actions[state] if s in terminals} | self.ignore
            # Lark's order of preference: priority, then the longest possible match, then the longest pattern
            terms = sorted(names, key=lambda n: (-terminals[n][0], -terminals[n][1], -terminals[n][2], n))
            last = [n for n in terms if terminals[n][0] < 0]  # a suffix of ``terms``
            first = terms[: len(terms) - len(last)]
            pattern, tail = self._alternation(first), self._alternation(last) if last else None
            handlers: dict[str, _Handler] = {}
            for names_of, compiled in [(first, pattern), *([(last, tail)] if tail is not None else [])]:
                for name in names_of:
                    prefix = name + "__"
                    own = [(n[len(prefix) :], i) for n, i in compiled.groupindex.items() if n.startswith(prefix)]
                    keys, indexes = tuple(n for n, _ in own), tuple(i for _, i in own)
                    refs = self._refs.setdefault(name, [])
                    handlers[name] = (self.callbacks.get(name), keys, indexes, name in self.ignore, refs)
            scanner = (pattern, tail, handlers)
            self._scanners[state] = scanner
        return scanner

    def _alternation(self, terms: list[str]) -> re.Pattern[str]:
        """One pattern matching the first of ``terms`` (in order) that matches, as a group named after it, with its
        fields as groups ``<terminal>__<field>``; no terms: a pattern that never matches."""
        if not terms:
            return re.compile("(?!)")
        parts = []
        for name in terms:
            named = self.fields.get(name)
            body = self.terminals[name][3] if named is None else _NAMED_GROUP.sub(f"(?P<{name}__\\1>", named)
            parts.append(f"(?P<{name}>{self.guards.get(name, '')}{body})")  # a guard: same matches, faster
        return re.compile("|".join(parts))

    def _step(self, stack: tuple[Any, ...], name: str) -> tuple[Any, ...] | None:
        """The stack after the table's reductions and the shift of terminal ``name`` (``$END``: the reductions
        up to the accepting state), or None when the table has no action for it."""
        actions = self.actions
        states = list(stack)
        while True:
            act = actions[states[-1]].get(name)
            if act is None:
                return None
            if act[0]:
                if name == "$END":  # pragma: no cover - a line grammar never shifts the end of input
                    return None
                states.append(act[1])
                return tuple(states)
            length, origin = act[1]
            if length:
                del states[-length:]
            states.append(actions[states[-1]][origin][1])
            if name == "$END" and states[-1] == self.end:
                return tuple(states)

    def _node(self, stack: tuple[Any, ...]) -> _Node:
        node = self._nodes.get(stack)
        if node is None:
            node = _Node(stack, self._scanners.get(stack[-1]) or self._scanner(stack[-1]))
            if len(self._nodes) < _MAX_NODES:
                self._nodes[stack] = node
        return node

    def _advance(self, node: _Node, name: str) -> _Node | None:
        """The node after the table's step on terminal ``name`` (None when the table refuses it: not kept)."""
        after = self._step(node.stack, name)
        if after is None:
            return None
        target = self._node(after)
        if len(self._nodes) < _MAX_NODES:
            node.next[name] = target
        return target

    def parse(self, text: str) -> bool:
        """Feed every line of ``text`` (each ending with a newline); True when it is a sentence of the grammar.

        The LALR action for a line depends only on the stack of states and the line's terminal, and a line
        grammar's stack stays shallow (its repetitions are left-recursive), so each (stack, terminal) step is
        computed once by ``_step`` and then followed from node to node (``_Node``): one dictionary access per
        line instead of a walk through the reductions."""
        first = node = self._nodes.get((self.start,)) or self._node((self.start,))
        pos, line, size = 0, 1, len(text)
        while pos < size:
            m = node.pattern.match(text, pos)
            if m is None and node.tail is not None:
                m = node.tail.match(text, pos)
            if m is None:
                # no line the state accepts: an unknown line (no terminal matches it at all) once the hand has
                # begun is kept and passed over; a known line out of place is kept when the reader judges it
                # harmless (``misplaced``), else it fails the hand
                stop = text.find("\n", pos) + 1 or size
                if node is first or self.unknown is None:
                    return False
                written = text[pos:stop]
                if self.grammar.known.match(written) is None:
                    self.unknown(LineRef(UNKNOWN, line), {"text": written.rstrip("\n")})
                elif self.misplaced is None or not self.misplaced(
                    LineRef(UNKNOWN, line), written.rstrip("\n"), self.grammar.kinds_matching(written)
                ):
                    return False
                pos = stop
                line += 1
                continue
            name = m.lastgroup or ""
            callback, keys, indexes, ignored, refs = node.handlers[name]
            if callback is not None:
                ref = refs[line] if line < len(refs) else _line_ref(refs, name, line)
                try:
                    if len(indexes) > 1:
                        callback(ref, dict(zip(keys, m.group(*indexes))))  # noqa: B905 (a keyword makes zip ~2x dearer)
                    else:
                        callback(ref, {keys[0]: m.group(indexes[0])} if indexes else {})
                except ValueError as exc:
                    fields = dict(zip(keys, (m.group(i) for i in indexes), strict=True))
                    if self.recover is None or not self.recover(LineRef(name, line), fields, m.group(), exc):
                        raise
            pos = m.end()
            line += 1
            if ignored:
                continue
            after = node.next.get(name)
            if after is None:
                after = self._advance(node, name)
                if after is None:
                    return False
            node = after
        end = self._ends.get(node.stack)
        if end is None:
            end = self._step(node.stack, "$END") is not None
            if len(self._ends) < _MAX_NODES:
                self._ends[node.stack] = end
        return end
