"""Site search from every header: ranking, accents, keyboard, what a query fetches
(counted in the browser), the page without JavaScript, and an edit under `preview`'s
server rewriting only the index files it touches."""
import json
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import BINARY, REPO, Browser, served

OPTIONS = "[...document.querySelectorAll('.site-results [data-href]')]"
TITLES = f"return {OPTIONS}.map(o => o.querySelector('.result-title') ? o.querySelector('.result-title').textContent : o.textContent)"
NAMES = ["Tofu", "Miso", "Luna", "Olive", "Pepper", "Ginger", "Mochi", "Pixel", "Hazel", "Maple"]
PLACES = ["sofa", "window", "garden", "kitchen", "stairs", "box", "balcony", "attic", "piano", "radiator", "shelf"]


def made_up_word(n):
    syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "zu", "ba", "do"]
    word = ""
    for _ in range(4):
        word, n = word + syllables[n % len(syllables)], n // len(syllables)
    return word


def make_photos(folder, albums=6, per_album=50):
    """Albums of tiny photos whose captions (in photo text files) share words; an album
    named with accents, photos named "Tofus" before an album named "Tofu", one hidden album."""
    from PIL import Image
    for album in range(albums):
        place = folder / f"Day {album + 1}"
        place.mkdir(parents=True)
        for number in range(per_album):
            n = album * per_album + number
            stem = f"IMG_{n:04d}"
            Image.new("RGB", (24, 18), (n % 256, (n * 7) % 256, (n * 13) % 256)).save(place / f"{stem}.jpg")
            caption = f"{NAMES[n % len(NAMES)]}s on the {PLACES[n % len(PLACES)]} word{n % 89} number{n}"
            # Two made-up words of its own, so the index has many terms and many chunks.
            caption += " " + " ".join(made_up_word(n * 2 + k) for k in range(2))
            (place / f"{stem}.md").write_text(f"---\ncaption: {caption}\n---\n", encoding="utf8")
    for name, caption in (("Tofu", "Asleep"), ("Égyptienne", "Une chatte égyptienne"), ("Secret", "Hidden tofu")):
        (folder / name).mkdir()
        Image.new("RGB", (24, 18), (200, 100, 50)).save(folder / name / "a.jpg")
        (folder / name / "a.md").write_text(f"---\ncaption: {caption}\n---\n", encoding="utf8")
    (folder / "Secret/index.md").write_text("Title: Secret\nhidden: true\n", encoding="utf8")


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    root = tmp_path_factory.mktemp("search")
    folder = root / "Pets"
    make_photos(folder)
    out = root / "out"
    env = dict(os.environ, VIPS_WARNING="0", XDG_CACHE_HOME=str(root / "cache"))
    run = subprocess.run([str(BINARY), "preview", str(folder), "--build-to", str(out), "--quiet"],
                         capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    with served(out) as url:
        yield out, url


@pytest.fixture
def g(driver, gallery):
    browser = Browser(driver, gallery[1])
    browser.viewport("desktop")
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    return browser


def query(b, text):
    # The list of the query before is emptied first, so the wait below sees this one's.
    b.js("document.querySelector('.site-results').innerHTML = ''; const f = document.getElementById('site-search');"
         " f.focus(); f.value = arguments[0];"
         "f.dispatchEvent(new Event('input'))", text)
    b.wait("!document.querySelector('.site-results').hidden && document.querySelector('.site-results li')"
           " && document.getElementById('site-search').parentElement.getAttribute('aria-expanded') === 'true'", timeout=10)
    return b.js(TITLES)


def test_an_exact_name_ranks_first_and_hidden_albums_stay_out(g):
    g.go("pets/day-1/")
    titles = query(g, "tofu")
    # Fifty-odd photos captioned "Tofus …" come first in the site's order; the album named Tofu wins.
    assert titles[0] == "Tofu", titles
    assert g.js(f"return {OPTIONS}[0].querySelector('.result-meta').textContent") == "Album · Pets"
    assert "Hidden tofu" not in titles and "Secret" not in titles
    all_text = g.js("return document.querySelector('.result-all').textContent")
    assert re.fullmatch(r"See all \d+ results", all_text)
    # Words in any order, each a prefix; a whole word ranks before a longer one it starts.
    found = query(g, "number20 tof")
    assert [" ".join(t.split()[:6]) for t in found] == ["Tofus on the radiator word20 number20", "Tofus on the garden word22 number200"]


def test_accents_and_case_do_not_matter(g):
    g.go("pets/")
    assert query(g, "egypt")[:2] == ["Égyptienne", "Une chatte égyptienne"]
    assert query(g, "ÉGYPTIENNE")[0] == "Égyptienne"
    assert g.js(f"return {OPTIONS}[0].querySelector('img').getAttribute('src')").endswith(".webp")


def test_keyboard_slash_arrows_enter_and_escape(g):
    g.go("pets/day-2/")
    g.js("document.body.focus()")
    g.key("/")
    assert g.js("return document.activeElement.id") == "site-search"
    field = g.d.find_element(By.ID, "site-search")
    assert g.js("return document.getElementById('site-search').parentElement.getAttribute('role')") == "combobox"
    query(g, "tofu")
    field.send_keys(Keys.ARROW_DOWN)
    assert g.js("return document.activeElement.getAttribute('aria-activedescendant')") == "site-result-0"
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ARROW_UP)
    assert g.js(f"return {OPTIONS}.map(o => o.getAttribute('aria-selected'))")[:2] == ["true", "false"]
    field.send_keys(Keys.ESCAPE)
    assert g.js("return document.getElementById('site-search').value") == ""
    assert g.js("return document.querySelector('.site-results').hidden")
    assert g.js("return document.activeElement.id") != "site-search", "Escape leaves the box, as Cancel does"
    query(g, "tofu")
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ENTER)
    g.wait("location.pathname.endsWith('/pets/tofu/')")


