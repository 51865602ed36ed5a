"""Anonymise hand histories: every player's name becomes a pseudonym, chat is masked, nothing else changes.

- Names are found by reading the hands (every seat, and every player an event names: chat, joins, notices), in
  every file of the run first, so that a name is replaced wherever it appears, in every file. Where one file's
  player's name is a word of another file's log ("Hold" of "Hold'em"), replacing it there would change that log:
  that file then has its own players' names replaced, and only those.
- A pseudonym is ``Player`` and eight hex digits of an HMAC-SHA256 of the name: the same name gets the same
  pseudonym in every file of a run, and in every run given the same salt (without a salt, a random one per run).
- Replacement works on the file's bytes (UTF-8 and cp1252 spellings of a name; UTF-16 files through their text),
  so every other byte is kept: encodings, BOMs, line endings, amounts. A chat line keeps its speaker's
  pseudonym and loses its words (``***``). Names in file names are replaced too.
- A file is written only when it is safe: it holds hands, every hand in it was read (the names of a hand that
  cannot be read are unknown), no original name is left in the output, and the output reads into as many hands as
  the input. A file in which no hand was found (a tournament summary, notes, a format no reader knows) is left
  out: its names are unknown. ``copy_unknown`` copies such a file as it is, on purpose (its file name's known
  names replaced), and says so for each.
- The names of a run are matched all at once, by one pattern built as a trie (a corpus names tens of thousands of
  players: one alternative per name would try each of them at every byte).
"""

from __future__ import annotations

import codecs
import hashlib
import hmac
import os
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from handlog.events import Chat, Hand, UnknownLine
from handlog.formats.summaries import is_summary_file, summary_names
from handlog.outputs import UnsafeOutput, output_path
from handlog.reading import ReadReport, read
from handlog.reading.decode import sniff_encoding
from handlog.reading.reader import iter_files

CHAT_MASK = "***"


def pseudonym(name: str, salt: bytes) -> str:
    digest = hmac.new(salt, name.encode("utf-8"), hashlib.sha256).hexdigest()
    if _NAME_AT_ID.fullmatch(name):  # PokerNow's "name @ id": both parts replaced, the shape kept for its reader
        return f"Player{digest[:8]} @ {digest[8:18]}"
    return f"Player{digest[:8]}"


_NAME_AT_ID = re.compile(r".+ @ [A-Za-z0-9_-]+")


@dataclass(slots=True)
class FileNames:
    """What reading one file taught: the players it names, its chat lines (with their words), its hand counts."""

    path: Path
    names: set[str] = field(default_factory=set)
    chats: dict[int, list[str]] = field(default_factory=dict)  # line → the words said on it
    hands: int = 0
    unparsed: int = 0
    summary: bool = False  # a tournament summary: ``hands`` are its summaries, ``names`` every player it lists


@dataclass(slots=True)
class Outcome:
    source: Path
    target: Path | None
    error: str | None = None
    copied_unknown: bool = False  # written as it was: no hand found in it (``copy_unknown``)


def survey(path: Path) -> FileNames:
    found = FileNames(path)
    if is_summary_file(path):  # a tournament summary: every name it lists (handlog.formats.summaries)
        found.names, found.hands, found.unparsed = summary_names(path)
        found.summary = True
        return found
    pokernow = False
    for record in read([path]):
        found.hands += 1
        pokernow = pokernow or record.site == "PokerNow"
        hand = record.hand
        if hand is None or any(map(UnknownLine.__instancecheck__, hand.events)):
            # a line the reader does not know may name someone the reader cannot see: as unknown as an unread hand
            found.unparsed += 1
            continue
        stand_ins = _stand_ins(path, hand)
        found.names.update(s.player for s in hand.seats if s.player not in stand_ins)
        found.names.update(s.display for s in hand.seats if s.display)  # the name the table showed (OHH)
        for event in hand.events:
            player = getattr(event, "player", None)
            if player and player not in stand_ins:
                found.names.add(player)
            if isinstance(event, Chat) and event.text:
                found.chats.setdefault(event.line, []).append(event.text)
    if pokernow:
        found.names |= _pokernow_names(path)  # its ledger names players who never played a hand
    return found


