"""The two screens every test of data entry runs on, a phone held at the table and a desktop, and a full storage."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def new_screen_context(browser: Browser, screen: str, *, service_workers: str = "block") -> BrowserContext:
    """A fresh context shaped like ``screen`` ("phone" or "desktop"), allowed to use the clipboard.

    Service workers are blocked unless asked for: a worker that has kept Pyodide would answer a test that blocks the
    network's Pyodide, and whether it has kept it yet depends on timing. tests/test_offline.py covers the worker.
    """
    context = browser.new_context(**SCREENS[screen], service_workers=service_workers)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
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
