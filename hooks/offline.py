"""MkDocs hook: the service worker that keeps the site usable offline, written by ``mkdocs build`` only.

After the build, ``hooks/service_worker.mjs`` (Node, workbox-build) writes ``sw.js`` and Workbox's runtime into the
site. ``config.extra["offline"]`` tells the pages whether a worker exists: ``mkdocs serve`` writes none, and its pages
remove one left on the same address by an earlier build (docs/assets/js/offline.mjs).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from mkdocs.exceptions import PluginError

from hooks.pyodide_runtime import PYODIDE_URL

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

SCRIPT = Path(__file__).with_name("service_worker.mjs")
# workbox-build reads and hashes the whole site in a few seconds; this is the ceiling.
TIMEOUT_SECONDS = 300

log = logging.getLogger("mkdocs.hooks.offline")

# What this run of mkdocs is doing: on_startup runs once per run, before any build (and mkdocs serve keeps hooks).
_run = {"serving": False}


def on_startup(*, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
    _run["serving"] = command == "serve"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    config.extra["offline"] = not _run["serving"]
    return config


def on_post_build(*, config: MkDocsConfig) -> None:
    if _run["serving"]:
        return
    node = shutil.which("node")
    if node is None:
        raise PluginError("node is missing: the service worker is built with Node (run make setup)")
    try:
        result = subprocess.run(
            [node, str(SCRIPT), config.site_dir, PYODIDE_URL],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise PluginError(f"the service worker was not built in {TIMEOUT_SECONDS} s") from None
    if result.returncode != 0:
        problem = (result.stderr.strip() or f"exit {result.returncode}").splitlines()[-1]
        raise PluginError(f"the service worker could not be built: {problem}")
    log.info(result.stdout.strip())
