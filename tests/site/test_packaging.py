"""What the project ships and how its code is found: the distribution is handfoot alone, installed in editable mode;
the hooks' helpers (sitebuild) and what the tests and benchmarks run on (testbench) are imported from this folder,
which `make setup` puts on the venv's sys.path with a .pth file."""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import re
import site
import sys
import tomllib
from pathlib import Path

import pytest

from testbench.paths import REPO_ROOT

REPO = REPO_ROOT
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
# Code that runs from a checkout: it imports handfoot and this folder's packages and never edits sys.path.
CHECKOUT_CODE = ("hooks", "sitebuild", "tests", "benchmarks", "scripts", "testbench")
# What the distribution holds: the rules engine and its subpackages. The rest stays in the repository.
SHIPPED = "handfoot"
NOT_SHIPPED = ("hooks", "sitebuild", "testbench")
# The file `make setup` writes into the venv's site-packages, holding this folder's path (see the Makefile).
CHECKOUT_PTH = "hand-and-foot-checkout.pth"
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


def test_the_distribution_lists_handfoot_and_every_subpackage_and_nothing_else() -> None:
    listed = PYPROJECT["tool"]["setuptools"]["packages"]
    found = sorted(".".join(init.parent.relative_to(REPO).parts) for init in (REPO / SHIPPED).rglob("__init__.py"))
    assert sorted(listed) == found
    assert not [name for name in listed if name.partition(".")[0] in NOT_SHIPPED]


def test_the_installed_distribution_holds_handfoot_alone() -> None:
    distribution = importlib.metadata.distribution("handfoot")
    top_level = distribution.read_text("top_level.txt")
    assert top_level is not None, "handfoot is not installed: run make setup"
    assert top_level.split() == [SHIPPED]


@pytest.mark.parametrize("package", [SHIPPED, "sitebuild", "testbench"])
def test_each_package_is_imported_from_this_checkout(package: str) -> None:
    spec = importlib.util.find_spec(package)
    assert spec is not None, f"{package} is not importable: run make setup"
    assert spec.origin is not None
    assert Path(spec.origin).resolve() == (REPO / package / "__init__.py").resolve()


def test_the_venv_puts_this_folder_on_sys_path() -> None:
    # Without it the hooks could not import sitebuild: MkDocs puts only a hook's own folder on sys.path.
    pth = [Path(folder) / CHECKOUT_PTH for folder in site.getsitepackages() if (Path(folder) / CHECKOUT_PTH).is_file()]
    assert pth, f"no {CHECKOUT_PTH} in the venv: run make setup"
    assert [Path(line).resolve() for line in pth[0].read_text(encoding="utf-8").split()] == [REPO.resolve()]


def test_hooks_holds_only_the_hooks_mkdocs_lists() -> None:
    # MkDocs loads each hook by its path; hooks/ holds those files and nothing to import (the helpers are sitebuild's).
    mkdocs_yml = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.search(r"^hooks:\n((?:  - .+\n)+)", mkdocs_yml, re.MULTILINE)
    assert listed is not None
    hooks = sorted(line.removeprefix("  - ") for line in listed.group(1).splitlines())
    files = sorted(f"hooks/{path.name}" for path in (REPO / "hooks").iterdir() if path.name != "__pycache__")
    assert files == hooks


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


def _imported(path: Path) -> set[str]:
    """The top-level names of every module ``path`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    return {name.partition(".")[0] for name in names}


def test_the_hooks_wire_mkdocs_to_sitebuild_and_nothing_else() -> None:
    allowed = {*sys.stdlib_module_names, "__future__", "mkdocs", "sitebuild", "handfoot"}
    found = {
        f"{path.relative_to(REPO)}: {name}"
        for path in sorted((REPO / "hooks").glob("*.py"))
        for name in _imported(path) - allowed
    }
    assert found == set()


def test_sitebuild_needs_no_mkdocs() -> None:
    # So that each helper can be used and tested without a build; the hooks are where MkDocs comes in.
    assert [path.name for path in sorted((REPO / "sitebuild").glob("*.py")) if "mkdocs" in _imported(path)] == []
