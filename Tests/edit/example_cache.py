"""A copy of the example site for a test to edit, with the images of one earlier build
(conftest.py's `image_cache`), so that the builds and servers of the tests process none."""
import os
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# What a build of the example site leaves in its cache that later builds reuse:
# the derivatives, named by content, and the photos' headers and placeholders.
CACHED = ("derivatives", "photos.json", "placeholders.json")


def example_site(root, cache):
    """A copy of the example site's content/ at `root`, with `cache`'s images. Derivatives
    are hard links: catgallery replaces a cache file by renaming, never writes into one."""
    shutil.copytree(REPO / "content", root / "content")
    target = root / ".cache/catgallery"
    target.mkdir(parents=True)
    for name in CACHED:
        source = cache / name
        if source.is_dir():
            shutil.copytree(source, target / name, copy_function=link_or_copy)
        elif source.exists():
            shutil.copy2(source, target / name)
    return root


def link_or_copy(source, target):
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
