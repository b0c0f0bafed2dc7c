"""What a person does, in a real headless Chromium (Debian's chromium and chromium-driver, driven
by Selenium; nothing downloads a browser) at phone size, 390x844.

With ``BURRACO_SCREENSHOTS=DIR`` the walk also saves the screenshots shown in the README."""
from __future__ import annotations

import io
import os
import shutil
import threading
from pathlib import Path

import pytest

from conftest import KEY, SAMPLES_DIR

from engine import score_json

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = os.environ.get("BURRACO_SCREENSHOTS")
WIDTH, HEIGHT = 390, 844


def _need_browser():
    if Path(CHROMIUM).exists() and Path(DRIVER).exists():
        return
    message = "Debian's chromium and chromium-driver are not installed (make test installs them)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def live(make_app):
    """The app served on a free port in a thread, as ``burraco serve`` does."""
    from werkzeug.serving import make_server
    app = make_app()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(10)


@pytest.fixture
def browser(tmp_path):
    _need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={tmp_path / 'chromium'}", f"--window-size={WIDTH},{HEIGHT}", "--lang=it",
                 "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    driver.set_window_size(WIDTH, HEIGHT)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


class Phone:
    """The browser, with the waits a person's taps need."""

    def __init__(self, driver, base):
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.support.ui import WebDriverWait
        self.d, self.base = driver, base
        self.wait = WebDriverWait(driver, 30, ignored_exceptions=[StaleElementReferenceException])

    def go(self, path):
        self.d.get(self.base + path)

    def el(self, css):
        from selenium.webdriver.support import expected_conditions as ec
        return self.wait.until(ec.presence_of_element_located(("css selector", css)))

    def tap(self, css):
        """Tap what ``css`` finds; the page redraws the cards when the server answers, so a tap
        that finds the old element tries again on the new one."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.support import expected_conditions as ec
        for attempt in range(5):
            el = self.wait.until(ec.element_to_be_clickable(("css selector", css)))
            try:
                self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
                el.click()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

    def type(self, css, text):
        el = self.el(css)
        el.clear()
        el.send_keys(text)

    def text_is(self, css, text):
        from selenium.common.exceptions import TimeoutException
        try:
            self.wait.until(lambda d: self._text(css) == text)
        except TimeoutException:
            raise AssertionError(f"{css} never showed {text!r}: it shows {self._text(css)!r}") from None

    def _text(self, css):
        """As the page shows it now (asked in one step, so a redraw cannot get in between)."""
        text = self.d.execute_script("const e = document.querySelector(arguments[0]); return e && e.innerText", css)
        return text.strip() if text is not None else None

    def count(self, css):
        return self.d.execute_script("return document.querySelectorAll(arguments[0]).length", css)

    def count_is(self, css, n):
        self.wait.until(lambda d: self.count(css) == n, f"never {n} of {css} (now {self.count(css)})")

    def new_game(self, players, hands=None, shot=False):
        """Join the table with its key and start a game, as a person does on the page."""
        self.go(f"/join?key={KEY}")
        if shot:
            self.shot("1-home")
        self.tap("#new-game")
        for i, name in enumerate(players, 1):
            self.type(f"#player{i}", name)
        if hands:
            self.tap('input[name="end"][value="hands"]')
            self.type("#end_value", str(hands))
        if shot:
            self.shot("2-new-game")
        self.tap("#start")

    def upload(self, css, path):
        self.el(css).send_keys(str(path))

    def saved(self):
        """Every change has reached the server (the page sends one at a time)."""
        self.wait.until(lambda d: d.execute_script(
            "return document.body.dataset.saving !== '1' && !document.querySelector('.progress:not([hidden])')"))

    def shot(self, name):
        if not SHOTS:
            return
        from PIL import Image
        folder = Path(SHOTS)
        folder.mkdir(parents=True, exist_ok=True)
        self.d.execute_script("window.scrollTo(0, 0)")
        png = self.d.get_screenshot_as_png()
        Image.open(io.BytesIO(png)).convert("RGB").quantize(96).save(folder / f"{name}.png", optimize=True)


def expected_totals(melds_a, hand_b, closed=True):
    result = score_json({"teams": [
        {"name": "Anna", "melds": melds_a, "hand": [], "pozzetto": True, "closed": closed},
        {"name": "Bruno", "melds": [], "hand": hand_b, "pozzetto": True}]})
    return [t["total"] for t in result["teams"]]


TABLE_MELDS = [["2S", "3S", "4S", "5S", "6S", "7S", "8S"], ["6C", "7C", "8C", "9C", "10C", "JC", "JK"],
               ["7S", "JK", "7H"]]
BRUNO_HAND = ["8C", "6D", "8D", "7S", "AD", "4D", "4H", "7H", "9D", "7S", "7H", "QS"]


def test_a_whole_evening_from_photos_to_the_evenings_totals(browser, live):
    phone = Phone(browser, live)
    phone.new_game(("Anna", "Bruno"), hands=2, shot=True)

    # hand 1, from photos
    phone.tap("#score-hand")
    phone.upload("#shot-melds-0", SAMPLES_DIR / "eval_table_1.jpg")
    phone.count_is("#melds-0 .meld", 3)
    phone.text_is("#card-0-0-1", "5♠")
    assert "doubt" in phone.el("#card-0-0-1").get_attribute("class")
    assert phone.count("#photos-0 .box") > 17
    phone.tap("#card-0-0-1")                      # fix one card: the suggested repair, in one tap
    phone.tap("#act-suggest .suggestion")
    phone.text_is("#card-0-0-1", "3♠")
    phone.tap("#no-cards-0")
    phone.tap("#closed-0")
    phone.upload("#shot-hand-1", SAMPLES_DIR / "eval_hand.jpg")
    phone.count_is("#hand-1 .chip", 12)
    # a corner the reader saw but could not read is marked on the photo, and said in the doubts
    phone.count_is("#photos-1 .box.unread", 1)
    assert "si vede ma non si legge" in phone.el("#problems-all").text
    # two unrelated sample photos: more 7s than two decks hold, which the review says
    assert "ma due mazzi ne hanno solo 2" in phone.el("#problems-all").text        # said in Italian
    for index in (9, 7, 3):                       # 7S, 7H, 7S out of Bruno's hand
        phone.tap(f"#card-1-hand-{index}")
        phone.tap("#act-delete")
    phone.count_is("#hand-1 .chip", 9)
    phone.saved()
    assert "two decks" not in phone.el("#problems-all").text
    anna, bruno = expected_totals(TABLE_MELDS, [c for i, c in enumerate(BRUNO_HAND) if i not in (3, 7, 9)])
    phone.text_is("#total-0", str(anna))
    phone.text_is("#total-1", str(bruno))
    phone.text_is('#breakdown-0 dd[data-part="closing"]', "100")
    phone.saved()
    phone.shot("3-review")
    phone.tap("#confirm")
    phone.text_is('#totals [data-side="0"]', str(anna))
    phone.text_is('#totals [data-side="1"]', str(bruno))
    phone.shot("4-game")

    # undo, and the hand comes back as it was
    phone.tap("#undo")
    from selenium.webdriver.support import expected_conditions as ec
    phone.wait.until(ec.alert_is_present()).accept()
    phone.text_is('#totals [data-side="0"]', "0")
    phone.tap("#score-hand")
    phone.text_is("#card-0-0-1", "3♠")
    phone.text_is("#total-0", str(anna))
    phone.tap("#confirm")
    phone.text_is('#totals [data-side="0"]', str(anna))

    # hand 2, cards picked from the grid: the game ends
    phone.tap("#score-hand")
    phone.tap("#add-meld-0")
    phone.tap("#suit-H")
    for rank in ("3", "4", "5", "6", "7", "8", "9"):
        phone.tap(f"#rank-{rank}")
    phone.tap("#picker-done")
    phone.count_is("#melds-0 .chip:not(.add)", 7)
    phone.tap("#no-cards-0")
    phone.tap("#closed-0")
    phone.tap("#add-hand-1")
    phone.tap("#suit-S")
    phone.tap("#rank-K")
    phone.tap("#picker-done")
    second = expected_totals([["3H", "4H", "5H", "6H", "7H", "8H", "9H"]], ["KS"])
    phone.text_is("#total-0", str(second[0]))
    phone.text_is("#total-1", str(second[1]))
    phone.saved()
    phone.tap("#confirm")
    phone.text_is('#totals [data-side="0"]', str(anna + second[0]))
    assert "Anna" in phone.el("#result").text
    phone.shot("5-game-over")
    phone.tap("#to-evening")
    phone.text_is("#player-totals tbody tr:first-child td:nth-child(2)", str(anna + second[0]))
    phone.shot("6-evening")


def test_fixing_melds_by_hand_split_merge_move_delete_and_a_wilds_role(browser, live):
    phone = Phone(browser, live)
    phone.new_game(("Anna", "Bruno"))
    phone.tap("#score-hand")
    phone.tap("#add-meld-0")
    phone.tap("#suit-H")
    for rank in ("3", "4", "2", "6", "7", "10"):
        phone.tap(f"#rank-{rank}")
    phone.tap("#picker-done")
    phone.count_is("#melds-0 .chip:not(.add)", 6)
    phone.tap("#card-0-0-3")                      # split before 6H: 3H 4H 2H | 6H 7H 10H
    phone.tap("#act-split")
    phone.count_is("#melds-0 .meld", 2)
    phone.tap("#card-0-0-2")                      # the 2H stands for the 5H
    phone.tap("#act-role")
    phone.tap("#suit-H")
    phone.tap("#rank-5")
    phone.text_is("#card-0-0-2", "2♥→5♥")
    phone.tap("#merge-0-0")
    phone.count_is("#melds-0 .meld", 1)
    phone.saved()
    phone.tap("#card-0-0-5")                      # 10H to the hand, changed to the KS, then deleted
    from selenium.webdriver.support.ui import Select
    Select(phone.el("#act-move")).select_by_value("hand")
    phone.text_is("#hand-0 .chip", "10♥")
    phone.tap("#card-0-hand-0")
    phone.tap("#act-change")
    phone.tap("#suit-S")
    phone.tap("#rank-K")
    phone.text_is("#hand-0 .chip", "K♠")
    phone.saved()
    phone.text_is("#total-0", str(score_json({"teams": [{"name": "A", "melds": [["3H", "4H", "2H=5H", "6H", "7H"]],
                                                          "hand": ["KS"], "pozzetto": True}]})["teams"][0]["total"]))
    phone.tap("#card-0-hand-0")
    phone.tap("#act-delete")
    phone.count_is("#hand-0 .chip", 0)
    phone.saved()
    phone.text_is("#total-0", "40")
    assert phone._text("#meld-0-0 .kind") == "scala"
    phone.shot("7-fixing")


def test_a_hand_typed_from_a_paper_sheet_and_a_phone_without_the_key(browser, live):
    phone = Phone(browser, live)
    phone.new_game(("Anna", "Bruno", "Carla", "Dino"))
    phone.tap("#sheet")
    phone.type("#side0", "480")
    phone.type("#side1", "-60")
    phone.tap("#save-sheet")
    phone.text_is('#totals [data-side="0"]', "480")
    phone.text_is('#totals [data-side="1"]', "-60")
    game_page = browser.current_url
    browser.delete_all_cookies()                  # another phone, without the key
    browser.get(game_page)
    assert phone.count("#score-hand") == 0 and phone.count("#undo") == 0
    phone.text_is('#totals [data-side="0"]', "480")
    phone.el('input[name="pin"]')
