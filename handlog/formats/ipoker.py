"""iPoker (Playtech) XML session files: only iPoker's quirks, on the streaming machinery of ``xmlsession``.

A session (``<session>``, or ``<root>`` in the 2022+ client) holds a ``<general>`` block (game type with stakes,
currency, the hero's nickname, the tournament) and one ``<game gamecode=…>`` per hand: its players (seat, name,
chips, ``dealer``, and ``bet``/``win``: everything the player put in and everything paid back to the player, the
return of an uncalled bet included), then ``<round no=…>`` elements with ``<cards>`` and ``<action>`` elements.
iPoker's quirks, which this module turns into the shared events:

- cards are written suit first (``HQ``, ``D10``; ``X`` for an unknown card);
- actions are written in seat order, not in the order played: their ``no`` attribute gives the order;
- an action is a type code (0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 7 all-in, 8 and 9 not
  dealt in / sitting out, 15 ante, 16 bring-in, 23 raise) with ``sum``, the chips the action ADDS;
- amounts carry their currency and locale inside the value: ``$0.02``, ``0,05€``, ``RSD8``, ``50kr``, ``1,500``;
- no total pot, no rake and no uncalled-bet line: the pot is the players' ``bet``s (less what was not called,
  where the ``win`` does not hold it), the rake is everything put in less everything won (the engine computes it,
  holds it to the room's rake rules and says so in the audit's notes); a player's ``win`` is the collect, and the
  reader states whether it holds the return of a bet nobody called (``UncalledReturns``: older clients) or not
  (2018+): the engine returns it.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import ClassVar

from handlog.events import (
    Check,
    Collect,
    DealHole,
    Fold,
    Game,
    Hand,
    Notice,
    Post,
    PostType,
    Seat,
    Show,
    Stakes,
    StatedFinish,
    StatedResults,
    Street,
    StreetStart,
    Structure,
    Tournament,
    UncalledReturns,
)
from handlog.formats import headers
from handlog.formats.unknown import bad_field_line
from handlog.formats.xmlsession import (
    HandDocument,
    Node,
    RoundBets,
    XmlHandBuilder,
    XmlHandError,
    XmlSessionFormat,
    blind_stakes,
    to_int,
    unknown_element,
)
from handlog.reading.registry import register

ZERO = Decimal(0)
SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}
RANKS = {"10": "T", "1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"}
POSTS = {"1": PostType.SMALL_BLIND, "2": PostType.BIG_BLIND, "15": PostType.ANTE, "16": PostType.BRING_IN}
WAGERS = {"3": "call", "5": "bet", "7": "all_in", "23": "raise"}
NOT_DEALT = {"8", "9"}
"""Action codes of a seated player who is not dealt in (sitting out, waiting for the big blind): no money moves. A
player who has put chips in (an ante) and then sits out is out of the hand: a fold."""
BOARD_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
STUD_STREETS = {
    "Second Street": Street.SECOND, "Third Street": Street.THIRD, "Fourth Street": Street.FOURTH,
    "Fifth Street": Street.FIFTH, "Sixth Street": Street.SIXTH, "Seventh Street": Street.SEVENTH,
}
FLOP_ROUNDS = {1: Street.PREFLOP, 2: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
STUD_ROUNDS = {1: Street.THIRD, 2: Street.FOURTH, 3: Street.FIFTH, 4: Street.SIXTH, 5: Street.SEVENTH}
FIVE_STUD_ROUNDS = {1: Street.SECOND, 2: Street.THIRD, 3: Street.FOURTH, 4: Street.FIFTH}
STRUCTURES = {
    "nl": Structure.NO_LIMIT, "sl": Structure.NO_LIMIT, "бл": Structure.NO_LIMIT, "no limit": Structure.NO_LIMIT,
    "pl": Structure.POT_LIMIT, "pot limit": Structure.POT_LIMIT, "l": Structure.FIXED_LIMIT,
    "fl": Structure.FIXED_LIMIT, "limit": Structure.FIXED_LIMIT,
}
"""The structure word of ``<gametype>``: ``SL`` (Spanish "sin límite") and ``БЛ`` (Russian "без лимита") are
no-limit in the clients' translations."""
_STRUCTURE = re.compile(r"(?i)(?:^|\s)(no limit|pot limit|limit|nl|sl|бл|pl|fl|l)(?=\s|$)")
_STAKES = re.compile(r"(\S*\d\S*)\s*/\s*(\S*\d\S*)")
POCKET_GAMES = {2: Game.HOLDEM, 4: Game.OMAHA, 5: Game.FIVE_CARD_OMAHA, 6: Game.SIX_CARD_OMAHA}


