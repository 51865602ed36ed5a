"""The report page: the data it embeds (:func:`page_data`) and the page itself (:func:`render_report`).

Every table is columns and rows of plain JSON values: a column says its kind (``text``, ``int``, ``num``, ``pct``,
``money``, ``link``) and, for a percentage, the two count columns behind it (action and opportunity), which the page
writes beside it. The player table has every column of the aggregate record
(:func:`handlog.stats.totals.columns`), whatever counters the statistics have: a new counter is a new column.
Money is an exact decimal string. The graph's lines are the cumulative sums of
:func:`handlog.stats.graph.winnings_series` (floats for drawing, at most ``MAX_POINTS`` points a line; the last
value exact). Every string is cleaned of control characters, and the data is embedded as the replayer embeds its
own (:func:`handlog.replayer.html.embed_json`): the page writes it with ``textContent`` only, never as HTML.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from handlog.events.tournament import Result
from handlog.replayer.html import embed_json
from handlog.report.collect import Part, SeriesKey, series_fields
from handlog.stats.identity import ANONYMOUS, STABLE_MARK, stable_id
from handlog.stats.totals import PLAYED, RATIOS, Totals, shown_name, with_ids
from handlog.stats.totals import columns as totals_columns

if TYPE_CHECKING:
    import pandas as pd

MAX_POINTS = 2000
"""The most points a graph line is drawn with (evenly spaced over the hands, the last hand always one)."""

GRAPH_PLAYERS = 8
"""Players offered in the graph when no ``--player`` is given: those with the most hands."""

POSITION_PLAYERS = 200
"""Players whose rows the positional and pot-type breakdowns hold: those with the most hands (``stats --by
position`` and ``--by pot`` list every one)."""

TOURNAMENT_ROWS = 5000
"""The most tournament results (and summary rows) the page holds; the heroes' first (a summary names the player it
was written for), then the others."""

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
SPACES = re.compile("[\t\n\r]")

LINE_COLOURS = {"tab:green": "#2ca02c", "tab:blue": "#1f77b4", "tab:red": "#d62728", "tab:orange": "#ff7f0e"}
"""matplotlib's colours of :data:`handlog.stats.graph.LINES`, as the page writes them."""


def clean(value: Any) -> Any:
    """``value`` with every string in it freed of control characters (tab and line ends become spaces, any other
    becomes U+FFFD): nothing a log or a file name holds reaches the page as a control character."""
    if isinstance(value, str):
        return CONTROL.sub("\ufffd", SPACES.sub(" ", value))
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value


def cell(value: Any) -> Any:
    """A value as the page holds it: money exact as a string, a time in ISO form, NaN as nothing."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, float) and value != value:
        return None
    return value


def _kind(name: str, values: Sequence[Any]) -> str:
    if name.endswith("_pct"):
        return "pct"
    sample = next((v for v in values if v is not None), None)
    if isinstance(sample, Decimal):
        return "money"
    if isinstance(sample, (bool, str, datetime)):
        return "text"
    if isinstance(sample, int):
        return "int"
    if isinstance(sample, float):
        return "num"
    return "text"


def table(
    records: Sequence[Mapping[str, Any]], names: Sequence[str], labels: Mapping[str, str] | None = None,
    shown: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A table the page draws: ``columns`` (name, label, kind, shown, and for a percentage its counts) and
    ``rows`` (lists in column order)."""
    labels = labels or {}
    counts = {pct: (done, opp or PLAYED) for pct, done, opp in RATIOS}
    cols: list[dict[str, Any]] = []
    for name in names:
        col: dict[str, Any] = {"name": name, "label": labels.get(name, name),
                               "kind": _kind(name, [r.get(name) for r in records]),
                               "shown": shown is None or name in shown}  # fmt: skip
        if name in counts and all(c in names for c in counts[name]):
            col["done"], col["opp"] = counts[name]
        cols.append(col)
    rows = [[cell(r.get(name)) for name in names] for r in records]
    return {"columns": cols, "rows": rows}


