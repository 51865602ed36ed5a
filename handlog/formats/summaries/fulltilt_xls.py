"""Full Tilt's "Player Tournament Report" Excel export (``.xls``, an OLE2/BIFF8 workbook), read with xlrd.

The sheet's first cell names the player (``Player Tournament Report for Hero (27-Feb-2006 00:00 to 01-Sep-2013
00:00)``); a header row (``SNG``, ``tournament key``, ``tournament name``, ``tournament start datetime`` …
``position``, ``payout amount``, ``total bounty amount``) is followed by one row per tournament of that player.
Each row is one ``TournamentSummary`` of which the player is the hero and the only finish. The times are written
without a zone; they are Eastern like the text summaries' (the corpus's hands of tournament 3795352, ``21:27:00 ET``,
fall between its row's ``21:20`` start and ``21:45`` end). A row that cannot be read costs that row only, with its
row number (as ``line``), the cell and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from handlog.events.tournament import Finish, SummaryError, TournamentSummary
from handlog.formats.summaries.lines import EASTERN
from handlog.formats.summaries.money import AmountError, amount

TITLE = re.compile(r"^Player Tournament Report for (?P<player>.+?) \((?P<since>.+) to (?P<until>.+)\)$")
REQUIRED = ("tournament key", "buy in amount", "position", "payout amount")
"""Header cells a row cannot be read without (the others are read where present)."""
TIME_FORMAT = "%d-%b-%Y %H:%M"  # 19-Apr-2006 21:20


class RowError(ValueError):
    """A cell that is not what its column holds."""


def read(data: bytes, file: str) -> Iterator[TournamentSummary | SummaryError]:
    """Every tournament row of the workbook ``data``; errors as data, never an exception."""
    try:
        import xlrd
    except ImportError:  # pragma: no cover - xlrd is a dependency; a broken install says so
        yield SummaryError(file=file, line=1, message="an Excel workbook, and xlrd (which reads them) is not installed")
        return
    try:
        book = xlrd.open_workbook(file_contents=data, on_demand=True)
        sheet = book.sheet_by_index(0)
        rows = [[_cell(c) for c in sheet.row(r)] for r in range(sheet.nrows)]
    except Exception as exc:  # noqa: BLE001 - xlrd's errors for a damaged or foreign workbook are many
        yield SummaryError(file=file, line=1, message=f"an Excel workbook xlrd cannot read: {exc}",
                           expected=("Full Tilt's Player Tournament Report (.xls)",))
        return
    filled = [(n, row) for n, row in enumerate(rows, start=1) if any(v != "" for v in row)]
    title = TITLE.match(str(filled[0][1][0]).strip()) if filled else None
    if title is None:
        first = filled[0] if filled else (1, [""])
        yield SummaryError(file=file, line=first[0], message="an Excel workbook of no known layout",
                           text=" | ".join(str(v) for v in first[1] if v != ""),
                           expected=("Player Tournament Report for NAME (FROM to TO)",))
        return
    player = title.group("player").strip()
    header = next(((n, row) for n, row in filled if "tournament key" in row), None)
    missing = [] if header is None else [name for name in REQUIRED if name not in header[1]]
    if header is None or missing:
        at = header[0] if header is not None else filled[0][0]
        yield SummaryError(file=file, line=at, message="no header row of the report's columns",
                           expected=tuple(f"a {name!r} column" for name in (missing or REQUIRED)))
        return
    columns = {str(name): i for i, name in enumerate(header[1]) if name != ""}
    for n, row in filled:
        if n <= header[0]:
            continue
        try:
            yield _summary(dict((name, row[i] if i < len(row) else "") for name, i in columns.items()), player, file, n)
        except RowError as exc:
            yield SummaryError(file=file, line=n, message=f"row {n}: {exc}", text=" | ".join(str(v) for v in row
                               if v != ""), expected=("a tournament row of the report",))


def _cell(cell: Any) -> Any:
    """A cell's value: text stripped, numbers as they are (xlrd gives floats), empty cells ``""``."""
    value = cell.value
    return value.strip() if isinstance(value, str) else value


