"""Paged albums in the browser (site.yml page_size): numbered pages that work without
JavaScript, and a lightbox that walks the whole album across page boundaries, with a
URL per photo that opens it from any page and from a cold load."""
import subprocess
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Browser, build, previewed, served

COUNT, PAGE_SIZE = 25, 10  # pages of 10, 10 and 5


def name(number):
    return f"IMG_{number:02d}"


def caption(number):
    """A photo's file name is its caption, underscores as spaces."""
    return f"IMG {number:02d}"


def photo_id(number):
    return f"roll/img-{number:02d}-jpg/"


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    """A preview of one folder of 25 photos, each a different colour, 10 to a page."""
    folder = tmp_path_factory.mktemp("paged") / "Roll"
    folder.mkdir()
    for number in range(1, COUNT + 1):
        colour = f"rgb({number * 10 % 256},{255 - number * 9 % 256},{number * 37 % 256})"
        # ImageMagick, which make test installs, draws each a colour of its own.
        subprocess.run(["convert", "-size", "320x240", f"xc:{colour}", str(folder / f"{name(number)}.jpg")],
                       check=True, timeout=60)
    (folder / "site.yml").write_text(f"page_size: {PAGE_SIZE}\n", encoding="utf8")
    with previewed(folder) as url:
        yield url


@pytest.fixture
def b(driver, gallery):
    browser = Browser(driver, gallery)
    browser.viewport("desktop")
    yield browser
    browser.js("localStorage.clear()")


def shown(b):
    """The photo the lightbox shows, its counter and the address bar's path and hash."""
    return b.js("""const link = document.querySelector('.lb-img img.lb-full');
        return [document.querySelector('.lb-cap').textContent, document.querySelector('.lb-count').textContent,
                location.pathname.replace(/^.*?\\/roll\\//, 'roll/'), decodeURI(location.hash)]""")


def open_thumb(b, number):
    b.js("document.querySelector(`a.thumb[data-id='${arguments[0]}']`).click()", photo_id(number))
    # Ready: the viewer's parts have loaded (album-pages.js among them, which counts the
    # whole album); until then the counter counts the page's photos.
    b.wait("document.querySelector('.lb.lb-ready') && !document.querySelector('.lb').hidden")


def step(b, key, button):
    b.wait(f"!document.querySelector('.lb-{button}').hidden", message=f"the {button} button shows")
    b.key(key)


def test_the_lightbox_walks_across_page_boundaries_and_back(b):
    b.go("roll/")
    open_thumb(b, 10)
    first = shown(b)
    assert first[1] == "10 of 25" and first[2:] == ["roll/", "#photo=" + photo_id(10)]
    step(b, Keys.ARROW_RIGHT, "next")
    b.wait("document.querySelector('.lb-count').textContent === '11 of 25'")
    cap, count, path, hash = shown(b)
    assert caption(11) == cap
    assert (path, hash) == ("roll/page/2/", "#photo=" + photo_id(11)), "the address names the page the photo lives on"
    assert b.js("return document.querySelector('.lb-full').getAttribute('src')").startswith("http"), \
        "another page's photo is loaded by its resolved URL"
    b.wait("document.querySelector('.lb-full').complete && document.querySelector('.lb-full').naturalWidth > 0")
    step(b, Keys.ARROW_LEFT, "prev")
    assert shown(b)[1:] == ["10 of 25", "roll/", "#photo=" + photo_id(10)]
    b.wait("document.querySelector('.lb-full').complete && document.querySelector('.lb-full').naturalWidth > 0",
           message="a photo of the page itself still loads by its relative URL after the address named page 2")
    for number in range(11, 22):  # on through page 2 into page 3
        step(b, Keys.ARROW_RIGHT, "next")
        b.wait(f"document.querySelector('.lb-count').textContent === '{number} of 25'")
    assert shown(b)[2:] == ["roll/page/3/", "#photo=" + photo_id(21)]
    b.key(Keys.ESCAPE)
    b.wait("document.querySelector('.lb').hidden")
    b.wait("!location.hash")
    assert b.js("return location.pathname").endswith("/roll/"), "closing goes back to the page it was opened on"
    assert b.console_errors() == []


def test_the_download_is_named_after_the_photos_own_file_on_every_page(b):
    """Not after its page's slug (`img-10-jpg.webp`): the file's own name, the
    published copy's extension, also for a photo the viewer fetched from the next page."""
    download = "return document.querySelector('.lb-download').download"
    b.go("roll/")
    open_thumb(b, 10)
    b.wait("document.querySelector('.lb.lb-ready')", 10)
    assert b.js(download) == name(10) + ".webp"
    step(b, Keys.ARROW_RIGHT, "next")
    b.wait("document.querySelector('.lb-count').textContent === '11 of 25'")
    assert b.js(download) == name(11) + ".webp"


