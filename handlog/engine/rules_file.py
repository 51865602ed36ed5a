"""House rules from a TOML file: a ``RulesProfile`` written down, validated, with errors a person can act on.

A rules file holds ``RulesProfile`` settings as top-level keys (``max_discard = 4``); a setting left out keeps the
standard value, not a site's. Amounts are read exactly (TOML floats as ``Decimal``). Anything the profile does
not know, or a value of the wrong type, is a ``RulesFileError`` naming the file, the line and the setting.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from importlib.resources import files
from pathlib import Path

from pydantic import ValidationError

from handlog.engine.rules import RulesProfile
from handlog.tomltext import decode_error, key_lines


def bundled_rules_dir() -> Path:
    """The house rules shipped with handlog: ``handlog/rules`` inside the installed package (the wheel holds
    ``samples/rules`` there), or ``samples/rules`` of a source checkout."""
    packaged = Path(str(files("handlog"))) / "rules"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "samples" / "rules"


def bundled_rules() -> dict[str, Path]:
    """The bundled rule files by name (the file name without ``.toml``: ``holdem-de``), sorted."""
    folder = bundled_rules_dir()
    return {p.stem: p for p in sorted(folder.glob("*.toml"))} if folder.is_dir() else {}


def resolve_rules(name_or_path: str) -> Path:
    """``--rules``' value as a file: a bundled name (``holdem-de``, or ``holdem-de.toml``) when no such file
    exists, else the path as given (a missing one is the loader's error, naming the bundled choices)."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    bundled = bundled_rules()
    stem = name_or_path.removesuffix(".toml")
    if "/" not in name_or_path and stem in bundled:
        return bundled[stem]
    return path


class RulesFileError(ValueError):
    """A rules file that cannot be used: ``str(error)`` is one line, ``file:line: what is wrong``."""


def load_rules(path: str | Path) -> RulesProfile:
    """The profile a rules file describes; raises ``RulesFileError`` when it cannot be read or is not valid."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        known = ", ".join(bundled_rules()) or "none"
        raise RulesFileError(
            f"{name}: cannot read the rules file: {exc.strerror or exc} (bundled rules: {known})"
        ) from None
    except UnicodeDecodeError:
        raise RulesFileError(f"{name}: the rules file is not UTF-8 text") from None
    return rules_from_toml(text, name)


def rules_from_toml(text: str, name: str = "<rules>") -> RulesProfile:
    """The profile in a rules file's text (``name`` is used in errors)."""
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        bare, at_line, _ = decode_error(exc)
        line = f":{at_line}" if at_line else ""
        raise RulesFileError(f"{name}{line}: not valid TOML: {bare}") from None
    lines = key_lines(text.splitlines())
    if "name" not in data:
        data["name"] = Path(name).stem
    try:
        return RulesProfile.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        first = errors[0]
        key = str(first["loc"][0]) if first["loc"] else ""
        setting = ".".join(str(part) for part in first["loc"])
        line = f":{lines[key]}" if key in lines else ""
        if first["type"] == "extra_forbidden":
            known = ", ".join(sorted(RulesProfile.model_fields))
            what = f"unknown setting {key!r} (the settings are: {known})"
        else:
            what = f"{setting}: {first['msg']} (got {first['input']!r})"
        more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
        raise RulesFileError(f"{name}{line}: {what}{more}") from None
