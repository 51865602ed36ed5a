"""Errors as data: every problem handlog reports knows where it is and says what was expected."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ParseError(BaseModel):
    """Why a hand could not be read: position in the file, the offending text and what would have fit."""

    model_config = ConfigDict(frozen=True)

    line: int
    column: int = 1
    message: str
    expected: tuple[str, ...] = ()
    text: str = ""

    def as_dict(self) -> dict[str, object]:
        """The JSON form the commands print: line, column, message and what was expected."""
        return {"line": self.line, "column": self.column, "message": self.message, "expected": list(self.expected)}

    def describe(self, file: str = "") -> str:
        where = f"{file}:{self.line}:{self.column}" if file else f"line {self.line}:{self.column}"
        out = f"{where}: {self.message}"
        if self.text:
            out += f"\n    {self.text!r}"
        if self.expected:
            out += "\n    expected one of: " + ", ".join(self.expected)
        return out
