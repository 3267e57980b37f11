"""`catgallery cats add/edit/remove` writing through to restdb: the real
binary against FakeAPI (Tests/fetch/fakeapi.py) on 127.0.0.1, on a copy of
the example site whose site.yml names the fake collection.

Each case checks what reached the server (method, path, headers, body),
then the file: changed to restdb's record after a 2xx, byte-identical after
anything else, and the key in no output.
"""
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/fetch"))
from fakeapi import FakeAPI  # noqa: E402

BINARY = Path(os.environ.get("CATGALLERY_BIN", REPO / ".build/debug/catgallery"))
KEY = "restdb-key-abcdef"
NEW = ["--name", "Nimbus", "--owner", "Ada Lovelace", "--breed", "Maine Coon", "--born", "2020-02-03",
       "--weight", "4.0", "--rating", "4"]


@pytest.fixture
def api(site):
    server = FakeAPI(restdb_key=KEY, cats=0).start()
    # The collection holds what the file holds, so ids agree.
    server.cats = json.loads((site / "content/cats.json").read_text())
    yield server
    server.stop()


def point_at(site, api, restdb=True):
    lines = (site / "content/site.yml").read_text().rstrip("\n").split("\n") + ["sources:"]
    if restdb:
        lines += ["  restdb:", f"    url: {api.base}/rest/cats", "    api_key_env: RESTDB_KEY"]
    lines += ["  facts:", f"    url: {api.base}/facts"]
    (site / "content/site.yml").write_text("\n".join(lines) + "\n")


def run(site, *args, key=KEY):
    env = dict(os.environ)
    env.pop("RESTDB_KEY", None)
    if key is not None:
        env["RESTDB_KEY"] = key
    return subprocess.run([str(BINARY), *args, "--site", str(site)], capture_output=True, text=True, env=env,
                          timeout=60)


def digest(site):
    return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((site / "content").rglob("*")) if p.is_file()}


def changed_lines(before, after):
    a, b = before.splitlines(), after.splitlines()
    return [i for i, (x, y) in enumerate(zip(a, b)) if x != y] + list(range(min(len(a), len(b)), max(len(a), len(b))))


def assert_no_key(done, *keys):
    for key in keys:
        assert key not in done.stdout and key not in done.stderr


@pytest.fixture
def restdb_site(site, api):
    point_at(site, api)
    return site


def test_add_edit_remove_go_to_restdb_first_and_the_file_gets_restdbs_record(restdb_site, api):
    site = restdb_site
    original = (site / "content/cats.json").read_text()
    added = run(site, "cats", "add", *NEW)
    assert added.returncode == 0, added.stderr
    new_id = api.cats[-1]["_id"]
    assert added.stdout == f"added Nimbus as {new_id} to content/cats.json\n"
    method, path, headers, body = api.writes[-1]
    assert (method, path) == ("POST", "/rest/cats")
    assert headers["x-apikey"] == KEY and headers["content-type"] == "application/json"
    assert body == (b'{"catName":"Nimbus","ownerName":"Ada Lovelace","breedId":"mcoo",'
                    b'"birthDate":"2020-02-03T00:00:00.000Z","weightKg":4.0,"rating":4}')
    text = (site / "content/cats.json").read_text()
    record = json.loads(text)[-1]
    # restdb's record, its own fields included; restdb says 4 for 4.0, the file keeps 4.0.
    assert record == api.cats[-1] and record["_created"] and record["_version"] == 0
    assert '"weightKg": 4.0,' in text and text.startswith(original.rstrip()[:-1].rstrip())

    edited = run(site, "cats", "edit", new_id, "--rating", "5")
    assert edited.returncode == 0, edited.stderr
    method, path, headers, body = api.writes[-1]
    assert (method, path) == ("PUT", f"/rest/cats/{new_id}") and headers["x-apikey"] == KEY
    sent = json.loads(body)
    assert sent == {"_id": new_id, "catName": "Nimbus", "ownerName": "Ada Lovelace", "breedId": "mcoo",
                    "birthDate": "2020-02-03T00:00:00.000Z", "weightKg": 4.0, "rating": 5}
    after = (site / "content/cats.json").read_text()
    assert json.loads(after)[-1] == api.cats[-1] and api.cats[-1]["rating"] == 5
    # rating, _changed and _version: nothing else moved.
    assert len(changed_lines(text, after)) <= 3 and '"weightKg": 4.0,' in after

    removed = run(site, "cats", "remove", new_id)
    assert removed.returncode == 0, removed.stderr
    assert api.writes[-1][:2] == ("DELETE", f"/rest/cats/{new_id}")
    assert (site / "content/cats.json").read_text() == original
    assert_no_key(added, KEY)
    assert_no_key(edited, KEY)


