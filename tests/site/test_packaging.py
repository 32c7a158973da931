"""The project installs as one editable package set: handfoot, the hooks' helpers and site_support, from this folder."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

from site_support.paths import REPO_ROOT

REPO = REPO_ROOT
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
# Code that runs from a checkout: it imports the installed packages and never edits sys.path.
CHECKOUT_CODE = ("hooks", "tests", "benchmarks", "scripts", "site_support")
_PATH_EDIT = re.compile(r"\bsys\.path\s*(?:\.(?:insert|append|extend)\s*\(|\[[^\]]*\]\s*=|\+=|=(?!=))")


def _pins(lines: list[str]) -> dict[str, str]:
    pins = {}
    for line in lines:
        name, _, version = line.partition("==")
        pins[name.strip().lower()] = version.strip()
    return pins


def test_the_yaml_extra_pins_what_requirements_pin() -> None:
    requirements = (REPO / "requirements.txt").read_text(encoding="utf-8").splitlines()
    pinned = _pins([line for line in requirements if line and not line.startswith("#")])
    extra = _pins(PYPROJECT["project"]["optional-dependencies"]["yaml"])
    assert extra == {"pyyaml": pinned["pyyaml"]}


@pytest.mark.parametrize("package", PYPROJECT["tool"]["setuptools"]["packages"])
def test_each_package_is_imported_from_this_checkout(package: str) -> None:
    spec = importlib.util.find_spec(package)
    assert spec is not None, f"{package} is not installed: run make setup"
    assert spec.origin is not None
    assert Path(spec.origin).resolve() == (REPO / package / "__init__.py").resolve()


def test_no_code_edits_sys_path() -> None:
    edits = [
        f"{path.relative_to(REPO)}:{number}: {line.strip()}"
        for folder in CHECKOUT_CODE
        for path in sorted((REPO / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if _PATH_EDIT.search(line) and path.name != "test_packaging.py"
    ]
    assert edits == []


def test_the_path_edit_pattern_finds_edits() -> None:
    found = [
        "sys.path.insert(0, root)",
        "sys.path[:0] = [root]",
        "sys.path.append(root)",
        "sys.path += [root]",
        "sys.path = [root]",
    ]
    assert all(_PATH_EDIT.search(line) for line in found)
    assert not _PATH_EDIT.search("# neither the script's folder is on sys.path")
    assert not _PATH_EDIT.search("if root in sys.path:")
