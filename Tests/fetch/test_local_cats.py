"""The first fetch of a restdb collection into a site that already has cats
of its own (init's sample, `cats add` before site.yml named restdb): fetch
names the cats it would drop and changes nothing, unless --replace-local;
and cats of breeds the site does not have are one error that says to fetch
the breeds first. The real binary against FakeAPI on 127.0.0.1."""
import json
import subprocess

from test_fetch import BINARY, api, errors, fetch, make_site, snapshot  # noqa: F401 (api is a fixture)

SAMPLE_BREEDS = [{"id": "abys", "name": "Abyssinian"}]
LOCAL_CATS = [
    {"catName": "Pepper", "ownerName": "You", "breedId": "abys", "birthDate": "2022-04-01T00:00:00.000Z",
     "weightKg": 3.8, "rating": 5, "photoUrl": "kitten"},
    {"catName": "Nimbus", "ownerName": "Ada", "breedId": "abys", "birthDate": "2020-02-03T00:00:00.000Z",
     "weightKg": 4, "rating": 4},
]


def restdb_site(tmp_path, api, cats=LOCAL_CATS):
    site = make_site(tmp_path / "site", api, sources=("restdb",))
    (site / "content/breeds.json").write_text(json.dumps(SAMPLE_BREEDS, indent=2) + "\n")
    (site / "content/cats.json").write_text(json.dumps(cats, indent=2) + "\n")
    return site


def test_a_first_restdb_fetch_names_the_local_cats_it_would_drop_and_writes_nothing(tmp_path, api):
    api.cats = [dict(c, breedId="abys") for c in api.cats]
    site = restdb_site(tmp_path, api)
    before = snapshot(site / "content")
    run = fetch(site)
    assert run.returncode == 1
    assert errors(run) == [
        'content/cats.json: error: the restdb collection would replace this file and drop 2 cats that are only here '
        '("Pepper", "Nimbus"); add them to restdb (`catgallery cats add` writes through once site.yml names '
        'restdb), or run fetch with --replace-local to drop them'], run.stderr
    assert snapshot(site / "content") == before


def test_replace_local_lets_the_collection_replace_the_local_cats(tmp_path, api):
    api.cats = [dict(c, breedId="abys") for c in api.cats]
    site = restdb_site(tmp_path, api)
    run = fetch(site, "--replace-local")
    assert run.returncode == 0, run.stderr
    cats = json.loads((site / "content/cats.json").read_text())
    assert len(cats) == 12 and all(c["_id"] for c in cats)
    # Now every cat is restdb's: the next fetch needs no flag.
    assert fetch(site).returncode == 0


def test_cats_already_from_restdb_are_replaced_without_the_flag(tmp_path, api):
    api.cats = [dict(c, breedId="abys") for c in api.cats]
    site = restdb_site(tmp_path, api, cats=[dict(LOCAL_CATS[0], _id="5da00000000000000000abcd")])
    run = fetch(site)
    assert run.returncode == 0, run.stderr
    assert len(json.loads((site / "content/cats.json").read_text())) == 12


def test_cats_of_breeds_the_site_lacks_are_one_error_that_says_to_fetch_the_breeds_first(tmp_path, api):
    api.cats = api.cats[:1] + [dict(api.cats[0], _id=f"{i:024x}", breedId=b["id"]) for i, b in
                               enumerate(api.breeds[1:], start=1)]
    site = restdb_site(tmp_path, api, cats=[])
    before = snapshot(site / "content")
    run = fetch(site)
    assert run.returncode == 1
    lines = errors(run)
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith(
        'content/breeds.json: error: 66 of 67 cats name a breed that content/breeds.json does not list '
        '(breedId "aege", "abob", "acur", "asho", "awir" and 61 more); fetch the breeds first: add '
        'sources.thecatapi to content/site.yml and run `catgallery fetch --only breeds`, then fetch the cats'), lines
    assert "unknown breedId" not in run.stderr
    assert snapshot(site / "content") == before


def test_the_fetch_help_documents_replace_local():
    help_text = subprocess.run([str(BINARY), "fetch", "--help"], capture_output=True, text=True).stdout
    assert "--replace-local" in help_text and "drops cats only the file holds" in " ".join(help_text.split())