def test_walking_back_from_a_later_page_reaches_the_page_before(b):
    b.go("roll/page/2/")
    open_thumb(b, 11)
    step(b, Keys.ARROW_LEFT, "prev")
    b.wait("document.querySelector('.lb-count').textContent === '10 of 25'")
    assert shown(b)[2:] == ["roll/", "#photo=" + photo_id(10)]
    assert caption(10) == shown(b)[0]


def test_a_photo_url_on_page_3_opens_from_cold_and_after_a_reload(b):
    b.go("roll/page/3/#photo=" + photo_id(23))
    b.wait("document.querySelector('.lb') && !document.querySelector('.lb').hidden")
    cap, count, path, hash = shown(b)
    assert caption(23) == cap and count == "23 of 25" and path == "roll/page/3/"
    # The address the lightbox shows after crossing a boundary opens that photo from cold.
    b.go("roll/")
    open_thumb(b, 10)
    step(b, Keys.ARROW_RIGHT, "next")
    b.wait("location.hash.includes('img-11')")
    url = b.d.current_url
    b.go("404.html", ready=False)
    b.d.get(url)
    b.wait("document.querySelector('.lb') && !document.querySelector('.lb').hidden")
    assert shown(b)[1] == "11 of 25"
    # The photo's own page links back to the page that shows it.
    b.go(photo_id(23))
    crumbs = b.js("return [...document.querySelectorAll('nav.crumbs a')].map(a => a.getAttribute('href'))")
    assert crumbs[-1] == "../page/3/"


def test_numbered_pages_work_without_javascript(b):
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        b.go("roll/", ready=False)
        numbers = [a.text for a in b.d.find_elements(By.CSS_SELECTOR, ".page-numbers a")]
        assert numbers == ["1", "2", "3", "Next ›"]
        b.d.find_element(By.CSS_SELECTOR, ".page-numbers a[href='page/2/']").click()
        assert b.d.current_url.endswith("/roll/page/2/")
        current = b.d.find_element(By.CSS_SELECTOR, ".page-numbers a[aria-current=page]")
        assert current.text == "2"
        heads = [(link.get_attribute("rel"), link.get_attribute("href"))
                 for link in b.d.find_elements(By.CSS_SELECTOR, "head link[rel=prev], head link[rel=next]")]
        assert [(rel, href.split("/roll/")[1]) for rel, href in heads] == [("prev", ""), ("next", "page/3/")]
        thumbs = b.d.find_elements(By.CSS_SELECTOR, "a.thumb")
        assert [t.get_attribute("data-id") for t in thumbs] == [photo_id(n) for n in range(11, 21)]
        view = "return getComputedStyle(document.querySelector('.view')).getPropertyValue('--view').trim()"
        assert b.js(view) == "list", "without JavaScript a page opens as a list"
        b.d.find_element(By.CSS_SELECTOR, "a[href='#grid']").click()
        assert b.js(view) == "grid"
        b.d.get(b.d.current_url.split("#")[0] + "#list")
        assert b.js(view) == "list"
    finally:
        b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_a_photo_of_another_page_is_saved_from_the_lightbox(b):
    b.go("roll/")
    open_thumb(b, 10)
    step(b, Keys.ARROW_RIGHT, "next")
    b.wait("location.hash.includes('img-11')")
    b.js("document.querySelector('.lb-save').click()")
    saved = b.storage("cg-saved")
    photo = saved["photos"][0]
    assert photo["id"] == photo_id(11)
    assert photo["url"] == photo_id(11), "saved with its own page's address, from the site root"
    assert photo["thumb"].startswith("images/") and photo["srcset"].startswith("images/")
    b.key(Keys.ESCAPE)
    b.go("saved/")
    b.wait("document.querySelectorAll('.saved-photos a.thumb').length === 1")
    src = b.js("return document.querySelector('.saved-photos img').currentSrc")
    with urllib.request.urlopen(src) as response:
        assert response.status == 200


def test_each_page_holds_its_items_once(b):
    b.go("roll/")
    counts = b.js("return [document.querySelectorAll('main img').length, document.querySelectorAll('a.thumb').length]")
    assert counts == [PAGE_SIZE, PAGE_SIZE]


@pytest.mark.parametrize("view", ["grid", "list"])
def test_a_paged_album_page_has_no_accessibility_violations(b, view):
    from test_quality import run_axe
    b.go("roll/page/2/")
    b.js(f"document.querySelector('.view-tab[data-view={view}]').click()")
    assert run_axe(b) == [], view


PARKS, PER_PARK, LIST_PAGE_SIZE = ["North", "Middle", "South"], 4, 3


