"""MkDocs hook: the repository link and the "Edit this page" buttons, only where REPO_URL says where the repository is.

``sitebuild.repository_links`` reads REPO_URL and EDIT_URI; without REPO_URL the site has neither.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

from sitebuild.errors import BuildError
from sitebuild.repository_links import repository_links

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    try:
        links = repository_links(os.environ)
    except BuildError as error:
        raise PluginError(str(error)) from None
    if links is None:
        config.repo_url = config.repo_name = config.edit_uri = None
    else:
        config.repo_url, config.repo_name, config.edit_uri = links.repo_url, links.repo_name, links.edit_uri
    return config
