"""The fetch journal (`.cache/catgallery/fetch/commit.json`) lies in the site
folder, so a repository can commit one. `build` and `fetch` replay it only
when the site's cache and content/ are the site's own folders and every step
is one fetch writes; anything else is an error naming the journal, with the
files it names untouched. A dry run never touches what a killed fetch left
for its journal."""
import hashlib
import json
import os
import shutil
import subprocess

import pytest

from fakeapi import FakeAPI
from test_fetch import BINARY, CAT_KEY, REPO, RESTDB_KEY, make_site
from test_kill_fetch import RENAMES, contents, share_images

JOURNAL = ".cache/catgallery/fetch/commit.json"
INCOMING = ".cache/catgallery/fetch/incoming"


def run(command, site, *args):
    env = dict(os.environ, THECATAPI_KEY=CAT_KEY, RESTDB_KEY=RESTDB_KEY)
    return subprocess.run([*args, str(BINARY), command, "--site", str(site), "--quiet"], capture_output=True,
                          text=True, env=env, timeout=120)


def sha(data):
    return hashlib.sha256(data).hexdigest()


def write_journal(site, moves=(), removals=()):
    path = site / JOURNAL
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "version": 2,
        "moves": [{"staged": s, "target": t, "sha256": "0" * 64} for s, t in moves],
        "removals": [{"file": f, "sha256": h} for f, h in removals]}))


def hostile(tmp_path, case):
    """A site with a hand-written journal for `case`; returns the site, the
    files it must not change (path → bytes) and the start of the error."""
    site, outside = tmp_path / "site", tmp_path / "outside"
    (outside / "photos").mkdir(parents=True)
    victim = outside / "id_rsa"
    victim.write_bytes(b"secret key\n")
    (outside / ".bashrc").write_bytes(b"stock dotfile\n")
    (outside / "photos/a.jpg").write_bytes(b"stock photo\n")
    (outside / "site.yml").write_text("title: Outside\n")
    if case == "content is a link out":
        site.mkdir()
        (site / "content").symlink_to(outside)
    else:
        (site / "content/photos").mkdir(parents=True)
        (site / "content/site.yml").write_text("title: Hostile\n")
    (site / INCOMING).mkdir(parents=True)
    (site / INCOMING / "x").write_bytes(b"staged\n")
    staged = f"{INCOMING}/x"
    expected = f"{JOURNAL}: error: refused: "
    if case == "staged with ..":
        write_journal(site, moves=[("../outside/id_rsa", "content/notes/abys.md")])
    elif case == "staged absolute":
        write_journal(site, moves=[(str(victim), "content/photos/abys/1.jpg")])
    elif case == "staged with .. below incoming":
        write_journal(site, moves=[(f"{INCOMING}/../../../../../outside/id_rsa", "content/photos/abys/1.jpg")])
    elif case == "target outside content":
        write_journal(site, moves=[(staged, "../outside/.bashrc")])
    elif case == "target with .. below photos":
        write_journal(site, moves=[(staged, "content/photos/../../../outside/.bashrc")])
    elif case == "target not a fetched file":
        write_journal(site, moves=[(staged, "content/site.yml")])
    elif case == "removal outside":
        write_journal(site, removals=[("content/photos/../../../outside/.bashrc", sha(b"stock dotfile\n"))])
    elif case == "content is a link out":
        write_journal(site, moves=[(staged, "content/breeds.json")],
                      removals=[("content/photos/a.jpg", sha(b"stock photo\n"))])
        expected = "content: error: links to "
    elif case == "photo folder is a link out":
        (site / "content/photos/abys").symlink_to(outside)
        write_journal(site, moves=[(staged, "content/photos/abys/new/1.jpg")],
                      removals=[("content/photos/abys/photos/a.jpg", sha(b"stock photo\n"))])
        expected = "content/photos/abys/new/1.jpg: error: leads out of content/"
    elif case == "cache is a link out":
        shutil.move(site / ".cache", outside / "cache")
        (site / ".cache").symlink_to(outside / "cache")
        write_journal(site, moves=[(staged, "content/breeds.json")],
                      removals=[("content/photos/../../../outside/.bashrc", sha(b"stock dotfile\n"))])
        expected = ".cache: error: the cache folder links to "
    files = {p: p.read_bytes() for p in sorted(outside.rglob("*")) if p.is_file() and not p.is_symlink()}
    return site, outside, files, expected


