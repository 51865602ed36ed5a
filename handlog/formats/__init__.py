"""Site and research formats. Importing this package registers every format with the reader.

Detection asks the formats in the order they are registered here: a room's own reader before ``stars_layout``,
which reads PokerStars' layout from any room that has no reader of its own.
"""

from handlog.formats import acpc, bovada, fulltilt, ipoker, merge, phh, pokerstars, stars_layout, winning

__all__ = ["acpc", "bovada", "fulltilt", "ipoker", "merge", "phh", "pokerstars", "stars_layout", "winning"]
