"""The terminal view: each state of a hand as a rich panel, printed one after another or stepped through.

Stepping reads single keys (→ or Enter: next, ←: back, q: quit) when both ends are a terminal; otherwise every
state is printed, so that ``handlog replay`` in a pipe or a file shows the whole hand.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from handlog.replayer.model import HandView, PotView, SeatInfo, SeatState, StateView

SUITS = {"s": ("♠", "bold"), "h": ("♥", "bold red"), "d": ("♦", "bold blue"), "c": ("♣", "bold green")}


def card_text(cards: Sequence[str]) -> Text:
    """Cards with suit signs, coloured by suit (four colours, as in most clients)."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        rank, suit = card[:-1], card[-1:]
        sign, style = SUITS.get(suit, (suit, "bold"))
        out.append(f"{'10' if rank == 'T' else rank}{sign}", style=style)
    return out


def _status(seat: SeatState, name: str, state: StateView) -> Text:
    parts = Text()
    if name == state["to_act"]:
        parts.append("▶ to act ", style="bold yellow")
    if not seat["in_hand"]:
        parts.append("sitting out", style="dim")
    elif seat["folded"]:
        parts.append("folded", style="dim")
    elif seat["all_in"]:
        parts.append("all-in", style="bold magenta")
    draw = seat["draw"]
    if draw is not None:
        parts.append("  " if parts else "")
        parts.append("stands pat" if draw["count"] == 0 else f"drew {draw['count']}")
        _labelled_cards(parts, " out ", draw["discarded"])
        _labelled_cards(parts, " in ", draw["received"])
    return parts


def _labelled_cards(out: Text, label: str, cards: Sequence[str]) -> None:
    if cards:
        out.append(label)
        out.append_text(card_text(cards))


