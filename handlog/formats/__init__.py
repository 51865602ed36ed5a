"""Site and research formats. Importing this package registers every format with the reader."""

from handlog.formats import ggpoker, pokerstars, winamax

__all__ = ["ggpoker", "pokerstars", "winamax"]
