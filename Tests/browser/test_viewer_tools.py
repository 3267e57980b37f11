"""The viewer's walk across a list page's sections and the parts it loads when it first
opens (assets/viewer.js): filmstrip, download, share, full screen, slideshow, zoom buttons."""
import time

from conftest import SCREENSHOTS, VIEWPORTS
from test_quality import run_axe

# The photo shown, from the viewer's own state: its index in the walk, its id (the
# URL's hash) and whether the slideshow plays.
STATE = """
const lb = document.querySelector('.lb');
return {count: lb.querySelector('.lb-count').textContent, hash: decodeURI(location.hash),
        caption: lb.querySelector('.lb-cap').textContent,
        playing: lb.querySelector('.lb-play').getAttribute('aria-pressed') === 'true',
        scale: new DOMMatrix(getComputedStyle(lb.querySelector('.lb-img')).transform).a};
"""


def state(b):
    return b.js(STATE)


def wait_ready(b):
    """The viewer is open, its parts are in (lb-ready) and no animation runs."""
    b.wait("document.querySelector('.lb.lb-ready') && !document.querySelector('.lb').hidden && "
           "!document.getAnimations().length", 10)


def open_viewer(b, page, css, index):
    """Opens the `index`th visible thumbnail matching `css` on `page`; returns its data."""
    b.go(page)
    link = b.js("return [...document.querySelectorAll(arguments[0])].filter(a => a.offsetParent)[arguments[1]]", css, index)
    b.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", link)
    wait_ready(b)
    return b.js("const a = arguments[0]; return {id: a.dataset.id, full: a.dataset.full, srcset: a.dataset.srcset,"
                " href: a.href, caption: a.dataset.caption}", link)


def section_ends(b):
    """Per section of the parks page (one list, drawn as a list or a grid), its thumbnails' ids."""
    return b.js("return [...document.querySelectorAll(arguments[0])].map(s => "
                "[...s.querySelectorAll('a.thumb')].map(a => a.dataset.id))",
                ".view details.section")


def click(b, selector):
    """A real click (CDP mouse events at the element's centre): the Fullscreen API wants a user's gesture."""
    x, y = b.js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                "return [r.left + r.width / 2, r.top + r.height / 2]", selector)
    b.click_at(x, y)


def test_the_viewer_crosses_from_one_park_to_the_next_with_keys_and_swipes(browser, vp):
    b = browser
    b.go("parks/")
    sections = section_ends(b)
    assert len(sections) >= 2 and all(sections)
    total = sum(len(s) for s in sections)
    last_of_first = len(sections[0]) - 1
    open_viewer(b, "parks/", ".view a.thumb", last_of_first)
    s = state(b)
    assert s["hash"] == "#photo=" + sections[0][-1]
    assert s["count"] == f"{len(sections[0])} of {total}"
    b.key("\ue014")  # ArrowRight
    b.wait(f"decodeURI(location.hash) === '#photo={sections[1][0]}'", message="did not cross into the next park")
    assert state(b)["count"] == f"{len(sections[0]) + 1} of {total}"
    wait_ready(b)
    w, h, _ = VIEWPORTS[vp]
    drag = b.drag_touch if b.touch_device else b.drag_mouse
    drag((w * 0.3, h / 2), (w * 0.9, h / 2))  # a swipe to the right goes back
    b.wait(f"decodeURI(location.hash) === '#photo={sections[0][-1]}'", message="a swipe did not cross back")
    # The Next button is there at a park's end, and gone only at the album's.
    assert b.js("return !document.querySelector('.lb-next').hidden")


