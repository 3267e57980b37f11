"""What `fetch` trusts and what it refuses: a site is a cloned repository that
may be hostile, so its `.cache` links, its `site.yml` key settings and the
APIs' answers must never lead a key or a write where the user did not mean.
The real binary against FakeAPI on 127.0.0.1 (fakeapi.py); nothing leaves
the machine.
"""
import base64
import json
import os
import random
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from fakeapi import FakeAPI

REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))
CAT_KEY = "cat-key-1234567890"
RESTDB_KEY = "restdb-key-abcdef"
ENV = {"THECATAPI_KEY": CAT_KEY, "RESTDB_KEY": RESTDB_KEY}


@pytest.fixture
def api():
    server = FakeAPI(cat_key=CAT_KEY, restdb_key=RESTDB_KEY).start()
    yield server
    server.stop()


def run(*args, env=None):
    environment = dict(os.environ, **ENV)
    environment.update(env or {})
    return subprocess.run([str(BINARY), *args], capture_output=True, text=True, env=environment, timeout=120)


def write_site(root, lines, photos=True):
    (root / "content").mkdir(parents=True)
    if photos:
        (root / "content/photos").mkdir()
    (root / "content/site.yml").write_text("\n".join(["title: Trust", "sources:", *lines]) + "\n")
    return root


def listing(folder):
    """Every entry below `folder` with its bytes (files) or target (links)."""
    result = {}
    for path in sorted(Path(folder).rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            result[key] = "-> " + os.readlink(path)
        elif path.is_file():
            result[key] = path.read_bytes()
        else:
            result[key] = "dir"
    return result


# -- 1. links in .cache --------------------------------------------------------

CACHE_PATH = ".cache/catgallery/fetch/incoming"
LINK_POSITIONS = [".cache", ".cache/catgallery", ".cache/catgallery/fetch", ".cache/catgallery/fetch/incoming"]


@pytest.mark.parametrize("position", LINK_POSITIONS)
@pytest.mark.parametrize("dry_run", [True, False])
@pytest.mark.parametrize("failing", [True, False])
def test_a_link_anywhere_in_the_fetch_cache_is_refused_and_its_target_untouched(tmp_path, api, position, dry_run,
                                                                                  failing):
    base = "http://127.0.0.1:9/v1" if failing else f"{api.base}/v1"
    site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {base}", "    photos_per_breed: 1"])
    victim = tmp_path / "victim"
    # What the path below the link names, inside the victim, with a file of the victim's in each folder.
    rest = Path(CACHE_PATH).relative_to(position)
    for folder in [victim, *[victim / Path(*rest.parts[:i + 1]) for i in range(len(rest.parts))]]:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "precious.txt").write_text("mine\n")
    link = site / position
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(victim)
    before = listing(victim)

    result = run("fetch", "--site", str(site), *(["--dry-run"] if dry_run else []))

    assert result.returncode != 0, result.stdout + result.stderr
    assert listing(victim) == before
    assert link.is_symlink()
    assert f"{position}: error: " in result.stderr, result.stderr
    assert "links to" in result.stderr
    # Refused before any request.
    assert not api.log


def test_a_cache_file_where_a_folder_belongs_is_refused(tmp_path, api):
    site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {api.base}/v1", "    photos_per_breed: 1"])
    (site / ".cache/catgallery").mkdir(parents=True)
    (site / ".cache/catgallery/fetch").write_text("not a folder\n")
    result = run("fetch", "--site", str(site))
    assert result.returncode != 0
    assert ".cache/catgallery/fetch: error: this is not a folder" in result.stderr, result.stderr
    assert not api.log


@pytest.mark.parametrize("position", [".cache", ".cache/catgallery", ".cache/catgallery/uploads"])
def test_cat_edits_and_caption_refuse_a_link_in_the_cache_like_build(tmp_path, position):
    site = write_site(tmp_path / "site", ["  facts:", "    url: https://catfact.ninja/facts"])
    victim = tmp_path / "victim"
    victim.mkdir()
    link = site / position
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(victim)
    for args in (["cats", "remove", "nothing"], ["caption", "nothing", "A caption"]):
        result = run(*args, "--site", str(site))
        assert result.returncode != 0, args
        assert f"{position}: error: the cache folder links to" in result.stderr, (args, result.stderr)


# -- 2. which variable is sent, and where ---------------------------------------

AWS = "aws-secret-never-to-leave"


