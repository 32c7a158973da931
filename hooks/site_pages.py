"""MkDocs hook: turns variants/*.yaml into the site's pages (rules, sheets, compare, home, FAQ, sources, API).

``sitebuild.variant_data`` loads the variants once per build, ``sitebuild.simulations`` reads how each one plays
from the kept results (a build plays no game), ``sitebuild.site_content`` renders the pages and the navigation; this
hook adds them to MkDocs' files with the file a reader would edit to change each one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from handfoot import VariantError
from sitebuild.errors import BuildError
from sitebuild.simulations import RESULTS_FILE, how_they_play, mode_from
from sitebuild.site_content import build_pages, make_environment, navigation
from sitebuild.variant_data import site_variants, variants_as_data, variants_from_data

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

VARIANTS_DIR = "variants"
TEMPLATES_DIR = "templates"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    try:
        variants = site_variants(_root(config) / VARIANTS_DIR)
        # Kept by run key; a build plays no game and writes no file, and logs which runs are missing in one line.
        plays = how_they_play(variants, _root(config) / RESULTS_FILE, mode_from(os.environ))
    except (VariantError, BuildError) as error:
        raise PluginError(str(error)) from None
    # Loaded and validated once per build; other hooks read them as JSON-ready mappings.
    config.extra["variants"] = variants_as_data(variants)
    config.extra["how_they_play"] = plays
    config.nav = navigation(variants, config.nav or [])
    return config


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    env = make_environment(_root(config) / TEMPLATES_DIR)
    variants = variants_from_data(config.extra["variants"])
    try:
        pages = build_pages(env, variants, VARIANTS_DIR, how_they_play=config.extra["how_they_play"])
    except VariantError as error:
        raise PluginError(str(error)) from None
    for page in pages:
        generated = File.generated(config, page.src_uri, content=page.markdown)
        generated.edit_uri = page.edit_path
        files.append(generated)
    for file in files:
        if file.is_documentation_page() and file.generated_by is None:
            file.edit_uri = f"docs/{file.src_uri}"
    return files


def _root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent
