"""The command line: thin commands over the library (``handlog parse``, ``handlog audit`` …)."""
