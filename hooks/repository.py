# MkDocs hook: the repository link and the "Edit this page" buttons, only where REPO_URL says where the repository is.
from __future__ import annotations

import os
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

# Edit addresses are the repository's address, then EDIT_URI, then the file's path from the repository's root
# (variants/..., templates/pages/..., docs/...), which is how GitHub and Gitea spell them.
DEFAULT_EDIT_URI = "edit/main/"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    url = os.environ.get("REPO_URL", "").strip()
    if not url:
        config.repo_url = config.repo_name = config.edit_uri = None
        return config
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise PluginError(f"REPO_URL: expected a web address such as https://github.com/OWNER/NAME, got {url!r}")
    edit_uri = os.environ.get("EDIT_URI", "").strip() or DEFAULT_EDIT_URI
    config.repo_url = url.rstrip("/")
    config.repo_name = parts.path.strip("/").removesuffix(".git") or parts.netloc
    config.edit_uri = edit_uri if edit_uri.endswith("/") else edit_uri + "/"
    return config
