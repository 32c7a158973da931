"""Run one of the build's Node scripts (``sitebuild/node/``) and get what it printed, or a ``BuildError``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from sitebuild.errors import BuildError

NODE_DIR = Path(__file__).resolve().with_name("node")


def script(name: str) -> Path:
    """The path of a Node script of ``sitebuild/node/``, e.g. ``script("compile_python.mjs")``."""
    return NODE_DIR / name


def run_node(name: str, *args: str, what: str, done: str, timeout: float, cwd: Path | None = None) -> bytes:
    """Run ``node sitebuild/node/<name> ARGS...`` and return its standard output.

    ``what`` and ``done`` name the step in an error ("the handfoot bytecode", "compiled"). A missing ``node``, a
    timeout and an exit other than 0 raise ``BuildError``; the last one with the last line the script wrote to stderr.
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"node is missing: sitebuild/node/{name} needs it (run make setup)")
    try:
        result = subprocess.run(
            [node, str(script(name)), *args], capture_output=True, timeout=timeout, check=False, cwd=cwd
        )
    except subprocess.TimeoutExpired:
        raise BuildError(f"{what} was not {done} in {timeout:g} s") from None
    if result.returncode != 0:
        problem = (result.stderr.decode().strip() or f"exit {result.returncode}").splitlines()[-1]
        raise BuildError(f"{what} could not be {done}: {problem}")
    return result.stdout
