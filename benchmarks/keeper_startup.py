"""How much slower the score keeper starts than Pyodide alone, cold and warm, in headless Chromium.

    .venv/bin/python benchmarks/keeper_startup.py [--runs 5]

The site is built with ``mkdocs build`` into a temporary folder and served on loopback. A tiny page is written next
to it, ``bench-bare/``, that only starts a module worker, runs ``loadPyodide()`` from the same ``assets/pyodide/``
files and posts one trivial result (``1 + 1``) back to the page.

What is timed, each as wall-clock from the start of the navigation (``page.goto`` or ``page.reload``) until the
result is on the page, polled every animation frame:

- keeper: the first round score computed by Python. Before every navigation an init script puts a saved game into
  localStorage: seed 000's round (Team 1, Pagat partnership, 3,615), written as the keeper's JSON export holds it
  (format 1, the variant's rules from handfoot) with no cached results, so the keeper cannot show the total until
  handfoot in Pyodide has scored it. A check before timing blocks the wasm and makes sure no total shows then. The
  clock stops when ``#r0-t0-result`` shows "3,615".
- bare: the worker's answer shown on the bare page.

The site's service worker is blocked here, so every run loads over HTTP as before the site had one
(``keeper_offline.py`` measures the worker). Cold runs use a new browser context each (empty HTTP cache, nothing
compiled). Warm runs use one persistent context per page with its own on-disk profile (``launch_persistent_context``
and a temporary user-data-dir), opened once before timing starts, and time a reload. The four measurements of a run
are interleaved, and their order alternates between runs. Prints the medians and the keeper/bare ratios (the goal is
at most 1.15).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from site_support.build import build_site
from site_support.chromium import launch
from site_support.keeper_bench import (
    BARE_DONE,
    FIRST_TOTAL,
    Warm,
    add_bare_page,
    check_waits_for_python,
    interleave,
    prefill,
    print_medians,
    saved_game,
    timed,
)
from site_support.server import serve


def build(site: Path) -> None:
    result = build_site(site, quiet=True)
    if result.returncode != 0:
        sys.exit(f"mkdocs build failed:\n{result.stderr}")
    add_bare_page(site)


def cold(browser: Browser, url: str, done: str, game: dict | None) -> float:
    context = browser.new_context(service_workers="block")
    try:
        if game:
            prefill(context, game)
        page = context.new_page()
        return timed(lambda: page.goto(url, wait_until="commit"), page, done)
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each measurement (default 5)")
    runs = parser.parse_args().runs

    with tempfile.TemporaryDirectory(prefix="keeper-bench-") as temp:
        folder = Path(temp)
        site = folder / "site"
        build(site)
        with serve(site) as base, sync_playwright() as playwright:
            keeper_url, bare_url = base + "keeper/", base + "bench-bare/"
            browser = launch(playwright)
            game = saved_game()
            # Check once that the prefilled keeper really waits for Python: with the wasm blocked, no total shows.
            check_waits_for_python(browser, keeper_url, game)

            warm_keeper = Warm(
                playwright, folder / "profile-keeper", keeper_url, FIRST_TOTAL, game, service_workers="block"
            )
            warm_bare = Warm(playwright, folder / "profile-bare", bare_url, BARE_DONE, None)
            measures: dict[str, Callable[[], float]] = {
                "keeper cold": lambda: cold(browser, keeper_url, FIRST_TOTAL, game),
                "bare cold": lambda: cold(browser, bare_url, BARE_DONE, None),
                "keeper warm": warm_keeper.run,
                "bare warm": warm_bare.run,
            }
            try:
                times = interleave(measures, runs)
            finally:
                warm_keeper.close()
                warm_bare.close()
                browser.close()

    medians = print_medians(times, "navigation start to result on the page")
    for kind in ("cold", "warm"):
        ratio = medians[f"keeper {kind}"] / medians[f"bare {kind}"]
        verdict = "within" if ratio <= 1.15 else "over"
        print(f"  keeper/bare {kind}: {ratio:.2f} ({verdict} the 1.15 goal)")


if __name__ == "__main__":
    main()
