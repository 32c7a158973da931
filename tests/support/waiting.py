"""Waiting for what a page does in its own time (a save, another tab's change), by reading it until it holds."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

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