def _pokernow_names(path: Path) -> set[str]:
    """Every player a PokerNow log names, in its hands or only in its ledger (imported here, when such a log is
    met: a run over other rooms' files does not load PokerNow's reader)."""
    from handlog.formats.pokernow import names_in, read_rows
    from handlog.reading.decode import iter_lines

    with path.open("rb") as stream:
        rows, _ = read_rows(iter_lines(stream))
    return names_in(rows)


_PHH_SUFFIXES = (".phh", ".phhs")
_SEAT_LABEL = re.compile(r"(?:[Ss]eat [0-9]+|Dealer|Small Blind|Big Blind|UTG(?:\+[0-9]|plus[0-9])?)\Z")
"""What anonymous tables write instead of names (Bovada: "Seat 3: Dealer ($1,077 in chips)", read as "Seat 3"
when the seat is not the hero's; logs converted from them keep "Dealer", "Big Blind", "UTGplus1" as names), and
what a reader calls a seat its log names no one at (Merge: "seat 5")."""


def _stand_ins(path: Path, hand: Hand) -> set[str]:
    """Names that are a seat's label, not a person's: the labels of anonymous tables (``_SEAT_LABEL``) and the
    ``p1``, ``p2`` … a PHH hand without a ``players`` field is read with (the notation's own seat tokens). They
    name nobody, and the same words are the log's own text elsewhere (every seat line, every action): replaced,
    they broke every file of a run that held them."""
    labels = {s.player for s in hand.seats if _SEAT_LABEL.match(s.player)}
    for event in hand.events:  # a reader's name for a seat its log leaves out (Merge: "seat 5")
        player = getattr(event, "player", None)
        if isinstance(player, str) and _SEAT_LABEL.match(player):
            labels.add(player)
    if path.suffix.lower() in _PHH_SUFFIXES:
        labels |= {s.player for s in hand.seats if s.player == f"p{s.seat}"}
    return labels


