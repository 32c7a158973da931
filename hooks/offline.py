"""MkDocs hook: the service worker that keeps the site usable offline, written by ``mkdocs build`` only.

After the build, ``sitebuild.service_worker`` (Node, workbox-build) writes ``sw.js`` and Workbox's runtime into the
site. ``config.extra["offline"]`` tells the pages whether a worker exists: ``mkdocs serve`` writes none, and its pages
remove one left on the same address by an earlier build (docs/assets/js/offline.mjs).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from mkdocs.exceptions import PluginError

from sitebuild.errors import BuildError
from sitebuild.service_worker import write_service_worker

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

log = logging.getLogger("mkdocs.hooks.offline")

# What this run of mkdocs is doing: on_startup runs once per run, before any build (and mkdocs serve keeps hooks).
_run = {"serving": False}


def on_startup(*, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
    _run["serving"] = command == "serve"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    config.extra["offline"] = not _run["serving"]
    return config


def on_post_build(*, config: MkDocsConfig) -> None:
    if _run["serving"]:
        return
    try:
        log.info(write_service_worker(Path(config.site_dir)))
    except BuildError as error:
        raise PluginError(str(error)) from None