def park_photo(park, number):
    return f"{park.lower()}{number}"


@pytest.fixture(scope="module")
def parks_list(tmp_path_factory):
    """A parks list of three parks of four photos, page_size 3: each park shows three
    photos and links to its own page 2 for the fourth, and the list is three pages of
    one park each."""
    root = tmp_path_factory.mktemp("parkslist")
    photos = root / "content/photos"
    photos.mkdir(parents=True)
    entries = []
    for index, park in enumerate(PARKS):
        items = []
        for number in range(1, PER_PARK + 1):
            colour = f"rgb({index * 80},{number * 50},{200 - number * 30})"
            subprocess.run(["convert", "-size", "320x240", f"xc:{colour}", str(photos / f"{park_photo(park, number)}.jpg")],
                           check=True, timeout=60)
            items.append(f"<dict><key>imageName</key><string>{park_photo(park, number)}</string>"
                         f"<key>caption</key><string>{park} {number}</string></dict>")
        entries.append(f"<dict><key>name</key><string>{park}</string><key>photos</key><array>{''.join(items)}</array></dict>")
    (root / "content/parks.plist").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>' + "".join(entries) + "</array></plist>")
    (root / "content/site.yml").write_text(f"title: Parks\npage_size: {LIST_PAGE_SIZE}\n")
    with served(build(root, root / "public")) as url:
        yield url


def parks_shown(b):
    return b.js("""return [document.querySelector('.lb-cap').textContent, document.querySelector('.lb-count').textContent,
        location.pathname.replace(/^.*?\\/parks\\//, 'parks/'), decodeURI(location.hash)]""")


def test_the_lightbox_walks_the_whole_parks_list_across_its_pages(driver, parks_list):
    """On through the rest of a park on its own page 2, then into the list's next page
    (its next park), and back again from a cold load of the list's last page."""
    b = Browser(driver, parks_list)
    b.viewport("desktop")
    b.go("parks/")
    assert b.js("return document.querySelectorAll('.view a.thumb').length") == LIST_PAGE_SIZE, "set-up: one park a page"
    b.js("document.querySelector(`a.thumb[data-id='parks/north/north3/']`).click()")
    b.wait("document.querySelector('.lb.lb-ready') && !document.querySelector('.lb').hidden")
    assert parks_shown(b) == ["North 3", "3 of 12", "parks/", "#photo=parks/north/north3/"]
    walk = [("North 4", "parks/north/page/2/"), ("Middle 1", "parks/page/2/"), ("Middle 2", "parks/page/2/"),
            ("Middle 3", "parks/page/2/"), ("Middle 4", "parks/middle/page/2/"), ("South 1", "parks/page/3/")]
    for number, (caption, page) in enumerate(walk, start=4):
        step(b, Keys.ARROW_RIGHT, "next")
        b.wait(f"document.querySelector('.lb-count').textContent === '{number} of 12'")
        cap, count, path, hash = parks_shown(b)
        assert (cap, path) == (caption, page), f"photo {number}"
        b.wait("document.querySelector('.lb-full').complete && document.querySelector('.lb-full').naturalWidth > 0",
               message=f"{caption}'s photo loads")
    # Each address opens its photo from cold: the last one, on the list's page 3.
    url = b.d.current_url
    b.go("404.html", ready=False)
    b.d.get(url)
    b.wait("document.querySelector('.lb.lb-ready') && !document.querySelector('.lb').hidden")
    assert parks_shown(b)[:2] == ["South 1", "9 of 12"]
    # Back from the list's last page: the park before it whole, its own page 2 first.
    for number, caption in [(8, "Middle 4"), (7, "Middle 3"), (6, "Middle 2"), (5, "Middle 1"), (4, "North 4")]:
        step(b, Keys.ARROW_LEFT, "prev")
        b.wait(f"document.querySelector('.lb-count').textContent === '{number} of 12'")
        assert parks_shown(b)[0] == caption
    strip = b.js("return [...document.querySelectorAll('.lb-strip button')].map(x => x.getAttribute('aria-label'))")
    order = [f"{park} {number}" for park in PARKS for number in range(1, PER_PARK + 1)][:11]
    assert strip == [f"{n}. {caption}" for n, caption in enumerate(order, start=1)], "the filmstrip, in the list's order"
    b.key(Keys.ESCAPE)
    b.wait("document.querySelector('.lb').hidden")
    assert b.js("return location.pathname").endswith("/parks/page/3/")
    assert b.console_errors() == []


