"""Photos a pixel or a line wide, of every format catgallery reads, through
the real binary: `preview --build-to` makes them all and exits 0. A 1x1 JPEG
once aborted the whole process (SIGABRT from a libvips assertion as it was
scaled on load), naming no file; `build` and the preview server make their
photos through the same image stage."""
import http.client
import os
import pathlib
import re
import signal
import socket
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("CATGALLERY_BINARY", REPO / ".build" / "debug" / "catgallery"))
SIZES = ((1, 1), (1, 9), (9, 1), (2, 2), (7, 7), (1, 400), (400, 1))
FORMATS = ("jpg", "png", "webp", "gif", "tif", "heic", "avif")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiny")
    photos = root / "Tiny"
    photos.mkdir()
    for width, height in SIZES:
        pixels = root / f"{width}x{height}.v"
        subprocess.run(["vips", "black", str(pixels), str(width), str(height), "--bands", "3"], check=True)
        for format in FORMATS:
            subprocess.run(["vips", "copy", str(pixels), str(photos / f"p{width}x{height}.{format}")],
                           check=True, capture_output=True)
    return photos


@pytest.mark.parametrize("config", ["", "zip: true\nimages:\n  formats: [avif, webp, jpeg]\ngrid: justified\n"])
def test_tiny_photos_are_all_made(folder, tmp_path, config):
    (folder / "site.yml").write_text(config)
    out = tmp_path / "site"
    run = subprocess.run([str(BINARY), "preview", str(folder), "--build-to", str(out), "--quiet"],
                         capture_output=True, text=True,
                         env=dict(os.environ, VIPS_WARNING="0", XDG_CACHE_HOME=str(tmp_path / "cache")))
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    assert run.stderr == ""
    images = {path.name.split("-")[0] for path in (out / "images").iterdir()}
    stems = {f"p{w}x{h}" for w, h in SIZES}
    assert stems <= images, sorted(stems - images)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_preview_server_serves_every_tiny_photo_and_lives_on(folder, tmp_path):
    (folder / "site.yml").write_text("")
    port = free_port()
    process = subprocess.Popen([str(BINARY), "preview", str(folder), "--port", str(port), "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(os.environ, VIPS_WARNING="0", XDG_CACHE_HOME=str(tmp_path / "cache")))
    try:
        for line in process.stdout:
            if line.startswith("previewing "):
                break
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/tiny/")
        page = connection.getresponse().read().decode()
        sources = sorted(set(re.findall(r'src="(?:\.\./)?(images/[^"]+)"', page)))
        assert len(sources) >= len(SIZES) * len(FORMATS), page[:2000]
        for source in sources:
            connection.request("GET", "/" + source)
            response = connection.getresponse()
            assert response.status == 200 and len(response.read()) > 0, source
        assert process.poll() is None
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=30)
    stderr = process.stderr.read()
    assert code == 0, stderr[-2000:]
    assert stderr == ""
