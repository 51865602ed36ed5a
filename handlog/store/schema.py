"""The hand database's tables, as SQLAlchemy Core objects (the migrations in ``migrations/`` create them).

``files`` remembers how far each file was read (so a grown file is read from its last complete hand);
``hands`` holds one row per hand, identified by (site, hand key: the site's hand id, or a hash of the text of
an unparsed hand that has none); ``hand_players`` the per-hand counters of ``handlog stats --per-hand``;
``actions`` and ``violations`` what the replay saw; ``hand_text`` the original text, compressed, so that a hand
can be parsed again after a parser fix.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from handlog.stats.frame import COUNTER_FIELDS, MONEY_FIELDS
from handlog.stats.totals import COUNT_FIELDS
from handlog.store.types import Money, UtcDateTime

metadata = MetaData()

files = Table(
    "files",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("path", Text, nullable=False, unique=True),
    Column("size", BigInteger, nullable=False),  # size when last read
    Column("mtime_ns", BigInteger, nullable=False),
    Column("consumed", BigInteger, nullable=False),  # bytes up to the end of the last complete hand
    Column("lines", Integer, nullable=False),  # lines in those bytes (line numbers go on from there)
    Column("sha256", String(64), nullable=False),  # of the consumed bytes
    Column("format", String(40)),
    Column("encoding", String(20)),
    Column("hands", Integer, nullable=False),  # hand headers in the consumed bytes (duplicates included)
    Column("unparsed", Integer, nullable=False),  # … of which could not be parsed
    Column("violations", Integer, nullable=False),  # … of which have violations
    Column("imported_at", UtcDateTime, nullable=False),
)

hands = Table(
    "hands",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("site", String(40), nullable=False),
    Column("hand_key", Text, nullable=False),
    Column("hand_id", Text),
    Column("format", String(40), nullable=False),
    Column("game", Text),
    Column("game_name", Text),  # as the site wrote it
    Column("structure", Text),
    Column("stakes", Text),
    Column("small_blind", Money),
    Column("big_blind", Money),
    Column("currency", Text),
    Column("tournament_id", Text),
    Column("is_tournament", Boolean, nullable=False),
    Column("time_utc", UtcDateTime),
    Column("local_time", String(26)),  # the time as its log wrote it (no zone), ISO text
    Column("time_zone", Text),  # the zone it was read in (the log's, the room's, the user's), if any
    Column("time_source", String(10)),  # log, room, --tz, config, unknown, none (handlog.clock)
    Column("table_name", Text),
    Column("button", Integer),
    Column("status", String(12), nullable=False),  # clean, violations, unparsed
    Column("error", Text),  # why an unparsed hand could not be read
    Column("error_line", Integer),
    Column("file_id", Integer, ForeignKey("files.id"), nullable=False),
    Column("line", Integer, nullable=False),
    UniqueConstraint("site", "hand_key", name="uq_hands_site_key"),
)
Index("ix_hands_time", hands.c.time_utc)
Index("ix_hands_game", hands.c.game, hands.c.structure)
Index("ix_hands_stakes", hands.c.stakes, hands.c.currency)
Index("ix_hands_site", hands.c.site, hands.c.time_utc)
Index("ix_hands_file", hands.c.file_id, hands.c.line)



def _of_hand(name: str, *columns: Column[Any]) -> Table:
    """A table of rows that belong to one hand (deleted with it), keyed by (hand, seq): ``seq`` is the order of
    the rows within the hand (players as ``handlog stats --per-hand`` lists them, actions as the log has them)."""
    return Table(
        name,
        metadata,
        Column("hand", Integer, ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True),
        Column("seq", Integer, primary_key=True),
        *columns,
    )


hand_players = _of_hand(
    "hand_players",
    Column("player", Text, nullable=False),
    Column("time_utc", UtcDateTime),  # the hand's, for the player + time index
    Column("seat", Integer),
    Column("position", String(8)),
    *(Column(name, Integer if name in COUNT_FIELDS else Boolean, nullable=False) for name in COUNTER_FIELDS),
    Column("all_in_street", String(20)),
    Column("pot", String(16)),  # the pot type (stats --by pot); NULL in rows imported before it was stored
    *(Column(name, Money, nullable=name == "net_allin_ev") for name in MONEY_FIELDS),  # NULL: EV not computed
)
Index("ix_hand_players_player_time", hand_players.c.player, hand_players.c.time_utc)

actions = _of_hand(
    "actions",
    Column("street", String(20), nullable=False),
    Column("player", Text, nullable=False),
    Column("kind", String(20), nullable=False),
    Column("amount", Money),  # posts, calls, bets, uncalled bets, collected pots; raises: the total raised to
    Column("all_in", Boolean, nullable=False),
    Column("line", Integer, nullable=False),
)
Index("ix_actions_player", actions.c.player)

violations = _of_hand(
    "violations",
    Column("code", String(60), nullable=False),
    Column("category", String(30), nullable=False),
    Column("severity", String(10), nullable=False),
    Column("line", Integer, nullable=False),
    Column("message", Text, nullable=False),
)
Index("ix_violations_code", violations.c.code)

hand_text = Table(
    "hand_text",
    metadata,
    Column("hand", Integer, ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True),
    Column("text", LargeBinary, nullable=False),  # zlib of the hand's lines joined by "\n", UTF-8
)

# Tournaments (``handlog tournaments --db``): each tournament once by (site, tournament id), with the facts of its
# most complete summary (``rank``); each player's result once per tournament, from the summary the rule of
# ``handlog.tournaments.results.better`` prefers. Results from hands are not stored: they are read from the stored
# hands' finish lines when asked, as from the files.
tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("site", String(40), nullable=False),
    Column("tournament_id", Text, nullable=False),
    Column("buy_in", Money),
    Column("fee", Money, nullable=False),
    Column("bounty", Money, nullable=False),
    Column("currency", Text, nullable=False),
    Column("entrants", Integer),
    Column("start_utc", UtcDateTime),
    Column("rank", BigInteger, nullable=False),
    Column("file", Text, nullable=False),
    Column("line", Integer, nullable=False),
    UniqueConstraint("site", "tournament_id", name="uq_tournaments_site_id"),
)

tournament_results = Table(
    "tournament_results",
    metadata,
    Column("tournament", Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("player", Text, primary_key=True),
    Column("finish", Integer),
    Column("entrants", Integer),
    Column("buy_in", Money),
    Column("fee", Money, nullable=False),
    Column("bounty", Money, nullable=False),
    Column("prize", Money, nullable=False),
    Column("bounties_won", Money, nullable=False),
    Column("currency", Text, nullable=False),
    Column("cost", Money),
    Column("ticket", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("game", Text, nullable=False),
    Column("speed", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("start_utc", UtcDateTime),
    Column("hero", Boolean, nullable=False),
    Column("rank", BigInteger, nullable=False),
    Column("file", Text, nullable=False),
    Column("line", Integer, nullable=False),
)
Index("ix_tournament_results_player", tournament_results.c.player)


aliases = Table(
    "aliases",
    metadata,
    Column("site", Text, primary_key=True),  # lower case
    Column("player", Text, primary_key=True),
    Column("alias", Text, nullable=False),
)
"""``handlog aliases``: the user's merges of one person's accounts (see ``handlog.stats.identity``)."""
