"""The browser view: one self-contained HTML file (inline CSS, JS and SVG cards; no network, no external asset).

The hands' view-models are embedded as JSON in a ``<script type="application/json">`` block and drawn by the
inline script with ``textContent`` only, so nothing a log holds (player names, table names) is ever parsed as
HTML. Every ``/`` in the JSON is written ``\\/`` (valid JSON), so the data can neither close its script element
nor spell a URL, and every ``<``, ``>`` and ``&`` is escaped as well.

A hand's states are written as changes (``compact_states``): the first state whole, each later one only what
differs from the state before, which the script expands when the hand is opened; a page of thousands of hands stays
a few KB a hand and opens at once.
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any, TypedDict, cast

from handlog.replayer.model import HandView

_ESCAPES = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "/": "\\/", "\u2028": "\\u2028",
                          "\u2029": "\\u2029"})


class PageData(TypedDict):
    listing: bool
    hands: list[HandView]


def _asset(name: str) -> str:
    return files("handlog.replayer").joinpath("assets", name).read_text(encoding="utf-8")


def embed_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element of an HTML page (see the module docstring)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_ESCAPES)


def _html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("/", "&#47;")


def compact_states(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``states`` as changes: the first whole, each later one the fields that differ from the state before (its
    ``seats`` a map from seat index to the seat's changed fields), ``action`` and ``violations`` only when set,
    ``step`` only when it is not the one before plus one (``page.js``'s ``expand`` rebuilds the states)."""
    out: list[dict[str, Any]] = []
    before: dict[str, Any] | None = None
    for state in states:
        if before is None:
            out.append(state)
        else:
            change: dict[str, Any] = {}
            for key, value in state.items():
                if key == "seats":
                    seats = {
                        str(k): {f: v for f, v in seat.items() if old.get(f) != v}
                        for k, (seat, old) in enumerate(zip(value, before["seats"], strict=True)) if seat != old
                    }
                    if seats:
                        change["seats"] = seats
                elif key in ("action", "violations"):
                    if value:
                        change[key] = value
                elif key == "step":
                    if value != before["step"] + 1:
                        change[key] = value
                elif value != before.get(key):
                    change[key] = value
            out.append(change)
        before = state
    return out


def render_page(hands: list[HandView], listing: bool = False) -> str:
    """The page for ``hands``; with ``listing`` a list of them to pick from, filterable to those with violations."""
    compact = [{**hand, "states": compact_states(cast(list[dict[str, Any]], hand["states"]))} for hand in hands]
    data = {"listing": listing, "hands": compact}
    if len(hands) == 1:
        title = f"handlog replay: {hands[0]['site']} hand {hands[0]['hand_id']}"
    else:
        title = f"handlog replay: {len(hands)} hands"
    page = _asset("page.html")
    # the data goes in last, so that nothing in it is ever taken for a placeholder
    for placeholder, text in (("__TITLE__", _html_text(title)), ("__CSS__", _asset("page.css")),
                              ("__JS__", _asset("page.js"))):
        page = page.replace(placeholder, text, 1)
    return page.replace("__DATA__", embed_json(data), 1)
