"""A restdb DELETE counts as done only when restdb answers what it answers
for a delete, `{"result": ["<id>"]}` naming the record asked for. Any other
2xx body is an answer not understood: an error, and cats.json unchanged."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/fetch"))
from fakeapi import FakeAPI  # noqa: E402

BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))
KEY = "restdb-key-abcdef"
MOCHI = "5db709f647f577a9d7de2a1b"


@pytest.fixture
def api(site):
    server = FakeAPI(restdb_key=KEY, cats=0).start()
    server.cats = json.loads((site / "content/cats.json").read_text())
    text = (site / "content/site.yml").read_text().rstrip("\n")
    text += f"\nsources:\n  restdb:\n    url: {server.base}/rest/cats\n    api_key_env: RESTDB_KEY\n"
    (site / "content/site.yml").write_text(text)
    yield server
    server.stop()


def remove(site):
    return subprocess.run([str(BINARY), "cats", "remove", MOCHI, "--site", str(site)], capture_output=True,
                          text=True, env=dict(os.environ, RESTDB_KEY=KEY), timeout=60)


@pytest.mark.parametrize("fault", [
    "html", "garbage", "answer:", "answer:{}", "answer:[]", "answer:null", 'answer:{"result": []}',
    'answer:{"result": "5db709f647f577a9d7de2a1b"}', 'answer:{"result": ["5db709f6ba86f3359ed15311"]}',
    'answer:{"result": ["5db709f647f577a9d7de2a1b", "5db709f6ba86f3359ed15311"]}',
])
def test_a_2xx_that_is_not_restdbs_answer_to_a_delete_changes_nothing(site, api, fault):
    before = (site / "content/cats.json").read_bytes()
    api.fail(f"/rest/cats/{MOCHI}", fault)
    done = remove(site)
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines() == [
        f"error: restdb answered DELETE {api.base}/rest/cats/{MOCHI} with 200 (OK), but its answer was not "
        f'understood (a delete answers {{"result": ["{MOCHI}"]}}); restdb may have made the change '
        "(catgallery fetch --only cats shows what it has)",
        "note: content/cats.json was not changed"]
    assert (site / "content/cats.json").read_bytes() == before


def test_restdbs_own_answer_to_a_delete_removes_the_cat(site, api):
    done = remove(site)
    assert done.returncode == 0, done.stderr
    assert MOCHI not in (site / "content/cats.json").read_text()
