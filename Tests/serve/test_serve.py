"""`catgallery serve` end to end: live reload, the error overlay, path safety, Ctrl-C.

Starts the real binary on a free loopback port against a site made by
`catgallery init`, edits files and watches what open tabs are told."""
import http.client
import os
import pathlib
import queue
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPO / ".build" / "debug" / "catgallery"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`serve` on `site` with `arguments` (`--quiet` unless given); `lines` gets both
    streams' lines as they come, `printed` each stream's lines by name."""

    def __init__(self, site, *arguments):
        self.site = site
        self.port = free_port()
        env = dict(os.environ, VIPS_WARNING="0")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--site", str(site), "--port", str(self.port), *(arguments or ("--quiet",))],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.lines = queue.Queue()
        self.printed = {"stdout": [], "stderr": []}
        threading.Thread(target=self._pump, args=(self.process.stdout, "stdout"), daemon=True).start()
        threading.Thread(target=self._pump, args=(self.process.stderr, "stderr"), daemon=True).start()
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.lines.get(timeout=deadline - time.time())
            if line.startswith("serving "):
                return
        raise AssertionError("serve did not start")

    def _pump(self, stream, name):
        for line in stream:
            self.printed[name].append(line.rstrip("\n"))
            self.lines.put(line)

    def wait_for_line(self, stream, pattern, timeout=30):
        """The first line of `stream` matching `pattern` whole, waiting for it."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = next((line for line in self.printed[stream] if re.fullmatch(pattern, line)), None)
            if found is not None:
                return found
            time.sleep(0.1)
        raise AssertionError(f"no {stream} line like {pattern!r} in {self.printed[stream]}")

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")

    def events(self):
        """A queue of (event, data) from the live-reload stream. The server subscribes the
        stream before it answers, so every event sent after this returns is in the queue."""
        found = queue.Queue()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", "/_catgallery/events")
        response = connection.getresponse()
        assert response.getheader("Content-Type") == "text/event-stream"

        def read():
            name, data = None, []
            for raw in response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: "):
                    data.append(line[6:])
                elif line == "" and name:
                    found.put((name, "\n".join(data)))
                    name, data = None, []
        threading.Thread(target=read, daemon=True).start()
        return found

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=15)


@pytest.fixture
def server():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="serve-test-"))
    site = folder / "site"
    subprocess.run([str(BINARY), "init", str(site)], check=True, capture_output=True)
    running = Server(site)
    yield running
    if running.process.poll() is None:
        running.process.kill()
    shutil.rmtree(folder, ignore_errors=True)


def next_event(events, timeout=20):
    return events.get(timeout=timeout)


def test_caption_edit_reloads_open_tabs_with_the_new_html(server):
    status, page = server.get("/parks/")
    assert status == 200 and "Our kitten, first day home" in page
    assert "/_catgallery/events" in page, "serve adds the reload script"
    events = server.events()
    plist = server.site / "content" / "parks.plist"
    plist.write_text(plist.read_text().replace("first day home", "second week home"))
    assert next_event(events)[0] == "reload"
    status, page = server.get("/parks/")
    assert "Our kitten, second week home" in page
    public = server.site / "public"
    assert sorted(p.name for p in public.iterdir()) == [".gitignore"], "serve never writes public/"


def test_a_templates_folder_made_while_serving_is_watched(server):
    assert not (server.site / "templates").exists(), "init makes no templates/"
    events = server.events()
    base = (REPO / "templates" / "base.mustache").read_text()
    (server.site / "templates").mkdir()
    (server.site / "templates" / "base.mustache").write_text(base.replace("made with catgallery", "made by hand"))
    assert next_event(events)[0] == "reload"
    status, page = server.get("/facts/")
    assert status == 200 and "made by hand" in page


