"""`catgallery fetch` end to end: the real binary against FakeAPI, a local
server on 127.0.0.1 that speaks The Cat API, restdb.io and catfact.ninja
(fakeapi.py). Nothing leaves the machine.

Each failure case checks the exit code, the exact error line, that content/
is byte-for-byte what it was, how many requests were made (retries counted),
and that no API key appears in stdout, stderr or any file.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from fakeapi import FakeAPI

REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))
CAT_KEY = "cat-key-1234567890"
RESTDB_KEY = "restdb-key-abcdef"


@pytest.fixture
def api():
    server = FakeAPI(cat_key=CAT_KEY, restdb_key=RESTDB_KEY).start()
    yield server
    server.stop()


def make_site(root, api, sources=("thecatapi", "restdb", "facts"), photos_per_breed=5):
    (root / "content/photos").mkdir(parents=True)
    lines = ["title: Fetched cats", "sources:"]
    if "thecatapi" in sources:
        lines += ["  thecatapi:", f"    base_url: {api.base}/v1", "    api_key_env: THECATAPI_KEY",
                  f"    photos_per_breed: {photos_per_breed}"]
    if "restdb" in sources:
        lines += ["  restdb:", f"    url: {api.base}/rest/cats", "    api_key_env: RESTDB_KEY"]
    if "facts" in sources:
        lines += ["  facts:", f"    url: {api.base}/facts?limit=100"]
    (root / "content/site.yml").write_text("\n".join(lines) + "\n")
    return root


@pytest.fixture
def site(tmp_path, api):
    return make_site(tmp_path / "site", api)


def fetch(site, *args, env=None):
    environment = dict(os.environ, THECATAPI_KEY=CAT_KEY, RESTDB_KEY=RESTDB_KEY)
    environment.update(env or {})
    for name, value in list(environment.items()):
        if value is None:
            del environment[name]
    return subprocess.run([str(BINARY), "fetch", "--site", str(site), *args], capture_output=True, text=True,
                          env=environment, timeout=120)


def snapshot(folder):
    """Every file below `folder`: path → (sha256, inode, mtime_ns)."""
    result = {}
    for path in sorted(Path(folder).rglob("*")):
        if path.is_file():
            stat = path.stat()
            result[str(path.relative_to(folder))] = (hashlib.sha256(path.read_bytes()).hexdigest(), stat.st_ino,
                                                     stat.st_mtime_ns)
    return result


def assert_no_keys(site, run):
    for key in (CAT_KEY, RESTDB_KEY):
        assert key not in run.stdout and key not in run.stderr
        for path in Path(site).rglob("*"):
            if path.is_file():
                assert key.encode() not in path.read_bytes(), path


def errors(run):
    return [line for line in run.stderr.splitlines() if ": error: " in line or line.startswith("error: ")]


def test_a_cold_fetch_writes_every_file_and_the_site_builds_strict_with_local_photos(site, api):
    run = fetch(site)
    assert run.returncode == 0, run.stderr
    assert "fetched 67 breeds, 335 breed photos, 12 cats, 332 facts" in run.stdout
    breeds = json.loads((site / "content/breeds.json").read_text())
    assert len(breeds) == 67 and breeds[0]["id"] == "abys"
    cats = json.loads((site / "content/cats.json").read_text())
    assert len(cats) == 12 and all(re.fullmatch(r"[0-9a-f]{24}", c["_id"]) and "_created" in c for c in cats)
    facts = json.loads((site / "content/facts.json").read_text())
    assert len(facts["data"]) == 332
    manifest = json.loads((site / "content/photos/SOURCES.json").read_text())
    abys = [p for p in manifest["photos"] if p["file"].startswith("breeds/abys/")]
    assert len(abys) == 5
    # The reference image first: it is the cover.
    assert abys[0]["id"] == api.reference("abys")
    assert all(p["url"].startswith(api.base) and p["sha256"] for p in abys)
    assert len(list((site / "content/photos/breeds/abys").iterdir())) == 5
    assert len(list((site / "content/photos/cats").iterdir())) == 12
    # Requests: breeds, then per breed its reference image and one page of
    # search; restdb's 12 records and the empty page that ends them; 4 pages of facts; photos.
    assert len(api.requests("/v1/breeds")) == 1
    assert len(api.requests("/v1/images/search")) == 67
    assert len(api.requests("/rest/cats")) == 2
    assert len(api.requests("/facts")) == 4
    assert len(api.requests("/cdn/")) == 335 + 12
    assert_no_keys(site, run)

    asked = len(api.log)
    build = subprocess.run([str(BINARY), "build", "--site", str(site), "--strict", "--quiet"], capture_output=True,
                           text=True, timeout=600)
    assert build.returncode == 0, build.stderr
    # The build reads sources: but never asks them.
    assert len(api.log) == asked
    page = (site / "public/breeds/abys/index.html").read_text()
    assert "thecatapi.com/images" not in page and api.base not in page
    figures = re.findall(r'<li class="breed-photo">(.*?)</li>', page, re.S)
    assert len(figures) == 5 and all('src="../../images/' in f for f in figures)
    assert 'class="remote"' not in page
    assert 'href="https://thecatapi.com/"' in page
    # The reference image is the cover: first on the page and on the breed list.
    cover = api.reference("abys").lower()
    assert f"images/{cover}-" in figures[0]
    listing = (site / "public/breeds/index.html").read_text()
    assert re.search(r'href="abys/".*?images/' + re.escape(cover) + "-", listing, re.S)
    # Every breed the server had photos for shows local photos and no remote image.
    for breed in api.breeds:
        html = (site / "public/breeds" / breed["id"] / "index.html").read_text()
        assert 'class="remote"' not in html and html.count('<li class="breed-photo">') == 5, breed["id"]
    cat_pages = list((site / "public/cats").glob("*/index.html"))
    assert cat_pages and all("../../images/" in p.read_text() and api.base not in p.read_text() for p in cat_pages)
    assert_no_keys(site, build)


def test_a_second_fetch_sends_validators_downloads_nothing_and_writes_no_file(site, api):
    assert fetch(site).returncode == 0
    before = snapshot(site)
    count = len(api.log)
    run = fetch(site, "--verbose")
    assert run.returncode == 0, run.stderr
    assert "nothing changed" in run.stdout
    second = api.log[count:]
    assert second and all("if-none-match" in headers for _, path, headers in second)
    assert not [path for _, path, _ in second if path.startswith("/cdn/")]
    assert snapshot(site) == before


def test_a_no_change_fetch_writes_nothing_when_the_search_answers_in_a_new_order(site, api):
    # The Cat API answers a search in a different order from one call to the
    # next, the breed's reference image among the others.
    api.shuffle_search = True
    assert all(api.reference(b["id"]) in api.image_ids(b["id"])[:5] for b in api.breeds)
    assert fetch(site).returncode == 0
    before = snapshot(site / "content")
    for _ in range(3):
        run = fetch(site)
        assert run.returncode == 0, run.stderr
        assert "nothing changed" in run.stdout, run.stdout
        assert snapshot(site / "content") == before
    # The reference image first in every breed's folder: it is the cover.
    photos = json.loads((site / "content/photos/SOURCES.json").read_text())["photos"]
    for breed in api.breeds:
        listed = [p["id"] for p in photos if p["file"].startswith(f"breeds/{breed['id']}/")]
        assert listed[0] == api.reference(breed["id"]) and len(listed) == 5, breed["id"]


def test_dry_run_lists_what_would_change_and_writes_nothing(site, api):
    before = snapshot(site)
    run = fetch(site, "--dry-run")
    assert run.returncode == 0, run.stderr
    assert "new     content/breeds.json" in run.stdout
    assert re.search(r"^new     content/photos/breeds/abys/\w+\.jpg$", run.stdout, re.M)
    assert "(dry run: nothing written)" in run.stdout
    assert snapshot(site) == before
    assert not (site / ".cache").exists()
    assert not api.requests("/cdn/")


def test_photos_no_longer_listed_are_removed_but_the_users_own_photos_stay(site, api):
    assert fetch(site).returncode == 0
    own = site / "content/photos/breeds/abys/my-abby.jpg"
    own.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    run = fetch(site, "--photos-per-breed", "2", "--only", "photos")
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("removed ") == 67 * 3
    left = sorted(p.name for p in (site / "content/photos/breeds/abys").iterdir())
    assert "my-abby.jpg" in left and len(left) == 3
    manifest = json.loads((site / "content/photos/SOURCES.json").read_text())
    assert not [p for p in manifest["photos"] if "my-abby" in p["file"]]


def test_only_facts_asks_and_writes_only_the_facts(site, api):
    run = fetch(site, "--only", "facts")
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in (site / "content").iterdir()) == ["facts.json", "photos", "site.yml"]
    assert {path.split("?")[0] for _, path, _ in api.log} == {"/facts"}


def test_a_file_of_the_users_where_a_photo_would_go_is_not_overwritten(site, api):
    target = site / "content/photos/breeds/abys" / (api.reference("abys") + ".jpg")
    target.parent.mkdir(parents=True)
    target.write_bytes(b"my own bytes")
    before = snapshot(site / "content")
    run = fetch(site)
    assert run.returncode == 1
    assert f"content/photos/breeds/abys/{api.reference('abys')}.jpg: error: a file of yours is where fetch would put a photo from {api.base}/cdn/images/{api.reference('abys')}.jpg; move or rename it" in run.stderr
    assert snapshot(site / "content") == before


def test_keep_going_writes_what_succeeded_and_still_fails(site, api):
    api.fail("/facts", "500", "500", "500", "500")
    run = fetch(site, "--keep-going")
    assert run.returncode == 1
    assert (site / "content/breeds.json").exists() and not (site / "content/facts.json").exists()
    assert "what succeeded was written (--keep-going)" in run.stderr


def test_a_plain_http_photo_url_elsewhere_is_not_downloaded(site, api):
    api.cats[0]["photoUrl"] = "http://example.com/cat.jpg"
    run = fetch(site, "--only", "cats")
    assert run.returncode == 0, run.stderr
    assert "warning: photoUrl of cat 1 is not https; not downloaded (the page shows a placeholder)" in run.stderr
    assert len(list((site / "content/photos/cats").iterdir())) == 11


def test_a_slow_body_is_waited_for(site, api):
    api.fail("/v1/breeds", "slow")
    run = fetch(site, "--only", "breeds")
    assert run.returncode == 0, run.stderr
    assert len(json.loads((site / "content/breeds.json").read_text())) == 67


def test_429_is_retried_after_the_time_retry_after_asks(site, api):
    api.fail("/v1/breeds", "429")
    run = fetch(site, "--only", "breeds")
    assert run.returncode == 0, run.stderr
    assert len(api.requests("/v1/breeds")) == 2


# (what to break, how often, extra options, environment, the error line, requests to the broken path)
FAILURES = {
    "500 four times": ("/v1/breeds", ["500"] * 4, [], {},
                       "error: GET {base}/v1/breeds: 500 (Internal Server Error) after 4 tries", 4),
    "429 four times": ("/v1/breeds", ["429"] * 4, [], {},
                       "error: GET {base}/v1/breeds: 429 (Too Many Requests) after 4 tries", 4),
    "wrong Cat API key": ("/v1/breeds", [], [], {"THECATAPI_KEY": "not-the-key-999"},
                          "error: GET {base}/v1/breeds: 401 (Unauthorized): check the key in THECATAPI_KEY", 1),
    "wrong restdb key": ("/rest/cats", [], ["--only", "cats"], {"RESTDB_KEY": "not-the-key-999"},
                         "error: GET {base}/rest/cats?skip=0&max=100: 401 (Unauthorized): check the key in RESTDB_KEY", 1),
    "restdb key not set": ("/rest/cats", [], ["--only", "cats"], {"RESTDB_KEY": None},
                           "content/site.yml: error: RESTDB_KEY is not set: restdb.io needs its API key", 0),
    "wrong content type": ("/v1/breeds", ["html"], [], {},
                           "{base}/v1/breeds: error: expected JSON, got Content-Type text/html; charset=utf-8", 1),
    "invalid JSON": ("/v1/breeds", ["garbage"], [], {},
                     "{base}/v1/breeds:1:25: error: ", 1),
    "truncated body": ("/v1/breeds", ["truncated"] * 4, [], {},
                       "error: GET {base}/v1/breeds: Connection closed before the response was complete after 4 tries", 4),
    "redirect to http": ("/v1/breeds", ["redirect-http"], [], {},
                         "error: GET {base}/v1/breeds: redirect to http://example.com/v1/breeds refused: plain http is allowed only to this machine (127.0.0.0/8, ::1, localhost); use https", 1),
    "a 60 MB image": ("/cdn/images/", ["huge"], [], {},
                      "error: GET {base}/cdn/images/{image}.jpg: response larger than the 40 MB limit", 1),
    "a non-image sent as an image": ("/cdn/images/", ["not-image"], [], {},
                                     "{base}/cdn/images/{image}.jpg: error: not an image: its content is no JPEG, PNG, WebP, GIF, TIFF or HEIF", 1),
    "a truncated image": ("/cdn/images/", ["truncated-image"], [], {},
                          "{base}/cdn/images/{image}.jpg: error: truncated JPEG image: the file ends before the image does", 1),
}


@pytest.mark.parametrize("case", FAILURES.keys())
def test_a_failed_request_is_an_error_line_and_content_stays_byte_for_byte(tmp_path, api, case):
    prefix, faults, options, env, expected, requests = FAILURES[case]
    site = make_site(tmp_path / "site", api, photos_per_breed=1)
    if prefix.startswith("/cdn/"):
        # Only photos, one breed's worth, so the broken one is known.
        api.breeds = api.breeds[:1]
    # A previous good state to keep: a fetch of facts.
    assert fetch(site, "--only", "facts").returncode == 0
    before = snapshot(site / "content")
    api.log.clear()
    if faults:
        api.fail(prefix, *faults)
    run = fetch(site, *options, env=env)
    assert run.returncode == 1, run.stdout + run.stderr
    image = api.reference(api.breeds[0]["id"])
    line = expected.format(base=api.base, image=image)
    assert any(l.startswith(line) for l in errors(run)), f"{line!r} not in {run.stderr}"
    assert "content/ is unchanged" in run.stderr
    assert snapshot(site / "content") == before
    assert len(api.requests(prefix)) == requests
    assert_no_keys(site, run)


def test_a_link_out_of_the_site_is_never_written_or_removed_through(tmp_path, api):
    site = make_site(tmp_path / "site", api, sources=("thecatapi",), photos_per_breed=1)
    api.breeds = api.breeds[:2]
    assert fetch(site).returncode == 0
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "victim.txt").write_text("precious outside data\n")
    (victim / ".tmp-999999-precious").write_text("keep\n")
    digest = hashlib.sha256((victim / "victim.txt").read_bytes()).hexdigest()
    # A hostile manifest claims a file behind a link; a breed folder is a link out.
    (site / "content/photos/breeds/evil").symlink_to(victim)
    manifest = json.loads((site / "content/photos/SOURCES.json").read_text())
    manifest["photos"].append({"file": "breeds/evil/victim.txt", "source": "thecatapi", "id": "x",
                               "url": "https://cdn.example/x.jpg", "sha256": digest, "bytes": 22})
    (site / "content/photos/SOURCES.json").write_text(json.dumps(manifest))
    abys = site / "content/photos/breeds/abys"
    shutil.rmtree(abys)
    abys.symlink_to(victim)
    before = snapshot(site / "content")
    run = fetch(site)
    assert run.returncode == 1
    assert "content/photos/breeds/evil/victim.txt: error: leads out of content/photos/ through a link" in run.stderr
    assert sorted(p.name for p in victim.iterdir()) == [".tmp-999999-precious", "victim.txt"]
    assert snapshot(site / "content") == before


def test_a_manifest_cannot_claim_a_users_file_for_fetch_to_overwrite(site, api):
    api.breeds = api.breeds[:1]
    target = site / "content/photos/breeds/abys" / (api.reference("abys") + ".jpg")
    target.parent.mkdir(parents=True)
    target.write_bytes(b"my own bytes")
    (site / "content/photos/SOURCES.json").write_text(json.dumps({"photos": [
        {"file": f"breeds/abys/{target.name}", "source": "thecatapi", "id": "x", "url": "https://old.example/x.jpg",
         "sha256": "00", "bytes": 1}]}))
    run = fetch(site, "--only", "photos")
    assert run.returncode == 1 and "a file of yours is where fetch would put a photo" in run.stderr
    assert target.read_bytes() == b"my own bytes"
