from __future__ import annotations

import struct
from decimal import Decimal
from pathlib import Path

import made_hands as hands

from handlog.stats.frame import per_hand
from handlog.stats.graph import DPI, SIZE_INCHES, save_graph, winnings_series


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_graph_png_and_series(tmp_path: Path) -> None:
    table = per_hand(hands.ALL)
    out = tmp_path / "winnings.png"
    fig, series = save_graph(table, "Bb", out)
    assert _png_size(out) == (int(SIZE_INCHES[0] * DPI), int(SIZE_INCHES[1] * DPI))
    mine = table[table["player"] == "Bb"]
    assert len(series) == len(mine)
    assert series["net"].iloc[-1] == sum(mine["net"], Decimal(0))
    assert series["allin_ev"].iloc[-1] == sum(mine["net_allin_ev"], Decimal(0))
    assert all(series["net"] == [a + b for a, b in zip(series["showdown"], series["non_showdown"], strict=True)])
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    for column, label in (("net", "net won"), ("showdown", "showdown winnings"),
                          ("non_showdown", "non-showdown winnings"), ("allin_ev", "all-in EV adjusted")):  # fmt: skip
        x, y = lines[label].get_data()
        assert list(x) == list(range(1, len(mine) + 1))
        assert list(y) == [float(v) for v in series[column]]


def test_series_follows_time_order() -> None:
    table = per_hand(hands.ALL)
    series = winnings_series(table.iloc[::-1], "Bb")
    forward = winnings_series(table, "Bb")
    assert list(series["net"]) == list(forward["net"])


def test_graph_format_follows_the_suffix(tmp_path: Path) -> None:
    """``-o x.svg`` writes SVG, ``x.pdf`` PDF, ``x.png`` (or no suffix) PNG: the bytes are what the name says."""
    import pytest

    from handlog.stats.export import OutputPathError

    table = per_hand(hands.ALL)
    for name, start in (("w.svg", b"<?xml"), ("w.pdf", b"%PDF-"), ("w.PNG", b"\x89PNG"), ("w", b"\x89PNG")):
        save_graph(table, "Bb", tmp_path / name)
        data = (tmp_path / name).read_bytes()
        assert data.startswith(start), name
    assert b"<svg" in (tmp_path / "w.svg").read_bytes()
    with pytest.raises(OutputPathError, match=r"cannot draw a \.jpg file"):
        save_graph(table, "Bb", tmp_path / "w.jpg")
    assert not (tmp_path / "w.jpg").exists()