def test_the_filmstrip_is_one_tab_stop_walked_with_arrows_and_enter(browser):
    b = browser
    b.viewport("desktop")
    opened = open_viewer(b, "parks/", "a.thumb", 1)
    strip = b.js("return [...document.querySelectorAll('.lb-strip button')].map(x => ({"
                 "current: x.getAttribute('aria-current'), tab: x.tabIndex, lazy: x.querySelector('img').loading}))")
    assert len(strip) == 12 and [x["current"] for x in strip].count("true") == 1 and strip[1]["current"] == "true"
    assert [x["tab"] for x in strip].count(0) == 1 and strip[1]["tab"] == 0
    assert all(x["lazy"] == "lazy" for x in strip)
    # Tab from Close reaches the strip once, at the current photo.
    b.js("document.querySelector('.lb-close').focus()")
    seen = []
    for _ in range(20):
        b.key("\ue004")  # Tab
        seen.append(b.js("const a = document.activeElement; return a.closest('.lb-strip') ? 'strip:' + a.getAttribute('aria-current') "
                         ": a.className || a.tagName"))
    assert seen.count("strip:true") >= 1 and not any(x == "strip:None" for x in seen), seen
    b.js("document.querySelector('.lb-strip [aria-current]').focus()")
    b.key("\ue014")
    b.key("\ue014")
    b.key("\ue014")
    # The arrows move along the strip, not the photo.
    assert state(b)["hash"] == "#photo=" + opened["id"]
    focused = b.js("return [...document.querySelectorAll('.lb-strip button')].indexOf(document.activeElement)")
    assert focused == 4
    b.key("\ue007")  # Enter
    b.wait("document.querySelectorAll('.lb-strip button')[4].getAttribute('aria-current') === 'true'")
    assert state(b)["count"].startswith("5 of ")
    b.key("\ue010")  # End
    assert b.js("return [...document.querySelectorAll('.lb-strip button')].indexOf(document.activeElement)") == 11
    b.key("\ue00d")  # Space shows it
    b.wait("document.querySelectorAll('.lb-strip button')[11].getAttribute('aria-current') === 'true'")
    # The current one is scrolled into the strip's view.
    b.wait("(() => { const s = document.querySelector('.lb-strip').getBoundingClientRect(),"
           " c = document.querySelector('.lb-strip [aria-current]').getBoundingClientRect();"
           " return c.left >= s.left - 1 && c.right <= s.right + 1; })()")


def test_the_filmstrip_follows_the_photo_into_view_on_a_phone(browser):
    b = browser
    b.viewport("phone")
    open_viewer(b, "parks/", ".view a.thumb", 0)
    for _ in range(9):
        b.js("document.querySelector('.lb-next').click()")
    b.wait("document.querySelectorAll('.lb-strip button')[9].getAttribute('aria-current') === 'true'")
    b.wait("(() => { const s = document.querySelector('.lb-strip').getBoundingClientRect(),"
           " c = document.querySelector('.lb-strip [aria-current]').getBoundingClientRect();"
           " return c.left >= s.left - 1 && c.right <= s.right + 1; })()", message="the current thumbnail is out of view")


def test_download_links_the_largest_published_copy_under_the_photos_name(browser):
    b = browser
    opened = open_viewer(b, "parks/", "a.thumb", 0)
    link = b.js("const a = document.querySelector('.lb-download');"
                "return {href: a.getAttribute('href'), name: a.download, label: a.getAttribute('aria-label'), hidden: a.hidden}")
    widths = {int(c.split()[1][:-1]): c.split()[0] for c in opened["srcset"].split(", ")}
    assert link["href"] == opened["full"] == widths[max(widths)]
    slug = opened["id"].rstrip("/").split("/")[-1]
    assert link["name"] == slug + ".jpg" and not link["hidden"] and link["label"] == "Download photo"
    # It follows the photo shown.
    b.key("\ue014")
    b.wait(f"document.querySelector('.lb-download').getAttribute('href') !== {opened['full']!r}")
    assert b.js("return document.querySelector('.lb-download').download") != link["name"]
    # The file is there to be had.
    status = b.d.execute_async_script("const done = arguments[0];"
                                      "fetch(document.querySelector('.lb-download').href).then(r => done(r.status))")
    assert status == 200


def test_share_copies_the_photos_page_address_where_there_is_no_share_sheet(browser):
    b = browser
    b.go("parks/")
    # A browser without the Web Share API and with a clipboard that records what it is given.
    b.js("delete Navigator.prototype.share; window.cgCopied = [];"
         "Object.defineProperty(navigator, 'clipboard', {value: {writeText: t => { cgCopied.push(t); return Promise.resolve(); }}})")
    link = b.js("return [...document.querySelectorAll('a.thumb')].filter(a => a.offsetParent)[2]")
    b.js("arguments[0].click()", link)
    wait_ready(b)
    b.js("document.querySelector('.lb-share').click()")
    b.wait("cgCopied.length === 1")
    assert b.js("return cgCopied[0]") == b.js("return arguments[0].href", link)
    assert b.js("return cgCopied[0]").startswith("http://127.0.0.1:")
    b.wait("document.querySelector('.toast').classList.contains('show')")
    assert b.js("return document.querySelector('.toast').textContent") == "Link copied"


