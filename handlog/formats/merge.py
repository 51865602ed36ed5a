"""Merge Gaming Network (Carbon Poker and its skins) XML hand histories: only Merge's quirks, on ``xmlsession``.

A Merge file is a run of XML fragments, not one document: each hand is a ``<description type=… stakes=…/>`` (the
game and its stakes) followed by its ``<game id=… data="date|table|tournament|hand|…">``, with ``<players
dealer=SEAT>`` (each ``<player seat nickname balance dealtin>``), ``<round id=… sequence=…>`` elements holding
``<event sequence type player amount/>``, ``<cards type player cards/>`` and ``<winner amount uncalled potnumber
player/>``. ``xmlsession`` reads the fragments as one stream (``fragments = True``). Merge's quirks:

- an event's ``player`` is a SEAT number, not a name (a ``CHAT`` alone names its player);
- a ``RAISE`` (and a stud ``COMPLETE``) states its total for the round; ``CALL``, ``BET`` and ``ALL_IN`` the chips
  they add;
- a player's ``balance`` is his stack once the blinds and antes are posted;
- ``RETURN_BLIND`` is a returning player's big blind with a dead small blind; ``INITIAL_BLIND`` a new player's big
  blind; ``BRING_IN``/``COMPLETE`` the stud forced bet and its completion; ``GAME_CANCELLED`` a cancelled hand;
- the board is written whole on each street (``COMMUNITY``: the flop, then flop and turn …); unknown shown cards are
  ``null``; the hero's hand after a draw is written whole (``DRAW_DRAWN_CARDS``), a draw by its count (``DRAW``);
- a ``winner`` with ``uncalled="true"`` is a bet given back; older files give it back inside the pot's winner (the
  pot's winner then collects more than the pot): it is split off, as iPoker's is;
- no total pot and no rake: the engine computes them (``notes`` say so) and holds the rake to the room's rules.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import ClassVar

from handlog.events import (
    STUD_GAMES,
    Chat,
    Check,
    Collect,
    DealHole,
    Discard,
    Fold,
    Game,
    Hand,
    HandCancelled,
    Muck,
    Notice,
    PlayerStatus,
    PostType,
    Seat,
    Show,
    Stakes,
    StandPat,
    StatedResults,
    StatusChange,
    Street,
    StreetStart,
    Structure,
    Tournament,
    UncalledBet,
    UncalledReturns,
)
from handlog.formats import headers
from handlog.formats.xmlsession import (
    HandDocument,
    Node,
    XmlHandBuilder,
    XmlHandError,
    XmlSessionFormat,
    blind_stakes,
    to_int,
    unknown_element,
)
from handlog.reading.registry import register

ZERO = Decimal(0)
STREETS = {
    "PREFLOP": Street.PREFLOP, "POSTFLOP": Street.FLOP, "POSTTURN": Street.TURN, "POSTRIVER": Street.RIVER,
    "PRE_FIRST_DRAW": Street.PREFLOP, "FIRST_DRAW": Street.DRAW_1, "SECOND_DRAW": Street.DRAW_2,
    "THIRD_DRAW": Street.DRAW_3, "THIRD_STREET": Street.THIRD, "FOURTH_STREET": Street.FOURTH,
    "FIFTH_STREET": Street.FIFTH, "SIXTH_STREET": Street.SIXTH, "SEVENTH_STREET": Street.SEVENTH,
}
"""Rounds that start a street (``POST_FIRST_DRAW`` … are the betting after a draw: the draw's street goes on)."""
POSTS = {
    "SMALL_BLIND": PostType.SMALL_BLIND, "BIG_BLIND": PostType.BIG_BLIND, "INITIAL_BLIND": PostType.BIG_BLIND,
    "RETURN_BLIND": PostType.BOTH_BLINDS, "ANTE": PostType.ANTE, "BRING_IN": PostType.BRING_IN,
}
WAGERS = {"CALL": "call", "BET": "bet", "ALL_IN": "all_in", "RAISE": "raise", "COMPLETE": "raise"}
GAMES = [  # description type (lower case, without " tournament") → game
    ("omaha h/l", Game.OMAHA_HI_LO), ("omaha", Game.OMAHA), ("holdem", Game.HOLDEM),
    ("7-stud h/l", Game.SEVEN_CARD_STUD_HI_LO), ("7-stud", Game.SEVEN_CARD_STUD), ("razz", Game.RAZZ),
    ("2-7 lowball", Game.TRIPLE_DRAW_27), ("a-5 lowball", Game.TRIPLE_DRAW_A5), ("badugi", Game.BADUGI),
    ("5-draw", Game.FIVE_CARD_DRAW),
]
MIXED_GAMES = {  # a mixed game's (HORSE) ``multigametype``: the game of the hand (the cash code + 2 for tournaments).
    # In the H-O-R-S-E rotation of a 2011 tournament, 49 is razz (the highest up card brings in, the winners' hands
    # are lows such as "9-8-3-2-A"), 41 stud (high hands) and 45 stud hi/lo (a low pot); a 2014 cash table's 43 has
    # a low pot too
    "2": Game.HOLDEM, "23": Game.HOLDEM, "35": Game.OMAHA_HI_LO, "37": Game.OMAHA_HI_LO,
    "39": Game.SEVEN_CARD_STUD, "41": Game.SEVEN_CARD_STUD, "43": Game.SEVEN_CARD_STUD_HI_LO,
    "45": Game.SEVEN_CARD_STUD_HI_LO, "47": Game.RAZZ, "49": Game.RAZZ,
}
NAMES = {
    Game.HOLDEM: "Hold'em", Game.OMAHA: "Omaha", Game.OMAHA_HI_LO: "Omaha Hi/Lo", Game.FIVE_CARD_OMAHA: "5 Card Omaha",
    Game.SEVEN_CARD_STUD: "7 Card Stud", Game.SEVEN_CARD_STUD_HI_LO: "7 Card Stud Hi/Lo", Game.RAZZ: "Razz",
    Game.TRIPLE_DRAW_27: "2-7 Triple Draw", Game.TRIPLE_DRAW_A5: "A-5 Triple Draw", Game.BADUGI: "Badugi",
    Game.FIVE_CARD_DRAW: "5 Card Draw",
}
_AMOUNT = r"\$?([0-9][0-9,]*(?:\.[0-9]+)?)"
_AMOUNTS = re.compile(rf"{_AMOUNT}\s*/\s*{_AMOUNT}(?:\s*/\s*{_AMOUNT})?")
"""``$0.25/$0.50``: the blinds (fixed limit: the small and big bet); no-limit stud's ``$0.01/$0.02/$0.10``: the ante,
the bring-in and the smallest bet."""
STUD_SMALL_ROUNDS = frozenset({"THIRD_STREET", "FOURTH_STREET"})
STUD_BIG_ROUNDS = frozenset({"FIFTH_STREET", "SIXTH_STREET", "SEVENTH_STREET"})


STATUSES = {
    "LEAVE": PlayerStatus.LEAVES,
    "DISCONNECTED": PlayerStatus.DISCONNECTED,
    "RECONNECTED": PlayerStatus.CONNECTED,
    "SITOUT": PlayerStatus.SITS_OUT,
    "SIT_OUT": PlayerStatus.SITS_OUT,
}
"""Merge's events of a seat's presence (issue 26: read, not lost): none moves chips."""


class MergeError(XmlHandError):
    """A field that does not read as Merge writes it."""


def amount(text: str) -> Decimal:
    """``$1,500.25``, ``0.04``: Merge writes dollars with a dot and groups thousands with commas."""
    try:
        return Decimal(text.replace("$", "").replace(",", "").strip())
    except InvalidOperation as exc:
        raise MergeError(f"{text!r} is not an amount") from exc


def cards(text: str) -> tuple[tuple[str, ...], int]:
    """``Qc,3d`` → the cards, and how many were written ``null`` (not shown)."""
    known: list[str] = []
    unknown = 0
    for c in text.split(","):
        c = c.strip()
        if c in ("", "null"):
            unknown += c == "null"
            continue
        if len(c) != 2 or c[0] not in "23456789TJQKA" or c[1] not in "shdc":
            raise MergeError(f"{c!r} is not a card")
        known.append(c)
    return tuple(known), unknown


def game_of(description: str, node: Node) -> Game:
    low = description.lower().replace(" tournament", "")
    if node.get("multigametype") in MIXED_GAMES:
        return MIXED_GAMES[node.get("multigametype")]
    if low.startswith("horse"):  # a cash HORSE hand names no game: its rounds and cards say stud or a board game
        rounds = {r.get("id") for r in node.findall("round")}
        if "THIRD_STREET" in rounds:
            return Game.SEVEN_CARD_STUD
        return Game.OMAHA_HI_LO if node.get("numholecards") == "4" else Game.HOLDEM
    for word, game in GAMES:
        if low.startswith(word):
            if game is Game.OMAHA and node.get("numholecards") == "5":
                return Game.FIVE_CARD_OMAHA
            return game
    raise MergeError(f"unknown game {description!r}")


def structure_of(stakes: str) -> Structure:
    low = stakes.lower()
    if "pot limit" in low:  # "Half Pot Limit" (Badugi) caps raises at half the pot: read as pot-limit
        return Structure.POT_LIMIT
    if "no limit" in low:
        return Structure.NO_LIMIT
    if "limit" in low:
        return Structure.FIXED_LIMIT
    raise MergeError(f"no betting structure in {stakes!r}")


class MergeBuilder(XmlHandBuilder):
    """One ``<game>`` element (and the ``<description>`` before it) into a ``Hand``."""

    def __init__(self, doc: HandDocument, file: str) -> None:
        super().__init__(doc, file)
        self.game = doc.node
        self.description = doc.context.get("description") or Node("description", {}, 0)
        self.names: dict[str, str] = {}
        self.unlisted: set[str] = set()
        self.hole: dict[str, tuple[str, ...]] = {}
        self.board: tuple[str, ...] = ()

    def build(self) -> Hand:
        game_node, desc = self.game, self.description
        players_node = game_node.find("players")
        if players_node is None or not players_node.findall("player"):
            raise MergeError("the hand names no players")
        players = players_node.findall("player")
        self.names = {p.get("seat"): p.get("nickname") for p in players}
        game = game_of(desc.get("type"), game_node)
        structure = structure_of(desc.get("stakes"))
        data = game_node.get("data").split("|")
        tournament = None
        if "tournament" in desc.get("type").lower():
            tournament = Tournament(id=data[2] if len(data) > 2 else "")
        rounds = sorted(game_node.findall("round"), key=lambda r: to_int(r.get("sequence")))
        posted: dict[str, Decimal] = {}
        for r in rounds:
            if r.get("id") in ("BLINDS", "BRING_IN"):
                for e in r.findall("event"):
                    if e.get("type") in POSTS or e.get("type") == "ALL_IN":
                        name = self.names.get(e.get("player"), "")  # an unlisted seat has no balance to mend
                        posted[name] = posted.get(name, ZERO) + amount(e.get("amount", "0"))
        # a cash table's balance is the stack before the forced bets; the tournaments of the older layout write it
        # after them (the versioned layout, version="2" or "2.1", from 2013 on, before them everywhere)
        before_posts = tournament is None or bool(game_node.get("version") or desc.get("version"))
        # "dealtin" is false for everyone in some 2011 files: there it says nothing
        dealt_written = any(p.get("dealtin") == "true" for p in players)
        seats = tuple(
            Seat(seat=to_int(p.get("seat")), player=p.get("nickname"), line=p.line,
                 stack=amount(p.get("balance", "0")) + (ZERO if before_posts else posted.get(p.get("nickname"), ZERO)),
                 out_of_hand=p.get("dealtin") == "false" and dealt_written)
            for p in players
        )
        # a tournament file states the level of its first hand only, a play-money table its stakes in chips and its
        # amounts in thousands: there the blinds posted are the stakes
        posted_only = tournament is not None or game_node.get("realmoney") != "true"
        self.stud = game in STUD_GAMES
        stakes = self._stakes("" if posted_only else desc.get("stakes"), structure, rounds)
        self.start_betting(seats, stakes, structure)
        for r in rounds:
            self._round(r)
        uncalled = self._winners(rounds)
        return Hand(
            site="Merge", hand_id=game_node.get("id"), file=self.file, line=game_node.line, game=game,
            game_name=NAMES.get(game, desc.get("type")), structure=structure, stakes=stakes,
            currency="CHIPS" if tournament else ("USD" if game_node.get("realmoney") == "true" else "PLAY"),
            tournament=tournament, table=data[1] if len(data) > 1 else "",
            max_seats=to_int(game_node.get("seats")) or None, button=to_int(players_node.get("dealer", "-1")),
            time_local=game_node.get("starttime"), seats=seats, events=tuple(self.events),
            summary=StatedResults(line=game_node.line, uncalled=uncalled), cancelled=any(isinstance(e, HandCancelled)
                                                                     for e in self.events),
        )

    def _name(self, e: Node) -> str:
        """The player in the seat an element names. A seat the players list leaves out (a defect of the log: its
        player and stack are not stated) is read as the player ``seat N``, given no seat: the engine reports that
        an unseated player acts (``unknown-player``), and a ``Notice`` says which seat the list leaves out."""
        seat = e.get("player")
        if seat not in self.names:
            name = f"seat {seat}"
            if name not in self.unlisted:
                self.unlisted.add(name)
                self.events.append(Notice(line=e.line, player=name, text=f"seat {seat} acts, but the players list"
                                          " has nobody in that seat: its player and stack are not stated"))
            return name
        return self.names[seat]

    def _stakes(self, text: str, structure: Structure, rounds: list[Node]) -> Stakes:
        m = _AMOUNTS.search(text)
        if m is not None and m.group(3) is not None:  # ante / bring-in / smallest bet (no-limit stud)
            ante, bring_in, bet = amount(m.group(1)), amount(m.group(2)), amount(m.group(3))
            if structure is Structure.FIXED_LIMIT:
                return Stakes(small=bet, big=bet * 2, ante=ante)
            return Stakes(small=bring_in, big=bet, ante=ante)
        if m is not None:
            return Stakes(small=amount(m.group(1)), big=amount(m.group(2)))
        if self.stud and structure is Structure.FIXED_LIMIT:
            return self._stud_limits(rounds)
        posts = [(e.get("type"), amount(e.get("amount", "0"))) for r in rounds for e in r.findall("event")
                 if e.get("type") in ("SMALL_BLIND", "BIG_BLIND")]
        big = next((a for t, a in posts if t == "BIG_BLIND"), None)
        small = next((a for t, a in posts if t == "SMALL_BLIND"), None)
        return blind_stakes(small, big, structure)

    def _stud_limits(self, rounds: list[Node]) -> Stakes:
        """The limits of a fixed-limit stud hand whose stakes state none (a tournament: ``stakes="Limit"``, and
        stud posts no blinds to take them from). Merge writes the ante and the bring-in as posts, checked as
        posted. The small bet is read from the hand's full bets: a completion or bet of third and fourth street is
        one small bet (a fourth-street bet over an open pair may be a big one), a bet from fifth street on is a big
        bet, twice the small one (so a bet over the limit on any street leaves the smallest reading and is held
        to it). A ``Notice`` says the limits are read from the bets. A hand with no full bet has nothing to hold
        to a limit: twice its bring-in is taken (only the bring-in is then checked, below it)."""
        seen: list[Decimal] = []
        bring_in = ZERO
        for r in rounds:
            for e in r.findall("event"):
                kind, value = e.get("type"), amount(e.get("amount", "0")) if e.get("amount") else ZERO
                if kind == "BRING_IN":
                    bring_in = value
                elif kind == "COMPLETE" or (kind == "BET" and r.get("id") in STUD_SMALL_ROUNDS):
                    seen.append(value)
                elif kind == "BET" and r.get("id") in STUD_BIG_ROUNDS:
                    seen.append(value / 2)
        if seen:
            small = min(seen)
            text = "stud limits not stated: read from the hand's own bets (a small bet on third and fourth street," \
                " a big bet of twice it from fifth street on)"
        else:
            small = bring_in * 2
            text = "stud limits not stated and no full bet made: the small bet is taken as twice the bring-in"
        self.events.append(Notice(line=self.game.line, text=text))
        return Stakes(small=small, big=small * 2)

    def _round(self, r: Node) -> None:
        rid = r.get("id")
        street = STREETS.get(rid)
        if self.stud and rid == "BRING_IN":  # stud: the cards of third street, then the bring-in, open it
            street = Street.THIRD
        elif self.stud and rid == "THIRD_STREET":  # the betting after the bring-in: third street goes on
            street = None
        if street is not None:
            new: tuple[str, ...] = ()
            for c in r.findall("cards"):
                if c.get("type") == "COMMUNITY":
                    whole, _ = cards(c.get("cards"))
                    new, self.board = whole[len(self.board):], whole
            line = next((c.line for c in r.findall("cards") if c.get("type") == "COMMUNITY"), r.line)
            self.events.append(StreetStart(line=line, street=street, cards=new))
            if street not in (Street.PREFLOP, Street.THIRD):
                self.bets.new_round()
        elif rid.startswith("POST_") and rid.endswith("_DRAW"):
            self.bets.new_round()
        drawn = {self._name(c): (cards(c.get("cards"))[0], c.line) for c in r.findall("cards")
                 if c.get("type") == "DRAW_DRAWN_CARDS" and c.get("player") in self.names}
        # stud: a round's cards (written after its actions) are dealt before them; the others' DRAW_DRAWN_CARDS
        # are what they show, their up cards ("null,null,7h")
        dealt = ("HOLE", "DRAW_DRAWN_CARDS") if self.stud else ("HOLE",)
        for c in r.findall("cards"):
            if c.get("type") in dealt and c.get("player") in self.names:
                name = self._name(c)
                held, _ = cards(c.get("cards"))
                if held and held != self.hole.get(name):
                    self.events.append(DealHole(line=c.line, player=name, cards=held))
                    self.hole[name] = held
        for e in sorted(r.findall("event"), key=lambda e: to_int(e.get("sequence"))):
            if rid == "BLINDS" and e.get("type") == "ALL_IN":  # a blind that takes the whole stack
                small = any(x.get("type") == "SMALL_BLIND" for x in r.findall("event"))
                e = Node(e.tag, {**e.attrib, "type": "BIG_BLIND" if small else "SMALL_BLIND"}, e.line)
            self._event(e, drawn)
        for c in r.findall("cards"):
            if c.get("type") == "SHOWN" and c.get("player") in self.names:
                shown, unknown = cards(c.get("cards"))
                if shown:
                    self.events.append(Show(line=c.line, player=self._name(c), cards=shown, unknown=unknown))

    def _event(self, e: Node, drawn: dict[str, tuple[tuple[str, ...], int]]) -> None:
        kind, line = e.get("type"), e.line
        if kind == "GAME_CANCELLED":
            self.events.append(HandCancelled(line=line))
            return
        if kind == "CHAT":
            self.events.append(Chat(line=line, player=e.get("player"), text=e.get("text")))
            return
        if kind in ("SHOW", "PLAYER_OUT", "RABBIT"):
            # the shown cards follow as their own element (a winner's "RABBIT" after the others fold, 2012, too);
            # a player leaving costs nothing here
            return
        if kind in STATUSES and e.get("player") in self.names:  # a seat's connection: no chips
            self.events.append(StatusChange(line=line, player=self._name(e), status=STATUSES[kind]))
            return
        name = self._name(e)
        added = amount(e.get("amount", "0")) if e.get("amount") else ZERO
        if kind in POSTS:
            self.events.append(self.bets.post(line, name, POSTS[kind], added, self.big))
        elif kind == "FOLD":
            self.folded.add(name)
            self.events.append(Fold(line=line, player=name))
        elif kind == "CHECK":
            self.events.append(Check(line=line, player=name))
        elif kind == "MUCK":
            self.events.append(Muck(line=line, player=name))
        elif kind in WAGERS:  # RAISE and COMPLETE state a total for the round, the others the chips they add
            self.events.append(self.bets.wager(line, name, WAGERS[kind], added))
        elif kind == "DRAW":
            self._draw(name, to_int(e.get("text")), line, drawn.get(name))
        else:
            self.events.append(unknown_element(e, kind, name, self.names.values()))  # the audit judges it

    def _draw(self, name: str, count: int, line: int, after: tuple[tuple[str, ...], int] | None) -> None:
        held = self.hole.get(name, ())
        if count == 0:
            self.events.append(StandPat(line=line, player=name, cards=held))
            return
        if after is None or not held:
            self.events.append(Discard(line=line, player=name, count=count))
            return
        new_hand, at = after
        self.events.append(Discard(line=line, player=name, count=count,
                                   cards=tuple(c for c in held if c not in new_hand)))
        self.events.append(DealHole(line=at, player=name, cards=tuple(c for c in new_hand if c in held),
                                    new=tuple(c for c in new_hand if c not in held)))
        self.hole[name] = new_hand

    def _winners(self, rounds: list[Node]) -> UncalledReturns:
        """The winners' collects, and how the log shows the return of a bet nobody called: as a winner of its own,
        a return line (the 2015 layout marks it ``uncalled="true"``; an older file writes a pot of exactly that
        amount, e.g. "potnumber 2" after a river bet everyone folds to), or an older file inside the pot's winner
        (``UncalledReturns.IN_COLLECTS``: the engine returns it from there)."""
        winners = [w for r in rounds for w in r.findall("winner")]
        stated = any(w.get("uncalled") == "true" for w in winners)
        found = None if stated or not winners else self.bets.uncalled(self.folded)
        back = None if found is None else next(
            (w for w in winners if self._name(w) == found[0] and amount(w.get("amount", "0")) == found[1]), None)
        held = back is None and found is not None and any(
            self._name(w) == found[0] and amount(w.get("amount", "0")) >= found[1] for w in winners)
        for w in sorted(winners, key=lambda w: (w.get("uncalled") != "true", w is not back)):  # returns first
            name, value = self._name(w), amount(w.get("amount", "0"))
            if w.get("uncalled") == "true" or w is back:
                self.events.append(UncalledBet(line=w.line, player=name, amount=value))
                continue
            pot = "pot" if w.get("potnumber") in ("", "1") else f"side pot-{to_int(w.get('potnumber')) - 1}"
            if value > 0:
                self.events.append(Collect(line=w.line, player=name, amount=value, pot=pot))
        return UncalledReturns.IN_COLLECTS if held else UncalledReturns.PRINTED


class MergeFormat(XmlSessionFormat):
    name = "merge"
    builder = MergeBuilder
    site = "Merge"
    hand_tag = "game"
    action_elements: ClassVar[dict[str, frozenset[str]]] = {
        "game": frozenset({"players", "round"}), "players": frozenset({"player"}),
        "round": frozenset({"cards", "event", "winner"}),
    }
    context_tags = frozenset({"description"})
    head = headers.MERGE
    fragments = True


register(MergeFormat())
