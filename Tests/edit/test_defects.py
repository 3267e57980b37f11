"""Issue 20, the cat and caption commands and the edit forms: `--photo none`,
a removed cat's copied photo, the form after a 409, joiners in names, and
what a refused or killed edit leaves behind. Through the real binary, on a
copy of the example site."""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))
MOCHI = "5db709f647f577a9d7de2a1b"
NEW_CAT = ["--owner", "Ada", "--breed", "abys", "--born", "2020-01-01", "--weight", "3.0", "--rating", "3"]


def run(site, *args):
    return subprocess.run([str(BINARY), *args, "--site", str(site)], capture_output=True, text=True, timeout=60)


def build(site, *args):
    return subprocess.run([str(BINARY), "build", "--site", str(site), "--quiet", *args], capture_output=True,
                          text=True, timeout=600)


def cats(site):
    return json.loads((site / "content/cats.json").read_text())


def added_id(done):
    assert done.returncode == 0, done.stderr
    return re.search(r" as ([0-9a-f]{24}) to ", done.stdout).group(1)


# 10. --photo none


def test_photo_none_removes_a_cats_photo_and_adds_a_cat_without_one(site):
    done = run(site, "cats", "edit", MOCHI, "--photo", "none")
    assert done.returncode == 0, done.stderr
    assert "photoUrl" not in cats(site)[0]
    new_id = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", "none"))
    record = cats(site)[-1]
    assert record["_id"] == new_id and "photoUrl" not in record


# 22. a removed cat's photo


def test_removing_a_cat_removes_the_photo_it_copied_in_and_strict_build_passes(site, tmp_path):
    photo = tmp_path / "pip.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    new_id = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(photo)))
    copied = site / "content/photos/cats/cat-pip.jpg"
    assert copied.exists()
    removed = run(site, "cats", "remove", new_id)
    assert removed.returncode == 0, removed.stderr
    assert removed.stdout == (f"removed {new_id} from content/cats.json\n"
                              "removed its photo content/photos/cats/cat-pip.jpg, which no page uses any more\n")
    assert not copied.exists()
    done = build(site, "--strict")
    assert done.returncode == 0, done.stderr


def test_replacing_or_dropping_a_copied_photo_removes_the_old_copy(site, tmp_path):
    photo = tmp_path / "pip.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    other = tmp_path / "other.jpg"
    other.write_bytes((REPO / "content/photos/kitten2.jpg").read_bytes())
    new_id = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(photo)))
    edited = run(site, "cats", "edit", new_id, "--photo", str(other))
    assert edited.returncode == 0, edited.stderr
    assert edited.stdout == (f"edited {new_id} in content/cats.json\n"
                             "removed its old photo content/photos/cats/cat-pip.jpg, which no page uses any more\n")
    assert sorted(p.name for p in (site / "content/photos/cats").iterdir()) == ["cat-pip-2.jpg"]
    assert build(site, "--strict").returncode == 0
    dropped = run(site, "cats", "edit", new_id, "--photo", "none")
    assert dropped.returncode == 0 and "cat-pip-2.jpg" in dropped.stdout
    assert build(site, "--strict").returncode == 0


def test_a_copied_photo_another_cat_uses_is_kept(site, tmp_path):
    photo = tmp_path / "pip.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    first = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(photo)))
    second = added_id(run(site, "cats", "add", "--name", "Pop", *NEW_CAT, "--photo", "cats/cat-pip"))
    removed = run(site, "cats", "remove", first)
    assert removed.returncode == 0 and removed.stdout == f"removed {first} from content/cats.json\n"
    assert (site / "content/photos/cats/cat-pip.jpg").exists()
    assert cats(site)[-1]["_id"] == second
    assert build(site, "--strict").returncode == 0


