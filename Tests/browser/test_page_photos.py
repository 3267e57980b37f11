"""Photos shown large on breed and cat pages: they open in the lightbox with a URL per
photo, Back closes it, they save like park photos and show on the saved page as square
thumbnails; "Another photo" goes through every photo of a breed."""
import re
import shutil

import pytest
from selenium.webdriver.common.keys import Keys

from conftest import REPO, build, fresh, served
from test_lightbox import ZOOMED, settle, state, wait_closed, wait_open
from test_parts import copy_site
from test_quality import run_axe

BREED, CAT = "breeds/abys/", "cats/60b621492d0523ac822797bd/"
# The breed's photo on show (the others are hidden while "Another photo" cycles them).
SHOWN = "document.querySelector('.breed-photo.current a.thumb')"
CURRENT = "[...document.querySelectorAll('.breed-photo')].findIndex(f => f.classList.contains('current'))"
# A derivative's name ends in -<width>x<height>.<hash>.<ext>.
SIZE = re.compile(r"-(\d+)x(\d+)\.[0-9a-f]+\.(\w+)$")


def size_of(url):
    match = SIZE.search(url)
    assert match, url
    return int(match[1]), int(match[2]), match[3]


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
    # Its focus ring shows: drawn, and cut off by no box around it.
    assert b.js(f"const a = {SHOWN}; return a.matches(':focus-visible') && getComputedStyle(a).outlineStyle !== 'none'")
    clipping = b.js(f"const out = []; for (let e = {SHOWN}.parentElement; e !== document.body; e = e.parentElement) "
                    "if (getComputedStyle(e).overflow !== 'visible') out.push(e.className); return out")
    assert clipping == []
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


# Each saved photo: its link's and image's boxes, the image it loaded, its <source>s.
SAVED = """
return [...document.querySelectorAll('.saved-photos > li')].map(li => {
  const a = li.querySelector('a.thumb'), img = a.querySelector('img'), box = e => e.getBoundingClientRect();
  return {id: a.dataset.id, href: a.getAttribute('href'), link: [box(a).width, box(a).height],
          image: [box(img).width, box(img).height], natural: [img.naturalWidth, img.naturalHeight],
          src: img.currentSrc, srcset: img.getAttribute('srcset'),
          sources: [...a.querySelectorAll('source')].map(s => [s.type, s.getAttribute('srcset')])};
});
"""


def test_breed_cat_and_park_photos_saved_from_their_pages_are_square_thumbnails(browser, vp):
    b = browser
    b.go("parks/letchworth/letchworth1/")
    b.js("document.querySelector('button.save').click()")
    b.go(BREED)
    b.js("document.querySelector('.another-photo').click()")
    b.js(f"{SHOWN}.click()")
    wait_open(b)
    b.js("document.querySelector('.lb-save').click()")
    assert b.js("return document.querySelector('.lb-save').getAttribute('aria-pressed')") == "true"
    b.js("document.querySelector('.lb-close').click()")
    wait_closed(b)
    b.go(CAT)
    b.wait("!document.querySelector('button.save').hidden")
    b.js("document.querySelector('button.save').click()")
    assert b.js("return document.querySelector('button.save').getAttribute('aria-pressed')") == "true"
    b.go("saved/")
    b.wait("[...document.querySelectorAll('.saved-photos img')].every(i => i.complete && i.naturalWidth)", 10)
    saved = b.js(SAVED)
    assert [item["id"] for item in saved] == [CAT, "breeds/abys/abys2.jpg", "parks/letchworth/letchworth1/"]
    assert saved[0]["href"] == "../" + CAT
    assert saved[1]["href"] == "../breeds/abys/#photo=breeds/abys/abys2.jpg"
    for item in saved:
        width, height = item["link"]
        assert width > 50 and abs(width - height) < 1, item
        assert abs(item["image"][0] - width) < 1 and abs(item["image"][1] - height) < 1, item
        # The square thumbnail derivative (1x or 2x), in WebP, not the photo's large copy.
        w, h, ext = size_of(item["src"])
        assert w == h <= 480 and ext == "webp" and item["natural"] == [w, h], item
        assert [t for t, _ in item["sources"]] == ["image/webp"], item
        assert re.fullmatch(r"\S+ 1x, \S+ 2x", item["srcset"]), item
        assert all(size_of(url)[0] == size_of(url)[1] for _, srcset in item["sources"]
                   for url in srcset.split(" ")[::2]), item
    # They open in the lightbox there too, at full size.
    b.js("document.querySelectorAll('.saved-photos a.thumb')[1].click()")
    wait_open(b)
    b.wait("document.querySelector('.lb-full').classList.contains('loaded')", 10)
    assert state(b)["caption"] == "Abyssinian, photo 2 of 2"
    assert size_of(b.js("return document.querySelector('.lb-full').currentSrc"))[0] >= 640
    assert b.console_errors() == []


def test_breed_and_cat_pages_pass_axe_with_the_lightbox_open_and_saved(browser):
    b = browser
    for path, link in ((BREED, SHOWN), (CAT, "document.querySelector('.cat-figure a.thumb')")):
        b.go(path)
        assert run_axe(b) == [], path
        b.js(f"{link}.click()")
        wait_open(b)
        assert run_axe(b) == [], path + " with the lightbox open"
        b.js("document.querySelector('.lb-save').click()")
    b.go("saved/")
    assert b.js("return document.querySelectorAll('.saved-photos > li').length") == 2
    assert run_axe(b) == [], "saved page with a breed and a cat photo"


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
    b = fresh(driver, many_url, "phone")
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
