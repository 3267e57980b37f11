"""Phones of 320 and 390 px: no page scrolls sideways, the search results page
included; the header keeps the site's title and opens its search box as a full row.
Screenshots at 320x640, 390x844 and 1440x900 go to test-output/screenshots/."""
import pytest

from conftest import PAGES, SCREENSHOTS, Browser

SCREENS = [(320, 640), (390, 844)]
# Every page kind, and the search page with results (they come by script).
WITH_RESULTS = dict(PAGES, results="search/?q=cat")
TITLE = "Whiskers & Sunbeams"  # 19 characters


def screen(b, width, height, mobile=True):
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    b.size = (width, height)


def settle(b, path):
    b.go(path)
    if "?q=" in path:
        b.wait("document.querySelectorAll('.search-list a').length > 0", timeout=10)


@pytest.mark.parametrize("size", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_no_page_scrolls_sideways_on_a_phone(browser, size):
    b = browser
    screen(b, *size)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    wide = {}
    for name, path in WITH_RESULTS.items():
        settle(b, path)
        # Against the screen's width: a phone (mobile emulation) widens its layout
        # viewport, innerWidth too, to whatever the page is wide.
        scroll, inner = b.js("return [document.documentElement.scrollWidth, innerWidth]")
        if max(scroll, inner) > size[0]:
            wide[name] = max(scroll, inner)
        if name in ("results", "home", "breed", "photo"):
            b.d.save_screenshot(str(SCREENSHOTS / f"phone-{name}-{size[0]}x{size[1]}.png"))
    assert wide == {}, f"wider than {size[0]} px: {wide}"


@pytest.mark.parametrize("size", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_a_phones_header_keeps_the_title_and_opens_search_as_a_full_row(browser, size):
    b = browser
    width, height = size
    screen(b, width, height)
    b.go("breeds/")
    b.js("document.querySelector('.brand span').textContent = arguments[0]", TITLE)
    brand = b.js("const s = document.querySelector('.brand span');"
                 "return [s.scrollWidth, s.clientWidth, s.scrollHeight, s.clientHeight]")
    assert brand[0] <= brand[1] and brand[2] <= brand[3], f"a {len(TITLE)}-character title is cut at {width} px: {brand}"
    field = b.d.find_element("id", "site-search")
    field.click()
    field.send_keys("abyssinian")
    b.wait("document.querySelector('.site-results [data-href]')", timeout=10)
    box = b.js("""const r = s => document.querySelector(s).getBoundingClientRect().toJSON();
                  return {input: r('#site-search'), cancel: r('.site-search .clear'), scroll: document.documentElement.scrollWidth}""")
    assert box["input"]["width"] >= width - 120, f"the box is {box['input']['width']} px wide at {width}"
    assert box["input"]["right"] <= box["cancel"]["left"] + 0.5, "Cancel sits beside the typed text, not over it"
    assert box["cancel"]["right"] <= width and box["scroll"] <= width
    b.d.save_screenshot(str(SCREENSHOTS / f"phone-search-open-{width}x{height}.png"))
    # Cancel gives the row back to the title.
    b.js("document.querySelector('.site-search .clear').click()")
    b.wait("document.querySelector('.brand').getBoundingClientRect().width > 100")


def test_desktop_screenshots_of_the_pages_this_changes(browser):
    b = browser
    screen(b, 1440, 900, mobile=False)
    for name in ("results", "home", "breed", "photo"):
        settle(b, WITH_RESULTS[name])
        assert b.js("return document.documentElement.scrollWidth") <= 1440
        b.d.save_screenshot(str(SCREENSHOTS / f"desktop-{name}-1440x900.png"))
