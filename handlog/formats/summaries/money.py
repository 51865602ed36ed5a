"""Amounts as tournament summaries write them: ``$1,518.00``, ``0,09 €``, ``20$``, ``₹2,724.59``, ``25,750 FPP``,
``USD 875.00``, ``10 T$``, ``870`` (play chips). Shared by every room's summary reader."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}
UNITS = {"FPP": "FPP", "SC": "SC", "T$": "T$", "PLAY CHIPS": "PLAY", "PLAY": "PLAY", "CHIPS": "PLAY"}

_AMOUNT = re.compile(
    r"^(?P<pre>[A-Z]{3} |[$€£₹¥])?\s*(?P<num>-?[0-9][0-9 .,]*?)\s*(?P<post>[$€£₹¥]|[A-Z]{3}|FPP|SC|T\$|Play Chips)?$"
)


class AmountError(ValueError):
    """Text that is not an amount."""


def number(text: str) -> Decimal:
    """A number with thousands separators and a decimal point or comma, read the way the room meant it: with both
    ``,`` and ``.`` the last one is the decimal mark; a lone ``,`` before one or two digits is a decimal comma
    (``0,09``, ``1,2``), before three a thousands separator (``25,750``)."""
    t = text.replace(" ", "").replace("\u00a0", "")
    if not t or not re.fullmatch(r"-?[0-9][0-9.,]*", t):
        raise AmountError(f"not a number: {text!r}")
    if "," in t and "." in t:
        t = t.replace(".", "").replace(",", ".") if t.rfind(",") > t.rfind(".") else t.replace(",", "")
    elif "," in t:
        head, _, tail = t.rpartition(",")
        t = head.replace(",", "") + "." + tail if len(tail) in (1, 2) and t.count(",") == 1 else t.replace(",", "")
    elif t.count(".") > 1:
        t = t.replace(".", "")
    try:
        return Decimal(t)
    except InvalidOperation as exc:  # pragma: no cover - the pattern above admits only digits and marks
        raise AmountError(f"not a number: {text!r}") from exc


def amount(text: str, default_currency: str = "") -> tuple[Decimal, str]:
    """``(value, currency)`` of one amount; the currency is the symbol's or code's, else ``default_currency``."""
    m = _AMOUNT.match(text.strip())
    if m is None:
        raise AmountError(f"not an amount: {text!r}")
    cur = default_currency
    for part in (m.group("pre"), m.group("post")):
        if part:
            part = part.strip()
            cur = SYMBOLS.get(part) or UNITS.get(part.upper()) or part
    return number(m.group("num")), cur
