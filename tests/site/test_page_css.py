"""Each page loads the CSS of what it holds (docs/assets/css/, joined into one stylesheet per kind of page by
hooks/stylesheets.py): a rule page downloads no app's CSS, and every class an app draws that the site's CSS styles is
styled by a file the app's page loads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from sitebuild.stylesheets import APP_CONCERNS, FILES, concerns_for
from support.configurator import wait_ready as wait_configurator_ready
from support.helper_page import READY as HELPER_READY
from support.helper_page import READY_TIMEOUT as HELPER_TIMEOUT
from support.keeper import wait_ready as wait_keeper_ready
from testbench.paths import REPO_ROOT

CSS = REPO_ROOT / "docs" / "assets" / "css"
APP_CSS = {"forms", "keeper", "configurator", "helper"}
# The site's CSS files each page's one stylesheet joins, in order.
EXPECTED = {
    "index.html": ["base", "tables"],
    "rules/pagat-partnership/index.html": ["base", "tables"],
    "rules/pagat-partnership/sheet/index.html": ["base", "tables", "sheet"],
    "compare/index.html": ["base", "tables"],
    "faq/index.html": ["base", "tables"],
    "keeper/index.html": ["base", "forms", "keeper"],
    "helper/index.html": ["base", "forms", "helper"],
    "configurator/index.html": ["base", "tables", "sheet", "forms", "configurator"],
}
# Classes an app's page draws though the file that styles them is not loaded there, and why.
UNSTYLED_ON_PURPOSE = {
    # The keeper's score sheet is a `.hf-sheet` section (assets/js/keeper/sheet.mjs), as the rule sheet is; the rule
    # sheet's one-page print layout (sheet.css) left the printed keeper's first page blank below its first lines.
    "keeper/": {"hf-sheet"},
}


def joined(name: str) -> list[str]:
    """The CSS files a joined stylesheet's name holds: ``base-forms-keeper-<hash>.css`` → base, forms, keeper."""
    return name.removesuffix(".css").split("-")[:-1]


def head_styles(html: str) -> list[str]:
    head = html.split("</head>", 1)[0]
    (sheet,) = re.findall(r'<link rel="stylesheet" href="[^"]*assets/css/([\w-]+\.css)">', head)
    return joined(sheet)


@pytest.mark.parametrize("path", sorted(EXPECTED))
def test_each_page_links_the_css_of_what_it_holds(built_site: Path, path: str) -> None:
    assert head_styles((built_site / path).read_text(encoding="utf-8")) == EXPECTED[path]


def test_no_page_but_an_app_downloads_app_css(built_site: Path) -> None:
    apps = {"keeper/index.html", "helper/index.html", "configurator/index.html"}
    for page in sorted(built_site.rglob("*.html")):
        name = page.relative_to(built_site).as_posix()
        if name in apps:
            continue
        styles = head_styles(page.read_text(encoding="utf-8"))
        assert styles[:1] == ["base"], name
        assert not APP_CSS & set(styles), f"{name} loads {sorted(APP_CSS & set(styles))}"


# A CSS file a person reads whole: a concern that needs more is split into files (sitebuild.stylesheets.FILES).
MOST_LINES = 300


def test_every_css_file_is_short_and_joined_into_a_page() -> None:
    long = {
        path.name: n
        for path in CSS.glob("*.css")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"over {MOST_LINES} lines: {long}"
    joined_files = {file for files in FILES.values() for file in files}
    concerns = {name for src in (*APP_CONCERNS, "rules/x/sheet.md", "index.md") for name in concerns_for(src)}
    assert {path.stem for path in CSS.glob("*.css")} <= joined_files | concerns


def styled_by() -> dict[str, set[str]]:
    """Each `hf-` class the site's CSS names -> the concerns whose files name it (keeper_round.css is keeper's)."""
    concern_of = {file: concern for concern, files in FILES.items() for file in files}
    found: dict[str, set[str]] = {}
    for path in CSS.glob("*.css"):
        for name in set(re.findall(r"\.(hf-[\w-]+)", path.read_text(encoding="utf-8"))):
            found.setdefault(name, set()).add(concern_of.get(path.stem, path.stem))
    return found


@pytest.mark.browser
@pytest.mark.parametrize("address", ["keeper/", "helper/", "configurator/"])
def test_every_class_an_app_draws_is_styled_by_a_file_its_page_loads(
    page: Page, site_server: str, address: str
) -> None:
    page.goto(site_server + address)
    if address == "keeper/":
        wait_keeper_ready(page)
    elif address == "configurator/":
        wait_configurator_ready(page)
    else:
        expect(page.locator(".hf-helper > .hf-status")).to_have_text(HELPER_READY, timeout=HELPER_TIMEOUT)
    drawn = set(
        page.evaluate("[...new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]))]")
    )
    loaded = {
        name
        for href in page.evaluate("[...document.styleSheets].map((s) => s.href).filter(Boolean)")
        if "/assets/css/" in href
        for name in joined(Path(href.split("?")[0]).name)
    }
    styles = styled_by()
    missing = {
        name: sorted(styles[name])
        for name in drawn
        if name in styles and not styles[name] & loaded and name not in UNSTYLED_ON_PURPOSE.get(address, set())
    }
    assert not missing, f"/{address} loads {sorted(loaded)}; drawn but styled only elsewhere: {missing}"
