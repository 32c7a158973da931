"""Build the site with ``mkdocs build --strict``, from the repository or from a copy of its sources."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from testbench.paths import REPO_ROOT

# The mkdocs script of the environment running this code (.venv/bin/mkdocs under make).
MKDOCS = Path(sys.executable).parent / "mkdocs"
# What a copy of the site needs to build on its own (node_modules is linked, not copied).
SITE_SOURCES = (
    "mkdocs.yml",
    "docs",
    "hooks",
    "sitebuild",
    "templates",
    "overrides",
    "variants",
    "handfoot",
    "simulations",
)


def copy_site(destination: Path) -> Path:
    """The site's sources copied to ``destination`` (node_modules linked), ready for ``build_site``."""
    destination.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SITE_SOURCES:
        source = REPO_ROOT / name
        if source.is_dir():
            shutil.copytree(source, destination / name, ignore=ignore)
        else:
            shutil.copy2(source, destination / name)
    (destination / "node_modules").symlink_to(REPO_ROOT / "node_modules", target_is_directory=True)
    return destination


def build_site(
    site_dir: Path, *, sources: Path = REPO_ROOT, env: Mapping[str, str | None] | None = None, quiet: bool = False
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``sources``' mkdocs.yml into ``site_dir``; the caller checks the result.

    ``env`` changes this process's environment for the build: a string sets a variable, None removes it. Like every
    build, it plays no simulated game: it shows the kept results and says which are missing (sitebuild.simulations);
    ``HF_SIMULATIONS=off`` leaves them out.
    """
    command = [str(MKDOCS), "build", "--strict", "-f", str(sources / "mkdocs.yml"), "-d", str(site_dir)]
    changed = {"NO_MKDOCS_2_WARNING": "1", **(env or {})}
    environment = {**os.environ, **changed}
    return subprocess.run(
        [*command, "-q"] if quiet else command,
        cwd=sources,
        env={name: value for name, value in environment.items() if value is not None},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
