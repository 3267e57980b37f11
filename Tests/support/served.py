"""`catgallery serve --port 0` for the pytest suites: started on a site, its URL read
from the line it prints, its output kept, and stopped with its worker. One launcher
for every suite that needs a running server (Tests/edit, Tests/serve), which add
only the requests they make.
"""
import http.client
import os
import queue
import re
import signal
import subprocess
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))


class Served:
    """A running `serve` on `site` with `args`; `env` adds variables to the environment."""

    def __init__(self, site, *args, env=None):
        if not BINARY.exists():
            pytest.fail(f"{BINARY} is missing: build it first (make debug) or set CATGALLERY_BIN")
        self.site = Path(site)
        self.lines = []
        started = queue.Queue()
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--site", str(site), "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
            env=dict(os.environ, VIPS_WARNING="0", **(env or {})))

        def pump():
            for line in self.process.stdout:
                self.lines.append(line.rstrip("\n"))
                found = re.match(r"serving .* at (http://127\.0\.0\.1:(\d+))/", line)
                if found:
                    started.put(found.groups())
            started.put(None)

        threading.Thread(target=pump, daemon=True).start()
        try:
            got = started.get(timeout=120)
        except queue.Empty:
            got = None
        if got is None:
            self.stop()
            pytest.fail("serve did not start:\n" + "\n".join(self.lines))
        self.origin, port = got
        self.port = int(port)
        self.url = self.origin + "/"
        # The worker the supervisor started, to be sure it is gone at the end.
        self.children = self._children(self.process.pid)

    @staticmethod
    def _children(pid):
        try:
            return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            return []

    def stop(self):
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=5)
        for child in getattr(self, "children", []):
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def request(self, method, path, body=None, headers=None, timeout=30):
        """One request, redirects not followed: (status, headers, text)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            # A new connection each time, closed after the answer: a kept-alive one could
            # be the one a rebuild or a read timeout closes under the next request.
            connection.request(method, path, body=body, headers={"Connection": "close", **(headers or {})})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode("utf-8", "replace")
        finally:
            connection.close()