def seats_table(hand: HandView, state: StateView) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold", expand=False)
    for column, justify in (("seat", "right"), ("pos", "left"), ("player", "left"), ("stack", "right"),
                            ("bet", "right"), ("cards", "left"), ("", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    actor = state["action"]["player"] if state["action"] else None
    for info, seat in zip(hand["seats"], state["seats"], strict=True):
        style = "dim" if seat["folded"] or not seat["in_hand"] else ("reverse" if info["name"] == actor else "")
        table.add_row(
            str(info["seat"]), _position(hand, info), info["name"], seat["stack"],
            seat["bet"], card_text(seat["cards"]),
            _status(seat, info["name"], state), style=style,
        )
    return table


def _position(hand: HandView, info: SeatInfo) -> str:
    if info["position"]:
        return info["position"]
    return "BTN" if info["seat"] == hand["button"] else ""


def _pots_text(pot: str, pots: Sequence[PotView]) -> Text:
    out = Text("Pot ", style="bold")
    out.append(pot, style="bold")
    if len(pots) > 1 or any(p["winners"] for p in pots):  # one pot nobody won yet: the total says it all
        for p in pots:
            out.append(f"   {p['name']} {p['amount']}")
            if len(pots) > 1:
                out.append(f" ({', '.join(p['eligible'])})", style="dim")
            if p["winners"]:
                out.append(f" → {', '.join(p['winners'])}", style="green")
    return out


def render_state(hand: HandView, index: int) -> Panel:
    """One state: street and board, the seats, the pots, the action just taken and its violations."""
    state = hand["states"][index]
    head = Text(state["label"], style="bold cyan")
    _labelled_cards(head, "   board ", state["board"])
    _labelled_cards(head, "   second board ", state["board2"])
    parts: list[RenderableType] = [head, seats_table(hand, state), _pots_text(state["pot"], state["pots"])]
    if state["to_act"]:
        parts.append(Text(f"{state['to_act']} to act", style="yellow"))
    action = state["action"]
    if action is not None:
        line = Text("» ", style="bold")
        if action["player"]:
            line.append(action["player"] + " ", style="bold")
        line.append(action["text"])
        line.append(f"   (line {state['line']})", style="dim")
        parts.append(line)
    for v in state["violations"]:
        style = "bold red" if v["severity"] == "error" else "yellow"
        parts.append(Text(f"✖ {v['severity']} {v['code']} (line {v['line']}): {v['message']}", style=style))
    title = f"hand {hand['hand_id']} · {hand['game_name']} {hand['stakes']} · {index + 1}/{len(hand['states'])}"
    border = "red" if any(v["severity"] == "error" for v in state["violations"]) else (
        "yellow" if state["violations"] else "blue")
    return Panel(Group(*parts), title=title, title_align="left", border_style=border)


def hand_heading(hand: HandView) -> Text:
    """A hand's identity and verdict, and why a hand has no states (unparsed, or a game not replayed)."""
    out = Text(f"{hand['site']} hand {hand['hand_id']}", style="bold")
    out.append(f"  {hand['file']}:{hand['line']}", style="dim")
    if hand["game_name"]:
        out.append(f"  {hand['game_name']} {hand['stakes']}  table {hand['table']}  {hand['time']}".rstrip())
    counts = len(hand["violations"])
    verdict = {"clean": ("clean", "green"), "violations": (f"{counts} violation{'s' if counts != 1 else ''}", "red"),
               "unparsed": ("unparsed", "red"), "not-replayed": ("not replayed", "yellow")}[hand["status"]]
    out.append(f"  [{verdict[0]}]", style=verdict[1])
    if hand["error"]:
        out.append(f"\n{hand['error']}", style="red")
    if hand["status"] == "not-replayed":
        for v in hand["violations"]:
            out.append(f"\n{v['message']}", style="yellow")
    return out


def print_hands(hands: Sequence[HandView], console: Console) -> None:
    """Every state of every hand, one after another."""
    for hand in hands:
        console.print(hand_heading(hand))
        for i in range(len(hand["states"])):
            console.print(render_state(hand, i))
        console.print()


Key = str
"""A key as the stepper understands it: ``next``, ``back``, ``first``, ``last``, ``quit`` or ``other``."""


def step_hands(hands: Sequence[HandView], console: Console, keys: Iterator[Key]) -> int:
    """Show one state at a time, moving on ``keys``; returns how many states were shown."""
    positions = [(h, i) for h, hand in enumerate(hands) for i in range(max(len(hand["states"]), 1))]
    k = 0
    shown = 0
    while positions:
        h, i = positions[k]
        hand = hands[h]
        console.clear()
        console.print(hand_heading(hand))
        if hand["states"]:
            console.print(render_state(hand, i))
        console.print(Text(f"→/Enter next · ← back · q quit    {k + 1}/{len(positions)}", style="dim"))
        shown += 1
        key = next(keys, "quit")
        if key == "quit":
            break
        if key == "next":
            if k == len(positions) - 1:
                break
            k += 1
        elif key == "back":
            k = max(k - 1, 0)
        elif key == "first":
            k = 0
        elif key == "last":
            k = len(positions) - 1
    return shown


KEYS: dict[bytes, Key] = {
    b"\x1b[C": "next", b"\x1bOC": "next", b"\r": "next", b"\n": "next", b" ": "next", b"n": "next",
    b"\x1b[D": "back", b"\x1bOD": "back", b"p": "back", b"b": "back", b"\x7f": "back",
    b"\x1b[H": "first", b"\x1b[1~": "first", b"\x1b[F": "last", b"\x1b[4~": "last",
    b"q": "quit", b"Q": "quit", b"\x03": "quit", b"\x04": "quit", b"\x1b": "quit",
}


@contextmanager
def single_keys(fd: int) -> Iterator[Iterator[Key]]:
    """Keys read one press at a time from the terminal ``fd``: cbreak mode from the start (so that a key pressed
    while the first state is drawn is not left in a line buffer), restored on exit."""
    import termios
    import tty

    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)

    def keys() -> Iterator[Key]:
        while data := os.read(fd, 8):
            yield KEYS.get(data, "other")

    try:
        yield keys()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def line_keys(read: Callable[[], str]) -> Iterator[Key]:
    """Keys typed as lines, where single keys cannot be read (no termios): Enter, ``b`` back, ``q`` quit."""
    words = {"": "next", "n": "next", "b": "back", "p": "back", "q": "quit"}
    while True:
        try:
            word = read().strip().lower()
        except EOFError:
            return
        yield words.get(word, "other")


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def run_stepper(hands: Sequence[HandView], console: Console) -> None:
    """``--step`` in a terminal: single keys where the platform has termios, typed lines elsewhere."""
    if importlib.util.find_spec("termios") is None:  # pragma: no cover - Windows
        step_hands(hands, console, line_keys(input))
        return
    with single_keys(sys.stdin.fileno()) as keys:
        step_hands(hands, console, keys)
