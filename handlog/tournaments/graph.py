"""``handlog graph --tournaments``: a player's cumulative profit in money over his finished tournaments (prizes
and bounties won less buy-ins, fees, rebuys and add-ons), in start order, one currency. Drawn with matplotlib's
Agg backend like the winnings graph."""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from handlog.events.tournament import Result

SIZE_INCHES = (10.0, 6.0)
DPI = 100


def profit_series(results: Iterable[Result], player: str, currency: str) -> list[tuple[int, Decimal, Decimal]]:
    """(n, cumulative profit, cumulative prizes) over ``player``'s finished results in ``currency`` whose buy-in
    is known, in start order (tournaments without a start time first, then by id, as numbers)."""
    rows = [r for r in results if r.player == player and r.currency == currency and r.finish is not None
            and r.cost is not None]
    rows.sort(key=lambda r: (r.start_utc or datetime.min.replace(tzinfo=UTC), r.site, r.tournament_id.zfill(24)))
    out = []
    profit = prizes = Decimal(0)
    for i, r in enumerate(rows, 1):
        assert r.cost is not None
        profit += r.prize - r.cost
        prizes += r.prize
        out.append((i, profit, prizes))
    return out


def save(series: list[tuple[int, Decimal, Decimal]], output: str | os.PathLike[str], title: str,
         currency: str) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from handlog.stats.export import image_format, resolve_output, write_atomic

    fig = Figure(figsize=SIZE_INCHES, dpi=DPI)
    ax = fig.add_subplot()
    x = [0] + [n for n, _, _ in series]
    ax.plot(x, [0.0] + [float(p) for _, p, _ in series], label="profit", color="tab:green", linewidth=1.4)
    ax.axhline(0, color="0.6", linewidth=0.8)
    ax.set_xlabel("tournaments")
    ax.set_ylabel(f"profit ({currency})")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    fig.tight_layout()
    path = resolve_output(output, "tournaments.png")
    kind = image_format(path)  # the suffix's format: png, svg or pdf
    write_atomic(path, lambda p: fig.savefig(p, format=kind, dpi=DPI), binary=True)
    return fig
