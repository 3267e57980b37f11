"""`catgallery cats …` and `catgallery caption` through the real binary, on
a copy of the example site: exit codes, the exact lines printed, and files
changed only where the edit says (or not at all when it is refused)."""
import json
import os
import plistlib
import re
import subprocess
from pathlib import Path


REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))
MOCHI = "5db709f647f577a9d7de2a1b"  # the first cat of the example site; its page is cats/<_id>/


def run(site, *args):
    return subprocess.run([str(BINARY), *args, "--site", str(site)], capture_output=True, text=True, timeout=60)


def changed_lines(before, after):
    a, b = before.splitlines(), after.splitlines()
    return [i for i, (x, y) in enumerate(zip(a, b)) if x != y] + list(range(min(len(a), len(b)), max(len(a), len(b))))


def test_list_shows_every_cat_with_the_id_edit_takes(site):
    done = run(site, "cats", "list")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["ID", "NAME", "OWNER", "BREED", "BORN", "KG", "RATING"]
    assert lines[1].split()[:2] == ["5db709f647f577a9d7de2a1b", "Mochi"]
    cats = json.loads(run(site, "cats", "list", "--json").stdout)
    assert len(cats) == 12 and cats[0]["photo"] == "cat-mochi" and cats[0]["breedId"] == "ragd"


def test_add_then_edit_then_remove_touches_only_that_record_and_builds(site):
    original = (site / "content/cats.json").read_text()
    added = run(site, "cats", "add", "--name", "Nimbus Two", "--owner", "Ada Lovelace", "--breed", "Maine Coon",
                "--born", "2020-02-03", "--weight", "4.0", "--rating", "4")
    assert added.returncode == 0, added.stderr
    new_id = re.fullmatch(r"added Nimbus Two as ([0-9a-f]{24}) to content/cats.json\n", added.stdout).group(1)
    text = (site / "content/cats.json").read_text()
    record = json.loads(text)[-1]
    assert record == {"_id": new_id, "catName": "Nimbus Two", "ownerName": "Ada Lovelace", "breedId": "mcoo",
                      "birthDate": "2020-02-03T00:00:00.000Z", "weightKg": 4.0, "rating": 4}
    assert '"weightKg": 4.0,' in text and text.startswith(original.rstrip()[:-1].rstrip())
    edited = run(site, "cats", "edit", new_id, "--rating", "5", "--weight", "4.5")
    assert edited.returncode == 0 and edited.stdout == f"edited {new_id} in content/cats.json\n"
    after = (site / "content/cats.json").read_text()
    assert len(changed_lines(text, after)) == 2
    build = subprocess.run([str(BINARY), "build", "--site", str(site), "--quiet"], capture_output=True, text=True,
                           timeout=600)
    assert build.returncode == 0, build.stderr
    assert "Nimbus Two" in (site / "public/cats/index.html").read_text()
    removed = run(site, "cats", "remove", new_id)
    assert removed.returncode == 0
    assert (site / "content/cats.json").read_text() == original


def test_a_cat_without_an_id_is_edited_by_its_page_slug(site):
    cats = json.loads((site / "content/cats.json").read_text())
    for cat in cats:
        cat.pop("_id", None)
    (site / "content/cats.json").write_text(json.dumps(cats, indent=2) + "\n")
    done = run(site, "cats", "edit", "mochi-priya-raman", "--owner", "Priya R.")
    assert done.returncode == 0, done.stderr
    assert json.loads((site / "content/cats.json").read_text())[0]["ownerName"] == "Priya R."


def test_every_bad_value_is_named_with_its_range_and_nothing_is_written(site):
    before = (site / "content/cats.json").read_bytes()
    done = run(site, "cats", "add", "--name", " ", "--owner", "Ada", "--breed", "maine con", "--born", "2030-02-03",
               "--weight", "16", "--rating", "6")
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "error: name must be 1 to 80 characters with no control characters, found nothing",
        'error: breed must be a breed id or name from breeds.json, found "maine con"; closest: Maine Coon (mcoo), Aegean (aege), Balinese (bali)',
        'error: birth date must be a date YYYY-MM-DD from 1995-01-01 to ' + __import__("datetime").datetime.utcnow().strftime("%Y-%m-%d") + ' (not in the future), found "2030-02-03"',
        'error: weight must be a number of kilograms from 0.5 to 15.0 with at most one decimal place, found "16"',
        'error: rating must be a whole number from 1 to 5, found "6"',
    ]
    assert (site / "content/cats.json").read_bytes() == before
    missing = run(site, "cats", "edit", "nobody", "--rating", "3")
    assert missing.returncode == 1
    assert missing.stderr == 'error: no cat "nobody" in content/cats.json (catgallery cats list shows each cat\'s id)\n'


def test_a_local_photo_is_checked_and_copied_in_and_a_non_image_refused(site, tmp_path):
    photo = tmp_path / "new cat.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    done = run(site, "cats", "edit", MOCHI, "--photo", str(photo))
    assert done.returncode == 0, done.stderr
    assert (site / "content/photos/cats/cat-mochi.jpg").read_bytes() == photo.read_bytes()
    assert json.loads((site / "content/cats.json").read_text())[0]["photoUrl"] == "cats/cat-mochi"
    build = subprocess.run([str(BINARY), "build", "--site", str(site), "--quiet"], capture_output=True, text=True,
                           timeout=600)
    assert build.returncode == 0, build.stderr
    assert "images/cat-mochi-" in (site / f"public/cats/{MOCHI}/index.html").read_text()
    text = tmp_path / "notes.jpg"
    text.write_text("not a photo")
    before = (site / "content/cats.json").read_bytes()
    refused = run(site, "cats", "edit", MOCHI, "--photo", str(text))
    assert refused.returncode == 1
    assert refused.stderr == f"error: photo must be a JPEG, PNG, WebP, GIF, TIFF or HEIF image of at most 40 MB; {text} is not\n"
    assert (site / "content/cats.json").read_bytes() == before


