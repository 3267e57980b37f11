"""Photos shown large on breed and cat pages: they open in the lightbox with a URL per
photo and Back closes it; "Another photo" goes through every photo of a breed."""
import shutil

import pytest
from selenium.webdriver.common.keys import Keys

from conftest import REPO, Browser, build, served
from test_lightbox import ZOOMED, settle, state, wait_closed, wait_open
from test_parts import copy_site
from test_quality import run_axe

BREED, CAT = "breeds/abys/", "cats/tofu-wei-chen/"
# The breed's photo on show (the others are hidden while "Another photo" cycles them).
SHOWN = "document.querySelector('.breed-photo.current a.thumb')"
CURRENT = "[...document.querySelectorAll('.breed-photo')].findIndex(f => f.classList.contains('current'))"


def test_a_breed_photo_opens_in_the_lightbox_with_its_own_url_and_back_closes_it(browser, vp):
    b = browser
    b.go(BREED)
    ids = b.js("return [...document.querySelectorAll('.breed-photo a.thumb')].map(a => a.dataset.id)")
    assert ids == ["breeds/abys/abys1.jpg", "breeds/abys/abys2.jpg"]
    b.js(f"{SHOWN}.click()")
    wait_open(b)
    s = state(b)
    assert s["hash"] == "#photo=" + ids[0] and s["count"] == "1 of 2" and s["focusInside"]
    assert s["caption"] == "Abyssinian, photo 1 of 2"
    b.wait("document.querySelector('.lb-full').classList.contains('loaded')", 10)
    # It zooms like a park photo.
    b.key("+")
    settle(b, ZOOMED)
    b.key("0")
    settle(b, f"!{ZOOMED}")
    # It browses the breed's photos, and the page shows the one it closes into.
    b.key(Keys.ARROW_RIGHT)
    assert state(b)["hash"] == "#photo=" + ids[1] and state(b)["count"] == "2 of 2"
    assert b.js(f"return {CURRENT}") == 1
    url = b.d.current_url.split("#")[0]
    b.d.back()
    wait_closed(b)
    assert b.d.current_url == url
    assert b.js(f"return document.activeElement === {SHOWN}"), "focus goes back to the photo shown"
    assert b.js("return document.querySelector('.photo-count').textContent") == "Photo 2 of 2"
    # A shared link opens that photo.
    b.go("404.html", ready=False)
    b.go(BREED + "#photo=" + ids[1])
    wait_open(b)
    assert state(b)["caption"] == "Abyssinian, photo 2 of 2"
    assert b.console_errors() == []


def test_a_breed_photo_opens_and_closes_from_the_keyboard(browser):
    b = browser
    b.go(BREED)
    b.js(f"{SHOWN}.focus()")
    b.key(Keys.ENTER)
    wait_open(b)
    assert state(b)["hash"] == "#photo=breeds/abys/abys1.jpg"
    b.key(Keys.ESCAPE)
    wait_closed(b)
    assert b.js("return location.hash") == ""
    assert b.js(f"return document.activeElement === {SHOWN}")


def test_a_cat_photo_opens_in_the_lightbox_with_its_own_url_and_back_closes_it(browser, vp):
    b = browser
    b.go(CAT)
    link = b.js("return document.querySelector('.cat-figure a.thumb')")
    assert b.js("return arguments[0].dataset.id", link) == CAT
    b.js("arguments[0].click()", link)
    wait_open(b)
    s = state(b)
    assert s["hash"] == "#photo=" + CAT and s["caption"] == "Tofu" and s["count"] == ""
    b.key("+")
    settle(b, ZOOMED)
    b.d.back()
    wait_closed(b)
    assert b.d.current_url == b.base + CAT
    assert b.js("return document.activeElement === arguments[0]", link)
    assert b.console_errors() == []


def test_breed_and_cat_pages_pass_axe_with_the_lightbox_open(browser):
    b = browser
    for path, link in ((BREED, SHOWN), (CAT, "document.querySelector('.cat-figure a.thumb')")):
        b.go(path)
        assert run_axe(b) == [], path
        b.js(f"{link}.click()")
        wait_open(b)
        assert run_axe(b) == [], path + " with the lightbox open"


@pytest.fixture(scope="module")
def many_url(site, tmp_path_factory):
    """The example site with six photos for the Abyssinian, named so the cover is first."""
    root = copy_site(tmp_path_factory.mktemp("many-site"))
    folder = root / "content/photos/breeds/abys"
    for name, source in [("abys3.jpg", "kitten1.jpg"), ("abys4.jpg", "box1.jpg"), ("abys5.jpg", "curious1.jpg"),
                         ("abys6.jpg", "letchworth1.jpg")]:
        shutil.copy(REPO / "content/photos" / source, folder / name)
    with served(build(root, tmp_path_factory.mktemp("many-public"))) as url:
        yield url


def test_another_photo_cycles_through_every_photo_of_a_breed_with_many(driver, many_url):
    b = Browser(driver, many_url)
    b.viewport("phone")
    b.go("404.html", ready=False)
    b.js("localStorage.clear()")
    driver.get_log("browser")
    b.go(BREED)
    n = b.js("return document.querySelectorAll('.breed-photo').length")
    assert n == 6
    b.js("window.stillHere = 1")
    seen = []
    for k in range(n + 1):
        if k:
            b.js("document.querySelector('.another-photo').click()")
        assert b.js(f"return {CURRENT}") == k % n
        assert b.js("return document.querySelector('.photo-count').textContent") == f"Photo {k % n + 1} of {n}"
        b.wait(f"{SHOWN} && {SHOWN}.querySelector('img').complete && {SHOWN}.querySelector('img').naturalWidth > 0",
               10, f"photo {k % n + 1} never loaded")
        seen.append(b.js(f"return {SHOWN}.dataset.id"))
    assert seen[:n] == [f"breeds/abys/abys{i}.jpg" for i in range(1, n + 1)] and seen[n] == seen[0]
    assert b.js("return window.stillHere") == 1, "no reload"
    # The lightbox browses all six, and closing leaves the last one on the page.
    b.js(f"{SHOWN}.click()")
    wait_open(b)
    for _ in range(n):
        b.key(Keys.ARROW_RIGHT)
    assert state(b)["count"] == f"{n} of {n}"
    b.key(Keys.ESCAPE)
    wait_closed(b)
    assert b.js(f"return {CURRENT}") == n - 1
    # The breed list and the home page show the cover: the breed's first photo.
    first = b.js("return document.querySelector('.breed-photo img').getAttribute('src')").split("/")[-1]
    b.go("breeds/")
    cover = b.js("return document.querySelector('a[href=\"abys/\"] img, [data-search^=\"Abyssinian\"] img').getAttribute('src')")
    assert cover.split("/")[-1].split("-")[0] == first.split("-")[0] == "abys1"
    b.go("")
    card = b.js("return [...document.querySelectorAll('a[href=\"breeds/\"] img')].map(i => i.getAttribute('src'))")
    assert card and card[0].split("/")[-1].split("-")[0] == "abys1"
    assert b.console_errors() == []
