"""Every violation code handlog can report, with its category, severity and the rule it enforces.

Codes are stable: tools may filter on them. docs/codes.md's table is generated from this list
(``python -m handlog.engine.codes``) and a test keeps the two, and the code that reports them, in step.
"""

from __future__ import annotations

from dataclasses import dataclass

from handlog.engine.violations import Category, Severity, Violation

E, W = Severity.ERROR, Severity.WARNING
LEG, ACC, CRD, SHO, STR = (
    Category.LEGALITY, Category.ACCOUNTING, Category.CARDS, Category.SHOWDOWN, Category.STRUCTURE,
)


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    category: Category
    severity: Severity
    rule: str


RULES: tuple[Rule, ...] = (
    # legality: who may act, and how much
    Rule("out-of-turn", LEG, E, "Players act in turn: preflop from the left of the big blind (or straddle), after "
         "the flop from the left of the button; heads-up the button acts first preflop and last after; the draw "
         "goes round from the left of the button."),
    Rule("acts-after-fold", LEG, E, "A player who folded takes no further part in the hand."),
    Rule("acts-after-all-in", LEG, W, "An all-in player takes no further action (a site's automatic fold of an "
         "all-in player is void)."),
    Rule("no-betting-round", LEG, E, "Betting actions happen only while a betting round is open."),
    Rule("act-during-draw", LEG, E, "No betting while players are still drawing."),
    Rule("round-incomplete", LEG, E, "A street, the draw or the showdown comes only after every player has acted "
         "on the current bet."),
    Rule("street-after-hand-over", LEG, E, "No further card is dealt once only one player is left."),
    Rule("check-facing-bet", LEG, E, "A check is allowed only with nothing to call."),
    Rule("call-nothing", LEG, E, "A call needs a bet to call."),
    Rule("call-amount", LEG, E, "A call puts in exactly what is owed, or the whole stack (all-in for less); preflop "
         "the full big blind is owed even when the big blind is all-in short."),
    Rule("bet-facing-bet", LEG, E, "Facing a bet a player calls, raises or folds: an opening bet needs no bet."),
    Rule("bet-size", LEG, E, "No-limit and pot-limit: a bet is at least the big blind (unless all-in); pot-limit: "
         "at most the pot."),
    Rule("raise-size", LEG, E, "A raise is at least the previous full bet or raise (unless all-in); pot-limit: at "
         "most the pot after the call."),
    Rule("fixed-limit-size", LEG, E, "Fixed limit: bets and raises of exactly the small bet (preflop and flop; "
         "before the draw) or the big bet (turn and river; after the draw), or all-in for less."),
    Rule("raise-cap", LEG, E, "Fixed limit: at most one bet and three raises per round (the rules profile says "
         "whether the cap holds heads-up)."),
    Rule("raise-not-reopened", LEG, E, "An all-in raise smaller than a full raise does not reopen the betting for "
         "players who already acted: they may only call or fold."),
    Rule("blind-amount", LEG, E, "Blinds are posted at the amounts the stakes say, in tournaments the level's "
         "(or the level before, in a new level's first hand, where the rules profile says the room deals it so; "
         "all-in for less excepted); fixed limit: the small blind is half the small bet, or the room's rounding; "
         "the button blind is the stated one (holdem-rules-de.txt, Die Blinden; limit-holdem-rules-da.txt)."),
    Rule("blind-position", LEG, E, "Heads-up, the button posts the small blind (and so acts first preflop and "
         "last after the flop); the button blind is posted by the button."),
    Rule("ante-amount", LEG, E, "Every ante is the stated ante, or where none is stated the one every player posts "
         "(all-in for less excepted) (holdem-rules-fa.txt; five-card-draw-rules-de.txt, 2. Grundeinsatz)."),
    Rule("straddle-not-allowed", LEG, E, "A straddle only where the rules profile allows one: cash games, not "
         "tournaments, and no more straddles than the room allows (holdem-rules-de.txt, Zuerst Rund von Wetten)."),
    Rule("straddle-position", LEG, E, "Only the player directly left of the big blind (or of the last straddler) "
         "straddles, unless the room's profile lets any seat (holdem-rules-de.txt, Zuerst Rund von Wetten)."),
    Rule("straddle-amount", LEG, E, "A straddle is twice the big blind (a re-straddle twice the straddle before), "
         "or the room's multiple; all-in for less excepted (holdem-rules-de.txt, Zuerst Rund von Wetten)."),
    Rule("button-draw", LEG, E, "Where the log shows the draw for the button, the highest card by suit (spades, "
         "hearts, diamonds, clubs) takes it (five-card-draw-rules-de.txt, 1. Auslosung des ersten Dealer-Button "
         "Inhabers)."),
    Rule("draw-too-many", LEG, E, "A draw replaces at most four cards (the rules profile may allow five)."),
    Rule("discard-size", LEG, E, "Irish: after the flop's betting every player discards exactly two of the four "
         "hole cards (the game's published rules; see ``engine.variants.IRISH``)."),
    Rule("draws-twice", LEG, E, "Each player draws once per draw (and once for the button)."),
    # the dealer's errors at a live table and their remedies (checks.dealer, where the log records the deal)
    Rule("misdeal-not-declared", CRD, E, "The first hole card of the deal exposed (the first or second, where the "
         "house's profile says so), more than one hole card exposed, or more than one extra card dealt is a misdeal: "
         "the cards are shuffled, cut and dealt again before any betting (holdem-rules-de.txt, Händlerfehler; "
         "holdem-rules-fa.txt, سایر قوانین پوکر تگزاس هولدم)."),
    Rule("redeal-not-called-for", CRD, E, "A misdeal and a new deal only where the house rules call for one "
         "(holdem-rules-de.txt, Händlerfehler)."),
    Rule("exposed-card-kept", CRD, E, "Another hole card exposed by the dealer is not kept: once the deal is "
         "complete the dealer replaces it with the top card of the deck and burns the exposed card "
         "(holdem-rules-de.txt, Händlerfehler; holdem-rules-fa.txt, سایر قوانین پوکر تگزاس هولدم)."),
    Rule("flop-redeal-procedure", CRD, E, "A flop of too many cards, or turned before the betting was complete, is "
         "dealt again: its cards shuffled back with the deck (the burn card stays on the table), the deck cut, a new "
         "flop turned without a burn (holdem-rules-de.txt, Händlerfehler)."),
    Rule("premature-card-procedure", CRD, E, "A turn card turned before the betting was complete is out of play "
         "for that round; the dealer then burns and turns the turn; after its betting the deck is shuffled with the "
         "card taken out (not the burn cards), cut, and the river turned without a burn. A premature river: the "
         "deck shuffled with it, cut, the river turned without a burn (holdem-rules-de.txt, Händlerfehler)."),
    Rule("extra-card-procedure", CRD, E, "One extra card dealt to a player after the starting hands goes back to "
         "the deck as the next burn card (holdem-rules-de.txt, Händlerfehler)."),
    Rule("burn-missing", CRD, E, "Where a hand's log records the burns, the dealer burns one card before the flop, "
         "the turn and the river, except where a remedy says no burn (holdem-rules-de.txt, Die Pleite; "
         "holdem-rules-fa.txt, فلاپ)."),
    Rule("board-play-undeclared", SHO, E, "A player who plays the board says so before throwing the cards away; "
         "otherwise the claim to the pot is lost (holdem-rules-fa.txt, سایر قوانین پوکر تگزاس هولدم)."),
    # accounting: the money adds up, and matches what the site printed
    Rule("exceeds-stack", ACC, E, "Nobody puts in more than their stack."),
    Rule("uncalled-bet", ACC, E, "The uncalled part of a bet goes back to the player who made it, exactly."),
    Rule("uncalled-not-returned", ACC, E, "A bet nobody called is returned before the pot is awarded."),
    Rule("total-pot", ACC, E, "'Total pot' is everything the players put in, after uncalled bets came back."),
    Rule("collected-total", ACC, E, "What the players collect plus the rake is the total pot."),
    Rule("rake", ACC, E, "The rake is never negative nor more than the pot."),
    Rule("side-pots", ACC, E, "Main and side pots are layered by the all-in amounts of the players still in."),
    Rule("pot-unknown", ACC, E, "A player collects only from a pot that exists."),
    Rule("pot-overpaid", ACC, E, "No pot pays out more than it holds."),
    Rule("summary-won", ACC, E, "Each summary line's 'won'/'collected' amount is what that player collected."),
    Rule("stack-after", ACC, E, "Each stack the room prints after the hand is the player's stack before it plus "
         "their net result (OnGame's and PKR's summary seats, Microgaming's endbalance)."),
    Rule("split-amount", ACC, E, "A split pot is shared equally to the smallest unit (the cent, one chip): only "
         "the odd chips differ (or the room's rake steps, where its profile takes the rake from the shares) "
         "(holdem-rules-de.txt, Der Fluss)."),
    Rule("board-half", ACC, E, "Split Hold'em: every pot is halved between the two boards, each half to the best "
         "hand on its board; the first board's half takes the odd chip (PokerStars' Split Hold'em logs)."),
    Rule("odd-chip", ACC, W, "A split pot's odd chip goes to the first winner left of the button."),
    # cards: the deck and the deal
    Rule("duplicate-card", CRD, E, "No card appears twice in a deal (hole cards, board, shown, drawn; the cards drawn "
         "for the button): a misdeal."),
    Rule("card-not-in-deck", CRD, E, "Short Deck (6+ Hold'em) deals from 36 cards, sixes to aces: no two to five "
         "appears."),
    Rule("hole-card-count", CRD, E, "Each player is dealt the variant's number of hole cards (Hold'em 2, Five Card "
         "Draw 5): otherwise a misdeal."),
    Rule("board-count", CRD, E, "The flop adds three cards, the turn and the river one each."),
    Rule("board-mismatch", CRD, E, "The board printed on each street and in the summary is the board dealt."),
    Rule("hole-cards-changed", CRD, E, "A player's hole cards do not change (except by a draw)."),
    Rule("shown-count", CRD, E, "A shown hand has no more cards than the variant deals."),
    Rule("shown-mismatch", CRD, E, "Shown cards are the cards the player was dealt."),
    Rule("draw-count-mismatch", CRD, E, "A draw deals as many cards as were discarded."),
    Rule("hand-size", CRD, E, "After a draw a player holds five cards again."),
    Rule("kept-cards-not-held", CRD, E, "The cards kept in a draw are cards the player held."),
    Rule("discard-count", CRD, E, "The cards listed in a discard are as many as it says."),
    Rule("discard-not-held", CRD, E, "A player discards only cards they hold."),
    # showdown: who wins
    Rule("wrong-winner", SHO, E, "Each pot goes to the best hand shown among the players in it; a player who "
         "mucked or did not show is never paid over one who showed."),
    Rule("split-missing", SHO, E, "Tied best hands split the pot."),
    Rule("ineligible-winner", SHO, E, "Only players who contested a pot (put in its level, did not fold) win it; a "
         "collect that names no pot is held against every pot the player is in."),
    Rule("collect-by-folded", SHO, E, "A player who folded wins nothing."),
    Rule("showdown-order", SHO, W, "At showdown the last bettor or raiser of the last round shows first; with no "
         "bet on it, the first player left of the button; with an all-in, the round the rules profile names (the "
         "house rules: the last round with a bet). A warning (sites show automatically) unless the profile says "
         "the room enforces it; not judged where the profile says the room writes the shown hands in an order of "
         "its own (holdem-rules-fa.txt, Shotdown)."),
    # structure: the log's own shape
    Rule("unknown-player", STR, E, "Everyone who acts has a seat line, or a line saying they joined the table "
         "(their seat and stack then go unchecked). Reported once; what follows from not knowing who is who is "
         "not checked (the audit's notes say so)."),
    Rule("street-order", STR, E, "Streets come in the variant's order. A board street before the deal (no betting "
         "round begun) leaves the betting after it in no round: the replay stops there, with this one error."),
    Rule("street-not-in-game", STR, E, "Only the variant's streets are dealt."),
    Rule("draw-not-in-game", STR, E, "Only draw games have draws."),
    Rule("draw-out-of-place", STR, E, "A draw comes only where the variant has one."),
    Rule("bring-in-player", LEG, E, "Stud: the lowest up card brings in (Razz: the highest), suits breaking ties "
         "by the rules profile (clubs, diamonds, hearts, spades from low to high); from fourth street the best "
         "showing hand acts first (Razz: the lowest)."),
    Rule("bring-in-amount", LEG, E, "Stud: the bring-in is less than the small bet (a full small bet is a "
         "completion), all-in for less excepted."),
    Rule("bring-in-not-in-game", STR, E, "Only stud games have a bring-in."),
    Rule("post-after-deal", STR, W, "Blinds and antes are posted before the cards are dealt."),
    Rule("raise-increment", STR, W, "'raises X to Y': X is Y less the bet being raised."),
    Rule("raise-without-bet", STR, W, "With no bet to raise, the first wager is a bet."),
    Rule("all-in-marked", STR, W, "'and is all-in' only when no chips are left."),
    Rule("all-in-unmarked", STR, W, "A player left with no chips is marked all-in."),
    Rule("game-not-replayed", STR, W, "The hand's game is read but not replayed yet: only its forced bets were "
         "checked."),
    Rule("internal-error", STR, E, "handlog itself failed on this hand (a bug to report); the run goes on."),
    Rule("unknown-line", STR, W, "A line inside a hand that the reader does not know is kept and the hand read on: "
         "a warning when the hand's own numbers (total pot, rake, collected amounts, the summary's results) all "
         "reconcile without it; an error, the hand left out of statistics unless --include-unverified, when they do "
         "not or the room states nothing that could prove the hand (docs/unknown-lines.md)."),
    Rule("unknown-action", STR, E, "A line naming a seated player that reads like an action in a form the reader "
         "does not know (an unknown verb, a post in an unseen form, an amount or cards it cannot read) may have "
         "moved chips: an error whatever the totals say; the hand is left out of statistics unless "
         "--include-unverified (docs/unknown-lines.md)."),
)

UNVERIFIED_CODES = frozenset({"unknown-line", "unknown-action"})
"""Codes whose error leaves a hand out of statistics unless the user asks for it (``--include-unverified``)."""
EITHER_SEVERITY = frozenset({"unknown-line"})
"""Codes reported as a warning or as an error depending on the hand (their registered severity is the mildest)."""

BY_CODE: dict[str, Rule] = {r.code: r for r in RULES}


def violation(code: str, line: int, message: str) -> Violation:
    """A violation of the registered rule ``code``, with the category and severity the registry gives it."""
    rule = BY_CODE[code]
    return Violation(code, rule.category, rule.severity, line, message)


def markdown_table() -> str:
    """The table of codes in docs/codes.md."""
    rows = ["| code | category | severity | rule |", "|---|---|---|---|"]
    rows += [f"| `{r.code}` | {r.category.value} | {r.severity.value} | {r.rule} |" for r in RULES]
    return "\n".join(rows)


if __name__ == "__main__":
    print(markdown_table())
