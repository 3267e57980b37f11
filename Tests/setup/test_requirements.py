"""Every package a Python suite imports is pinned in Tests/requirements.txt.

`make test` runs the suites in a virtual environment made from that file
alone; this reads every import of every test file, so a package that happens to
be installed on one machine (PIL was, for two browser tests) is caught here on
any machine, not first on a fresh one.
"""

import ast
import importlib.metadata
import re
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
REQUIREMENTS = TESTS / "requirements.txt"


def pinned():
    names = {}
    for line in REQUIREMENTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)(?:\[[^\]]*\])?==\S+", line)
        assert match, f"{REQUIREMENTS.name}: '{line}' is not pinned as name==version"
        names[canonical(match.group(1))] = line
    return names


def canonical(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def local_modules():
    """Modules the suites import from each other: test files, helpers, conftest."""
    return {path.stem for path in TESTS.rglob("*.py")} | {path.name for path in TESTS.iterdir() if path.is_dir()}


def imports():
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                found.setdefault(module.split(".")[0], f"{path.relative_to(TESTS.parent)}:{node.lineno}")
    return found


def test_every_third_party_import_is_pinned():
    distributions = importlib.metadata.packages_distributions()
    requirements = pinned()
    local = local_modules()
    missing = []
    for module, where in sorted(imports().items()):
        if module in sys.stdlib_module_names or module in local:
            continue
        owners = [canonical(name) for name in distributions.get(module, [])]
        if not owners:
            missing.append(f"{where}: imports {module}, which no installed package provides")
        elif not any(owner in requirements for owner in owners):
            missing.append(f"{where}: imports {module} ({', '.join(owners)}), not in {REQUIREMENTS.name}")
    assert not missing, "\n".join(missing)


def test_the_requirements_are_what_is_installed():
    """The pins hold in the environment the suites run in (.venv under make)."""
    wrong = []
    for name, line in pinned().items():
        wanted = line.split("==", 1)[1]
        try:
            have = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            wrong.append(f"{name}: not installed")
            continue
        if have != wanted:
            wrong.append(f"{name}: {have} installed, {wanted} pinned")
    assert not wrong, "\n".join(wrong)