def test_a_photo_catgallery_did_not_copy_in_stays(site):
    """cat-mochi.jpg is the user's own (no list of copies names it), so removing Mochi keeps it, and says so."""
    removed = run(site, "cats", "remove", MOCHI)
    assert removed.returncode == 0 and removed.stdout == (
        f"removed {MOCHI} from content/cats.json\n"
        "kept its photo content/photos/cat-mochi.jpg, which no page uses any more: catgallery has no list of the "
        "photos it copied in (.cache/catgallery/copies.json), so it is yours\n")
    assert (site / "content/photos/cat-mochi.jpg").exists()


def test_a_fetched_photo_listed_in_sources_json_is_left_to_fetch(site, tmp_path):
    photo = tmp_path / "pip.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    new_id = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(photo)))
    manifest = {"about": "test", "photos": [{"file": "cats/cat-pip.jpg", "source": "restdb", "id": new_id,
                                             "url": "https://example.org/pip.jpg", "sha256": "0" * 64, "bytes": 1}]}
    (site / "content/photos/SOURCES.json").write_text(json.dumps(manifest))
    removed = run(site, "cats", "remove", new_id)
    assert removed.returncode == 0 and removed.stdout == f"removed {new_id} from content/cats.json\n"
    assert (site / "content/photos/cats/cat-pip.jpg").exists()


@pytest.fixture
def restdb(site):
    """The site's cats in FakeAPI's restdb collection, named by site.yml; yields a `cats …` runner with the key."""
    import sys
    sys.path.insert(0, str(REPO / "Tests/fetch"))
    from fakeapi import FakeAPI
    api = FakeAPI(restdb_key="restdb-key-abcdef", cats=0).start()
    api.cats = cats(site)
    lines = (site / "content/site.yml").read_text().rstrip("\n").split("\n")
    lines += ["sources:", "  restdb:", f"    url: {api.base}/rest/cats", "    api_key_env: RESTDB_KEY"]
    (site / "content/site.yml").write_text("\n".join(lines) + "\n")
    env = dict(os.environ, RESTDB_KEY="restdb-key-abcdef")

    def cli(*args):
        return subprocess.run([str(BINARY), *args, "--site", str(site)], capture_output=True, text=True, env=env,
                              timeout=60)
    yield api, cli
    api.stop()


def test_a_copy_restdb_refused_leaves_no_empty_cats_folder(site, restdb, tmp_path):
    api, cli = restdb
    photo = tmp_path / "pip.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    api.fail("/rest/cats", "500")
    done = cli("cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(photo))
    assert done.returncode == 1
    assert not (site / "content/photos/cats").exists()


def test_removing_through_restdb_removes_the_copied_photo_too(site, restdb, tmp_path):
    api, cli = restdb
    photo = tmp_path / "pip.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    new_id = added_id(cli("cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(photo)))
    removed = cli("cats", "remove", new_id)
    assert removed.returncode == 0, removed.stderr
    assert api.writes[-1][0] == "DELETE"
    assert removed.stdout.endswith("removed its photo content/photos/cats/cat-pip.jpg, which no page uses any more\n")
    assert not (site / "content/photos/cats/cat-pip.jpg").exists()


# 11. joiners in names, owners and captions

JOINED = {
    "persian": "می\u200cخوام",         # ZWNJ between letters
    "devanagari": "क्\u200dष",          # ZWJ after a virama
    "black cat": "\U0001F408\u200d\u2B1B",  # 🐈‍⬛
    "rainbow flag": "\U0001F3F3\uFE0F\u200d\U0001F308",
    "woman technologist": "\U0001F469\U0001F3FD\u200d\U0001F4BB",
}
HIDDEN = {
    "leading joiner": "\u200dMochi",
    "trailing joiner": "Mochi\u200d",
    "joiner before a space": "Mochi\u200c Two",
    "doubled joiner": "Mo\u200d\u200dchi",
    "right-to-left override": "Mo\u202echi",
    "isolate": "Mo\u2066chi\u2069",
    "left-to-right mark": "Mo\u200echi",
    "byte order mark": "Mo\ufeffchi",
    "soft hyphen": "Mo\u00adchi",
    "zero-width space": "Mo\u200bchi",
}


