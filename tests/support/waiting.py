"""Waiting for what a page does in its own time (a save, another tab's change, Python starting), by reading it
until it holds."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

T = TypeVar("T")
# Pyodide in a fresh context on a small machine may take this long before a page's work is done: a ceiling.
CEILING_SECONDS = 60
POLL_SECONDS = 0.1


def eventually(read: Callable[[], T], expected: T, timeout: float = CEILING_SECONDS) -> None:
    """Read until ``read()`` gives ``expected``; fail with the last value read once ``timeout`` seconds have passed."""
    deadline = time.monotonic() + timeout
    while (got := read()) != expected:
        if time.monotonic() > deadline:
            raise AssertionError(f"expected {expected!r}, still {got!r} after {timeout} s")
        time.sleep(POLL_SECONDS)


# How often the page reads an element it is waiting for, in ms. Playwright's expect() reads at growing intervals, every
# half second after the first 270 ms, so a wait for Python to start (most of a second) ended up to 500 ms after it had.
PAGE_POLL_MS = 20
SHOWN = """([selector, text]) => {
  const element = document.querySelector(selector);
  return element !== null && (text === null || element.textContent.includes(text));
}"""


def until_shown(page: Page, selector: str, text: str | None, timeout_ms: float) -> None:
    """Wait, reading the page every PAGE_POLL_MS, until the first element at ``selector`` is there and, unless ``text``
    is None, holds ``text``. It only waits: an expect() after it checks, and says what the page shows if it does not
    hold."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(SHOWN, arg=[selector, text], polling=PAGE_POLL_MS, timeout=timeout_ms)
