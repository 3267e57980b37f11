"""The 404 page at any depth, on a static server that answers every missing
address with 404.html (as GitHub Pages, Netlify and S3 do), for a site built
without a base URL and hosted at the server's root or below a sub-path: styled,
with its icons, links that lead into the site and the theme's script running."""
import contextlib
import http.server
import os
import threading
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from conftest import SCREENSHOTS, Browser, new_driver

# Chromium's own look for a page without a stylesheet.
UNSTYLED = {"background": "rgba(0, 0, 0, 0)", "font": '"Times New Roman"'}


class NotFoundHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site below `prefix`; anything else, or a missing file, gets
    the site's 404.html with status 404."""
    prefix = "/"

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        path = path.split("?", 1)[0].split("#", 1)[0]
        inside = path[len(self.prefix) - 1:] if path.startswith(self.prefix) else "/\0missing"
        return super().translate_path(inside)

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if "\0" in path or not os.path.isfile(path):
            body = (Path(self.directory) / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command == "GET":
                self.wfile.write(body)
            return None
        return super().send_head()


@contextlib.contextmanager
def static_host(folder, prefix):
    handler = type("Handler", (NotFoundHandler,), {"prefix": prefix})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: handler(*a, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(params=["/", "/gallery/"], ids=["root", "sub-path"])
def host(request, site):
    with static_host(site, request.param) as origin:
        yield origin, request.param


@pytest.fixture(scope="module")
def chromium():
    drv = new_driver()
    yield drv
    drv.quit()


def looks(b):
    return b.js("""const body = getComputedStyle(document.body), brand = document.querySelector('.brand svg use');
        return {background: body.backgroundColor, font: body.fontFamily,
                icon: brand.getBBox().width,
                brand: document.querySelector('.brand').href, status: performance.getEntriesByType('navigation')[0]
                  .responseStatus}""")


def test_the_404_page_three_folders_deep_is_styled_and_leads_into_the_site(chromium, host):
    origin, prefix = host
    b = Browser(chromium, origin)
    b.viewport("desktop")
    b.go(prefix + "x/y/z/")
    seen = looks(b)
    assert seen["status"] == 404
    assert seen["background"] != UNSTYLED["background"] and "system-ui" in seen["font"], seen
    assert seen["icon"] > 0, "the logo's icon is drawn from the page's own sprite"
    # The inline script found the root: links lead into the site, the theme's script ran.
    assert seen["brand"] == origin + prefix, seen
    assert b.js("return document.body.dataset.root") == origin + prefix
    assert b.js("return [...document.querySelectorAll('.tabs a')].map(a => a.href)")[0] == origin + prefix + "parks/"
    b.js("document.querySelector('.tabs a').click()")
    b.wait("location.pathname.endsWith('/parks/') && document.readyState === 'complete'")
    assert b.js("return document.body.dataset.kind") == "parks"
    assert b.d.current_url == origin + prefix + "parks/"


def test_without_javascript_the_404_page_is_still_styled_with_its_icons(chromium, host):
    origin, prefix = host
    b = Browser(chromium, origin)
    b.viewport("phone")
    chromium.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        chromium.get(origin + prefix + "a/b/c/d")
        style = chromium.execute_cdp_cmd("Runtime.evaluate", {"returnByValue": True, "expression": """
            ({background: getComputedStyle(document.body).backgroundColor,
              font: getComputedStyle(document.body).fontFamily,
              icon: document.querySelector('.brand svg use').getBBox().width,
              toggle: document.querySelector('.theme-toggle').hidden})"""})["result"]["value"]
    finally:
        chromium.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert style["background"] != UNSTYLED["background"] and "system-ui" in style["font"], style
    assert style["icon"] > 0 and style["toggle"], style


def phone_driver():
    """Chromium as a 390 px phone (mobileEmulation), for the screenshot."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--no-sandbox", "--headless=new", "--disable-gpu", "--hide-scrollbars", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844,
                                                                          "pixelRatio": 2, "touch": True}})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_of_the_404_page_three_folders_deep(site, width):
    with static_host(site, "/gallery/") as origin:
        drv = phone_driver() if width == 390 else new_driver()
        try:
            if width == 1280:
                drv.set_window_size(1280, 800)
            b = Browser(drv, origin)
            b.go("/gallery/x/y/z/")
            assert b.js("return document.documentElement.scrollWidth") <= width
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            drv.save_screenshot(str(SCREENSHOTS / f"404-depth3-{width}.png"))
        finally:
            drv.quit()


class AttackerHandler(http.server.BaseHTTPRequestHandler):
    """Another origin that answers every path with CSS, or with a script for a path
    ending in site.js, both readable from any origin; it logs every path asked for."""
    asked = []

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.do_GET(body=False)

    def do_GET(self, body=True):
        type(self).asked.append(self.path)
        script = self.path.endswith("site.js")
        text = b"window.attackerRan = true;" if script else b"body{}"
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript" if script else "text/css")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        if body:
            self.wfile.write(text)


@contextlib.contextmanager
def attacker():
    handler = type("Attacker", (AttackerHandler,), {"asked": []})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"127.0.0.1:{server.server_address[1]}", handler.asked
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("address", ["//{evil}/a/b", "/\\{evil}/a/b", "//{evil}/a/b/c/",
                                     "/x//{evil}/a/b", "//{site}//{evil}/a/b"],
                         ids=["slashes", "backslash", "slashes-deeper", "inner-slashes", "own-host-first"])
def test_the_404_page_never_runs_a_script_from_a_host_named_in_its_address(chromium, site, address):
    with static_host(site, "/") as origin, attacker() as (evil, asked):
        b = Browser(chromium, origin)
        b.viewport("desktop")
        chromium.get(origin + address.format(evil=evil, site=origin.split("//")[1]))
        # The site's own script runs (the 404 page found its root at /), the attacker's never.
        b.wait("document.readyState === 'complete' && (window.attackerRan"
               " || !document.querySelector('.theme-toggle').hidden)")
        assert b.js("return window.attackerRan") is None
        assert [path for path in asked if path.endswith(".js")] == [], asked
        # The root, and every link made from it, on the site's own origin (a host that
        # serves //assets/site.css as its /assets/site.css may give a root of origin + "//").
        assert b.js("return document.body.dataset.root").startswith(origin + "/")
        links = b.js("return [...document.querySelectorAll('a[href]')].map(a => a.href)")
        assert all(link.startswith(origin + "/") for link in links), links