def test_editing_a_fetched_cat_sends_its_whole_record_and_changes_only_what_restdb_changed(restdb_site, api):
    site = restdb_site
    before = (site / "content/cats.json").read_text()
    done = run(site, "cats", "edit", "5db709f647f577a9d7de2a1b", "--owner", "Priya R.")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "edited 5db709f647f577a9d7de2a1b in content/cats.json\n"
    sent = json.loads(api.writes[-1][3])
    assert sent == {"_id": "5db709f647f577a9d7de2a1b", "catName": "Mochi", "ownerName": "Priya R.",
                    "breedId": "ragd", "birthDate": "2019-04-17T09:12:33.000Z", "weightKg": 4.8, "rating": 5,
                    "photoUrl": "cat-mochi"}
    after = (site / "content/cats.json").read_text()
    assert json.loads(after)[0] == api.cats[0]
    assert [after.splitlines()[i].strip() for i in changed_lines(before, after)] == [
        '"ownerName": "Priya R.",', f'"_changed": "{api.cats[0]["_changed"]}",', '"_version": 1']


@pytest.mark.parametrize("args", [NEW, ["--rating", "3"], None], ids=["add", "edit", "remove"])
def test_a_wrong_key_is_restdbs_401_and_nothing_changes(restdb_site, api, args):
    site = restdb_site
    before = digest(site)
    if args is NEW:
        done, what = run(site, "cats", "add", *NEW, key="wrong-key-0000"), ("POST", "/rest/cats")
    elif args is None:
        done = run(site, "cats", "remove", "5db709f647f577a9d7de2a1b", key="wrong-key-0000")
        what = ("DELETE", "/rest/cats/5db709f647f577a9d7de2a1b")
    else:
        done = run(site, "cats", "edit", "5db709f647f577a9d7de2a1b", *args, key="wrong-key-0000")
        what = ("PUT", "/rest/cats/5db709f647f577a9d7de2a1b")
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"error: restdb refused the change: {what[0]} {api.base}{what[1]}: 401 (Unauthorized): Invalid API key; "
        "check the key in RESTDB_KEY",
        "note: content/cats.json was not changed",
    ]
    assert done.stdout == "" and digest(site) == before
    assert [w[:2] for w in api.writes] == [what]
    assert_no_key(done, KEY, "wrong-key-0000")


def test_a_500_is_tried_once_and_a_400_shows_restdbs_validation_message(restdb_site, api):
    site = restdb_site
    before = digest(site)
    api.fail("/rest/cats", "500")
    failed = run(site, "cats", "add", *NEW)
    assert failed.returncode == 1
    assert failed.stderr.splitlines() == [
        f"error: restdb refused the change: POST {api.base}/rest/cats: 500 (Internal Server Error): scripted failure",
        "note: content/cats.json was not changed",
    ]
    assert len(api.writes) == 1 and digest(site) == before
    api.fail("/rest/cats", "400")
    refused = run(site, "cats", "edit", "5db709f647f577a9d7de2a1b", "--weight", "5.5")
    assert refused.returncode == 1
    assert refused.stderr.splitlines() == [
        f"error: restdb refused the change: PUT {api.base}/rest/cats/5db709f647f577a9d7de2a1b: 400 (Bad Request): "
        "Validation failed; weightKg: Number out of range",
        "note: content/cats.json was not changed",
    ]
    assert len(api.writes) == 2 and digest(site) == before
    assert_no_key(failed, KEY)
    assert_no_key(refused, KEY)


