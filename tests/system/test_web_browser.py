"""The browser table in a real Chromium: create a table, play a hand by clicking.

Chromium and its driver come from the Debian packages (``chromium``,
``chromium-driver``; ``.ci/run`` installs them), driven by Selenium; nothing is
downloaded.  Without them the test is skipped (in CI it fails instead).  With
``FIVE_HUNDRED_SCREENSHOTS=<folder>`` it saves the pictures of the docs there.
"""

import json
import os
import shutil
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.extras import REQUIRED, need
from tests.web_support import ServerProcess

from five_hundred import RuleBasedPlayer, Rules, play_game, record

webdriver = need("selenium.webdriver")
by = need("selenium.webdriver.common.by")
keys = need("selenium.webdriver.common.keys")
wait = need("selenium.webdriver.support.ui")
exceptions = need("selenium.common.exceptions")
need("uvicorn")

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1200",
)
SHOTS = os.environ.get("FIVE_HUNDRED_SCREENSHOTS")
By, Keys = by.By, keys.Keys

if not (CHROMIUM.exists() and DRIVER.exists()):
    if REQUIRED:
        pytest.fail(
            "Chromium and chromedriver are needed (apt-get install chromium chromium-driver)"
        )
    pytest.skip(
        "no Chromium (apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )


@pytest.fixture
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="five-hundred-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    service = webdriver.ChromeService(executable_path=str(DRIVER))
    driver = webdriver.Chrome(service=service, options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    running = ServerProcess(tmp_path / "tables.sqlite3", pace=0.02, review_time=30)
    running.start()
    try:
        yield running
    finally:
        running.stop()


def until(driver: Any, test: Callable[[Any], Any], seconds: float = 20) -> Any:
    return wait.WebDriverWait(
        driver, seconds, ignored_exceptions=(exceptions.StaleElementReferenceException,)
    ).until(test)


def shown(driver: Any, element_id: str) -> bool:
    try:
        return bool(driver.find_element(By.ID, element_id).is_displayed())
    except exceptions.StaleElementReferenceException:
        return False


def shot(driver: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SHOTS) / name))


def my_move(driver: Any) -> str:
    """Wait for the seat's turn (or the end of the hand); what there is to do."""

    def ready(driver: Any) -> str | None:
        if shown(driver, "hand-over"):
            return "over"
        for part in ("bidding", "discard-bar", "choices"):
            if shown(driver, part):
                return part
        if driver.find_elements(By.CSS_SELECTOR, "#hand button.usable"):
            return "play"
        return None

    found: str = until(driver, ready)
    return found


def fewer_cards(before: int) -> Callable[[Any], bool]:
    """A wait's test: the hand holds fewer than ``before`` cards, or the hand is over."""

    def test(driver: Any) -> bool:
        held = len(driver.find_elements(By.CSS_SELECTOR, "#hand button"))
        return held < before or shown(driver, "hand-over")

    return test


def click(driver: Any, selector: str) -> None:
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, selector)).click()


def test_a_whole_hand_by_clicking_with_a_reload_mid_hand(
    browser: Any, server: ServerProcess
) -> None:
    browser.get(server.url + "/")
    shot(browser, "lobby.png")
    browser.find_element(By.ID, "seed").send_keys("21")
    browser.find_element(By.CSS_SELECTOR, "#create-form button[type=submit]").click()
    until(browser, lambda d: "/play/" in d.current_url)
    table = browser.current_url.split("/play/")[1].split("?")[0]
    seat_url = browser.current_url
    plays = 0
    bids = 0
    reloaded = discarded = False
    while (move := my_move(browser)) != "over":
        if move == "bidding":
            if bids == 0:
                shot(browser, "bidding.png")
            bids += 1
            # a high bid on the first call (not so high that a set ends the
            # game): the contract, the kitty and (no trumps) the Joker's
            # nomination are then this seat's to play
            open_bids = [
                b.get_attribute("data-bid")
                for b in browser.find_elements(By.CSS_SELECTOR, "#ladder button")
                if b.is_enabled() and int(b.text.split()[-1]) < 500
            ]
            bid = open_bids[-1] if open_bids and bids == 1 else "PASS"
            click(browser, f'[data-bid="{bid}"]')
        elif move == "discard-bar":
            discarded = True
            usable = browser.find_elements(By.CSS_SELECTOR, "#hand button.usable")
            for card in [b.get_attribute("data-card") for b in usable[-3:]]:
                click(browser, f'#hand [data-card="{card}"]')
            shot(browser, "discard.png")
            click(browser, "#discard-go")
        elif move == "choices":
            click(browser, "#choices button")
        else:
            before = len(browser.find_elements(By.CSS_SELECTOR, "#hand button"))
            if plays == 1:
                # keyboard play: the hand takes the focus, Enter plays the card
                first = browser.find_element(By.CSS_SELECTOR, "#hand button.usable")
                assert first.get_attribute("aria-label").endswith(", playable")
                first.send_keys(Keys.ENTER)
            else:
                if plays == 3:
                    shot(browser, "play.png")
                browser.find_element(By.CSS_SELECTOR, "#hand button.usable").click()
            plays += 1
            until(browser, fewer_cards(before))
            if plays == 4 and not reloaded:
                browser.refresh()  # the same link gives the same seat back
                reloaded = True
                until(
                    browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand button")
                )
                assert browser.current_url == seat_url
                assert "connected" in browser.find_element(By.ID, "status").text
        time.sleep(0.05)
    assert reloaded
    assert plays >= 5
    assert discarded
    # the review of the hand follows: every seat's and side's losses, the errors
    summary = until(
        browser,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#review .review-summary tbody tr"),
        60,
    )
    assert len(summary) == 4 + 2
    assert browser.find_element(By.ID, "review-h").text == "Review of the hand"
    tricks = browser.find_elements(By.CSS_SELECTOR, "#review .review-table th")
    assert [th.text for th in tricks][-1] == "Trick 10"
    assert "Discard" in [th.text for th in tricks]  # this seat's own discard
    announced = browser.find_element(By.CSS_SELECTOR, "#review [role=status]")
    assert announced.get_attribute("textContent").startswith("The review is ready")
    browser.execute_script("document.getElementById('over-title').scrollIntoView()")
    shot(browser, "hand-over.png")
    with urllib.request.urlopen(f"{server.url}/api/tables/{table}", timeout=10) as r:
        seen = json.loads(r.read())
    assert seen["phase"] == "hand_over"
    rows = until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#sheet tbody tr"))
    cells = [td.text for td in rows[0].find_elements(By.TAG_NAME, "td")]
    assert cells[0] == "1"
    for side, (change, total) in enumerate(
        zip(seen["hand_result"], seen["scores"], strict=True)
    ):
        sign = "+" if change > 0 else ""
        assert cells[2 + side] == f"{sign}{change} {total}"
    assert browser.find_element(By.ID, "over-text").text
    browser.find_element(By.ID, "next-hand").click()
    until(browser, lambda d: not shown(d, "hand-over"))
    assert "Hand 2" in browser.find_element(By.ID, "info-h").text
    assert not browser.find_element(By.ID, "refusal").text


