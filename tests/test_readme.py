"""The documents stay true: the table of violation codes (docs/codes.md) is the registry, the registry is what the
code reports, and the README's quick start is what CI runs."""

from __future__ import annotations

import re
from pathlib import Path

from handlog.engine.codes import BY_CODE, markdown_table

ROOT = Path(__file__).resolve().parents[1]
# a code written where a violation is made: `"code", Category.X`, `_error("code"`, `violation("code"` (made from the
# registry), the engine's `violate("code"`, `stop("code"` and `Problem("code"`, or `code = "a" if … else "b"`
REPORTED = re.compile(
    r'"([a-z]+(?:-[a-z]+)+)",\s*Category\.|_error\(\s*"([a-z-]+)"|(?:violation|violate|stop|Problem)\(\s*"([a-z-]+)"'
)
ASSIGNED = re.compile(r'^\s*code = (.*)$', re.MULTILINE)
LITERAL = re.compile(r'"([a-z]+(?:-[a-z]+)+)"')


def reported_codes() -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "handlog").rglob("*.py"):
        if path.name == "codes.py":
            continue
        text = path.read_text(encoding="utf-8")
        for match in REPORTED.finditer(text):
            codes.add(next(g for g in match.groups() if g))
        for line in ASSIGNED.findall(text):
            codes.update(LITERAL.findall(line))
    return codes


def test_codes_document_lists_every_code() -> None:
    assert markdown_table() in (ROOT / "docs" / "codes.md").read_text(encoding="utf-8")


def test_every_reported_code_is_registered_and_every_registered_code_reported() -> None:
    codes = reported_codes()
    assert codes - set(BY_CODE) == set()
    assert set(BY_CODE) - codes == set()


def test_quick_start_commands_are_the_ci_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python -m pytest tests" in readme
    assert "\npython -m pytest tests\n" in ci


def test_readme_is_short_with_the_quick_start_on_its_first_screen() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) <= 15 * 1024
    first_screen = "\n".join(readme.splitlines()[:30])
    assert ".venv/bin/handlog audit samples/" in first_screen
    assert ".venv/bin/python -m pytest tests" in first_screen


def test_every_document_the_readme_links_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(((?:docs|bench)/[^)#]+)\)", readme)
    assert links
    assert [link for link in links if not (ROOT / link).is_file()] == []
