"""Where the repository is, from the REPO_URL and EDIT_URI environment variables: the site's repository link and the
address of each page's "Edit this page" button."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from sitebuild.errors import BuildError

# Edit addresses are the repository's address, then EDIT_URI, then the file's path from the repository's root
# (variants/..., templates/pages/..., docs/...), which is how GitHub and Gitea spell them.
DEFAULT_EDIT_URI = "edit/main/"


@dataclass(frozen=True)
class RepositoryLinks:
    """MkDocs' ``repo_url``, ``repo_name`` and ``edit_uri``."""

    repo_url: str
    repo_name: str
    edit_uri: str


def repository_links(environ: Mapping[str, str]) -> RepositoryLinks | None:
    """The links ``REPO_URL`` (and ``EDIT_URI``, default ``edit/main/``) give, or None without ``REPO_URL``.

    Raises ``BuildError`` when ``REPO_URL`` is no web address.
    """
    url = environ.get("REPO_URL", "").strip()
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise BuildError(f"REPO_URL: expected a web address such as https://github.com/OWNER/NAME, got {url!r}")
    edit_uri = environ.get("EDIT_URI", "").strip() or DEFAULT_EDIT_URI
    return RepositoryLinks(
        repo_url=url.rstrip("/"),
        repo_name=parts.path.strip("/").removesuffix(".git") or parts.netloc,
        edit_uri=edit_uri if edit_uri.endswith("/") else edit_uri + "/",
    )