def test_broken_edit_shows_errors_and_keeps_the_last_good_page(server):
    events = server.events()
    cats = server.site / "content" / "cats.json"
    good = cats.read_text()
    cats.write_text(good.replace('"rating": 5', '"rating": 9'))
    name, data = next_event(events)
    assert name == "errors"
    assert 'content/cats.json:8:15: error: "rating" of cat 1 must be from 1 to 5, found 9' in data
    status, page = server.get("/cats/")
    assert status == 200 and "Pepper" in page
    late = server.events()  # a tab opened now still sees the errors
    assert next_event(late)[0] == "errors"
    cats.write_text(good)
    assert next_event(events)[0] == "reload"


def test_a_site_that_never_built_shows_its_errors_and_loads_once_fixed():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="serve-test-"))
    site = folder / "site"
    subprocess.run([str(BINARY), "init", str(site)], check=True, capture_output=True)
    cats = site / "content" / "cats.json"
    good = cats.read_text()
    cats.write_text(good.replace('"rating": 5', '"rating": 9'))
    running = Server(site)
    try:
        status, page = running.get("/")
        assert status == 404 and "/_catgallery/events" in page, "the placeholder page listens for a fix"
        assert 'id="catgallery-unbuilt"' in page, "so the overlay does not speak of a last good site"
        events = running.events()
        name, data = next_event(events)
        assert name == "errors" and "content/cats.json:8:15: error" in data
        running.wait_for_line("stderr", r"(note: )?the site does not build yet; fix the errors above and it will reload")
        cats.write_text(good)
        assert next_event(events)[0] == "reload"
        status, page = running.get("/")
        assert status == 200 and "/_catgallery/events" in page
    finally:
        running.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_saving_a_plist_nested_50000_deep_is_an_error_not_a_crash(server):
    events = server.events()
    plist = server.site / "content" / "parks.plist"
    good = plist.read_text()
    plist.write_text('<?xml version="1.0"?>\n<plist version="1.0">\n' + "<array>" * 50000 + "</array>" * 50000
                     + "\n</plist>\n")
    name, data = next_event(events)
    assert name == "errors"
    assert "content/parks.plist:3: error: property list nested deeper than 512 levels" in data
    assert server.process.poll() is None
    assert server.get("/parks/")[0] == 200
    plist.write_text(good)
    assert next_event(events)[0] == "reload"


def test_a_rebuild_that_crashes_keeps_the_last_good_site_served(server):
    """A crash cannot be caught in the process that has it: serve's worker is
    killed with the signal a stack overflow raises, and serve goes on."""
    status, before = server.get("/parks/")
    assert status == 200
    workers = subprocess.run(["pgrep", "-P", str(server.process.pid)], capture_output=True, text=True)
    worker = int(workers.stdout.split()[0])
    os.kill(worker, signal.SIGSEGV)
    deadline = time.time() + 30
    seen = []
    while time.time() < deadline:
        line = server.lines.get(timeout=deadline - time.time())
        seen.append(line)
        if line.startswith("serving "):
            break
    assert any(line.startswith("error: the last rebuild crashed (segmentation fault); still serving the last good site")
               for line in seen), seen
    assert server.process.poll() is None
    status, page = server.get("/parks/")
    assert status == 200 and page == before
    events = server.events()
    name, data = next_event(events)
    assert name == "errors" and "the last rebuild crashed" in data
    plist = server.site / "content" / "parks.plist"
    plist.write_text(plist.read_text().replace("first day home", "home again"))
    assert next_event(events)[0] == "reload"
    assert "home again" in server.get("/parks/")[1]
    assert server.stop() == 0


@pytest.mark.parametrize("path", [
    "/../Package.swift", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
    "/%5c..%5c..%5cetc%5cpasswd", "/images/..%2f..%2fcontent%2fcats.json", "//etc/passwd",
])
def test_nothing_outside_the_folder_is_served(server, path):
    status, page = server.get(path)
    assert status == 404
    # /etc/passwd's first line; the 404 page's own stylesheet has ":root:not(…)".
    assert not re.search(r"^root:[^:\n]*:0:0:", page, re.M) and "catName" not in page


