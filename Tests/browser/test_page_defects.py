"""Layout defects issue 25's walk found, each checked where it showed: the parks grid
on a desktop, the Saved page without JavaScript, the breed page's Save button and a
long section title's chevron."""
from conftest import SCREENSHOTS

# Per visible section grid: its content box's right edge and its first row's.
ROWS = """
return [...document.querySelectorAll('.view .items')].filter(ul => ul.offsetParent).map(ul => {
  const box = ul.getBoundingClientRect(), pad = parseFloat(getComputedStyle(ul).paddingRight),
    tiles = [...ul.querySelectorAll('img')].map(i => i.getBoundingClientRect()),
    top = Math.min(...tiles.map(t => t.top));
  return {right: box.right - pad, row: Math.max(...tiles.filter(t => t.top === top).map(t => t.right)), count: tiles.length};
});
"""


def test_the_parks_grid_fills_its_column_on_a_desktop(browser):
    b = browser
    b.viewport("desktop")
    b.go("parks/#grid")
    grids = b.js(ROWS)
    assert len(grids) >= 3
    for grid in grids:
        # A park of four photos fills its row; none leaves the right of the column empty.
        assert grid["right"] - grid["row"] < 2, f"the grid leaves {grid['right'] - grid['row']:.0f} px empty: {grid}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    b.d.save_screenshot(str(SCREENSHOTS / "parks-grid-1440x900.png"))


def test_the_saved_page_without_javascript_points_at_nothing_that_is_not_there(browser):
    b = browser
    b.viewport("phone")
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        b.go("saved/", ready=False)
        text = b.js("return document.querySelector('main').innerText")
        assert "Save”" not in text and "Use the +" not in text, text
        assert "JavaScript" in text and "no Save buttons" in text, text
        b.d.save_screenshot(str(SCREENSHOTS / "saved-no-js-390x844.png"))
    finally:
        b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    # With it, an empty list still says how to fill it.
    b.go("saved/")
    assert "Open a photo and choose “Save”" in b.js("return document.querySelector('main').innerText")


def test_the_breed_page_has_a_visible_save_button_for_the_photo_shown(browser, vp):
    b = browser
    b.go("breeds/abys/")
    b.wait("!document.getAnimations().length")  # the other photos fade out
    visible = ("return [...document.querySelectorAll('.breed-photo .save')].filter(x => x.checkVisibility"
               "({visibilityProperty: true})).map(x => x.dataset.savePhoto)")
    shown = b.js(visible)
    assert len(shown) == 1, f"{len(shown)} Save buttons show"
    current = b.js("return document.querySelector('.breed-photo.current .photo-full').dataset.id")
    assert shown == [current]
    box = b.js("return document.querySelector('.breed-photo.current .save').getBoundingClientRect().toJSON()")
    assert box["width"] >= 44 and box["height"] >= 44 and box["right"] <= b.size[0]
    b.js("document.querySelector('.breed-photo.current .save').click()")
    saved = b.js("return JSON.parse(localStorage.getItem('cg-saved')).photos.map(p => p.id)")
    assert saved == [current]
    # "Another photo" shows the next one with its own button, which saves that one.
    b.js("document.querySelector('.another-photo').click()")
    b.wait("document.querySelector('.breed-photo.current .photo-full').dataset.id !== arguments[0]".replace(
        "arguments[0]", repr(current)))
    other = b.js("return document.querySelector('.breed-photo.current .photo-full').dataset.id")
    b.wait("(() => { const x = document.querySelector('.breed-photo.current .save');"
           " return x.checkVisibility({visibilityProperty: true}); })()")
    b.js("document.querySelector('.breed-photo.current .save').click()")
    assert b.js("return JSON.parse(localStorage.getItem('cg-saved')).photos.map(p => p.id)") == [other, current]
    assert b.js("return document.querySelector('.breed-photo.current .save').getAttribute('aria-pressed')") == "true"
    b.d.save_screenshot(str(SCREENSHOTS / f"breed-save-{vp}.png"))


def test_a_long_section_title_leaves_its_chevron_whole(browser):
    b = browser
    b.viewport("phone")
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": 320, "height": 700, "deviceScaleFactor": 1, "mobile": True})
    b.go("parks/")
    b.js("document.querySelector('.section .title').textContent = 'Hocking Hills State Park and the Old Man’s"
         " Cave Gorge Trail System in the Fall'")
    # The chevron is a bordered box turned 45°: squeezed, it draws as a sliver.
    assert b.js("return getComputedStyle(document.querySelector('.section summary'), '::after').flexShrink") == "0"
    b.d.save_screenshot(str(SCREENSHOTS / "long-section-title-320.png"))