def line_of(site, text):
    lines = (site / "content/site.yml").read_text().splitlines()
    return next(i + 1 for i, line in enumerate(lines) if text in line)


def no_request_carried(api, *secrets):
    for _, _, headers in api.log:
        for secret in secrets:
            assert secret not in " ".join(headers.values())


@pytest.mark.parametrize("source", ["thecatapi", "restdb"])
def test_a_key_variable_not_named_for_catgallery_is_refused_before_any_request(tmp_path, api, source):
    if source == "thecatapi":
        lines = ["  thecatapi:", f"    base_url: {api.base}/v1", "    api_key_env: AWS_SECRET_ACCESS_KEY"]
    else:
        lines = ["  restdb:", f"    url: {api.base}/rest/cats", "    api_key_env: AWS_SECRET_ACCESS_KEY"]
    site = write_site(tmp_path / "site", lines)
    result = run("fetch", "--site", str(site), env={"AWS_SECRET_ACCESS_KEY": AWS})
    assert result.returncode != 0
    line = line_of(site, "api_key_env")
    assert re.search(rf"content/site.yml:{line}(:\d+)?: error: api_key_env names AWS_SECRET_ACCESS_KEY", result.stderr), \
        result.stderr
    assert "CATGALLERY_" in result.stderr
    assert AWS not in result.stdout + result.stderr
    assert not api.log


@pytest.mark.parametrize("source", ["thecatapi", "restdb"])
def test_a_key_is_not_sent_to_a_host_the_readme_does_not_name(tmp_path, api, source):
    if source == "thecatapi":
        lines = ["  thecatapi:", "    base_url: https://collector.example/v1", "    api_key_env: THECATAPI_KEY"]
    else:
        lines = ["  restdb:", "    url: https://collector.example/rest/cats", "    api_key_env: RESTDB_KEY"]
    site = write_site(tmp_path / "site", lines + ["  facts:", f"    url: {api.base}/facts"])
    result = run("fetch", "--site", str(site))
    assert result.returncode != 0
    line = line_of(site, "api_key_env")
    assert re.search(rf"content/site.yml:{line}(:\d+)?: error: ", result.stderr), result.stderr
    assert "collector.example" in result.stderr and "--allow-key-host collector.example" in result.stderr
    assert CAT_KEY not in result.stderr and RESTDB_KEY not in result.stderr
    # Nothing at all was asked, the facts included.
    assert not api.log

    allowed = run("fetch", "--site", str(site), "--allow-key-host", "collector.example")
    # Now the key may go there; the host does not exist, so the fetch fails another way.
    assert "--allow-key-host" not in allowed.stderr, allowed.stderr


def test_the_cat_api_key_is_not_sent_to_a_restdb_host(tmp_path, api):
    """Anyone can register <db>.restdb.io: only restdb's own key goes there."""
    site = write_site(tmp_path / "site", ["  thecatapi:", "    base_url: https://attacker.restdb.io/v1",
                                          "    api_key_env: THECATAPI_KEY", "  facts:", f"    url: {api.base}/facts"])
    result = run("fetch", "--site", str(site))
    assert result.returncode != 0
    line = line_of(site, "api_key_env")
    assert re.search(rf"content/site.yml:{line}(:\d+)?: error: the key in THECATAPI_KEY would be sent to "
                     r"attacker\.restdb\.io", result.stderr), result.stderr
    assert "--allow-key-host attacker.restdb.io" in result.stderr
    assert CAT_KEY not in result.stdout + result.stderr
    assert not api.log
    assert not (site / "content/breeds.json").exists()


def test_a_key_variable_named_for_catgallery_is_sent_to_the_api(tmp_path, api):
    site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {api.base}/v1",
                                          "    api_key_env: CATGALLERY_CAT_KEY"])
    result = run("fetch", "--site", str(site), "--only", "breeds", env={"CATGALLERY_CAT_KEY": CAT_KEY})
    assert result.returncode == 0, result.stderr
    assert api.requests("/v1/breeds")[0][2].get("x-api-key") == CAT_KEY


def test_documented_hosts_need_no_flag(tmp_path, api):
    site = write_site(tmp_path / "site", ["  thecatapi:", "    base_url: https://api.thecatapi.com/v1",
                                          "    api_key_env: THECATAPI_KEY", "  restdb:",
                                          "    url: https://mydb-1a2b.restdb.io/rest/cats",
                                          "    api_key_env: RESTDB_API_KEY"])
    # No network here: the run fails on the connection, never on the key rule.
    result = run("fetch", "--site", str(site), "--only", "breeds,cats", env={"RESTDB_API_KEY": RESTDB_KEY})
    assert "--allow-key-host" not in result.stderr and "api_key_env names" not in result.stderr, result.stderr


