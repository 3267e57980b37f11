"""A preview in the browser: a folder of albums says nothing about cats, an unlisted
album is found by its address only, and the home page's search leads to real pages."""
import shutil
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import Browser, REPO, previewed

DAYS = [f"Day {n}" for n in range(1, 9)]


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    """A preview of eight albums of one photo each, and one unlisted album."""
    folder = tmp_path_factory.mktemp("preview") / "Coast"
    for name in DAYS + ["Later"]:
        (folder / name).mkdir(parents=True)
        shutil.copy(REPO / "Tests/Fixtures/images/landscape.jpg", folder / name / "view.jpg")
    (folder / "Later/index.md").write_text("Title: Later day\nhidden: true\n", encoding="utf8")
    with previewed(folder) as url:
        yield url


@pytest.fixture
def b(driver, gallery):
    browser = Browser(driver, gallery)
    browser.viewport("desktop")
    return browser


def test_search_finds_albums_first_and_every_result_is_a_page(b):
    b.go("coast/")
    assert b.js("return document.querySelector('.brand use').getAttribute('href')").endswith("icons.svg#camera")
    field = b.d.find_element(By.ID, "site-search")
    field.click()
    field.send_keys("day")
    b.wait("document.querySelector('.result-all')", timeout=10)
    kinds = b.js("return [...document.querySelectorAll('.site-results .result-meta')].map(m => m.textContent)")
    assert kinds == ["Album · Coast"] * 6, "the albums named Day, before their photos"
    assert b.js("return document.querySelector('.result-all').textContent") == f"See all {2 * len(DAYS)} results"
    b.js("document.querySelector('.result-all').click()")
    b.wait("document.querySelectorAll('.search-list a').length === 16", timeout=10)
    titles = b.js("return [...document.querySelectorAll('.search-list .result-title')].map(t => t.textContent)")
    assert "Later day" not in titles, "an unlisted album is not in search"
    links = b.js("return [...document.querySelectorAll('.search-list a')].map(a => a.href)")
    for href in links:
        with urllib.request.urlopen(href) as response:
            assert response.status == 200, href


def test_an_unlisted_album_has_its_page_but_no_card(b):
    b.go("coast/")
    cards = b.js("return [...document.querySelectorAll('.cards.albums .card strong')].map(s => s.textContent)")
    assert "Later day" not in cards and len(cards) == len(DAYS)
    b.go("coast/later/")
    assert b.js("return document.querySelector('h1').textContent") == "Later day"


LONG_NAMES = ["Mountaineering", "Photographers", "Extraordinary", "Thunderstorms", "Kittenhood", "Watercolours",
              "Nevertheless", "Lighthouses", "Breakfasts", "Marketplaces"]


@pytest.fixture(scope="module")
def long_named(tmp_path_factory):
    """A preview of ten albums whose names are single long words."""
    folder = tmp_path_factory.mktemp("long-named") / "Travels"
    for name in LONG_NAMES:
        (folder / name).mkdir(parents=True)
        shutil.copy(REPO / "Tests/Fixtures/images/landscape.jpg", folder / name / "view.jpg")
    with previewed(folder) as url:
        yield url


@pytest.mark.parametrize("width", [1440, 1024])
def test_album_cards_never_break_a_word_of_their_titles(driver, long_named, width):
    b = Browser(driver, long_named)
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
    b.go("travels/")
    split = b.js("""return [...document.querySelectorAll('.cards .card strong')].flatMap(title => {
        const text = title.firstChild, words = [], range = document.createRange();
        for (const m of text.data.matchAll(/\\S+/g)) {
          range.setStart(text, m.index); range.setEnd(text, m.index + m[0].length);
          if (range.getClientRects().length > 1) words.push(m[0]);
        }
        return words; })""")
    assert b.js("return document.querySelectorAll('.cards .card strong').length") == len(LONG_NAMES)
    assert split == [], f"titles broken mid-word at {width} px: {split}"
    from conftest import SCREENSHOTS
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    b.d.save_screenshot(str(SCREENSHOTS / f"album-cards-{width}.png"))


def test_the_home_page_of_a_preview_opens_its_one_top_album(b):
    """A previewed folder is one album: the home page, which would show it as its only
    card, opens its page instead (as sigal's index is the top album)."""
    b.go("", ready=False)
    b.wait("location.pathname.endsWith('/coast/') && document.readyState === 'complete'")
    assert b.js("return document.querySelector('h1').textContent") == "Coast"
    assert len(b.js("return [...document.querySelectorAll('.cards.albums .card')]")) == len(DAYS)


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_a_previews_pages_pass_axe(b, viewport):
    """axe-core 4 on every kind of page a preview makes, at a phone's size and a desktop's."""
    from test_quality import run_axe
    b.viewport(viewport)
    for name, path in {"home": "", "top album": "coast/", "search": "search/?q=day", "404": "404.html"}.items():
        b.go(path, ready=name != "404")
        assert run_axe(b) == [], name
    b.go("coast/")
    b.d.get(b.js("return document.querySelector('.card a').href"))
    b.wait("document.querySelector('.view a.thumb') && !document.querySelector('.theme-toggle').hidden")
    assert run_axe(b) == [], "album"
    photo = b.js("return document.querySelector('.view a.thumb').href")
    b.js("document.querySelector('.view a.thumb').click()")
    b.wait("!document.querySelector('.lb').hidden && document.querySelector('.lb.lb-ready')")
    assert run_axe(b) == [], "album with the lightbox open"
    b.d.get(photo)
    b.wait("document.querySelector('.photo-full img') && !document.querySelector('.theme-toggle').hidden")
    assert run_axe(b) == [], "photo page"
