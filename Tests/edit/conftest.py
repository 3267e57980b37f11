"""What every edit suite starts from."""
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def site(tmp_path):
    """A copy of the example site's content/ in a folder of its own: the site to edit."""
    shutil.copytree(REPO / "content", tmp_path / "content")
    return tmp_path