@pytest.mark.parametrize("setting", ["variable", "host"])
def test_cat_edits_refuse_the_same_keys_and_hosts(tmp_path, api, setting):
    shutil.copytree(REPO / "content", tmp_path / "site/content")
    site = tmp_path / "site"
    url = f"{api.base}/rest/cats" if setting == "variable" else "https://collector.example/rest/cats"
    variable = "AWS_SECRET_ACCESS_KEY" if setting == "variable" else "RESTDB_KEY"
    text = (site / "content/site.yml").read_text().rstrip("\n")
    (site / "content/site.yml").write_text(text + f"\nsources:\n  restdb:\n    url: {url}\n    api_key_env: {variable}\n")
    before = listing(site / "content")
    result = run("cats", "add", "--site", str(site), "--name", "Nimbus", "--owner", "Ada", "--breed", "abys",
                 "--born", "2020-02-03", "--weight", "4.0", "--rating", "4", env={"AWS_SECRET_ACCESS_KEY": AWS})
    assert result.returncode != 0
    line = line_of(site, "api_key_env")
    assert re.search(rf"content/site.yml:{line}(:\d+)?: error: ", result.stderr), result.stderr
    assert AWS not in result.stderr + result.stdout
    assert not api.log
    assert listing(site / "content") == before


# -- 6. a first fetch into a site with no content/photos/ ----------------------

def test_the_first_fetch_into_a_site_without_a_photos_folder_writes_every_photo(tmp_path, api):
    site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {api.base}/v1",
                                          "    api_key_env: THECATAPI_KEY", "    photos_per_breed: 2",
                                          "  restdb:", f"    url: {api.base}/rest/cats", "    api_key_env: RESTDB_KEY"],
                      photos=False)
    result = run("fetch", "--site", str(site))
    assert result.returncode == 0, result.stderr
    assert "through a link" not in result.stderr
    assert len(list((site / "content/photos/breeds/abys").iterdir())) == 2
    assert len(list((site / "content/photos/cats").iterdir())) == 12


def test_a_dry_run_into_a_site_without_a_photos_folder_lists_the_photos_and_writes_nothing(tmp_path, api):
    site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {api.base}/v1",
                                          "    photos_per_breed: 1"], photos=False)
    result = run("fetch", "--site", str(site), "--dry-run")
    assert result.returncode == 0, result.stderr
    assert "new     content/photos/breeds/abys/" in result.stdout
    assert not (site / "content/photos").exists()
    assert not (site / ".cache").exists()


# -- 16. a key an API echoes back -------------------------------------------------

@pytest.mark.parametrize("keep_going", [False, True])
def test_a_key_echoed_in_the_data_is_never_written(tmp_path, api, keep_going):
    api.breeds = [dict(b) for b in api.breeds]
    api.breeds[0]["description"] = f"Your key is {CAT_KEY}, thanks."
    api.cats[1]["ownerName"] = f"owner {RESTDB_KEY}"
    site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {api.base}/v1",
                                          "    api_key_env: THECATAPI_KEY", "    photos_per_breed: 1",
                                          "  restdb:", f"    url: {api.base}/rest/cats", "    api_key_env: RESTDB_KEY",
                                          "  facts:", f"    url: {api.base}/facts?limit=100"])
    result = run("fetch", "--site", str(site), *(["--keep-going"] if keep_going else []))
    assert result.returncode != 0
    assert "content/breeds.json: error: " in result.stderr and "THECATAPI_KEY" in result.stderr, result.stderr
    assert "content/cats.json: error: " in result.stderr and "RESTDB_KEY" in result.stderr, result.stderr
    for key in (CAT_KEY, RESTDB_KEY):
        assert key not in result.stdout + result.stderr
        for path in site.rglob("*"):
            if path.is_file():
                assert key.encode() not in path.read_bytes(), path
    # What carried no key is written with --keep-going.
    assert (site / "content/facts.json").exists() == keep_going


