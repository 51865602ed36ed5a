"""OnGame's layout of 2013-2014 (bwin and the network's other skins): ``grammars/ongame_2014.lark``, a dialect of
``ongame.lark``, on the 2011 layout's builder (``ongame.OnGameBuilder``). The hand is the 2011 layout's line for
line; what is this layout's own is its header block:

* ``Start hand: Mon Jan 06 08:53:00 CET 2014``: the local time with its zone's abbreviation (2011 wrote
  ``GMT+0100``); the abbreviations are the zones' standard and summer offsets (``CET`` +1, ``CEST`` +2 …);
* a tournament's header names it, its number and its buy-in: ``***** History for hand T5-556000000-1
  (TOURNAMENT: "€214 ChampionChip Turbo Qualifier Rebuy", R-10093-864, buy-in: €5) *****``, and its table line
  plays for ``Chips`` (``(NO_LIMIT TEXAS_HOLDEM 100/200, Chips)``);
* ``Players in round: 4 (6)``: the players dealt in and the table's seats.

The summary states, as in 2011, every pot with its winners and their shares, the rake (``Rake taken: $0.67``,
``€0`` in a tournament) and each seat's stack after the hand with its net result: the oracle the replay must
reproduce.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from typing import ClassVar

from handlog.events import Post, PostType
from handlog.formats.grammar import Fields
from handlog.formats.ongame import OnGameBuilder, OnGameFormat
from handlog.formats.text import amount
from handlog.formats.textsite import Tok
from handlog.reading.registry import register

ZONES: dict[str, int] = {
    "UTC": 0, "GMT": 0, "WET": 0, "WEST": 1, "BST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3, "MSK": 3,
    "PST": -8, "PDT": -7, "EST": -5, "EDT": -4,
}
"""The zone abbreviations the layout writes, as hours east of UTC."""
_TIME = re.compile(
    r"^(?P<time>[A-Z][a-z]{2} [A-Z][a-z]{2} [0-9]{1,2} [0-9:]{7,8}) (?P<zone>[A-Z]{2,5}) (?P<y>[0-9]{4})$"
)


class OnGame2014Builder(OnGameBuilder):
    """The 2011 layout's builder, with the 2014 header block."""

    def HEADER(self, tok: Tok, fields: Fields | None = None) -> Tok:
        f = self._f(tok, fields)
        self.header = {"hand_id": f["hand_id"]}
        if f["tournament"]:
            self.header = {**self.header, "tournament": f["tournament"], "buy_in": f["buy_in"],
                           "tournament_name": f["tournament_name"]}
        return tok

    def POST(self, tok: Tok, fields: Fields | None = None) -> Tok:
        """"P posts small & big blinds ($3)" / "big blind + dead" / "dead blind ($0.75)": a returning player's
        blinds, the big one live and the rest dead (Cake's "dead blind", which the 2011 builder reads); a dead blind
        of less than the big blind is a missed small blind, dead money."""
        f = self._f(tok, fields)
        if f["post"] in ("small & big blinds", "big blind + dead"):
            f = {**f, "post": "dead blind"}
        elif f["post"] == "dead blind" and self.stakes is not None and amount(f["amount"] or "") < self._big_blind():
            # "P posts dead blind ($0.25)": less than a big blind, so a missed small blind: dead money
            player, value = f["player"] or "", amount(f["amount"] or "")
            self.bets.dead(player, value)
            self.events.append(Post(line=self._lineno(tok), player=player, post=PostType.DEAD_BLIND, amount=value))
            return tok
        return super().POST(tok, f)

    def PLAYER_COUNT(self, tok: Tok, fields: Fields | None = None) -> Tok:
        seats = self._f(tok, fields)["max_seats"]
        if seats:
            self.table = {**self.table, "max_seats": seats}
        return tok

    def time_utc(self, time_local: str, time_second: str | None) -> datetime | None:
        """"Mon Jan 06 08:53:00 CET 2014": the local time and its zone's abbreviation."""
        m = _TIME.match(time_local.strip())
        if m is None or m.group("zone") not in ZONES:
            return None
        zone = timezone(timedelta(hours=ZONES[m.group("zone")]))
        try:
            local = datetime.strptime(f"{m.group('time')} {m.group('y')}", "%a %b %d %H:%M:%S %Y")
        except ValueError:
            return None
        return local.replace(tzinfo=zone).astimezone(UTC)

    def currency(self, tournament: bool) -> str:
        if tournament or self.table.get("money") == "Chips":
            return "CHIPS"
        return super().currency(tournament)


class OnGame2014Format(OnGameFormat):
    """OnGame's 2013-2014 layout, registered as ``ongame_2014``."""

    name = "ongame_2014"
    grammar = "ongame_2014"
    builder = OnGame2014Builder
    descriptions: ClassVar[dict[str, str]] = {
        **OnGameFormat.descriptions,
        "START_TIME": "'Start hand: Mon Jan 06 08:53:00 CET 2014'",
        "PLAYER_COUNT": "'Players in round: N' or 'Players in round: N (M)'",
    }


register(OnGame2014Format())
