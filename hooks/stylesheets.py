"""MkDocs hook: the site's CSS files by concern, joined into one stylesheet for each kind of page.

``sitebuild.stylesheets`` joins them; this hook adds the joined files to the site in place of the separate ones, and
gives each page's template the one it links (``page_stylesheet``, read by overrides/main.html).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from sitebuild.errors import BuildError
from sitebuild.stylesheets import CSS_DIR, DEFAULT, joined_stylesheets, kind_of

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page


def on_files(files: Files, config: MkDocsConfig) -> Files:
    try:
        joined = joined_stylesheets(Path(config.docs_dir))
    except BuildError as error:
        raise PluginError(str(error)) from None
    for separate in [f for f in files if f.src_uri.startswith(f"{CSS_DIR}/") and f.src_uri.endswith(".css")]:
        files.remove(separate)
    for sheet in joined.values():
        files.append(File.generated(config, sheet.uri, content=sheet.content))
    config.extra["stylesheets"] = {kind: sheet.uri for kind, sheet in joined.items()}
    config.extra["default_stylesheet"] = joined[DEFAULT].uri
    return files


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Navigation) -> dict[str, Any]:
    context["page_stylesheet"] = config.extra["stylesheets"][kind_of(page.file.src_uri)]
    return context
