"""handlog: parse, replay, audit and summarise poker hand histories."""

from handlog import formats as _formats  # noqa: F401  (registers the readers)
from handlog.reading import HandRecord, ReadReport, read, read_text

__version__ = "0.1.0"
__all__ = ["HandRecord", "ReadReport", "__version__", "read", "read_text"]
