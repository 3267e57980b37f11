"""Clips for the browser tests, made at test time with ffmpeg's test pattern and a tone
(no clip is committed), and a previewed folder built and served."""
import contextlib
import os
import shutil
import subprocess

import pytest

from conftest import BINARY, served

# What each kind of clip is encoded with: H.264 as a browser plays it (catgallery remuxes
# it), and HEVC as a phone records it (catgallery transcodes it).
CODECS = {
    "h264": ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-pix_fmt", "yuv420p", "-crf", "28"],
    "hevc": ["-c:v", "libx265", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p", "-tag:v", "hvc1"],
}


def make_clip(path, codec="h264", seconds=2, size="320x240"):
    """Writes `path`: ffmpeg's testsrc2 pattern with a 440 Hz tone, `seconds` long."""
    ffmpeg = shutil.which("ffmpeg")
    if ffmpeg is None:
        pytest.fail("ffmpeg is missing: make test installs it (Debian package ffmpeg)")
    subprocess.run([
        ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", f"testsrc2=size={size}:rate=30:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
        *CODECS[codec], "-c:a", "aac", "-shortest", str(path)], check=True, timeout=120)


@contextlib.contextmanager
def previewed(folder):
    """Builds a preview of `folder` beside it, with no warning, and serves it; gives its URL."""
    out = folder.parent / (folder.name + "-out")
    run = subprocess.run([str(BINARY), "preview", str(folder), "--build-to", str(out), "--quiet"],
                         capture_output=True, text=True, env=dict(os.environ, VIPS_WARNING="0"), timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "warning" not in run.stderr, run.stderr
    with served(out) as url:
        yield url
