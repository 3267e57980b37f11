"""Live Photos outside a previewed folder's grid: in a breed's folder and on the Saved page.
The pair is real: a still whose EXIF exiftool wrote as an iPhone does, and a 2-second
H.264 .mov with a sound track from ffmpeg. A breed's page shows it as one photo with a Live
button that plays the clip over the still; saved from there or from an album's lightbox, it
keeps its Live badge on the Saved page, and the lightbox there plays it."""
import json
import shutil
import subprocess

import pytest

from clips import make_clip
from conftest import REPO, VIEWPORTS, build, fresh, previewed, served
from test_lightbox import wait_open
from test_live_photo import wait_live, wait_playing

IPHONE = ["-EXIF:Make=Apple", "-EXIF:Model=iPhone 13", "-EXIF:DateTimeOriginal=2024:06:01 10:00:00"]
BREED_PHOTO = "breeds/abys/IMG_0003.JPG"

# Each saved photo on the Saved page: [id, Live badge shown, its clip (data-live)].
SAVED = """
return [...document.querySelectorAll('.saved-photos a.thumb')].map(a => {
  const badge = a.querySelector('.badge-live');
  return [a.dataset.id, !!badge && badge.offsetParent !== null, a.dataset.live || null];
});
"""


def live_pair(folder, stem):
    """Writes `stem`.JPG (tagged by exiftool as an iPhone's) and `stem`.MOV into `folder`."""
    exiftool = shutil.which("exiftool")
    if exiftool is None:
        pytest.fail("exiftool is missing: make test installs it (libimage-exiftool-perl)")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "Tests/Fixtures/images/landscape.jpg", folder / f"{stem}.JPG")
    subprocess.run([exiftool, "-q", "-overwrite_original", *IPHONE, str(folder / f"{stem}.JPG")], check=True)
    make_clip(folder / f"{stem}.MOV", "h264", seconds=2)


@pytest.fixture(scope="module")
def breed_site(tmp_path_factory):
    """A site with one breed whose folder holds a Live Photo and a plain photo."""
    root = tmp_path_factory.mktemp("breedlive")
    content = root / "content"
    (content / "photos/breeds/abys").mkdir(parents=True)
    (content / "breeds.json").write_text(json.dumps([{"id": "abys", "name": "Abyssinian"}]))
    live_pair(content / "photos/breeds/abys", "IMG_0003")
    shutil.copy(REPO / "Tests/Fixtures/images/portrait.jpg", content / "photos/breeds/abys/plain.jpg")
    with served(build(root, root / "public")) as url:
        yield url


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    folder = tmp_path_factory.mktemp("livesaved") / "Trip"
    live_pair(folder, "IMG_0001")
    shutil.copy(REPO / "Tests/Fixtures/images/portrait.jpg", folder / "IMG_0002.jpg")
    with previewed(folder) as url:
        yield url


def plays_in_saved_lightbox(b, photo):
    b.js(f"document.querySelector(`.saved-photos a.thumb[data-id='{photo}']`).click()")
    wait_open(b)
    assert not b.js("return document.querySelector('.lb-live').hidden"), "the lightbox offers the clip"
    b.js("document.querySelector('.lb-live').click()")
    wait_playing(b, ".lb-img")


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_a_breed_folder_pair_is_one_photo_whose_live_button_plays_it_over_the_still(driver, breed_site, vp):
    b = fresh(driver, breed_site)
    b.viewport(vp)
    b.go("breeds/abys/")
    ids = b.js("return [...document.querySelectorAll('.breed-photo a.photo-full')].map(a => a.dataset.id)")
    assert len(ids) == 2 and not any(i.lower().endswith(".mov") for i in ids), ids
    # The Live Photo is the current one: show it, then play it.
    b.js("const f = [...document.querySelectorAll('.breed-photo')];"
         "while (!f.find(li => li.classList.contains('current') && li.querySelector('[data-live]')))"
         "  document.querySelector('.another-photo').click()")
    frame = "document.querySelector('.breed-photo.current')"
    assert b.js(f"return {frame}.querySelector('.live-link').offsetParent") is None, "the button replaces the link"
    wait_live(b)
    b.js(f"{frame}.querySelector('.live-button').click()")
    wait_playing(b, ".breed-photo.current")
    still, clip = (b.js(f"const r = {frame}.querySelector(arguments[0]).getBoundingClientRect(); "
                        "return [r.left, r.top, r.width, r.height]", s) for s in ["img", ".live-video"])
    assert all(abs(a - c) < 1 for a, c in zip(still, clip)), f"the clip covers the still exactly: {still} {clip}"
    for control in [".live-button", ".save"]:
        x, y = b.js(f"const r = {frame}.querySelector(arguments[0]).getBoundingClientRect(); "
                    "return [r.left + r.width / 2, r.top + r.height / 2]", control)
        assert b.js("document.querySelector('.live-video').style.pointerEvents = 'auto'; "
                    "const hit = document.elementFromPoint(arguments[0], arguments[1]).closest(arguments[2]) !== null; "
                    "document.querySelector('.live-video').style.pointerEvents = ''; return hit", x, y, control), \
            f"{control} stays above the playing clip"
    b.d.save_screenshot(str(REPO / f"test-output/screenshots/breed-live-{vp}.png"))
    b.wait("!document.querySelector('.live-video')", 10, "the still comes back when the clip ends")


def test_without_javascript_a_breed_page_links_to_the_clip(driver, breed_site):
    b = fresh(driver, breed_site)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        b.go("breeds/abys/", ready=False)
        link = b.js("const a = document.querySelector('.live-link'); return a.offsetParent && a.getAttribute('href')")
        assert link and link.endswith(".mp4")
        assert b.js("return document.querySelector('.live-button').offsetParent") is None
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_a_live_photo_saved_from_a_breed_page_is_live_on_saved(driver, breed_site):
    b = fresh(driver, breed_site)
    b.go("breeds/abys/")
    for button in b.js("return [...document.querySelectorAll('.breed-photo button.save')]"):
        b.js("arguments[0].click()", button)
    b.go("saved/")
    saved = {photo: (badge, clip) for photo, badge, clip in b.js(SAVED)}
    assert set(saved) == {BREED_PHOTO, "breeds/abys/plain.jpg"}
    assert saved["breeds/abys/plain.jpg"] == (False, None)
    badge, clip = saved[BREED_PHOTO]
    assert badge and clip.endswith(".mp4")
    plays_in_saved_lightbox(b, BREED_PHOTO)


def test_a_live_photo_saved_from_its_album_is_live_on_saved(driver, gallery):
    b = fresh(driver, gallery)
    b.go("trip/")
    album = b.js("return document.querySelector('.items a.thumb[data-live]').dataset.live")
    for photo in ["trip/img-0001-jpg/", "trip/img-0002-jpg/"]:
        b.js(f"document.querySelector(`.items a.thumb[data-id='{photo}']`).click()")
        wait_open(b)
        b.js("document.querySelector('.lb-save').click()")
        b.js("document.querySelector('.lb-close').click()")
        b.wait("document.querySelector('.lb').hidden")
    b.go("saved/")
    saved = {photo: (badge, clip) for photo, badge, clip in b.js(SAVED)}
    assert saved["trip/img-0002-jpg/"] == (False, None)
    badge, clip = saved["trip/img-0001-jpg/"]
    assert badge and clip.split("/")[-1] == album.split("/")[-1]
    plays_in_saved_lightbox(b, "trip/img-0001-jpg/")
