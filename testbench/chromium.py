"""Debian's Chromium, and the flags that keep it headless and off the network (no Playwright browser download)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Playwright

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


def launch(playwright: Playwright) -> Browser:
    """Headless Chromium from /usr/bin with the flags above."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