class IPokerError(XmlHandError):
    """A field that does not read as iPoker writes it."""


def _readable(a: Node) -> bool:
    """The action's amount can be read (else the action is one in a new form: ``Builder._action``)."""
    try:
        amount(a.get("sum", "0"))
    except IPokerError:
        return False
    return True


def amount(text: str) -> Decimal:
    """An iPoker amount: currency and locale inside the value (``$1,500.25``, ``0,05€``, ``RSD8``, ``1,500``).

    The last separator followed by one or two digits is the decimal point; any other separator groups thousands
    (cash amounts have at most two decimals, tournament chips none)."""
    digits = re.sub(r"[^0-9.,\-]", "", text)
    if not re.search(r"\d", digits):
        raise IPokerError(f"{text!r} is not an amount")
    m = re.search(r"[.,](\d{1,2})$", digits)
    whole, cents = (digits[: m.start()], m.group(1)) if m else (digits, "")
    whole = re.sub(r"[.,]", "", whole)
    try:
        return Decimal(f"{whole or '0'}.{cents}" if cents else whole)
    except InvalidOperation as exc:
        raise IPokerError(f"{text!r} is not an amount") from exc


_TABLE_NUMBER = re.compile(r", ([0-9]+) [0-9A-Z]+$|\(#([0-9]+)\)")
"""A tournament's number in a table name after the name: ``…, 547028881 M2EFE101E4DDF2KD``, ``… (#16727068)``."""
_SESSION_AMOUNT = re.compile(
    r"(?<![\w.,])(?:(?P<pre>[$€£]|Pts|[A-Z]{3})\s?)?(?P<num>[0-9][0-9.,]*)(?:\s?(?P<post>[$€£]|[A-Z]{3}))?(?!\w)"
)
SESSION_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "Pts": "PTS"}


def session_amounts(text: str, default: str) -> list[tuple[Decimal, str]]:
    """The amounts of a session header's money field with their currencies (``$5+$0.50``, ``€0,50``, ``Pts
    11.00+Pts 0.00``, ``Iscriviti[ €0,40 + €0,10 N2EF… ]``: only amounts of a currency, or the whole field a
    number); none in a word (``Token``, ``Einladung``: a buy-in by ticket or invitation)."""
    text = text.strip()
    out: list[tuple[Decimal, str]] = []
    for m in _SESSION_AMOUNT.finditer(text):
        mark = m.group("pre") or m.group("post")
        if mark is None and m.group(0).strip() != text:
            continue  # a bare number inside other text (a code): not an amount
        try:
            value = amount(m.group("num"))
        except IPokerError:
            continue
        out.append((value, SESSION_CURRENCIES.get(mark, mark) if mark else default))
    return out


def card(text: str) -> str | None:
    """``HQ`` → ``Qh``, ``D10`` → ``Td``; ``X`` (unknown) → None."""
    text = text.strip()
    if len(text) < 2 or text[0].upper() not in SUITS:
        if text.upper() in ("X", ""):
            return None
        raise IPokerError(f"{text!r} is not a card")
    rank = RANKS.get(text[1:], text[1:].upper())
    if rank not in "23456789TJQKA" or len(rank) != 1:
        raise IPokerError(f"{text!r} is not a card")
    return rank + SUITS[text[0].upper()]


