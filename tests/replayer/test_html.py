"""``handlog replay --html``: one self-contained file, small, with no URL anywhere and nothing from a log ever
taken for markup."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from replaykit import CORPUS, ENGINE_HANDS, HANDS

from handlog.cli.main import main

LIMIT = 200_000
DATA = re.compile(r'<script type="application/json" id="data">(.*?)</script>', re.DOTALL)


def write_page(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "replay.html"
    assert main(["replay", *args, "--html", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def page_data(page: str) -> dict[str, object]:
    """The page's data, each hand's states rebuilt from their deltas (its ``states-N`` element: the first state
    whole, then each only what differs from the state before; a seat only by its changed fields)."""
    match = DATA.search(page)
    assert match is not None
    data = json.loads(match.group(1))
    assert isinstance(data, dict)
    for k, hand in enumerate(data["hands"]):
        found = re.search(rf'<script type="application/json" id="states-{k}">(.*?)</script>', page, re.DOTALL)
        assert found is not None
        deltas = json.loads(found.group(1))
        assert hand.pop("packed") is True and hand["states"] == len(deltas)
        states: list[dict[str, object]] = []
        for delta in deltas:
            if not states:
                states.append(delta)
                continue
            state = {**states[-1], **{key: v for key, v in delta.items() if key != "seats"}}
            seats = [dict(seat) for seat in states[-1]["seats"]]  # type: ignore[attr-defined]
            for j, change in delta.get("seats", {}).items():
                seats[int(j)].update(change)
            state["seats"] = seats
            states.append(state)
        hand["states"] = states
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

    for hand in hands:
        one = render_page([hand])
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
    assert page.count("</script>") == 3  # the data's, the hand's states' and the code's: the name closes none
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


def test_the_page_holds_every_state_of_every_hand_exactly(tmp_path: Path) -> None:
    """The states written as deltas rebuild into the view's states, state for state, for every hand of a file."""
    import handlog
    from handlog.replayer.model import record_view

    path = ENGINE_HANDS
    page = write_page(tmp_path, "--all", str(path))
    hands = page_data(page)["hands"]
    views = [record_view(r) for r in handlog.read([path])]
    assert isinstance(hands, list) and len(hands) == len(views) > 10
    for shown, view in zip(hands, views, strict=True):
        assert shown["states"] == json.loads(json.dumps(view["states"])), view["hand_id"]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not there")
def test_a_page_of_many_hands_stays_a_few_kb_a_hand(tmp_path: Path) -> None:
    """``replay --html --all`` grew about 23 KB a hand (12 MB for 526 hands): now one shared seat table per
    hand and the states as deltas."""
    folder = CORPUS / "fpdb" / "cash" / "Stars"
    out = tmp_path / "replay.html"
    assert main(["replay", "--all", "--html", str(out), str(folder)]) in (0, 1)
    hands = page_data(out.read_text(encoding="utf-8"))["hands"]
    assert isinstance(hands, list) and len(hands) > 200
    per_hand = out.stat().st_size / len(hands)
    assert per_hand < 8_000, per_hand


def test_the_result_line_shows_the_rake(tmp_path: Path) -> None:
    path = ENGINE_HANDS / "nl_run_twice.txt"
    assert "Total pot €225.32 | Rake €2.15" in path.read_text(encoding="utf-8")  # the room's own numbers
    hands = page_data(write_page(tmp_path, str(path)))["hands"]
    assert isinstance(hands, list)
    final = hands[0]["states"][-1]["action"]["text"]
    assert final.startswith("result: ") and final.endswith("; rake €2.15"), final
