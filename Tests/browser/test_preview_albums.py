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
    b.go("")
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