def index_files(out):
    return {p.name: p.stat().st_size for p in (out / "search").iterdir()}


def test_a_query_fetches_the_manifest_one_chunk_and_the_shown_fragments(g, gallery):
    out = gallery[0]
    manifest = json.loads((out / "search/index.json").read_text())
    chunks = manifest["chunks"]
    assert len(chunks) > 3, "the fixture's index is split"
    g.go("pets/")
    fetched = "return performance.getEntriesByType('resource').filter(e => /\\/search\\/|search\\.js/.test(e.name))" \
              ".map(e => [e.name.split('/').pop(), e.encodedBodySize])"
    assert g.js(fetched) == [], "nothing of search loads before the box is used"
    query(g, "piano")
    time.sleep(0.3)
    entries = g.js(fetched)
    names = [name for name, _ in entries]
    # The one chunk whose range holds "piano", by the manifest's prefixes.
    holding = [name for i, (first, name) in enumerate(chunks)
               if first <= "piano" and (i + 1 == len(chunks) or chunks[i + 1][0] > "piano")]
    assert len(holding) == 1
    fragments = [n for n in names if n.startswith("f")]
    assert sorted(names) == sorted(["search.js", "index.json", holding[0]] + fragments), names
    assert 1 <= len(fragments) <= 6
    sizes = index_files(out)
    for name, size in entries:  # the bytes the browser got are the files', no more
        if name != "search.js":
            assert size == sizes[name], name
    spent = sum(size for name, size in entries if name != "search.js")
    assert spent < sum(sizes.values()) / 3, f"{spent} of {sum(sizes.values())} bytes"
    # A second query with a word of the same chunk fetches nothing but new fragments.
    g.js("performance.clearResourceTimings()")
    query(g, "pian")
    time.sleep(0.3)
    assert all(name.startswith("f") for name, _ in g.js(fetched))


def test_see_all_lists_every_result_on_the_search_page(g):
    g.go("pets/")
    query(g, "garden")
    total = int(re.search(r"\d+", g.js("return document.querySelector('.result-all').textContent")).group())
    g.js("document.querySelector('.result-all').click()")
    g.wait("location.pathname.endsWith('/search/') && document.querySelectorAll('.search-list li').length", timeout=10)
    assert g.js("return document.querySelectorAll('.search-list li').length") == min(total, 20)
    assert g.js("return getComputedStyle(document.querySelector('.search-needs-js')).display") == "none"
    g.js("document.querySelector('.search-more').click()")
    g.wait(f"document.querySelectorAll('.search-list li').length === {min(total, 40)}")
    for href in g.js("return [...document.querySelectorAll('.search-list a')].slice(0, 3).map(a => a.href)"):
        with urllib.request.urlopen(href) as response:
            assert response.status == 200


def test_without_javascript_the_box_leads_to_a_page_that_says_so(gallery):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--no-sandbox", "--headless=new", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(gallery[1] + "pets/day-1/")
        field = driver.find_element(By.ID, "site-search")
        assert field.is_displayed()
        field.send_keys("tofu", Keys.ENTER)
        deadline = time.time() + 10
        while "/search/" not in driver.current_url and time.time() < deadline:
            time.sleep(0.1)
        assert driver.current_url.endswith("/search/?q=tofu")
        text = driver.find_element(By.CSS_SELECTOR, ".search-needs-js").text
        assert "needs JavaScript" in text
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".search-sections a")]
        assert links
        for href in links:
            with urllib.request.urlopen(href) as response:
                assert response.status == 200
    finally:
        driver.quit()


