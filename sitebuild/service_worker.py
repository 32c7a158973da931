"""The service worker that keeps the site usable offline, written into a built site by Node (workbox-build).

``sitebuild/node/service_worker.mjs`` copies Workbox's runtime into the site, fills in ``sitebuild/node/sw.template.js``
and runs workbox-build's ``injectManifest``, which writes ``sw.js`` with the precache manifest.
"""

from __future__ import annotations

from pathlib import Path

from sitebuild.node_steps import run_node
from sitebuild.pyodide_runtime import PYODIDE_URL

SCRIPT = "service_worker.mjs"
# workbox-build reads and hashes the whole site in a few seconds; this is the ceiling.
TIMEOUT_SECONDS = 300


def write_service_worker(site_dir: Path) -> str:
    """Write ``sw.js`` and Workbox's runtime into the built site at ``site_dir``; return the line the script printed
    (what it precached). Raises ``BuildError`` when the worker cannot be built."""
    printed = run_node(
        SCRIPT, str(site_dir), PYODIDE_URL, what="the service worker", done="built", timeout=TIMEOUT_SECONDS
    )
    return printed.decode().strip()
