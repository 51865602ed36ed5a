"""The HTML replayer in a real browser: Debian's headless Chromium driven by Selenium through Debian's
chromium-driver (``apt-get install chromium chromium-driver``; ``.ci/run`` installs them).

The page is opened from disk and stepped through with the keyboard and the buttons; at every step the stacks,
bets and pots the page shows are compared with the ones the engine computed for that step. Screenshots at a
laptop and a phone width are saved next to the page (in pytest's tmp folder). Without a browser the tests skip
and say why, unless ``HANDLOG_REQUIRE_BROWSER`` is set (CI sets it once it has installed one): then they fail.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from replaykit import CORPUS, ENGINE_HANDS, HANDS, load

from handlog.cli.main import main
from handlog.engine import Replay, replay
from handlog.engine.pots import build_pots
from handlog.replayer.model import money

SIDE_POTS = CORPUS / "fpdb" / "cash" / "Stars" / "Flop" / "PLO-FR-USD-0.01-0.02-201006.sidepots.txt"
SIDE_POTS_HAND = "22865231671"  # three all-ins preflop: a main pot and two side pots


def _browser_paths() -> tuple[str, str] | str:
    """Chromium and chromedriver, or the reason they cannot be used."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or next(
        (p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if Path(p).exists()), None)
    if chromium is None or driver is None:
        return "no headless browser: apt-get install chromium chromium-driver"
    return chromium, driver


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    found = _browser_paths()
    if isinstance(found, str):
        if os.environ.get("HANDLOG_REQUIRE_BROWSER"):
            pytest.fail(f"HANDLOG_REQUIRE_BROWSER is set but {found}")
        pytest.skip(found)
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = found[0]
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-extensions", "--no-first-run"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(found[1]))
    driver.set_window_size(1280, 800)
    try:
        yield driver
    finally:
        driver.quit()


READ_PAGE = """
const app = document.getElementById('app');
const seats = {};
for (const s of document.querySelectorAll('.seat')) {
  seats[s.dataset.name] = {stack: s.querySelector('.stack').innerText.trim(),
                           tag: s.querySelector('.tag').innerText.trim(), cls: s.className};
}
for (const b of document.querySelectorAll('.bet')) { seats[b.dataset.name].bet = b.innerText.trim(); }
return {step: Number(app.dataset.step), index: Number(app.dataset.index), seats: seats,
        pot: document.getElementById('pot-total').innerText.trim(),
        pots: [...document.querySelectorAll('#pots .pot')].map(p => p.innerText.trim()),
        action: document.getElementById('action').innerText.trim(),
        violations: [...document.querySelectorAll('#violations li')].map(v => v.innerText.trim()),
        counter: document.getElementById('counter').innerText.trim()};
"""