def test_missing_pages_get_the_site_404_page(server):
    status, page = server.get("/no/such/page/")
    assert status == 404 and "<html" in page


def test_ctrl_c_stops_cleanly_even_with_tabs_open(server):
    server.events()  # an open event stream must not hold the shutdown up
    assert server.stop() == 0


def test_a_broken_edit_shows_an_overlay_in_the_open_page_until_fixed(server):
    """The overlay a person sees: in headless Chromium, on the served page."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1024,768"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # Keeps the page's event streams where the test can see them connect.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        "window.cgStreams = []; const Source = window.EventSource;"
        "window.EventSource = class extends Source { constructor(...a) { super(...a); window.cgStreams.push(this); } };")})
    try:
        driver.get(f"http://127.0.0.1:{server.port}/cats/")
        # Open: the server has subscribed the tab, so it sees the error live, not replayed on connecting.
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "return cgStreams.length === 1 && cgStreams[0].readyState === EventSource.OPEN"))
        cats = server.site / "content" / "cats.json"
        good = cats.read_text()
        cats.write_text(good.replace('"rating": 5', '"rating": 9'))
        overlay = WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "catgallery-errors"))[0]
        assert 'content/cats.json:8:15: error: "rating" of cat 1 must be from 1 to 5' in overlay.text
        assert "Pepper" in driver.find_element(By.TAG_NAME, "main").text, "the last good page stays"
        cats.write_text(good)
        WebDriverWait(driver, 20).until(lambda d: not d.find_elements(By.ID, "catgallery-errors"))
        assert "Pepper" in driver.find_element(By.TAG_NAME, "main").text
    finally:
        driver.quit()


def test_a_port_in_use_is_named_with_the_reason_and_exits_1(tmp_path):
    site = tmp_path / "site"
    subprocess.run([str(BINARY), "init", str(site)], check=True, capture_output=True)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([str(BINARY), "serve", "--site", str(site), "--port", str(port), "--quiet"],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"error: cannot listen on 127.0.0.1:{port} (Address already in use); choose another --port or --host")


def test_serve_says_where_it_serves_what_each_rebuild_did_and_when_one_failed(tmp_path):
    """The status lines without --quiet: stdout for what went well, stderr for what did not."""
    site = tmp_path / "site"
    subprocess.run([str(BINARY), "init", str(site)], check=True, capture_output=True)
    running = Server(site, "--verbose")
    try:
        running.wait_for_line("stdout", re.escape(f"serving {site} at http://127.0.0.1:{running.port}/ (Ctrl-C to stop)"))
        assert not any("editing is off" in line for line in running.printed["stdout"]), "loopback: editing is on"
        events = running.events()
        plist = site / "content" / "parks.plist"
        plist.write_text(plist.read_text().replace("first day home", "second week home"))
        assert next_event(events)[0] == "reload"
        running.wait_for_line(
            "stdout", r"rebuilt in \d+ ms: \d+ pages rendered, \d+ files changed, \d+ images processed")
        running.wait_for_line("stdout", r"  render +\d+\.\d{3} s")  # --verbose: each stage's time
        cats = site / "content" / "cats.json"
        cats.write_text(cats.read_text().replace('"rating": 5', '"rating": 9'))
        assert next_event(events)[0] == "errors"
        running.wait_for_line("stderr", r'content/cats.json:8:15: error: "rating" of cat 1 must be from 1 to 5.*')
        running.wait_for_line("stderr", r"(note: )?rebuild failed; still serving the last good site")
        assert running.stop() == 0
    finally:
        if running.process.poll() is None:
            running.process.kill()


def test_a_folder_without_content_is_not_served(tmp_path):
    result = subprocess.run([str(BINARY), "serve", "--site", str(tmp_path), "--port", str(free_port())],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"error: no content/ folder in {tmp_path} (use --site to point at a site)"]
    assert "serving" not in result.stdout
