"""Link previews and the feed of the example site built with a base URL: every
page has its Open Graph and Twitter card tags with absolute URLs that name files
of the built site, and feed.xml reads cleanly in feedparser."""
import html.parser
import os
import pathlib
import subprocess

import feedparser
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("CATGALLERY_BINARY", REPO / ".build" / "debug" / "catgallery"))
BASE = "https://example.org/gallery"
REQUIRED = ("og:type", "og:site_name", "og:title", "og:description", "og:url", "og:image", "og:image:width",
            "og:image:height", "twitter:card")


class Head(html.parser.HTMLParser):
    """The meta tags and feed links of a page's head."""

    def __init__(self):
        super().__init__()
        self.meta, self.feeds = {}, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and (attrs.get("property") or attrs.get("name")):
            self.meta.setdefault(attrs.get("property") or attrs.get("name"), []).append(attrs.get("content"))
        if tag == "link" and attrs.get("type") == "application/atom+xml":
            self.feeds.append(attrs)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("published")
    run = subprocess.run([str(BINARY), "build", "--site", str(REPO), "--output", str(out), "--base-url", BASE + "/",
                          "--quiet"], capture_output=True, text=True, env=dict(os.environ, VIPS_WARNING="0"))
    assert run.returncode == 0, run.stderr
    return out


def local(site, url):
    """The file of the built site an absolute URL names (a folder: its index.html)."""
    assert url.startswith(BASE + "/"), url
    path = site / url[len(BASE) + 1:]
    return path / "index.html" if url.endswith("/") else path


def test_every_page_has_link_preview_tags_with_absolute_urls_to_its_files(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 100
    images = set()
    for page in pages:
        head = Head()
        head.feed(page.read_text(encoding="utf-8"))
        name = page.relative_to(site).as_posix()
        for tag in REQUIRED:
            assert len(head.meta.get(tag, [])) == 1, f"{name}: {tag}"
        url = head.meta["og:url"][0]
        assert local(site, url) == page, f"{name}: og:url {url}"
        image = head.meta["og:image"][0]
        assert local(site, image).is_file(), f"{name}: og:image {image} is not in the site"
        assert head.meta["og:image:width"][0] == "1200" or int(head.meta["og:image:width"][0]) < 1200, name
        assert head.meta["twitter:card"] == ["summary_large_image"], name
        assert head.meta["og:title"][0].strip() and head.meta["og:description"][0].strip(), name
        assert [f["href"] for f in head.feeds] == [BASE + "/feed.xml"], name
        images.add(image)
    # The pages show many photos, each as a JPEG (none of the example's has alpha).
    assert len(images) > 30 and all(image.endswith(".jpg") for image in images)


def test_the_feed_reads_cleanly_in_feedparser_with_every_link_in_the_site(site):
    feed = feedparser.parse((site / "feed.xml").read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert feed.feed.title == "Cat Gallery" and feed.feed.id == BASE + "/"
    assert [link.href for link in feed.feed.links if link.rel == "self"] == [BASE + "/feed.xml"]
    assert 0 < len(feed.entries) <= 50
    assert len({entry.id for entry in feed.entries}) == len(feed.entries), "ids are unique"
    for entry in feed.entries:
        assert entry.title and entry.summary and entry.updated_parsed, entry.id
        assert entry.link == entry.id and local(site, entry.link).is_file(), entry.id
        for enclosure in entry.get("enclosures", []):
            assert local(site, enclosure.href).is_file(), enclosure.href
    kinds = {entry.id[len(BASE) + 1:].split("/")[0] for entry in feed.entries}
    assert "facts" in kinds and kinds - {"facts"}, kinds


def test_a_rebuild_writes_the_same_feed(site, tmp_path):
    again = tmp_path / "again"
    run = subprocess.run([str(BINARY), "build", "--site", str(REPO), "--output", str(again), "--base-url", BASE,
                          "--quiet"], capture_output=True, text=True, env=dict(os.environ, VIPS_WARNING="0"))
    assert run.returncode == 0, run.stderr
    assert (again / "feed.xml").read_bytes() == (site / "feed.xml").read_bytes()
