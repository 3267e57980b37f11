"""The info panel: a block on the photo page that needs no script, and the lightbox's Info
button, on a preview of photos whose metadata exiftool wrote."""
import shutil
import subprocess

import pytest

from conftest import Browser, REPO, SCREENSHOTS, VIEWPORTS, previewed, served
from test_quality import run_axe

CAMERA = ["-EXIF:Make=NIKON CORPORATION", "-EXIF:Model=NIKON D750", "-EXIF:LensModel=AF-S NIKKOR 50mm f/1.8G",
          "-EXIF:FNumber=2.8", "-EXIF:ExposureTime=1/250", "-EXIF:ISO=200", "-EXIF:FocalLength=50",
          "-EXIF:DateTimeOriginal=2023:05:01 14:03:22", "-EXIF:OffsetTimeOriginal=+02:00",
          "-XMP-dc:Subject=fog", "-XMP-dc:Subject=bridge", "-XMP-xmp:Rating=4",
          "-XMP-dc:Description=Morning fog over the gorge",
          "-GPSLatitude=47.3769", "-GPSLatitudeRef=N", "-GPSLongitude=8.5417", "-GPSLongitudeRef=E"]
ROWS = [["Camera", "Nikon D750"], ["Lens", "AF-S NIKKOR 50mm f/1.8G"],
        ["Exposure", "1/250 s · f/2.8 · 50 mm · ISO 200"], ["Taken", "2023-05-01 14:03 +02:00"],
        ["Keywords", "fog, bridge"], ["Rating", "★★★★☆"]]


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    """A preview of two photos, one with metadata and one without, built and served."""
    exiftool = shutil.which("exiftool")
    if exiftool is None:
        pytest.fail("exiftool is missing: make test installs it (libimage-exiftool-perl)")
    folder = tmp_path_factory.mktemp("info") / "Gorge"
    folder.mkdir()
    for name in ["a-fog.jpg", "b-plain.jpg"]:
        shutil.copy(REPO / "Tests/Fixtures/images/landscape.jpg", folder / name)
    subprocess.run([exiftool, "-q", "-overwrite_original", *CAMERA, str(folder / "a-fog.jpg")], check=True)
    with previewed(folder) as url:
        yield url


@pytest.fixture
def b(driver, gallery):
    browser = Browser(driver, gallery)
    browser.viewport("desktop")
    yield browser
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def rows(b, scope):
    return b.js("return [...document.querySelectorAll(arguments[0] + ' dt')].map(t => "
                "[t.textContent, t.nextElementSibling.textContent])", scope)


def photo_page(b):
    b.go("gorge/")
    return b.js("return document.querySelector('a.thumb').getAttribute('href')")


def test_photo_page_shows_the_panel_without_javascript(b):
    page = photo_page(b)
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    b.d.get(b.base + "gorge/" + page)
    assert b.js("return document.querySelector('.info').offsetHeight") > 0
    assert rows(b, ".info") == ROWS
    assert "47.37" not in b.d.page_source and "Location" not in b.d.page_source


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_lightbox_info_button_shows_the_current_photos_rows(b, vp):
    b.viewport(vp)
    b.go("gorge/")
    b.js("document.querySelector('a.thumb').click()")
    b.wait("document.querySelector('.lb') && !document.querySelector('.lb').hidden && !document.getAnimations().length")
    button, panel = ".lb-info-button", ".lb-info"
    assert not b.js(f"return document.querySelector('{button}').hidden")
    assert b.js(f"return document.querySelector('{panel}').hidden")
    b.js(f"document.querySelector('{button}').click()")
    assert not b.js(f"return document.querySelector('{panel}').hidden")
    assert b.js(f"return document.querySelector('{button}').getAttribute('aria-expanded')") == "true"
    assert rows(b, panel) == ROWS
    assert b.js(f"return document.querySelector('{panel} [role=img]').getAttribute('aria-label')") == "Rated 4 out of 5"
    w, h, _ = VIEWPORTS[vp]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    b.d.save_screenshot(str(SCREENSHOTS / f"info-lightbox-{w}x{h}.png"))
    assert run_axe(b) == []
    # A tap on the panel reads it; it does not close the lightbox.
    b.js(f"document.querySelector('{panel}').dispatchEvent(new PointerEvent('pointerdown', {{bubbles: true}}))")
    # The next photo has no metadata: no button, no panel; back again, the panel is open.
    b.js("document.querySelector('.lb-next').click()")
    b.wait(f"document.querySelector('{button}').hidden")
    assert b.js(f"return document.querySelector('{panel}').hidden")
    b.js("document.querySelector('.lb-prev').click()")
    b.wait(f"!document.querySelector('{panel}').hidden")
    b.key("i")
    assert b.js(f"return document.querySelector('{panel}').hidden")
    assert not b.js("return document.querySelector('.lb').hidden")


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_photo_page_screenshot(b, vp):
    b.viewport(vp)
    page = photo_page(b)
    b.go("gorge/" + page)
    w, h, _ = VIEWPORTS[vp]
    assert b.js("return document.documentElement.scrollWidth") <= w
    b.js("document.querySelector('.info').scrollIntoView({block: 'center'})")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    b.d.save_screenshot(str(SCREENSHOTS / f"info-page-{w}x{h}.png"))
    assert run_axe(b) == []
