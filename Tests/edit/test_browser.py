"""The edit forms of `catgallery serve` in headless Chromium: add, edit and
remove a cat, caption a photo, live reload after a save, every invalid value
refused with the file unchanged, cross-site and token-less posts refused,
axe-core and the keyboard, screenshots, and no trace of it all in `build`.

One `serve` runs for the whole module on a copy of content/; before each test
the copy's files are put back as they were and the served pages rebuilt, so
every test starts from the example site. Every test also reads the files on
disk: what a page says is checked against what was written.

Run: CATGALLERY_BIN=/path/to/catgallery python3 -m pytest -q Tests/edit/test_browser.py
"""
import base64
import datetime
import difflib
import html
import http.client
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import importlib.resources
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/support"))
from served import BINARY, Served  # noqa: E402

from example_cache import example_site  # noqa: E402

SCREENSHOTS = REPO / "test-output/screenshots/edit"
# axe-core 4 (it knows ARIA 1.2: a combobox needs aria-controls), as the package
# axe-playwright-python ships it; only its script is used, never Playwright.
AXE = importlib.resources.files("axe_playwright_python") / "axe.min.js"

CATS = "content/cats.json"
PARKS = "content/parks.plist"
UPLOADS = "content/photos/cats"
MOCHI = "5db709f647f577a9d7de2a1b"  # the first cat of the example site
JUNIPER = "5db709f62caed9c5969396a0"
VIEWPORTS = {"phone": (390, 844, True), "desktop": (1440, 900, False)}
GOLD = "rgb(184, 134, 11)"  # a chosen star (edit.css)

WEIGHT_RULE = "weight must be a number of kilograms from 0.5 to 15.0 with at most one decimal place, found "
NAME_RULE = "name must be 1 to 80 characters with no control characters, found "


# --- serve -------------------------------------------------------------------------------------

class Serve(Served):
    """`serve` on a copy of the example site, with what these tests ask of it."""

    def get(self, path, timeout=30):
        return self.request("GET", path, timeout=timeout)

    def form_secrets(self, path):
        """The hidden `_token` and `_hash` of the form at `path`."""
        status, _, page = self.get(path)
        assert status == 200, (path, status)
        token = re.search(r'name="_token" value="([0-9a-f]{64})"', page).group(1)
        digest = re.search(r'name="_hash" value="([0-9a-f]*)"', page).group(1)
        return token, digest

    def read(self, name):
        return (self.site / name).read_bytes()


@pytest.fixture(scope="module")
def server(tmp_path_factory, image_cache):
    site = example_site(tmp_path_factory.mktemp("edit-site"), image_cache)
    running = Serve(site)
    # What "as it was" means between tests: the files, and the pages built from them.
    running.pristine = {name: running.read(name) for name in (CATS, PARKS)}
    running.pristine_pages = {path: running.get(path)[2] for path in
                              ("/cats/", f"/cats/{MOCHI}/", "/parks/letchworth/letchworth1/")}
    yield running
    running.stop()


def write_atomically(path, data):
    temporary = path.with_name(path.name + ".restore-tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def restore(server, timeout=20):
    """Puts the site's files back and waits until the served pages are built from them again."""
    changed = False
    for name, data in server.pristine.items():
        if server.read(name) != data:
            write_atomically(server.site / name, data)
            changed = True
    if (server.site / UPLOADS).exists():
        shutil.rmtree(server.site / UPLOADS)
    if not changed:
        return
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if all(server.get(path, timeout=3)[2] == page for path, page in server.pristine_pages.items()):
                return
        except (OSError, http.client.HTTPException):
            # A page asked for while the rebuild rewrites it can come with the old file's
            # Content-Length (see the report of this test file): ask again.
            pass
        time.sleep(0.05)
    pytest.fail("the served site was not rebuilt after restoring its files:\n" + "\n".join(server.lines[-20:]))


# --- the browser -------------------------------------------------------------------------------

def new_driver(extra=()):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--no-sandbox", "--headless=new", "--disable-gpu", "--hide-scrollbars", "--lang=en-US",
                "--disable-dev-shm-usage", "--window-size=1440,900", *extra):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-US"})
    drv = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    drv.set_script_timeout(30)
    drv.set_page_load_timeout(30)
    return drv


@pytest.fixture(scope="module")
def driver():
    # Without the back/forward cache: Chromium keeps each cached served page's live-reload
    # connection open, and after six of them no page of the server loads any more
    # (test_browsing_many_served_pages_in_one_tab_keeps_loading shows it). The other tests
    # are about the forms, so they do not wait on that.
    drv = new_driver(["--disable-features=BackForwardCache"])
    yield drv
    drv.quit()


