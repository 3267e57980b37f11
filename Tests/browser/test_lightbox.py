"""The lightbox: opening and closing animations, zoom, pan, navigation, history."""
import pytest
from selenium.webdriver.common.keys import Keys

# The rectangle the photo visibly covers: the .lb-img box moved by its
# transform (origin 0 0) and cut by its clip-path inset.
VISIBLE = """
window.cgVisible = () => {
  const b = document.querySelector('.lb-img'), cs = getComputedStyle(b), m = new DOMMatrix(cs.transform);
  let c = (cs.clipPath === 'none' ? 'inset(0px)' : cs.clipPath).replace(/round.*/, '')
    .match(/-?[\\d.]+(e[-+]?\\d+)?px/g).map(parseFloat);
  if (c.length === 1) c = [c[0], c[0], c[0], c[0]];
  else if (c.length === 2) c = [c[0], c[1], c[0], c[1]];
  else if (c.length === 3) c = [c[0], c[1], c[2], c[1]];
  const L = parseFloat(b.style.left), T = parseFloat(b.style.top), W = parseFloat(b.style.width), H = parseFloat(b.style.height);
  return [L + m.e + m.a * c[3], T + m.f + m.d * c[0], m.a * (W - c[1] - c[3]), m.d * (H - c[0] - c[2])];
};
window.cgRect = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
"""

STATE = """
const lb = document.querySelector('.lb'), b = document.querySelector('.lb-img');
if (!lb) return {open: false};
const r = b.getBoundingClientRect();
return {open: !lb.hidden, scale: new DOMMatrix(getComputedStyle(b).transform).a,
        rect: [r.left, r.top, r.right, r.bottom], count: document.querySelector('.lb-count').textContent,
        caption: document.querySelector('.lb-cap').textContent, hash: location.hash,
        focusInside: lb.contains(document.activeElement), animating: lb.classList.contains('anim')};
"""


# Test hooks for events site.js does not expose. They are installed before the action
# they observe, so a test waits for the event itself instead of a guessed time.

# Counts pointers lifting anywhere on the page (capture phase: before site.js's
# handlers, which have all run by the next WebDriver call).
POINTER_UPS = """
if (window.cgUps === undefined) {
  window.cgUps = 0;
  for (const type of ['pointerup', 'pointercancel']) addEventListener(type, () => { window.cgUps++; }, true);
}
return window.cgUps;
"""

# Records every timer site.js sets from now on and whether it has run.
TIMERS = """
window.cgTimers = [];
const set = window.setTimeout;
window.setTimeout = (f, ms, ...rest) => {
  const timer = {ms, ran: false};
  window.cgTimers.push(timer);
  return set(() => { try { f(...rest); } finally { timer.ran = true; } }, ms);
};
"""

ZOOMED = "document.querySelector('.lb').classList.contains('zoomed')"


def state(b):
    return b.js(STATE)


def lifted(b, act, pointers=1):
    """Does `act` (a tap, click or drag) and waits until the page has seen its pointers lift."""
    before = b.js(POINTER_UPS)
    act()
    b.wait(f"window.cgUps >= {before + pointers}", message="the page never saw the pointers lift")


def settle(b, anchor="true"):
    """Waits until `anchor` holds and no animation or transition runs on the page. `anchor` is
    state site.js sets at once when it starts an animation (a class), so the wait cannot end
    before the animation has begun; without one, the action must be known to be handled."""
    b.wait(f"({anchor}) && !document.getAnimations().length", 10, f"{anchor}, then every animation ended")


def double_tap(b, x, y):
    if b.touch_device:
        lifted(b, lambda: b.tap(x, y))  # the first tap is in before the second starts
        b.tap(x, y)
    else:
        b.click_at(x, y, count=2)


def thumbs(b, css):
    return b.js("return [...document.querySelectorAll(arguments[0])].filter(a => a.offsetParent)", css)


def wait_open(b):
    b.wait("document.querySelector('.lb') && !document.querySelector('.lb').hidden && "
           "!document.querySelector('.lb').classList.contains('anim') && !document.getAnimations().length")


def wait_closed(b, timeout=3):
    b.wait("!document.querySelector('.lb') || document.querySelector('.lb').hidden", timeout)


def open_first(b, page="categories/kittens/", css="a.thumb", index=0):
    b.go(page)
    a = thumbs(b, css)[index]
    b.js("arguments[0].scrollIntoView({block: 'center'})", a)
    b.js("arguments[0].click()", a)
    wait_open(b)
    return a


def close_to(actual, expected, tolerance=1.5):
    return all(abs(x - y) <= tolerance for x, y in zip(actual, expected))


