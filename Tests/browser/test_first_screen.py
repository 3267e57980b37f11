"""What a phone loads first: every thumbnail below the first screen waits
(loading="lazy", with its size reserved), and the parks page at 390x844
fetches no more image bytes than the thumbnails on screen and one screen more.
The hash links #list and #grid land with the title and the switch in view,
and a hash changed within the page switches the view."""
import pytest

from conftest import VIEWPORTS

# Every picture of main outside the lightbox: where it is, whether it waits.
PICTURES = """
const shown = e => e.offsetParent !== null;
return [...document.querySelectorAll('main img')].filter(i => !i.closest('.lb, template')).map(i => ({
  src: i.currentSrc || i.getAttribute('src'), set: i.getAttribute('srcset'), top: i.getBoundingClientRect().top, shown: shown(i),
  lazy: i.loading === 'lazy', sized: i.hasAttribute('width') && i.hasAttribute('height'),
  remote: /^https?:/.test(i.getAttribute('src'))}));
"""

# The images fetched so far, by address, with their bytes over the wire and in the body.
FETCHED = """
return performance.getEntriesByType('resource').filter(e => e.initiatorType === 'img')
  .map(e => ({url: e.name, transfer: e.transferSize, body: e.encodedBodySize}));
"""

# The view a list page shows: the one list of items is drawn as a list or a grid.
VIEW = "getComputedStyle(document.querySelector('.view')).getPropertyValue('--view').trim()"


def fresh_load(b, path):
    """Loads `path` with nothing cached, at the top of the page."""
    b.d.execute_cdp_cmd("Network.enable", {})
    b.d.execute_cdp_cmd("Network.clearBrowserCache", {})
    b.go("404.html", ready=False)
    b.js("localStorage.clear()")
    b.go(path)
    b.wait("[...document.images].filter(i => i.loading !== 'lazy').every(i => i.complete)", 10)


@pytest.mark.parametrize("path", ["", "parks/", "categories/", "categories/kittens/", "breeds/", "cats/",
                                  "parks/letchworth/", "breeds/abys/"])
def test_every_picture_below_the_first_screen_waits_and_has_its_size(browser, path):
    b = browser
    b.viewport("phone")
    fresh_load(b, path)
    height = VIEWPORTS["phone"][1]
    pictures = b.js(PICTURES)
    # The other view's copy of a picture on screen costs nothing more: the same file.
    first = {p["set"] for p in pictures if p["shown"] and p["top"] < height}
    for picture in pictures:
        if picture["remote"]:
            continue
        assert picture["sized"], (path, picture)
        later = picture["top"] >= height if picture["shown"] else picture["set"] not in first
        if later:
            assert picture["lazy"], f"{path}: {picture['src']} is below the first screen but loads at once"


@pytest.mark.parametrize("path", ["parks/", "breeds/"])
def test_a_phone_fetches_the_pictures_of_the_first_screen_and_the_next_only(browser, path):
    """The parks page (1,792 px at 390 px wide) lies within Chromium's lazy-load
    distance, about 1,250 px beyond the screen, so it fetches each of its 12
    photos once (the grid's copies are the list's files); the breeds list
    (about 6,000 px) fetches no picture further down than the next screen."""
    b = browser
    b.viewport("phone")
    fresh_load(b, path)
    b.wait("document.readyState === 'complete'")
    b.d.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
    b.wait("[...document.images].filter(i => i.currentSrc && i.offsetParent && i.getBoundingClientRect().top"
           " < 2 * innerHeight && !/^https?:/.test(i.getAttribute('src'))).every(i => i.complete)", 10)
    height = VIEWPORTS["phone"][1]
    pictures = [p for p in b.js(PICTURES) if not p["remote"]]
    fetched = [f for f in b.js(FETCHED) if f["url"].startswith(b.base)]
    on_screen = {p["src"] for p in pictures if p["shown"] and p["top"] < height}
    two_screens = {p["src"] for p in pictures if p["shown"] and p["top"] < 2 * height}
    print(f"\n{path} at 390x844: {len(fetched)} images fetched, {sum(f['transfer'] for f in fetched)} B over the"
          f" wire ({sum(f['body'] for f in fetched)} B of bodies); {len(on_screen)} on the first screen"
          f" ({sum(f['body'] for f in fetched if f['url'] in on_screen)} B); {len(pictures)} <img> on the page,"
          f" {sum(p['lazy'] for p in pictures)} lazy")
    beyond = [f["url"] for f in fetched if f["url"] not in two_screens]
    assert beyond == [], f"fetched pictures further down than the next screen: {beyond}"
    assert on_screen <= {f["url"] for f in fetched}, "every picture on the first screen is fetched"
    assert len(fetched) == len({f["url"] for f in fetched}), "no file is fetched twice"


@pytest.mark.parametrize("view", ["list", "grid"])
def test_a_hash_link_lands_with_the_title_and_the_switch_in_view(browser, vp, view):
    b = browser
    b.go("404.html", ready=False)
    b.go(f"parks/#{view}")
    b.wait(f"{VIEW} === '{view}'")
    bar = b.js("const t = document.querySelector('.top'); return getComputedStyle(t).position === 'sticky'"
               " ? t.getBoundingClientRect().bottom : 0")
    for selector in [".page-head h1", ".view-tabs"]:
        box = b.js(f"return document.querySelector('{selector}').getBoundingClientRect().toJSON()")
        assert box["top"] >= bar - 0.5 and box["bottom"] <= b.size[1], (vp, view, selector, box, bar)


def test_changing_the_hash_within_the_page_switches_the_view(browser):
    b = browser
    b.viewport("phone")
    b.go("parks/")
    shown = f"return (v => [v === 'list', v === 'grid'])({VIEW})"
    b.js("document.querySelector('.view-tab[data-view=list]').click()")
    assert b.js(shown) == [True, False]
    b.js("window.stillHere = 1; location.hash = 'grid'")
    b.wait(f"{VIEW} === 'grid'")
    assert b.js(shown) == [False, True]
    assert b.js("return document.querySelector('.view-tab[data-view=grid]').getAttribute('aria-current')") == "true"
    b.js("location.hash = 'list'")
    b.wait(f"{VIEW} === 'list'")
    b.d.back()
    b.wait(f"{VIEW} === 'grid'", message="Back returns to the grid")
    assert b.js("return window.stillHere") == 1, "the page is never reloaded"
    b.js("document.querySelector('.view-tab[data-view=list]').click()")