CASES = ["staged with ..", "staged absolute", "staged with .. below incoming", "target outside content",
         "target with .. below photos", "target not a fetched file", "removal outside", "content is a link out",
         "photo folder is a link out", "cache is a link out"]


@pytest.mark.parametrize("command", ["build", "fetch"])
@pytest.mark.parametrize("case", CASES)
def test_a_hostile_journal_is_refused_and_moves_nothing(tmp_path, case, command):
    site, outside, files, expected = hostile(tmp_path, case)
    before = sorted(p for p in outside.rglob("*"))
    result = run(command, site)
    assert result.returncode == 1, result.stderr
    assert expected in result.stderr, result.stderr
    assert {p: p.read_bytes() for p in files} == files
    assert sorted(p for p in outside.rglob("*")) == before
    if case != "cache is a link out":
        assert (site / INCOMING / "x").read_bytes() == b"staged\n"
        assert (site / JOURNAL).exists()


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace")
def test_a_dry_run_after_a_fetch_killed_after_its_journal_loses_nothing(tmp_path):
    """Killed after the journal, then a dry run (which takes no lock and
    replays nothing), then a build: content/ is the new state. With the
    staged files deleted by hand the build is an error and changes nothing.
    Killed before the journal, content/ has no new folder either (a new
    breed's photo folder is made by the journal)."""
    api = FakeAPI(cat_key=CAT_KEY, restdb_key=RESTDB_KEY, facts=30)
    breeds = api.breeds[:3]
    api.breeds = breeds[:2]
    api.start()
    try:
        old_site = make_site(tmp_path / "old", api, sources=("thecatapi", "facts"), photos_per_breed=2)
        assert run("fetch", old_site).returncode == 0
        old, old_folders = contents(old_site), folders(old_site)
        api.breeds = breeds
        api.images_per_breed = 3
        api.facts.append("A killed fetch loses nothing.")
        new_site = tmp_path / "new"
        shutil.copytree(old_site, new_site)
        assert run("fetch", new_site).returncode == 0
        new = contents(new_site)
        assert folders(new_site) != old_folders
        # The builds below find every photo of either state resized already.
        for built in (old_site, new_site):
            shutil.copytree(built, tmp_path / "warm", ignore=shutil.ignore_patterns("fetch"))
            assert run("build", tmp_path / "warm").returncode == 0
            share_images(tmp_path / "warm", old_site)
            shutil.rmtree(tmp_path / "warm")
        journals = befores = 0
        for n in range(1, 200):
            site = tmp_path / f"kill-{n}"
            shutil.copytree(old_site, site)
            killed = run("fetch", site, "strace", "-f", "-o", "/dev/null", "-e",
                         f"inject={RENAMES}:signal=KILL:when={n}")
            if killed.returncode == 0:
                break
            if not (site / JOURNAL).exists() and contents(site, temporaries=False) == old:
                befores += 1
                assert folders(site) == old_folders, f"kill at rename {n}, before the journal: a new folder"
            else:
                journals += 1
                if journals == 1 and (site / JOURNAL).exists():
                    lost = tmp_path / "lost"
                    shutil.copytree(site, lost)
                    shutil.rmtree(lost / INCOMING)
                    left = contents(lost)
                    built = run("build", lost)
                    assert built.returncode == 1 and "is gone" in built.stderr, built.stderr
                    assert contents(lost) == left and (lost / JOURNAL).exists()
                dry = subprocess.run([str(BINARY), "fetch", "--site", str(site), "--dry-run"], capture_output=True,
                                     text=True, env=dict(os.environ, THECATAPI_KEY=CAT_KEY), timeout=120)
                # The dry run leaves the journal; one gone here was finished by the
                # killed fetch itself (strace may let its last rename through).
                if (site / JOURNAL).exists():
                    assert (site / INCOMING).exists(), f"kill at rename {n}: the dry run removed the staged files"
                    assert f"{JOURNAL}: warning: a fetch was interrupted" in dry.stderr, dry.stderr
                built = run("build", site)
                assert built.returncode == 0, f"kill at rename {n}: {built.stderr} (dry run: {dry.stderr})"
                assert contents(site, temporaries=False) == new, f"kill at rename {n}, a dry run and a build"
            shutil.rmtree(site)
        assert befores > 3 and journals > 3, f"only {journals} kills came after the journal"
    finally:
        api.stop()