@pytest.mark.parametrize("page,css", [("categories/kittens/", ".items a.thumb"), ("parks/", ".view a.thumb")])
def test_open_animates_from_thumbnail_to_fitted_photo(browser, vp, page, css):
    b = browser
    b.go(page)
    a = thumbs(b, css)[1]
    b.js("arguments[0].scrollIntoView({block: 'center'})", a)
    frames = b.js(VISIBLE + """
      const a = arguments[0], thumb = cgRect(a.querySelector('img'));
      a.click();
      const anim = document.querySelector('.lb-img').getAnimations()[0];
      if (!anim) return {thumb};
      const running = anim.playState === 'running', duration = anim.effect.getComputedTiming().duration;
      anim.pause();
      anim.currentTime = 0; const first = cgVisible();
      anim.currentTime = duration / 2; const middle = cgVisible();
      anim.currentTime = duration - 1; const last = cgVisible();
      anim.play();
      return {thumb, first, middle, last, running, duration, vw: innerWidth, vh: innerHeight,
              ratio: a.dataset.width / a.dataset.height, id: a.dataset.id};
    """, a)
    assert "first" in frames, "opening did not animate"
    assert frames["running"] and frames["duration"] >= 150
    assert close_to(frames["first"], frames["thumb"]), frames
    x, y, w, h = frames["last"]
    vw, vh = frames["vw"], frames["vh"]
    assert abs(x + w / 2 - vw / 2) <= 1.5 and abs(y + h / 2 - vh / 2) <= 1.5, frames  # centred
    assert w <= vw + 1 and h <= vh + 1, frames  # fits
    assert abs(w - vw) <= 1.5 or abs(h - vh) <= 1.5, frames  # and fills one axis
    assert abs(w / h - frames["ratio"]) < 0.01, frames  # undistorted
    # The middle frame lies between the two.
    assert frames["thumb"][2] < frames["middle"][2] < w, frames
    wait_open(b)
    s = state(b)
    assert s["open"] and s["focusInside"]
    assert s["hash"] == "#photo=" + frames["id"]
    assert b.js("return getComputedStyle(document.documentElement).overflow") == "hidden"  # page scroll locked
    assert b.js("return document.querySelector('main').inert") is True


def test_zoom_keys_wheel_and_pan_stay_within_edges(browser, vp):
    b = browser
    open_first(b)
    vw, vh = b.size
    fitted = state(b)["rect"]
    b.key("+")
    # The eased zoom transition has run its course.
    b.wait("!document.getAnimations().length && new DOMMatrix(getComputedStyle(document.querySelector('.lb-img')).transform).a > 1.4")
    assert abs(state(b)["scale"] - 1.5) < 0.01

    def check_edges():
        left, top, right, bottom = state(b)["rect"]
        if right - left > vw:
            assert left <= 0.5 and right >= vw - 0.5, (left, right, vw)
        if bottom - top > vh:
            assert top <= 0.5 and bottom >= vh - 0.5, (top, bottom, vh)
        return left, top

    drag = b.drag_touch if b.touch_device else b.drag_mouse
    cx, cy = vw / 2, vh / 2
    positions = []
    for dx, dy in ((vw, vh), (-vw, -vh), (vw, -vh)):
        lifted(b, lambda: drag((cx - dx / 4, cy - dy / 4), (cx + dx / 4, cy + dy / 4)))
        assert state(b)["open"], "dragging a zoomed photo must not close it"
        positions.append(check_edges())
    assert positions[0] != positions[1], "the photo did not pan"
    # Dragged as far as it goes, a zoomed photo's edge sits exactly at the viewport edge.
    left, top, right, bottom = state(b)["rect"]
    assert right - left > vw or bottom - top > vh
    if right - left > vw:
        assert abs(left) < 0.5 or abs(right - vw) < 0.5
    if bottom - top > vh:
        assert abs(top) < 0.5 or abs(bottom - vh) < 0.5

    before = state(b)["scale"]
    b.js("document.querySelector('.lb').dispatchEvent(new WheelEvent('wheel', "
         "{deltaY: -400, clientX: innerWidth / 2, clientY: innerHeight / 2, bubbles: true, cancelable: true}))")
    assert state(b)["scale"] > before
    check_edges()

    # Zooming in asks for a larger derivative than the fitted one.
    for _ in range(5):
        b.key("+")
    b.wait("parseInt(document.querySelector('.lb-full').sizes) > 1.5 * parseFloat(document.querySelector('.lb-img').style.width)")
    largest = b.js("const s = document.querySelector('.lb-full').srcset.split(',').map(c => c.trim().split(' '));"
                   "return s.sort((a, b) => parseInt(b[1]) - parseInt(a[1]))[0][0].split('/').pop()")
    b.wait(f"document.querySelector('.lb-full').currentSrc.endsWith({largest!r})")

    for _ in range(8):
        b.key("-")
    settle(b, "!" + ZOOMED)
    s = state(b)
    assert abs(s["scale"] - 1) < 0.001 and close_to(s["rect"], fitted)


