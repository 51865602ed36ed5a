"""Violations are data: a stable code, a category, a severity and where in the log the rule was broken."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Category(StrEnum):
    LEGALITY = "legality"
    ACCOUNTING = "accounting"
    CARDS = "cards"
    SHOWDOWN = "showdown"
    STRUCTURE = "structure"


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: ``code`` is stable (listed in docs/codes.md), ``message`` says expected versus found."""

    code: str
    category: Category
    severity: Severity
    line: int
    message: str

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            # ``_value_``: the value ``.value`` gives, without that property's Python-level descriptor (one a field)
            "category": self.category._value_,
            "severity": self.severity._value_,
            "line": self.line,
            "message": self.message,
        }
