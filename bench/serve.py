#!/usr/bin/env python3
"""Measures `catgallery serve` on a site (issue: preview while editing).

  bench/serve.py SITE_DIR [--binary PATH] [--rebuilds 100] [--wrk-seconds 10]
                 [--lock FILE | --no-lock]

1. edit-to-reload: from saving a caption change in content/parks.plist to the
   reloaded page fetched with the new caption (median of several edits);
2. load: wrk on loopback, 64 connections, against the served home page;
3. memory: RSS after the first rebuild and after N consecutive rebuilds.
Prints a markdown table; writes nothing outside /tmp except the edits it undoes.

SITE_DIR is usually bench/run.sh's ($BENCH_DIR/work-N/site), so for the whole measurement
this holds run.sh's lock (flock on $BENCH_DIR/.lock, as run.sh does): by default the .lock
of the nearest folder above SITE_DIR that has one, or --lock FILE; it exits if a run.sh
holds it. run.sh itself passes --no-lock (BENCH_ONLY=... serve), as it holds the lock."""
import argparse
import fcntl
import http.client
import os
import pathlib
import queue
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def take_bench_lock(site, lock):
    """Holds `lock` (or the .lock above `site`) with flock until exit; None if there is none."""
    if lock is None:
        lock = next((folder / ".lock" for folder in [site, *site.parents] if (folder / ".lock").is_file()), None)
        if lock is None:
            return None
    handle = open(lock, "a")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        sys.exit(f"serve.py: another bench/run.sh is using {lock.parent} (it holds {lock}); try again later")
    return handle


class Serve:
    def __init__(self, binary, site):
        self.port = free_port()
        self.process = subprocess.Popen(
            [binary, "serve", "--site", site, "--port", str(self.port), "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env=dict(os.environ, VIPS_WARNING="0"))
        for line in self.process.stdout:
            if line.startswith("serving "):
                break
        self.events = queue.Queue()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        connection.request("GET", "/_catgallery/events")
        response = connection.getresponse()

        def read():
            name = None
            for raw in response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line == "" and name:
                    self.events.put((time.perf_counter(), name))
                    name = None
        threading.Thread(target=read, daemon=True).start()
        time.sleep(0.5)

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.request("GET", path)
        return connection.getresponse().read().decode("utf-8", "replace")

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--binary", default=".build/release/catgallery")
    parser.add_argument("--edits", type=int, default=7)
    parser.add_argument("--rebuilds", type=int, default=100)
    parser.add_argument("--wrk-seconds", type=int, default=10)
    locking = parser.add_mutually_exclusive_group()
    locking.add_argument("--lock", type=pathlib.Path,
                         help="flock this file while measuring (default: the .lock above SITE, if any)")
    locking.add_argument("--no-lock", action="store_true",
                         help="take no lock (for bench/run.sh, which holds it already)")
    args = parser.parse_args()
    lock = None if args.no_lock else take_bench_lock(pathlib.Path(args.site).resolve(), args.lock)
    plist = pathlib.Path(args.site) / "content" / "parks.plist"
    original = plist.read_text()
    caption = re.search(r"<key>caption</key>\s*<string>([^<]*)</string>", original).group(1)
    serve = Serve(args.binary, args.site)
    rows = []
    try:
        # 1. Edit to reload.
        latencies = []
        for edit in range(args.edits):
            marker = f"{caption} (edit {edit})"
            start = time.perf_counter()
            plist.write_text(original.replace(caption, marker, 1))
            while serve.events.get(timeout=120)[1] != "reload":
                pass
            page = serve.get("/parks/")
            latencies.append((time.perf_counter() - start) * 1000)
            assert f"(edit {edit})" in page, "new caption not served"
            time.sleep(0.3)
        rows.append(("edit-to-reload, median of %d (ms)" % args.edits, "%.0f" % statistics.median(latencies),
                     "target ≤ 100 (issue 24)"))
        rows.append(("edit-to-reload, min–max (ms)", "%.0f–%.0f" % (min(latencies), max(latencies)), ""))

        # 2. Load with wrk.
        if shutil.which("wrk"):
            out = subprocess.run(
                ["wrk", "-t2", "-c64", "-d%ds" % args.wrk_seconds, f"http://127.0.0.1:{serve.port}/"],
                capture_output=True, text=True).stdout
            rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
            errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
            socket_errors = re.search(r"Socket errors: (.*)", out)
            rows.append(("wrk 64 connections, requests/s", rate.group(1) if rate else "?", ""))
            rows.append(("wrk errors", "%s non-2xx; %s" % (errors.group(1) if errors else "0",
                                                           socket_errors.group(1) if socket_errors else "no socket errors"),
                         "target 0"))
        else:
            rows.append(("wrk", "not installed (apt-get install wrk)", ""))

        # 3. Memory over consecutive rebuilds.
        first = None
        for rebuild in range(args.rebuilds):
            plist.write_text(original.replace(caption, f"{caption} (rebuild {rebuild})", 1))
            while serve.events.get(timeout=120)[1] != "reload":
                pass
            if rebuild == 0:
                first = rss_mb(serve.process.pid)
        last = rss_mb(serve.process.pid)
        rows.append(("RSS after 1st rebuild (MB)", "%.1f" % first, ""))
        rows.append(("RSS after %d rebuilds (MB)" % args.rebuilds, "%.1f" % last,
                     "%+.1f%% (target within 10%%)" % ((last - first) / first * 100)))
    finally:
        plist.write_text(original)
        serve.stop()
    print("| serve measurement | value | note |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| %s | %s | %s |" % row)


if __name__ == "__main__":
    main()