class Browser:
    def __init__(self, driver, server):
        self.d = driver
        self.server = server

    def viewport(self, name):
        w, h, mobile = VIEWPORTS[name]
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile})

    def go(self, path):
        self.d.get(self.server.origin + path)
        self.wait("document.readyState === 'complete'")

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, condition, timeout=10, message=None):
        WebDriverWait(self.d, timeout, poll_frequency=0.05).until(
            lambda d: d.execute_script("return " + condition), message or condition)

    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def text(self, css):
        return self.js("const e = document.querySelector(arguments[0]); return e && e.textContent.trim()", css)

    def texts(self, css):
        return self.js("return [...document.querySelectorAll(arguments[0])].map(e => e.textContent.trim())", css)

    def path(self):
        return self.js("return location.pathname + location.search")

    def status(self):
        """The HTTP status of the document shown (after redirects, the last response's)."""
        return self.js("return performance.getEntriesByType('navigation')[0].responseStatus")

    def follow(self, action, timeout=15):
        """Does `action` (a click, a key) and waits until it has led to another document."""
        self.js("document.documentElement.dataset.left = 'yes'")
        action()
        self.wait("!document.documentElement.dataset.left && document.readyState === 'complete'", timeout,
                  "the page after the submit")

    def click_link(self, text):
        link = self.d.find_element(By.LINK_TEXT, text)
        self.follow(link.click)

    def submit(self):
        button = self.el(".edit-form button[type=submit]")
        # Centred: at phone size the fixed tab bar would cover a button scrolled to the bottom edge.
        self.js("arguments[0].scrollIntoView({block: 'center'})", button)
        self.follow(button.click)

    def keys(self, *keys):
        ActionChains(self.d).send_keys(*keys).perform()

    def active(self):
        """What has focus, as a short name: an id, a radio's name=value, a button or link's text."""
        return self.js("""
            const e = document.activeElement;
            if (e.type === 'radio') return e.name + '=' + e.value;
            if (e.id) return e.id;
            return e.tagName.toLowerCase() + ':' + e.textContent.trim();""")

    def fill(self, css, value):
        field = self.el(css)
        field.clear()
        field.send_keys(value)

    def screenshot(self, name, viewport):
        """The whole page, however long, at this viewport."""
        w, h, _ = VIEWPORTS[viewport]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        # From the top, or a sticky header is drawn where the page was scrolled to.
        self.js("window.scrollTo(0, 0)")
        height = self.js("return document.documentElement.scrollHeight")
        shot = self.d.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": w, "height": height, "scale": 1}})
        path = SCREENSHOTS / f"{name}-{w}x{h}.png"
        path.write_bytes(base64.b64decode(shot["data"]))
        return path


@pytest.fixture
def b(driver, server):
    """The browser on a blank page and the site as it was."""
    driver.get("about:blank")
    restore(server)
    browser = Browser(driver, server)
    browser.viewport("desktop")
    yield browser
    # A test that opened a second window closes it; this one is left for the next.
    for handle in driver.window_handles[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(driver.window_handles[0])


# --- helpers on files --------------------------------------------------------------------------

def changed_lines(before, after):
    """The lines of `before` that are not kept in `after`, and the lines new in `after`."""
    a, z = before.decode().splitlines(), after.decode().splitlines()
    gone, new = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, z, autojunk=False).get_opcodes():
        if op != "equal":
            gone += a[i1:i2]
            new += z[j1:j2]
    return gone, new


def cats_of(data):
    return json.loads(data)


def multipart(fields, files=()):
    boundary = "----catgallery-test-" + secrets.token_hex(8)
    chunks = []
    for name, value in fields:
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, filename, data, kind in files:
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                      f"Content-Type: {kind}\r\n\r\n".encode() + data + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"


def mochi_fields(token, digest, weight="9.9"):
    """A complete, valid edit of Mochi (weight 4.8 → `weight`), with the given token and hash."""
    fields = [("_hash", digest), ("name", "Mochi"), ("owner", "Priya Raman"), ("breed", "ragd"),
              ("born", "2019-04-17"), ("weight", weight), ("rating", "5"), ("photo-choice", "keep")]
    return ([("_token", token)] if token is not None else []) + fields


# --- 1. add a cat ------------------------------------------------------------------------------

def fill_new_cat(b, name, owner, breed, born, weight, star):
    """Fills the add form as a person would: typing, picking the breed by its name, clicking a star."""
    b.fill("#name", name)
    b.fill("#owner", owner)
    Select(b.el("#breed")).select_by_visible_text(breed)
    born_field = b.el("#born")
    born_field.click()
    month, day, year = born[5:7], born[8:10], born[0:4]
    born_field.send_keys(month + day + year)  # Chromium's en-US date field: mm/dd/yyyy
    assert born_field.get_property("value") == born
    b.fill("#weight", weight)
    b.el(f"label[for=rating-{star}]").click()


