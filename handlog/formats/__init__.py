"""Site and research formats. Importing this package registers every format with the reader."""

from handlog.formats import fulltilt, partypoker, pokerstars, winning

__all__ = ["fulltilt", "partypoker", "pokerstars", "winning"]
