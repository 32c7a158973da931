"""The zip of handfoot the rules engine's worker imports: the sources the build itself runs, with Pyodide's bytecode."""

from __future__ import annotations

from pathlib import Path

import handfoot
from sitebuild.bytecode import compiled_modules
from sitebuild.package_zip import deterministic_zip, package_sources
from sitebuild.pyodide_runtime import PYODIDE_PACKAGE, pyodide_version

# The package the build itself runs, so the browser gets the very code that computed the pages.
HANDFOOT_DIR = Path(handfoot.__file__).parent


def handfoot_zip(cache: Path) -> bytes:
    """handfoot's sources and each module's ``.pyc`` for Pyodide's Python, zipped deterministically; the bytecode is
    kept under ``cache`` between builds."""
    sources = package_sources(HANDFOOT_DIR)
    bytecode = compiled_modules(
        deterministic_zip(sources),
        pyodide_dir=PYODIDE_PACKAGE,
        pyodide_version=pyodide_version(),
        cache=cache,
    )
    return deterministic_zip({**sources, **bytecode})