class EscapedEcho(FakeAPI):
    """Echoes the keys back in its JSON with the first letter written as a
    `\\uXXXX` escape, which no byte search for the key finds; and adds the
    restdb key to the record a write answers with."""

    def send(self, h, status, body, content_type, extra=(), slow=False, length=None):
        if body and content_type and content_type.startswith("application/json") and 200 <= status < 300:
            if body.startswith(b'{"_id"'):
                body = body[:-1] + b', "note": "' + RESTDB_KEY.encode() + b'"}'
            for key in (CAT_KEY, RESTDB_KEY):
                body = body.replace(key.encode(), f"\\u{ord(key[0]):04x}{key[1:]}".encode())
        super().send(h, status, body, content_type, extra=extra, slow=slow, length=length)


def test_a_key_echoed_with_a_json_escape_is_never_written(tmp_path):
    api = EscapedEcho(cat_key=CAT_KEY, restdb_key=RESTDB_KEY).start()
    try:
        api.breeds = [dict(b) for b in api.breeds]
        api.breeds[0]["description"] = f"Your key is {CAT_KEY}, thanks."
        site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {api.base}/v1",
                                              "    api_key_env: THECATAPI_KEY"])
        result = run("fetch", "--site", str(site), "--only", "breeds")
    finally:
        api.stop()
    assert result.returncode != 0
    assert "content/breeds.json: error: " in result.stderr and "THECATAPI_KEY" in result.stderr, result.stderr
    assert not (site / "content/breeds.json").exists()


def test_a_restdb_write_answer_that_echoes_the_key_is_not_written_to_cats_json(tmp_path):
    shutil.copytree(REPO / "content", tmp_path / "site/content")
    site = tmp_path / "site"
    api = EscapedEcho(cat_key=CAT_KEY, restdb_key=RESTDB_KEY, cats=0).start()
    try:
        text = (site / "content/site.yml").read_text().rstrip("\n")
        (site / "content/site.yml").write_text(
            text + f"\nsources:\n  restdb:\n    url: {api.base}/rest/cats\n    api_key_env: RESTDB_KEY\n")
        before = listing(site / "content")
        result = run("cats", "add", "--site", str(site), "--name", "Nimbus", "--owner", "Ada", "--breed", "abys",
                     "--born", "2020-02-03", "--weight", "4.0", "--rating", "4")
        posts = [w for w in api.writes if w[0] == "POST"]
    finally:
        api.stop()
    assert result.returncode != 0
    assert "holds the API key from RESTDB_KEY" in result.stderr, result.stderr
    assert "content/cats.json was not changed" in result.stderr
    assert RESTDB_KEY not in result.stdout + result.stderr
    assert len(posts) == 1
    assert listing(site / "content") == before


# -- 19. a breed's photos in a stable order, the reference image first ----------

class ShuffledCompletion(FakeAPI):
    """Answers every photo download and image listing after a random delay,
    so the order requests complete in has nothing to do with the order the
    API lists the photos in."""

    def handle(self, h):
        if "/cdn/" in h.path:
            time.sleep(random.random() * 0.04)
        elif "/images/" in h.path:
            time.sleep(random.random() * 0.02)
        super().handle(h)


def test_a_breeds_photos_keep_a_stable_order_and_its_cover_is_the_reference_image(tmp_path):
    api = ShuffledCompletion(cat_key=CAT_KEY).start()
    try:
        api.breeds = api.breeds[:6]
        orders = []
        for n in range(2):
            site = write_site(tmp_path / f"site{n}", ["  thecatapi:", f"    base_url: {api.base}/v1",
                                                      "    api_key_env: THECATAPI_KEY", "    photos_per_breed: 5"])
            result = run("fetch", "--site", str(site))
            assert result.returncode == 0, result.stderr
            manifest = json.loads((site / "content/photos/SOURCES.json").read_text())
            orders.append([entry["file"] for entry in manifest["photos"]])
            for breed in api.breeds:
                ids = [e["id"] for e in manifest["photos"] if e["file"].startswith(f"breeds/{breed['id']}/")]
                reference = api.reference(breed["id"])
                # The reference image, then the search's photos by id (the search's order changes from
                # one call to the next).
                assert ids == [reference] + sorted([i for i in api.image_ids(breed["id"]) if i != reference][:4])
        assert orders[0] == orders[1]

        build = run("build", "--site", str(site), "--quiet")
        assert build.returncode == 0, build.stderr
        for breed in api.breeds:
            page = (site / f"public/breeds/{breed['id']}/index.html").read_text()
            shown = re.findall(r'<img src="\.\./\.\./images/([^"/]+?)-\d+x\d+\.', page)
            assert shown and shown[0] == api.reference(breed["id"]).lower(), (breed["id"], shown)
            listing_page = (site / "public/breeds/index.html").read_text()
            assert api.reference(breed["id"]).lower() in listing_page
    finally:
        api.stop()


