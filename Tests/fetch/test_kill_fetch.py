"""A fetch killed at any rename loses nothing: every file of content/ is
then its old bytes or its new bytes, never part of either, and the next
fetch finishes the job. Runs the real binary under strace, killing it at the
N-th rename for every N up to the number a whole fetch makes."""
import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from fakeapi import FakeAPI
from test_fetch import BINARY, CAT_KEY, RESTDB_KEY, make_site

RENAMES = "rename,renameat,renameat2"


def contents(site, temporaries=True):
    """content/ by path → hash; without the temporary files a kill leaves
    half-written (`.tmp-<pid>-…`) unless `temporaries`."""
    return {str(p.relative_to(site / "content")): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((site / "content").rglob("*"))
            if p.is_file() and (temporaries or not p.name.startswith(".tmp-"))}


def fetch(site, *prefix):
    env = dict(os.environ, THECATAPI_KEY=CAT_KEY, RESTDB_KEY=RESTDB_KEY)
    return subprocess.run([*prefix, str(BINARY), "fetch", "--site", str(site), "--quiet"], capture_output=True,
                          text=True, env=env, timeout=120)


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace")
def test_a_fetch_killed_at_any_rename_leaves_each_file_old_or_new(tmp_path):
    api = FakeAPI(cat_key=CAT_KEY, restdb_key=RESTDB_KEY, facts=30)
    api.breeds = api.breeds[:3]
    api.start()
    try:
        old_site = make_site(tmp_path / "old", api, sources=("thecatapi", "facts"), photos_per_breed=2)
        assert fetch(old_site).returncode == 0
        old = contents(old_site)
        # Upstream changes: no reference images (other covers, other photos), more facts.
        api.images_per_breed = 3
        api.facts.append("A killed fetch loses nothing.")
        new_site = tmp_path / "new"
        shutil.copytree(old_site, new_site)
        assert fetch(new_site).returncode == 0
        new = contents(new_site)
        assert old != new
        # Kill at the first rename, the second, … until a fetch gets through them all.
        for n in range(1, 200):
            site = tmp_path / f"kill-{n}"
            shutil.copytree(old_site, site)
            run = fetch(site, "strace", "-f", "-o", "/dev/null", "-e", f"inject={RENAMES}:signal=KILL:when={n}")
            if run.returncode == 0:
                assert contents(site) == new
                break
            for file, digest in contents(site, temporaries=False).items():
                assert digest in (old.get(file), new.get(file)), f"kill at rename {n}: {file} is neither old nor new"
            for file in ("breeds.json", "facts.json", "photos/SOURCES.json"):
                if (site / "content" / file).exists():
                    assert (site / "content" / file).read_text().strip().endswith(("]", "}"))
            assert fetch(site).returncode == 0, f"after a kill at rename {n}"
            # The same files as a fetch never killed: the half-written ones are gone too.
            assert contents(site) == new, f"after a kill at rename {n} and a new fetch"
            shutil.rmtree(site)
        # Photos moved, removed, the manifest and two JSON files, each a rename.
        assert n > 6, f"a whole fetch made only {n - 1} renames"
    finally:
        api.stop()


def share_images(source, target):
    """Gives `target`'s image cache the derivatives and placeholder colours a build of
    `source` made (hard links: catgallery replaces a cache file by renaming, never writes
    into one), so that the builds of the copies a test makes of `target` resize no photo:
    what is checked is content/ and the pages, which the cache does not change."""
    cache, into = source / ".cache/catgallery", target / ".cache/catgallery"
    (into / "derivatives").mkdir(parents=True, exist_ok=True)
    for file in (cache / "derivatives").iterdir():
        if not (into / "derivatives" / file.name).exists():
            os.link(file, into / "derivatives" / file.name)
    colours = json.loads((cache / "placeholders.json").read_text())
    if (into / "placeholders.json").exists():
        colours.update(json.loads((into / "placeholders.json").read_text()))
    (into / "placeholders.json").write_text(json.dumps(colours, sort_keys=True))


def build(site):
    return subprocess.run([str(BINARY), "build", "--site", str(site), "--quiet"], capture_output=True, text=True,
                          timeout=120)


def pages(site):
    """The built site's text files by path → hash (images are named by their content already)."""
    return {str(p.relative_to(site / "public")): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((site / "public").rglob("*"))
            if p.is_file() and p.suffix in (".html", ".json", ".xml", ".txt")}


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace")
def test_a_build_after_a_fetch_killed_at_any_rename_sees_the_old_or_the_new_content(tmp_path):
    """Not only each file: the whole of content/ that a build reads is the
    old fetch's or the new one's, never new photos beside the old SOURCES.json
    (which a build would show as the user's own photos)."""
    api = FakeAPI(cat_key=CAT_KEY, restdb_key=RESTDB_KEY, facts=30)
    api.breeds = api.breeds[:3]
    api.cats = [api._cat(i) for i in range(4)]
    api.start()
    try:
        old_site = make_site(tmp_path / "old", api, photos_per_breed=2)
        assert fetch(old_site).returncode == 0
        assert build(old_site).returncode == 0
        old, old_pages = contents(old_site), pages(old_site)
        api.images_per_breed = 3
        api.cats = api.cats[1:] + [api._cat(7)]
        api.facts.append("A killed fetch loses nothing.")
        new_site = tmp_path / "new"
        shutil.copytree(old_site, new_site)
        assert fetch(new_site).returncode == 0
        assert build(new_site).returncode == 0
        new, new_pages = contents(new_site), pages(new_site)
        assert old != new and old_pages != new_pages
        share_images(new_site, old_site)
        for n in range(1, 200):
            site = tmp_path / f"kill-{n}"
            shutil.copytree(old_site, site)
            run = fetch(site, "strace", "-f", "-o", "/dev/null", "-e", f"inject={RENAMES}:signal=KILL:when={n}")
            if run.returncode == 0:
                break
            built = build(site)
            assert built.returncode == 0, f"kill at rename {n}: {built.stderr}"
            seen = contents(site, temporaries=False)
            mixed = sorted(f for f in set(seen) | set(old) | set(new) if seen.get(f) != old.get(f))
            assert seen in (old, new), f"kill at rename {n}: content/ is neither old nor new; new here: {mixed}"
            assert pages(site) in (old_pages, new_pages), f"kill at rename {n}: the built site is neither old nor new"
            assert fetch(site).returncode == 0, f"after a kill at rename {n}"
            assert contents(site) == new, f"after a kill at rename {n} and a new fetch"
            shutil.rmtree(site)
        assert n > 10, f"a whole fetch made only {n - 1} renames"
    finally:
        api.stop()
