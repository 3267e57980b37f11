"""The filter of a paged list searches the whole list through the site's search index:
a previewed folder of 250 photos, 100 to a page, where a caption word of page 3 is found
from page 1 (with a thumbnail and a link to the photo's page), what that costs in requests
and bytes, counted in the browser; and the paged list of facts of the example site."""
import json
import re
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Browser, build, previewed, served

COUNT, PAGE_SIZE = 250, 100
# Words each only some photos' captions hold, by photo number (from 0).
RARE = {"zanzibar": [204, 229], "harbour": [5, 210], "lantern": [110]}
FETCHED = ("return performance.getEntriesByType('resource').filter(e => /\\/search\\/|search\\.js/.test(e.name))"
           ".map(e => [e.name.split('/').pop(), e.encodedBodySize])")


def caption(number):
    words = [word for word, numbers in RARE.items() if number in numbers]
    return " ".join([f"Photo {number}"] + words)


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    """A preview of one folder of 250 tiny photos, captioned in their text files."""
    from PIL import Image
    folder = tmp_path_factory.mktemp("filter") / "Roll"
    folder.mkdir()
    for number in range(COUNT):
        stem = f"IMG_{number:04d}"
        Image.new("RGB", (24, 18), (number % 256, number * 7 % 256, number * 13 % 256)).save(folder / f"{stem}.jpg")
        (folder / f"{stem}.md").write_text(f"---\ncaption: {caption(number)}\n---\n", encoding="utf8")
    (folder / "site.yml").write_text(f"page_size: {PAGE_SIZE}\n", encoding="utf8")
    with previewed(folder) as url:
        yield url, folder.parent / "Roll-out"


@pytest.fixture
def b(driver, gallery):
    browser = Browser(driver, gallery[0])
    browser.viewport("desktop")
    yield browser
    browser.js("localStorage.clear()")


def type_filter(b, text):
    field = b.d.find_element(By.CSS_SELECTOR, ".search input")
    field.clear()
    field.send_keys(text)


def listed(b):
    """The matches of other pages: title, link and thumbnail."""
    return b.js("""return [...document.querySelectorAll('.list-matches a')].map(a =>
        [a.querySelector('.result-title').textContent, a.getAttribute('href'), a.querySelector('img') && a.querySelector('img').src])""")


def visible_captions(b):
    return b.js("return [...document.querySelectorAll('.items > li')].filter(li => !li.hidden)"
                ".map(li => li.querySelector('.caption').textContent.trim())")


def count_text(b):
    return b.js("return document.querySelector('.search .count').textContent")


def test_a_word_of_page_3_is_found_from_page_1(b):
    b.go("roll/")
    assert len(b.js("return document.querySelectorAll('.items > li')")) == PAGE_SIZE
    type_filter(b, "zanzibar")
    b.wait("document.querySelectorAll('.list-matches a').length === 2")
    rows = listed(b)
    assert [title for title, _, _ in rows] == [caption(n) for n in RARE["zanzibar"]]
    assert all(thumb and "/images/" in thumb for _, _, thumb in rows), rows
    assert visible_captions(b) == [], "no photo of page 1 holds the word"
    assert count_text(b) == "2 matches in this album, 2 on other pages"
    b.js("document.querySelector('.list-matches a').click()")
    b.wait("location.pathname.endsWith('/roll/img-0204-jpg/')")
    assert "zanzibar" in b.js("return document.querySelector('h1').textContent")


def test_matches_on_the_page_stay_in_place_and_the_others_are_listed(b):
    b.go("roll/page/3/")
    type_filter(b, "harbour")
    b.wait("document.querySelectorAll('.list-matches a').length === 1")
    assert visible_captions(b) == [caption(210)]
    assert [title for title, _, _ in listed(b)] == [caption(5)]
    assert count_text(b) == "2 matches in this album, 1 on other pages"
    # Escape empties the box: the whole page again and no list.
    b.d.find_element(By.CSS_SELECTOR, ".search input").send_keys(Keys.ESCAPE)
    b.wait("!document.querySelector('.list-matches a')")
    assert len(visible_captions(b)) == COUNT - 2 * PAGE_SIZE
    assert count_text(b) == ""


def test_a_word_the_album_lacks_says_no_matches(b):
    b.go("roll/page/2/")
    type_filter(b, "nowhere")
    b.wait("document.querySelector('.search .count').textContent === 'No matches'")
    assert visible_captions(b) == [] and listed(b) == []
    assert b.js("return !document.querySelector('.no-matches').hidden")


def test_what_the_filter_fetches(b, gallery):
    out = gallery[1]
    sizes = {p.name: p.stat().st_size for p in (out / "search").iterdir()}
    b.go("roll/")
    b.js("performance.clearResourceTimings()")
    assert b.js(FETCHED) == []
    type_filter(b, "lantern")
    b.wait("document.querySelectorAll('.list-matches a').length === 1")
    time.sleep(0.3)  # the thumbnail and nothing more
    entries = b.js(FETCHED)
    names = sorted(name for name, _ in entries)
    chunks = [name for name in names if name.startswith("t-")]
    fragments = [name for name in names if re.fullmatch(r"f\d+-.{4}\.json", name)]
    assert names == sorted(["search.js", "index.json"] + chunks + fragments), names
    assert len(chunks) == 1 and len(fragments) == 1, names
    for name, size in entries:
        if name != "search.js":
            assert size == sizes[name], name
    spent = sum(size for name, size in entries if name != "search.js")
    # search.js may come from the browser's cache (an earlier test loaded it): its size on disk.
    script = (out / "assets/search.js").stat().st_size
    print(f"\nfilter 'lantern' from page 1: {len(entries)} requests: the index's {spent} B "
          f"in {len(entries) - 1}, and assets/search.js ({script} B uncompressed)")


def test_without_javascript_the_filter_box_is_not_shown(gallery):
    html = urllib.request.urlopen(gallery[0] + "roll/page/2/").read().decode()
    box = re.search(r'<div class="search"[^>]*>', html).group()
    assert " hidden" in box, box
    assert 'data-entries="' in box and 'data-here="' in box


@pytest.fixture(scope="module")
def facts_site(tmp_path_factory):
    """A site of 250 facts only, 100 to a page; one word is in facts 230 and 240 only."""
    root = tmp_path_factory.mktemp("facts")
    (root / "content").mkdir()
    facts = [f"Fact number {n} about cats" + (" and quokkas" if n in (230, 240) else "") for n in range(COUNT)]
    (root / "content/facts.json").write_text(json.dumps({"data": [{"fact": text} for text in facts]}))
    (root / "content/site.yml").write_text(f"title: Facts\npage_size: {PAGE_SIZE}\n")
    with served(build(root, root / "out")) as url:
        yield url, facts


def test_the_paged_facts_list_is_filtered_whole(driver, facts_site):
    url, facts = facts_site
    b = Browser(driver, url)
    b.viewport("desktop")
    b.go("facts/")
    type_filter(b, "quokka")
    b.wait("document.querySelectorAll('.list-matches a').length === 2")
    assert [title for title, _, _ in listed(b)] == [facts[230], facts[240]]
    assert b.js("return [...document.querySelectorAll('.fact-list > li')].every(li => li.hidden)")
    assert count_text(b) == "2 matches in this list, 2 on other pages"
    b.go("facts/page/3/")
    type_filter(b, "quokka")
    b.wait("document.querySelector('.search .count').textContent !== ''")
    assert b.js("return [...document.querySelectorAll('.fact-list > li')].filter(li => !li.hidden)"
                ".map(li => li.textContent.trim())") == [facts[230], facts[240]]
    assert listed(b) == []
