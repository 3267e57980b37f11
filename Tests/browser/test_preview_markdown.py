"""A previewed folder's Markdown in the browser: an album's index.md text and a photo's
caption keep their lists, links and line breaks on their pages, their headings nest
under the page's h1 (axe's heading-order holds), and cards and alt text stay plain."""
import json
import shutil
import urllib.request

import pytest

from conftest import Browser, REPO, previewed
from test_quality import run_axe

ALBUM = """Title: Summer holiday

# Our trip

We went to:

- the *lake*
- the [hills](https://example.com/hills)

### Day one

Rain at first,\\
then sun.
"""

CAPTION = """Tom found two spots:

- asleep on the sofa
- on the [garden wall](https://example.com/wall)

#### Later

Back inside,\\
by the fire.
"""


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    folder = tmp_path_factory.mktemp("markdown") / "Holiday"
    folder.mkdir()
    shutil.copy(REPO / "Tests/Fixtures/images/landscape.jpg", folder / "IMG_1.jpg")
    shutil.copy(REPO / "Tests/Fixtures/images/camera.jpg", folder / "IMG_2.jpg")
    (folder / "index.md").write_text(ALBUM, encoding="utf8")
    (folder / "IMG_1.md").write_text(CAPTION, encoding="utf8")
    with previewed(folder) as url:
        yield url


@pytest.fixture
def b(driver, gallery):
    return Browser(driver, gallery)


def headings(b):
    return b.js("return [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')]"
                ".map(h => h.tagName + ' ' + h.textContent)")


@pytest.mark.parametrize("view", ["phone", "desktop"])
def test_album_text_is_rendered_below_the_title(b, view):
    b.viewport(view)
    b.go("holiday/")
    prose = "document.querySelector('.prose')"
    assert b.js(f"return [...{prose}.querySelectorAll('li')].map(li => li.textContent)") == ["the lake", "the hills"]
    assert b.js(f"return {prose}.querySelector('a').href") == "https://example.com/hills"
    assert b.js(f"return {prose}.querySelectorAll('br').length") == 1
    assert headings(b)[:3] == ["H1 Summer holiday", "H2 Our trip", "H3 Day one"]
    # The photo's card and its image say the caption in plain words.
    card = b.js("return document.querySelector('.caption').textContent")
    assert card.startswith("Tom found two spots: asleep on the sofa on the garden wall")
    assert "[" not in card and "*" not in card and "#" not in card
    assert run_axe(b) == [], view


@pytest.mark.parametrize("view", ["phone", "desktop"])
def test_caption_is_rendered_on_the_photo_page(b, view):
    b.viewport(view)
    b.go("holiday/img-1-jpg/")
    assert headings(b)[:2] == ["H1 Tom found two spots:", "H2 Later"]
    text = "document.querySelector('figcaption .text')"
    assert b.js(f"return [...{text}.querySelectorAll('li')].map(li => li.textContent)") == [
        "asleep on the sofa", "on the garden wall"]
    assert b.js(f"return {text}.querySelector('a').href") == "https://example.com/wall"
    assert b.js(f"return {text}.querySelectorAll('br').length") == 1
    alt = b.js("return document.querySelector('.photo-full img').alt")
    assert alt.startswith("Tom found two spots: asleep on the sofa") and "[" not in alt
    assert run_axe(b) == [], view


def test_search_indexes_the_words_not_the_markup(b):
    b.go("")
    index = json.loads(urllib.request.urlopen(b.base + "search/index.json").read())
    terms = {}
    for _, name in index["chunks"]:
        terms.update(json.loads(urllib.request.urlopen(b.base + "search/" + name).read()))
    assert "lake" in terms and "hills" in terms
    assert not {"https", "example", "com"} & set(terms), "a link's address is no word of the album's text"