@pytest.mark.parametrize("case", list(JOINED))
def test_joiners_between_letters_and_in_emoji_are_kept_in_names_owners_and_captions(site, case):
    text = JOINED[case]
    done = run(site, "cats", "edit", MOCHI, "--name", text + " Two", "--owner", text)
    assert done.returncode == 0, done.stderr
    assert (cats(site)[0]["catName"], cats(site)[0]["ownerName"]) == (text + " Two", text)
    done = run(site, "caption", "letchworth1", "Falls " + text)
    assert done.returncode == 0, done.stderr
    assert build(site).returncode == 0


@pytest.mark.parametrize("case", list(HIDDEN))
def test_other_invisible_characters_are_still_refused(site, case):
    before = (site / "content/cats.json").read_bytes()
    done = run(site, "cats", "edit", MOCHI, "--name", HIDDEN[case])
    assert done.returncode == 1
    assert done.stderr.startswith("error: name must be 1 to 80 characters with no control characters")
    assert (site / "content/cats.json").read_bytes() == before
    assert run(site, "caption", "letchworth1", HIDDEN[case]).returncode == 1


# 17. what a refused or killed edit leaves behind


def png_chunk(kind, data):
    import struct
    import zlib
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_head(width, height):
    """The signature and IHDR chunk: the 33 bytes that state a PNG's size."""
    import struct
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))


def png(width, height, trailing=b""):
    import zlib
    rows = b"".join(b"\0" + b"\x80\x40\x20" * width for _ in range(height))
    return png_head(width, height) + png_chunk(b"IDAT", zlib.compress(rows)) + png_chunk(b"IEND", b"") + trailing


def test_a_refused_photo_leaves_no_empty_cats_folder(site, tmp_path):
    huge = tmp_path / "huge.png"
    huge.write_bytes(png_head(20000, 10001) + png(1, 1)[33:])
    done = run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(huge))
    assert done.returncode == 1 and "over the limit" in done.stderr
    assert not (site / "content/photos/cats").exists()


def test_a_png_with_bytes_after_its_end_is_taken_as_browsers_and_libvips_take_it(site, tmp_path):
    photo = tmp_path / "pip.png"
    photo.write_bytes(png(64, 48, trailing=b"\0" * 100 + b"trailing junk"))
    done = run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(photo))
    assert done.returncode == 0, done.stderr
    assert (site / "content/photos/cats/cat-pip.png").read_bytes() == photo.read_bytes()
    assert build(site, "--strict").returncode == 0


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
@pytest.mark.parametrize("command", [["cats", "edit", MOCHI, "--rating", "4"], ["caption", "letchworth1", "Falls"]])
def test_the_temporary_file_of_a_killed_edit_is_removed_by_the_next_edit(site, command):
    killed = subprocess.run(["strace", "-f", "-qq", "-o", "/dev/null", "-e", "inject=rename:signal=KILL:when=1",
                             str(BINARY), *command, "--site", str(site)], capture_output=True, text=True, timeout=60)
    assert killed.returncode != 0
    left = [p.name for p in (site / "content").iterdir() if p.name.startswith(".tmp-")]
    assert len(left) == 1, "the kill left the temporary file this test is about"
    done = run(site, *command)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in (site / "content").iterdir() if p.name.startswith(".tmp-")] == []


def test_the_remove_form_under_serve_removes_the_copied_photo_too(site, tmp_path):
    from test_browser import Serve, multipart
    photo = tmp_path / "pip.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    new_id = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(photo)))
    server = Serve(site)
    try:
        path = f"/_catgallery/edit/cat/{new_id}/remove"
        token, digest = server.form_secrets(path)
        body, kind = multipart([("_token", token), ("_hash", digest)])
        status, headers, _ = server.request("POST", path, body=body,
                                            headers={"Origin": server.origin, "Content-Type": kind})
        assert status == 303 and headers["Location"] == "/cats/"
        assert new_id not in (site / "content/cats.json").read_text()
        assert not (site / "content/photos/cats/cat-pip.jpg").exists()
    finally:
        server.stop()
