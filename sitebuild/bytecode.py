"""The browser's bytecode for a package: compiled once per source and Pyodide version, by Pyodide itself under Node.

The rules engine's worker imports ``handfoot`` from a zip. With each module's ``.pyc`` beside it, Python in the browser
imports the bytecode instead of compiling the sources at every start. Only Pyodide's own Python can write a ``.pyc``
that it accepts (this machine's Python is another version), so ``sitebuild/node/compile_python.mjs`` starts it under
Node, which takes seconds; the result is kept in ``.cache/bytecode/`` under a key of the sources, the Pyodide version
and the script, and a later build reads it from there.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from sitebuild.errors import BuildError
from sitebuild.node_steps import run_node, script

COMPILE = "compile_python.mjs"
COMPILE_TIMEOUT_SECONDS = 120


def compiled_modules(sources_zip: bytes, *, pyodide_dir: Path, pyodide_version: str, cache: Path) -> dict[str, bytes]:
    """Each module's ``.pyc`` for the zipped sources, named as the zip names its ``.py`` files
    (``handfoot/__pycache__/bridge.cpython-314.pyc``). Raises ``BuildError`` when a module does not compile."""
    compiler = script(COMPILE).read_bytes()
    key = hashlib.sha256(b"\0".join([sources_zip, pyodide_version.encode(), compiler])).hexdigest()[:16]
    folder = cache / key
    if not folder.is_dir():
        _compile_into(folder, sources_zip, pyodide_dir)
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*.pyc"))}


def _compile_into(folder: Path, sources_zip: bytes, pyodide_dir: Path) -> None:
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent) as work:
        sources = Path(work) / "sources.zip"
        sources.write_bytes(sources_zip)
        out = Path(work) / "out"
        what, done = "the handfoot bytecode", "compiled"
        run_node(
            COMPILE, str(pyodide_dir), str(sources), str(out), what=what, done=done, timeout=COMPILE_TIMEOUT_SECONDS
        )
        if not out.is_dir():
            raise BuildError(f"{what} could not be {done}: {COMPILE} wrote no folder")
        # Another build may have got there first; both wrote the same bytes.
        try:
            os.rename(out, folder)
        except OSError:
            if not folder.is_dir():
                raise
