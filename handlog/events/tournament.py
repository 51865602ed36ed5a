"""Typed, immutable records of a tournament: what a room's tournament summary (or the hands' finish lines) says.

A summary is read into one ``TournamentSummary``: the room, the tournament's id and name, its game and structure
as written, the buy-in split into the part that goes to the prize pool (``buy_in``), the room's fee and the
bounty, the currency (an ISO code; ``PLAY`` for play chips, ``FPP``, ``SC`` or ``T$`` for a room's points and
tournament dollars; ``TICKET`` where only a ticket buys in), start and end time, entrants, prize pool, re-entries,
rebuys and add-ons, and one ``Finish`` per listed player: place (None while still playing), what they won in the
summary's currency, a ticket or a seat in a target tournament, bounties. Amounts are exact ``Decimal`` values.
Every record knows the file and line it was read from.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict

Source = Literal["summary", "hands"]


class Finish(BaseModel):
    """One player's result in one tournament."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    player: str
    place: int | None = None
    """Finishing place; None for a player still playing when the summary was written."""
    prize: Decimal = Decimal(0)
    """Money won, in the tournament's ``prize_currency`` (bounties not included)."""
    ticket: str = ""
    """A prize that is not money: a ticket, a seat in the target tournament, points (as the room wrote it)."""
    ticket_value: Decimal = Decimal(0)
    """The ticket's stated value in the prize currency, where the room states one."""
    bounties: Decimal = Decimal(0)
    """Bounty money won, where the room states it."""
    bounty_count: int | None = None
    entries: int = 1
    """Entries the player bought (re-entries count; 1 without)."""
    rebuys: int = 0
    addons: int = 0
    extra_cost: Decimal | None = None
    """What the player paid for rebuys and add-ons (beyond ``entries`` buy-ins), where the room states it."""
    country: str = ""
    line: int = 0

    @property
    def in_the_money(self) -> bool:
        return self.prize > 0 or bool(self.ticket) or self.ticket_value > 0


class TournamentSummary(BaseModel):
    """A tournament as one summary describes it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    site: str
    tournament_id: str
    name: str = ""
    game: str = ""
    """The game and structure as the room wrote them (``No Limit Hold'em``, ``Hold'em No Limit``)."""
    speed: str = ""
    kind: str = ""
    """The tournament's type as the room states it (``sng``, ``MTT``, ``Super Satellite``, ``Matrix``)."""
    buy_in: Decimal | None = None
    """The part of one buy-in that goes to the prize pool; None where the room states none."""
    fee: Decimal = Decimal(0)
    bounty: Decimal = Decimal(0)
    currency: str = ""
    """The buy-in's currency (ISO code, or PLAY, FPP, SC, T$, TICKET, FREE)."""
    prize_currency: str = ""
    """The prizes' currency (usually the buy-in's: an FPP satellite pays in dollars)."""
    buy_in_text: str = ""
    start_local: str = ""
    start_utc: datetime | None = None
    end_local: str = ""
    end_utc: datetime | None = None
    entrants: int | None = None
    prize_pool: Decimal | None = None
    prize_pool_text: str = ""
    rebuy_cost: Decimal | None = None
    addon_cost: Decimal | None = None
    total_rebuys: int | None = None
    total_addons: int | None = None
    target_tournament: str = ""
    hero: str | None = None
    """The player the file was written for, where it names one (or says "You" of one listed player)."""
    finishes: tuple[Finish, ...] = ()
    finished: bool = False
    """The summary was written after the tournament ended."""
    notes: tuple[str, ...] = ()
    file: str = ""
    line: int = 0

    @property
    def cost(self) -> Decimal | None:
        """One buy-in, all parts, or None where no buy-in is stated."""
        return None if self.buy_in is None else self.buy_in + self.fee + self.bounty


class SummaryError(BaseModel):
    """A summary that could not be read: where, the text, and what was expected there."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    line: int
    message: str
    text: str = ""
    expected: tuple[str, ...] = ()

    def describe(self) -> str:
        out = f"{self.file}:{self.line}: {self.message}"
        if self.text:
            out += f" ({self.text[:120]!r})"
        if self.expected:
            out += "; expected " + " or ".join(self.expected)
        return out


class Result(BaseModel):
    """One row of ``handlog tournaments``: a player's result in one tournament, from a summary or from hands."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    site: str
    tournament_id: str
    player: str
    finish: int | None
    entrants: int | None
    buy_in: Decimal | None
    fee: Decimal
    bounty: Decimal
    prize: Decimal
    """Money won: the prize plus bounties collected, in ``currency``."""
    bounties_won: Decimal = Decimal(0)
    """The part of ``prize`` that is bounties."""
    currency: str
    cost: Decimal | None
    """What the player paid: one buy-in (all parts) per entry, plus rebuys and add-ons where stated."""
    ticket: str = ""
    name: str = ""
    game: str = ""
    speed: str = ""
    kind: str = ""
    start_utc: datetime | None = None
    source: Source = "summary"
    file: str = ""
    line: int = 0

    @property
    def in_the_money(self) -> bool:
        """Finished in a paid place: a prize beyond the bounties won, or a ticket (bounties alone are not ITM)."""
        return self.prize - self.bounties_won > 0 or bool(self.ticket)

    @property
    def profit(self) -> Decimal | None:
        return None if self.cost is None else self.prize - self.cost
