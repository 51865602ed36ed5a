"""Site and research formats. Importing this package registers every format with the reader."""

from handlog.formats import acpc, phh, pokerstars

__all__ = ["acpc", "phh", "pokerstars"]
