"""Videos in the browser: a previewed folder of two clips ffmpeg made at test time (H.264,
which is remuxed, and HEVC, which is transcoded) and a photo. The album badges each clip
with its length, the lightbox plays a clip muted and stops it on Escape, Back and the
arrow keys, a clip's URL opens it from a cold load, and the clip's own page plays it
without JavaScript."""
import shutil

import pytest
from selenium.webdriver.common.keys import Keys

from clips import make_clip, previewed
from conftest import REPO, SCREENSHOTS, VIEWPORTS, Browser

# The album's order is by name: the HEVC clip, the photo, the H.264 clip.
PHONE, VIEW, WAVES = "trip/phone-mov/", "trip/view-jpg/", "trip/waves-mp4/"

VIDEO = "document.querySelector('.lb-video')"
LIGHTBOX_OPEN = "document.querySelector('.lb') && !document.querySelector('.lb').hidden && !document.getAnimations().length"
LIGHTBOX_CLOSED = "document.querySelector('.lb').hidden"


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    folder = tmp_path_factory.mktemp("video") / "Trip"
    folder.mkdir()
    make_clip(folder / "waves.mp4", "h264")
    make_clip(folder / "phone.mov", "hevc")
    shutil.copy(REPO / "Tests/Fixtures/images/landscape.jpg", folder / "view.jpg")
    with previewed(folder) as url:
        yield url


@pytest.fixture
def b(driver, gallery):
    browser = Browser(driver, gallery)
    browser.viewport("desktop")
    yield browser
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def open_item(b, item):
    b.js("document.querySelector(`a.thumb[data-id='${arguments[0]}']`).click()", item)
    b.wait(LIGHTBOX_OPEN)


def wait_playing(b, since=0.3):
    """Waits until the lightbox's clip plays and has advanced past `since` seconds."""
    b.wait(f"!{VIDEO}.hidden && !{VIDEO}.paused && {VIDEO}.currentTime > {since}", 10,
           "the clip plays and its time advances")


def stopped(b):
    return b.js(f"const v = {VIDEO}; return v.paused && v.hidden")


def test_album_badges_each_clip_with_its_length(b):
    b.go("trip/")
    badges = b.js("return Object.fromEntries([...document.querySelectorAll('.items a.thumb')].map(a => "
                  "[a.dataset.id, (a.querySelector('.badge-play') || {}).textContent || null]))")
    assert badges == {PHONE: "0:02", VIEW: None, WAVES: "0:02"}
    assert b.js("return document.querySelector('.album-count').textContent").startswith("1 photo · 2 videos")


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_a_clip_plays_muted_in_the_lightbox_and_escape_stops_it(b, vp):
    b.viewport(vp)
    b.go("trip/")
    open_item(b, PHONE)
    wait_playing(b)
    assert b.js(f"return {VIDEO}.muted"), "a clip starts muted"
    assert b.js(f"return {VIDEO}.videoWidth") == 320
    b.key(Keys.ESCAPE)
    b.wait(LIGHTBOX_CLOSED)
    assert stopped(b)


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_the_caption_leaves_the_clips_controls_free(b, vp):
    """The caption lies over the foot of a clip that fills the height, where its controls are."""
    b.viewport(vp)
    b.go("trip/")
    open_item(b, WAVES)
    wait_playing(b)
    left, bottom, width = b.js(f"const r = {VIDEO}.getBoundingClientRect(); return [r.left, r.bottom, r.width]")
    for x in [left + 30, left + width / 2, left + width - 30]:
        assert b.js("return document.elementFromPoint(arguments[0], arguments[1]).className", x, bottom - 16) == \
            "lb-video", "the controls' bar takes the pointer"
    b.d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": left + width / 2, "y": bottom - 16})
    b.wait("getComputedStyle(document.querySelector('.lb-cap')).opacity === '0'", 5, "the caption makes way")


def test_back_closes_a_playing_clip(b):
    b.go("trip/")
    open_item(b, WAVES)
    wait_playing(b)
    assert b.js("return location.hash") == "#photo=" + WAVES
    b.d.back()
    b.wait(LIGHTBOX_CLOSED)
    assert stopped(b)
    assert b.js("return location.hash") == ""