class Anonymizer:
    """One run: the names of every file, one mapping, then each file written under ``output``."""

    def __init__(
        self, output: Path, keep: Iterable[str] = (), salt: str | None = None, copy_unknown: bool = False
    ) -> None:
        self.output = output
        self.keep = set(keep)
        self.salt = salt.encode("utf-8") if salt is not None else secrets.token_bytes(16)
        self.copy_unknown = copy_unknown
        self.mapping: dict[str, str] = {}
        self.hands = 0  # hands found in the run's files, read or not
        self._patterns: _Patterns | None = None

    def names_for(self, names: Iterable[str]) -> None:
        """Pseudonyms for ``names`` (all the names of the run at once): none contains any original name, so no
        original name can survive inside a pseudonym either."""
        originals = set(names) | set(self.mapping)
        taken = set(self.mapping.values()) | self.keep
        for name in sorted(originals - self.keep - set(self.mapping)):
            alias = pseudonym(name, self.salt)
            n = 1
            while alias in taken or _holds_any(alias, originals):
                n += 1
                alias = pseudonym(f"{name}\x00{n}", self.salt)
            self.mapping[name] = alias
            taken.add(alias)
        self._patterns = None

    def run(self, paths: Sequence[str | os.PathLike[str]], jobs: int = 1) -> tuple[list[Outcome], ReadReport]:
        """Every file of ``paths`` read for its names, then written; over ``jobs`` processes (each file is read,
        and written, by one of them), with the same outcomes and bytes whatever ``jobs`` is."""
        report = ReadReport()
        files = [(root, path) for root in paths for path in iter_files([root], report)]
        inputs = {path.resolve() for _, path in files}
        if jobs <= 1 or len(files) < 2:
            surveys = [survey(path) for _, path in files]
            self._learn(surveys)
            return [self._one(Path(root), path, found, inputs) for (root, path), found in zip(files, surveys,
                                                                                                 strict=True)], report
        from handlog.parallel import process_pool

        with process_pool(jobs) as pool:
            surveys = list(pool.map(survey, [path for _, path in files], chunksize=4))
        self._learn(surveys)
        state = (self.output, self.keep, self.salt, self.copy_unknown, self.mapping)
        with process_pool(jobs, setup=_worker_run, setup_args=state) as pool:
            work = [(Path(root), path, found) for (root, path), found in zip(files, surveys, strict=True)]
            return list(pool.map(partial(_one_file, inputs), work, chunksize=4)), report

    def _learn(self, surveys: Sequence[FileNames]) -> None:
        self.names_for(name for s in surveys for name in s.names)
        self.hands = sum(s.hands for s in surveys)

    # ------------------------------------------------------------------ one file
    def _one(self, root: Path, path: Path, found: FileNames, inputs: set[Path]) -> Outcome:
        if not found.hands:
            return self._unknown(root, path, inputs)
        if found.unparsed:
            return Outcome(path, None, f"{found.unparsed} of {found.hands} hands cannot be read (or hold lines the"
                           " reader does not know), so the names in them are unknown: not written")
        if found.summary and path.read_bytes()[:4] == b"\xd0\xcf\x11\xe0":  # OLE2: Full Tilt's .xls report
            return Outcome(path, None, "an Excel workbook: its names are in binary cells, which a copy with other"
                           " names would break: not written (save the sheet as text to anonymise it)")
        target = self._target(root, path, inputs)
        if isinstance(target, Outcome):
            return target
        raw = self.mask_chat(path.read_bytes(), found.chats)
        encoding = sniff_encoding(raw[:4096])
        error = self._write(raw, encoding, target, found, self._compiled())
        own = found.names & self.mapping.keys()
        if error is not None and len(own) < len(self.mapping):
            # Another file's player's name is a word of this log ("Hold" of "Hold'em", "Bet" …): replaced, it
            # broke the log. This file's own players are the names it holds; those alone are replaced.
            error = self._write(raw, encoding, target, found, self._compiled(own))
        return Outcome(path, None, error) if error else Outcome(path, target)

    def _target(self, root: Path, path: Path, inputs: set[Path]) -> Path | Outcome:
        """Where ``path``'s copy goes, inside the output folder; or why it is not written (a path that would
        leave the folder, or one of the input files)."""
        try:
            target = output_path(self.output, root, path, rename=self.replace_text)
        except UnsafeOutput as exc:
            return Outcome(path, None, str(exc))
        if target.resolve() in inputs:
            return Outcome(path, None, f"{target} is one of the input files: not overwritten")
        return target

    def _write(self, raw: bytes, encoding: str, target: Path, found: FileNames, patterns: _Patterns) -> str | None:
        """Write ``raw`` with the names of ``patterns`` replaced to ``target``, or say why not (nothing written):
        a name left in the output, or an output that does not read back into the same hands."""
        data = _replace_bytes(raw, encoding, patterns)
        leak = _leak(data, encoding, patterns)
        if leak is not None:
            return (f"the name {leak!r} is also part of the log's own text, so it cannot be replaced everywhere"
                    " without changing the log: not written")
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".part")
        tmp.write_bytes(data)
        after = survey(tmp)
        if after.hands != found.hands or after.unparsed or (after.summary and after.names & found.names):
            tmp.unlink()
            return ("the anonymised file does not read back into the same hands (a name is also part of the log's"
                    " own text): not written")
        tmp.replace(target)
        return None

    def _unknown(self, root: Path, path: Path, inputs: set[Path]) -> Outcome:
        """A file in which no hand was found: its names are unknown, so it is left out, or copied as it is when
        the run was asked to (``copy_unknown``)."""
        if not self.copy_unknown:
            return Outcome(path, None, "no hand found in it, so the names in it are unknown: left out"
                           " (--copy-unknown copies it as it is)")
        target = self._target(root, path, inputs)
        if isinstance(target, Outcome):
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".part")
        tmp.write_bytes(path.read_bytes())
        tmp.replace(target)
        return Outcome(path, target, copied_unknown=True)

    # ------------------------------------------------------------------ replacement
    def _compiled(self, names: Iterable[str] | None = None) -> _Patterns:
        """The patterns of the run's names (built once per mapping), or of ``names`` only (one file's)."""
        if names is not None:
            return _Patterns.of({name: self.mapping[name] for name in names})
        if self._patterns is None:
            self._patterns = _Patterns.of(self.mapping)
        return self._patterns

    def replace_text(self, text: str) -> str:
        return _replace_text(text, self._compiled()) if self.mapping else text

    def replace_bytes(self, raw: bytes, encoding: str) -> bytes:
        return _replace_bytes(raw, encoding, self._compiled())

    def mask_chat(self, raw: bytes, chats: dict[int, list[str]]) -> bytes:
        """Each chat line loses the words said on it (the line itself, and the speaker, stay)."""
        if not chats:
            return raw
        encoding = sniff_encoding(raw[:4096])
        if encoding.startswith("utf-16"):
            codec, bom = _utf16(raw, encoding)
            text = raw[len(bom):].decode(codec, errors="surrogatepass")
            lines = re.split(r"(\r\n|\r|\n)", text)
            for index, words in _chat_lines(lines, chats):
                lines[index] = _masked(lines[index], words)
            return bom + "".join(lines).encode(codec, errors="surrogatepass")
        bom = codecs.BOM_UTF8 if raw.startswith(codecs.BOM_UTF8) else b""
        chunks = re.split(rb"(\r\n|\r|\n)", raw[len(bom):])
        for index, words in _chat_lines(chunks, chats):
            line = chunks[index]
            try:
                chunks[index] = _masked(line.decode("utf-8"), words).encode("utf-8")
            except UnicodeDecodeError:  # a cp1252 line, as the reader decodes it
                text = line.decode("cp1252", errors="surrogateescape")
                chunks[index] = _masked(text, words).encode("cp1252", errors="surrogateescape")
        return bom + b"".join(chunks)


