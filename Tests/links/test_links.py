"""Every link in a built site resolves: each href, src and srcset in every page
of the example site and of the golden fixture names a file that exists (a
folder means its index.html), and a #fragment on a page names an element on it.
External URLs (with a scheme, or //host) are left alone."""
import html.parser
import os
import pathlib
import shutil
import subprocess
import tempfile
import sys
import urllib.parse

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/support"))
from example_cache import seed_images  # noqa: E402
BINARY = pathlib.Path(os.environ.get("CATGALLERY_BINARY", REPO / ".build" / "debug" / "catgallery"))
SITES = {"example": REPO, "golden": REPO / "Tests" / "Fixtures" / "golden-site"}


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name == "id":
                self.ids.add(value)
            elif name in ("href", "src"):
                self.links.append(value)
            elif name in ("srcset", "data-srcset"):
                self.links += [part.split()[0] for part in value.split(",") if part.strip()]
            elif name == "data-full":
                self.links.append(value)


def parse(path):
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def broken_links(root):
    pages = {path: parse(path) for path in root.rglob("*.html")}
    broken = []
    for path, page in pages.items():
        for link in page.links:
            parsed = urllib.parse.urlsplit(link)
            if parsed.scheme or link.startswith("//") or link.startswith("mailto:"):
                continue
            target = path if not parsed.path else (path.parent / urllib.parse.unquote(parsed.path)).resolve()
            if parsed.path.endswith("/") or target.is_dir():
                target = target / "index.html"
            if not target.is_file() or root.resolve() not in target.resolve().parents:
                broken.append(f"{path.relative_to(root)}: {link}")
                continue
            if parsed.fragment and target.suffix == ".html" and not parsed.fragment.startswith("photo="):
                ids = pages[target].ids if target in pages else parse(target).ids
                if urllib.parse.unquote(parsed.fragment) not in ids:
                    broken.append(f"{path.relative_to(root)}: {link} (no such id)")
    return broken, sum(len(page.links) for page in pages.values())


@pytest.mark.parametrize("name", sorted(SITES))
def test_every_link_in_the_built_site_resolves(name):
    work = pathlib.Path(tempfile.mkdtemp(prefix="links-"))
    try:
        site = work / "site"
        shutil.copytree(SITES[name] / "content", site / "content")
        if (SITES[name] / "templates").is_dir() and name != "example":
            shutil.copytree(SITES[name] / "templates", site / "templates")
        # The derivatives an earlier build made (`make validate`'s, or another suite's):
        # no photo is resized again, the links are what is checked.
        seed_images(SITES[name] / ".cache/catgallery", site)
        result = subprocess.run([str(BINARY), "build", "--site", str(site), "--quiet"], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        broken, checked = broken_links(site / "public")
        print(f"\n{name}: {checked} links checked, {len(broken)} broken")
        assert broken == []
    finally:
        shutil.rmtree(work)