def test_the_arrow_keys_stop_a_clip_and_start_the_next(b):
    b.go("trip/")
    open_item(b, PHONE)
    wait_playing(b)
    b.key(Keys.ARROW_RIGHT)
    b.wait(f"location.hash === '#photo={VIEW}'")
    assert stopped(b), "the photo after a clip shows no clip"
    b.key(Keys.ARROW_RIGHT)
    b.wait(f"location.hash === '#photo={WAVES}'")
    assert b.js(f"return {VIDEO}.getAttribute('src')") == b.js(
        f"return document.querySelector(`a.thumb[data-id='{WAVES}']`).dataset.video")
    wait_playing(b)
    b.key(Keys.ARROW_LEFT)
    b.key(Keys.ARROW_LEFT)
    b.wait(f"location.hash === '#photo={PHONE}'")
    wait_playing(b)


def test_a_clips_address_opens_it_from_a_cold_load(b):
    b.d.get("about:blank")
    b.go("trip/#photo=" + PHONE)
    b.wait(LIGHTBOX_OPEN)
    assert b.js("return document.querySelector('.lb-cap').textContent") == "phone"
    wait_playing(b)


def test_a_clips_page_plays_it_without_javascript(b):
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    for page in [PHONE, WAVES]:
        b.go(page, ready=False)
        assert b.js("return document.documentElement.classList.contains('js')") is False
        b.wait("document.querySelector('video.photo-video').readyState >= 1", 10, f"{page}: the video loads")
        size = b.js("const v = document.querySelector('video.photo-video'); return [v.videoWidth, v.videoHeight]")
        assert size == [320, 240], page
        assert b.js("return document.querySelector('video.photo-video').controls")


def saved_clips(b):
    return {photo["id"]: photo.get("video") for photo in (b.storage("cg-saved") or {}).get("photos", [])}


@pytest.mark.parametrize("vp", ["phone", "desktop"])
def test_a_saved_clip_plays_on_the_saved_page(b, vp):
    """A clip saved from its album's lightbox, and one saved from its own page with the Save
    button, play on the saved page as on their album: over the poster, muted, with controls."""
    b.viewport(vp)
    b.go("trip/")
    b.js("localStorage.clear()")
    b.go("trip/")
    open_item(b, PHONE)
    b.js("document.querySelector('.lb-save').click()")
    b.key(Keys.ESCAPE)
    b.wait(LIGHTBOX_CLOSED)
    b.go(WAVES)
    b.d.get_log("browser")
    b.js("document.querySelector('[data-save-photo]').click()")
    assert b.console_errors() == []
    videos = saved_clips(b)
    assert list(videos) == [WAVES, PHONE]
    for item, video in videos.items():
        assert video.startswith("images/") and video.endswith(".mp4"), (item, video)
    b.go("saved/")
    b.wait("document.querySelectorAll('.saved-photos a.thumb').length === 2")
    for item in [WAVES, PHONE]:
        b.js(f"document.querySelector(`.saved-photos a.thumb[data-id='{item}']`).click()")
        b.wait(LIGHTBOX_OPEN)
        wait_playing(b)
        assert b.js(f"return {VIDEO}.muted && {VIDEO}.controls")
        assert b.js(f"return new URL({VIDEO}.currentSrc).pathname") == "/" + videos[item]
        assert b.js(f"return {VIDEO}.poster") == b.js(
            f"return new URL(document.querySelector(`.saved-photos a.thumb[data-id='{item}']`).dataset.full, "
            "location.href).href"), "the poster is the clip's large picture"
        if item == PHONE:
            w, h = b.size
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            b.d.save_screenshot(str(SCREENSHOTS / f"saved-clip-{w}x{h}.png"))
        b.key(Keys.ESCAPE)
        b.wait(LIGHTBOX_CLOSED)
        assert stopped(b)
    assert b.console_errors() == []


def test_a_saved_photo_shows_no_clip_on_the_saved_page(b):
    b.go("trip/")
    b.js("localStorage.clear()")
    b.go("trip/")
    open_item(b, VIEW)
    b.js("document.querySelector('.lb-save').click()")
    assert saved_clips(b) == {VIEW: None}
    b.go("saved/")
    b.wait("document.querySelectorAll('.saved-photos a.thumb').length === 1")
    b.js("document.querySelector('.saved-photos a.thumb').click()")
    b.wait(LIGHTBOX_OPEN)
    b.wait("document.querySelector('.lb-full').complete")
    assert stopped(b)
    assert b.js("return document.querySelector('.saved-photos a.thumb').dataset.video") is None
