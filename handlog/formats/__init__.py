"""Site and research formats. Importing this package registers every format with the reader.

Detection asks the formats in the order they are registered here: a room's own reader before ``stars_layout``,
which reads PokerStars' layout from any room that has no reader of its own.
"""

# isort: off
from handlog.formats import pokerstars, fulltilt, winning, ggpoker, winamax, bovada
from handlog.formats import stars_layout

# isort: on

__all__ = ["bovada", "fulltilt", "ggpoker", "pokerstars", "stars_layout", "winamax", "winning"]
