"""Search bench: catgallery's chunked index against Pagefind on one 20,000-photo site.

Builds the corpus of bench/search_corpus.py with `catgallery preview --build-to`,
indexes a copy of the same HTML with Pagefind (PyPI pagefind-bin, a measurement
anchor only), then, for each query, opens a page in a fresh headless Chromium,
runs the query once and counts every byte and request the query costs on a
counting loopback server (bodies only; images, the results' thumbnails, apart).
Index build time: catgallery's `search` stage (--verbose), Pagefind's whole run.

usage: python3 bench/search.py CATGALLERY_BINARY WORK_DIR [PHOTOS]
"""
import functools
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = Path(__file__).resolve().parent
QUERIES = [("breed name", "siamese"), ("caption word", "window"), ("two-letter prefix", "ma")]
SHOWN = 6  # results whose details a query shows: the header's list shows six
IMAGE = re.compile(r"\.(webp|jpe?g|png|avif|gif|svg)$")


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = []

    def add(self, path, size):
        with self.lock:
            self.requests.append((path, size))

    def take(self):
        with self.lock:
            taken, self.requests = self.requests, []
        return taken


def serve(folder, counter):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            body = self.send_head()
            if body is None:
                counter.add(self.path, 0)
                return
            try:
                data = body.read()
                self.wfile.write(data)
                counter.add(self.path, len(data))
            finally:
                body.close()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--no-sandbox", "--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(60)
    return driver


def settle(counter, quiet=1.0, limit=30):
    """Waits until no request has come for `quiet` seconds."""
    seen, still, start = -1, time.time(), time.time()
    while time.time() - start < limit:
        with counter.lock:
            now = len(counter.requests)
        if now != seen:
            seen, still = now, time.time()
        elif time.time() - still >= quiet:
            return
        time.sleep(0.1)


def tally(requests):
    index = [(p, s) for p, s in requests if not IMAGE.search(p.split("?")[0])]
    images = [(p, s) for p, s in requests if IMAGE.search(p.split("?")[0])]
    return {"requests": len(index), "bytes": sum(s for _, s in index),
            "image_requests": len(images), "image_bytes": sum(s for _, s in images),
            "files": sorted(p for p, _ in index)}


def catgallery_query(url, page, query, counter):
    driver = browser()
    try:
        driver.get(url + page)
        settle(counter)
        counter.take()
        driver.execute_script(
            "const f = document.getElementById('site-search'); f.focus(); f.value = arguments[0];"
            "f.dispatchEvent(new Event('input'));", query)
        driver.execute_script("return 1")
        deadline = time.time() + 30
        while time.time() < deadline and not driver.execute_script(
                "return !!document.querySelector('.site-results [data-href], .site-results .result-none')"):
            time.sleep(0.1)
        settle(counter)
        result = tally(counter.take())
        result["results"] = driver.execute_script(
            "const all = document.querySelector('.result-all'); return all ? +all.textContent.match(/\\d+/)[0]"
            " : document.querySelectorAll('.site-results [data-href]').length")
        result["first"] = driver.execute_script(
            "const t = document.querySelector('.site-results .result-title'); return t && t.textContent")
        return result
    finally:
        driver.quit()


PAGEFIND_API = """<!doctype html><html lang="en"><meta charset="utf-8"><title>Pagefind API</title><body>
<script>
window.runQuery = async (query, shown) => {
  const pagefind = await import('./pagefind/pagefind.js');
  const search = await pagefind.search(query);
  const data = await Promise.all(search.results.slice(0, shown).map(result => result.data()));
  return [search.results.length, data.length ? data[0].meta.title : null];
};
</script></body></html>
"""

PAGEFIND_UI = """<!doctype html><html lang="en"><meta charset="utf-8"><title>Pagefind UI</title>
<link href="./pagefind/pagefind-ui.css" rel="stylesheet"><script src="./pagefind/pagefind-ui.js"></script>
<body><div id="search"></div>
<script>window.addEventListener('DOMContentLoaded', () => new PagefindUI({ element: '#search' }));</script></body></html>
"""


def pagefind_api_query(url, query, counter):
    driver = browser()
    try:
        driver.get(url + "pagefind-api.html")
        settle(counter)
        counter.take()
        total, first = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; runQuery(arguments[0], arguments[1]).then(done)",
            query, SHOWN)
        settle(counter)
        result = tally(counter.take())
        result["results"], result["first"] = total, first
        return result
    finally:
        driver.quit()


def pagefind_ui_query(url, query, counter):
    """The default UI as its docs set it up: its script and style load with the page,
    so they count; it shows five results, with their images."""
    driver = browser()
    try:
        counter.take()
        driver.get(url + "pagefind-ui.html")
        deadline = time.time() + 30
        while time.time() < deadline and not driver.execute_script(
                "return !!document.querySelector('.pagefind-ui__search-input')"):
            time.sleep(0.1)
        driver.execute_script(
            "const f = document.querySelector('.pagefind-ui__search-input'); f.focus(); f.value = arguments[0];"
            "f.dispatchEvent(new Event('input', {bubbles: true}))", query)
        while time.time() < deadline and not driver.execute_script(
                "return !!document.querySelector('.pagefind-ui__result, .pagefind-ui__message')"):
            time.sleep(0.1)
        settle(counter)
        result = tally([r for r in counter.take() if not r[0].endswith("pagefind-ui.html")])
        result["first"] = driver.execute_script(
            "const t = document.querySelector('.pagefind-ui__result-link'); return t && t.textContent")
        return result
    finally:
        driver.quit()


