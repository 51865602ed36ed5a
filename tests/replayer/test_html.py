"""``handlog replay --html``: one self-contained file, small, with no URL anywhere and nothing from a log ever
taken for markup."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest
from replaykit import CORPUS, ENGINE_HANDS, HANDS

from handlog.cli.main import main

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

LIMIT = 200_000
DATA = re.compile(r'<script type="application/json" id="data">(.*?)</script>', re.DOTALL)


def write_page(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "replay.html"
    assert main(["replay", *args, "--html", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def page_data(page: str) -> dict[str, object]:
    match = DATA.search(page)
    assert match is not None
    data = json.loads(match.group(1))
    assert isinstance(data, dict)
    return data


def assert_self_contained(page: str) -> None:
    lowered = page.lower()
    assert "http://" not in lowered and "https://" not in lowered
    for attribute in re.findall(r'\b(?:src|href|xlink:href|action)\s*=\s*"([^"]*)"', page):
        assert attribute.startswith("#"), attribute  # only references inside the page
    assert "@import" not in lowered and "url(" not in lowered
    assert "<link" not in lowered and "<iframe" not in lowered
    assert "fetch(" not in page and "XMLHttpRequest" not in page and "import(" not in page


@pytest.mark.parametrize("path", sorted([*ENGINE_HANDS.glob("*.txt"), *HANDS.glob("*.txt")]), ids=lambda p: p.name)
def test_one_hand_page_is_small_and_self_contained(tmp_path: Path, path: Path) -> None:
    page = write_page(tmp_path, str(path))
    assert len(page.encode("utf-8")) < LIMIT
    assert_self_contained(page)
    data = page_data(page)
    hands = data["hands"]
    assert isinstance(hands, list) and len(hands) == 1 and data["listing"] is False


CORPUS_FILES = [
    CORPUS / "fpdb" / "tour" / "Stars" / "Draw" / "LBad-USD-MTT8-201011.txt",  # long 8-handed triple draws
    CORPUS / "fpdb" / "cash" / "Stars" / "Flop" / "PLO-FR-USD-0.01-0.02-201006.sidepots.txt",
]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not there")
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_hands_stay_under_the_limit(tmp_path: Path, path: Path) -> None:
    """The longest hands of the corpus (many players, three draws) each make a page under the limit."""
    page = write_page(tmp_path, "--all", str(path))
    hands = page_data(page)["hands"]
    assert isinstance(hands, list) and len(hands) > 1
    from handlog.replayer.html import render_page

    for hand in hands:  # the page holds each hand's states as changes: drawn again from the whole states
        one = render_page([{**hand, "states": _expanded(hand["states"])}])
        assert len(one.encode("utf-8")) < LIMIT, hand["hand_id"]
        assert_self_contained(one)


def test_log_text_is_never_markup_nor_a_url(tmp_path: Path) -> None:
    hostile = '</script><img src=x onerror=alert(1)>http://evil.example/&amp;'
    text = (ENGINE_HANDS / "nl_heads_up.txt").read_text(encoding="utf-8")
    names = sorted(set(re.findall(r"^Seat \d+: (\S+) \(", text, re.MULTILINE)))
    text = text.replace(names[0], hostile.replace(" ", "_"))
    hand_file = tmp_path / "hostile.txt"
    hand_file.write_text(text, encoding="utf-8")
    page = write_page(tmp_path, str(hand_file))
    assert_self_contained(page)
    assert page.count("</script>") == 2  # the data's and the code's: the name cannot close either
    assert "<img" not in page
    hands = page_data(page)["hands"]
    assert isinstance(hands, list)
    assert any(seat["name"] == hostile.replace(" ", "_") for seat in hands[0]["seats"])  # shown as written


def test_all_lists_every_hand_read(tmp_path: Path) -> None:
    parts = [(HANDS / "fl_heads_up_blind_position.txt"), (ENGINE_HANDS / "draw_nl.txt"),
             (ENGINE_HANDS / "nl_run_twice.txt")]
    lines = (ENGINE_HANDS / "nl_6max_kicker.txt").read_text(encoding="utf-8").splitlines()
    unparsed = "\n".join([*lines[:12], "Player3: dances on the table", *lines[12:]])
    combined = tmp_path / "many.txt"
    combined.write_text("\n\n\n".join([*(p.read_text(encoding="utf-8") for p in parts), unparsed]) + "\n",
                        encoding="utf-8")
    out = tmp_path / "all.html"
    assert main(["replay", "--all", str(combined), "--html", str(out)]) == 1  # one hand did not parse
    page = out.read_text(encoding="utf-8")
    assert_self_contained(page)
    data = page_data(page)
    assert data["listing"] is True
    hands = data["hands"]
    assert isinstance(hands, list)
    assert [h["status"] for h in hands] == ["violations", "clean", "clean", "unparsed"]
    assert "many.txt:" in hands[3]["error"]


def test_unwritable_output_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no-such-folder" / "x.html"
    assert main(["replay", str(ENGINE_HANDS / "draw_nl.txt"), "--html", str(out)]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert not out.exists()


def _expanded(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What page.js's ``expand`` does with compacted states, in Python."""
    full: list[dict[str, Any]] = []
    for change in states:
        if not full:
            full.append(change)
            continue
        before = full[-1]
        state = {**before, **change}
        state["action"] = change.get("action")
        state["violations"] = change.get("violations", [])
        state["step"] = change.get("step", before["step"] + 1)
        seats = change.get("seats", {})
        state["seats"] = [{**seat, **seats.get(str(k), {})} for k, seat in enumerate(before["seats"])]
        full.append(state)
    return full


def test_a_long_page_stays_a_few_kb_a_hand_and_its_states_expand_to_the_replay(tmp_path: Path) -> None:
    from handlog.reading import read
    from handlog.replayer.html import compact_states, render_page
    from handlog.replayer.model import record_view

    views = [record_view(r) for r in read([SAMPLES])]
    assert len(views) > 100
    for view in views:
        states = cast(list[dict[str, Any]], view["states"])
        assert _expanded(compact_states(states)) == states, view["hand_id"]
    page = render_page(views, listing=True)
    per_hand = len(page.encode("utf-8")) / len(views)
    assert per_hand < 6_000, per_hand  # 17 KB a hand when every state was written whole
