from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from pathlib import Path

import made_hands as hands
import pandas as pd
import pyarrow.parquet as pq
import pytest

from handlog.stats.export import OutputPathError, csv_cell, resolve_output, write_csv, write_frame
from handlog.stats.frame import FIELDS, per_hand


def test_formula_cells_are_escaped_but_numbers_are_not() -> None:
    assert csv_cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert csv_cell("+cmd") == "'+cmd"
    assert csv_cell("@SUM(A1)") == "'@SUM(A1)"
    assert csv_cell("-5") == "'-5"  # text (a player called "-5"), not a number
    assert csv_cell(Decimal("-5.25")) == "-5.25"
    assert csv_cell(-3) == -3
    assert csv_cell(True) is True
    assert csv_cell(None) == ""


def test_csv_keeps_negative_money_and_escapes_names() -> None:
    frame = pd.DataFrame({"player": ["=evil", "ok"], "net": [Decimal("-1.50"), Decimal("2")]})
    buf = io.StringIO()
    write_csv(frame, buf)
    rows = list(csv.reader(io.StringIO(buf.getvalue())))
    assert rows == [["player", "net"], ["'=evil", "-1.50"], ["ok", "2"]]


def test_json_and_parquet_round_trip(tmp_path: Path) -> None:
    table = per_hand([hands.LIMPED, hands.SPLIT_POT])
    out = io.StringIO()
    write_frame(table, "json", None, out)
    data = json.loads(out.getvalue())
    assert len(data) == len(table) and list(data[0]) == list(FIELDS)
    utg = next(r for r in data if r["player"] == "Utg" and r["hand_id"] == "1003")
    assert utg["net"] == "4.70" and utg["rake"] == "0.30" and utg["vpip"] is True
    path = write_frame(table, "parquet", tmp_path / "hands.parquet", out)
    assert path == tmp_path / "hands.parquet"
    back = pq.read_table(path).to_pandas()
    assert list(back.columns) == list(FIELDS)
    assert sum(back["net"]) == sum(table["net"])


def test_output_paths(tmp_path: Path) -> None:
    assert resolve_output(tmp_path, "stats.csv") == tmp_path / "stats.csv"
    assert resolve_output(tmp_path / "x.csv", "stats.csv") == tmp_path / "x.csv"
    with pytest.raises(OutputPathError):
        resolve_output(tmp_path / "missing" / "x.csv", "stats.csv")
    with pytest.raises(OutputPathError):
        resolve_output(tmp_path, "../escape.csv")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link.csv").symlink_to(tmp_path / "elsewhere" / "target.csv")
    with pytest.raises(OutputPathError, match="symlink"):
        resolve_output(tmp_path / "link.csv", "stats.csv")
    with pytest.raises(OutputPathError):
        write_frame(pd.DataFrame(), "parquet", None, io.StringIO())


def test_records_json_is_laid_out_as_an_indented_dump() -> None:
    """``stats --format json``: one object a block, a field a line (``json.dumps(..., indent=1)``'s layout), the
    values as ``plain`` gives them; a record holding an array or an object is laid out the same way."""
    from datetime import UTC, datetime

    from handlog.stats.export import plain, write_records_json

    records = [
        {"player": 'Jo "the\nhat" \u00e9\u20ac', "net": Decimal("-1.50"), "vpip_pct": 33.33, "hands": 3,
         "af": None, "shown": True, "bb": float("nan"), "time": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)},
        {"player": "", "net": Decimal("0"), "vpip_pct": 1e300, "hands": 0, "af": 2.5, "shown": False,
         "bb": float("inf"), "time": None},
    ]  # fmt: skip
    columns = list(records[0])
    nested = [{"player": "x", "sites": ["a", "b"], "by": {"k": 1}}]
    for rows, names in ((records, columns), (records[:1], columns[:3]), ([], columns), (nested, list(nested[0]))):
        out = io.StringIO()
        write_records_json(rows, names, out)
        dumped = [{c: plain(r[c]) for c in names} for r in rows]
        assert out.getvalue() == json.dumps(dumped, ensure_ascii=False, indent=1) + "\n"
    out = io.StringIO()
    write_records_json(records, columns, out)
    back = json.loads(out.getvalue())
    assert back[0]["player"] == 'Jo "the\nhat" \u00e9\u20ac'
    assert back[0]["net"] == "-1.50" and back[1]["hands"] == 0 and back[0]["bb"] is None


@pytest.mark.parametrize("at_a_time", [1000, 1])
def test_records_json_of_scalars_and_decimals_is_the_same_dump(monkeypatch: pytest.MonkeyPatch, at_a_time: int) -> None:
    """Records of scalars and ``Decimal`` alone (what ``stats`` writes) take ``flat_json``'s one pass of the
    encoder: the same text as the dump of the records made JSON-ready, whatever the strings hold (quotes, a NUL,
    a line break, ``NaN`` as text), NaN and infinities included, a column named twice or once."""
    from datetime import datetime

    from handlog.stats import export
    from handlog.stats.export import flat_json, plain, write_records_json

    monkeypatch.setattr(export, "FLAT_RECORDS", at_a_time)  # the records' values encoded in one pass, or one by one
    records = [
        {"player": 'Jo "the\nhat" \u00e9\u20ac\0', "net": Decimal("-1.50"), "vpip_pct": 33.33, "hands": 3,
         "af": None, "shown": True, "bb": float("nan"), "note": "NaN"},
        {"player": "", "net": Decimal("0E-2"), "vpip_pct": 1e300, "hands": 0, "af": 2.5, "shown": False,
         "bb": float("-inf"), "note": "null"},
    ]  # fmt: skip
    columns = list(records[0])
    for rows, names in ((records, columns), (records, ["net"]), (records[1:], [*columns, "hands"])):
        assert flat_json(rows, names) is not None
        out = io.StringIO()
        write_records_json(rows, names, out)
        dumped = [{c: plain(r[c]) for c in names} for r in rows]
        assert out.getvalue() == json.dumps(dumped, ensure_ascii=False, indent=1) + "\n"
    timed = [*records, {**records[0], "note": datetime(2026, 1, 2, 3, 4, 5)}]  # the last record is not flat
    assert flat_json(timed, columns) is None
    out = io.StringIO()
    write_records_json(timed, columns, out)
    assert out.getvalue() == json.dumps([{c: plain(r[c]) for c in columns} for r in timed], ensure_ascii=False,
                                        indent=1) + "\n"  # fmt: skip