def test_the_example_site_searches_from_every_page_kind(browser):
    b = browser
    for path in ("", "breeds/abys/", "parks/letchworth/letchworth1/", "facts/", "404.html"):
        b.go(path)
        assert b.js("return document.querySelector('header .site-search').getAttribute('action')").endswith("search/")
    b.go("cats/")
    titles = query(b, "maine coon")
    assert titles[0] == "Maine Coon"
    assert b.js(f"return {OPTIONS}[0].querySelector('.result-meta').textContent") == "Breed · Breeds"
    b.go("breeds/")
    titles = query(b, "siamese")
    assert titles[0] == "Siamese", titles
    kinds = b.js(f"return {OPTIONS}.map(o => o.querySelector('.result-meta').textContent.split(' · ')[0])")
    assert "Cat" in kinds


def served_index(cache):
    """The search/ files of the one site the preview server serves, by name. The server
    updates the folder in place, so a chunk listed may be gone by the time it is read:
    then the folder is read again."""
    folders = [p for p in Path(cache).rglob("search") if (p / "index.json").exists()]
    assert len(folders) == 1, folders
    for _ in range(50):
        try:
            return {p.name: p.read_bytes() for p in folders[0].iterdir()}
        except FileNotFoundError:
            time.sleep(0.1)
    raise AssertionError(f"{folders[0]} kept changing for 5 s")


def test_a_caption_edit_under_the_preview_server_rewrites_only_the_chunks_it_touches(driver, tmp_path):
    folder = tmp_path / "Pets"
    make_photos(folder)
    port = __import__("socket").socket()
    port.bind(("127.0.0.1", 0))
    number = port.getsockname()[1]
    port.close()
    env = dict(os.environ, VIPS_WARNING="0", XDG_CACHE_HOME=str(tmp_path / "cache"))
    process = subprocess.Popen([str(BINARY), "preview", str(folder), "--port", str(number)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        for line in process.stdout:
            if line.startswith("previewing "):
                break
        # Thumbnails are made after the first pages; wait for the rebuild that follows them.
        before, still = None, 0
        deadline = time.time() + 120
        while still < 3 and time.time() < deadline:
            now = served_index(tmp_path / "cache")
            still = still + 1 if now == before else 0
            before = now
            time.sleep(1)
        chunks = [n for n in before if n.startswith("t-")]
        assert len(chunks) >= 4
        caption = folder / "Day 3/IMG_0123.md"
        caption.write_text(caption.read_text().replace("number123", "quartzite"), encoding="utf8")
        deadline = time.time() + 60
        after = before
        while after == before and time.time() < deadline:
            time.sleep(0.3)
            after = served_index(tmp_path / "cache")
        time.sleep(1)
        after = served_index(tmp_path / "cache")
        changed = {n for n in set(before) | set(after) if before.get(n) != after.get(n)}
        # Written anew: the manifest, the chunks of "number123" and "quartzite" (each under
        # an old and a new name) and the photo's fragment (old and new). Nothing else.
        assert "index.json" in changed
        assert 2 <= len([n for n in changed if n.startswith("t-")]) <= 4, sorted(changed)
        assert len([n for n in changed if n.startswith("f")]) == 2, sorted(changed)
        untouched = [n for n in chunks if n not in changed]
        assert len(changed) <= 7 and len(untouched) >= max(3, len(chunks) - 2), sorted(changed)
        # And the served site finds the new word.
        b = Browser(driver, f"http://127.0.0.1:{number}/")
        b.viewport("desktop")
        b.go("pets/")
        assert query(b, "quartzite") == ["Olives on the garden word34 quartzite " + " ".join(made_up_word(246 + k) for k in range(2))]
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=20)


def test_enter_with_nothing_selected_opens_the_search_page_not_a_suggestion(g):
    g.go("pets/day-3/")
    query(g, "tofu")
    assert g.js(f"return {OPTIONS}.filter(o => o.getAttribute('aria-selected') === 'true').length") == 0
    assert g.js("return document.getElementById('site-search').getAttribute('aria-activedescendant')") is None
    g.d.find_element(By.ID, "site-search").send_keys(Keys.ENTER)
    g.wait("location.pathname.endsWith('/search/') && document.querySelector('.search-list a')", timeout=10)
    assert g.js("return new URLSearchParams(location.search).get('q')") == "tofu"
    # Up from nothing selects the last option, "See all".
    query(g, "tofu")
    g.d.find_element(By.ID, "site-search").send_keys(Keys.ARROW_UP)
    assert g.js("return document.getElementById('site-search').getAttribute('aria-activedescendant')") == "site-result-all"


def test_the_open_combobox_names_the_list_it_controls(g):
    """ARIA 1.2 (axe-core 4's aria-required-attr, critical): an expanded combobox has
    aria-controls naming its popup. axe-core 3, which the page tests run, does not ask."""
    g.go("pets/")
    query(g, "tofu")
    seen = g.js("""const box = document.getElementById('site-search').parentElement, list = document.getElementById(
                     box.getAttribute('aria-controls'));
                   return [box.getAttribute('role'), box.getAttribute('aria-expanded'), list && list.id, list && !list.hidden]""")
    assert seen == ["combobox", "true", "site-results", True], seen
