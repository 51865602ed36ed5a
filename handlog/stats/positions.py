"""Table positions: who was the button, the blinds and the others, from the hand's seats and blind posts.

Labels, in preflop action order: ``UTG``, ``UTG+1`` …, ``LJ``, ``HJ``, ``CO``, ``BTN``, ``SB``, ``BB``. The
small blind is the first player clockwise from the button who posts a small blind (heads-up the button itself
posts it and is labelled ``SB``); the big blind is the first player after the small blind (or after the button
when no small blind was posted) who posts a big blind. Any other post (a straddle, a new player's big blind)
does not change a seat's position. The players who are neither blind are labelled from the button backwards
(``BTN``, ``CO``, ``HJ``, ``LJ``); with four or more of them the first to act is ``UTG`` and the seats between
it and ``LJ`` are ``UTG+1``, ``UTG+2`` … . Three players between the blinds and the button are ``HJ``, ``CO``,
``BTN``. Draw games use the same labels.
"""

from __future__ import annotations

from operator import attrgetter

from handlog.events import Chat, Hand, Notice, Post, PostType, StatusChange, UnknownLine

BLIND_LABELS = ("SB", "BB")
_BACKWARD = ("BTN", "CO", "HJ", "LJ")
STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})
_NAMES_A_PLAYER: dict[type, bool] = {}
"""Per event model: whether its events may deal a player in (it has a ``player``, and is no chat nor note)."""


def dealt_in(hand: Hand) -> list[str]:
    """Players dealt into the hand, in seat order: seated and not out of it, or acting or posting anyway."""
    seats = sorted(hand.seats, key=_SEAT)
    if not any(s.sitting_out for s in seats):  # the commonest: who acted matters only for a seat sitting out
        return [s.player for s in seats if not s.out_of_hand]
    # what a player says or the site notes about them (chat, "P adds $100") does not deal them in
    active: set[str] = set()
    for e in hand.events:
        kind = type(e)
        names = _NAMES_A_PLAYER.get(kind)
        if names is None:  # asked once per event model: a model without the field answers ``getattr`` by an exception
            fields = getattr(kind, "model_fields", None)
            names = _NAMES_A_PLAYER[kind] = (fields is None or "player" in fields) and not issubclass(
                kind, (Chat, StatusChange, Notice, UnknownLine)
            )
        if names:
            player = getattr(e, "player", None)
            if isinstance(player, str):
                active.add(player)
    return [s.player for s in seats if not s.out_of_hand and (not s.sitting_out or s.player in active)]


_SEAT = attrgetter("seat")


def _clockwise_from_button(hand: Hand, players: list[str]) -> list[str]:
    """``players`` in seat order starting with the first seat after the button (the button last)."""
    seat = {s.player: s.seat for s in hand.seats}
    button = hand.button if hand.button is not None else 0
    return sorted(players, key=lambda p: (seat[p] <= button, seat[p]))


def positions(hand: Hand, players: list[str] | None = None) -> dict[str, str]:
    """Position label of every player dealt in (see the module docstring); ``players`` is
    :func:`dealt_in` when the caller has it already."""
    if players is None:
        players = dealt_in(hand)
    if not players:
        return {}
    order = _clockwise_from_button(hand, players)
    posts: dict[str, set[PostType]] = {}
    for e in hand.events:
        if type(e) is Post:  # the exact type: ``isinstance`` against a pydantic model costs a call (no subclasses)
            mine = posts.get(e.player)
            if mine is None:
                posts[e.player] = {e.post}
            else:
                mine.add(e.post)
    heads_up = len(order) == 2
    sb: str | None = None
    bb: str | None = None
    if heads_up:
        button_player = order[-1]
        sb, bb = button_player, order[0]
        if PostType.SMALL_BLIND not in posts.get(button_player, NO_POSTS) and PostType.SMALL_BLIND in posts.get(
            order[0], NO_POSTS
        ):
            sb, bb = order[0], button_player  # a site that puts the big blind on the button heads-up
    else:
        start = 0
        for i, p in enumerate(order):
            if PostType.SMALL_BLIND in posts.get(p, NO_POSTS):
                sb, start = p, i + 1
                break
        for p in order[start:]:
            if not BIG_BLIND_POSTS.isdisjoint(posts.get(p, NO_POSTS)) and p != sb:
                bb = p
                break
    labels: dict[str, str] = {}
    if sb is not None:
        labels[sb] = "SB"
    if bb is not None:
        labels[bb] = "BB"
    # Non-blind players in action order: from the seat after the big blind round to the button.
    if bb is not None:
        i = order.index(bb)
        rotated = order[i + 1 :] + order[: i + 1]
    else:
        rotated = order
    others = [p for p in rotated if p not in labels]
    n = len(others)
    for k, p in enumerate(others):
        back = n - 1 - k  # 0 for the last to act before the blinds (the button)
        if back < len(_BACKWARD) and not (n >= 4 and k == 0):
            labels[p] = _BACKWARD[back]
        elif k == 0:
            labels[p] = "UTG"
        else:
            labels[p] = f"UTG+{k}"
    return {p: labels[p] for p in players}  # in seat order


NO_POSTS: frozenset[PostType] = frozenset()
BIG_BLIND_POSTS = frozenset({PostType.BIG_BLIND, PostType.BOTH_BLINDS})
"""The posts that make a big blind (made once: :func:`positions` asks for every seat after the small blind)."""


def fpdb_position(label: str, labels: dict[str, str]) -> int | str:
    """fpdb's code for a position: ``S``, ``B``, or seats counted back from the button (0, 1, 2 …)."""
    if label == "SB":
        return "S"
    if label == "BB":
        return "B"
    order = ["BTN", "CO", "HJ", "LJ"]
    if label in order:
        return order.index(label)
    others = sorted(
        (v for v in labels.values() if v not in BLIND_LABELS),
        key=lambda v: _action_rank(v),
    )
    return len(others) - 1 - others.index(label)


def _action_rank(label: str) -> int:
    if label == "UTG":
        return 0
    if label.startswith("UTG+"):
        return int(label[4:])
    return 100 + (3 - _BACKWARD.index(label))