def open_page(browser: Any, tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "replay.html"
    assert main(["replay", *args, "--html", str(out)]) in (0, 1)
    browser.get(out.as_uri())
    return out


class Keys:
    """Selenium's key codes (selenium.webdriver.common.keys.Keys), here so that this module imports without it."""

    ARROW_LEFT = "\ue012"
    ARROW_RIGHT = "\ue014"
    END = "\ue010"


def press(browser: Any, key: str) -> None:
    from selenium.webdriver.common.by import By

    browser.find_element(By.TAG_NAME, "body").send_keys(key)


def page(browser: Any) -> dict[str, Any]:
    result = browser.execute_script(READ_PAGE)
    assert isinstance(result, dict)
    return result


def expected_pots(rp: Replay, step: int, symbol: str) -> list[str]:
    """The pots listed after engine step ``step``: the pots in the middle (bets in front not swept in) when there
    are side pots, or the settled pots with their winners."""
    if step >= len(rp.steps):
        return [money(p.amount, symbol) for p in rp.pots]
    table = rp.steps[step].state
    live = {s.player for s in table.players if s.in_hand and not s.folded}
    swept = {s.player: s.committed - s.bet for s in table.players if s.committed - s.bet > 0 or s.player in live}
    pots = build_pots(swept, live)
    return [money(p.amount, symbol) for p in pots] if len(pots) > 1 else []  # one pot: the total alone


def check_against_engine(shown: dict[str, Any], rp: Replay, symbol: str) -> None:
    step = shown["step"]
    table = rp.steps[min(step, len(rp.steps) - 1)].state
    settled = step >= len(rp.steps)
    for seat in table.players:
        on_page = shown["seats"][seat.player]
        won = rp.results[seat.player].collected if settled and seat.player in rp.results else 0
        assert on_page["stack"] == money(seat.stack + won, symbol), (step, seat.player)
        assert on_page["bet"] == (money(seat.bet, symbol) if seat.bet else ""), (
            step, seat.player)
        assert ("all-in" in on_page["tag"]) == (seat.all_in and not seat.folded and seat.in_hand)
        assert ("folded" in on_page["tag"]) == (seat.folded and seat.in_hand)
    assert shown["pot"] == f"Pot {money(table.pot, symbol)}"
    amounts = [p.split(" (")[0].split(" → ")[0].rsplit(" ", 1)[-1] for p in shown["pots"]]
    assert amounts == expected_pots(rp, step, symbol), step


@pytest.mark.skipif(not SIDE_POTS.is_file(), reason="../shared/corpus is not there (the side-pot hand is read from it)")
def test_side_pot_hand_shows_what_the_engine_computed(browser: Any, tmp_path: Path) -> None:
    import handlog

    record = next(r for r in handlog.read([str(SIDE_POTS)]) if r.hand_id == SIDE_POTS_HAND)
    assert record.hand is not None
    rp = replay(record.hand)
    open_page(browser, tmp_path, "--hand", SIDE_POTS_HAND, str(SIDE_POTS))
    first = page(browser)
    assert first["step"] == -1 and first["pot"] == "Pot $0"
    assert first["seats"]["Player3"]["stack"] == "$5"  # "Seat 8: Player3 ($5 in chips)"
    seen_steps: list[int] = []
    with_side_pots: list[int] = []  # steps before the result that list a main pot and two side pots
    total = int(first["counter"].split("/")[1])
    for _ in range(total - 1):
        press(browser, Keys.ARROW_RIGHT)
        shown = page(browser)
        seen_steps.append(shown["step"])
        check_against_engine(shown, rp, "$")
        if shown["step"] < len(rp.steps) and len(shown["pots"]) == 3:
            with_side_pots.append(shown["step"])
    assert seen_steps[-1] == len(rp.steps)  # the settled hand, last
    final = page(browser)
    # the site's own numbers: "Total pot $3.70 Main pot $2.47. Side pot-1 $0.93. Side pot-2 $0.30. | Rake $0"
    assert final["pot"] == "Pot $3.70"
    assert [p.split(" (")[0] for p in final["pots"]] == ["Main pot $2.47", "Side pot 1 $0.93", "Side pot 2 $0.30"]
    assert "→ Player0" in final["pots"][0] and "→ Player2" in final["pots"][2]
    all_in_steps = [k for k in seen_steps if k < len(rp.steps) and any(
        s.all_in for s in rp.steps[k].state.players)]
    assert len(all_in_steps) > 3 and len(with_side_pots) >= 3  # checked at several steps with side pots
    browser.save_screenshot(str(tmp_path / "side-pots-laptop.png"))
    # back, and the buttons
    press(browser, Keys.ARROW_LEFT)
    assert page(browser)["index"] == total - 2
    from selenium.webdriver.common.by import By

    browser.find_element(By.ID, "first").click()
    assert page(browser)["index"] == 0
    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "next").click()
    shown = page(browser)
    assert shown["index"] == 2
    check_against_engine(shown, rp, "$")
    browser.set_window_size(390, 844)  # a phone
    press(browser, Keys.END)
    browser.save_screenshot(str(tmp_path / "side-pots-phone.png"))
    browser.set_window_size(1280, 800)
    for name in ("side-pots-laptop.png", "side-pots-phone.png"):
        shot = tmp_path / name
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        if os.environ.get("HANDLOG_SCREENSHOTS"):
            shutil.copy(shot, Path(os.environ["HANDLOG_SCREENSHOTS"]) / name)


def test_violation_is_highlighted_at_its_step(browser: Any, tmp_path: Path) -> None:
    path = HANDS / "fl_heads_up_blind_position.txt"
    rp = replay(load(path))
    open_page(browser, tmp_path, str(path))
    assert page(browser)["violations"] == []
    press(browser, "v")  # the next step with a violation
    shown = page(browser)
    assert rp.steps[shown["step"]].event.line == 5  # "Player1: posts small blind $0.50"
    assert len(shown["violations"]) == 1
    assert shown["violations"][0].startswith("blind-position error (line 5): heads-up the button (seat 6)")
    assert "offender" in shown["seats"]["Player1"]["cls"]
    check_against_engine(shown, rp, "$")
    press(browser, Keys.ARROW_RIGHT)
    assert page(browser)["violations"] == []


