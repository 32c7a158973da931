"""Debian's Chromium, and the flags that keep it headless and off the network (no Playwright browser download).

The benchmarks and Lighthouse run the browser players run, ``CHROMIUM``. The tests run ``TEST_CHROMIUM``, Chromium's
headless shell: built from the same Debian source package at the same version (the same Blink, V8 and network
stack), without the browser's window and its UI, as Playwright runs headless tests when it brings its own browsers.
Over tests/keeper/test_keeper.py it took 94 s where the full browser took 109 s, its browser process 11.5 s of CPU
where the full one took 28.4 s.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import playwright
from playwright.sync_api import Browser, Playwright

CHROMIUM = Path("/usr/bin/chromium")
TEST_CHROMIUM = Path("/usr/bin/chromium-headless-shell")
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
# The address bar's popup, which headless Chromium 156 preloads as a web page of its own (chrome://omnibox-popup) in a
# renderer for every window, so for every browser context: no page shows it, and it took an eighth of the test
# suite's CPU (measured over tests/keeper/test_keeper.py).
NOT_NEEDED = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
# Where the installed Playwright keeps the switches it starts Chromium with.
PLAYWRIGHT_BUNDLE = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"


@cache
def playwright_disabled_features() -> tuple[str, ...]:
    """The features Playwright turns off in every Chromium it starts, read from the installed driver."""
    found = re.search(r"disabledFeatures = \[(.*?)\]", PLAYWRIGHT_BUNDLE.read_text(encoding="utf-8"), re.S)
    names = re.findall(r'^\s*"(\w+)"', found[1], re.M) if found else []
    if not names:
        raise RuntimeError(f"{PLAYWRIGHT_BUNDLE}: no list of disabled features found; see testbench/chromium.py")
    return tuple(names)


def playwright_args() -> list[str]:
    """The flags for a Chromium Playwright starts. Chromium keeps only the last --disable-features it is given, and
    Playwright gives its own first: this one holds Playwright's features and ours."""
    return [*CHROMIUM_ARGS, "--disable-features=" + ",".join((*playwright_disabled_features(), *NOT_NEEDED))]


def launch(playwright: Playwright, executable: Path = TEST_CHROMIUM) -> Browser:
    """Headless Chromium from /usr/bin (the tests' headless shell unless told) with the flags above."""
    return playwright.chromium.launch(executable_path=str(executable), args=playwright_args(), headless=True)