def test_add_a_cat_with_another_photo_of_its_breed(b, server):
    before = server.read(CATS)
    b.go("/cats/")
    b.click_link("Add a cat")
    assert b.path() == "/_catgallery/edit/new-cat" and b.text("h1") == "Add a cat"
    # No breed yet: no breed's photos are offered.
    assert b.js("return [...document.querySelectorAll('.breed-photos')].every(g => g.hidden)")
    fill_new_cat(b, "Nimbus Two", "Ada Lovelace", "Maine Coon", "2020-02-03", "4.2", 4)
    assert b.el("#breed").get_property("value") == "mcoo"
    # The stars up to the one clicked are lit, the radio behind them checked.
    assert b.js("return document.querySelector('input[name=rating]:checked').value") == "4"
    colours = b.js("return [...document.querySelectorAll('.star-choice label')].map(l => getComputedStyle(l).color)")
    assert colours[:4] == [GOLD] * 4 and colours[4] != GOLD
    # Only the Maine Coon's photos are shown; pick its second one.
    shown = b.js("return [...document.querySelectorAll('.breed-photos')].filter(g => !g.hidden).map(g => g.dataset.breed)")
    assert shown == ["mcoo"]
    b.el("input[value='photo:breeds/mcoo/mcoo2']").find_element(By.XPATH, "..").click()
    assert b.js("return document.querySelector('input[name=photo-choice]:checked').value") == "photo:breeds/mcoo/mcoo2"
    b.submit()

    assert b.status() == 200 and re.fullmatch(r"/cats/[0-9a-f]{24}/", b.path())
    assert b.text("h1") == "Nimbus Two"
    facts = dict(zip(b.texts(".facts dt"), b.texts(".facts dd")))
    assert facts["Owner"] == "Ada Lovelace" and facts["Breed"] == "Maine Coon" and facts["Weight"] == "4.2 kg"
    assert facts["Born"].startswith("3 February 2020")
    assert b.js("return document.querySelector('.facts .stars').getAttribute('aria-label')") == "Rated 4 out of 5"
    assert "/images/mcoo2-" in b.js("return document.querySelector('.cat-figure img').src")

    after = server.read(CATS)
    added = cats_of(after)[-1]
    assert cats_of(after)[:-1] == cats_of(before)
    assert re.fullmatch(r"[0-9a-f]{24}", added.pop("_id"))
    assert added == {"catName": "Nimbus Two", "ownerName": "Ada Lovelace", "breedId": "mcoo",
                     "birthDate": "2020-02-03T00:00:00.000Z", "weightKg": 4.2, "rating": 4,
                     "photoUrl": "breeds/mcoo/mcoo2"}
    # Appended after the last record: every byte before it is kept.
    gone, new = changed_lines(before, after)
    assert gone == [] and new[0] == "  }," and '    "weightKg": 4.2,' in new
    assert not (server.site / UPLOADS).exists(), "a breed's photo is referred to, not copied"


def test_add_a_cat_with_an_uploaded_photo(b, server, tmp_path):
    before = server.read(CATS)
    photo = tmp_path / "Pip on the sofa.JPG"
    photo.write_bytes((REPO / "content/photos/kitten3.jpg").read_bytes())
    b.go("/_catgallery/edit/new-cat")
    fill_new_cat(b, "Pip", "Grace Hopper", "Siamese", "2023-11-30", "2.5", 2)
    b.el("#photo-file").send_keys(str(photo))
    # Choosing a file chooses "Upload a photo" (edit.js).
    assert b.js("return document.querySelector('input[name=photo-choice]:checked').value") == "upload"
    b.submit()

    assert b.status() == 200 and re.fullmatch(r"/cats/[0-9a-f]{24}/", b.path()), b.js("return document.body.innerText")
    facts = dict(zip(b.texts(".facts dt"), b.texts(".facts dd")))
    assert facts["Breed"] == "Siamese" and facts["Weight"] == "2.5 kg"
    assert b.js("return document.querySelector('.facts .stars').getAttribute('aria-label')") == "Rated 2 out of 5"
    assert "/images/cat-pip-" in b.js("return document.querySelector('.cat-figure img').src")
    b.wait("document.querySelector('.cat-figure img').complete && document.querySelector('.cat-figure img').naturalWidth > 0")

    added = cats_of(server.read(CATS))[-1]
    assert cats_of(server.read(CATS))[:-1] == cats_of(before)
    assert {k: v for k, v in added.items() if k != "_id"} == {
        "catName": "Pip", "ownerName": "Grace Hopper", "breedId": "siam", "birthDate": "2023-11-30T00:00:00.000Z",
        "weightKg": 2.5, "rating": 2, "photoUrl": "cats/cat-pip"}
    copied = sorted(p.name for p in (server.site / UPLOADS).iterdir())
    assert copied == ["cat-pip.jpg"]
    assert (server.site / UPLOADS / "cat-pip.jpg").read_bytes() == photo.read_bytes()
    # The staged upload is not left behind.
    assert list((server.site / ".cache/catgallery/uploads").glob("*")) == []


# --- 2. edit a cat -----------------------------------------------------------------------------

def test_the_upload_field_shows_only_while_upload_is_chosen(b, server):
    b.go(f"/_catgallery/edit/cat/{MOCHI}")
    shown = "return !!document.querySelector('#photo-file').getClientRects().length"
    assert b.js("return document.querySelector('input[name=photo-choice]:checked').value") == "keep"
    assert not b.js(shown), "the file field shows while the current photo is kept"
    b.js("document.querySelector('input[name=photo-choice][value=upload]').click()")
    assert b.js(shown)
    b.js("document.querySelector('input[name=photo-choice][value=none]').click()")
    assert not b.js(shown)


def test_edit_weight_and_rating_changes_only_those_lines(b, server):
    before = server.read(CATS)
    b.go(f"/cats/{MOCHI}/")
    b.click_link("Edit")
    assert b.path() == f"/_catgallery/edit/cat/{MOCHI}" and b.text("h1") == "Edit Mochi"
    # The form shows the cat as the file has it.
    assert [b.el(f"#{f}").get_property("value") for f in ("name", "owner", "breed", "born", "weight")] == [
        "Mochi", "Priya Raman", "ragd", "2019-04-17", "4.8"]
    assert b.js("return document.querySelector('input[name=rating]:checked').value") == "5"
    assert b.js("return document.querySelector('input[name=photo-choice]:checked').value") == "keep"
    b.fill("#weight", "5.3")
    b.el("label[for=rating-3]").click()
    b.submit()

    assert b.status() == 200 and b.path() == f"/cats/{MOCHI}/"
    facts = dict(zip(b.texts(".facts dt"), b.texts(".facts dd")))
    assert facts["Weight"] == "5.3 kg" and facts["Owner"] == "Priya Raman"
    assert b.js("return document.querySelector('.facts .stars').getAttribute('aria-label')") == "Rated 3 out of 5"
    gone, new = changed_lines(before, server.read(CATS))
    assert gone == ['    "weightKg": 4.8,', '    "rating": 5,']
    assert new == ['    "weightKg": 5.3,', '    "rating": 3,']


