"""`fetch` against servers that are odd rather than broken: a restdb that
caps its pages, photos whose headers claim billions of pixels, text that is
not UTF-8. Each through the real binary against a stand-in that differs from
`fakeapi.FakeAPI` in one way only (a subclass here, so fakeapi.py stays the
plain API)."""
import json
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from fakeapi import FakeAPI
from test_fetch import CAT_KEY, RESTDB_KEY, fetch, make_site


class CappedRestDB(FakeAPI):
    """A restdb that answers at most `cap` records a page, whatever `max` asks."""
    cap = 40

    def handle(self, h):
        url = urlsplit(h.path)
        if url.path == "/rest/cats":
            query = {k: v[-1] for k, v in parse_qs(url.query).items()}
            query["max"] = str(min(int(query.get("max", 1000)), self.cap))
            h.path = url.path + "?" + urlencode(query)
        return super().handle(h)


@pytest.fixture
def capped():
    server = CappedRestDB(cat_key=CAT_KEY, restdb_key=RESTDB_KEY, cats=100).start()
    yield server
    server.stop()


def cats_on_disk(site):
    return json.loads((site / "content/cats.json").read_text())


def test_a_restdb_that_caps_its_pages_still_gives_every_cat(tmp_path, capped):
    site = make_site(tmp_path / "site", capped, sources=("restdb",))
    run = fetch(site, "--only", "cats", "--quiet")
    assert run.returncode == 0, run.stderr
    assert [cat["_id"] for cat in cats_on_disk(site)] == [cat["_id"] for cat in capped.cats]
    assert "warning" not in run.stderr


def test_a_collection_that_shrinks_by_more_than_half_is_a_warning_with_the_numbers(tmp_path, capped):
    site = make_site(tmp_path / "site", capped, sources=("restdb",))
    assert fetch(site, "--only", "cats", "--quiet").returncode == 0
    capped.cats = capped.cats[:40]
    run = fetch(site, "--only", "cats", "--quiet")
    assert run.returncode == 0, run.stderr
    assert "content/cats.json: warning: cats.json goes from 100 to 40 cats" in run.stderr
    assert len(cats_on_disk(site)) == 40
    # Half of them or fewer gone is an ordinary change.
    capped.cats = capped.cats[:20]
    run = fetch(site, "--only", "cats", "--quiet")
    assert run.returncode == 0 and "warning" not in run.stderr, run.stderr