def player_table(
    part: Part, by: Sequence[str], labels: Mapping[str, str], shown: Sequence[str], players: int | None = None
) -> dict[str, Any]:
    """The aggregate records of ``stats`` (``--by`` ``by``), anonymous seat-hands left out (counted); with
    ``players``, only the rows of that many players with the most hands (``left_out`` counts the other rows)."""
    grouped: dict[tuple[str, ...], Totals] = {("position",): part.positions, ("pot",): part.pots}
    totals = grouped.get(tuple(by), part.totals)
    anonymous = sum(s.hands for key, s in totals.sums.items() if key[-1] == ANONYMOUS)
    sums = {key: s for key, s in totals.sums.items() if key[-1] != ANONYMOUS}
    left_out = 0
    if players is not None:  # chosen by their sums, before any record is made (there may be tens of thousands)
        most = sorted(((s.hands, key) for key, s in part.totals.sums.items() if key[-1] != ANONYMOUS),
                      key=lambda item: -item[0])[:players]  # fmt: skip
        kept = {key[:3] for _, key in most}  # (player, site, currency)
        chosen = {key: s for key, s in sums.items() if key[:3] in kept}
        left_out, sums = len(sums) - len(chosen), chosen
    records = Totals(totals.by, totals.player, totals.aliases, sums, totals.shown).records()
    names = with_ids(records, [c for c in totals_columns(by) if c != "identity"])
    out = table(records, names, labels, ["player", "player_id", "site", "currency", *by, *shown])
    out["anonymous"] = anonymous
    out["left_out"] = left_out
    return out


