"""`pnp serve` in a real headless Chromium: the grid's images load, a save redraws the card,
a YAML error shows its finding at file:line over stale faces, and fixing it clears it; its
stylesheet and script work under its Content-Security-Policy, which the browser never reports
breaking."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from generator.check import check_game
from generator.starter import new_game
from tests.serving import serving

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER),
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
)
SHOTS = Path("/tmp/serve-shots")
UPDATE_SECONDS = 5.0

# Every image of the page has loaded and has pixels.
ALL_LOADED = (
    "const images = [...document.querySelectorAll('.grid img')];"
    "return images.length > 0 && images.every(i => i.complete && i.naturalWidth > 0);"
)
# The card grid's image and caption for a title: [src, caption, loaded].
FIGURE = (
    'const image = document.querySelector(`.grid img[alt="${arguments[0]}"]`);'
    "if (!image) return null;"
    "const caption = image.closest('figure').querySelector('figcaption').textContent;"
    "return [image.src, caption, image.complete && image.naturalWidth > 0];"
)
# What the stylesheet sets: the header's colour, and each outline entry's indent and level.
STYLED = (
    "const header = getComputedStyle(document.querySelector('header')).backgroundColor;"
    "const entries = [...document.querySelectorAll('#outline li')];"
    "return [header, entries.map(li => [getComputedStyle(li).marginLeft, li.className])];"
)


@pytest.fixture
def browser():
    """Headless Chromium driven by Debian's chromedriver."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=1280,1000")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))
    yield driver
    driver.quit()


def until(check, seconds: float = UPDATE_SECONDS):
    """What `check` returns once it is truthy, polled until `seconds` have passed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


def refused_by_policy(driver) -> list[str]:
    """What the browser's console said about the Content-Security-Policy since last asked."""
    return [
        e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]
    ]


def findings_text(driver) -> str:
    """What the game page's findings section says."""
    return driver.execute_script("return document.getElementById('findings').textContent")


def test_the_preview_follows_edits_in_a_browser(tmp_path, browser):
    folder = new_game(str(tmp_path / "river"), tmp_path)
    cards, game_yaml = folder / "decks" / "actions.csv", folder / "game.yaml"
    with serving(tmp_path, "river") as server:
        browser.get(f"{server.url}game/river/")
        until(lambda: browser.execute_script(ALL_LOADED))
        old_src, caption, _ = browser.execute_script(FIGURE, "Trade")
        assert caption == "Trade"
        assert browser.execute_script(STYLED) == ["rgb(46, 59, 51)", []]

        saved = time.monotonic()
        cards.write_text(cards.read_text().replace("trade,Trade,", "trade,Barter,"))
        src, caption, loaded = until(
            lambda: (found := browser.execute_script(FIGURE, "Barter")) and found[2] and found
        )
        print(f"card edit shown in the browser {time.monotonic() - saved:.2f} s after the save")
        assert (caption, loaded) == ("Barter", True) and src != old_src
        assert browser.execute_script(FIGURE, "Trade") is None

        good = game_yaml.read_text()
        game_yaml.write_text(good.replace("players: {min: 2, max: 4}", "players: {min: 2, max: 4"))
        _, report = check_game(folder)
        where = f"game.yaml:{report.errors[0].position.place}"
        until(lambda: where in findings_text(browser))
        assert "error" in findings_text(browser)
        assert "stale" in browser.find_element("tag name", "main").get_attribute("class")
        assert browser.execute_script(ALL_LOADED), "the last good faces stay shown"
        SHOTS.mkdir(exist_ok=True)
        browser.save_screenshot(str(SHOTS / "game-page-stale.png"))

        game_yaml.write_text(good)
        until(lambda: "No findings" in findings_text(browser))
        assert "stale" not in browser.find_element("tag name", "main").get_attribute("class")
        until(lambda: browser.execute_script(ALL_LOADED))
        browser.save_screenshot(str(SHOTS / "game-page.png"))

        browser.get(f"{server.url}game/river/card/actions/trade")
        until(lambda: browser.execute_script(ALL_LOADED))
        assert "decks/actions.csv:3" in browser.find_element("id", "row").text
        browser.save_screenshot(str(SHOTS / "card-page.png"))

        browser.get(f"{server.url}game/river/rulebook")
        until(lambda: browser.find_elements("css selector", "#outline li"))
        header, entries = browser.execute_script(STYLED)
        assert header == "rgb(46, 59, 51)"
        assert {tuple(entry) for entry in entries} == {("0px", "level-0"), ("13px", "level-1")}
        assert refused_by_policy(browser) == []
        assert server.stop() == 130
