"""The site's browser modules as the pages load them: bundled by esbuild (``node/bundle_modules.mjs``).

An app's page loads ``site.mjs``, which loads the app's bundle and the chunks it shares with the others: a new
player's keeper loads 19 files of the site's code where it loaded 45 modules. Lighthouse's simulated phone, which
fetches six files at a time over a slow network, drew the keeper's first round about 0.7 s sooner
(benchmarks/README.md). The sources stay in ``docs/assets/js/``, one module per job, and the build writes only the
bundle into the site.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitebuild.assets import Asset
from sitebuild.errors import BuildError
from sitebuild.node_steps import run_node

SCRIPT = "bundle_modules.mjs"
# Where the sources are under docs/, and where the bundle goes in the site: the same folder.
MODULES_FOLDER = "assets/js"
# The modules the site addresses by URL: the pages' (site.mjs, which imports each app when its page asks for it), the
# rules engine's worker, and those the browser tests import into a page (as entries they share the page's code, so a
# test's `getEngine()` is the page's engine).
ENTRIES = ("site.mjs", "engine.worker.mjs", "engine.mjs", "engine-snapshot.mjs", "rulesets.mjs", "dom.mjs")
# esbuild takes well under a second; this is the ceiling.
TIMEOUT_SECONDS = 60


@dataclass(frozen=True)
class Bundle:
    """The bundle's files (``assets``), and for each output module its source where it has one of its own (an entry,
    or a dynamic import's target: "keeper/app.mjs") and the outputs it imports statically."""

    assets: list[Asset]
    sources: dict[str, str | None]
    imports: dict[str, tuple[str, ...]]

    def loads(self, source: str) -> tuple[str, ...]:
        """The site paths of the modules that importing ``source`` loads: its own output and all it imports."""
        made = [name for name, made_from in self.sources.items() if made_from == source]
        if len(made) != 1:
            raise BuildError(f"the site's browser modules: no module of the bundle is made from {source}")
        found, waiting = list(made), list(made)
        while waiting:
            for imported in self.imports[waiting.pop()]:
                if imported not in found:
                    found.append(imported)
                    waiting.append(imported)
        return tuple(f"{MODULES_FOLDER}/{name}" for name in found)


def bundled_modules(js_dir: Path) -> Bundle:
    """The bundle of the modules under ``js_dir``, as files of the site's MODULES_FOLDER. Raises ``BuildError`` with
    one line (``file:line: problem``) when a module cannot be bundled."""
    printed = run_node(
        SCRIPT, str(js_dir), *ENTRIES, what="the site's browser modules", done="bundled", timeout=TIMEOUT_SECONDS
    )
    made: dict[str, Any] = json.loads(printed)
    return Bundle(
        assets=[Asset(f"{MODULES_FOLDER}/{name}", text.encode()) for name, text in sorted(made["files"].items())],
        sources={name: module["source"] for name, module in made["modules"].items()},
        imports={name: tuple(module["imports"]) for name, module in made["modules"].items()},
    )
