"""The one error the hand database gives its callers (kept apart so that catching it loads no database code)."""


class StoreError(Exception):
    """A database problem described in one line: a path that cannot be written, a server that does not answer
    (or stops answering), a schema made by a newer handlog."""
