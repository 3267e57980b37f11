"""A phone fetches the thumbnail copy its screen needs: a list row's 72 px square
and a search row's 48 px one take a small copy, not the 480 px grid copy; the same
images drawn as a grid take a copy at least as wide as they are shown."""
import time

import pytest

# The width of the file an <img> shows (its currentSrc loaded alone, at 1x).
FILE_WIDTHS = """
const done = arguments[arguments.length - 1];
const images = [...document.querySelectorAll(arguments[0])].filter(i => i.offsetParent && i.currentSrc).slice(0, 6);
Promise.all(images.map(i => new Promise(ok => {
  const probe = new Image();
  probe.onload = () => ok([i.currentSrc.split('/').pop(), probe.naturalWidth, i.getBoundingClientRect().width]);
  probe.onerror = () => ok([i.currentSrc, 0, 0]);
  probe.src = i.currentSrc;
}))).then(done);
"""


def phone(b, dpr):
    b.d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": 390, "height": 844, "deviceScaleFactor": dpr, "mobile": True})


def shown(b, selector):
    # Every image on the first screen, loaded (the lazy ones further down are not asked for).
    b.wait(f"[...document.querySelectorAll('{selector}')].filter(i => i.offsetParent && i.loading !== 'lazy')"
           ".every(i => i.complete && i.currentSrc)", 10, selector)
    # The images may still be laid out or fetched: asked again for up to 5 s.
    for _ in range(50):
        found = b.d.execute_async_script(FILE_WIDTHS, selector)
        if found:
            break
        time.sleep(0.1)
    assert found, f"no image shown by {selector}"
    return found


@pytest.fixture
def at_dpr(browser):
    yield browser
    browser.d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})


@pytest.mark.parametrize("dpr", [2, 3])
def test_list_rows_take_a_small_copy_and_the_grid_a_large_enough_one(at_dpr, dpr):
    b = at_dpr
    phone(b, dpr)
    b.go("parks/#list")
    for name, width, css in shown(b, ".view .items img"):
        assert css <= 72.5 and css * dpr - 1 <= width <= 240, f"list row {css} px wide at {dpr}x fetched {name}, {width} px"
    b.js("document.querySelector('.view-tab[data-view=grid]').click()")
    for name, width, css in shown(b, ".view .items img"):
        assert width >= css * dpr - 1, f"grid tile {css} px wide at {dpr}x fetched {name}, only {width} px"


@pytest.mark.parametrize("dpr", [2, 3])
def test_search_rows_take_a_small_copy(at_dpr, dpr):
    b = at_dpr
    phone(b, dpr)
    b.go("search/?q=siamese")
    b.wait("document.querySelector('.search-list img')", timeout=10)
    for name, width, css in shown(b, ".search-list img"):
        assert css * dpr <= width <= 144, f"search row {css} px wide at {dpr}x fetched {name}, {width} px"


@pytest.mark.parametrize("dpr", [1, 2])
def test_a_desktops_grid_takes_a_copy_as_wide_as_its_tiles(at_dpr, dpr):
    b = at_dpr
    b.d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": 1440, "height": 900, "deviceScaleFactor": dpr, "mobile": False})
    for path in ("parks/#grid", "parks/letchworth/#grid"):
        b.go(path)
        for name, width, css in shown(b, ".view .items img"):
            assert width >= css * dpr - 1, f"{path}: tile {css} px wide at {dpr}x fetched {name}, only {width} px"
