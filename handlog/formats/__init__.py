"""Site and research formats. Importing this package registers every format with the reader.

Detection asks the formats in the order they are registered here: a room's own reader before ``stars_layout``,
which reads PokerStars' layout from any room that has no reader of its own; the research formats (PHH, ACPC) are
told apart by their content and come first.
"""

# isort: off
from handlog.formats import acpc, phh
from handlog.formats import pokerstars, fulltilt, winning, ggpoker, winamax, bovada, everleaf, partypoker, pacific
from handlog.formats import ipoker, merge, boss, microgaming, everest, cake, ongame, pkr
from handlog.formats import stars_layout

# isort: on

__all__ = [
    "acpc", "boss", "bovada", "cake", "everest", "everleaf", "fulltilt", "ggpoker", "ipoker", "merge",
    "microgaming", "ongame", "pacific", "partypoker", "phh", "pkr", "pokerstars", "stars_layout", "winamax",
    "winning",
]
