"""The viewer's filmstrip in an album of 1,000 photos, ten times the most buttons a
strip may hold (a previewed folder with `page_size: 10000`, so all are on one page):
only a window of buttons around the photo shown exists, never one per photo, and the
strip stays keyboard-usable, its current photo scrolled into view, wherever in the
album the viewer goes."""
import shutil
import subprocess

import pytest

from conftest import Browser, previewed

COUNT = 1000
# The most buttons a strip may hold: 30 photos, or a strip's width, either side of one.
WINDOW = 100

STRIP = """
const strip = document.querySelector('.lb-strip'), buttons = [...strip.querySelectorAll('button')],
  current = strip.querySelector('[aria-current]'), s = strip.getBoundingClientRect(),
  c = current && current.getBoundingClientRect();
return {buttons: buttons.length, images: strip.querySelectorAll('img').length,
  requested: performance.getEntriesByType('resource').filter(r => r.initiatorType === 'img').length,
  current: current && current.getAttribute('aria-label'), focused: document.activeElement.getAttribute('aria-label'),
  tabStops: buttons.filter(b => b.tabIndex === 0).length,
  inView: !!c && c.left >= s.left - 1 && c.right <= s.right + 1,
  count: document.querySelector('.lb-count').textContent};
"""


@pytest.fixture(scope="module")
def b(driver, tmp_path_factory):
    folder = tmp_path_factory.mktemp("many") / "Many"
    folder.mkdir()
    one = folder.parent / "one.jpg"
    # One tiny photo under 1,000 names: the same bytes, so it is processed once.
    subprocess.run(["convert", "-size", "8x6", "xc:#c0562b", str(one)], check=True, timeout=60)
    for number in range(1, COUNT + 1):
        shutil.copyfile(one, folder / f"IMG_{number:04d}.jpg")
    (folder / "site.yml").write_text("page_size: 10000\n", encoding="utf8")
    with previewed(folder) as url:
        browser = Browser(driver, url)
        browser.viewport("desktop")
        yield browser


def strip(b):
    return b.js(STRIP)


def test_the_strip_of_1000_photos_holds_only_a_window_of_buttons(b):
    b.go("many/")
    assert b.js("return document.querySelectorAll('a.thumb').length") == COUNT
    b.js("performance.clearResourceTimings(); document.querySelector('a.thumb').click()")
    b.wait("document.querySelector('.lb.lb-ready') && !document.querySelector('.lb-strip').hidden", 10)
    got = strip(b)
    assert got["count"] == f"1 of {COUNT}"
    assert 2 <= got["buttons"] <= WINDOW and got["images"] == got["buttons"], got
    assert got["requested"] <= WINDOW, f"the viewer asked for {got['requested']} pictures"
    assert got["current"] == "1. IMG 0001" and got["tabStops"] == 1 and got["inView"], got
    # The keys walk the strip past the window's end: it is made again around the focus.
    b.js("document.querySelector('.lb-strip [aria-current]').focus()")
    for _ in range(80):
        b.key("\ue014")  # ArrowRight
    got = strip(b)
    assert got["focused"] == "81. IMG 0081" and got["buttons"] <= WINDOW, got
    b.key("\ue010")  # End
    assert strip(b)["focused"] == f"{COUNT}. IMG {COUNT}"
    b.key("\ue007")  # Enter shows it
    b.wait(f"document.querySelector('.lb-count').textContent === '{COUNT} of {COUNT}'")
    b.wait("(() => { const s = document.querySelector('.lb-strip').getBoundingClientRect(),"
           " c = document.querySelector('.lb-strip [aria-current]').getBoundingClientRect();"
           " return c.left >= s.left - 1 && c.right <= s.right + 1; })()", message="the current photo is out of view")
    got = strip(b)
    assert got["current"] == f"{COUNT}. IMG {COUNT}" and got["buttons"] <= WINDOW and got["tabStops"] == 1, got
    # The photo itself walks on too, back across the window's start.
    b.key("\ue011")  # Home
    b.key("\ue00d")  # Space
    b.wait(f"document.querySelector('.lb-count').textContent === '1 of {COUNT}'")
    for number in range(2, 42):
        b.js("document.querySelector('.lb-next').click()")
    b.wait(f"document.querySelector('.lb-count').textContent === '41 of {COUNT}'")
    b.wait("document.querySelector('.lb-strip [aria-current]') && "
           "document.querySelector('.lb-strip [aria-current]').getAttribute('aria-label') === '41. IMG 0041'")
    assert strip(b)["buttons"] <= WINDOW


def test_a_strip_scrolled_by_hand_grows_its_window_on_the_way(b):
    b.go("many/")
    b.js("document.querySelector('a.thumb').click()")
    b.wait("document.querySelector('.lb.lb-ready') && !document.querySelector('.lb-strip').hidden", 10)
    labels = "return [...document.querySelectorAll('.lb-strip button')].map(x => x.getAttribute('aria-label'))"
    before = b.js(labels)
    for _ in range(12):
        b.js("const s = document.querySelector('.lb-strip'); s.scrollLeft += s.clientWidth / 2")
        b.js("return new Promise(r => requestAnimationFrame(r))")
    after = b.js(labels)
    assert after != before and len(after) <= WINDOW, "scrolling to the window's end made no more of the strip"
    assert b.js("return document.querySelector('.lb-count').textContent") == f"1 of {COUNT}"