# -- a key echoed in pieces or encoded ----------------------------------------------

def _percent(text):
    return "".join(f"%{ord(c):02X}" for c in text)


ECHOES = {
    # Two halves in two fields with another between them.
    "halves": lambda b, key: b.update(description=f"first {key[:9]} then", origin=f"{key[9:]} after"),
    # Thirds, too short to count alone, in fields one after the other.
    "thirds": lambda b, key: b.update(x1=key[:6], x2=key[6:12], x3=key[12:]),
    "base64": lambda b, key: b.update(description="token " + base64.b64encode(key.encode()).decode() + " end"),
    "base64-url-unpadded": lambda b, key: b.update(
        description="t=" + base64.urlsafe_b64encode(b"key:" + key.encode()).decode().rstrip("=")),
    "url-encoded": lambda b, key: b.update(description="https://example.com/?k=" + _percent(key)),
    "halves-base64": lambda b, key: b.update(
        x1=base64.b64encode(key[:9].encode()).decode(), origin="x", x2=base64.b64encode(key[9:].encode()).decode()),
}


@pytest.mark.parametrize("how", sorted(ECHOES))
def test_a_key_echoed_in_pieces_or_encoded_is_never_written(tmp_path, api, how):
    api.breeds = [dict(b) for b in api.breeds]
    ECHOES[how](api.breeds[3], CAT_KEY)
    site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {api.base}/v1",
                                          "    api_key_env: THECATAPI_KEY", "    photos_per_breed: 0"])
    result = run("fetch", "--site", str(site), "--only", "breeds")
    assert result.returncode == 1, result.stderr
    assert "content/breeds.json: error: the answer holds the API key from THECATAPI_KEY" in result.stderr, \
        result.stderr
    assert not (site / "content/breeds.json").exists()


# -- an answer too large to hold ------------------------------------------------------

def test_a_breeds_answer_over_the_limit_is_refused_as_it_streams_and_nothing_is_written(tmp_path):
    breeds = [{"id": f"b{i}", "name": f"Breed {i}"} for i in range(400_000)]
    api = FakeAPI(breeds=breeds, images_per_breed=0, cat_key=CAT_KEY).start()
    try:
        assert len(json.dumps(api.breeds_document())) > 8 * 1024 * 1024
        site = write_site(tmp_path / "site", ["  thecatapi:", f"    base_url: {api.base}/v1",
                                              "    api_key_env: THECATAPI_KEY", "    photos_per_breed: 0"])
        started = time.monotonic()
        result = run("fetch", "--site", str(site), "--only", "breeds")
        took = time.monotonic() - started
    finally:
        api.stop()
    assert result.returncode == 1, result.stderr
    assert f"error: GET {api.base}/v1/breeds: response larger than the 8 MB limit" in result.stderr, result.stderr
    assert listing(site / "content") == {"photos": "dir", "site.yml": (site / "content/site.yml").read_bytes()}
    assert took < 30, took


# -- photo URLs that lead to this machine or a private network ------------------------------------

def test_a_photo_url_naming_another_loopback_port_is_refused_with_a_warning(tmp_path, api):
    other = FakeAPI().start()
    try:
        api.cats[0]["photoUrl"] = f"{other.base}/cdn/cats/elsewhere.jpg"
        site = write_site(tmp_path / "site", ["  restdb:", f"    url: {api.base}/rest/cats",
                                              "    api_key_env: RESTDB_KEY"])
        result = run("fetch", "--site", str(site), "--only", "cats", "--verbose",
                     env={"CATGALLERY_TEST_ONLY_ALLOW_PRIVATE_DOWNLOADS": "0"})
        asked = other.requests()
    finally:
        other.stop()
    assert result.returncode == 0, result.stderr
    assert (f'content/photos/cats: warning: photo "{other.base}/cdn/cats/elsewhere.jpg" leads to 127.0.0.1, '
            "a loopback address; not downloaded (fetch downloads only from public addresses)") in result.stderr, \
        result.stderr
    assert asked == []
    assert not (site / "content/photos/cats").exists()
    assert len(json.loads((site / "content/cats.json").read_text())) == 12
