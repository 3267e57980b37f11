"""A copy of the example site for a test to build, serve or edit, with the images of an
earlier build, so that the builds and servers of the tests process no photo again."""
import os
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# What a build leaves in its cache that later builds reuse: the derivatives, named
# by content, and the photos' headers (the index's folder, or its one file in a
# cache from before the folder) and placeholders.
CACHED = ("derivatives", "photos", "photos.json", "placeholders.json")


def example_site(root, cache=REPO / ".cache/catgallery"):
    """A copy of the example site's content/ at `root`, with `cache`'s images."""
    shutil.copytree(REPO / "content", root / "content")
    seed_images(cache, root)
    return root


def seed_images(cache, root):
    """`cache` (a site's `.cache/catgallery`) as the cache of the site at `root`.
    Derivatives are hard links: catgallery replaces a cache file by renaming, never
    writes into one. A missing cache seeds nothing: the build then makes its own."""
    target = root / ".cache/catgallery"
    target.mkdir(parents=True, exist_ok=True)
    for name in CACHED:
        source = cache / name
        if source.is_dir():
            shutil.copytree(source, target / name, copy_function=link_or_copy)
        elif source.exists():
            shutil.copy2(source, target / name)


def link_or_copy(source, target):
    try:
        os.link(source, target)
    except OSError:  # another file system
        shutil.copy2(source, target)
