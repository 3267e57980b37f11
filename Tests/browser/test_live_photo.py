"""Live Photos in the browser: a previewed folder holding an iPhone's pair (IMG_0001.JPG and
IMG_0001.MOV, the clip in HEVC as a phone records it, made by ffmpeg at test time), a photo
and a clip. The pair is one photo with a Live badge; its Live button plays the clip in place,
muted and without controls, on the photo page and in the lightbox, and the still comes back
when it ends; hovering the photo page's picture plays it on a desktop; without JavaScript the
page links to the clip."""
import shutil

import pytest
from selenium.webdriver.common.keys import Keys

from clips import make_clip, previewed
from conftest import REPO, VIEWPORTS, Browser, new_driver
from test_quality import run_axe

LIVE, PHOTO, CLIP = "trip/img-0001-jpg/", "trip/img-0002-jpg/", "trip/waves-mp4/"

# The clip playing over the still in `scope`, as [muted, controls, playing, time].
PLAYING = """
const video = document.querySelector(arguments[0] + ' .live-video');
return video && [video.muted, video.controls, !video.paused, video.currentTime];
"""


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    folder = tmp_path_factory.mktemp("live") / "Trip"
    folder.mkdir()
    shutil.copy(REPO / "Tests/Fixtures/images/landscape.jpg", folder / "IMG_0001.JPG")
    make_clip(folder / "IMG_0001.MOV", "hevc", seconds=2)
    shutil.copy(REPO / "Tests/Fixtures/images/portrait.jpg", folder / "IMG_0002.jpg")
    make_clip(folder / "waves.mp4", "h264", seconds=1)
    with previewed(folder) as url:
        yield url


@pytest.fixture
def b(driver, gallery):
    browser = Browser(driver, gallery)
    browser.viewport("desktop")
    yield browser
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def wait_live(b):
    """Waits for the page's Live button: its code (assets/live.js) loads after site.js has run."""
    b.wait("document.querySelector('.live-button') && !document.querySelector('.live-button').hidden", 10,
           "the Live button never showed")


def wait_playing(b, scope):
    b.wait(f"(v => v && !v.paused && v.currentTime > 0.3)(document.querySelector('{scope} .live-video'))", 10,
           f"the Live Photo plays in {scope}")
    muted, controls, playing, _ = b.js(PLAYING, scope)
    assert muted and not controls and playing


def test_the_pair_is_one_photo_with_a_live_badge(b):
    b.go("trip/")
    thumbs = b.js("return [...document.querySelectorAll('.items a.thumb')].map(a => "
                  "[a.dataset.id, !!a.querySelector('.badge-live'), !!a.dataset.live])")
    assert thumbs == [[LIVE, True, True], [PHOTO, False, False], [CLIP, False, False]]
    assert b.js("return document.querySelector('.album-count').textContent").startswith("2 photos · 1 video")


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_the_live_button_plays_the_clip_over_the_photo_until_it_ends(b, vp):
    b.viewport(vp)
    b.go(LIVE)
    assert b.js("return document.querySelector('.live-video')") is None, "the still shows first"
    assert b.js("return document.querySelector('.live-link').offsetParent") is None, "the Live button replaces the link"
    wait_live(b)
    b.js("document.querySelector('.live-button').click()")
    wait_playing(b, ".live-photo")
    still, clip, button = (b.js("const r = document.querySelector(arguments[0]).getBoundingClientRect(); "
                                "return [r.left, r.top, r.width, r.height]", s)
                           for s in [".photo-full img", ".live-video", ".live-button"])
    assert all(abs(a - c) < 1 for a, c in zip(still, clip)), "the clip covers the still exactly"
    # The clip lets pointers through; made to catch them, it shows what is drawn on top.
    x, y = button[0] + button[2] / 2, button[1] + button[3] / 2
    assert b.js("document.querySelector('.live-video').style.pointerEvents = 'auto'; "
                "return document.elementFromPoint(arguments[0], arguments[1]).closest('.live-button') !== null", x, y), \
        "the Live button stays above the playing clip"
    b.js("document.querySelector('.live-video').style.pointerEvents = ''")
    b.wait("!document.querySelector('.live-video')", 10, "the still comes back when the clip ends")


def test_hovering_the_picture_plays_it_on_a_desktop(gallery):
    browser = Browser(new_driver(touch=False), gallery)
    try:
        browser.viewport("desktop")
        browser.go(LIVE)
        wait_live(browser)
        rect = browser.js("const r = document.querySelector('.photo-full').getBoundingClientRect(); "
                          "return [r.left + r.width / 2, r.top + r.height / 2]")
        move = lambda x, y: browser.d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        move(*rect)
        wait_playing(browser, ".live-photo")
        move(5, 5)
        browser.wait("!document.querySelector('.live-video')", 5, "leaving the picture stops the clip")
    finally:
        browser.d.quit()


