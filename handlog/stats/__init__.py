"""Player statistics: per hand and player counters, aggregates, exports and the winnings graph.

``per_hand(hands)`` (or ``read_per_hand(paths)``) gives one row per hand and player (the fields of ``FIELDS``,
money as exact ``Decimal``); ``aggregate(table, by=…)`` gives one row per player (and group).
"""

from handlog.stats.frame import FIELDS, aggregate, hand_rows, per_hand, read_per_hand

__all__ = ["FIELDS", "aggregate", "hand_rows", "per_hand", "read_per_hand"]