def test_a_form_over_a_file_changed_meanwhile_is_refused_with_409_then_saves(b, server):
    b.go(f"/_catgallery/edit/cat/{MOCHI}")
    b.fill("#weight", "6.1")
    # Another editor changes Mochi's rating in the meantime.
    changed = server.read(CATS).replace(b'"rating": 5,', b'"rating": 2,', 1)
    write_atomically(server.site / CATS, changed)
    b.submit()

    assert b.status() == 409
    assert b.text(".form-banner") == (
        "content/cats.json changed on disk since this form was opened, so nothing was written. "
        "The form now shows the file as it is, and what you typed beside each field you changed.")
    assert server.read(CATS) == changed, "nothing was overwritten"
    # The form shows the file as it is now, so saving it cannot undo the other change.
    assert b.el("#weight").get_property("value") == "4.8"
    assert b.js("return document.querySelector('input[name=rating]:checked').value") == "2"
    b.fill("#weight", "6.1")
    b.submit()
    assert b.status() == 200 and b.path() == f"/cats/{MOCHI}/"
    facts = dict(zip(b.texts(".facts dt"), b.texts(".facts dd")))
    assert facts["Weight"] == "6.1 kg"
    assert b.js("return document.querySelector('.facts .stars').getAttribute('aria-label')") == "Rated 2 out of 5"
    gone, new = changed_lines(changed, server.read(CATS))
    assert gone == ['    "weightKg": 4.8,'] and new == ['    "weightKg": 6.1,']


def test_a_cat_whose_weight_has_two_decimals_can_be_edited_and_keeps_it(b, server):
    """Felis catus weighs 3.57 in the example file (Tofu 6.35, Nimbus 4.45): the form shows it
    to one decimal place, and saving another change leaves the stored weight alone."""
    before = server.read(CATS)
    b.go("/cats/5db709f6ba86f3359ed15311/")
    b.click_link("Edit")
    assert b.el("#weight").get_property("value") == "3.6"  # shown to one decimal place
    b.fill("#owner", "Dan Okafor")
    invalid = b.js("return [...document.querySelectorAll('.edit-form :invalid')].map(e => e.id + ': ' + e.validationMessage)")
    assert invalid == [], "Chromium will not submit the form"
    b.submit()
    assert b.path() == "/cats/5db709f6ba86f3359ed15311/", "a cat's page is addressed by its _id, not its names"
    gone, new = changed_lines(before, server.read(CATS))
    assert gone == ['    "ownerName": "Daniel Okafor",'] and new == ['    "ownerName": "Dan Okafor",']


# --- 3. caption a photo ------------------------------------------------------------------------

def test_caption_a_photo_changes_one_line_of_the_plist(b, server):
    before = server.read(PARKS)
    # The parks list links each row to the same form.
    b.go("/parks/")
    row_link = b.js("return [...document.querySelectorAll('a.edit-caption')].find(a => "
                    "a.getAttribute('aria-label') === 'Edit caption: Fog sitting low over the Genesee River at first light')"
                    "?.getAttribute('href')")
    assert row_link == "/_catgallery/edit/caption?park=1&photo=0"
    b.go("/parks/letchworth/letchworth1/")
    b.click_link("Edit caption")
    assert b.path() == "/_catgallery/edit/caption?park=1&photo=0" and b.text("h1") == "Edit caption"
    assert b.text("#caption-hint") == "Park “Letchworth”, photo 1 (letchworth1)"
    assert b.el("#caption").get_property("value") == "Fog sitting low over the Genesee River at first light"
    b.fill("#caption", "Mist over the Genesee & <gorge> at dawn")
    b.submit()

    assert b.status() == 200 and b.path() == "/parks/letchworth/letchworth1/"
    assert b.text("figcaption h1") == "Mist over the Genesee & <gorge> at dawn"
    gone, new = changed_lines(before, server.read(PARKS))
    assert gone == ["\t\t\t\t<string>Fog sitting low over the Genesee River at first light</string>"]
    assert new == ["\t\t\t\t<string>Mist over the Genesee &amp; &lt;gorge&gt; at dawn</string>"]


# --- 4. remove a cat ---------------------------------------------------------------------------

