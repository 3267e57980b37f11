"""`catgallery preview DIR` on a real folder: albums, captions, order, on-demand
thumbnails, and DIR left exactly as it was."""
import hashlib
import http.client
import os
import pathlib
import re
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

from test_serve import BINARY, REPO, free_port

FIXTURES = REPO / "Tests" / "Fixtures" / "images"


def fingerprint(folder):
    """Every path with its bytes' digest and mtime: any write inside shows up."""
    result = {}
    for path in sorted(folder.rglob("*")):
        stat = path.stat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        result[str(path.relative_to(folder))] = (digest, stat.st_mtime_ns)
    return result


@pytest.fixture
def photos():
    root = pathlib.Path(tempfile.mkdtemp(prefix="preview-test-"))
    folder = root / "Holiday"
    (folder / "Day 10").mkdir(parents=True)
    (folder / "Day 2").mkdir()
    shutil.copy(FIXTURES / "landscape.jpg", folder / "IMG_10.jpg")
    shutil.copy(FIXTURES / "portrait.jpg", folder / "IMG_2.jpg")
    shutil.copy(FIXTURES / "described.jpg", folder / "Day 2" / "IMG_0001.jpg")
    shutil.copy(FIXTURES / "alpha.png", folder / "Day 10" / "river_view-at-dusk.png")
    (folder / ".DS_Store").write_bytes(b"\0\0")
    yield root, folder
    shutil.rmtree(root, ignore_errors=True)


def env(root):
    return dict(os.environ, VIPS_WARNING="0", XDG_CACHE_HOME=str(root / "cache"))


def test_build_to_makes_albums_captions_and_natural_order(photos):
    root, folder = photos
    before = fingerprint(folder)
    out = root / "site"
    subprocess.run([str(BINARY), "preview", str(folder), "--build-to", str(out), "--quiet"],
                   check=True, env=env(root))
    assert not any("Parks" in p.read_text() or "parks/" in p.read_text() for p in out.rglob("*.html"))

    def captions(page):
        return re.findall(r'class="caption">([^<]*)<', page)

    page = (out / "holiday" / "index.html").read_text()
    cards = re.findall(r"<strong>([^<]*)</strong>", page)
    assert cards == ["Day 2", "Day 10"]
    assert captions(page) == ["IMG 2", "IMG 10"]
    assert (out / "holiday" / "img-2-jpg" / "index.html").is_file(), "photo URLs do not repeat the folder's name"
    assert captions((out / "holiday" / "day-2" / "index.html").read_text()) == ["Sunset over the gorge"]
    assert captions((out / "holiday" / "day-10" / "index.html").read_text()) == ["river view at dusk"]
    assert fingerprint(folder) == before, "preview never writes inside DIR"
    assert (root / "cache" / "catgallery" / "preview").is_dir()