def folders(site):
    return sorted(str(p.relative_to(site)) for p in (site / "content").rglob("*") if p.is_dir())


def test_a_hand_written_journal_replaces_or_removes_no_photo_of_yours(tmp_path):
    """Inside content/photos/ too, a journal only does what fetch does: it writes a photo where there
    was none or where SOURCES.json lists one, removes only what SOURCES.json lists, names photos as
    images, and moves only staged files, never a link."""
    site, outside = tmp_path / "site", tmp_path / "outside"
    outside.mkdir()
    (outside / "secret").write_bytes(b"secret\n")
    (site / "content/photos/mine").mkdir(parents=True)
    (site / "content/site.yml").write_text("title: Mine\n")
    kitten = site / "content/photos/kitten.jpg"
    kitten.write_bytes((REPO / "content/photos/box1.jpg").read_bytes())
    own = site / "content/photos/mine/own.jpg"
    own.write_bytes((REPO / "content/photos/box2.jpg").read_bytes())
    (site / INCOMING).mkdir(parents=True)
    (site / INCOMING / "x").write_bytes(b"staged\n")
    (site / INCOMING / "link").symlink_to(outside / "secret")
    yours = {p: p.read_bytes() for p in (kitten, own)}

    def journal(moves=(), removals=()):
        (site / JOURNAL).write_text(json.dumps({
            "version": 2, "moves": [{"staged": s, "target": t, "sha256": h} for s, t, h in moves],
            "removals": [{"file": f, "sha256": sha(yours[site / f])} for f in removals]}))

    # Over a photo of yours, and yours removed: refused, nothing changed, the journal kept.
    journal(moves=[(f"{INCOMING}/x", "content/photos/kitten.jpg", sha(b"staged\n"))],
            removals=["content/photos/mine/own.jpg"])
    result = run("build", site)
    assert result.returncode == 1
    assert "content/photos/kitten.jpg: error: a file of yours is where an interrupted fetch would put a photo" \
        in result.stderr, result.stderr
    assert {p: p.read_bytes() for p in yours} == yours and (site / JOURNAL).exists()
    # Not named as an image (a page, a hook): refused before any step.
    journal(moves=[(f"{INCOMING}/x", "content/photos/notes.md", sha(b"staged\n"))])
    result = run("build", site)
    assert result.returncode == 1 and "which is not named as an image fetch downloads" in result.stderr
    assert not (site / "content/photos/notes.md").exists()
    # A staged link is not moved into content/.
    journal(moves=[(f"{INCOMING}/link", "content/photos/abys/1.jpg", sha(b"secret\n"))])
    result = run("build", site)
    assert result.returncode == 1 and "is not a file fetch staged (a link?)" in result.stderr, result.stderr
    assert not (site / "content/photos/abys/1.jpg").exists()
    assert {p: p.read_bytes() for p in yours} == yours
