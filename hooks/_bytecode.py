"""The browser's bytecode for a package: compiled once per source and Pyodide version, by Pyodide itself under Node.

The scorer's worker imports ``handfoot`` from a zip. With each module's ``.pyc`` beside it, Python in the browser
imports the bytecode instead of compiling the sources at every start. Only Pyodide's own Python can write a ``.pyc``
that it accepts (this machine's Python is another version), so ``compile_python.mjs`` starts it under Node, which
takes seconds; the result is kept in ``.cache/bytecode/`` under a key of the sources, the Pyodide version and the
script, and a later build reads it from there.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError

COMPILE = Path(__file__).with_name("compile_python.mjs")
COMPILE_TIMEOUT_SECONDS = 120


def compiled_modules(sources_zip: bytes, *, pyodide_dir: Path, pyodide_version: str, cache: Path) -> dict[str, bytes]:
    """Each module's ``.pyc`` for the zipped sources, named as the zip names its ``.py`` files
    (``handfoot/__pycache__/bridge.cpython-314.pyc``)."""
    key = hashlib.sha256(b"\0".join([sources_zip, pyodide_version.encode(), COMPILE.read_bytes()])).hexdigest()[:16]
    folder = cache / key
    if not folder.is_dir():
        _compile_into(folder, sources_zip, pyodide_dir)
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*.pyc"))}


def _compile_into(folder: Path, sources_zip: bytes, pyodide_dir: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise PluginError("node is missing: the handfoot bytecode is compiled with Node (run make setup)")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent) as work:
        sources = Path(work) / "sources.zip"
        sources.write_bytes(sources_zip)
        out = Path(work) / "out"
        result = subprocess.run(
            [node, str(COMPILE), str(pyodide_dir), str(sources), str(out)],
            capture_output=True,
            timeout=COMPILE_TIMEOUT_SECONDS,
            check=False,
        )
        if result.returncode != 0 or not out.is_dir():
            problem = (result.stderr.decode().strip() or f"exit {result.returncode}").splitlines()[-1]
            raise PluginError(f"the handfoot bytecode could not be compiled: {problem}")
        # Another build may have got there first; both wrote the same bytes.
        try:
            os.rename(out, folder)
        except OSError:
            if not folder.is_dir():
                raise
