"""Site and research formats. Importing this package registers every format with the reader."""

from handlog.formats import phh, pokerstars

__all__ = ["phh", "pokerstars"]