def test_share_uses_the_share_sheet_where_there_is_one(browser):
    b = browser
    b.go("parks/")
    b.js("window.cgShared = []; navigator.share = data => { cgShared.push(data); return Promise.resolve(); }")
    link = b.js("return [...document.querySelectorAll('a.thumb')].filter(a => a.offsetParent)[0]")
    b.js("arguments[0].click()", link)
    wait_ready(b)
    b.js("document.querySelector('.lb-share').click()")
    b.wait("cgShared.length === 1")
    shared = b.js("return cgShared[0]")
    assert shared["url"] == b.js("return arguments[0].href", link)
    assert shared["title"] == b.js("return arguments[0].dataset.caption", link)


def test_full_screen_uses_the_fullscreen_api(fresh_browser):
    # A browser of its own: in the shared one this failed in 2 of 4 runs of the whole
    # file (the page never went full screen), never when run alone; not understood yet.
    b = fresh_browser
    b.viewport("desktop")
    open_viewer(b, "parks/", "a.thumb", 0)
    click(b, ".lb-fullscreen")
    b.wait("document.fullscreenElement === document.querySelector('.lb')", message="not in full screen")
    b.wait("document.querySelector('.lb-fullscreen').getAttribute('aria-pressed') === 'true'")
    click(b, ".lb-fullscreen")
    b.wait("!document.fullscreenElement && document.querySelector('.lb-fullscreen').getAttribute('aria-pressed') === 'false'")
    # Closing the viewer leaves full screen too.
    click(b, ".lb-fullscreen")
    b.wait("document.fullscreenElement", message="not in full screen again")
    b.js("document.querySelector('.lb-close').click()")
    b.wait("!document.fullscreenElement && document.querySelector('.lb').hidden")


def test_full_screen_falls_back_to_hiding_the_viewers_chrome(browser):
    b = browser
    b.go("parks/")
    # A browser without element full screen, as Safari on iPhone.
    b.js("Object.defineProperty(Document.prototype, 'fullscreenEnabled', {get: () => false})")
    b.js("[...document.querySelectorAll('a.thumb')].filter(a => a.offsetParent)[0].click()")
    wait_ready(b)
    assert b.js("return getComputedStyle(document.querySelector('.lb-cap')).display") != "none"
    b.js("document.querySelector('.lb-fullscreen').click()")
    assert b.js("return document.querySelector('.lb').classList.contains('lb-fill')")
    assert b.js("return document.querySelector('.lb-fullscreen').getAttribute('aria-pressed')") == "true"
    hidden = b.js("return ['.lb-cap', '.lb-strip', '.lb-next'].map(s => getComputedStyle(document.querySelector(s)).display)")
    assert hidden == ["none", "none", "none"]
    assert not b.js("return document.fullscreenElement")
    b.js("document.querySelector('.lb-fullscreen').click()")
    assert not b.js("return document.querySelector('.lb').classList.contains('lb-fill')")


def test_the_slideshow_advances_on_its_timer_and_pauses_on_a_key(browser):
    b = browser
    open_viewer(b, "parks/", "a.thumb", 0)
    assert not state(b)["playing"]
    b.js("document.querySelector('.lb-play').click()")
    assert state(b)["playing"]
    b.wait("document.querySelector('.lb-count').textContent.startsWith('2 of')", 10, "the slideshow did not advance")
    b.wait("document.querySelector('.lb-count').textContent.startsWith('3 of')", 10, "the slideshow stopped after one")
    assert state(b)["playing"]
    b.key("\ue00a")  # Shift: any key pauses
    assert not state(b)["playing"]
    shown = state(b)["count"]
    time.sleep(5)  # longer than the slideshow's interval: a paused show stays put
    assert state(b)["count"] == shown and not state(b)["playing"]