def test_remove_asks_first_and_cancel_keeps_the_cat(b, server):
    before = server.read(CATS)
    slug = JUNIPER  # a cat's page is addressed by its _id
    b.go(f"/cats/{slug}/")
    b.click_link("Remove")
    assert b.path() == f"/_catgallery/edit/cat/{JUNIPER}/remove" and b.text("h1") == "Remove Juniper?"
    assert b.text(".edit-page > p") == ("This removes Juniper, owned by Margaret Lindqvist, from content/cats.json. "
                                        "A photo catgallery copied in for it goes too, once no other page uses it; any other photo stays.")
    assert server.read(CATS) == before, "showing the question changes nothing"
    b.click_link("Cancel")
    assert b.path() == f"/cats/{slug}/" and b.text("h1") == "Juniper"
    assert server.read(CATS) == before

    b.click_link("Remove")
    b.follow(b.d.find_element(By.XPATH, "//button[normalize-space()='Remove Juniper']").click)
    assert b.status() == 200 and b.path() == "/cats/"
    names = b.texts(".cat-card h3")
    assert "Juniper" not in names and "Mochi" in names and len(names) == len(cats_of(before)) - 1
    after = server.read(CATS)
    assert cats_of(after) == [c for c in cats_of(before) if c["_id"] != JUNIPER]
    gone, new = changed_lines(before, after)
    assert new == [] and f'    "_id": "{JUNIPER}",' in gone and len(gone) == 15  # the record, its braces and comma
    assert server.get(f"/cats/{slug}/")[0] == 404
    assert (server.site / "content/photos/cat-juniper.jpg").exists()


# --- 5. live reload ----------------------------------------------------------------------------

def test_an_open_cats_list_reloads_by_itself_after_a_cat_is_added_elsewhere(b, server):
    b.go("/cats/")
    watching = b.d.current_window_handle
    b.js("window.notReloaded = true")
    assert "Pip Reload" not in b.texts(".cat-card h3")
    b.d.switch_to.new_window("window")
    b.go("/_catgallery/edit/new-cat")
    fill_new_cat(b, "Pip Reload", "Alan Turing", "Persian", "2021-06-01", "3.3", 5)
    b.submit()
    assert re.fullmatch(r"/cats/[0-9a-f]{24}/", b.path())
    b.d.switch_to.window(watching)
    b.wait("!window.notReloaded && [...document.querySelectorAll('.cat-card h3')].some(h => "
           "h.textContent.trim() === 'Pip Reload')", 15, "the first window reloading with the new cat")
    assert b.path() == "/cats/"
    assert cats_of(server.read(CATS))[-1]["catName"] == "Pip Reload"


def test_browsing_many_served_pages_in_one_tab_keeps_loading(b, server):
    """With Chromium's defaults (back/forward cache on), one tab going from page to page of
    the served site: every page must load, as it would for someone editing cat after cat."""
    own = new_driver()
    own.set_page_load_timeout(10)
    pages = ["/cats/", f"/cats/{MOCHI}/", "/parks/", "/parks/letchworth/letchworth1/", "/breeds/",
             "/facts/", "/categories/", "/", "/cats/"]
    loaded = []
    try:
        for path in pages:
            try:
                own.get(server.origin + path)
            except Exception as error:  # selenium's page-load timeout
                pytest.fail(f"page {len(loaded) + 1} ({path}) did not load after {loaded}: {type(error).__name__}")
            loaded.append(path)
    finally:
        own.quit()


# --- 6. invalid values -------------------------------------------------------------------------

def unconstrain(b):
    """Takes the browser's own checks away, as a hand-made post would."""
    b.js("""for (const e of document.querySelectorAll('.edit-form [required], .edit-form [min], .edit-form [max],'
                                                  + ' .edit-form [maxlength], .edit-form [step]'))
              for (const a of ['required', 'min', 'max', 'maxlength', 'step']) e.removeAttribute(a);
            // Without a step a number input steps by 1: "any" lets every number through.
            document.getElementById('weight')?.setAttribute('step', 'any');""")


def set_value(b, css, value):
    b.js("const e = document.querySelector(arguments[0]); e.value = arguments[1];"
         "e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true}))",
         css, value)


INVALID = {
    # case: (control, value or None to leave the rating unchosen, field whose message shows, message)
    "weight-15.1": ("#weight", "15.1", "weight", WEIGHT_RULE + '"15.1"'),
    "weight-0.4": ("#weight", "0.4", "weight", WEIGHT_RULE + '"0.4"'),
    "weight-4.25": ("#weight", "4.25", "weight", WEIGHT_RULE + '"4.25"'),
    "rating-missing": ("rating", None, "rating", "rating is required: a whole number from 1 to 5"),
    "born-tomorrow": ("#born", "tomorrow", "born", None),
    "born-1994-12-31": ("#born", "1994-12-31", "born", None),
    "name-empty": ("#name", "", "name", NAME_RULE + "nothing"),
    "name-81": ("#name", "N" * 81, "name", NAME_RULE + "81 characters"),
}


