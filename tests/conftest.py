"""Shared fixtures: the site built once per session, a loopback HTTP server for it, and Debian's Chromium.

Browser tests take `page` (with `site_server` for the base URL) and end with `assert_page_clean(page)`,
which fails on any request that left the machine and on any console error or uncaught page exception.
Mark them `@pytest.mark.browser`.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Error, Page, Request, sync_playwright

from handfoot import DEFAULT_VARIANT, Variant, load_variants

REPO_ROOT = Path(__file__).resolve().parent.parent
# The mkdocs script of the environment running the tests (.venv/bin/mkdocs under `make test`).
MKDOCS = Path(sys.executable).parent / "mkdocs"
CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium keeps trying to reach the outside.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
# What a copy of the site needs to build on its own (node_modules is linked, not copied).
SITE_SOURCES = ("mkdocs.yml", "docs", "hooks", "templates", "overrides", "variants", "handfoot")
AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"


def copy_site(destination: Path) -> Path:
    """The site's sources copied to ``destination`` (node_modules linked), ready for ``mkdocs build``."""
    destination.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SITE_SOURCES:
        source = REPO_ROOT / name
        if source.is_dir():
            shutil.copytree(source, destination / name, ignore=ignore)
        else:
            shutil.copy2(source, destination / name)
    (destination / "node_modules").symlink_to(REPO_ROOT / "node_modules", target_is_directory=True)
    return destination


def build_copy(folder: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of a copy made by ``copy_site``, into ``folder/site``; the caller checks the result."""
    return subprocess.run(
        [str(MKDOCS), "build", "--strict", "-d", str(folder / "site")],
        cwd=folder,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def watch(page: Page) -> Page:
    """Record on the page every request URL (web workers' included), console error and uncaught exception."""
    page.requests = []
    page.console_errors = []
    page.page_errors = []

    def on_request(request: Request) -> None:
        page.requests.append(request.url)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            page.console_errors.append(message.text)

    def on_page_error(error: Error) -> None:
        page.page_errors.append(str(error))

    page.on("request", on_request)
    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    return page


def axe_violations(page: Page, selector: str = ".md-content") -> list[str]:
    """axe-core's WCAG 2 A and AA violations inside ``selector``, one readable entry each."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (selector) => {
             const {violations} = await axe.run(document.querySelector(selector),
               {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}});
             return violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)}));
           }""",
        selector,
    )
    return [f"{v['id']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in found]


@pytest.fixture(scope="session")
def variants() -> dict[str, Variant]:
    """The published variants, loaded once."""
    return load_variants(REPO_ROOT / "variants")


@pytest.fixture(scope="session")
def pagat(variants: dict[str, Variant]) -> Variant:
    """The default variant: Pagat's partnership game."""
    return variants[DEFAULT_VARIANT]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site from the repository's mkdocs.yml with --strict into a temporary folder."""
    site_dir = tmp_path_factory.mktemp("build") / "site"
    result = subprocess.run(
        [str(MKDOCS), "build", "--strict", "-f", str(REPO_ROOT / "mkdocs.yml"), "-d", str(site_dir)],
        cwd=REPO_ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed (exit {result.returncode}):\n{result.stderr}", pytrace=False)
    return site_dir


class _SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    # Module scripts and WebAssembly are refused by the browser under a wrong MIME type.
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # The browser drops connections it no longer needs; that is not an error of the site.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[str]:
    """Serve the built site on a free loopback port and yield its base URL, e.g. http://127.0.0.1:PORT/."""
    handler = functools.partial(_SiteRequestHandler, directory=str(built_site))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium driven by Playwright (no Playwright browser download)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make setup` (it installs Debian's chromium)", pytrace=False)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


# The two screens every test of data entry runs on: a phone held at the table (touch, 390 px) and a desktop.
SCREENS: dict[str, dict[str, Any]] = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def new_screen_context(browser: Browser, screen: str) -> BrowserContext:
    """A fresh context shaped like ``screen`` ("phone" or "desktop"), allowed to use the clipboard."""
    context = browser.new_context(**SCREENS[screen])
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    return context


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


def fill_storage(page: Page) -> None:
    """Fill this origin's localStorage until it refuses even a few bytes, as on a phone whose storage is full."""
    page.evaluate(
        """() => {
             let size = 512 * 1024;
             for (let i = 0; size >= 8; i += 1) {
               try {
                 localStorage.setItem(`test.filler.${i}`, "x".repeat(size));
               } catch {
                 size = Math.floor(size / 2);
               }
             }
           }"""
    )


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


def non_local_requests(urls: list[str]) -> list[str]:
    """The URLs that name a host other than this machine (data:, blob: and about: URLs name none)."""
    return [url for url in urls if urlsplit(url).hostname not in {*LOCAL_HOSTS, None}]


def _assert_page_clean(page: Page) -> None:
    problems = [f"request off the machine: {url}" for url in non_local_requests(page.requests)]
    problems += [f"console error: {text}" for text in page.console_errors]
    problems += [f"uncaught exception: {text}" for text in page.page_errors]
    assert not problems, "\n".join(problems)


@pytest.fixture
def assert_page_clean() -> Callable[[Page], None]:
    """A check to call at the end of a browser test: no request left the machine, no console error happened."""
    return _assert_page_clean
