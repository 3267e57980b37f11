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


def png_bomb(width=60000, height=60000):
    """A PNG whose header claims width×height pixels (its data is one row)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 7501))
            + chunk(b"IEND", b""))


def jpeg_bomb(jpeg, size=65500):
    """`jpeg` with its frame header claiming size×size pixels."""
    data = bytearray(jpeg)
    at = next(i for i in range(len(data) - 1) if data[i] == 0xFF and data[i + 1] in (0xC0, 0xC1, 0xC2))
    data[at + 5:at + 9] = size.to_bytes(2, "big") * 2
    return bytes(data)


class BombAPI(FakeAPI):
    """The Cat API with some images (by id) answered with other bytes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.bombs = {}

    def image_bytes(self, name):
        for iid, data in self.bombs.items():
            if f"/{iid}." in name:
                return data
        return super().image_bytes(name)


@pytest.fixture
def bombs():
    server = BombAPI(cat_key=CAT_KEY, restdb_key=RESTDB_KEY)
    server.breeds = server.breeds[:1]
    server.start()
    yield server
    server.stop()


def photo_files(site):
    return sorted(str(p.relative_to(site / "content/photos")) for p in (site / "content/photos").rglob("*")
                  if p.is_file())


@pytest.mark.parametrize("kind", ["png", "jpeg"])
def test_a_photo_over_the_pixel_limit_is_refused_at_its_url_and_not_stored(tmp_path, bombs, kind):
    breed = bombs.breeds[0]["id"]
    iid = bombs.reference(breed)
    bombs.bombs[iid] = png_bomb() if kind == "png" else jpeg_bomb(bombs.photos[0])
    size = "60000×60000" if kind == "png" else "65500×65500"
    site = make_site(tmp_path / "site", bombs, sources=("thecatapi",), photos_per_breed=2)
    run = fetch(site, "--quiet")
    assert run.returncode == 1
    assert (f"{bombs.base}/cdn/images/{iid}.jpg: error: image is {size}, over the limit of 200 megapixels "
            "(images.max_megapixels in site.yml); not downloaded, as the build would refuse it") in run.stderr
    assert photo_files(site) == []
    assert not (site / "content/breeds.json").exists()


def test_a_photo_over_the_limit_stored_before_is_asked_again_replaced_or_refused(tmp_path, bombs):
    breed = bombs.breeds[0]["id"]
    iid = bombs.reference(breed)
    bombs.bombs[iid] = png_bomb()
    site = make_site(tmp_path / "site", bombs, sources=("thecatapi",), photos_per_breed=2)
    config = (site / "content/site.yml").read_text()
    # Stored under a higher limit (as a fetch without the check stored it).
    (site / "content/site.yml").write_text(config + "images:\n  max_megapixels: 5000\n")
    assert fetch(site, "--quiet").returncode == 0
    assert f"breeds/{breed}/{iid}.png" in photo_files(site)
    (site / "content/site.yml").write_text(config)
    # The source still serves it: refused, naming the URL; --keep-going drops it so the build works.
    run = fetch(site, "--quiet")
    assert run.returncode == 1
    assert f"{bombs.base}/cdn/images/{iid}.jpg: error: image is 60000×60000, over the limit" in run.stderr
    run = fetch(site, "--quiet", "--keep-going")
    assert run.returncode == 1
    assert f"breeds/{breed}/{iid}.png" not in photo_files(site)
    assert iid not in (site / "content/photos/SOURCES.json").read_text()
    # The source replaced it: the next fetch replaces it too.
    (site / "content/site.yml").write_text(config + "images:\n  max_megapixels: 5000\n")
    assert fetch(site, "--quiet").returncode == 0
    (site / "content/site.yml").write_text(config)
    del bombs.bombs[iid]
    run = fetch(site, "--quiet")
    assert run.returncode == 0, run.stderr
    assert f"breeds/{breed}/{iid}.jpg" in photo_files(site)
    assert f"breeds/{breed}/{iid}.png" not in photo_files(site)


def test_a_fetch_with_nothing_new_leaves_sources_json_alone_whatever_parts_it_asks(tmp_path):
    api = FakeAPI(cat_key=CAT_KEY, restdb_key=RESTDB_KEY, facts=10)
    api.breeds = api.breeds[:3]
    api.cats = [api._cat(i) for i in range(4)]
    api.start()
    try:
        site = make_site(tmp_path / "site", api, photos_per_breed=2)
        assert fetch(site, "--quiet").returncode == 0
        manifest = site / "content/photos/SOURCES.json"
        before = (manifest.read_bytes(), manifest.stat().st_ino, manifest.stat().st_mtime_ns)
        for parts in (["--only", "cats"], ["--only", "photos"], ["--only", "facts"], []):
            run = fetch(site, *parts)
            assert run.returncode == 0, run.stderr
            assert "SOURCES.json" not in run.stdout, (parts, run.stdout)
            assert (manifest.read_bytes(), manifest.stat().st_ino, manifest.stat().st_mtime_ns) == before, parts
    finally:
        api.stop()


class Latin1Facts(FakeAPI):
    """catfact.ninja answering one fact in Latin-1, not UTF-8: `café` as b"caf\\xe9"."""

    def send(self, h, status, body, content_type, extra=(), slow=False, length=None):
        if b"CAFE" in body:
            body = body.replace(b"CAFE", b"caf\xe9")
            self.offset = body.index(b"\xe9")
        return super().send(h, status, body, content_type, extra, slow, length)


def test_invalid_utf8_from_an_api_is_refused_at_its_url_and_byte_offset(tmp_path):
    api = Latin1Facts(cat_key=CAT_KEY, restdb_key=RESTDB_KEY, facts=10)
    api.facts[2] = "Cats nap in every CAFE."
    api.start()
    try:
        site = make_site(tmp_path / "site", api, sources=("facts",))
        run = fetch(site, "--quiet")
        assert run.returncode == 1
        assert (f"{api.base}/facts?limit=100:1:{api.offset + 1}: error: invalid UTF-8 at byte offset {api.offset} "
                "(0xE9); the answer is refused rather than changed") in run.stderr, run.stderr
        assert not (site / "content/facts.json").exists()
    finally:
        api.stop()


class SkipIgnoringRestDB(CappedRestDB):
    """A restdb that caps its pages and answers the first page whatever `skip` says."""

    def handle(self, h):
        url = urlsplit(h.path)
        if url.path == "/rest/cats":
            h.path = url.path + "?skip=0&max=1000"
        return super().handle(h)


def test_a_restdb_that_ignores_skip_is_an_error_not_an_endless_fetch(tmp_path):
    api = SkipIgnoringRestDB(cat_key=CAT_KEY, restdb_key=RESTDB_KEY, cats=100).start()
    try:
        site = make_site(tmp_path / "site", api, sources=("restdb",))
        run = fetch(site, "--only", "cats", "--quiet")
        assert run.returncode == 1
        assert (f"{api.base}/rest/cats?skip=40&max=100: error: the page repeats records already received "
                "(does the server ignore skip?)") in run.stderr, run.stderr
        assert len(api.requests("/rest/cats")) == 2
        assert not (site / "content/cats.json").exists()
    finally:
        api.stop()
