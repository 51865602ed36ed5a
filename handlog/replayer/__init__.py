"""``handlog replay``: a hand drawn as a sequence of table states, in the terminal and as one HTML page.

``model`` turns the engine's replay into a JSON-serialisable view-model; ``terminal`` and ``html`` draw it.
"""