# Stands in for the network in front of the viewer's fetches: a URL containing
# `cgRefuse` is answered 404, one containing `cgOffline` fails as a network error does,
# one containing `cgHold` waits until `cgRelease()`.
NETWORK = """
const real = window.fetch;
window.cgHold = window.cgRefuse = window.cgOffline = null;
window.cgHeld = new Promise(resolve => window.cgRelease = resolve);
window.fetch = async (url, ...rest) => {
  const text = String(url);
  if (cgRefuse && text.includes(cgRefuse)) return new Response('', {status: 404});
  if (cgOffline && text.includes(cgOffline)) throw new TypeError('Failed to fetch');
  if (cgHold && text.includes(cgHold)) await cgHeld;
  return real(url, ...rest);
};
"""


def parks_viewer(driver, parks_list, page, photo):
    b = Browser(driver, parks_list)
    b.viewport("desktop")
    b.go(page)
    b.js(NETWORK)
    b.js(f"document.querySelector(`a.thumb[data-id='{photo}']`).click()")
    b.wait("document.querySelector('.lb.lb-ready') && !document.querySelector('.lb').hidden")
    return b


def strip_labels(b):
    return b.js("return [...document.querySelectorAll('.lb-strip button')].map(x => x.getAttribute('aria-label'))")


def test_a_page_the_network_failed_is_asked_for_again_and_a_filmstrip_jump_goes_where_clicked(driver, parks_list):
    b = parks_viewer(driver, parks_list, "parks/page/2/", "parks/middle/middle1/")
    b.js("cgOffline = 'north/page/2/'")
    step(b, Keys.ARROW_LEFT, "prev")  # the list's page 1 comes; North's own page 2 does not
    b.wait("window.performance.getEntriesByType('resource').some(r => r.name.endsWith('/parks/items.json'))")
    assert parks_shown(b)[:2] == ["Middle 1", "5 of 12"], "it stays where it was"
    assert not b.js("return document.querySelector('.lb-prev').hidden"), "North 4 is still to come"
    step(b, Keys.ARROW_RIGHT, "next")
    b.wait("document.querySelector('.lb-count').textContent === '6 of 12'")
    assert [label.split(". ")[1] for label in strip_labels(b)] == [
        "North 1", "North 2", "North 3", "Middle 1", "Middle 2", "Middle 3"]
    # A jump over the photos not fetched yet shows the photo clicked, fetching nothing.
    b.js("document.querySelectorAll('.lb-strip button')[1].click()")
    b.wait("document.querySelector('.lb-count').textContent === '2 of 12'")
    assert parks_shown(b)[0] == "North 2"
    b.js("cgOffline = null")  # back online: the same step asks again
    for number, caption in [(3, "North 3"), (4, "North 4"), (5, "Middle 1")]:
        step(b, Keys.ARROW_RIGHT, "next")
        b.wait(f"document.querySelector('.lb-count').textContent === '{number} of 12'")
        assert parks_shown(b)[0] == caption
    assert strip_labels(b) == [f"{n}. {c}" for n, c in enumerate(
        ["North 1", "North 2", "North 3", "North 4", "Middle 1", "Middle 2", "Middle 3"], start=1)]


def test_a_page_the_server_refuses_is_passed_over_and_the_arrows_say_so(driver, parks_list):
    b = parks_viewer(driver, parks_list, "parks/", "parks/north/north3/")
    b.js("cgRefuse = 'parks/page/2/'")
    step(b, Keys.ARROW_RIGHT, "next")
    b.wait("document.querySelector('.lb-count').textContent === '4 of 12'")
    b.key(Keys.ARROW_RIGHT)  # the list's page 2 is refused: the walk ends here
    b.wait("document.querySelector('.lb-next').hidden", message="Next still shows with nothing after it")
    assert parks_shown(b)[:2] == ["North 4", "4 of 12"]


def test_photos_fetched_for_a_walk_that_was_closed_are_not_put_into_the_next(driver, parks_list):
    b = parks_viewer(driver, parks_list, "parks/", "parks/north/north3/")
    b.js("cgHold = 'north/page/2/'")
    b.key(Keys.ARROW_RIGHT)  # North 4 is on its way...
    b.key(Keys.ESCAPE)  # ...when the viewer closes
    b.wait("document.querySelector('.lb').hidden")
    b.js("document.querySelector(`a.thumb[data-id='parks/north/north1/']`).click()")
    b.wait("!document.querySelector('.lb').hidden")
    b.js("cgRelease()")
    for number in range(2, 6):
        step(b, Keys.ARROW_RIGHT, "next")
        b.wait(f"document.querySelector('.lb-count').textContent === '{number} of 12'")
    assert parks_shown(b)[0] == "Middle 1"
    assert strip_labels(b) == [f"{n}. {c}" for n, c in enumerate(
        ["North 1", "North 2", "North 3", "North 4", "Middle 1", "Middle 2", "Middle 3"], start=1)]
    assert b.js("return document.querySelectorAll('.lb-strip button').length") == 7
