"""What `fetch` trusts and what it refuses: a site is a cloned repository that
may be hostile, so its `.cache` links, its `site.yml` key settings and the
APIs' answers must never lead a key or a write where the user did not mean.
The real binary against FakeAPI on 127.0.0.1 (fakeapi.py); nothing leaves
the machine.
"""
import os
import subprocess
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

