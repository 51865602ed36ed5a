"""``handlog report``: one self-contained HTML page of the statistics, the winnings graph, the positional
breakdown, the tournaments and the audit's violations (linked to replay pages written beside it).

:mod:`handlog.report.collect` gathers what the page shows in one pass over the hands, through the code of
``stats``, ``audit``, ``graph``, ``tournaments`` and ``replay``; :mod:`handlog.report.page` turns it into the data
the page embeds and renders the page (``assets/``).
"""
