"""The Pyodide runtime the site serves: its files in node_modules, its version, its folder on the site, its size."""

from __future__ import annotations

import json
from pathlib import Path

from sitebuild.assets import Asset
from sitebuild.errors import BuildError

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_PACKAGE = Path(__file__).resolve().parent.parent / "node_modules" / "pyodide"


def pyodide_version() -> str:
    try:
        version = json.loads((PYODIDE_PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return "missing"  # pyodide_assets stops the build and says to run make setup
    return str(version)


# Under its version, so that a host may cache its files for good: a new Pyodide comes under a new folder.
PYODIDE_URL = f"assets/pyodide/{pyodide_version()}/"


def pyodide_assets() -> list[Asset]:
    """Pyodide's core files from node_modules, under ``PYODIDE_URL``; ``BuildError`` if any is missing."""
    if not all((PYODIDE_PACKAGE / name).is_file() for name in PYODIDE_FILES):
        raise BuildError("node_modules/pyodide is missing: run make setup")
    return [Asset(PYODIDE_URL + name, PYODIDE_PACKAGE / name) for name in PYODIDE_FILES]


# The runtime's size on a device is said in megabytes, as phones show storage.
BYTES_PER_MB = 1_000_000


def pyodide_bytes() -> int:
    """What the runtime takes on a device once kept for offline use: its files as served, before compression."""
    return sum((PYODIDE_PACKAGE / name).stat().st_size for name in PYODIDE_FILES if (PYODIDE_PACKAGE / name).is_file())


def runtime_size() -> str:
    """That size as the pages say it, in whole megabytes: "14 MB"."""
    return f"{round(pyodide_bytes() / BYTES_PER_MB)} MB"
