"""Site and research formats. Importing this package declares every format to the reader; a format's module (its
reader) is imported only when a file of that format is met, or when the format is asked for by name
(``registry.get``), so a process reading one room's files does not load the other rooms' readers.

Detection asks the formats in the order they are declared here, each by its ``head`` (``headers``: the same
facts its reader detects with): a room's own reader before ``stars_layout``, which reads PokerStars' layout from
any room that has no reader of its own (a ``fallback``, asked last); the research formats (PHH, ACPC) are told
apart by their content and come first (so does OHH, a JSON document). A text room's head is the header its
grammar states (``headers.GrammarHead``, read when first asked); a document format's is in ``headers``. A new
room adds one line here: its name, its module and where its head is.
"""

from handlog.formats import headers
from handlog.reading.registry import Detector, declare, declare_summary

DECLARED: tuple[tuple[str, str, Detector], ...] = (
    ("phh", "phh", headers.PHH),
    ("acpc", "acpc", headers.ACPC),
    ("ohh", "ohh", headers.OHH),
    ("pokerstars", "pokerstars", headers.GrammarHead("pokerstars")),
    ("pokerstars-pt", "pokerstars_pt", headers.GrammarHead("pokerstars_pt")),
    ("fulltilt", "fulltilt", headers.GrammarHead("fulltilt")),
    ("winning", "winning", headers.GrammarHead("winning")),
    ("winning_2015", "winning_2015", headers.GrammarHead("winning_2015")),
    ("ggpoker", "ggpoker", headers.GrammarHead("ggpoker")),
    ("winamax", "winamax", headers.GrammarHead("winamax")),
    ("bovada", "bovada", headers.GrammarHead("bovada")),
    ("everleaf", "everleaf", headers.GrammarHead("everleaf")),
    ("partypoker", "partypoker", headers.GrammarHead("partypoker")),
    ("pacific", "pacific", headers.GrammarHead("pacific")),
    ("ipoker", "ipoker", headers.IPOKER),
    ("merge", "merge", headers.MERGE),
    ("boss", "boss", headers.BOSS),
    ("microgaming", "microgaming", headers.MICROGAMING),
    ("everest", "everest", headers.EVEREST),
    ("cake", "cake", headers.GrammarHead("cake")),
    ("ongame_2014", "ongame_2014", headers.GrammarHead("ongame_2014")),  # before "ongame": the same header line
    ("ongame", "ongame", headers.GrammarHead("ongame")),
    ("pkr", "pkr", headers.GrammarHead("pkr")),
    ("pokernow", "pokernow", headers.POKERNOW),
    ("weplay", "weplay", headers.GrammarHead("weplay")),
    ("entraction", "entraction", headers.GrammarHead("entraction")),
    ("igt", "igt", headers.IGT),
    ("pppoker", "pppoker", headers.GrammarHead("pppoker")),
    ("coinpoker", "coinpoker", headers.GrammarHead("coinpoker")),
    ("stars-layout", "stars_layout", headers.GrammarHead("stars_layout")),
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
