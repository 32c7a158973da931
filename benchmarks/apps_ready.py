"""How soon the keeper, the rule helper and the configurator say their rules engine is ready on a first visit.

    .venv/bin/python benchmarks/apps_ready.py [--runs 5]

The site is built with ``mkdocs build`` into a temporary folder and served by ``testbench.server`` (compressed, with
cache headers). Each run opens each app once in a new context of Debian's Chromium (empty HTTP cache, nothing compiled,
no snapshot) with the site's service worker allowed, as a new player's first visit is: its install precaches the site
while Python starts. The apps' order alternates between runs.

Timed, in the page's own clock, from the start of the navigation: the app's ``hf-engine-ready`` mark, set in the task
where its status line says the rules engine is ready. Each visit is checked to have started Python plainly, as a first
visit does. Prints each app's median and range, and each median as a ratio to the fastest app's: issue 53 asks for
the three within 10% of each other.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import tempfile
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from testbench.build import build_site
from testbench.chromium import CHROMIUM, launch
from testbench.keeper_bench import READY_DETAIL, TIMEOUT_MS, interleave, print_medians
from testbench.server import serve

APPS = {"keeper": "keeper/", "rule helper": "helper/", "configurator": "configurator/"}
READY_AT = "() => performance.getEntriesByName('hf-engine-ready')[0]?.startTime ?? null"
GOAL = 1.10


def first_visit(browser: Browser, url: str) -> float:
    """Seconds from the navigation's start to the app's ready mark, in a new context with the service worker allowed."""
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function(READY_AT, timeout=TIMEOUT_MS)
        start = page.evaluate(READY_DETAIL)["start"]
        if start.get("from") != "plain":
            sys.exit(f"{url}: a first visit started the rules engine {start}, not plainly")
        return float(page.evaluate(READY_AT)) / 1000
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="first visits of each app (default 5)")
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="apps-ready-") as temp, ExitStack() as stack:
        site = Path(temp) / "site"
        result = build_site(site, quiet=True)
        if result.returncode != 0:
            sys.exit(f"mkdocs build failed:\n{result.stderr}")
        base = stack.enter_context(serve(site))
        playwright = stack.enter_context(sync_playwright())
        browser = launch(playwright, CHROMIUM)
        stack.callback(browser.close)
        measures: dict[str, Callable[[], float]] = {
            name: functools.partial(first_visit, browser, base + path) for name, path in APPS.items()
        }
        times = interleave(measures, arguments.runs)

    medians = print_medians(times, "navigation start to the app's rules engine ready, first visits")
    fastest = min(medians.values())
    for name, median in medians.items():
        verdict = "within" if median / fastest <= GOAL else "over"
        print(f"  {name} / fastest: {median / fastest:.2f} ({verdict} the {GOAL:.2f} goal)")
    print(f"  spread of the medians: {statistics.pstdev(medians.values()) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