def game_of(gametype: str, pocket: int) -> tuple[Game, str]:
    """The game from ``<gametype>``; where it names none (``PL €2/€4``), from the number of pocket cards."""
    low = gametype.lower()
    if "stud" in low:
        if low.startswith("5"):
            return Game.FIVE_CARD_STUD, "5 Card Stud"
        hi_lo = "hi-lo" in low or "hi/lo" in low
        return (Game.SEVEN_CARD_STUD_HI_LO, "7 Card Stud Hi/Lo") if hi_lo else (Game.SEVEN_CARD_STUD, "7 Card Stud")
    if "six plus" in low or "6+" in low:
        return Game.SIX_PLUS_HOLDEM, "6+ Hold'em"
    if "omaha" in low and ("hi-lo" in low or "hi/lo" in low or "h/l" in low):
        return Game.OMAHA_HI_LO, "Omaha Hi/Lo"
    by_cards = POCKET_GAMES.get(pocket)
    if "holdem" in low or "hold'em" in low:
        return Game.HOLDEM, "Hold'em"
    if by_cards is not None and ("omaha" in low or by_cards is not Game.HOLDEM):
        return by_cards, {Game.OMAHA: "Omaha", Game.FIVE_CARD_OMAHA: "5 Card Omaha",
                          Game.SIX_CARD_OMAHA: "6 Card Omaha"}.get(by_cards, "Hold'em")
    if "omaha" in low:
        return Game.OMAHA, "Omaha"
    raise IPokerError(f"unknown game type {gametype!r}")


def structure_of(gametype: str) -> Structure:
    m = _STRUCTURE.search(gametype)
    if m is None:
        raise IPokerError(f"no betting structure in the game type {gametype!r}")
    return STRUCTURES[m.group(1).lower()]