def test_a_redirect_of_a_write_is_not_followed(restdb_site, api):
    before = digest(restdb_site)
    api.fail("/rest/cats", "redirect")
    done = run(restdb_site, "cats", "remove", "5db709f647f577a9d7de2a1b")
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == (
        f"error: restdb answered DELETE {api.base}/rest/cats/5db709f647f577a9d7de2a1b with 307 (Temporary Redirect) "
        f"to {api.base}/rest/elsewhere; a change is not sent on to another address (check url in sources.restdb)")
    assert [w[:2] for w in api.writes] == [("DELETE", "/rest/cats/5db709f647f577a9d7de2a1b")]
    assert digest(restdb_site) == before


def test_a_dropped_connection_says_restdb_may_have_the_change(restdb_site, api):
    before = digest(restdb_site)
    api.fail("/rest/cats", "drop")
    done = run(restdb_site, "cats", "add", *NEW)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"error: no complete answer from restdb: POST {api.base}/rest/cats: Connection closed before the response "
        "was complete; restdb may have made the change (catgallery fetch --only cats shows what it has)",
        "note: content/cats.json was not changed",
    ]
    assert digest(restdb_site) == before


def test_refused_before_any_request_bad_values_an_unset_key_and_a_cat_restdb_does_not_have(restdb_site, api):
    site = restdb_site
    before = digest(site)
    bad = run(site, "cats", "add", *NEW[:-2], "--rating", "9")
    assert bad.returncode == 1
    assert bad.stderr == 'error: rating must be a whole number from 1 to 5, found "9"\n'
    unset = run(site, "cats", "add", *NEW, key=None)
    assert unset.returncode == 1
    assert unset.stderr.splitlines() == [
        "error: RESTDB_KEY is not set: restdb.io needs its API key (sources.restdb in content/site.yml); "
        "nothing was sent",
        "note: content/cats.json was not changed",
    ]
    cats = json.loads((site / "content/cats.json").read_text())
    cats[0].pop("_id")
    (site / "content/cats.json").write_text(json.dumps(cats, indent=2) + "\n")
    before = digest(site)
    local = run(site, "cats", "edit", "mochi-priya-raman", "--rating", "3")
    assert local.returncode == 1
    assert local.stderr == (
        'error: cat "mochi-priya-raman" has no _id, so restdb does not have it and edits go to restdb first '
        "(sources.restdb in content/site.yml); run catgallery fetch --only cats, or add the cat again\n")
    assert api.writes == [] and api.log == [] and digest(site) == before


def test_a_local_photo_goes_to_restdb_by_its_name_and_its_copy_is_dropped_when_restdb_refuses(restdb_site, api,
                                                                                             tmp_path):
    site = restdb_site
    photo = tmp_path / "nimbus.jpg"
    photo.write_bytes((REPO / "content/photos/kitten1.jpg").read_bytes())
    before = digest(site)
    api.fail("/rest/cats", "500")
    refused = run(site, "cats", "add", *NEW, "--photo", str(photo))
    assert refused.returncode == 1 and digest(site) == before
    assert json.loads(api.writes[-1][3])["photoUrl"] == "cats/cat-nimbus"
    done = run(site, "cats", "add", *NEW, "--photo", str(photo))
    assert done.returncode == 0, done.stderr
    assert api.cats[-1]["photoUrl"] == "cats/cat-nimbus"
    assert (site / "content/photos/cats/cat-nimbus.jpg").read_bytes() == photo.read_bytes()
    assert json.loads((site / "content/cats.json").read_text())[-1]["photoUrl"] == "cats/cat-nimbus"


