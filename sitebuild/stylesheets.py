"""The site's CSS by concern (docs/assets/css/), joined into one stylesheet for each kind of page.

A page holds ``base`` and the concerns of what it shows: every page has tables, a rule sheet its sheet, and each app its
forms and its own. A concern is one file, ``<concern>.css``, or, where it is long, that file and the files ``FILES``
names after it (``keeper_round.css``, ...), joined in that order. Each kind of page gets one file,
``assets/css/<concerns>-<hash>.css``, so a page asks for one stylesheet of the site's instead of two to five
(Lighthouse's first paint was 50-170 ms later with separate files), and a rule page still downloads no app's CSS.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sitebuild.assets import hashed_name
from sitebuild.errors import BuildError

CSS_DIR = "assets/css"
BASE = "base"
# The concerns each app's page holds, after base; by the page's source file.
APP_CONCERNS: dict[str, tuple[str, ...]] = {
    "keeper.md": ("forms", "keeper"),
    "helper.md": ("forms", "helper"),
    "configurator.md": ("tables", "sheet", "forms", "configurator"),
}
# A concern's files in the order they are joined, where it has more than ``<concern>.css``; each under about 300 lines.
FILES: dict[str, tuple[str, ...]] = {
    "base": ("base", "base_offline", "base_print"),
    "tables": ("tables", "tables_pickers", "tables_figures"),
    "keeper": (
        "keeper",
        "keeper_sheet",
        "keeper_round",
        "keeper_counter",
        "keeper_round_end",
        "keeper_game",
        "keeper_handover",
        "keeper_race",
        "keeper_records",
    ),
    "helper": ("helper", "helper_cards", "helper_answer"),
    "configurator": ("configurator", "configurator_bar", "configurator_page", "configurator_plays"),
}
SHEET_CONCERNS = ("tables", "sheet")
PAGE_CONCERNS = ("tables",)
# The name a page that is not a file (the 404 page) takes its stylesheet by.
DEFAULT = "+".join((BASE, *PAGE_CONCERNS))


@dataclass(frozen=True)
class Stylesheet:
    """One kind of page's joined CSS: its address in the site and its bytes."""

    uri: str
    content: bytes


def concerns_for(src_uri: str) -> tuple[str, ...]:
    """The CSS files, in order, a page made from ``src_uri`` (a path under docs/) holds."""
    if src_uri in APP_CONCERNS:
        rest = APP_CONCERNS[src_uri]
    elif src_uri.endswith("/sheet.md"):
        rest = SHEET_CONCERNS
    else:
        rest = PAGE_CONCERNS
    return (BASE, *rest)


def files_of(concern: str) -> tuple[str, ...]:
    """The CSS files (names without ``.css``) a concern's part of a stylesheet joins, in order."""
    return FILES.get(concern, (concern,))


def kind_of(src_uri: str) -> str:
    """The name of the joined stylesheet a page made from ``src_uri`` links, such as ``base+tables``."""
    return "+".join(concerns_for(src_uri))


def joined_stylesheets(docs_dir: Path) -> dict[str, Stylesheet]:
    """Each kind of page's stylesheet, by kind: its concerns' files joined in order, under a content-hashed name."""
    kinds = {concerns_for(src) for src in (*APP_CONCERNS, "rules/x/sheet.md", "index.md")}
    joined: dict[str, Stylesheet] = {}
    for concerns in sorted(kinds):
        parts = []
        for name in (file for concern in concerns for file in files_of(concern)):
            path = docs_dir / CSS_DIR / f"{name}.css"
            if not path.is_file():
                raise BuildError(f"docs/{CSS_DIR}/{name}.css: missing; the pages' CSS is {sorted(_all(kinds))}")
            parts.append(f"/* {name}.css */\n{path.read_text(encoding='utf-8')}")
        content = "\n".join(parts).encode()
        name = hashed_name("-".join(concerns), content, ".css")
        joined["+".join(concerns)] = Stylesheet(f"{CSS_DIR}/{name}", content)
    return joined


def _all(kinds: set[tuple[str, ...]]) -> set[str]:
    return {f"{name}.css" for concerns in kinds for concern in concerns for name in files_of(concern)}
