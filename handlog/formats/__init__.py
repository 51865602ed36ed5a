"""Site and research formats. Importing this package registers every format with the reader.

Detection asks the formats in the order they are registered here: a room's own reader before ``stars_layout``,
which reads PokerStars' layout from any room that has no reader of its own; the research formats (PHH, ACPC) are
told apart by their content and come first.
"""

from handlog.formats import acpc, ggpoker, phh, pokerstars, stars_layout, winamax

__all__ = ["acpc", "ggpoker", "phh", "pokerstars", "stars_layout", "winamax"]
