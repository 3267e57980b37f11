"""Removing a cat, or giving it another photo, removes only a photo
catgallery copied in, known by its list `.cache/catgallery/copies.json`
(path and sha256), never by its name (review of issue 20, finding 6)."""
import hashlib
import json
import shutil

from test_defects import NEW_CAT, REPO, added_id, run

LIST = ".cache/catgallery/copies.json"


def kitten(path, which=1):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes((REPO / f"content/photos/kitten{which}.jpg").read_bytes())
    return path


def test_a_copy_is_listed_with_its_sha256_and_leaves_the_list_when_removed(site, tmp_path):
    new_id = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(kitten(tmp_path / "p.jpg"))))
    listed = json.loads((site / LIST).read_text())
    assert list(listed) == ["cats/cat-pip.jpg"] and len(listed["cats/cat-pip.jpg"]) == 64
    removed = run(site, "cats", "remove", new_id)
    assert removed.stdout.endswith("removed its photo content/photos/cats/cat-pip.jpg, which no page uses any more\n")
    assert json.loads((site / LIST).read_text()) == {}


def test_your_own_cat_named_photo_stays_and_the_command_says_so(site, tmp_path):
    added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(kitten(tmp_path / "p.jpg"))))
    own = kitten(site / "content/photos/cats/cat-tom.jpg", 2)
    tom = added_id(run(site, "cats", "add", "--name", "Tom", *NEW_CAT, "--photo", "cats/cat-tom"))
    removed = run(site, "cats", "remove", tom)
    assert removed.returncode == 0, removed.stderr
    assert removed.stdout == (f"removed {tom} from content/cats.json\n"
                              "kept its photo content/photos/cats/cat-tom.jpg, which no page uses any more: "
                              "catgallery did not copy it in\n")
    assert own.exists()


def test_a_copy_you_changed_since_stays(site, tmp_path):
    new_id = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(kitten(tmp_path / "p.jpg"))))
    copy = kitten(site / "content/photos/cats/cat-pip.jpg", 2)
    edited = run(site, "cats", "edit", new_id, "--photo", "none")
    assert edited.returncode == 0, edited.stderr
    assert edited.stdout.endswith("kept its old photo content/photos/cats/cat-pip.jpg, which no page uses any more: "
                                  "it changed since catgallery copied it in\n")
    assert copy.exists()


def test_with_the_cache_deleted_a_copy_stays(site, tmp_path):
    new_id = added_id(run(site, "cats", "add", "--name", "Pip", *NEW_CAT, "--photo", str(kitten(tmp_path / "p.jpg"))))
    shutil.rmtree(site / ".cache")
    removed = run(site, "cats", "remove", new_id)
    assert removed.returncode == 0, removed.stderr
    assert "kept its photo content/photos/cats/cat-pip.jpg, which no page uses any more: catgallery has no list" \
        in removed.stdout
    assert (site / "content/photos/cats/cat-pip.jpg").exists()


def test_a_list_that_claims_a_photo_outside_cats_is_not_believed(site, tmp_path):
    # The cache lies in the site folder, so a repository can commit a list: it claims one of
    # the user's photos with its true sha256. Copies only ever go to cats/, so it stays.
    own = kitten(site / "content/photos/mine/own.jpg", 2)
    pet = added_id(run(site, "cats", "add", "--name", "Tom", *NEW_CAT, "--photo", "mine/own"))
    (site / LIST).parent.mkdir(parents=True, exist_ok=True)
    (site / LIST).write_text(json.dumps({"mine/own.jpg": hashlib.sha256(own.read_bytes()).hexdigest()}))
    removed = run(site, "cats", "remove", pet)
    assert removed.returncode == 0, removed.stderr
    assert removed.stdout.endswith("kept its photo content/photos/mine/own.jpg, which no page uses any more: "
                                   "catgallery did not copy it in\n")
    assert own.exists()
