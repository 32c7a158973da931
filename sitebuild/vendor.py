"""The browser libraries the site serves from node_modules, each under a folder named for its version."""

from __future__ import annotations

import json
from pathlib import Path

from sitebuild.assets import Asset
from sitebuild.errors import BuildError

# Each package and the file of it the pages load: the configurator's preview (nunjucks, marked, dompurify), the
# engine's store for its snapshot (idb-keyval) and the keeper's QR code of a game's link (qr).
VENDOR = {
    "nunjucks": "browser/nunjucks-slim.min.js",
    "marked": "lib/marked.esm.js",
    "dompurify": "dist/purify.min.js",
    "idb-keyval": "dist/index.js",
    "qr": "index.js",
}


def vendor_asset(node_modules: Path, package: str, path: str) -> Asset:
    """``node_modules/<package>/<path>`` at ``assets/vendor/<package>-<version>/<file name>``; ``BuildError`` if it or
    the package's version is missing."""
    folder = node_modules / package
    if not (folder / path).is_file():
        raise BuildError(f"node_modules/{package}/{path} is missing: run make setup")
    try:
        version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        raise BuildError(f"node_modules/{package}/package.json names no version: run make setup") from None
    return Asset(f"assets/vendor/{package}-{version}/{Path(path).name}", folder / path)


def vendor_assets(node_modules: Path) -> dict[str, Asset]:
    """Every library of ``VENDOR``, by package name."""
    return {package: vendor_asset(node_modules, package, path) for package, path in VENDOR.items()}