def test_double_click_or_tap_toggles_zoom_and_pinch_zooms(browser, vp):
    b = browser
    open_first(b)
    vw, vh = b.size
    double_tap(b, vw / 2, vh / 2)
    settle(b, ZOOMED)
    s = state(b)
    assert s["open"] and s["scale"] > 2, s
    double_tap(b, vw / 2, vh / 2)
    settle(b, "!" + ZOOMED)
    s = state(b)
    assert s["open"] and abs(s["scale"] - 1) < 0.001, s


def test_pinch_zooms_about_the_fingers(fresh_browser):
    # A fresh browser: after a CDP pinch, Chromium stops turning CDP touches
    # into pointer events on the next page, which would break later tests.
    b = fresh_browser
    b.viewport("phone")
    open_first(b)
    vw, vh = b.size
    cx, cy = vw / 2, vh / 2

    def pinch():
        b.touch("touchStart", [(cx - 30, cy), (cx + 30, cy)])
        for k in range(1, 11):
            b.touch("touchMove", [(cx - 30 - 10 * k, cy), (cx + 30 + 10 * k, cy)])
        b.touch("touchEnd", [])
    lifted(b, pinch, pointers=2)
    settle(b)
    s = state(b)
    assert s["open"] and s["scale"] > 2, s
    left, top, right, bottom = s["rect"]
    assert left <= 0.5 and right >= vw - 0.5
    # The point between the fingers stays put: the photo's centre is still centred.
    assert abs((left + right) / 2 - cx) < 2 and abs((top + bottom) / 2 - cy) < 2


def test_click_at_scale_one_closes_back_into_thumbnail(browser, vp):
    b = browser
    a = open_first(b, index=2)
    vw, vh = b.size
    # Zoomed in, a single click does not close: not even once the tap timer, which
    # closes a photo at scale 1, has run.
    b.key("+")
    settle(b, ZOOMED)
    b.js(TIMERS)
    lifted(b, lambda: b.tap(vw / 2, vh / 2) if b.touch_device else b.click_at(vw / 2, vh / 2))
    b.wait("window.cgTimers.some(t => t.ms === 300 && t.ran)", message="the tap timer never ran")
    assert state(b)["open"]
    b.key("0")
    settle(b, "!" + ZOOMED)
    # Hold the closing animation as soon as it starts: on a loaded machine it can
    # finish between two WebDriver calls, and then there is nothing to inspect.
    b.js("""
      window.cgHeld = null;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        const animation = animate.apply(this, args);
        if (!window.cgHeld && this.classList.contains('lb-img')) { animation.pause(); window.cgHeld = animation; }
        return animation;
      };""")
    if b.touch_device:
        b.tap(vw / 2, vh / 2)
    else:
        b.click_at(vw / 2, vh / 2)
    # The closing animation ends on the thumbnail.
    b.wait("window.cgHeld", 5)
    frames = b.js(VISIBLE + """
      const anim = window.cgHeld, d = anim.effect.getComputedTiming().duration;
      anim.currentTime = d - 1; const last = cgVisible(); anim.play();
      return {last, thumb: cgRect(arguments[0].querySelector('img'))};""", a)
    assert close_to(frames["last"], frames["thumb"]), frames
    wait_closed(b)
    assert b.js("return document.activeElement === arguments[0]", a), "focus must return to the thumbnail"
    assert b.js("return location.hash") == ""
    assert b.js("return getComputedStyle(document.documentElement).overflow") != "hidden"


def test_escape_closes_and_keyboard_focus_is_trapped(browser, vp):
    b = browser
    a = open_first(b)
    for key in [Keys.TAB] * 5 + [Keys.SHIFT + Keys.TAB] * 5:
        b.key(key)
        assert state(b)["focusInside"], "focus left the open lightbox"
    b.key(Keys.ESCAPE)
    wait_closed(b)
    assert b.js("return document.activeElement === arguments[0]", a)


