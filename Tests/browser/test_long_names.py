"""Phone layouts hold for any title and any name: the example and the golden
site, built with a 60-character site title, a 200-character breed name and a
long unbroken word in a park's, a category's and a cat's name and a caption,
never scroll sideways on any page at 320, 360, 375, 390 or 1440 px nor on a
phone held sideways (844×390); the tab bar and the theme button stay on screen."""
import json
import plistlib
import shutil
from pathlib import Path

import pytest

from conftest import REPO, SCREENSHOTS, Browser, build, example_site, new_driver, served

TITLE = "The Remarkably Long-Named Cat Gallery of Eleven Far Provinces"
BREED = ("The Exceedingly Fluffy and Remarkably Talkative Long-Haired Cat of the Northern Mountain "
         "Villages, Known Locally by Several Other Names That Would Not Fit on Any Ordinary Label Either")
WORD = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogochcatsanctuary"
WIDTHS = [320, 360, 375, 390, 1440]
# Each width as a screen (width, height, a touch phone), and a phone held sideways.
SCREENS = [(w, 844, True) if w < 600 else (w, 900, False) for w in WIDTHS] + [(844, 390, True)]

# Per page and width: what is wider than the window, and where the tab bar,
# the theme button and the last tab's label are.
LAYOUT = """
const d = document.documentElement, wide = e => e.getBoundingClientRect().right > d.clientWidth + 0.5
  && !e.closest('.lb, .visually-hidden, template, .skip, .tabs'), r = s => { const e = document.querySelector(s);
  return e && e.getClientRects().length ? e.getBoundingClientRect().toJSON() : null; };
return {scroll: d.scrollWidth, client: d.clientWidth, height: innerHeight, tabs: r('.tabs'),
  toggle: r('.theme-toggle'), last: r('.tabs li:last-child span'),
  wide: [...document.querySelectorAll('body *')].filter(e => wide(e) && ![...e.children].some(wide))
    .slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').trim().slice(0, 30))};
"""


def lengthen(root, golden):
    """Gives the site at `root` the long title and names."""
    content = root / "content"
    site = (content / "site.yml").read_text()
    title = next(line for line in site.splitlines() if line.startswith("title:"))
    (content / "site.yml").write_text(site.replace(title, f"title: {TITLE}"))
    breeds = json.loads((content / "breeds.json").read_text())
    next(b for b in breeds if b["id"] == "abys")["name"] = BREED
    (content / "breeds.json").write_text(json.dumps(breeds))
    cats = json.loads((content / "cats.json").read_text())
    cats[0]["catName"] = WORD
    (content / "cats.json").write_text(json.dumps(cats))
    parks = plistlib.loads((content / "parks.plist").read_bytes())
    parks[0]["name"] = WORD
    parks[0]["photos"][0]["caption"] = WORD + " at dawn"
    (content / "parks.plist").write_bytes(plistlib.dumps(parks))
    if not golden:
        categories = plistlib.loads((content / "categories.plist").read_bytes())
        categories[0]["CategoryTitle"] = WORD
        (content / "categories.plist").write_bytes(plistlib.dumps(categories))


def pages(out, golden):
    """Every page of the built site, as paths below its root. The golden site's
    404 page is left out: its base_url makes its stylesheet and script absolute,
    on a host this machine does not reach."""
    found = sorted(p.parent.relative_to(out).as_posix() + "/" for p in out.rglob("index.html"))
    return [("" if p == "./" else p) for p in found] + ([] if golden else ["404.html"])


@pytest.fixture(scope="module", params=["example", "golden"])
def long_site(request, site, tmp_path_factory):
    golden = request.param == "golden"
    root = tmp_path_factory.mktemp(f"long-{request.param}")
    if golden:
        source = REPO / "Tests/Fixtures/golden-site"
        shutil.copytree(source / "content", root / "content")
        shutil.copytree(source / "templates", root / "templates")
    else:
        example_site(root)  # with the images of the session's first build
    lengthen(root, golden)
    out = build(root, root / "public")
    with served(out) as url:
        driver = new_driver()
        try:
            yield request.param, Browser(driver, url), pages(out, golden)
        finally:
            driver.quit()


def test_no_page_scrolls_sideways_and_the_tabs_stay_on_screen(long_site):
    name, b, paths = long_site
    assert len(paths) > (20 if name == "golden" else 150)
    problems = []
    for path in paths:
        b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        b.go(path)
        for width, height, touch in SCREENS:
            phone = width < 600
            b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
            got = b.js(LAYOUT)
            where = f"{name} {path or '/'} at {width}×{height}"
            if got["scroll"] != got["client"] or got["client"] != width:
                problems.append(f"{where}: {got['scroll']} px wide in {got['client']}: {got['wide']}")
            tabs, toggle, last = got["tabs"], got["toggle"], got["last"]
            if tabs is None or toggle is None:
                problems.append(f"{where}: no tab bar or theme button")
                continue
            for box, what in [(tabs, "tab bar"), (toggle, "theme button")]:
                if box["left"] < 0 or box["right"] > width or box["top"] < 0 or box["bottom"] > got["height"]:
                    problems.append(f"{where}: the {what} is off screen: {box}")
            if phone and last and width - last["right"] < 4:
                problems.append(f"{where}: the last tab's label touches the edge: {last}")
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize("width", [320, 1440])
def test_screenshots_with_long_names(long_site, width):
    name, b, _ = long_site
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone = width < 600
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 844 if phone else 900, "deviceScaleFactor": 1, "mobile": phone})
    for label, path in [("home", ""), ("parks", "parks/" if name == "example" else "trails/"),
                        ("breed", "breeds/abys/")]:
        b.go(path)
        b.d.save_screenshot(str(SCREENSHOTS / f"long-{name}-{label}-{width}.png"))
