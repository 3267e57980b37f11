"""What every edit suite starts from."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/support"))
from example_cache import example_site  # noqa: E402
BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))


@pytest.fixture(scope="session")
def image_cache(tmp_path_factory):
    """The image cache of one build of the example site, made once for the session: the
    sites the tests build or serve start with it, so none processes every photo again."""
    root = tmp_path_factory.mktemp("example-cache")
    shutil.copytree(REPO / "content", root / "content")
    done = subprocess.run([str(BINARY), "build", "--site", str(root), "--output", str(root / "public"), "--quiet"],
                          capture_output=True, text=True, timeout=600, env=dict(os.environ, VIPS_WARNING="0"))
    assert done.returncode == 0, done.stdout + done.stderr
    return root / ".cache/catgallery"


@pytest.fixture
def site(tmp_path, image_cache):
    """A copy of the example site's content/ in a folder of its own: the site to edit."""
    return example_site(tmp_path, image_cache)
