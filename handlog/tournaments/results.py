"""Tournament results: one ``Result`` per (site, tournament, player), from summaries and from hands.

- From a summary: every listed player (a hero-only summary lists one) with the tournament's buy-in. What a player
  paid (``cost``) is one buy-in (prize-pool part, fee and bounty) per entry plus the rebuys and add-ons the room
  states; what he won (``prize``) is his prize plus the bounties the room states, in the buy-in's currency (a
  prize in another currency, such as dollars from an FPP satellite, is kept as ``ticket`` text).
- From hands, where no summary lists the player: the hand header's buy-in (``$9.22+$0.78 USD``) and the lines
  ``P finished the tournament in 2nd place and received $X.`` and ``P wins the tournament and receives $X -
  congratulations!`` (entrants unknown), plus the bounties the hands pay him (``P wins $1.50 for eliminating Q
  and their own bounty increases by …``, ``P wins the $0.27 bounty for eliminating Q``).
- From a file that states its owner's result beside its hands (iPoker's session header, ``Tournament.finish``):
  that player's place (none while still playing), buy-in, everything paid (re-buys and add-ons where a total is
  stated) and winnings, as a finish line would give them.
- Where a summary and the hands both give a player's place or prize and they differ, the summary is kept and a
  notice says so (file and line of both).
- Several summaries of one tournament (written while it ran and after it ended, or by several players of a
  hero-only room): each player's result comes from the most complete one (ended, then most places known).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from handlog.events import Hand, StatedFinish
from handlog.events.tournament import Result, TournamentSummary
from handlog.formats.summaries.lines import place_number
from handlog.formats.summaries.money import AmountError, amount

ZERO = Decimal(0)

FINISHED = re.compile(
    r"^(?P<player>.+?) finished the tournament in (?P<place>[0-9]+(?:st|nd|rd|th)) place"
    r"(?: and received (?P<prize>.+?))?\.?$"
)
PARTY_FINISHED = re.compile(
    r"^(?P<player>.+?) finished in (?P<place>[0-9]+)(?: place)?(?: and received (?P<prize>.+?))?\.?$"
)
"""PartyPoker's finish line: ``Player P finished in 4.``, ``P finished in 3 place.``, ``Player P finished in 1 place
and received $3 USD`` (``Player`` is the line's word, not the name's: the name is the seated player's)."""
WINS = re.compile(r"^(?P<player>.+?) wins the tournament and receives (?P<prize>.+?) - congratulations!$")
BOUNTY = re.compile(
    r"^(?P<player>.+?) wins (?:the )?(?P<amount>\S+?)(?: bounty)? for eliminating (?P<loser>.+?)"
    r"(?: and their own bounty increases by .+)?$"
)
"""A bounty paid in a hand: ``P wins $1.50 for eliminating Q and their own bounty increases by $1.50 to $4.50``
(progressive knockout: the cash half) and ``P wins the $0.27 bounty for eliminating Q`` (knockout)."""
_CODE = re.compile(r"^(?P<body>.*?)(?: (?P<code>[A-Z]{3}))?$")


@dataclass(frozen=True, slots=True)
class BuyIn:
    buy_in: Decimal
    fee: Decimal
    bounty: Decimal
    currency: str


def parse_buy_in(text: str) -> BuyIn | None:
    """A hand header's buy-in (``$9.22+$0.78 USD``, ``$1.08+$0.27+$0.15 USD``, ``4.70€ + 0.30€``, ``Freeroll``,
    ``50FPP``), or None when it says none or cannot be read. Three parts are prize pool, bounty and fee."""
    text = text.strip()
    if not text:
        return None
    if text.lower() == "freeroll":
        return BuyIn(ZERO, ZERO, ZERO, "FREE")
    m = _CODE.match(text)
    body, code = (m.group("body"), m.group("code") or "") if m else (text, "")
    try:
        parts = [amount(p.strip().replace("FPP", " FPP").replace("  ", " "), code) for p in re.split(r"[+/]", body)]
    except AmountError:
        return None
    currency = next((c for _, c in parts if c), "") or "PLAY"
    values = [v for v, _ in parts]
    if len(values) == 3:
        return BuyIn(values[0], values[2], values[1], currency)
    if len(values) == 2:
        return BuyIn(values[0], values[1], ZERO, currency)
    if len(values) == 1:
        return BuyIn(values[0], ZERO, ZERO, currency)
    return None


@dataclass(slots=True)
class HandFinish:
    player: str
    place: int | None  # None: still playing (a stated finish only: a finish line always has its place)
    prize: Decimal | None
    file: str
    line: int
    currency: str = ""  # the prize's, as the line wrote it (for a tournament whose buy-in the hands do not state)
    stated: StatedFinish | None = None  # the file's own statement of the result, with its buy-in and cost


@dataclass(slots=True)
class HandsTournament:
    """What the hands of one tournament say: its buy-in, first hand time and the finish lines."""

    site: str
    tournament_id: str
    buy_in_text: str = ""
    start: datetime | None = None
    finishes: dict[str, HandFinish] = field(default_factory=dict)
    bounties: dict[str, Decimal] = field(default_factory=dict)  # player → bounty money won in the hands


def from_hands(hands: Iterable[Hand]) -> dict[tuple[str, str], HandsTournament]:
    """The tournaments the hands belong to, with every finish line they hold."""
    out: dict[tuple[str, str], HandsTournament] = {}
    for hand in hands:
        t = hand.tournament
        if t is None or not t.id.strip():
            continue
        key = (hand.site, t.id.strip())
        entry = out.get(key)
        if entry is None:
            entry = out[key] = HandsTournament(hand.site, t.id.strip(), t.buy_in, hand.time_utc)
        elif not entry.buy_in_text and t.buy_in:
            entry.buy_in_text = t.buy_in
        if t.finish is not None:
            _offer_stated(entry, t.finish, hand.file)
        for event in hand.events:
            if event.kind != "notice":
                continue
            text = event.text.strip()
            won = BOUNTY.match(text)
            if won is not None:
                try:
                    value = amount(won.group("amount"))[0]
                except AmountError:
                    continue
                entry.bounties[won.group("player")] = entry.bounties.get(won.group("player"), ZERO) + value
                continue
            m = FINISHED.match(text) or PARTY_FINISHED.match(text)
            if m is not None:
                place = place_number(m.group("place"))
            else:
                m = WINS.match(text)
                if m is None:
                    continue
                place = 1
            player = _seated(m.group("player"), hand)
            if player is None:
                continue
            prize, currency = None, ""
            if m.group("prize"):
                try:
                    prize, currency = amount(m.group("prize").rstrip("."))
                except AmountError:
                    prize = None
            entry.finishes[player] = HandFinish(player, place, prize, hand.file, event.line, currency)
    return out


def _offer_stated(entry: HandsTournament, st: StatedFinish, file: str) -> None:
    """A file's statement of its owner's result (every hand of the file carries it): kept unless a finish line
    already gave the player's place, or a statement with a place is held and this one has none."""
    held = entry.finishes.get(st.player)
    if held is not None and (held.stated is None or held.place is not None or st.place is None):
        return
    same = st.prize_currency in ("", st.currency)
    entry.finishes[st.player] = HandFinish(st.player, st.place, st.prize if same else None, file, st.line,
                                           st.prize_currency, st)


def _seated(name: str, hand: Hand) -> str | None:
    """The seated player a finish line names: the name itself, or (PartyPoker's ``Player P finished in …``) the
    name after the word ``Player``; a name seated nowhere in the hand is no finish (None)."""
    seated = {s.player for s in hand.seats}
    if name in seated or not seated:
        return name
    if name.startswith("Player ") and name[len("Player "):] in seated:
        return name[len("Player "):]
    return None


def from_summary(s: TournamentSummary) -> list[Result]:
    """A row per listed player (merged by name: a re-entering player listed once per entry)."""
    rows: list[Result] = []
    same_money = s.prize_currency in ("", s.currency)
    for x in s.finishes:
        cost = None if s.cost is None else s.cost * x.entries + (x.extra_cost or ZERO)
        prize = (x.prize + x.bounties) if same_money else ZERO
        ticket = x.ticket
        if not same_money and x.prize:
            ticket = (ticket + "; " if ticket else "") + f"{x.prize} {s.prize_currency}"
        rows.append(Result(
            site=s.site, tournament_id=s.tournament_id, player=x.player, finish=x.place, entrants=s.entrants,
            buy_in=s.buy_in, fee=s.fee, bounty=s.bounty, prize=prize, bounties_won=x.bounties if same_money else ZERO,
            currency=s.currency, cost=cost, ticket=ticket,
            name=s.name, game=s.game, speed=s.speed, kind=s.kind, start_utc=s.start_utc, source="summary",
            file=s.file, line=x.line or s.line,
        ))
    return rows


def rank(s: TournamentSummary) -> int:
    """How complete a summary is: written after the tournament ended first, then by how many places it knows."""
    return (int(s.finished) << 40) + sum(1 for x in s.finishes if x.place is not None)


def better(new: Result, new_rank: int, old: Result, old_rank: int) -> bool:
    """Whether ``new`` replaces ``old`` (a player's result from two summaries of one tournament): a known place
    first, then the more complete summary; between equals the first one read (so reading a summary again
    changes nothing). The database's import keeps the same rule: ``tournaments --db`` gives what the files give."""
    return (new.finish is not None, new_rank) > (old.finish is not None, old_rank)


@dataclass(frozen=True, slots=True)
class Facts:
    """A tournament's buy-in, entrants and start, as its most complete summary states them (for the hands' rows
    of players that summary does not list)."""

    buy_in: Decimal | None
    fee: Decimal
    bounty: Decimal
    currency: str
    entrants: int | None
    start_utc: datetime | None

    @classmethod
    def of(cls, s: TournamentSummary) -> Facts:
        return cls(s.buy_in, s.fee, s.bounty, s.currency, s.entrants, s.start_utc)


@dataclass(slots=True)
class Tournament:
    """What the summaries of one tournament say: the facts of the most complete, each player's best result."""

    facts: Facts
    rank: int
    players: dict[str, tuple[Result, int]] = field(default_factory=dict)

    def add(self, s: TournamentSummary) -> None:
        r = rank(s)
        if r > self.rank:
            self.facts, self.rank = Facts.of(s), r
        for row in from_summary(s):
            self.offer(row, r)

    def offer(self, row: Result, row_rank: int) -> None:
        old = self.players.get(row.player)
        if old is None or better(row, row_rank, *old):
            self.players[row.player] = (row, row_rank)


def by_tournament(summaries: Iterable[TournamentSummary]) -> dict[tuple[str, str], Tournament]:
    out: dict[tuple[str, str], Tournament] = {}
    for s in summaries:
        key = (s.site, s.tournament_id)
        t = out.get(key)
        if t is None:
            t = out[key] = Tournament(Facts.of(s), rank(s))
        t.add(s)
    return out


@dataclass(slots=True)
class Collected:
    results: list[Result]
    notices: list[str]


def collect(summaries: Iterable[TournamentSummary], hands: dict[tuple[str, str], HandsTournament]) -> Collected:
    """Every result, summaries first, then the hands' finishes of players no summary lists; with the notices of
    places and prizes the hands and the summaries disagree on."""
    return combine(by_tournament(summaries), hands)


def combine(tournaments: dict[tuple[str, str], Tournament], hands: dict[tuple[str, str], HandsTournament]
            ) -> Collected:
    results: list[Result] = []
    notices: list[str] = []
    for key in sorted(tournaments):
        t = tournaments[key]
        players = {name: row for name, (row, _) in t.players.items()}
        ht = hands.get(key)
        if ht is not None:
            for name, hf in sorted(ht.finishes.items()):
                listed = players.get(name)
                if listed is None:
                    players[name] = _hand_row(ht, hf, t.facts)
                    continue
                if listed.finish is not None and hf.place is not None and listed.finish != hf.place:
                    notices.append(f"tournament {key[1]} ({key[0]}): {name} finished {hf.place} in the hands "
                                   f"({hf.file}:{hf.line}) but {listed.finish} in the summary "
                                   f"({listed.file}:{listed.line})")
                elif hf.prize is not None and hf.prize != listed.prize - listed.bounties_won:
                    notices.append(f"tournament {key[1]} ({key[0]}): {name} received {hf.prize} in the hands "
                                   f"({hf.file}:{hf.line}) but {listed.prize - listed.bounties_won} in the summary "
                                   f"({listed.file}:{listed.line})")
        results.extend(players[p] for p in sorted(players, key=lambda n: (_place_key(players[n]), n)))
    for key in sorted(k for k in hands if k not in tournaments):
        ht = hands[key]
        rows = [_hand_row(ht, hf, None) for hf in ht.finishes.values()]
        results.extend(sorted(rows, key=lambda r: (_place_key(r), r.player)))
    return Collected(results, notices)


def _stated_row(ht: HandsTournament, hf: HandFinish, st: StatedFinish) -> Result:
    """A player's result from the file's own statement of it (the tournament has no summary with a buy-in)."""
    same = st.prize_currency in ("", st.currency)
    ticket = "" if not st.prize or same else f"{st.prize} {st.prize_currency}"
    return Result(
        site=ht.site, tournament_id=ht.tournament_id, player=hf.player, finish=st.place, entrants=None,
        buy_in=st.buy_in, fee=st.fee, bounty=ZERO, prize=st.prize if same else ZERO, currency=st.currency,
        cost=st.cost, ticket=ticket, start_utc=ht.start, source="hands", file=hf.file, line=hf.line,
    )


def _place_key(row: Result) -> int:
    return row.finish if row.finish is not None else 1 << 62


def _prize_currency(ht: HandsTournament, hf: HandFinish) -> str:
    """Without a buy-in, the currency the tournament's finish lines pay in (its own line's first)."""
    return hf.currency or next((f.currency for f in ht.finishes.values() if f.currency), "")


def _hand_row(ht: HandsTournament, hf: HandFinish, facts: Facts | None) -> Result:
    if hf.stated is not None and (facts is None or facts.buy_in is None):
        return _stated_row(ht, hf, hf.stated)
    if facts is not None:
        buy = BuyIn(facts.buy_in, facts.fee, facts.bounty, facts.currency) if facts.buy_in is not None else None
        entrants, start = facts.entrants, facts.start_utc
    else:
        buy, entrants, start = parse_buy_in(ht.buy_in_text), None, ht.start
    cost = None if buy is None else buy.buy_in + buy.fee + buy.bounty
    bounties = ht.bounties.get(hf.player, ZERO)
    return Result(
        site=ht.site, tournament_id=ht.tournament_id, player=hf.player, finish=hf.place, entrants=entrants,
        buy_in=buy.buy_in if buy else None, fee=buy.fee if buy else ZERO, bounty=buy.bounty if buy else ZERO,
        prize=(hf.prize or ZERO) + bounties, bounties_won=bounties,
        currency=buy.currency if buy else _prize_currency(ht, hf), cost=cost, start_utc=start, source="hands",
        file=hf.file, line=hf.line,
    )
