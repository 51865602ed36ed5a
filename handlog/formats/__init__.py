"""Site and research formats. Importing this package registers every format with the reader."""

from handlog.formats import bovada, everleaf, fulltilt, pokerstars, winning

__all__ = ["bovada", "everleaf", "fulltilt", "pokerstars", "winning"]
