"""A photo is never shown wider than its own pixels, on its page or in the viewer;
the photo page keeps its title and buttons on a 1440x900 screen; a page's main
photo loads first (not lazily, fetchpriority=high)."""
import subprocess

import pytest

from conftest import SCREENSHOTS, Browser, previewed


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """A preview of one 240x180 photo and one 100x67 TIFF, made with ImageMagick."""
    folder = tmp_path_factory.mktemp("natural") / "Small"
    folder.mkdir()
    subprocess.run(["convert", "-size", "240x180", "gradient:orange-purple", str(folder / "tiny.jpg")], check=True)
    subprocess.run(["convert", "-size", "100x67", "plasma:fractal", "-seed", "4", str(folder / "wee.tif")], check=True)
    with previewed(folder) as url:
        yield url


def screen(b, width, height):
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


@pytest.mark.parametrize("photo, natural", [("tiny-jpg", 240), ("wee-tif", 100)])
def test_a_small_photo_is_not_blown_up_on_its_page_nor_in_the_viewer(driver, small, photo, natural):
    b = Browser(driver, small)
    screen(b, 1200, 900)
    b.go(f"small/{photo}/")
    b.wait("document.querySelector('.photo-full img').complete")
    shown = b.js("return document.querySelector('.photo-full img').getBoundingClientRect().width")
    assert shown <= natural + 0.5, f"the {natural} px photo is shown {shown} px wide on its page"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    b.d.save_screenshot(str(SCREENSHOTS / f"natural-{photo}-page-1200x900.png"))
    b.js("document.querySelector('.photo-full').click()")
    b.wait("document.querySelector('.lb.lb-ready') && !document.getAnimations().length")
    framed = b.js("return document.querySelector('.lb-img').getBoundingClientRect().width")
    assert framed <= natural + 0.5, f"the {natural} px photo fills {framed} px of the viewer"
    b.d.save_screenshot(str(SCREENSHOTS / f"natural-{photo}-viewer-1200x900.png"))


def test_the_photo_page_keeps_its_title_and_buttons_on_a_desktop_screen(browser):
    b = browser
    b.viewport("desktop")
    b.go("parks/letchworth/letchworth1/")
    bottoms = b.js("""const r = s => document.querySelector(s).getBoundingClientRect().bottom;
                      return [r('.photo-page h1'), r('.photo-actions .button')]""")
    assert max(bottoms) <= 900, f"title and buttons end at {bottoms} on a 900 px high screen"
    b.d.save_screenshot(str(SCREENSHOTS / "photo-page-1440x900.png"))


@pytest.mark.parametrize("path", ["breeds/abys/", "breeds/aege/", "parks/letchworth/letchworth1/"])
def test_a_pages_main_photo_loads_first(browser, path):
    b = browser
    b.go(path)
    main = b.js("""const i = document.querySelector('.breed-photo img, .photo-full img');
                   return [i.getAttribute('loading'), i.getAttribute('fetchpriority')]""")
    assert main == [None, "high"], main


# The length a `sizes` attribute gives at the current screen: its first entry whose
# media condition matches (the last has none), measured as a probe's CSS width.
SIZES_NOW = """
const entries = [], text = arguments[0];
let depth = 0, start = 0;
for (let i = 0; i <= text.length; i++) {
  const c = text[i];
  if (c === '(') depth++;
  else if (c === ')') depth--;
  else if ((c === ',' && depth === 0) || i === text.length) { entries.push(text.slice(start, i).trim()); start = i + 1; }
}
for (const entry of entries) {
  // The length is the entry's last top-level token: a function call or a plain length.
  let end = entry.length, cut = end;
  if (entry.endsWith(')')) {
    let d = 0;
    for (cut = end - 1; cut >= 0; cut--) { if (entry[cut] === ')') d++; if (entry[cut] === '(' && --d === 0) break; }
    while (cut > 0 && /[a-z]/.test(entry[cut - 1])) cut--;
  } else cut = entry.lastIndexOf(' ') + 1;
  const condition = entry.slice(0, cut).trim(), length = entry.slice(cut);
  if (condition && !matchMedia(condition).matches) continue;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;height:1px;width:' + length;
  document.documentElement.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return [length, width];
}
return [null, 0];
"""


@pytest.mark.parametrize("width, height", [(1440, 900), (1440, 640), (844, 390), (390, 844)])
def test_the_photo_pages_sizes_say_how_wide_the_photo_is_shown(browser, small, width, height):
    """A photo page's `sizes` is the width the photo takes: capped by the page's
    column, by the photo's own width and by the screen's height, so a browser
    picks the copy the screen needs and no larger."""
    for page in ("parks/letchworth/letchworth1/", small + "small/tiny-jpg/"):
        b = browser if not page.startswith("http") else Browser(browser.d, small)
        screen(b, width, height)
        b.go(page.replace(small, ""))
        shown = b.js("return document.querySelector('.photo-full img').getBoundingClientRect().width")
        sizes = b.js("return document.querySelector('.photo-full img').sizes")
        length, said = b.js(SIZES_NOW, sizes)
        assert abs(said - shown) <= 2, f"{page} at {width}x{height}: sizes says {length} = {said} px, shown {shown} px"