def timed(command, **kwargs):
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if run.returncode != 0:
        sys.exit(f"{command[0]} failed:\n{run.stdout}\n{run.stderr}")
    return time.perf_counter() - start, run.stdout + run.stderr


def stage_seconds(output, stage):
    match = re.search(rf"^\s*{stage}\s+([0-9.]+) s", output, re.M)
    return float(match.group(1)) if match else None


def size_of(folder):
    files = [f for f in Path(folder).rglob("*") if f.is_file()]
    return len(files), sum(f.stat().st_size for f in files)


def main():
    binary, work = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    photos = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    corpus = work / f"photos-{photos}"
    if not (corpus / ".done").exists():
        shutil.rmtree(corpus, ignore_errors=True)
        subprocess.run([sys.executable, str(HERE / "search_corpus.py"), str(corpus), str(photos)], check=True)
        (corpus / ".done").write_text("")
    env = dict(os.environ, XDG_CACHE_HOME=str(work / "cache"), VIPS_WARNING="0")
    site = work / "site"

    # catgallery: the search stage of a cold build, then of two rebuilds after a caption edit.
    index_times, build_times = [], []
    caption = next(corpus.rglob("IMG_00001.md"))
    original = caption.read_text()
    try:
        for run in range(3):
            if run:
                caption.write_text(original.replace("caption: ", f"caption: Edited {run} "))
            wall, output = timed([str(binary), "preview", str(corpus), "--build-to", str(site), "--force", "--verbose"],
                                 env=env)
            index_times.append(stage_seconds(output, "search"))
            build_times.append(wall)
    finally:
        caption.write_text(original)
    ours = {"index_seconds": index_times, "build_seconds": build_times, "index": size_of(site / "search")}

    # Pagefind over a copy of the same pages, three times.
    pagefind = work / "pagefind-site"
    pf_times = []
    for run in range(3):
        shutil.rmtree(pagefind, ignore_errors=True)
        subprocess.run(["cp", "-al", str(site), str(pagefind)], check=True)
        wall, output = timed([sys.executable, "-m", "pagefind_bin", "--site", str(pagefind)])
        pf_times.append(wall)
    (pagefind / "pagefind-api.html").write_text(PAGEFIND_API)
    (pagefind / "pagefind-ui.html").write_text(PAGEFIND_UI)
    version = subprocess.run([sys.executable, "-m", "pagefind_bin", "--version"], capture_output=True,
                             text=True).stdout.strip()
    theirs = {"index_seconds": pf_times, "index": size_of(pagefind / "pagefind"), "version": version}

    counter = Counter()
    server, url = serve(pagefind, counter)
    try:
        start_page = next(p for p in sorted(pagefind.iterdir()) if p.is_dir() and (p / "index.html").exists()
                          and p.name not in ("pagefind", "search", "assets", "images", "saved"))
        queries = []
        for label, query in QUERIES:
            queries.append({
                "label": label, "query": query,
                "catgallery": catgallery_query(url, start_page.name + "/", query, counter),
                "pagefind_api": pagefind_api_query(url, query, counter),
                "pagefind_ui": pagefind_ui_query(url, query, counter),
            })
    finally:
        server.shutdown()
    result = {"photos": photos, "catgallery": ours, "pagefind": theirs, "queries": queries,
              "load": open("/proc/loadavg").read().split()[:3], "cores": os.cpu_count()}
    (work / "search-result.json").write_text(json.dumps(result, indent=2) + "\n")
    report(result)


def report(result):
    kb = lambda n: f"{n / 1024:.1f} KB"
    ours, theirs = result["catgallery"], result["pagefind"]
    print(f"search bench: {result['photos']} photos, load {' '.join(result['load'])}, {result['cores']} cores")
    print(f"index build: catgallery search stage {statistics.median(ours['index_seconds']):.3f} s "
          f"(runs {', '.join(f'{s:.3f}' for s in ours['index_seconds'])}); "
          f"Pagefind {theirs['version']} {statistics.median(theirs['index_seconds']):.2f} s "
          f"(runs {', '.join(f'{s:.2f}' for s in theirs['index_seconds'])})")
    print(f"index on disk: catgallery {ours['index'][0]} files, {kb(ours['index'][1])}; "
          f"Pagefind {theirs['index'][0]} files, {kb(theirs['index'][1])}")
    print("| query | catgallery | Pagefind JS API | Pagefind default UI |")
    print("| --- | ---: | ---: | ---: |")
    for q in result["queries"]:
        cells = [f"{kb(r['bytes'])} in {r['requests']} requests (+{kb(r['image_bytes'])} in {r['image_requests']} images)"
                 for r in (q["catgallery"], q["pagefind_api"], q["pagefind_ui"])]
        print(f"| {q['label']} `{q['query']}` ({q['catgallery']['results']} results) | " + " | ".join(cells) + " |")
    for q in result["queries"]:
        print(f"  {q['query']}: first result catgallery {q['catgallery']['first']!r}, "
              f"Pagefind {q['pagefind_api']['first']!r}; catgallery files {q['catgallery']['files']}")


if __name__ == "__main__":
    main()