def _summary(cells: dict[str, Any], player: str, file: str, line: int) -> TournamentSummary:
    tid = _key(cells["tournament key"])
    text = str(cells["buy in amount"])
    buy_in, fee, currency = _buy_in(text, cells["payout amount"])
    place = _count(cells["position"], "position") if cells["position"] != "" else None
    prize = _money(cells["payout amount"], currency, "payout amount")
    bounties = _money(cells.get("total bounty amount", ""), currency, "total bounty amount")
    start, end = str(cells.get("tournament start datetime", "")), str(cells.get("tournament end datetime", ""))
    finish = Finish(
        player=player, place=place, prize=prize, bounties=bounties,
        rebuys=_count(cells.get("rebuys", ""), "rebuys"), addons=_count(cells.get("addons", ""), "addons"),
        line=line,
    )  # fmt: skip
    name = str(cells.get("tournament name", ""))
    return TournamentSummary(
        site="Full Tilt", tournament_id=tid, name=name, game=str(cells.get("game type desc", "")),
        speed=next((s for s in ("Super Turbo", "Turbo", "Hyper") if s in name), ""),
        kind="SNG" if cells.get("SNG") == "Y" else "", buy_in=buy_in, fee=fee, currency=currency,
        prize_currency=currency, buy_in_text=text, start_local=start, start_utc=_time(start, "tournament start"),
        end_local=end, end_utc=_time(end, "tournament end"), hero=player, finishes=(finish,), finished=bool(end),
        file=file, line=line,
    )  # fmt: skip


def _key(value: Any) -> str:
    if isinstance(value, float) and value.is_integer() and value > 0:
        return str(int(value))
    if isinstance(value, str) and re.fullmatch(r"[0-9]+", value):
        return value
    raise RowError(f"tournament key {value!r} is not a tournament number")


def _buy_in(text: str, payout: Any) -> tuple[Decimal | None, Decimal, str]:
    """``$200.00 + $10.00``: prize pool part, fee, currency; ``Free``/``Freeroll``: nothing paid, in the payout's
    currency (``FREE`` without one)."""
    if text.lower() in ("free", "freeroll"):
        try:
            return Decimal(0), Decimal(0), amount(str(payout), "FREE")[1] if payout != "" else "FREE"
        except AmountError:
            raise RowError(f"payout amount {payout!r} is not an amount") from None
    parts = [p.strip() for p in text.split("+")]
    try:
        values = [amount(p, "USD") for p in parts]
    except AmountError:
        raise RowError(f"buy in amount {text!r} is not X or X + Y") from None
    if len(values) > 2 or len({c for _, c in values}) != 1:
        raise RowError(f"buy in amount {text!r} is not X or X + Y in one currency")
    return values[0][0], values[1][0] if len(values) == 2 else Decimal(0), values[0][1]


def _money(value: Any, currency: str, column: str) -> Decimal:
    if value == "":
        return Decimal(0)
    try:
        found, cur = amount(str(value), currency)
    except AmountError:
        raise RowError(f"{column} {value!r} is not an amount") from None
    if cur != currency:
        raise RowError(f"{column} {value!r} is not in the buy-in's currency ({currency})")
    return found


def _count(value: Any, column: str) -> int:
    if value == "":
        return 0
    if isinstance(value, float) and value.is_integer() and value >= 0:
        return int(value)
    if isinstance(value, str) and value.isdigit():
        return int(value)
    raise RowError(f"{column} {value!r} is not a whole number")


def _time(text: str, column: str) -> datetime | None:
    if not text:
        return None
    try:
        local = datetime.strptime(text, TIME_FORMAT).replace(tzinfo=EASTERN)
    except ValueError:
        raise RowError(f"{column} {text!r} is not DD-Mon-YYYY HH:MM") from None
    return local.astimezone(ZoneInfo("UTC"))
