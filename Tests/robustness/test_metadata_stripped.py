"""No published copy carries what the photographer's camera wrote: photos of
every format we read, each given a GPS position, serial number, owner name,
maker notes, an embedded thumbnail, XMP and IPTC by exiftool, go through the
real binary (`preview --build-to`, with AVIF, WebP and JPEG copies, link
preview copies and zips of the largest copies), and every file it writes is
read back with exiftool: none holds EXIF, XMP or IPTC, only (at most) a colour
profile. Originals zipped on purpose (`zip: originals`) are not checked."""
import json
import os
import pathlib
import shutil
import subprocess
import zipfile

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("CATGALLERY_BINARY", REPO / ".build" / "debug" / "catgallery"))
FIXTURES = REPO / "Tests" / "Fixtures" / "images"

SERIAL = "SN-4242-PRIVATE"
OWNER = "Jane Q Owner"
MAKER = "private maker notes 7731"
SECRETS = (SERIAL, OWNER, MAKER)
# What a camera writes: where, which body, whose, its private notes, a thumbnail.
EXIF = ["-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
        "-Make=Canon", "-Model=Canon EOS R6", f"-SerialNumber={SERIAL}", f"-OwnerName={OWNER}",
        f"-MakerNoteUnknownText={MAKER}"]
XMP = [f"-XMP-dc:Creator={OWNER}", "-XMP-exif:GPSLatitude=48.8584 N", "-XMP-exif:GPSLongitude=2.2945 E",
       f"-XMP-aux:SerialNumber={SERIAL}"]
IPTC = [f"-IPTC:By-line={OWNER}", "-IPTC:City=Paris"]
# Groups that are metadata about the photo rather than the file's own structure.
FORBIDDEN = ("IFD0", "IFD1", "ExifIFD", "GPS", "InteropIFD", "SubIFD", "XMP", "IPTC", "MakerNotes", "Photoshop",
             "UserData", "Keys", "ItemList")


def exiftool(*arguments):
    subprocess.run(["exiftool", "-q", "-overwrite_original", *arguments], check=True, capture_output=True)


def tags(path):
    """Every tag exiftool reads in the file, by group:name."""
    run = subprocess.run(["exiftool", "-j", "-a", "-u", "-G1", str(path)], capture_output=True, text=True,
                         check=True)
    return json.loads(run.stdout)[0]


def leaks(name, data, path):
    """What of the camera's metadata `path` (published as `name`) still holds."""
    found = [secret for secret in SECRETS if secret.encode() in data]
    for key, value in tags(path).items():
        group = key.split(":", 1)[0]
        if group.startswith(FORBIDDEN) or "GPS" in key or "Serial" in key or "Thumbnail" in key:
            found.append(f"{key}={value}")
    return [f"{name}: {leak}" for leak in found]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A previewed folder of one photo of each kind, each with everything a camera writes."""
    if not shutil.which("exiftool") or not shutil.which("ffmpeg") or not shutil.which("vips"):
        pytest.fail("exiftool, ffmpeg and vips are needed (make deps installs them)")
    root = tmp_path_factory.mktemp("camera")
    photos = root / "Trip"
    photos.mkdir()
    thumb = root / "thumb.jpg"
    subprocess.run(["vips", "thumbnail", str(FIXTURES / "landscape.jpg"), str(thumb), "64"], check=True)
    camera = photos / "camera.jpg"
    shutil.copy(FIXTURES / "landscape.jpg", camera)
    exiftool(*EXIF, *XMP, *IPTC, f"-ThumbnailImage<={thumb}", str(camera))
    # libvips copies the EXIF and XMP along into these; exiftool adds what it can write there.
    for name in ("photo.webp", "photo.tif", "photo.avif"):
        subprocess.run(["vips", "copy", str(camera), str(photos / name)], check=True)
    exiftool(*EXIF, *XMP, str(photos / "photo.tif"))
    shutil.copy(FIXTURES / "alpha.png", photos / "alpha.png")
    exiftool(*EXIF, *XMP, str(photos / "alpha.png"))
    gif = photos / "moving.gif"
    subprocess.run(["convert", "-loop", "0", "-size", "80x60", "-delay", "10", "xc:red", "-delay", "10", "xc:blue",
                    str(gif)], check=True)
    exiftool(*XMP, str(gif))
    subprocess.run(["vips", "copy", f"{gif}[n=-1]", str(photos / "moving.webp")], check=True)
    exiftool(*EXIF, *XMP, str(photos / "moving.webp"))
    clip = photos / "clip.mp4"
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10:duration=1",
                    "-pix_fmt", "yuv420p", "-metadata", "location=+48.8584+002.2945/", "-metadata",
                    f"artist={OWNER}", str(clip)], check=True)
    (root / "Trip" / "site.yml").write_text(
        "base_url: https://example.org/trip/\nzip: true\nimages:\n  formats: [avif, webp, jpeg]\n")
    return root


def test_no_published_file_carries_the_cameras_metadata(folder, tmp_path):
    out = tmp_path / "site"
    run = subprocess.run([str(BINARY), "preview", str(folder / "Trip"), "--build-to", str(out), "--quiet"],
                         capture_output=True, text=True,
                         env=dict(os.environ, VIPS_WARNING="0", XDG_CACHE_HOME=str(tmp_path / "cache")))
    assert run.returncode == 0, run.stderr
    published = [path for path in out.rglob("*") if path.is_file()
                 and path.suffix.lower() in (".jpg", ".jpeg", ".webp", ".avif", ".png", ".gif", ".mp4", ".zip")]
    kinds = {path.suffix.lower() for path in published}
    assert {".jpg", ".webp", ".avif", ".png", ".mp4", ".zip"} <= kinds, sorted(kinds)
    found = []
    members = tmp_path / "members"
    for path in published:
        name = path.relative_to(out).as_posix()
        if path.suffix == ".zip":
            with zipfile.ZipFile(path) as archive:
                for index, info in enumerate(archive.infolist()):
                    member = members / f"{index}{pathlib.PurePath(info.filename).suffix}"
                    member.parent.mkdir(exist_ok=True)
                    member.write_bytes(archive.read(info))
                    found += leaks(f"{name}!{info.filename}", member.read_bytes(), member)
            continue
        found += leaks(name, path.read_bytes(), path)
    assert found == []