def test_caption_changes_one_string_of_an_xml_plist_and_keeps_a_binary_one_binary(site):
    before = (site / "content/parks.plist").read_text()
    done = run(site, "caption", "letchworth1", "Upper Falls & <gorge>")
    assert done.returncode == 0 and done.stdout == "captioned letchworth1 in content/parks.plist\n"
    after = (site / "content/parks.plist").read_text()
    assert len(changed_lines(before, after)) == 1 and "Upper Falls &amp; &lt;gorge&gt;" in after
    tree = plistlib.loads(after.encode())
    (site / "content/parks.plist").write_bytes(plistlib.dumps(tree, fmt=plistlib.FMT_BINARY))
    assert run(site, "caption", "letchworth2", "Middle Falls").returncode == 0
    data = (site / "content/parks.plist").read_bytes()
    assert data.startswith(b"bplist00")
    photos = [p for park in plistlib.loads(data) for p in park["photos"]]
    assert [p["caption"] for p in photos if p["imageName"] == "letchworth2"] == ["Middle Falls"]
    unknown = run(site, "caption", "falls1", "x")
    assert unknown.returncode == 1
    assert unknown.stderr.startswith('error: content/parks.plist has no photo named "falls1"; closest: ')


def test_a_photo_is_never_copied_through_a_link_out_of_the_site(site, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (site / "content/photos/cats").symlink_to(outside)
    before = (site / "content/cats.json").read_bytes()
    done = run(site, "cats", "edit", MOCHI, "--photo", str(REPO / "content/photos/box1.jpg"))
    assert done.returncode == 1
    assert done.stderr == "error: content/photos/cats leads out of the site through a link; the photo was not copied\n"
    assert list(outside.iterdir()) == [] and (site / "content/cats.json").read_bytes() == before


def test_names_with_invisible_reordering_characters_are_refused(site):
    done = run(site, "cats", "edit", MOCHI, "--name", "Mo\u202echi")
    assert done.returncode == 1 and done.stderr.startswith("error: name must be 1 to 80 characters with no control characters, found a control character in")


def png(width, height):
    """A PNG whose header says width×height (its pixel data is a stub): what
    libvips' header read accepts and the build then refuses."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + \
        chunk(b"IEND", b"")


def test_a_photo_the_build_would_refuse_is_refused_before_it_is_copied(site, tmp_path):
    """A cut-short file and one over images.max_megapixels read a good header,
    then break the build: the edit refuses them and copies nothing."""
    cut = tmp_path / "cut.jpg"
    cut.write_bytes((REPO / "content/photos/box1.jpg").read_bytes()[:4000])
    huge = tmp_path / "huge.png"
    huge.write_bytes(png(20000, 10001))
    before = (site / "content/cats.json").read_bytes()
    args = ["cats", "add", "--name", "Pip", "--owner", "Ann", "--breed", "abys", "--born", "2020-01-01",
            "--weight", "3.0", "--rating", "3", "--photo"]
    done = run(site, *args, str(cut))
    assert done.returncode == 1
    assert done.stderr == f"error: photo: {cut} is cut short (the JPEG file has no proper end)\n"
    done = run(site, *args, str(huge))
    assert done.returncode == 1
    assert done.stderr == (f"error: photo: {huge} is 20000×10001, over the limit of 200 megapixels "
                           "(images.max_megapixels in site.yml)\n")
    assert (site / "content/cats.json").read_bytes() == before
    assert not (site / "content/photos/cats").exists() or not list((site / "content/photos/cats").iterdir())


def serve_on(site, *args):
    """Starts serve with `args`; returns the process and its loopback URL once it serves."""
    serve = subprocess.Popen([str(BINARY), "serve", "--site", str(site), "--port", "0", *args],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines = []
    for line in serve.stdout:
        lines.append(line)
        if "serving" in line:
            port = re.search(r":(\d+)/ ", line).group(1)
            return serve, f"http://127.0.0.1:{port}", lines
    raise AssertionError("serve stopped: " + "".join(lines))


def test_editing_is_off_on_a_non_loopback_host_unless_allowed(site):
    """--host 0.0.0.0 makes the site reachable from the network: no edit links
    and no forms then, unless --allow-edit says so. Requests go to 127.0.0.1 only."""
    import signal
    import urllib.error
    import urllib.request

    for allow, expected in (((), False), (("--allow-edit",), True)):
        serve, base, lines = serve_on(site, "--host", "0.0.0.0", *allow)
        try:
            assert any("editing is off" in line for line in lines) != expected
            page = urllib.request.urlopen(base + "/cats/", timeout=30).read().decode()
            assert ("/_catgallery/edit/new-cat" in page) == expected
            try:
                status = urllib.request.urlopen(base + "/_catgallery/edit/new-cat", timeout=30).status
            except urllib.error.HTTPError as error:
                status = error.code
            assert status == (200 if expected else 404)
        finally:
            os.killpg(serve.pid, signal.SIGTERM)
            serve.wait(timeout=30)
