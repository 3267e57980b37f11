"""Serve's edit forms go through the same checks as the `cats` and `caption`
commands (review of issue 20, finding 3): a refused upload leaves no empty
content/photos/cats/ behind (item 17), and a cache that links out of the
site refuses every form post before anything is written."""
import shutil
from pathlib import Path

import pytest

from example_cache import example_site
from test_browser import MOCHI, REPO, Serve, multipart
from test_defects import png, png_head


@pytest.fixture
def server(tmp_path, image_cache):
    running = Serve(example_site(tmp_path / "site", image_cache))
    yield running
    running.stop()


def post(server, path, fields, files=()):
    token, digest = server.form_secrets(path)
    body, kind = multipart([("_token", token), ("_hash", digest), *fields], files)
    return server.request("POST", path, body=body, headers={"Origin": server.origin, "Content-Type": kind})


NEW = [("name", "Pip"), ("owner", "Ada"), ("breed", "abys"), ("born", "2020-01-01"), ("weight", "3.0"),
       ("rating", "3")]
MOCHI_FIELDS = [("name", "Mochi"), ("owner", "Priya Raman"), ("breed", "ragd"), ("born", "2019-04-17"),
                ("weight", "9.9"), ("rating", "5"), ("photo-choice", "keep")]


def test_a_refused_upload_under_serve_leaves_no_empty_cats_folder(server):
    huge = png_head(20000, 10001) + png(1, 1)[33:]
    status, _, page = post(server, "/_catgallery/edit/new-cat", [*NEW, ("photo-choice", "upload")],
                           [("photo-file", "huge.png", huge, "image/png")])
    assert status == 422 and "over the limit" in page
    assert not (server.site / "content/photos/cats").exists()


def test_a_cache_that_links_out_of_the_site_refuses_form_posts(server, tmp_path):
    cats = server.read("content/cats.json")
    parks = server.read("content/parks.plist")
    cache = server.site / ".cache/catgallery"
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    token_cat = server.form_secrets(f"/_catgallery/edit/cat/{MOCHI}")
    token_caption = server.form_secrets("/_catgallery/edit/caption?park=1&photo=0")
    shutil.rmtree(cache, ignore_errors=True)
    cache.parent.mkdir(exist_ok=True)
    cache.symlink_to(outside)
    for path, (token, digest), fields, files in [
            (f"/_catgallery/edit/cat/{MOCHI}", token_cat, MOCHI_FIELDS, ()),
            (f"/_catgallery/edit/cat/{MOCHI}", token_cat, [*MOCHI_FIELDS[:-1], ("photo-choice", "upload")],
             [("photo-file", "pip.jpg", (REPO / "content/photos/kitten1.jpg").read_bytes(), "image/jpeg")]),
            ("/_catgallery/edit/caption?park=1&photo=0", token_caption, [("caption", "Mist")], ())]:
        body, kind = multipart([("_token", token), ("_hash", digest), *fields], files)
        status, _, page = server.request("POST", path, body=body,
                                         headers={"Origin": server.origin, "Content-Type": kind})
        assert status == 500 and "the cache folder links to" in page, (path, status)
    assert server.read("content/cats.json") == cats and server.read("content/parks.plist") == parks
    assert list(outside.rglob("*")) == []
