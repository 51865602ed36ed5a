"""The browser view: one self-contained HTML file (inline CSS, JS and SVG cards; no network, no external asset).

A hand's states are written as deltas (``packed``): the first state whole, then each state only what differs from
the one before it (a seat only by its changed fields), the page rebuilding a hand's states when it is shown.
Most steps move one seat's chips, so a hand is a few KB whatever its number of states. The deltas of each hand are
a JSON element of their own (``states-N``), parsed only when the hand is shown: opening a page of 10,000 hands
builds their list, not their states.

The hands' view-models are embedded as JSON in a ``<script type="application/json">`` block and drawn by the
inline script with ``textContent`` only, so nothing a log holds (player names, table names) is ever parsed as
HTML. Every ``/`` in the JSON is written ``\\/`` (valid JSON), so the data can neither close its script element
nor spell a URL, and every ``<``, ``>`` and ``&`` is escaped as well.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib.resources import files
from typing import Any, TypedDict

from handlog.replayer.model import HandView

_ESCAPES = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "/": "\\/", "\u2028": "\\u2028",
                          "\u2029": "\\u2029"})


class PageData(TypedDict):
    listing: bool
    hands: list[dict[str, Any]]


def packed(states: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``states`` as deltas: the first whole, then for each state the keys whose value differs from the state
    before it; its ``seats`` as ``{"index": {changed fields}}`` (the page's ``unpack`` is the inverse)."""
    out: list[dict[str, Any]] = []
    before: Mapping[str, Any] | None = None
    for state in states:
        if before is None:
            out.append(dict(state))
        else:
            delta: dict[str, Any] = {}
            for key, value in state.items():
                if key == "seats":
                    seats = {
                        str(j): {f: v for f, v in seat.items() if old.get(f) != v}
                        for j, (seat, old) in enumerate(zip(value, before["seats"], strict=True))
                        if seat != old
                    }
                    if seats:
                        delta["seats"] = seats
                elif before.get(key) != value:
                    delta[key] = value
            out.append(delta)
        before = state
    return out


def _asset(name: str) -> str:
    return files("handlog.replayer").joinpath("assets", name).read_text(encoding="utf-8")


def embed_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element of an HTML page (see the module docstring)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_ESCAPES)


def _html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("/", "&#47;")


def render_page(hands: list[HandView], listing: bool = False) -> str:
    """The page for ``hands``; with ``listing`` a list of them to pick from, filterable to those with violations."""
    # each hand's states in a JSON element of their own (``states-N``): the page parses only the hand it shows (a
    # page of 10,000 hands then builds 10,000 small objects on opening, not millions)
    compact = [{**h, "states": len(h["states"]), "packed": True} for h in hands]
    states = "".join(
        f'\n<script type="application/json" id="states-{k}">{embed_json(packed(h["states"]))}</script>'
        for k, h in enumerate(hands)
    )
    data: PageData = {"listing": listing, "hands": compact}
    if len(hands) == 1:
        title = f"handlog replay: {hands[0]['site']} hand {hands[0]['hand_id']}"
    else:
        title = f"handlog replay: {len(hands)} hands"
    page = _asset("page.html")
    # the data goes in last, so that nothing in it is ever taken for a placeholder
    for placeholder, text in (("__TITLE__", _html_text(title)), ("__CSS__", _asset("page.css")),
                              ("__JS__", _asset("page.js"))):
        page = page.replace(placeholder, text, 1)
    at = page.index("__DATA__")
    end = page.index("</script>", at) + len("</script>")
    return page[:at] + embed_json(data) + page[at + len("__DATA__"):end] + states + page[end:]