@pytest.mark.parametrize("case", list(INVALID))
def test_an_invalid_value_is_refused_with_422_next_to_its_field_and_nothing_written(b, server, case):
    control, value, field, message = INVALID[case]
    before = server.read(CATS)
    b.go("/_catgallery/edit/new-cat")
    today = b.el("#born").get_attribute("max")
    assert today == datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    if value == "tomorrow":
        value = (datetime.date.fromisoformat(today) + datetime.timedelta(days=1)).isoformat()
    if message is None:
        message = f'birth date must be a date YYYY-MM-DD from 1995-01-01 to {today} (not in the future), found "{value}"'
    fill_new_cat(b, "Valid Name", "Valid Owner", "Bengal", "2018-05-06", "4.4", 3)
    unconstrain(b)
    if value is None:
        b.js("for (const r of document.querySelectorAll('input[name=rating]')) r.checked = false")
    else:
        set_value(b, control, value)
    b.submit()

    assert b.status() == 422
    assert b.path() == "/_catgallery/edit/new-cat" and b.text("h1") == "Add a cat"
    assert b.text(f"#{field}-error") == message
    assert b.texts(".field-error") == [message], "only the bad field is marked"
    assert b.text(".form-problems h2") == "One value needs fixing"
    assert b.js("return [...document.querySelectorAll('.form-problems a')].map(a => [a.getAttribute('href'), a.textContent])") \
        == [[f"#{field}", message]]
    if field == "rating":
        assert b.el("#rating").get_attribute("aria-describedby") == "rating-error"
    else:
        assert b.el(f"#{field}").get_attribute("aria-invalid") == "true"
        assert "{}-error".format(field) in b.el(f"#{field}").get_attribute("aria-describedby").split()
    # What was typed is still there, the bad value too.
    kept = {f: b.el(f"#{f}").get_property("value") for f in ("name", "owner", "breed", "born", "weight")}
    expected = {"name": "Valid Name", "owner": "Valid Owner", "breed": "beng", "born": "2018-05-06", "weight": "4.4"}
    if value is not None:
        expected[control[1:]] = value
    assert kept == expected
    checked = b.js("return document.querySelector('input[name=rating]:checked')?.value ?? null")
    assert checked == (None if value is None else "3")
    assert server.read(CATS) == before, "the file is byte-identical"
    assert not (server.site / UPLOADS).exists()


def test_an_upload_that_is_not_an_image_is_refused_and_nothing_is_copied(b, server, tmp_path):
    before = server.read(CATS)
    fake = tmp_path / "notes.jpg"
    fake.write_text("not a photo")
    b.go(f"/_catgallery/edit/cat/{MOCHI}")
    b.el("#photo-file").send_keys(str(fake))
    b.submit()
    assert b.status() == 422
    message = "photo must be a JPEG, PNG, WebP, GIF, TIFF or HEIF image of at most 40 MB; notes.jpg is not"
    assert b.text("#photo-error") == message and b.texts(".form-problems a") == [message]
    assert b.js("return document.querySelector('input[name=photo-choice]:checked').value") == "upload"
    assert server.read(CATS) == before
    assert not (server.site / UPLOADS).exists()
    assert list((server.site / ".cache/catgallery/uploads").glob("*")) == []


def test_a_post_over_40_mb_is_refused_before_it_is_read(b, server):
    """413 from the Content-Length alone: the server answers without waiting for the body."""
    before = server.read(CATS)
    token, digest = server.form_secrets("/_catgallery/edit/new-cat")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall((f"POST /_catgallery/edit/new-cat HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                      f"Origin: {server.origin}\r\nContent-Type: multipart/form-data; boundary=x\r\n"
                      f"Content-Length: {50 * 1024 * 1024}\r\nConnection: close\r\n\r\n--x\r\n").encode())
        answer = sock.recv(4096).decode("utf-8", "replace")
    assert answer.startswith("HTTP/1.1 413"), answer
    assert "A form with its photo may be at most 40 MB." in answer
    assert server.read(CATS) == before


def test_the_edit_form_refuses_several_bad_values_at_once_and_keeps_the_file(b, server):
    before = server.read(CATS)
    b.go(f"/_catgallery/edit/cat/{MOCHI}")
    unconstrain(b)
    set_value(b, "#name", "   ")
    set_value(b, "#weight", "15.1")
    set_value(b, "#born", "1994-12-31")
    b.submit()
    assert b.status() == 422 and b.text("h1") == "Edit Mochi"
    assert b.text(".form-problems h2") == "3 values need fixing"
    assert b.texts(".field-error") == [
        NAME_RULE + "nothing",
        'birth date must be a date YYYY-MM-DD from 1995-01-01 to ' + b.el("#born").get_attribute("max")
        + ' (not in the future), found "1994-12-31"',
        WEIGHT_RULE + '"15.1"']
    assert b.el("#owner").get_property("value") == "Priya Raman"
    assert b.el("#owner").get_attribute("aria-invalid") is None
    assert server.read(CATS) == before


# --- 7. cross-site and token-less posts ----------------------------------------------------------

