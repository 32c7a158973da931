"""The two screens every test of data entry runs on, a phone held at the table and a desktop, and a full storage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from support.person import grant_clipboard
from testbench.chromium import TEST_CHROMIUM, playwright_args

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def new_screen_context(
    browser: Browser, screen: str, *, service_workers: str = "block", **options: Any
) -> BrowserContext:
    """A fresh context shaped like ``screen`` ("phone" or "desktop"), allowed to use the clipboard, with Playwright's
    other context ``options`` (``color_scheme="dark"``, say).

    Service workers are blocked unless asked for: a worker that has kept Pyodide would answer a test that blocks the
    network's Pyodide, and whether it has kept it yet depends on timing; and a worker's install fetches every page and
    asset of the site, 0.6 s of the machine's CPU in a context that is there for something else.
    tests/offline/test_offline.py covers the worker.
    """
    context = browser.new_context(**SCREENS[screen], service_workers=service_workers, **options)
    grant_clipboard(context)
    return context


def new_kept_context(browser: Browser, screen: str, profile: Path) -> BrowserContext:
    """A context shaped like ``screen`` with a browser profile of its own on disk at ``profile``, as a player's browser
    keeps one: its HTTP cache and V8's code cache (of the modules and of Pyodide's WebAssembly) are kept on disk, where
    a context from ``new_context()`` keeps them in memory only. An app's warm open took 1.14 s of CPU in one against
    1.57 s in the other. Service workers are blocked, as above."""
    context = browser.browser_type.launch_persistent_context(
        profile,
        executable_path=str(TEST_CHROMIUM),
        args=playwright_args(),
        headless=True,
        service_workers="block",
        **SCREENS[screen],
    )
    grant_clipboard(context)
    return context


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