def test_arrow_keys_swipes_and_buttons_browse_the_same_grid(browser, vp):
    b = browser
    open_first(b)
    ids = b.js("return [...document.querySelectorAll('.items a.thumb')].map(a => a.dataset.id)")
    n = len(ids)
    length = b.js("return history.length")
    assert state(b)["count"] == f"1 of {n}"
    b.key(Keys.ARROW_LEFT)  # already at the first photo
    assert state(b)["count"] == f"1 of {n}"
    b.key(Keys.ARROW_RIGHT)
    s = state(b)
    assert s["count"] == f"2 of {n}" and s["hash"] == "#photo=" + ids[1]
    b.js("document.querySelector('.lb-next').click()")
    assert state(b)["count"] == f"3 of {n}"
    b.key(Keys.ARROW_LEFT)
    assert state(b)["count"] == f"2 of {n}"
    if b.touch_device:
        vw, vh = b.size
        settle(b)  # the slide of the last photo change, just checked
        lifted(b, lambda: b.drag_touch((vw * 0.8, vh / 2), (vw * 0.2, vh / 2 + 5)))
        assert state(b)["count"] == f"3 of {n}"
        settle(b)
        lifted(b, lambda: b.drag_touch((vw * 0.2, vh / 2), (vw * 0.8, vh / 2 + 5)))
        assert state(b)["count"] == f"2 of {n}"
    assert b.js("return history.length") == length, "browsing photos must replace, not push, history entries"
    caption = b.js("return [...document.querySelectorAll('.items a.thumb')][1].dataset.caption")
    assert state(b)["caption"] == caption


def test_back_closes_instead_of_leaving(browser, vp):
    b = browser
    open_first(b)
    b.key(Keys.ARROW_RIGHT)
    url = b.d.current_url.split("#")[0]
    b.d.back()
    wait_closed(b)
    assert b.d.current_url == url


def test_shared_url_opens_that_photo(browser, vp):
    b = browser
    b.go("categories/kittens/")
    third = b.js("const a = document.querySelectorAll('.items a.thumb')[2]; return [a.dataset.id, a.dataset.caption]")
    b.go("404.html", ready=False)
    b.go("categories/kittens/#photo=" + third[0])
    wait_open(b)
    s = state(b)
    assert s["count"].startswith("3 of") and s["caption"] == third[1]
    b.d.back()  # Back closes it and stays on the page
    wait_closed(b)
    assert b.d.current_url.endswith("categories/kittens/")


def test_closing_scrolls_to_the_photo_last_shown(browser):
    b = browser
    b.viewport("phone")
    b.go("parks/")
    rows = thumbs(b, ".view .section:last-of-type a.thumb")
    b.js("arguments[0].scrollIntoView({block: 'end'})", rows[0])
    b.js("arguments[0].click()", rows[0])
    wait_open(b)
    for _ in range(3):
        b.key(Keys.ARROW_RIGHT)
    assert b.js("return arguments[0].getBoundingClientRect().top > innerHeight", rows[3]), "set-up: 4th row off screen"
    b.key(Keys.ESCAPE)
    wait_closed(b)
    top, bottom = b.js("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom]", rows[3])
    assert 0 <= top and bottom <= 844


def test_rotation_keeps_the_photo_fitted_and_centred(browser):
    b = browser
    b.viewport("phone")
    open_first(b)
    b.key("+")
    settle(b, ZOOMED)
    # site.js lays the photo out again on resize; its listener runs before this later one.
    b.js("window.cgResized = false;"
         "addEventListener('resize', () => { window.cgResized ||= innerWidth === 844 && innerHeight === 390; })")
    b.viewport("landscape")
    b.wait("window.cgResized", message="no resize to 844 x 390")
    settle(b)
    s = state(b)
    left, top, right, bottom = s["rect"]
    assert abs(s["scale"] - 1) < 0.001
    assert abs((left + right) / 2 - 422) <= 1 and abs((top + bottom) / 2 - 195) <= 1
    assert abs(bottom - top - 390) <= 1 or abs(right - left - 844) <= 1


def test_reduced_motion_opens_without_animation(browser):
    b = browser
    b.viewport("desktop", reduced_motion=True)
    b.go("categories/kittens/")
    running = b.js("document.querySelector('.items a.thumb').click();"
                   "return ['.lb-img', '.lb-bg'].map(s => document.querySelector(s).getAnimations().length)")
    assert running == [0, 0]
    assert state(b)["open"]


def test_save_button_in_lightbox(browser):
    b = browser
    a = open_first(b)
    photo_id = b.js("return arguments[0].dataset.id", a)
    save = ".lb-save"
    b.js(f"document.querySelector('{save}').click()")
    assert b.js(f"return document.querySelector('{save}').getAttribute('aria-pressed')") == "true"
    assert "saved" in b.js("return document.querySelector('.toast').textContent")
    assert [p["id"] for p in b.storage("cg-saved")["photos"]] == [photo_id]
    b.js(f"document.querySelector('{save}').click()")
    assert b.storage("cg-saved")["photos"] == []
    b.js("document.querySelector('.toast button').click()")  # Undo
    assert [p["id"] for p in b.storage("cg-saved")["photos"]] == [photo_id]
    assert b.js(f"return document.querySelector('{save}').getAttribute('aria-pressed')") == "true"