_WORKER: list[Anonymizer] = []
"""A worker process's copy of the run (``Anonymizer.run`` with ``jobs``): made once, its patterns compiled once."""


def _worker_run(output: Path, keep: set[str], salt: bytes, copy_unknown: bool, mapping: dict[str, str]) -> None:
    """A worker's setup: the run's names and pseudonyms, sent once."""
    run = Anonymizer(output, keep, copy_unknown=copy_unknown)
    run.salt, run.mapping = salt, mapping
    _WORKER[:] = [run]


def _one_file(inputs: set[Path], work: tuple[Path, Path, FileNames]) -> Outcome:
    """One file written in a worker process, by the worker's copy of the run."""
    return _WORKER[0]._one(*work, inputs)


@dataclass(frozen=True, slots=True)
class _Patterns:
    """Names and their pseudonyms as one text pattern and one bytes pattern (UTF-8 and cp1252 spellings), with
    the pseudonym of each name and of each byte spelling."""

    mapping: dict[str, str]
    text: re.Pattern[str]
    raw: re.Pattern[bytes]
    pairs: dict[bytes, bytes]

    @classmethod
    def of(cls, mapping: dict[str, str]) -> _Patterns:
        pairs: dict[bytes, bytes] = {}
        for name, alias in mapping.items():
            for spelling in ("utf-8", "cp1252"):
                try:
                    pairs.setdefault(name.encode(spelling), alias.encode("ascii"))
                except UnicodeEncodeError:
                    continue
        return cls(mapping, re.compile(_trie_text(mapping)), re.compile(_trie_bytes(pairs)), pairs)


def _replace_text(text: str, patterns: _Patterns) -> str:
    return patterns.text.sub(lambda m: patterns.mapping[m.group(0)], text)


