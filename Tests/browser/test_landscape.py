"""A phone held sideways (844x390, touch): the photo on its own page and a
breed's photo fit the screen's height, with their title and controls on the
same screen, as soon as the page opens."""
import pytest

BOXES = """
return arguments[0].map(s => [...document.querySelectorAll(s)].find(e => e.offsetParent !== null))
  .map(e => e && e.getBoundingClientRect().toJSON());
"""


@pytest.mark.parametrize("path,parts", [
    ("parks/letchworth/letchworth1/", [".photo-full img", ".photo-page h1", ".photo-actions .save",
                                       ".photo-actions .button"]),
    ("breeds/beng/", [".breed-photo.current img", ".breed-head h1", ".another-photo"]),
    ("breeds/abys/", [".breed-photo.current img", ".breed-head h1", ".another-photo"]),
])
def test_the_photo_and_its_controls_fit_one_landscape_screen(browser, path, parts):
    b = browser
    b.viewport("landscape")
    b.go(path)
    b.wait("[...document.images].filter(i => i.loading !== 'lazy').every(i => i.complete)", 10)
    width, height = b.size
    assert b.js("return document.documentElement.scrollWidth") == width
    for selector, box in zip(parts, b.js(BOXES, parts)):
        assert box is not None, f"{path}: no {selector}"
        assert box["top"] >= 0 and box["bottom"] <= height and box["left"] >= 0 and box["right"] <= width, \
            f"{path}: {selector} is not on the first screen: {box}"
    picture = b.js(BOXES, parts[:1])[0]
    assert picture["height"] >= height * 0.6, f"{path}: the photo is only {picture['height']} px high"


def test_the_photo_page_stays_one_column_in_portrait(browser):
    b = browser
    b.viewport("phone")
    b.go("parks/letchworth/letchworth1/")
    photo, title = b.js(BOXES, [".photo-full img", ".photo-page h1"])
    assert title["top"] >= photo["bottom"], "the caption comes under the photo"