def test_the_slideshow_pauses_on_a_tap_and_changes_photos_without_motion_when_asked(browser):
    b = browser
    b.viewport("phone", reduced_motion=True)
    open_viewer(b, "parks/", "a.thumb", 0)
    b.js("document.querySelector('.lb-play').click()")
    b.js("window.cgMoved = []; document.addEventListener('catgallery:lightbox-show', () =>"
         " cgMoved.push(document.querySelector('.lb-img').getAnimations().length))")
    b.wait("cgMoved.length >= 1", 10, "the slideshow did not advance")
    assert b.js("return cgMoved") == [0], "a reduced-motion slideshow animates"
    b.touch("touchStart", [(20, 420)])  # a finger on the photo pauses it at once
    assert not state(b)["playing"]
    b.touch("touchEnd", [])


def test_zoom_buttons_change_the_scale(browser, vp):
    b = browser
    open_viewer(b, "parks/", "a.thumb", 0)
    assert abs(state(b)["scale"] - 1) < 0.01
    b.js("document.querySelector('.lb-zoom-in').click()")
    b.wait("!document.getAnimations().length && document.querySelector('.lb').classList.contains('zoomed')")
    b.wait("new DOMMatrix(getComputedStyle(document.querySelector('.lb-img')).transform).a > 1.49")
    assert abs(state(b)["scale"] - 1.5) < 0.01
    b.js("document.querySelector('.lb-zoom-in').click()")
    b.wait("new DOMMatrix(getComputedStyle(document.querySelector('.lb-img')).transform).a > 2.24")
    b.js("document.querySelector('.lb-zoom-out').click()")
    b.js("document.querySelector('.lb-zoom-out').click()")
    b.wait("!document.querySelector('.lb').classList.contains('zoomed')")
    b.wait("Math.abs(new DOMMatrix(getComputedStyle(document.querySelector('.lb-img')).transform).a - 1) < 0.01")
    # The keys still zoom as before.
    b.key("+")
    b.wait("document.querySelector('.lb').classList.contains('zoomed')")


LIMITS = ("const lb = document.querySelector('.lb'); return [lb.querySelector('.lb-zoom-out'), lb.querySelector('.lb-zoom-in')]"
          ".map(x => x.getAttribute('aria-disabled'))")


def test_zoom_buttons_are_disabled_at_the_limits_whatever_zoomed(browser):
    b = browser
    b.viewport("desktop")
    open_viewer(b, "parks/", "a.thumb", 0)
    assert b.js(LIMITS) == ["true", "false"], "zoom out is not disabled at the fitted photo"
    for _ in range(8):  # the buttons up to the largest scale
        b.js("document.querySelector('.lb-zoom-in').click()")
    b.wait("!document.getAnimations().length")
    assert b.js(LIMITS) == ["false", "true"], "zoom in is not disabled at the largest scale"
    b.key("0")  # a key back to the fitted photo
    b.wait("!document.querySelector('.lb').classList.contains('zoomed')")
    assert b.js(LIMITS) == ["true", "false"]
    # The wheel, a double click and a pinch keep them in step too.
    x, y = b.size[0] / 2, b.size[1] / 2
    b.d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": -300})
    b.wait("document.querySelector('.lb').classList.contains('zoomed')")
    assert b.js(LIMITS) == ["false", "false"]
    b.key("0")
    b.wait("!document.querySelector('.lb').classList.contains('zoomed')")
    for _ in range(30):
        b.d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": -400})
    b.wait("document.querySelector('.lb-zoom-in').getAttribute('aria-disabled') === 'true'",
           message="wheel zoom to the largest scale left zoom in enabled")
    # The next photo starts fitted again.
    b.key("\ue014")
    b.wait("!document.querySelector('.lb').classList.contains('zoomed')")
    b.wait("document.querySelector('.lb-zoom-out').getAttribute('aria-disabled') === 'true'")
    assert b.js(LIMITS) == ["true", "false"]


def test_zoom_buttons_follow_a_pinch_and_a_double_tap_on_a_phone(browser):
    b = browser
    b.viewport("phone")
    open_viewer(b, "parks/", ".view a.thumb", 0)
    assert b.js(LIMITS) == ["true", "false"]
    cx, cy = 195, 422
    b.touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for k in range(1, 9):
        b.touch("touchMove", [(cx - 20 - 10 * k, cy), (cx + 20 + 10 * k, cy)])
    b.touch("touchEnd", [])
    b.wait("!document.getAnimations().length && document.querySelector('.lb').classList.contains('zoomed')")
    assert b.js(LIMITS) == ["false", "false"], "a pinch left the zoom buttons as they were"
    b.tap(cx, cy)
    b.tap(cx, cy)  # a double tap goes back to the fitted photo
    b.wait("!document.querySelector('.lb').classList.contains('zoomed')")
    b.wait("!document.getAnimations().length")
    assert b.js(LIMITS) == ["true", "false"]