def graph_lines(part: Part, player: str | None, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The winnings graph of each player offered: ``player``'s lines (one per site and currency), else those of
    the ``GRAPH_PLAYERS`` players with most hands. The lines are :func:`handlog.stats.graph.winnings_series`' (the
    ``graph`` command's), drawn from the hands' floats; each line's last value is the exact sum. ``names``: the
    fields of the series (by default those of :data:`handlog.report.collect.SERIES_FIELDS` the per-hand records
    have); where they hold the statistics' own ``net_showdown`` and ``net_non_showdown``, those draw the showdown
    and non-showdown lines."""
    import numpy as np
    import pandas as pd

    from handlog.stats.frame import FIELDS
    from handlog.stats.graph import LINES, winnings_series

    names = series_fields(FIELDS) if names is None else tuple(names)
    width = len(names)
    hands = {key: len(series.values) // width for key, series in part.series.items()}
    keys: list[SeriesKey] = sorted(part.series, key=lambda k: (-hands[k], k))
    keys = [k for k in keys if _is_player(part, k, player)] if player is not None else keys[:GRAPH_PLAYERS]
    labels = {column: (label, LINE_COLOURS.get(colour, colour)) for column, label, colour in LINES}
    exact = {"net": "net", "allin_ev": "net_allin_ev", "showdown": "showdown", "non_showdown": "non_showdown"}
    own = {"showdown": "net_showdown", "non_showdown": "net_non_showdown"}
    out: list[dict[str, Any]] = []
    for key in keys:
        found = part.series[key]
        table = np.frombuffer(found.values, dtype=np.float64).reshape(-1, width)
        frame = pd.DataFrame(table, columns=list(names))
        if "time" in frame:
            frame["time"] = pd.to_datetime(frame["time"], unit="s", utc=True)
        frame["saw_showdown"] = frame["saw_showdown"] > 0
        frame["player"] = key[0]
        ordered = _in_time_order(frame)
        series = winnings_series(ordered, key[0])
        sums = dict(found.sums)
        for column, field in own.items():
            if field in frame:  # the statistics' own split, where the per-hand records have it
                series[column] = pd.Series(np.cumsum(ordered[field].to_numpy()), index=series.index)
                sums[column] = found.sums.get(field, Decimal(0))
        n = len(series)
        picks = sorted({round(i * (n - 1) / (MAX_POINTS - 1)) for i in range(MAX_POINTS)}) if n > MAX_POINTS \
            else list(range(n))
        lines = []
        for column in series.columns:
            if column == "hand":
                continue
            values = series[column].to_numpy()
            label, colour = labels.get(column, (column, "#555555"))
            last = sums.get(exact.get(column, ""))
            lines.append({"name": column, "label": label, "colour": colour,
                          "points": [round(float(values[i]), 2) for i in picks],
                          "last": str(last) if last is not None else f"{float(values[-1]) if n else 0:.2f}"})
        out.append({"player": _shown(part, key), "site": "all sites" if key[1] == "*" else key[1], "currency": key[2],
                    "hands": n, "x": [int(series["hand"].iloc[i]) for i in picks], "lines": lines})  # fmt: skip
    return out


def _is_player(part: Part, key: SeriesKey, player: str) -> bool:
    """Whether a graph's key is ``--player``'s (a player written with a stable id is keyed by it: ``@id``, and
    named by the full ``name @ id`` or by a name the table showed)."""
    stable = stable_id(str(key[1]), player)
    if key[0] == player or (stable is not None and key[0] == STABLE_MARK + stable[1]):
        return True
    sums = part.totals.sums.get(key) if stable is None and str(key[0]).startswith(STABLE_MARK) else None
    return sums is not None and player in sums.names


def _shown(part: Part, key: SeriesKey) -> str:
    """A graph's player as the statistics show it (a stable id by the names the table showed)."""
    sums = part.totals.sums.get(key)
    player = str(key[0])
    return shown_name(player, sums.names) if sums is not None and player.startswith(STABLE_MARK) else player


def _in_time_order(frame: pd.DataFrame) -> pd.DataFrame:
    """The records in the order :func:`handlog.stats.graph.winnings_series` draws them (by time, else as read)."""
    from handlog.stats.graph import time_key

    if "time" not in frame or not frame["time"].notna().any():
        return frame
    times = list(frame["time"])
    return frame.iloc[sorted(range(len(times)), key=lambda i: (time_key(times[i]), i))]


def violations_table(part: Part, links: Sequence[str | None]) -> dict[str, Any]:
    """One row per violation: where, which, what, and the link to the hand's replay (``links``, one per hand of
    ``part.violated``; None when the hand was not drawn)."""
    records = []
    for hand, link in zip(part.violated, links, strict=True):
        for v in hand.violations:
            records.append({"severity": v["severity"], "code": v["code"], "category": v["category"],
                            "site": hand.site, "hand_id": hand.hand_id, "file": hand.file, "line": v["line"],
                            "message": v["message"], "replay": link})  # fmt: skip
    names = ["severity", "code", "category", "site", "hand_id", "file", "line", "message", "replay"]
    out = table(records, names, {"hand_id": "hand", "replay": "replay"})
    out["columns"][-1]["kind"] = "link"
    return out


def tournament_tables(
    results: Sequence[Result], heroes: Collection[tuple[str, str, str]] = ()
) -> dict[str, Any] | None:
    """The ``tournaments`` command's rows and its ``--summary``, or None when there is no result. A summary lists
    every entrant of a tournament: the page holds the results of the players summaries were written for
    (``heroes``: site, tournament, player) first, then the others, ``TOURNAMENT_ROWS`` at most (``left_out``
    counts the others; ``handlog tournaments`` lists every one)."""
    if not results:
        return None
    from handlog.tournaments.report import ROW_COLUMNS, row, summarize, summary_columns

    hero_names = {(site, player) for site, _, player in heroes}
    mine = [r for r in results if (r.site, r.player) in hero_names]
    others = [r for r in results if (r.site, r.player) not in hero_names]
    kept = (mine + others)[:TOURNAMENT_ROWS]
    summary = summarize(kept)
    return {"summary": table(summary, summary_columns(())), "results": table([row(r) for r in kept], ROW_COLUMNS),
            "left_out": len(results) - len(kept)}  # fmt: skip


def page_data(
    part: Part, *, labels: Mapping[str, str], shown: Sequence[str], player: str | None,
    links: Sequence[str | None], results: Sequence[Result], files: int, title: str,
    notices: Sequence[str] = (), heroes: Collection[tuple[str, str, str]] = (),
) -> dict[str, Any]:
    """Everything the page shows, cleaned (:func:`clean`), ready for :func:`render_report`."""
    data: dict[str, Any] = clean({
        "title": title,
        "summary": {"files": files, "hands": part.hands - part.left_out, "unparsed": part.unparsed,
                    "unverified": part.unverified, "statuses": dict(part.statuses),
                    "other_games": dict(part.other_games)},
        "players": player_table(part, (), labels, shown),
        "positions": player_table(part, ("position",), labels, [*shown, "open_raise_pct"],
                                  None if player is not None else POSITION_PLAYERS),
        "pots": player_table(part, ("pot",), labels, shown, None if player is not None else POSITION_PLAYERS),
        "graph": graph_lines(part, player),
        "codes": [[code, n] for code, n in part.codes.most_common()],
        "violations": violations_table(part, links),
        "tournaments": tournament_tables(results, heroes),
        "notices": list(notices),
    })
    return data


def _asset(name: str) -> str:
    return files("handlog.report").joinpath("assets", name).read_text(encoding="utf-8")


def _html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def render_report(data: Mapping[str, Any]) -> str:
    """The self-contained page (inline CSS and script, the data as JSON; no network)."""
    page = _asset("report.html")
    for placeholder, text in (("__TITLE__", _html_text(str(data.get("title", "handlog report")))),
                              ("__CSS__", _asset("report.css")), ("__JS__", _asset("report.js"))):  # fmt: skip
        page = page.replace(placeholder, text, 1)
    return page.replace("__DATA__", embed_json(data), 1)  # last: nothing in the data is taken for a placeholder
