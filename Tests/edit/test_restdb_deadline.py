"""Cat edits that wait on restdb have a deadline, and under `serve` they do
not hold up the other edits: restdb is asked outside the one-edit-at-a-time
turn, and the file is then written inside it, only if it is still as it was
read. FakeAPI's "trickle" fault answers one byte at a time for ever.
"""
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/fetch"))
sys.path.insert(0, str(REPO / "Tests/support"))
from fakeapi import FakeAPI  # noqa: E402
from served import BINARY, Served  # noqa: E402

KEY = "restdb-key-abcdef"
MOCHI = "5db709f647f577a9d7de2a1b"
NEW = ["--name", "Nimbus", "--owner", "Ada Lovelace", "--breed", "Maine Coon", "--born", "2020-02-03",
       "--weight", "4.0", "--rating", "4"]


@pytest.fixture
def api(site):
    server = FakeAPI(restdb_key=KEY, cats=0)
    server.trickle_every = 0.5
    server.start()
    server.cats = json.loads((site / "content/cats.json").read_text())
    yield server
    server.stop()


def point_at(site, api, timeout):
    text = (site / "content/site.yml").read_text().rstrip("\n")
    text += f"\nsources:\n  timeout: {timeout}\n  restdb:\n    url: {api.base}/rest/cats\n    api_key_env: RESTDB_KEY\n"
    (site / "content/site.yml").write_text(text)


def test_cats_add_through_a_trickling_restdb_fails_at_the_deadline_and_keeps_the_file(site, api):
    point_at(site, api, 2)
    before = (site / "content/cats.json").read_bytes()
    api.fail("/rest/cats", "trickle")
    started = time.monotonic()
    done = subprocess.run([str(BINARY), "cats", "add", *NEW, "--site", str(site)], capture_output=True, text=True,
                          env=dict(os.environ, RESTDB_KEY=KEY), timeout=60)
    elapsed = time.monotonic() - started
    assert done.returncode == 1
    # A hang guard, not a timing: the trickled answer would take minutes without the deadline.
    assert elapsed < 45, elapsed
    assert done.stderr.splitlines() == [
        f"error: no complete answer from restdb: POST {api.base}/rest/cats: no complete answer within 2 s "
        "(sources.timeout in site.yml); restdb may have made the change (catgallery fetch --only cats shows what it has)",
        "note: content/cats.json was not changed"]
    assert (site / "content/cats.json").read_bytes() == before
    assert [w[:2] for w in api.writes] == [("POST", "/rest/cats")]


class Serve(Served):
    """`serve` with restdb's key in its environment, posting forms as a browser would."""

    def __init__(self, site):
        super().__init__(site, env={"RESTDB_KEY": KEY})

    def post(self, path, fields, timeout=30):
        """The form at `path` posted with its token and hash and `fields`: (status, page)."""
        status, _, page = self.request("GET", path)
        assert status == 200, (path, status)
        token = re.search(r'name="_token" value="([0-9a-f]{64})"', page).group(1)
        digest = re.search(r'name="_hash" value="([0-9a-f]*)"', page).group(1)
        body = urlencode([("_token", token), ("_hash", digest), *fields])
        status, _, page = self.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded",
                                                            "Origin": self.origin}, timeout=timeout)
        return status, page


def test_under_serve_an_edit_waiting_on_restdb_does_not_hold_a_caption_edit(site, api):
    point_at(site, api, 8)
    server = Serve(site)
    try:
        cats = (site / "content/cats.json").read_bytes()
        api.fail("/rest/cats/", "trickle")
        answers = queue.Queue()
        mochi = [("name", "Mochi"), ("owner", "Priya Raman"), ("breed", "ragd"), ("born", "2019-04-17"),
                 ("weight", "4.8"), ("rating", "4"), ("photo-choice", "keep")]
        started = time.monotonic()
        threading.Thread(target=lambda: answers.put(server.post(f"/_catgallery/edit/cat/{MOCHI}", mochi)),
                         daemon=True).start()
        while not any(w[0] == "PUT" for w in api.writes):
            assert time.monotonic() - started < 20, "the edit never reached restdb"
            time.sleep(0.05)
        # restdb is trickling its answer to the first edit; a caption edit goes ahead: it is
        # answered while the restdb edit still waits (a queued one would come after its 502).
        status, _ = server.post("/_catgallery/edit/caption?park=1&photo=0", [("caption", "Mist at dawn")], timeout=30)
        assert status == 303
        assert "Mist at dawn" in (site / "content/parks.plist").read_text()
        assert answers.empty(), "the restdb edit is still waiting"
        status, page = answers.get(timeout=30)
        assert status == 502 and "no complete answer within 8 s" in page
        assert (site / "content/cats.json").read_bytes() == cats
    finally:
        server.stop()
