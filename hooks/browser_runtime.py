"""MkDocs hook: serve the browser runtime as virtual files, nothing written into docs/.

``sitebuild.runtime_manifest`` gathers the Pyodide core, the zip of handfoot with its bytecode (the engine's worker
imports ``handfoot.bridge`` from it), the variants and the rule spec as JSON, the shared templates, the vendor libraries
and the bundle of the site's modules. This hook adds those files to the site in place of the modules' sources
(``docs/assets/js/*.mjs``, which no page loads) and puts their names in ``config.extra["runtime"]``, where the
templates find them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from handfoot import VariantError
from sitebuild.assets import Asset
from sitebuild.bundle import MODULES_FOLDER
from sitebuild.errors import BuildError
from sitebuild.runtime_manifest import browser_runtime
from sitebuild.variant_data import variants_from_data

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page


def on_files(files: Files, config: MkDocsConfig) -> Files:
    # Loaded and validated once per build, by the site_pages hook's on_config, and passed on as mappings.
    mappings = config.extra.get("variants")
    if mappings is None:
        raise PluginError("hooks/site_pages.py must come before hooks/browser_runtime.py in mkdocs.yml")
    root = Path(config.config_file_path).resolve().parent
    try:
        plays = config.extra.get("how_they_play")
        runs = plays["runs"] if plays else None
        runtime = browser_runtime(root, Path(config.docs_dir), variants_from_data(mappings), runs)
    except (BuildError, VariantError) as error:
        raise PluginError(str(error)) from None
    for source in [file for file in files if _is_module_source(file)]:
        files.remove(source)
    for asset in runtime.assets:
        files.append(_file(config, asset))
    config.extra["runtime"] = runtime.settings
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """A page's front matter `app:` names one of the site's apps (partials/app-preload.html lists its modules)."""
    app = page.meta.get("app")
    apps = config.extra["runtime"]["app_modules"]
    if app is not None and app not in apps:
        raise PluginError(
            f"{page.file.src_uri}: app: {app!r} is not one of the site's apps ({', '.join(sorted(apps))})"
        )
    return markdown


def _is_module_source(file: File) -> bool:
    return file.src_uri.startswith(f"{MODULES_FOLDER}/") and file.src_uri.endswith(".mjs") and file.generated_by is None


def _file(config: MkDocsConfig, asset: Asset) -> File:
    if isinstance(asset.content, Path):
        return File.generated(config, asset.uri, abs_src_path=str(asset.content))
    return File.generated(config, asset.uri, content=asset.content)
