"""Cat edits under `serve` that reach restdb at the same time (review of
issue 20, finding 4): each gives up its turn while restdb answers, so the
other may write cats.json first. An edit of another cat is still written
(to the file as it is then); only an edit of the same cat is a conflict.
FakeAPI's `together` barrier holds every write until all of them arrived,
so the edits really overlap, whatever the machine's speed."""
import json
import queue
import threading

import pytest

from test_restdb_deadline import KEY, MOCHI, Serve, point_at
from fakeapi import FakeAPI

FELIS = "5db709f6ba86f3359ed15311"
MOCHI_FORM = [("name", "Mochi"), ("owner", "Priya Raman"), ("breed", "ragd"), ("born", "2019-04-17"),
              ("weight", "4.8"), ("rating", "5"), ("photo-choice", "keep")]
FELIS_FORM = [("name", "Felis catus"), ("owner", "Daniel Okafor"), ("breed", "siam"), ("born", "2015-03-12"),
              ("weight", "3.6"), ("rating", "4"), ("photo-choice", "keep")]
NEW_FORM = [("name", "Nimbus"), ("owner", "Ada"), ("breed", "abys"), ("born", "2020-01-01"), ("weight", "3.0"),
            ("rating", "3"), ("photo-choice", "none")]


def changed(form, **values):
    return [(name, values.get(name, value)) for name, value in form]


@pytest.fixture
def api(site):
    server = FakeAPI(restdb_key=KEY, cats=0).start()
    server.cats = json.loads((site / "content/cats.json").read_text())
    point_at(site, server, 20)
    yield server
    server.stop()


def at_once(server, posts):
    """Posts each (path, fields) from its own thread; their answers, in the order of `posts`."""
    answers = [queue.Queue() for _ in posts]
    for (path, fields), answer in zip(posts, answers):
        threading.Thread(target=lambda p=path, f=fields, a=answer: a.put(server.post(p, f, timeout=60)),
                         daemon=True).start()
    return [answer.get(timeout=90) for answer in answers]


def record(site, oid):
    return next((c for c in json.loads((site / "content/cats.json").read_text()) if c["_id"] == oid), None)


def test_edits_of_different_cats_and_an_add_at_once_all_reach_cats_json(site, api):
    api.together = threading.Barrier(3)
    server = Serve(site)
    try:
        answers = at_once(server, [
            (f"/_catgallery/edit/cat/{MOCHI}", changed(MOCHI_FORM, weight="9.9")),
            (f"/_catgallery/edit/cat/{FELIS}", changed(FELIS_FORM, rating="2")),
            ("/_catgallery/edit/new-cat", NEW_FORM)])
    finally:
        server.stop()
    assert [status for status, _ in answers] == [303, 303, 303], [page[:2000] for _, page in answers]
    assert sorted(w[0] for w in api.writes) == ["POST", "PUT", "PUT"]
    assert record(site, MOCHI)["weightKg"] == 9.9 and record(site, FELIS)["rating"] == 2
    assert [c for c in json.loads((site / "content/cats.json").read_text()) if c["catName"] == "Nimbus"]
    # cats.json and restdb agree, record for record.
    local = {c["_id"]: c for c in json.loads((site / "content/cats.json").read_text())}
    assert local == {c["_id"]: c for c in api.cats}


def test_two_edits_of_the_same_cat_at_once_the_second_is_a_conflict(site, api):
    api.together = threading.Barrier(2)
    server = Serve(site)
    try:
        answers = at_once(server, [
            (f"/_catgallery/edit/cat/{MOCHI}", changed(MOCHI_FORM, weight="9.9")),
            (f"/_catgallery/edit/cat/{MOCHI}", changed(MOCHI_FORM, rating="2"))])
    finally:
        server.stop()
    assert sorted(status for status, _ in answers) == [303, 409]
    refused = next(page for status, page in answers if status == 409)
    assert "restdb has the change" in refused and "fetch --only cats" in refused