def browser_support():
    """Tests/browser/conftest.py, loaded under a name of its own (two modules
    named conftest would clash when both folders run together): its `served`
    serves a folder on a loopback port."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("browser_support", REPO / "Tests/browser/conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def other_site(tmp_path):
    """A second web site on another loopback port: another origin."""
    with browser_support().served(tmp_path) as url:
        yield tmp_path, url.rstrip("/")


@pytest.mark.parametrize("enctype", ["multipart/form-data", "application/x-www-form-urlencoded"])
def test_a_cross_site_form_post_lands_on_403_and_changes_nothing(b, server, other_site, enctype):
    folder, other_origin = other_site
    before = server.read(CATS)
    action = f"{server.origin}/_catgallery/edit/cat/{MOCHI}"
    token, digest = server.form_secrets(f"/_catgallery/edit/cat/{MOCHI}")  # the real ones, at worst leaked
    inputs = "".join(f'<input type="hidden" name="{k}" value="{v}">' for k, v in mochi_fields(token, digest))
    (folder / "prize.html").write_text(
        f'<!doctype html><html lang="en"><title>You won a kitten</title><form id="f" method="post" '
        f'enctype="{enctype}" action="{action}">{inputs}</form><script>document.getElementById("f").submit()</script>')
    b.d.get(other_origin + "/prize.html")
    b.wait(f"location.href === {json.dumps(action)} && document.readyState === 'complete'", 10,
           "the browser on the edit endpoint")
    assert b.status() == 403
    assert b.text("h1") == "Refused"
    assert b.text("main p") == f"Nothing was changed: the form was posted from another site ({other_origin})."
    assert server.read(CATS) == before
    assert "<dd>4.8 kg</dd>" in server.get(f"/cats/{MOCHI}/")[2]


REFUSED = {
    "no-token": (dict(token=None), {}, "the form's token is missing or stale (reload the page: each run of serve makes a new one)"),
    "wrong-token": (dict(token="0" * 64), {}, "the form's token is missing or stale (reload the page: each run of serve makes a new one)"),
    "no-origin-or-referer": ({}, {"Origin": None}, "the request does not say which page it came from (no Origin or Referer)"),
    "null-origin": ({}, {"Origin": "null"}, "the form was posted from another site (null)"),
    "other-referer": ({}, {"Origin": None, "Referer": "http://evil.example/page"}, "the form was posted from another site"),
    "other-port": ({}, {"Origin": "http://127.0.0.1:1"}, "the form was posted from another site (http://127.0.0.1:1)"),
    "other-host": ({}, {"Host": "evil.example:{port}", "Origin": "http://evil.example:{port}"},
                   "this server answers edits only by its own address (127.0.0.1, [::1], localhost)"),
    "put": (dict(method="PUT"), {}, "edits are made only by POST from the forms of catgallery serve"),
    "delete-remove": (dict(method="DELETE", path=f"/_catgallery/edit/cat/{MOCHI}/remove"), {},
                      "edits are made only by POST from the forms of catgallery serve"),
}


def post_mochi(server, token="real", method="POST", path=f"/_catgallery/edit/cat/{MOCHI}", headers=None):
    real_token, digest = server.form_secrets(f"/_catgallery/edit/cat/{MOCHI}")
    body, kind = multipart(mochi_fields(real_token if token == "real" else token, digest))
    sent = {"Origin": server.origin, "Content-Type": kind}
    for key, value in (headers or {}).items():
        if value is None:
            sent.pop(key, None)
        else:
            sent[key] = value.format(port=server.port)
    return server.request(method, path, body=body, headers=sent)


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_post_without_the_token_or_from_elsewhere_gets_403_and_changes_nothing(b, server, case):
    options, headers, reason = REFUSED[case]
    before = server.read(CATS)
    status, answer_headers, page = post_mochi(server, headers=headers, **options)
    assert status == 403, page
    assert f"<p>Nothing was changed: {reason}.</p>" in html.unescape(page), page
    assert answer_headers.get("Cache-Control") == "no-store"
    assert server.read(CATS) == before


def test_the_same_post_with_the_token_and_origin_is_accepted(b, server):
    """The control of the refusals above: their bodies were good, only what they lacked was refused."""
    before = server.read(CATS)
    status, headers, _ = post_mochi(server)
    assert status == 303 and headers["Location"] == f"/cats/{MOCHI}/"
    gone, new = changed_lines(before, server.read(CATS))
    assert gone == ['    "weightKg": 4.8,'] and new == ['    "weightKg": 9.9,']
    # A same-origin Referer without Origin is enough too.
    status, _, _ = post_mochi(server, headers={"Origin": None, "Referer": server.url + "_catgallery/edit/x"})
    assert status == 303


def test_a_get_with_values_in_the_query_changes_nothing(b, server):
    before = server.read(CATS)
    token, digest = server.form_secrets(f"/_catgallery/edit/cat/{MOCHI}")
    b.go(f"/_catgallery/edit/cat/{MOCHI}/remove?_token={token}&_hash={digest}")
    assert b.status() == 200 and b.text("h1") == "Remove Mochi?"
    assert server.read(CATS) == before


# --- 8. accessibility and the keyboard -----------------------------------------------------------

def run_axe(b):
    b.js(AXE.read_text(encoding="utf8"))
    return b.d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run().then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        "  nodes: v.nodes.map(n => n.target.join(' '))}))), e => done([{id: 'axe-error', help: String(e)}]));")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_every_form_is_axe_clean_and_photographed(b, server, viewport):
    """axe-core on each form and state, with a full-page screenshot of each (test-output/screenshots/edit/)."""
    b.viewport(viewport)
    w, _, _ = VIEWPORTS[viewport]
    found = {}

    def check(name, ready="true"):
        b.wait(ready, 10, name)
        b.wait("[...document.images].filter(i => i.loading !== 'lazy').every(i => i.complete)", 10, name + " images")
        assert b.js("return document.documentElement.scrollWidth") <= w, f"{name} scrolls sideways at {viewport}"
        found[name] = run_axe(b)
        b.screenshot(name, viewport)

    b.go(f"/cats/{MOCHI}/")
    assert b.d.find_element(By.LINK_TEXT, "Edit").is_displayed()
    check("cat-page-with-edit")
    b.go("/_catgallery/edit/new-cat")
    check("add-form")
    Select(b.el("#breed")).select_by_visible_text("Maine Coon")
    check("add-form-breed-photos", "!document.querySelector('.breed-photos[data-breed=mcoo]').hidden")
    b.go(f"/_catgallery/edit/cat/{MOCHI}")
    check("edit-form")
    unconstrain(b)
    set_value(b, "#weight", "15.1")
    set_value(b, "#name", "")
    b.submit()
    assert b.status() == 422
    check("edit-form-errors", "document.querySelector('.form-problems')")
    b.go(f"/_catgallery/edit/cat/{MOCHI}/remove")
    check("remove-page")
    b.go("/_catgallery/edit/caption?park=1&photo=0")
    check("caption-form")
    violations = {name: v for name, v in found.items() if v}
    assert violations == {}, json.dumps(violations, indent=1)


def test_the_add_form_works_from_the_keyboard_alone(b, server):
    before = server.read(CATS)
    b.go("/_catgallery/edit/new-cat")
    b.js("document.getElementById('name').focus()")
    order = [b.active()]

    def next_stop():
        """Tab until focus leaves the control (a date field has a stop for each part)."""
        for _ in range(5):
            b.keys(Keys.TAB)
            if b.active() != order[-1]:
                break
        order.append(b.active())
        return order[-1]

    b.keys("Keys Only")
    next_stop()
    b.keys("Tab Owner")
    next_stop()
    b.keys("Maine")  # type-ahead in the closed select
    assert b.el("#breed").get_property("value") == "mcoo"
    next_stop()
    b.keys("02032020")  # month, day, year
    assert b.el("#born").get_property("value") == "2020-02-03"
    for _ in range(5):
        next_stop()
    # The file field is shown, and so reached, only while "Upload a photo" is chosen.
    assert order == ["name", "owner", "breed", "born", "weight", "rating=1", "photo-choice=none",
                     "button:Add cat", "a:Cancel"], order
    assert [b.el(f"#{f}").get_property("value") for f in ("name", "owner")] == ["Keys Only", "Tab Owner"]

    # Arrow keys move the rating; the hidden radios still say what is chosen.
    b.js("document.getElementById('rating-1').focus()")
    b.keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert b.active() == "rating=3" and b.js("return document.querySelector('input[name=rating]:checked').value") == "3"
    b.keys(Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    assert b.js("return document.querySelector('input[name=rating]:checked').value") == "3"
    # The photo choices are one group: from "No photo", down to the shown breed's
    # first photo, past the hidden groups of other breeds, and on to "Upload".
    b.keys(Keys.TAB)
    assert b.active() == "photo-choice=none"
    b.keys(Keys.ARROW_DOWN)
    assert b.active() == "photo-choice=photo:breeds/mcoo/mcoo1"
    # Weight, then Enter submits.
    b.js("document.getElementById('weight').focus()")
    b.keys("3.9")
    b.follow(lambda: b.keys(Keys.ENTER))
    assert b.status() == 200 and re.fullmatch(r"/cats/[0-9a-f]{24}/", b.path())
    added = cats_of(server.read(CATS))[-1]
    assert cats_of(server.read(CATS))[:-1] == cats_of(before)
    assert {k: v for k, v in added.items() if k != "_id"} == {
        "catName": "Keys Only", "ownerName": "Tab Owner", "breedId": "mcoo", "birthDate": "2020-02-03T00:00:00.000Z",
        "weightKg": 3.9, "rating": 3, "photoUrl": "breeds/mcoo/mcoo1"}


# --- 10. build output --------------------------------------------------------------------------

def test_a_built_site_has_no_edit_links_or_forms(server, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(REPO / "content", site / "content")
    # The served copy's image cache, so the build does not process every photo again.
    cache = server.site / ".cache/catgallery"
    for name in ("derivatives", "photos", "photos.json", "placeholders.json"):
        source = cache / name
        if source.is_dir():
            shutil.copytree(source, site / ".cache/catgallery" / name)
        elif source.exists():
            shutil.copy2(source, site / ".cache/catgallery" / name)
    out = tmp_path / "public"
    done = subprocess.run([str(BINARY), "build", "--site", str(site), "--output", str(out), "--quiet"],
                          capture_output=True, text=True, timeout=300, env=dict(os.environ, VIPS_WARNING="0"))
    assert done.returncode == 0, done.stdout + done.stderr
    files = [p for p in out.rglob("*") if p.suffix in (".html", ".js", ".css")]
    assert len(files) > 50 and (out / f"cats/{MOCHI}/index.html").exists()
    marked = [str(p.relative_to(out)) for p in files
              if any(s in p.read_text(encoding="utf8") for s in ("_catgallery", "edit-link", "edit-caption"))]
    assert marked == []
    assert "Add a cat" not in (out / "cats/index.html").read_text()
    # The same page served has them: the search above can find them.
    assert '/_catgallery/edit/new-cat">Add a cat</a>' in server.get("/cats/")[2]


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_a_served_breed_page_with_several_photos_keeps_the_breed_pages_layout(b, viewport):
    """edit.css is loaded on every served page: its rules for the cat form's photo choice
    must not reach the breed page's own list of photos, which shares a class name."""
    b.viewport(viewport)
    b.go("/breeds/mcoo/")
    seen = b.js("""const list = document.querySelector('.breed-photos ul'), photo = list.querySelector('img'),
                   save = document.querySelector('.breed-photo .save');
                   return {list: list.getBoundingClientRect().width, photo: photo.getBoundingClientRect().width,
                           save: save.getBoundingClientRect().height,
                           line: parseFloat(getComputedStyle(save).lineHeight) || 24}""")
    assert seen["photo"] >= seen["list"] * 0.9, seen
    assert seen["save"] <= 3 * seen["line"], f"Save photo wraps: {seen}"
    b.screenshot(f"served-breed-{viewport}", viewport)
