"""The winnings graph: one player's cumulative net over their hands, split into showdown and non-showdown
winnings, with the all-in EV adjusted line. Drawn with matplotlib's Agg backend (no display needed)."""

from __future__ import annotations

import os
from decimal import Decimal
from typing import Any

import pandas as pd

from handlog.stats.export import image_format, resolve_output, write_atomic
from handlog.stats.totals import big_blind

SIZE_INCHES = (10.0, 6.0)
DPI = 100
"""The PNG is 1000 × 600 pixels."""

LINES = (
    ("net", "net won", "tab:green"),
    ("showdown", "showdown winnings", "tab:blue"),
    ("non_showdown", "non-showdown winnings", "tab:red"),
    ("allin_ev", "all-in EV adjusted", "tab:orange"),
)


def winnings_series(table: pd.DataFrame, player: str, in_big_blinds: bool = False) -> pd.DataFrame:
    """Cumulative sums (exact Decimal) over ``player``'s hands in time order: ``hand`` (1, 2 …), ``net``,
    ``showdown`` and ``non_showdown`` (net split by whether the player saw a showdown), ``allin_ev``.
    ``in_big_blinds``: each hand's amounts in its own big blinds (tournament chips of several tournaments, which
    do not add up; a hand without a big blind counts nothing)."""
    rows = table[table["player"] == player]
    if "time" in rows and rows["time"].notna().any():
        order = sorted(range(len(rows)), key=lambda i: (time_key(rows["time"].iloc[i]), i))
        rows = rows.iloc[order]
    scale = [Decimal(1)] * len(rows)
    if in_big_blinds:
        blinds = (big_blind(str(a), str(b)) for a, b in zip(rows["structure"], rows["stakes"], strict=True))
        scale = [1 / blind if blind > 0 else Decimal(0) for blind in blinds]
    net = [Decimal(v) * k for v, k in zip(rows["net"], scale, strict=True)]
    sd = [bool(v) for v in rows["saw_showdown"]]
    ev = [Decimal(v) * k for v, k in zip(rows["net_allin_ev"], scale, strict=True)]
    out: dict[str, list[Any]] = {"hand": [], "net": [], "showdown": [], "non_showdown": [], "allin_ev": []}
    total = showdown = non_showdown = allin = Decimal(0)
    for i, (n, s, e) in enumerate(zip(net, sd, ev, strict=True), 1):
        total += n
        allin += e
        if s:
            showdown += n
        else:
            non_showdown += n
        out["hand"].append(i)
        out["net"].append(total)
        out["showdown"].append(showdown)
        out["non_showdown"].append(non_showdown)
        out["allin_ev"].append(allin)
    return pd.DataFrame(out)


def time_key(value: Any) -> float:
    """A hand's time as a number to sort by (a hand without one first); also the report's order."""
    if value is None or pd.isna(value):
        return float("-inf")
    return float(pd.Timestamp(value).timestamp())


def draw(series: pd.DataFrame, title: str = "", currency: str = "") -> Any:
    """A matplotlib Figure of the series (floats are for drawing only)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=SIZE_INCHES, dpi=DPI)
    ax = fig.add_subplot()
    x = [int(v) for v in series["hand"]]
    for column, label, color in LINES:
        ax.plot(x, [float(v) for v in series[column]], label=label, color=color, linewidth=1.2)
    ax.axhline(0, color="0.6", linewidth=0.8)
    ax.set_xlabel("hands")
    ax.set_ylabel(f"winnings ({currency})" if currency else "winnings")
    if title:
        ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    fig.tight_layout()
    return fig


def save_graph(
    table: pd.DataFrame, player: str, output: str | os.PathLike[str], title: str | None = None,
    in_big_blinds: bool = False,
) -> tuple[Any, pd.DataFrame]:
    """Draw ``player``'s winnings graph to ``output`` (a PNG, SVG or PDF file by its suffix, or a folder for
    ``winnings.png``)."""
    series = winnings_series(table, player, in_big_blinds)
    rows = table[table["player"] == player]
    currencies = sorted({str(c) for c in rows["currency"]}) if len(rows) else []
    unit = "big blinds" if in_big_blinds else "/".join(currencies)
    fig = draw(series, title if title is not None else f"{player}: {len(series)} hands", unit)
    path = resolve_output(output, "winnings.png")
    kind = image_format(path)
    write_atomic(path, lambda p: fig.savefig(p, format=kind, dpi=DPI), binary=True)
    return fig, series
