"""PokerStars' tournament archive (``TOURNEYS: <name>``: the HTML table the client's "Tournament Results" export
writes, 2008 to 2012): one row per tournament the named player played, with buy-in, rebuys and add-ons, rake,
place, entries, prize and bounties in the row's currency. Read with the standard library's ``html.parser`` (no
scripts, no entities beyond HTML's own); each row keeps its line in the file."""

from __future__ import annotations

import re
from contextlib import suppress
from datetime import datetime
from decimal import Decimal
from html.parser import HTMLParser

from handlog.events.tournament import Finish, SummaryError, TournamentSummary
from handlog.formats.summaries.money import AmountError, number

_TITLE = re.compile(r"TOURNEYS: <(?P<hero>.+)>")
NEEDED = ("Tourney", "Currency", "Buy-In", "Rake", "Place", "Entries", "Prize")


class _Table(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title = ""
        self.headers: list[str] = []
        self.rows: list[tuple[int, list[str]]] = []
        self._in: str | None = None
        self._text: list[str] = []
        self._row: list[str] | None = None
        self._row_line = 0
        self._in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in, self._text = "title", []
        elif tag == "th":
            self._in, self._text = "th", []
        elif tag == "br" and self._in is not None:
            self._text.append("/")
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self._row, self._row_line = [], self.getpos()[0]
        elif tag == "td" and self._row is not None:
            self._in, self._text = "td", []

    def handle_endtag(self, tag: str) -> None:
        text = "".join(self._text).replace("\xa0", " ").strip()
        if tag == "title" and self._in == "title":
            self.title, self._in = text, None
        elif tag == "th" and self._in == "th":
            self.headers.append(text)
            self._in = None
        elif tag == "td" and self._in == "td" and self._row is not None:
            self._row.append(text)
            self._in = None
        elif tag == "tr" and self._row is not None:
            self.rows.append((self._row_line, self._row))
            self._row = None
        elif tag == "tbody":
            self._in_body = False

    def handle_data(self, data: str) -> None:
        if self._in is not None:
            self._text.append(data)


def read(text: str, file: str) -> list[TournamentSummary | SummaryError]:
    table = _Table()
    table.feed(text)
    table.close()
    title = _TITLE.search(table.title)
    missing = [h for h in NEEDED if h not in table.headers]
    if title is None or missing:
        return [SummaryError(file=file, line=1, message="a PokerStars tournament archive without its title or columns",
                             expected=("<title>TOURNEYS: <name></title>", *missing))]
    hero = title.group("hero")
    col = {h: i for i, h in enumerate(table.headers)}
    out: list[TournamentSummary | SummaryError] = []
    for line, cells in table.rows:
        if len(cells) != len(table.headers):
            out.append(SummaryError(file=file, line=line, message=f"a row of {len(cells)} cells",
                                    expected=(f"{len(table.headers)} cells ({', '.join(table.headers)})",)))
            continue

        def cell(name: str, row: list[str] = cells) -> str:
            return row[col[name]] if name in col else ""

        def money(name: str) -> Decimal:
            v = cell(name)
            return number(v) if v else Decimal(0)

        try:
            buy_in, rake, prize = money("Buy-In"), money("Rake"), money("Prize")
            rebuys = money("ReBuys/AddOns")
            bounty_won = money("Bounty Awarded")
            place = int(cell("Place")) if cell("Place").isdigit() else None
            entrants = int(cell("Entries")) if cell("Entries").isdigit() else None
        except (AmountError, ValueError) as exc:
            out.append(SummaryError(file=file, line=line, message=str(exc), expected=("amounts and numbers",)))
            continue
        qualified = cell("Qualified")
        start = None
        with suppress(ValueError):
            start = datetime.strptime(cell("Date/Time"), "%m/%d/%Y %I:%M:%S %p")
        finish = Finish(
            player=hero, place=place, prize=prize, bounties=bounty_won, extra_cost=rebuys or None,
            ticket="qualified for " + cell("Target ID") if qualified and qualified.lower() not in ("", "no") else "",
            line=line,
        )
        out.append(TournamentSummary(
            site="PokerStars", tournament_id=cell("Tourney"), game=cell("Game"), currency=cell("Currency"),
            prize_currency=cell("Currency"), buy_in=buy_in, fee=rake, entrants=entrants, hero=hero,
            start_local=cell("Date/Time") + (f" ({start.isoformat()})" if start else ""),
            target_tournament=cell("Target ID"), finishes=(finish,), finished=place is not None,
            notes=("the archive's times have no time zone",), file=file, line=line,
        ))
    return out
