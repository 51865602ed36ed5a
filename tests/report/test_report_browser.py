"""The report page in a real browser (Debian's headless Chromium through chromium-driver and Selenium, as the
replayer's test): it opens with no console error, the player table sorts and filters, a chosen column appears,
the winnings graph is drawn, and a violation's link opens its hand in the replay page. Without a browser the tests
skip and say why, unless ``HANDLOG_REQUIRE_BROWSER`` is set: then they fail."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from reportkit import CORPUS, THREE_HANDS, embedded

from handlog.cli.main import main

STARS = CORPUS / "fpdb" / "cash" / "Stars"
"""A corpus folder of a few hundred hands, some with violations (the three hands written for the tests without it)."""


def _browser_paths() -> tuple[str, str] | str:
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
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(found[1]))
    driver.set_window_size(1280, 900)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "report.html"
    source = STARS if STARS.is_dir() else THREE_HANDS
    assert main(["report", "--quiet", "--jobs", "1", str(source), "-o", str(out)]) in (0, 1)
    return out


def _severe(browser: Any) -> list[Any]:
    return [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]


def _open(browser: Any, page: Path) -> None:
    browser.get(page.as_uri())
    assert browser.execute_script("return document.body.dataset.ready") == "1"


def _column(browser: Any, section: str, name: str) -> list[str]:
    """The texts of column ``name`` of a section's table, as drawn (the counts beside a percentage left out)."""
    values = browser.execute_script(
        """const [section, name] = arguments;
        const heads = [...document.querySelectorAll('#' + section + ' thead th')].map(t => t.dataset.name);
        const i = heads.indexOf(name);
        if (i < 0) { return null; }
        return [...document.querySelectorAll('#' + section + ' tbody tr')].map(
            r => r.children[i].firstChild ? r.children[i].firstChild.textContent : '');""",
        section, name)
    assert values is not None, f"no column {name} in {section}"
    return list(values)


def _heads(browser: Any, section: str) -> list[str]:
    script = "return [...document.querySelectorAll('#' + arguments[0] + ' thead th')].map(t => t.dataset.name)"
    return list(browser.execute_script(script, section))


def _head(browser: Any, section: str, name: str) -> Any:
    from selenium.webdriver.common.by import By

    return browser.find_element(By.CSS_SELECTOR, f'#{section} thead th[data-name="{name}"]')


def test_the_page_opens_with_no_console_error(browser: Any, report: Path) -> None:
    browser.get_log("browser")  # what came before
    _open(browser, report)
    assert _severe(browser) == []
    shown = browser.execute_script("return document.querySelectorAll('#players tbody tr').length")
    assert shown == min(500, len(embedded(report)["players"]["rows"])) > 0
    pots = _column(browser, "pots", "pot")  # the pot-type breakdown is drawn beside the positional one
    assert len(pots) == min(500, len(embedded(report)["pots"]["rows"])) > 0
    assert set(pots) <= {"unraised", "single-raised", "3-bet", "4-bet+"}


def test_the_player_table_sorts(browser: Any, report: Path) -> None:
    _open(browser, report)
    hands = [int(v) for v in _column(browser, "players", "hands")]
    assert hands == sorted(hands, reverse=True)  # the page opens sorted by hands, most first
    _head(browser, "players", "net").click()
    net = [float(v) for v in _column(browser, "players", "net") if v != "-"]
    assert net == sorted(net, reverse=True) and net[0] > net[-1]
    _head(browser, "players", "net").click()
    net = [float(v) for v in _column(browser, "players", "net") if v != "-"]
    assert net == sorted(net)
    _head(browser, "players", "vpip_pct").click()
    vpip = [float(v) for v in _column(browser, "players", "vpip_pct") if v != "-"]
    assert vpip == sorted(vpip, reverse=True)
    assert _severe(browser) == []


def test_the_player_table_filters_and_chooses_columns(browser: Any, report: Path) -> None:
    from selenium.webdriver.common.by import By

    _open(browser, report)
    everyone = len(_column(browser, "players", "player"))
    browser.find_element(By.CSS_SELECTOR, "#players .filter").send_keys("hero")
    players = _column(browser, "players", "player")
    sites = _column(browser, "players", "site")
    assert 0 < len(players) < everyone
    assert all("hero" in (p + " " + s).lower() for p, s in zip(players, sites, strict=True))
    browser.find_element(By.CSS_SELECTOR, "#players .filter").clear()
    least = browser.find_element(By.CSS_SELECTOR, "#players .min")
    least.clear()
    least.send_keys("10")
    hands = [int(v) for v in _column(browser, "players", "hands")]
    assert hands and min(hands) >= 10 and len(hands) < everyone
    names = _heads(browser, "players")
    assert "cbet_turn_pct" not in names
    browser.find_element(By.CSS_SELECTOR, "#players details.cols summary").click()
    browser.find_element(By.CSS_SELECTOR, '#players .col-list input[data-name="cbet_turn_pct"]').click()
    assert _column(browser, "players", "cbet_turn_pct")  # the column chosen is drawn
    assert _severe(browser) == []


def test_the_winnings_graph_is_drawn(browser: Any, report: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    _open(browser, report)
    data = embedded(report)["graph"]
    lines = browser.execute_script(
        "return [...document.querySelectorAll('#graph polyline')].map("
        "p => [p.dataset.name, p.getAttribute('points').split(' ').length])")
    assert [name for name, _ in lines] == [line["name"] for line in data[0]["lines"]]
    assert all(points == len(data[0]["x"]) for _, points in lines)
    assert {"net", "showdown", "non_showdown", "allin_ev"} <= {name for name, _ in lines}
    box = browser.find_element(By.ID, "graph").rect
    assert box["width"] > 300 and box["height"] > 100
    if len(data) > 1:
        Select(browser.find_element(By.ID, "graph-player")).select_by_index(1)
        points = browser.execute_script("return document.querySelector('#graph polyline').getAttribute('points')")
        assert len(points.split(" ")) == len(data[1]["x"])
    assert _severe(browser) == []


def test_a_violation_opens_its_hand_in_the_replayer(browser: Any, report: Path) -> None:
    from selenium.webdriver.common.by import By

    _open(browser, report)
    link = browser.find_element(By.CSS_SELECTOR, "#violations tbody a")
    row = link.find_element(By.XPATH, "./ancestor::tr")
    heads = _heads(browser, "violations")
    hand_id = row.find_elements(By.TAG_NAME, "td")[heads.index("hand_id")].text
    browser.get(link.get_attribute("href"))  # (the page opens it in a new tab)
    title = browser.find_element(By.ID, "hand-title").text
    assert hand_id in title
    shown = browser.find_elements(By.CSS_SELECTOR, "#violations li")  # opened at the hand's first violation
    assert shown and all(v.text for v in shown)
    assert _severe(browser) == []
