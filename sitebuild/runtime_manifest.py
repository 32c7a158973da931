"""What the pages are told about the browser runtime, and the files that go with it.

Gathers the Pyodide core (under ``assets/pyodide/<version>/``), the zip of handfoot with its bytecode, the variants and
the rule spec as JSON, the precompiled shared templates (each of those under a content-hashed name), the vendor
libraries and the bundle of the site's modules (sitebuild/bundle.py). The browser_runtime hook adds the files to the
site and puts the settings in ``config.extra["runtime"]``, where the templates and the pages' modules find them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import handfoot
from handfoot import Variant
from sitebuild.assets import Asset, compact_json, hashed_asset
from sitebuild.browser_package import handfoot_zip
from sitebuild.bundle import MODULES_FOLDER, bundled_modules
from sitebuild.pyodide_runtime import PYODIDE_URL, pyodide_assets, runtime_size
from sitebuild.shared_templates import precompiled_templates
from sitebuild.variant_data import browser_data
from sitebuild.vendor import vendor_assets

# The localStorage key engine.mjs sets once the rules engine has started on a device: later visits start it with the
# page. Named when the engine was called the scorer; kept, so returning players keep their early start.
STARTED_MARK = "handfoot.scorer.started"
# What tells the keeper's page head that a game waits to be scored: a game saved on this device (the prefix of its
# localStorage key, a stored format: keeper/saved_games.mjs) or a game handed over in the address's hash
# (keeper/handover.mjs). Python then starts with the page; a new player's keeper is drawn first.
KEEPER_GAME_KEYS = "handfoot.keeper.game."
HANDED_GAME = "game"
# The apps: each is the page whose front matter says `app: <name>`, where site.mjs imports `<name>/app.mjs`.
APPS = ("configurator", "helper", "keeper")


@dataclass(frozen=True)
class BrowserRuntime:
    """``settings`` for ``config.extra["runtime"]`` (JSON-ready, site paths), and the ``assets`` they name."""

    settings: dict[str, Any]
    assets: list[Asset]


def browser_runtime(
    root: Path,
    docs_dir: Path,
    variants: Mapping[str, Variant],
    runs: Mapping[str, Mapping[str, Any] | None] | None = None,
) -> BrowserRuntime:
    """The runtime of the site whose sources are at ``root``; raises ``BuildError`` when a part cannot be made."""
    pyodide = pyodide_assets()
    vendor = vendor_assets(root / "node_modules")
    engine_zip = hashed_asset("assets/py/handfoot", ".zip", handfoot_zip(root / ".cache" / "bytecode"))
    variants_json = hashed_asset("assets/data/variants", ".json", compact_json(browser_data(variants, runs)))
    spec_json = hashed_asset("assets/data/spec", ".json", compact_json(handfoot.spec_to_json()))
    templates = hashed_asset("assets/templates/shared", ".js", precompiled_templates(root))
    settings = {
        # What the rules engine's worker starts from, as site paths, and its started mark: read by the page's head
        # (partials/engine-start.html) and by engine.mjs.
        "engine": {
            "pyodide": PYODIDE_URL,
            "zip": engine_zip.uri,
            "store": vendor["idb-keyval"].uri,
            "started_mark": STARTED_MARK,
            "game_keys": KEEPER_GAME_KEYS,
            "handed_game": HANDED_GAME,
        },
        # What keeping the rules engine for offline use takes on a device ("14 MB"), for the keeper's offer to keep it.
        "offline_size": runtime_size(),
        "variants_json": variants_json.uri,
        "spec_json": spec_json.uri,
        "vendor": {package: asset.uri for package, asset in vendor.items()},
        "templates": templates.uri,
    }
    modules = bundled_modules(docs_dir / MODULES_FOLDER)
    # What each app's page asks for at its end (partials/app-preload.html): the modules site.mjs imports there beyond
    # its own, startup.mjs and the app's, with all they import.
    loaded_by_head = set(modules.loads("site.mjs"))
    settings["app_modules"] = {
        app: [
            path
            for path in dict.fromkeys((*modules.loads("startup.mjs"), *modules.loads(f"{app}/app.mjs")))
            if path not in loaded_by_head
        ]
        for app in APPS
    }
    assets = [*pyodide, *vendor.values(), engine_zip, variants_json, spec_json, templates, *modules.assets]
    return BrowserRuntime(settings, assets)
