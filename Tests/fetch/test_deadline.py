"""Every request has a total deadline (connect, head and the whole body):
a server that trickles its answer one byte at a time is never silent long
enough for a read timeout, and still cannot hold a fetch for ever.
`sources.timeout` in site.yml sets the deadline; a short one keeps this fast.
"""
import time

from fakeapi import FakeAPI
from test_fetch import CAT_KEY, RESTDB_KEY, errors, fetch, make_site, snapshot

import pytest


@pytest.fixture
def api():
    server = FakeAPI(cat_key=CAT_KEY, restdb_key=RESTDB_KEY)
    server.trickle_every = 0.5
    server.start()
    yield server
    server.stop()


def test_a_trickled_body_fails_at_the_deadline_with_the_url_and_the_deadline(tmp_path, api):
    site = make_site(tmp_path / "site", api, sources=("thecatapi",))
    with open(site / "content/site.yml", "a") as f:
        f.write("  timeout: 2\n")
    before = snapshot(site / "content")
    api.fail("/v1/breeds", "trickle", "trickle", "trickle", "trickle")
    started = time.monotonic()
    run = fetch(site, "--only", "breeds")
    elapsed = time.monotonic() - started
    assert run.returncode == 1, run.stderr
    # Four tries of 2 s each and the backoff between them (at most 3.5 s); a hang guard with
    # room for a loaded machine, as the trickled answer would take hours without the deadline.
    assert elapsed < 90, elapsed
    assert errors(run) == [
        f"error: GET {api.base}/v1/breeds: no complete answer within 2 s "
        "(sources.timeout in site.yml) after 4 tries"], run.stderr
    assert len(api.requests("/v1/breeds")) == 4
    assert snapshot(site / "content") == before


def test_the_deadline_must_be_a_number_of_seconds(tmp_path, api):
    site = make_site(tmp_path / "site", api, sources=("thecatapi",))
    with open(site / "content/site.yml", "a") as f:
        f.write("  timeout: soon\n")
    run = fetch(site, "--only", "breeds")
    assert run.returncode == 1
    assert any("\"timeout\" of sources must be a number" in line for line in errors(run)), run.stderr
    assert api.requests() == []