def test_a_file_changed_while_restdb_answered_is_not_overwritten_and_the_message_says_restdb_has_it(
        restdb_site, api):
    site = restdb_site
    api.fail("/rest/cats", "slow")
    env = dict(os.environ, RESTDB_KEY=KEY)
    process = subprocess.Popen([str(BINARY), "cats", "edit", "5db709f647f577a9d7de2a1b", "--rating", "2", "--site",
                                str(site)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.time() + 20
    while not api.writes and time.time() < deadline:
        time.sleep(0.02)
    assert api.writes
    # Another editor saves while restdb's answer trickles in.
    mine = (site / "content/cats.json").read_text().replace('"Mochi"', '"Mochi the Great"')
    (site / "content/cats.json").write_text(mine)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 1
    assert err.splitlines() == [
        f"error: restdb has the change (PUT {api.base}/rest/cats/5db709f647f577a9d7de2a1b: 200 (OK)), but "
        "content/cats.json changed on disk since it was read, so it was not updated",
        "note: run catgallery fetch --only cats to bring restdb's cats into content/cats.json",
    ]
    assert (site / "content/cats.json").read_text() == mine
    assert api.cats[0]["rating"] == 2


def test_without_a_restdb_block_edits_stay_local_and_ask_no_server(site, api):
    point_at(site, api, restdb=False)
    added = run(site, "cats", "add", *NEW)
    assert added.returncode == 0, added.stderr
    new_id = json.loads((site / "content/cats.json").read_text())[-1]["_id"]
    assert run(site, "cats", "edit", new_id, "--rating", "2").returncode == 0
    assert run(site, "cats", "remove", new_id).returncode == 0
    assert api.log == [] and api.writes == []


def test_a_bad_sources_block_refuses_the_edit_rather_than_guessing_where_cats_live(site, api):
    point_at(site, api)
    text = (site / "content/site.yml").read_text().replace(f"url: {api.base}/rest/cats",
                                                           "url: http://example.com/rest/cats")
    (site / "content/site.yml").write_text(text)
    before = digest(site)
    done = run(site, "cats", "add", *NEW)
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert lines[0].startswith("content/site.yml:") and "url of sources.restdb must be an https URL" in lines[0]
    assert lines[-1] == ("note: cat edits read sources in content/site.yml to know whether restdb gets them first; "
                         "fix it first")
    assert digest(site) == before and api.log == []


def test_the_forms_under_serve_write_through_too_and_show_restdbs_refusal(restdb_site, api):
    """The browser's edit form goes the same way: restdb first, then the file;
    a refusal answers 502 with restdb's message above the form, the typed value
    kept, and cats.json unchanged."""
    import re
    import signal
    import urllib.error
    import urllib.parse
    import urllib.request

    site = restdb_site
    env = dict(os.environ, RESTDB_KEY=KEY)
    serve = subprocess.Popen([str(BINARY), "serve", "--site", str(site), "--port", "0", "--quiet"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                             start_new_session=True)
    try:
        line = serve.stdout.readline()
        while "serving" not in line:
            assert line, "serve stopped before it served"
            line = serve.stdout.readline()
        base = re.search(r"at (http://\S+?)/? ", line).group(1)
        form = f"{base}/_catgallery/edit/cat/5db709f647f577a9d7de2a1b"
        html = urllib.request.urlopen(form, timeout=30).read().decode()
        token = re.search(r'name="_token" value="([0-9a-f]{64})"', html).group(1)

        def post(owner):
            page = urllib.request.urlopen(form, timeout=30).read().decode()
            digest_value = re.search(r'name="_hash" value="([0-9a-f]*)"', page).group(1)
            body = urllib.parse.urlencode({"_token": token, "_hash": digest_value, "owner": owner,
                                           "photo-choice": "keep"}).encode()
            request = urllib.request.Request(form, data=body, headers={"Origin": base})

            class NoRedirect(urllib.request.HTTPRedirectHandler):
                def redirect_request(self, *args, **kwargs):
                    return None
            try:
                answer = urllib.request.build_opener(NoRedirect).open(request, timeout=60)
                return answer.status, answer.headers.get("Location"), answer.read().decode()
            except urllib.error.HTTPError as error:
                return error.code, error.headers.get("Location"), error.read().decode()

        status, location, _ = post("Priya R.")
        assert (status, location) == (303, "/cats/5db709f647f577a9d7de2a1b/")
        assert api.writes[-1][0] == "PUT" and json.loads(api.writes[-1][3])["ownerName"] == "Priya R."
        assert json.loads((site / "content/cats.json").read_text())[0]["ownerName"] == "Priya R."

        before = digest(site)
        api.fail("/rest/cats", "500")
        status, _, page = post("Someone Else")
        assert status == 502
        assert "restdb refused the change: PUT" in page and "500 (Internal Server Error)" in page
        assert 'value="Someone Else"' in page and KEY not in page
        assert digest(site) == before
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait(timeout=30)