def test_play_runs_to_the_end_and_pauses(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    path = ENGINE_HANDS / "draw_nl.txt"
    rp = replay(load(path))
    open_page(browser, tmp_path, str(path))
    browser.find_element(By.ID, "play").click()
    WebDriverWait(browser, 10).until(lambda d: page(d)["index"] >= 2)
    press(browser, " ")  # space pauses (the clicked button gave the focus back)
    paused = page(browser)["index"]
    time.sleep(2.5)  # more than two ticks of play
    assert page(browser)["index"] == paused
    check_against_engine(page(browser), rp, "$")
    # the draw is shown: Hero's discarded and received cards
    press(browser, Keys.END)
    hero = browser.execute_script(
        "return [...document.querySelectorAll('.seat[data-name=\"Hero\"] .drawinfo svg')].map(c => c.dataset.card);")
    assert hero == ["4c", "Ad"]


def test_all_lists_hands_and_filters_to_violations(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    files = [HANDS / "fl_heads_up_blind_position.txt", ENGINE_HANDS / "draw_nl.txt", ENGINE_HANDS / "nl_run_twice.txt"]
    many = tmp_path / "many.txt"
    many.write_text("\n\n\n".join(p.read_text(encoding="utf-8") for p in files), encoding="utf-8")
    open_page(browser, tmp_path, "--all", str(many))
    visible = "return [...document.querySelectorAll('#hands li')].filter(li => !li.hidden).map(li => li.innerText);"
    assert len(browser.execute_script(visible)) == 3
    browser.find_element(By.ID, "only-violations").click()
    only = browser.execute_script(visible)
    assert len(only) == 1 and only[0].startswith("2344646393")
    browser.find_element(By.ID, "only-violations").click()
    browser.find_elements(By.CSS_SELECTOR, "#hands li")[2].click()  # the hand run twice
    press(browser, Keys.END)
    boards = browser.execute_script(
        "return ['board', 'board2'].map(id =>"
        " [...document.querySelectorAll('#' + id + ' svg')].map(c => c.dataset.card));")
    assert boards == [["Js", "9h", "Jh", "Qs", "2d"], ["Js", "9h", "Jh", "Qs", "5h"]]
    final = page(browser)
    assert final["pot"] == "Pot €225.32"  # "Total pot €225.32 | Rake €2.15"
    assert final["pots"] == ["Pot €225.32 → Hero"]
    browser.save_screenshot(str(tmp_path / "all-laptop.png"))
    if os.environ.get("HANDLOG_SCREENSHOTS"):
        shutil.copy(tmp_path / "all-laptop.png", Path(os.environ["HANDLOG_SCREENSHOTS"]) / "all-laptop.png")


@pytest.mark.slow
def test_a_page_of_thousands_of_hands_opens_and_its_last_hand_replays(browser: Any, tmp_path: Path) -> None:
    """A long session as one page: its hands' states are written as changes and expanded when a hand is opened.
    The list holds every hand, and the last one steps to the same table the engine computed, at every step."""
    import re

    from selenium.webdriver.common.by import By

    from handlog.reading import read_text

    text = (Path(__file__).resolve().parents[2] / "samples" / "nl_holdem_cash.txt").read_text(encoding="utf-8")
    pieces = [h.strip() for h in re.split(r"(?=PokerStars (?:Hand|Game) #)", text) if h.strip()]
    assert len(pieces) > 10
    count = 1_000
    hands = [re.sub(r"(Hand|Game) #\d+", rf"\1 #{7_000_000_000 + n}", pieces[n % len(pieces)], count=1)
             for n in range(count)]
    session = tmp_path / "session.txt"
    session.write_text("\n\n\n".join(hands) + "\n\n\n", encoding="utf-8")
    out = open_page(browser, tmp_path, "--all", str(session))
    assert out.stat().st_size / count < 6_000  # a few KB a hand
    items = browser.find_elements(By.CSS_SELECTOR, "#hands li")
    assert len(items) == count
    items[-1].click()
    (last,) = read_text(hands[-1], file="last.txt")
    assert last.hand is not None
    rp = replay(last.hand)
    checked = 0
    for _ in range(len(rp.steps) + 2):
        shown = page(browser)
        if shown["step"] >= 0:  # the table before the first event has no engine step
            check_against_engine(shown, rp, "€")
            checked += 1
        press(browser, Keys.ARROW_RIGHT)
    assert checked > 10 and page(browser)["step"] >= len(rp.steps)  # stepped to the settled hand
    logs = browser.get_log("browser") if hasattr(browser, "get_log") else []
    assert [entry for entry in logs if entry.get("level") == "SEVERE"] == []


def test_the_list_names_each_hands_site_and_filters_by_it(browser: Any, tmp_path: Path) -> None:
    """A player is (site, name): the page's list of hands says the site of each, and the filter finds it."""
    from selenium.webdriver.common.by import By

    samples = Path(__file__).resolve().parents[2] / "samples"
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    for name in ("nl_holdem_cash.txt", "ggpoker_omaha_cash.txt"):
        (mixed / name).write_bytes((samples / name).read_bytes())
    open_page(browser, tmp_path, "--all", str(mixed))
    visible = "return [...document.querySelectorAll('#hands li')].filter(li => !li.hidden).map(li => li.innerText);"
    every = browser.execute_script(visible)
    assert any("PokerStars" in item for item in every) and any("GGPoker" in item for item in every)
    box = browser.find_element(By.ID, "filter")
    box.send_keys("ggpoker")
    only = browser.execute_script(visible)
    assert only and all("GGPoker" in item for item in only) and len(only) < len(every)