def test_a_refusal_is_shown_as_its_reason(browser: Any, server: ServerProcess) -> None:
    request = urllib.request.Request(
        server.url + "/api/tables",
        data=json.dumps({"seats": [{"kind": "human"}] * 4, "seed": 3}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        made = json.loads(answer.read())
    with urllib.request.urlopen(f"{server.url}/api/tables/{made['table']}") as r:
        to_act = json.loads(r.read())["to_act"]
    other = made["seats"][(to_act + 1) % 4]
    browser.get(other["url"])
    until(browser, lambda d: "connected" in d.find_element(By.ID, "status").text)
    until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand button"))
    assert not shown(browser, "bidding")
    cards = browser.find_elements(By.CSS_SELECTOR, "#hand button")
    assert all(not card.is_enabled() for card in cards)
    labels = [card.get_attribute("aria-label") for card in cards]
    assert all(" of " in label or label == "the Joker" for label in labels)
    browser.find_element(By.ID, "typed-action").send_keys("pass", Keys.ENTER)
    until(browser, lambda d: d.find_element(By.ID, "refusal").text)
    assert (
        browser.find_element(By.ID, "refusal").text
        == f"not your turn: seat {to_act} is to act"
    )


def test_replay_steps_through_a_saved_record(
    browser: Any, server: ServerProcess
) -> None:
    final = play_game([RuleBasedPlayer()] * 4, Rules(target=200), seed=4)
    saved = Path(tempfile.mkdtemp()) / "game.json"
    saved.write_text(record(final).to_json())
    browser.get(server.url + "/replay")
    browser.find_element(By.ID, "replay-file").send_keys(str(saved))
    until(
        browser, lambda d: d.find_element(By.ID, "replay-text").get_attribute("value")
    )
    browser.find_element(By.CSS_SELECTOR, "#replay-form button[type=submit]").click()
    until(browser, lambda d: shown(d, "replay-board"))
    where = browser.find_element(By.ID, "r-where")
    assert where.text.startswith("Hand 1, position 1 of ")
    for _ in range(12):
        browser.find_element(By.ID, "r-next").click()
    assert "position 13 of" in where.text
    assert browser.find_element(By.ID, "r-auction").text
    shot(browser, "replay.png")
    browser.find_element(By.ID, "r-last").click()
    steps = int(where.text.split(" of ")[1].split()[0])
    assert f"position {steps} of {steps}" in where.text
    saved.unlink()


def test_a_dropped_connection_reconnects_to_the_same_seat(
    browser: Any, tmp_path: Path
) -> None:
    db = tmp_path / "tables.sqlite3"
    first = ServerProcess(db, pace=0.02)
    first.start()
    try:
        browser.get(first.url + "/")
        browser.find_element(By.ID, "seed").send_keys("5")
        browser.find_element(
            By.CSS_SELECTOR, "#create-form button[type=submit]"
        ).click()
        until(browser, lambda d: "/play/" in d.current_url)
        my_move(browser)
        hand = [
            b.get_attribute("data-card")
            for b in browser.find_elements(By.CSS_SELECTOR, "#hand button")
        ]
    finally:
        first.kill()  # the network drops: the page keeps trying
    until(browser, lambda d: "reconnecting" in d.find_element(By.ID, "status").text)
    second = ServerProcess(db, pace=0.02, port=first.port)
    second.start()
    try:
        until(
            browser,
            lambda d: d.find_element(By.ID, "status").text == "connected",
            seconds=30,
        )
        again = [
            b.get_attribute("data-card")
            for b in browser.find_elements(By.CSS_SELECTOR, "#hand button")
        ]
        assert again == hand
        assert my_move(browser) in ("bidding", "play")
    finally:
        second.stop()
