"""MkDocs hook: serve the browser runtime as virtual files, nothing written into docs/.

Adds the Pyodide core from node_modules/pyodide under assets/pyodide/, a zip of the handfoot package with its bytecode
for Pyodide's Python (the scorer's worker imports ``handfoot.bridge`` from it), and the variants and the rule spec as
JSON, each under a content-hashed name.
Templates find those names in ``config.extra["runtime"]``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

import handfoot
from hooks._bytecode import compiled_modules
from hooks._module_graph import import_graph
from hooks._runtime_files import deterministic_zip, hashed_name, package_sources
from hooks.pyodide_runtime import PYODIDE_FILES, PYODIDE_PACKAGE, PYODIDE_URL, pyodide_version
from hooks.variant_data import browser_data, variants_from_data

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

# The localStorage key scorer.mjs sets once the scorer has started on a device: later visits start it with the page.
STARTED_MARK = "handfoot.scorer.started"
# Browser libraries served from node_modules under a versioned folder: the configurator's preview, and the scorer's
# store for its snapshot.
VENDOR = {
    "nunjucks": "browser/nunjucks-slim.min.js",
    "marked": "lib/marked.esm.js",
    "dompurify": "dist/purify.min.js",
    "idb-keyval": "dist/index.js",
}
# The package the build itself runs, so the browser gets the very code that computed the pages.
HANDFOOT_DIR = Path(handfoot.__file__).parent
# Templates the rule pages and the configurator's preview share, precompiled for the browser by this Node script.
SHARED_TEMPLATES = ("rule_body", "sheet_body")
PRECOMPILE = Path(__file__).with_name("precompile_templates.mjs")
PRECOMPILE_TIMEOUT_SECONDS = 60


def on_files(files: Files, config: MkDocsConfig) -> Files:
    root = Path(config.config_file_path).resolve().parent
    if not all((PYODIDE_PACKAGE / name).is_file() for name in PYODIDE_FILES):
        raise PluginError("node_modules/pyodide is missing: run make setup")
    for name in PYODIDE_FILES:
        files.append(File.generated(config, PYODIDE_URL + name, abs_src_path=str(PYODIDE_PACKAGE / name)))

    vendor = {name: _add_vendor(files, config, root, name, path) for name, path in VENDOR.items()}
    config.extra["runtime"] = {
        # What the scorer's worker starts from, as site paths, and its started mark: read by the page's head
        # (partials/scorer-start.html) and by scorer.mjs.
        "scorer": {
            "pyodide": PYODIDE_URL,
            "zip": _add_hashed(files, config, "assets/py/handfoot", ".zip", _handfoot_zip(root)),
            "store": vendor["idb-keyval"],
            "started_mark": STARTED_MARK,
        },
        "variants_json": _add_hashed(files, config, "assets/data/variants", ".json", _json(_variants(config))),
        "spec_json": _add_hashed(files, config, "assets/data/spec", ".json", _json(handfoot.spec_to_json())),
        "vendor": vendor,
        "templates": _add_hashed(files, config, "assets/templates/shared", ".js", _precompiled_templates(root)),
        # What each of the site's modules imports, under assets/js/: site.mjs fetches an app's modules all at once.
        "modules": import_graph(Path(config["docs_dir"]) / "assets" / "js"),
    }
    return files


def _handfoot_zip(root: Path) -> bytes:
    sources = package_sources(HANDFOOT_DIR)
    bytecode = compiled_modules(
        deterministic_zip(sources),
        pyodide_dir=PYODIDE_PACKAGE,
        pyodide_version=pyodide_version(),
        cache=root / ".cache" / "bytecode",
    )
    return deterministic_zip({**sources, **bytecode})


def _add_vendor(files: Files, config: MkDocsConfig, root: Path, package: str, path: str) -> str:
    folder = root / "node_modules" / package
    if not (folder / path).is_file():
        raise PluginError(f"node_modules/{package}/{path} is missing: run make setup")
    version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    uri = f"assets/vendor/{package}-{version}/{Path(path).name}"
    files.append(File.generated(config, uri, abs_src_path=str(folder / path)))
    return uri


def _variants(config: MkDocsConfig) -> dict[str, Any]:
    # Loaded and validated once per build, by the site_pages hook's on_config, and passed on as mappings.
    mappings = config.extra.get("variants")
    if mappings is None:
        raise PluginError("hooks/site_pages.py must come before hooks/browser_runtime.py in mkdocs.yml")
    return browser_data(variants_from_data(mappings))


def _precompiled_templates(root: Path) -> bytes:
    node = shutil.which("node")
    if node is None:
        raise PluginError("node is missing: the shared templates are precompiled with Node (run make setup)")
    pairs = [f"{name}={root / 'templates' / 'partials' / f'{name}.md.j2'}" for name in SHARED_TEMPLATES]
    result = subprocess.run(
        [node, str(PRECOMPILE), *pairs],
        capture_output=True,
        timeout=PRECOMPILE_TIMEOUT_SECONDS,
        check=False,
        cwd=root,
    )
    if result.returncode != 0:
        problem = (result.stderr.decode().strip() or f"exit {result.returncode}").splitlines()[-1]
        raise PluginError(f"the shared templates could not be precompiled: {problem}")
    return result.stdout


def _json(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def _add_hashed(files: Files, config: MkDocsConfig, stem: str, suffix: str, content: bytes) -> str:
    uri = hashed_name(stem, content, suffix)
    files.append(File.generated(config, uri, content=content))
    return uri
