"""Site and research formats. Importing this package declares every format to the reader; a format's module (its
reader) is imported only when a file of that format is met, or when the format is asked for by name
(``registry.get``), so a process reading one room's files does not load the other rooms' readers.

Detection asks the formats in the order they are declared here, each by its ``head`` (``headers``: the same
facts its reader detects with): a room's own reader before ``stars_layout``, which reads PokerStars' layout from
any room that has no reader of its own (a ``fallback``, asked last); the research formats (PHH, ACPC) are told
apart by their content and come first (so does OHH, a JSON document). A text room's head is the header its
grammar states (``_text``: ``headers.grammar_head``); a document format's is in ``headers``. A new room adds
one line here: its name, its module and where its head is.
"""

from handlog.formats import headers
from handlog.reading.registry import Detector, declare, declare_summary


def _text(grammar: str) -> Detector:
    """A text room's head: the header its grammar states (``headers.grammar_head``)."""
    head = headers.grammar_head(grammar)
    if head is None:
        raise LookupError(f"grammars/{grammar}.lark states no HEAD_START")
    return head


DECLARED: tuple[tuple[str, str, Detector], ...] = (
    ("phh", "phh", headers.PHH),
    ("acpc", "acpc", headers.ACPC),
    ("ohh", "ohh", headers.OHH),
    ("pokerstars", "pokerstars", _text("pokerstars")),
    ("pokerstars-pt", "pokerstars_pt", _text("pokerstars_pt")),
    ("fulltilt", "fulltilt", _text("fulltilt")),
    ("winning", "winning", _text("winning")),
    ("winning_2015", "winning_2015", _text("winning_2015")),
    ("ggpoker", "ggpoker", _text("ggpoker")),
    ("winamax", "winamax", _text("winamax")),
    ("bovada", "bovada", _text("bovada")),
    ("everleaf", "everleaf", _text("everleaf")),
    ("partypoker", "partypoker", _text("partypoker")),
    ("pacific", "pacific", _text("pacific")),
    ("ipoker", "ipoker", headers.IPOKER),
    ("merge", "merge", headers.MERGE),
    ("boss", "boss", headers.BOSS),
    ("microgaming", "microgaming", headers.MICROGAMING),
    ("everest", "everest", headers.EVEREST),
    ("cake", "cake", _text("cake")),
    ("ongame_2014", "ongame_2014", _text("ongame_2014")),  # before "ongame": the same header line
    ("ongame", "ongame", _text("ongame")),
    ("pkr", "pkr", _text("pkr")),
    ("pokernow", "pokernow", headers.POKERNOW),
    ("weplay", "weplay", _text("weplay")),
    ("entraction", "entraction", _text("entraction")),
    ("igt", "igt", headers.IGT),
    ("pppoker", "pppoker", _text("pppoker")),
    ("coinpoker", "coinpoker", _text("coinpoker")),
    ("stars-layout", "stars_layout", _text("stars_layout")),
)
"""Every format of the package: its registry name, its module in ``handlog.formats``, its head."""

for _name, _module, _head in DECLARED:
    declare(_name, f"handlog.formats.{_module}", _head)
declare_summary(headers.SUMMARY)  # tournament summaries: skipped by the hand commands, read by `tournaments`

__all__ = [
    "acpc", "boss", "bovada", "cake", "coinpoker", "entraction", "everest", "everleaf", "fulltilt", "ggpoker",
    "headers", "igt", "ipoker", "merge", "microgaming", "ohh", "ongame", "ongame_2014", "pacific", "partypoker",
    "phh", "pkr", "pokernow", "pokerstars", "pokerstars_pt", "pppoker", "stars_layout", "weplay", "winamax", "winning",
    "winning_2015",
]
