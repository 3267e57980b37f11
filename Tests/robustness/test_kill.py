"""A build killed at any instant loses nothing (issue 11, item 2).

Runs the real binary under strace and kills it at the N-th call of each
rename/link/unlink system call it makes, for every N up to the number of calls
a whole build makes. After each kill public/ must exist and be exactly the old
site or exactly the new one, and after the next build it must be the new site
with the deploy's .git, .gitignore, .nojekyll and CNAME intact."""
import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("CATGALLERY_BINARY", REPO / ".build" / "debug" / "catgallery"))
SYSCALLS = ["rename", "renameat", "renameat2", "link", "linkat", "unlink", "unlinkat", "rmdir"]
USER_ENTRIES = {".git", ".gitignore", ".nojekyll", "CNAME"}


def snapshot(folder):
    """Every file below `folder` but the user's entries, by path, as a hash."""
    result = {}
    for path in sorted(pathlib.Path(folder).rglob("*")):
        relative = path.relative_to(folder)
        if relative.parts[0] in USER_ENTRIES or path.is_dir():
            continue
        result[str(relative)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return result


def user_entries_intact(public):
    return (
        (public / ".git" / "HEAD").read_text() == "ref: refs/heads/gh-pages\n"
        and (public / ".git" / "objects" / "pack" / "keep").read_text() == "pack\n"
        and (public / ".gitignore").read_text() == "*\n!.gitignore\n"
        and (public / ".nojekyll").exists()
        and (public / "CNAME").read_text() == "cats.example.org\n"
    )


def build(site, *prefix):
    return subprocess.run(
        [*prefix, str(BINARY), "build", "--site", str(site), "--quiet"],
        capture_output=True, text=True, timeout=120)


def edit(site):
    """The change between the old site and the new: a fact added, a note changed."""
    facts = site / "content" / "facts.json"
    facts.write_text(facts.read_text().replace("[", '["A killed build loses nothing.", ', 1))


@pytest.fixture(scope="module")
def sites():
    work = pathlib.Path(tempfile.mkdtemp(prefix="catgallery-kill-"))
    pristine = work / "pristine"
    subprocess.run([str(BINARY), "init", str(pristine)], check=True, capture_output=True)
    assert build(pristine).returncode == 0
    public = pristine / "public"
    (public / ".git" / "objects" / "pack").mkdir(parents=True)
    (public / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n")
    (public / ".git" / "objects" / "pack" / "keep").write_text("pack\n")
    (public / ".nojekyll").write_text("")
    (public / "CNAME").write_text("cats.example.org\n")
    old = snapshot(public)
    expected = work / "expected"
    shutil.copytree(pristine, expected, symlinks=True)
    edit(expected)
    assert build(expected).returncode == 0
    new = snapshot(expected / "public")
    assert old != new
    yield work, pristine, old, new
    shutil.rmtree(work)


def calls_per_syscall(site):
    """How often a whole build calls each syscall, at most, in any one thread."""
    log = site.parent / "strace.log"
    result = subprocess.run(
        ["strace", "-f", "-qq", "-o", str(log), "-e", "trace=" + ",".join(SYSCALLS),
         str(BINARY), "build", "--site", str(site), "--quiet"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    counts = {}
    for line in log.read_text().splitlines():
        match = re.match(r"(\d+)\s+(\w+)\(", line)
        if match and match.group(2) in SYSCALLS:
            key = (match.group(1), match.group(2))
            counts[key] = counts.get(key, 0) + 1
    per_syscall = {}
    for (_, name), count in counts.items():
        per_syscall[name] = max(per_syscall.get(name, 0), count)
    return per_syscall


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
def test_a_kill_at_every_rename_link_and_unlink_loses_nothing(sites):
    work, pristine, old, new = sites
    trial = work / "trial"
    shutil.copytree(pristine, trial, symlinks=True)
    edit(trial)
    counts = calls_per_syscall(trial)
    shutil.rmtree(trial)
    assert counts.get("renameat2", 0) + counts.get("rename", 0) > 0, counts
    killed, outcomes = 0, {"old": 0, "new": 0}
    for name, count in sorted(counts.items()):
        for n in range(1, count + 1):
            shutil.copytree(pristine, trial, symlinks=True)
            edit(trial)
            result = build(trial, "strace", "-f", "-qq", "-o", "/dev/null",
                           "-e", f"inject={name}:signal=KILL:when={n}")
            killed += result.returncode != 0
            public = trial / "public"
            assert public.is_dir(), f"public/ missing after a kill at {name} #{n}"
            state = snapshot(public)
            assert state in (old, new), f"public/ is neither site after a kill at {name} #{n}"
            outcomes["old" if state == old else "new"] += 1
            again = build(trial)
            assert again.returncode == 0, f"after a kill at {name} #{n}: {again.stderr}"
            assert snapshot(public) == new, f"the next build after a kill at {name} #{n} is not the new site"
            assert user_entries_intact(public), f"user entries lost after a kill at {name} #{n}"
            leftovers = [p.name for p in trial.iterdir() if p.name.startswith(".public.")]
            assert leftovers == [], f"after a kill at {name} #{n}: {leftovers}"
            shutil.rmtree(trial)
    runs = sum(counts.values())
    print(f"\nkilled at {runs} points ({counts}): {killed} builds died; "
          f"public/ was the old site {outcomes['old']} times and the new {outcomes['new']} times")
    assert killed > 0
