"""Browser tests for the default theme: build the example site, serve it on
127.0.0.1 and drive headless Chromium through Selenium.

Run with `python3 -m pytest -q Tests/browser` after `make debug`.
"""
import contextlib
import functools
import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/support"))
from example_cache import example_site  # noqa: E402,F401  (for the suites' copies of the example)
BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))
SCREENSHOTS = REPO / "test-output/screenshots"

# Name → (width, height, is a touch phone).
VIEWPORTS = {
    "phone": (390, 844, True),
    "landscape": (844, 390, True),
    "desktop": (1440, 900, False),
}

# One page of every kind in the example site.
PAGES = {
    "home": "",
    "parks": "parks/",
    "photo": "parks/letchworth/letchworth1/",
    "categories": "categories/",
    "category": "categories/kittens/",
    "breeds": "breeds/",
    "breed": "breeds/abys/",
    "breed-minimal": "breeds/aege/",
    "cats": "cats/",
    "cat": "cats/60b621492d0523ac822797bd/",  # Tofu
    "facts": "facts/",
    "fact": "facts/a-cat-s-collarbones-are-not-joined/",
    "saved": "saved/",
    "search": "search/",
    "404": "404.html",
    "credits": "credits/",
}


def build(site_root, out):
    """Builds the site at `site_root` into `out` with the binary under test."""
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: build it first (make debug)")
    env = dict(os.environ, VIPS_WARNING="0")
    run = subprocess.run([str(BINARY), "build", "--site", str(site_root), "--output", str(out)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return out


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    return build(REPO, tmp_path_factory.mktemp("site"))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def served(folder):
    """Serves `folder` on 127.0.0.1 and gives its URL."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def previewed(folder, warnings=True):
    """Builds `catgallery preview FOLDER` beside it (with no warning, unless `warnings`) and
    serves it; gives its URL."""
    out = folder.parent / (folder.name + "-out")
    run = subprocess.run([str(BINARY), "preview", str(folder), "--build-to", str(out), "--quiet"],
                         capture_output=True, text=True, env=dict(os.environ, VIPS_WARNING="0"), timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert warnings or "warning" not in run.stderr, run.stderr
    with served(out) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site):
    with served(site) as url:
        yield url


def new_driver(touch=True):
    """Headless Chromium with touch input; `touch=False` for a desktop with a mouse,
    where `(hover: hover)` and `(pointer: fine)` match (headless, they match nothing)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--no-sandbox", "--headless=new", "--disable-gpu", "--hide-scrollbars",
                "--disable-dev-shm-usage", "--window-size=1440,900"):
        options.add_argument(arg)
    if not touch:  # Blink's values: hover 2 (hover), pointer 4 (fine)
        options.add_argument("--blink-settings=primaryHoverType=2,availableHoverTypes=2,"
                             "primaryPointerType=4,availablePointerTypes=4")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    drv.set_script_timeout(30)
    # Touch input stays on for the whole session: switching it off and on again
    # leaves Chromium sending CDP touches as bare clicks, without pointer events.
    if touch:
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return drv


@pytest.fixture(scope="session")
def driver():
    drv = new_driver()
    yield drv
    drv.quit()


@pytest.fixture
def fresh_browser(base_url):
    """A browser of its own, for tests that leave Chromium in an odd state."""
    drv = new_driver()
    yield Browser(drv, base_url)
    drv.quit()


class Browser:
    """A thin layer over the driver: viewport, navigation, waits, touch, logs."""

    def __init__(self, driver, base):
        self.d = driver
        self.base = base
        self.size = (1440, 900)
        self.touch_device = False

    def viewport(self, name, dark=False, reduced_motion=False):
        w, h, touch = VIEWPORTS[name]
        self.size, self.touch_device = (w, h), touch
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": touch})
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
            {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"}]})

    def go(self, path, ready=True):
        self.d.get(self.base + path)
        if ready:  # site.js has run: it reveals the theme toggle
            self.wait("document.readyState === 'complete' && !document.querySelector('.theme-toggle').hidden")

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, condition, timeout=5, message=None):
        WebDriverWait(self.d, timeout, poll_frequency=0.05).until(
            lambda d: d.execute_script("return " + condition), message or condition)

    def touch(self, kind, points):
        self.d.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    def tap(self, x, y):
        self.touch("touchStart", [(x, y)])
        self.touch("touchEnd", [])

    def drag_touch(self, start, end, steps=8):
        """Drags one finger; each CDP touch returns once the page has handled it."""
        (x0, y0), (x1, y1) = start, end
        self.touch("touchStart", [start])
        for k in range(1, steps + 1):
            self.touch("touchMove", [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)])
        self.touch("touchEnd", [])

    def drag_mouse(self, start, end, steps=8):
        """Drags with real mouse input (CDP), which has no viewport limits."""
        (x0, y0), (x1, y1) = start, end
        send = lambda kind, x, y, buttons: self.d.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})
        send("mousePressed", x0, y0, 1)
        for k in range(1, steps + 1):
            send("mouseMoved", x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps, 1)
        send("mouseReleased", x1, y1, 0)

    def click_at(self, x, y, count=1):
        for n in range(1, count + 1):
            for kind in ("mousePressed", "mouseReleased"):
                self.d.execute_cdp_cmd("Input.dispatchMouseEvent", {
                    "type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind == "mousePressed" else 0,
                    "clickCount": n})

    def key(self, key):
        """Sends a key to whatever has focus (the lightbox listens on the document)."""
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.d).send_keys(key).perform()

    def storage(self, key):
        raw = self.js("return localStorage.getItem(arguments[0])", key)
        return None if raw is None else json.loads(raw)

    def console_errors(self):
        """Severe console entries, except failed loads of remote content images:
        the example breeds hot-link cdn2.thecatapi.com, and the test machine is offline."""
        return [e for e in self.d.get_log("browser")
                if e["level"] == "SEVERE"
                and not (e.get("source") == "network" and self.base not in e["message"])]


def fresh(driver, url, viewport="desktop"):
    """A Browser on the site at `url`, at `viewport`, with nothing saved and an empty console."""
    b = Browser(driver, url)
    b.viewport(viewport)
    b.go("404.html", ready=False)
    b.js("localStorage.clear()")
    driver.get_log("browser")
    return b


@pytest.fixture
def browser(driver, base_url):
    b = fresh(driver, base_url)
    yield b
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


@pytest.fixture(params=list(VIEWPORTS))
def vp(request, browser):
    """Runs a test at each viewport: phone portrait, phone landscape, desktop."""
    browser.viewport(request.param)
    return request.param