def _replace_bytes(raw: bytes, encoding: str, patterns: _Patterns) -> bytes:
    if encoding.startswith("utf-16"):
        codec, bom = _utf16(raw, encoding)
        text = raw[len(bom):].decode(codec, errors="surrogatepass")
        return bom + _replace_text(text, patterns).encode(codec, errors="surrogatepass")
    if not patterns.mapping:
        return raw
    return patterns.raw.sub(lambda m: patterns.pairs[m.group(0)], raw)


def _leak(data: bytes, encoding: str, patterns: _Patterns) -> str | None:
    """A name of ``patterns`` still in ``data`` (in the file's encoding), or None."""
    if not patterns.mapping:
        return None
    if encoding.startswith("utf-16"):
        codec, bom = _utf16(data, encoding)
        found = patterns.text.search(data[len(bom):].decode(codec, errors="surrogatepass"))
        return found.group(0) if found else None
    hit = patterns.raw.search(data)
    if hit is None:
        return None
    return next((n for n in patterns.mapping if hit.group(0) in _spellings(n)), hit.group(0).decode("latin-1"))


def _holds_any(alias: str, names: set[str]) -> bool:
    """Whether any of ``names`` is part of ``alias``: its substrings looked up (a hundred for a pseudonym), not
    every name searched in it (tens of thousands per pseudonym, for each of tens of thousands)."""
    n = len(alias)
    return any(alias[i:j] in names for i in range(n) for j in range(i + 1, n + 1))


def _spellings(name: str) -> list[bytes]:
    out = []
    for spelling in ("utf-8", "cp1252"):
        try:
            out.append(name.encode(spelling))
        except UnicodeEncodeError:
            continue
    return out


def _trie_text(words: Iterable[str]) -> str:
    """A pattern matching any of ``words`` (the longest at a position), as a trie: at each character one
    alternative per next character, not one per word."""
    return _trie_pattern([[re.escape(c) for c in w] for w in words if w]) or "(?!)"


def _trie_bytes(words: Iterable[bytes]) -> bytes:
    units = [[re.escape(bytes([b])).decode("latin-1") for b in w] for w in words if w]
    return (_trie_pattern(units) or "(?!)").encode("latin-1")


def _trie_pattern(words: list[list[str]]) -> str:
    """The trie of ``words`` (each a list of escaped units) as a pattern."""
    root: _Node = {}
    for word in words:
        node = root
        for unit in word:
            node = node.setdefault(unit, {})
        node[_END] = {}
    return _render(root)


_Node = dict[str, "_Node"]
_END = ""  # the key marking the end of a word (no escaped unit is empty)


def _render(node: _Node) -> str:
    """A node's pattern; a chain of single children is written out in a loop, so recursion goes only as deep
    as the branch points of one name."""
    branches = []
    for unit, child in sorted(node.items()):
        if unit == _END:
            continue
        chain = [unit]
        while len(child) == 1 and _END not in child:
            (unit, child), = child.items()
            chain.append(unit)
        branches.append("".join(chain) + _render(child))
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if _END in node:  # a word ends here: the longer words first (greedy), then this one
        return "(?:" + body + ")?"
    return body


def _chat_lines(pieces: Sequence[object], chats: dict[int, list[str]]) -> list[tuple[int, list[str]]]:
    """``pieces`` alternate lines and line endings: line N (1-based) is ``pieces[2 * (N - 1)]``."""
    return [(2 * (line - 1), words) for line, words in chats.items() if 0 <= 2 * (line - 1) < len(pieces)]


def _masked(text: str, words: list[str]) -> str:
    for said in words:
        at = text.rfind(said)
        if at >= 0:
            text = text[:at] + CHAT_MASK + text[at + len(said):]
    return text


def _utf16(raw: bytes, encoding: str) -> tuple[str, bytes]:
    """The codec and BOM of a UTF-16 file."""
    if raw.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", codecs.BOM_UTF16_LE
    if raw.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", codecs.BOM_UTF16_BE
    return (encoding if encoding != "utf-16" else "utf-16-le"), b""