def test_serving_shows_pages_and_makes_thumbnails_on_request(photos):
    root, folder = photos
    before = fingerprint(folder)
    port = free_port()
    process = subprocess.Popen([str(BINARY), "preview", str(folder), "--port", str(port), "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env(root))
    try:
        for line in process.stdout:
            if line.startswith("previewing "):
                break
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/holiday/day-2/")
        response = connection.getresponse()
        page = response.read().decode()
        assert response.status == 200 and "Sunset over the gorge" in page
        thumbnail = re.search(r'<img src="\.\./\.\./(images/[^"]+)"', page).group(1)
        connection.request("GET", "/" + thumbnail)
        image = connection.getresponse()
        assert image.status == 200 and image.getheader("Content-Type", "").startswith("image/")
        assert len(image.read()) > 100
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0
    assert fingerprint(folder) == before


def test_build_to_refuses_a_folder_inside_dir(photos):
    root, folder = photos
    result = subprocess.run([str(BINARY), "preview", str(folder), "--build-to", str(folder / "out")],
                            capture_output=True, text=True, env=env(root))
    assert result.returncode == 1 and "refusing" in result.stderr
    assert not (folder / "out").exists()


def test_build_to_again_says_the_same_warnings_without_rebuilding(photos):
    """A folder with harmless warnings takes the no-change short cut, which says them again."""
    root, folder = photos
    shutil.copy(FIXTURES / "alpha.png", folder / "river.jpg")
    (folder / "notes.md").write_text("Not a photo's text.\n")
    hour_ago = time.time() - 3600  # files as fresh as a second are never trusted by their time
    for path in [folder, *folder.rglob("*")]:
        os.utime(path, (hour_ago, hour_ago))
    # Their status change time (ctime) is now, and nothing sets it back: the
    # short cut trusts them once that too is over two seconds old.
    time.sleep(2.5)
    out = root / "site"

    def run(*flags):
        return subprocess.run([str(BINARY), "preview", str(folder), "--build-to", str(out), "--quiet", *flags],
                              capture_output=True, text=True, env=env(root), timeout=300)

    first, again = run(), run("--verbose")
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    assert first.stderr.splitlines() == [
        "Holiday/notes.md: warning: ignored: names no photo here"
        " (a photo's text is IMG_1.md or IMG_1.jpg.md; the album's is index.md)",
        "Holiday/river.jpg: warning: the file is a PNG image although its name ends in .jpg",
    ]
    assert again.stderr == first.stderr
    assert [line.split()[0] for line in again.stdout.splitlines()] == ["check"], again.stdout


def test_a_missing_folder_is_named_and_exits_1(photos):
    root, folder = photos
    result = subprocess.run([str(BINARY), "preview", str(folder / "nowhere"), "--port", str(free_port())],
                            capture_output=True, text=True, env=env(root), timeout=60)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"error: {folder / 'nowhere'} is not a folder"]
    assert result.stdout == ""


def test_previewing_says_where_and_how_many_pages(photos):
    root, folder = photos
    port = free_port()
    process = subprocess.Popen([str(BINARY), "preview", str(folder), "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env(root))
    try:
        line = process.stdout.readline().rstrip("\n")
        assert re.fullmatch(
            re.escape(f"previewing {folder.resolve()} (") + r"\d+" + re.escape(f" pages) at http://127.0.0.1:{port}/ (Ctrl-C to stop)"),
            line), line
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0


def test_a_photo_added_while_previewing_gets_its_images_in_the_background(photos):
    root, folder = photos
    port = free_port()
    process = subprocess.Popen([str(BINARY), "preview", str(folder), "--port", str(port), "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env(root))

    def get(path):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()

    def image_sources():
        return set(re.findall(r'<img src="\.\./(images/[^"]+)"', get("/holiday/")[1].decode()))

    try:
        for line in process.stdout:
            if line.startswith("previewing "):
                break
        before = image_sources()
        shutil.copy(FIXTURES / "camera.jpg", folder / "IMG_3.jpg")
        deadline = time.time() + 30
        while time.time() < deadline and image_sources() == before:
            time.sleep(0.2)
        new = sorted(image_sources() - before)
        assert len(new) == 1, "the new photo's page lists its image"
        served = next((root / "cache" / "catgallery" / "preview").glob("*/site"))
        # Made in the background, not only when a browser asks for it (its own
        # deadline: on a loaded machine the page alone can take most of the first).
        deadline = time.time() + 60
        while time.time() < deadline and not (served / new[0]).exists():
            time.sleep(0.2)
        assert (served / new[0]).exists()
        status, body = get("/" + new[0])
        assert status == 200 and len(body) > 100
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0


def convert():
    """ImageMagick's convert, or None: a stand-in script of that name may print no version."""
    for candidate in ("/usr/bin/convert", "/usr/local/bin/magick", "/usr/bin/magick"):
        if os.access(candidate, os.X_OK):
            result = subprocess.run([candidate, "-version"], capture_output=True, text=True)
            if "Version: ImageMagick" in result.stdout:
                return candidate
    return None


@pytest.fixture
def bad_files(photos):
    """The photos folder with one file of each kind that cannot be shown, NAS
    litter, and an animated GIF; returns the bad files' names."""
    root, folder = photos
    tool = convert()
    if tool is None:
        pytest.skip("needs ImageMagick")
    landscape = (FIXTURES / "landscape.jpg").read_bytes()
    (folder / "cut short.jpg").write_bytes(landscape[: len(landscape) * 2 // 3])
    subprocess.run([tool, "-size", "60x40", "xc:blue", "BMP3:" + str(folder / "bitmap.jpg")], check=True)
    (folder / "notes.jpg").write_text("shopping list\n")
    (folder / "Day 2" / "empty.jpg").write_bytes(b"")
    (folder / "@eaDir" / "IMG_2.jpg").mkdir(parents=True)
    (folder / "@eaDir" / "IMG_2.jpg" / "SYNOPHOTO_THUMB_XL.jpg").write_bytes(b"not a jpeg")
    (folder / "Thumbs.db").write_bytes(b"\0")
    subprocess.run([tool, "-loop", "0", "-size", "90x60", "-delay", "20", "xc:red", "xc:lime", "xc:blue",
                    str(folder / "Day 2" / "wave.gif")], check=True)
    return ["Holiday/Day 2/empty.jpg", "Holiday/bitmap.jpg", "Holiday/cut short.jpg", "Holiday/notes.jpg"]


def warnings_by_file(stderr):
    lines = [line for line in stderr.splitlines() if not line.startswith("images: ")]
    assert all(": warning: left out: " in line for line in lines), lines
    return sorted(line.split(": warning: ")[0] for line in lines)


def test_build_to_leaves_each_bad_file_out_with_one_warning(photos, bad_files):
    root, folder = photos
    before = fingerprint(folder)
    out = root / "site"
    for run in range(2):  # the second run finds the failed decode in the cache
        result = subprocess.run([str(BINARY), "preview", str(folder), "--build-to", str(out), "--quiet"],
                                capture_output=True, text=True, env=env(root), timeout=300, cwd=root)
        assert result.returncode == 0, result.stderr
        assert warnings_by_file(result.stderr) == bad_files, result.stderr
        page = (out / "holiday" / "index.html").read_text()
        assert re.findall(r'class="caption">([^<]*)<', page) == ["IMG 2", "IMG 10"]
        page = (out / "holiday" / "day-2" / "index.html").read_text()
        assert re.findall(r'class="caption">([^<]*)<', page) == ["Sunset over the gorge", "wave"]
        # The animation's large sizes (90x60, not the square thumbnails) are
        # WebP alone, and animated; its thumbnails are stills.
        wave = set(re.findall(r'images/(wave-(\d+)x(\d+)\.[0-9a-f]+\.(\w+))', page))
        large = [name for name, width, height, _ in wave if width != height]
        assert large and all(name.endswith(".webp") for name in large), wave
        for name in large:
            pages = subprocess.run(["vipsheader", "-f", "n-pages", str(out / "images" / name) + "[n=-1]"],
                                   capture_output=True, text=True).stdout.strip()
            assert pages == "3", (name, pages)
    assert fingerprint(folder) == before


def test_serving_leaves_a_photo_that_cannot_be_decoded_out_and_goes_on(photos, bad_files):
    root, folder = photos
    port = free_port()
    process = subprocess.Popen([str(BINARY), "preview", str(folder), "--port", str(port), "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(root))

    def page():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/holiday/")
        return connection.getresponse().read().decode()

    try:
        for line in process.stdout:
            if line.startswith("previewing "):
                break
        # The cut-short JPEG's header reads: only its decode, in the
        # background, finds it broken; the rebuild after leaves it out.
        deadline = time.time() + 60
        while time.time() < deadline and 'class="caption">cut short<' in page():
            time.sleep(0.2)
        assert 'class="caption">cut short<' not in page()
        assert 'class="caption">IMG 2<' in page() and process.poll() is None
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0
    stderr = process.stderr.read()
    assert "error" not in stderr, stderr
    assert "Holiday/cut short.jpg: warning: left out: cannot decode: " in stderr, stderr
