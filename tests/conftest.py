"""Shared fixtures: the site built once per session, a loopback HTTP server for it, and Debian's Chromium.

Browser tests take `page` (with `site_server` for the base URL) and end with `assert_page_clean(page)`,
which fails on any request that left the machine and on any console error or uncaught page exception.
Mark them `@pytest.mark.browser`. The helpers behind these fixtures live in `site_support/`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from filelock import FileLock
from playwright.sync_api import Browser, Page, sync_playwright
from screens import SCREENS, new_screen_context

from handfoot import DEFAULT_VARIANT, Variant, load_variants
from site_support.build import build_site
from site_support.chromium import CHROMIUM, launch
from site_support.paths import REPO_ROOT
from site_support.server import serve
from site_support.watcher import page_problems, watch


@pytest.fixture(scope="session")
def variants() -> dict[str, Variant]:
    """The published variants, loaded once."""
    return load_variants(REPO_ROOT / "variants")


@pytest.fixture(scope="session")
def pagat(variants: dict[str, Variant]) -> Variant:
    """The default variant: Pagat's partnership game."""
    return variants[DEFAULT_VARIANT]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The site built from the repository with --strict, with no repository address: once per test run.

    Under pytest-xdist every worker has its own temporary folder; the first worker to get here builds the site into
    the folder they share, and the others wait for it and read the same build.
    """
    shared = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    site_dir = shared / "build" / "site"
    with FileLock(shared / "build.lock"):
        if not (shared / "build" / "done").exists():
            result = build_site(site_dir, env={"REPO_URL": None, "EDIT_URI": None})
            if result.returncode != 0:
                pytest.fail(f"mkdocs build --strict failed (exit {result.returncode}):\n{result.stderr}", pytrace=False)
            (shared / "build" / "done").write_text("", encoding="utf-8")
    return site_dir


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[str]:
    """Serve the built site on a free loopback port and yield its base URL, e.g. http://127.0.0.1:PORT/."""
    with serve(built_site) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium driven by Playwright (no Playwright browser download)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make setup` (it installs Debian's chromium)", pytrace=False)
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(params=sorted(SCREENS))
def screen_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A watched page in a fresh context, once on a phone and once on a desktop (tests taking it run twice)."""
    context = new_screen_context(browser, request.param)
    try:
        yield watch(context.new_page())
    finally:
        context.close()


@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    """A watched page in a fresh phone-shaped context (390 px wide, touch)."""
    context = new_screen_context(browser, "phone")
    try:
        yield watch(context.new_page())
    finally:
        context.close()


@pytest.fixture
def offline_phone(browser: Browser) -> Iterator[Page]:
    """A watched phone-shaped page whose context lets the service worker run, for the tests of offline use."""
    context = new_screen_context(browser, "phone", service_workers="allow")
    try:
        yield watch(context.new_page())
    finally:
        context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page in a fresh browser context that records what it did.

    `page.requests` lists every request URL (those made from web workers included),
    `page.console_errors` the text of every console message of type error, and
    `page.page_errors` every uncaught exception.
    """
    context = browser.new_context()
    try:
        yield watch(context.new_page())
    finally:
        context.close()


def _assert_page_clean(page: Page) -> None:
    problems = page_problems(page)
    assert not problems, "\n".join(problems)


@pytest.fixture
def assert_page_clean() -> Callable[[Page], None]:
    """A check to call at the end of a browser test: no request left the machine, no console error happened."""
    return _assert_page_clean