def test_only_a_page_that_shows_a_live_photo_large_loads_its_code(b):
    """The page's Live button and hover are assets/live.js, which no other page loads; the
    album's grid has the pair too, but its lightbox plays it with the viewer's own part."""
    script = "return document.querySelectorAll('script[src$=\"assets/live.js\"]').length"
    for path in ["trip/", PHOTO, CLIP]:
        b.go(path)
        assert b.js(script) == 0, f"{path} loads the Live Photo code"
    b.go(LIVE)
    wait_live(b)
    assert b.js(script) == 1
    assert b.js("return performance.getEntriesByType('resource').filter(e => e.name.endsWith('/assets/live.js'))"
                ".map(e => e.responseStatus)") == [200]
    assert b.console_errors() == []


def test_the_lightbox_plays_it_on_its_live_button_and_stops_it_on_moving_on(b):
    b.go("trip/")
    b.js(f"document.querySelector(`.items a.thumb[data-id='{LIVE}']`).click()")
    b.wait("document.querySelector('.lb') && !document.querySelector('.lb').hidden && !document.getAnimations().length")
    assert not b.js("return document.querySelector('.lb-live').hidden")
    b.js("document.querySelector('.lb-live').click()")
    wait_playing(b, ".lb-img")
    b.key(Keys.ARROW_RIGHT)
    b.wait(f"location.hash === '#photo={PHOTO}'")
    assert b.js("return document.querySelector('.live-video')") is None
    assert b.js("return document.querySelector('.lb-live').hidden"), "a photo without a clip has no Live button"
    b.key(Keys.ARROW_LEFT)
    b.wait(f"location.hash === '#photo={LIVE}'")
    b.js("document.querySelector('.lb-live').click()")
    wait_playing(b, ".lb-img")
    b.key(Keys.ESCAPE)
    b.wait("document.querySelector('.lb').hidden")
    assert b.js("return document.querySelector('.live-video')") is None


@pytest.fixture(scope="module")
def paged(tmp_path_factory):
    """A folder of a photo and the pair, one to a page: the pair is on the second page."""
    folder = tmp_path_factory.mktemp("livepaged") / "Roll"
    folder.mkdir()
    shutil.copy(REPO / "Tests/Fixtures/images/portrait.jpg", folder / "IMG_0000.jpg")
    shutil.copy(REPO / "Tests/Fixtures/images/landscape.jpg", folder / "IMG_0001.JPG")
    make_clip(folder / "IMG_0001.MOV", "h264", seconds=2)
    (folder / "site.yml").write_text("page_size: 1\n", encoding="utf8")
    with previewed(folder) as url:
        yield url


def test_the_lightbox_plays_one_fetched_from_another_page_of_the_album(driver, paged):
    """The first page has no Live Photo, so it never loads assets/live.js: the lightbox's
    Live button is the viewer's own part."""
    b = Browser(driver, paged)
    b.viewport("desktop")
    b.go("roll/")
    assert b.js("return document.querySelectorAll('.items a.thumb[data-live]').length") == 0, "set-up: page 1 has none"
    b.js("document.querySelector('.items a.thumb').click()")
    b.wait("document.querySelector('.lb.lb-ready') && !document.querySelector('.lb').hidden && !document.getAnimations().length")
    assert b.js("return document.querySelector('.lb-live').hidden")
    b.key(Keys.ARROW_RIGHT)
    b.wait("location.hash === '#photo=roll/img-0001-jpg/'", 10)
    b.wait("!document.querySelector('.lb-live').hidden", 5, "the photo from page 2 has its Live button")
    b.js("document.querySelector('.lb-live').click()")
    wait_playing(b, ".lb-img")
    assert b.js("return document.querySelectorAll('script[src$=\"assets/live.js\"]').length") == 0
    assert b.console_errors() == []


def test_without_javascript_the_photo_page_links_to_the_clip(b):
    b.go(LIVE)
    clip = b.js("return document.querySelector('.live-photo [data-live]').dataset.live")
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    b.go(LIVE, ready=False)
    assert b.js("return document.documentElement.classList.contains('js')") is False
    assert b.js("return document.querySelector('.live-button').offsetParent") is None, "no button that does nothing"
    link = b.js("const a = document.querySelector('.live-link'); return a.offsetParent && a.getAttribute('href')")
    assert link and link.endswith(clip.split("/")[-1]) and link.endswith(".mp4")
    b.d.get(b.js("return document.querySelector('.live-link').href"))
    b.wait("document.querySelector('video') && document.querySelector('video').readyState >= 1", 10)
    assert b.js("return document.querySelector('video').videoWidth") == 320


@pytest.mark.parametrize("setting", [("desktop", False), ("phone", True)], ids=["desktop-light", "phone-dark"])
def test_axe_finds_no_violations_with_live_photos_and_clips(b, setting):
    b.viewport(setting[0], dark=setting[1])
    b.go("trip/")
    assert run_axe(b) == [], "album"
    b.go(CLIP)
    assert run_axe(b) == [], "a clip's page"
    b.go(LIVE)
    wait_live(b)
    b.js("document.querySelector('.live-button').click()")
    wait_playing(b, ".live-photo")
    assert run_axe(b) == [], "a Live Photo's page, playing"
    for item in [LIVE, CLIP]:
        b.go("trip/")
        b.js(f"document.querySelector(`.items a.thumb[data-id='{item}']`).click()")
        b.wait("!document.querySelector('.lb').hidden && !document.getAnimations().length")
        assert run_axe(b) == [], f"the lightbox on {item}"