class IPokerBuilder(XmlHandBuilder):
    """One ``<game>`` element into a ``Hand``."""

    def __init__(self, doc: HandDocument, file: str) -> None:
        super().__init__(doc, file)
        self.session = doc.context.get("general") or Node("general", {}, 0)
        self.game = doc.node
        self.hero = self.session.findtext("nickname")
        self.acted: set[str] = set()
        self.known: dict[str, tuple[tuple[str, ...], int]] = {}
        self.stacks: dict[str, Decimal] = {}
        self.recounted: dict[str, Decimal] = {}
        """Per player, the chips they had in the round before their last raise, while no call or bet of theirs has
        followed it: what iPoker's ``bet`` attribute counts a second time (see ``_settle``)."""

    def build(self) -> Hand:
        game, session = self.game, self.session
        general = game.find("general") or Node("general", {}, game.line)
        players_node = general.find("players") or game.find("players")
        # a seat written with no name (and no chips) is an empty seat
        players = [p for p in players_node.findall("player") if p.get("name")] if players_node is not None else []
        if not players:
            raise IPokerError("the hand names no players")
        rounds = sorted(game.findall("round"), key=lambda r: to_int(r.get("no")))
        actions = [(r, a) for r in rounds for a in sorted(r.findall("action"), key=lambda a: to_int(a.get("no")))]
        acted = self.acted = {a.get("player") for _, a in actions if a.get("type") not in NOT_DEALT}
        pockets = [c for r in rounds for c in r.findall("cards") if c.get("type") == "Pocket"]
        dealt = {c.get("player") for c in pockets}
        gametype = session.findtext("gametype")
        pocket = max((len(c.text.split()) for c in pockets), default=2)
        game_enum, game_name = game_of(gametype, pocket)
        structure = structure_of(gametype)
        tournament = self._tournament()
        seats = tuple(
            Seat(seat=to_int(p.get("seat")), player=p.get("name"), stack=amount(p.get("chips", "0")), line=p.line,
                 out_of_hand=p.get("name") not in acted and p.get("name") not in dealt)
            for p in players
        )
        # the button may be on a seat left empty (a dead button): its seat is still written, with no name
        everyone = players_node.findall("player") if players_node is not None else []
        button = next((to_int(p.get("seat")) for p in everyone if p.get("dealer") == "1"), None)
        if button is None:  # no dealer written (its seat left the list): the seat before the small blind's
            button = self._button_before_small_blind(actions, seats)
        stacks = self.stacks = {s.player: s.stack for s in seats}
        stakes = self._stated_stakes(gametype)
        big_posts = [amount(a.get("sum", "0")) for _, a in actions if a.get("type") == "2" and _readable(a)]
        self.big = stakes.small if stakes and structure is Structure.FIXED_LIMIT else (
            stakes.big if stakes else min(big_posts, default=ZERO))
        if self.doc.unclosed:
            self.events.append(Notice(line=game.line, text="the file ends before this hand's element closes: the"
                                      " hand is read as far as it is written"))
        self._play(rounds, actions, stacks, game_enum)
        stated = all("win" in p.attrib and "bet" in p.attrib for p in players)
        total: Decimal | None = None
        if stated:
            bets = {p.get("name"): amount(p.get("bet")) for p in players}
            wins = {p.get("name"): amount(p.get("win")) for p in players}
            total = self._settle(bets, wins, {p.get("name"): p.line for p in players})
        else:  # the 2016 partial export writes no bet and no win: the rules settle the hand
            self._shows(players)
        currency = "CHIPS" if tournament else (session.findtext("currency") or session.findtext("tablecurrency"))
        size = session.findtext("tablesize")
        return Hand(
            site="iPoker", hand_id=game.get("gamecode"), file=self.file, line=game.line, game=game_enum,
            game_name=game_name, structure=structure, stakes=stakes or self._posted_stakes(structure),
            currency=currency,
            tournament=tournament, table=session.findtext("tablename"),
            max_seats=int(size) if size.isdigit() else None, button=button,
            time_local=general.findtext("startdate"), seats=seats, events=tuple(self.events),
            summary=StatedResults(total_pot=total, line=game.line, pot_line=players_node.line if players_node else 0,
                                  results_stated=stated, uncalled=self._uncalled_returns()),
        )

    def _tournament(self) -> Tournament | None:
        s = self.session
        code = s.findtext("tournamentcode")
        name = s.findtext("tournamentname")
        if not code and not name:
            return None
        if not code:  # the table's name holds it: "Name, 611669111", "Name, 547028881 M2EF…", "Name (#16727068)"
            table = s.findtext("tablename")
            parts = [p.strip() for p in table.split(",")]
            m = _TABLE_NUMBER.search(table)
            code = next((p for p in parts[1:] if p.isdigit()), (m.group(1) or m.group(2)) if m else name)
        return Tournament(id=code, buy_in=s.findtext("buyin") or s.findtext("totalbuyin"), finish=self._finish())

    def _finish(self) -> StatedFinish | None:
        """The file owner's result as the session header states it (``<place>``, 0 while still playing;
        ``<buyin>``, ``<totalbuyin>``, ``<win>``), or None where it names no owner or states no place."""
        s = self.session
        node = s.find("place")
        player = s.findtext("nickname")
        if node is None or not player or not node.text.strip().isdigit():
            return None
        place = int(node.text.strip()) or None
        default = s.findtext("tournamentcurrency") or s.findtext("currency")
        written = s.findtext("buyin")
        parts = session_amounts(written, default)
        total = session_amounts(s.findtext("totalbuyin"), default)
        if len(parts) == 1 and len(total) == 2 and total[0][0] + total[1][0] == parts[0][0]:
            parts = total  # the Italian client: <buyin>€0,50</buyin>, <totalbuyin>Iscriviti[ €0,40 + €0,10 …]
        buy_in = parts[0][0] if parts else None
        fee = sum((v for v, _ in parts[1:]), ZERO) or ZERO  # a zero written "0.00" is the model's zero
        currency = parts[0][1] if parts else (total[0][1] if total else default)
        cost: Decimal | None = None if buy_in is None else buy_in + fee
        if len(total) == 1 and total[0][1] == currency and (cost is None or total[0][0] >= cost):
            cost = total[0][0]  # everything paid: re-buys and add-ons included ("$5+$0.50", total "$15.50")
        won = session_amounts(s.findtext("win"), default)
        return StatedFinish(
            player=player, place=place, prize=won[0][0] if won and won[0][0] else ZERO,
            prize_currency=won[0][1] if won else default, buy_in=buy_in, fee=fee, currency=currency, cost=cost,
            buy_in_text=written, line=node.line,
        )

    @staticmethod
    def _button_before_small_blind(actions: list[tuple[Node, Node]], seats: tuple[Seat, ...]) -> int | None:
        small = next((a.get("player") for _, a in actions if a.get("type") == "1"), None)
        seat = next((s.seat for s in seats if s.player == small), None)
        dealt = [s for s in seats if not s.out_of_hand]
        if seat is None or len(dealt) < 3:
            return seat  # heads-up the small blind is the button
        return seat - 1 if seat > 1 else max(s.seat for s in seats)

    @staticmethod
    def _stated_stakes(gametype: str) -> Stakes | None:
        m = _STAKES.search(gametype)
        return Stakes(small=amount(m.group(1)), big=amount(m.group(2))) if m else None

    def _posted_stakes(self, structure: Structure) -> Stakes:
        """A tournament's stakes, which its game type does not state: the blinds posted."""
        posts = [e for e in self.events if isinstance(e, Post)]
        small = next((e.amount for e in posts if e.post is PostType.SMALL_BLIND), None)
        big = next((e.amount for e in posts if e.post is PostType.BIG_BLIND), None)
        return blind_stakes(small, big, structure)

    def _play(self, rounds: list[Node], actions: list[tuple[Node, Node]], stacks: dict[str, Decimal],
              game: Game) -> None:
        """The rounds in order, each one's board cards first and its actions by their ``no``; sums are added
        chips, turned into the calls, bets and raise totals of the events."""
        stud = game in (Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO, Game.FIVE_CARD_STUD)
        streets = (FIVE_STUD_ROUNDS if game is Game.FIVE_CARD_STUD else STUD_ROUNDS) if stud else FLOP_ROUNDS
        self.bets = RoundBets(stacks)
        by_round: dict[int, list[Node]] = {}
        for r, a in actions:
            by_round.setdefault(id(r), []).append(a)
        last = list(streets.values())[-1]
        for r in rounds:
            number = to_int(r.get("no"))
            # stud: a round is the street its cards name (round 1 holds no cards and no betting in the logs)
            street = self._stud_street(r, last) if stud else streets.get(number)
            if number > 0 and street is not None:
                board: list[str] = []
                for c in r.findall("cards"):
                    if c.get("type") in BOARD_STREETS and not stud:  # a stud "River" is each player's last card
                        board += [x for x in (card(t) for t in c.text.split()) if x]
                line = next((c.line for c in r.findall("cards")), r.line)
                self.events.append(StreetStart(line=line, street=street, cards=tuple(board)))
                if number > 1:
                    self.bets.new_round()
                self._pockets(r, stud)
            for a in by_round.get(id(r), []):
                self._action(a)

    @staticmethod
    def _stud_street(r: Node, last: Street) -> Street | None:
        for c in r.findall("cards"):
            if c.get("type") in STUD_STREETS:
                return STUD_STREETS[c.get("type")]
            if c.get("type") == "River":
                return last
        return None

    def _pockets(self, r: Node, stud: bool = False) -> None:
        """The hero's pocket cards; in stud every player's cards of the street (the others' up cards, ``X`` for a
        card dealt down), each player's known cards so far dealt before the street's actions."""
        for c in r.findall("cards"):
            kind = c.get("type")
            if kind != "Pocket" and kind not in STUD_STREETS and not (stud and kind == "River"):
                continue
            known = tuple(x for x in (card(t) for t in c.text.split()) if x)
            if not known:
                continue
            name = c.get("player")
            if stud:
                held = self.known[name][0] if name in self.known else ()
                known = held + tuple(x for x in known if x not in held)
                self.events.append(DealHole(line=c.line, player=name, cards=known))
            elif name == self.hero and name not in self.known:
                self.events.append(DealHole(line=c.line, player=name, cards=known))
            self.known[name] = (known, c.line)

    def _action(self, a: Node) -> None:
        code, name, line = a.get("type"), a.get("player"), a.line
        if code in NOT_DEALT:
            if name in self.acted and name not in self.folded:  # dealt in (an ante posted), then sits out: out
                self.folded.add(name)
                self.events.append(Fold(line=line, player=name))
            return
        if code not in POSTS and code not in WAGERS and code not in ("0", "4"):
            # an action code not seen, of a seated player or of nobody (a table event): kept, the audit judges it
            self.events.append(unknown_element(a, code, name or None, self.bets.left))
            return
        if name not in self.bets.left:
            raise IPokerError(f"line {line}: {name!r} acts but has no seat")
        try:
            added = amount(a.get("sum", "0"))
        except IPokerError:  # a known action whose amount cannot be read ("DP", 2011): an action in a new form
            text = "<action " + " ".join(f'{k}="{v}"' for k, v in a.attrib.items()) + "/>"
            self.events.append(bad_field_line(line, text, name))
            return
        if code in POSTS:
            self.events.append(self.bets.post(line, name, POSTS[code], added, self.big))
        elif code == "0":
            self.folded.add(name)
            self.events.append(Fold(line=line, player=name))
        elif code == "4":
            self.events.append(Check(line=line, player=name))
        elif code in WAGERS:  # a raise (23) states its total for the round, the others the chips they add
            kind = WAGERS[code]
            if kind == "raise":
                self.recounted[name] = self.bets.before(name)
            elif added > 0:
                self.recounted.pop(name, None)
            if kind == "bet" and self.bets.top() > self.bets.before(name):
                # stud: the completion over the bring-in is written as a bet (5 Card Stud, 2011): the raise its
                # chips make, as RoundBets reads an all-in
                kind = "all_in"
            self.events.append(self.bets.wager(line, name, kind, added))

    def _shows(self, players: list[str] | list[Node]) -> None:
        """At a showdown (two players or more left), the known cards of each player left are shown."""
        names = [p.get("name") if isinstance(p, Node) else p for p in players]
        live = [name for name in names if name not in self.folded]
        if len(live) > 1:
            for name in live:
                if name in self.known:
                    cards_, at = self.known[name]
                    self.events.append(Show(line=at, player=name, cards=cards_))

    def _settle(self, bets: dict[str, Decimal], wins: dict[str, Decimal], lines: dict[str, int]) -> Decimal:
        """Shows and the collects from the players' ``bet`` and ``win`` (each at its player's element); the pot the
        bets state (everything put in, less what nobody called where the client pays that apart)."""
        self._shows(list(bets))
        for name, bet in list(bets.items()):
            put = self.stacks.get(name, ZERO) - self.bets.left.get(name, ZERO)
            again = self.recounted.get(name, ZERO)
            if bet != put and again > 0 and bet - put == again and not self.doc.unclosed:
                # iPoker's books count a raise's sum (the player's total for the round) in full, over the chips the
                # player already had in that round, until the player's next call or bet puts the count right: the
                # pot is what the actions put in (the player's chips in the next hand agree with the actions)
                bets[name] = put
                self.events.append(Notice(line=lines[name], player=name, text=f"{name}'s bet attribute is {bet}: it"
                                          f" counts again the {again} {name} had in the round before the last raise"
                                          f"; {name}'s actions put in {put}"))
            elif bet != put and not self.doc.unclosed:
                # the site's books disagree with the player's own actions (a 2011 tournament's bet attribute counts
                # a player's ante twice, or leaves it out): the engine reports the pot this states
                self.events.append(Notice(line=lines[name], player=name, text=f"{name}'s bet attribute is {bet},"
                                          f" but {name}'s actions put in {put}"))
        for name, won in wins.items():
            if won > 0:
                self.events.append(Collect(line=lines[name], player=name, amount=won))
        # the pot: what was bet, less what nobody called where the win does not hold it (the engine returns that)
        found = self.bets.uncalled(self.folded)
        apart = found is not None and self._uncalled_returns() is UncalledReturns.UNPRINTED
        return sum(bets.values(), ZERO) - (found[1] if found and apart else ZERO)

    def _uncalled_returns(self) -> UncalledReturns:
        """No client prints an uncalled return: those that write their <client_version> (2018+; some say
        <uncalled_bet_enabled>true) pay it apart, their ``win`` the pot alone; older ones count it in ``win``."""
        apart = bool(self.session.findtext("client_version")) or (
            self.session.findtext("uncalled_bet_enabled").lower() == "true")
        return UncalledReturns.UNPRINTED if apart else UncalledReturns.IN_COLLECTS


class IPokerFormat(XmlSessionFormat):
    name = "ipoker"
    builder = IPokerBuilder
    site = "iPoker"
    hand_tag = "game"
    action_elements: ClassVar[dict[str, frozenset[str]]] = {  # its ``general`` blocks: descriptions, not read
        "game": frozenset({"general", "round"}), "players": frozenset({"player"}),
        "round": frozenset({"action", "cards"}),
    }
    head = headers.IPOKER

    id_attribute = "gamecode"


register(IPokerFormat())