def test_every_control_is_labelled_and_a_44px_target_on_a_phone(browser):
    b = browser
    b.viewport("phone")
    open_viewer(b, "parks/", ".view a.thumb", 0)
    controls = b.js("return [...document.querySelectorAll('.lb button, .lb a[href]')].filter(x => x.offsetParent)"
                    ".map(x => { const r = x.getBoundingClientRect(); return {w: r.width, h: r.height, "
                    "name: x.getAttribute('aria-label') || x.textContent.trim(), cls: x.className}; })")
    assert len(controls) >= 9 + 12  # zoom out and in, slideshow, full screen, save, download, share, close, next; the strip
    for control in controls:
        assert control["w"] >= 44 - 0.5 and control["h"] >= 44 - 0.5, control
        assert control["name"], control
    # Nothing sits off screen.
    assert b.js("return [...document.querySelectorAll('.lb-bar button, .lb-bar a[href]')].filter(x => x.offsetParent)"
                ".every(x => { const r = x.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; })")


def test_axe_finds_nothing_in_the_viewer_with_its_parts(browser):
    b = browser
    for vp in ("phone", "desktop"):
        b.viewport(vp)
        open_viewer(b, "parks/", "a.thumb", 1)
        b.js("document.querySelector('.lb-play').click()")
        assert run_axe(b) == [], vp


def test_the_viewer_is_photographed_with_its_parts(browser):
    b = browser
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for vp, size in (("phone", "390x844"), ("desktop", "1440x900")):
        b.viewport(vp)
        open_viewer(b, "parks/", "a.thumb", 4)
        b.wait("document.querySelector('.lb-full').classList.contains('loaded')", 10)
        b.wait("[...document.querySelectorAll('.lb-strip img')].filter(i => i.getBoundingClientRect().right <= innerWidth)"
               ".every(i => i.complete)", 10)
        b.d.save_screenshot(str(SCREENSHOTS / f"viewer-{size}.png"))
    assert b.console_errors() == []


def test_a_part_can_give_the_walk_more_photos_at_its_end(browser):
    """The hook for an album's other pages: `viewer.more` is asked past the last link.
    On an album of one page, where album-pages.js (which sets the hook on a paged
    album and on the parks list) leaves it alone."""
    b = browser
    b.go("categories/kittens/")
    # A stand-in for such a part: one more photo after the page's, made from the first one.
    b.js("""
      document.addEventListener('catgallery:lightbox-build', event => {
        const viewer = event.detail, model = document.querySelector('a.thumb');
        let given = false;
        viewer.more = {
          has: step => step > 0 && !given,
          load: step => new Promise(resolve => setTimeout(() => {
            given = true;
            const extra = model.cloneNode(true);
            extra.dataset.id = 'elsewhere/extra/';
            extra.dataset.caption = 'A photo from the next page';
            resolve([extra]);
          }, 50))
        };
      });
    """)
    total = b.js("return [...document.querySelectorAll('a.thumb')].filter(a => a.offsetParent).length")
    last = b.js("return [...document.querySelectorAll('a.thumb')].filter(a => a.offsetParent).pop()")
    b.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", last)
    wait_ready(b)
    assert state(b)["count"] == f"{total} of {total}"
    assert b.js("return !document.querySelector('.lb-next').hidden"), "Next hides although more can come"
    b.key("\ue014")
    b.wait("decodeURI(location.hash) === '#photo=elsewhere/extra/'", message="the walk did not go on")
    s = state(b)
    assert s["count"] == f"{total + 1} of {total + 1}" and s["caption"] == "A photo from the next page"
    assert b.js("return document.querySelectorAll('.lb-strip button').length") == total + 1
    assert b.js("return document.querySelector('.lb-next').hidden"), "Next stays after the last of all"
    b.key("\ue012")  # ArrowLeft walks back into the page's own
    b.wait(f"document.querySelector('.lb-count').textContent === '{total} of {total + 1}'")
