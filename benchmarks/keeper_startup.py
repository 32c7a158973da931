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

Cold runs use a new browser context each (empty HTTP cache, nothing compiled). Warm runs use one persistent
context per page with its own on-disk profile (``launch_persistent_context`` and a temporary user-data-dir),
opened once before timing starts, and time a reload. The four measurements of a run are interleaved, and their
order alternates between runs. Prints the medians and the keeper/bare ratios (the goal is at most 1.15).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

import handfoot
from site_support.build import build_site
from site_support.chromium import CHROMIUM, CHROMIUM_ARGS, launch
from site_support.paths import REPO_ROOT
from site_support.server import serve

TIMEOUT_MS = 120_000
GAME_KEY = "handfoot.keeper.game."
CURRENT_KEY = "handfoot.keeper.current"
SEED_000 = {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "melded": 415}
FIRST_TOTAL = "() => document.querySelector('#r0-t0-result .hf-result__total strong')?.textContent === '3,615'"
BARE_DONE = "() => document.getElementById('result')?.textContent === 'result 2'"

BARE_HTML = """<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Pyodide alone</title>
<p id="result">loading</p>
<script type="module">
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    document.getElementById("result").textContent = `result ${data}`;
  };
  worker.postMessage(new URL("../assets/pyodide/", location.href).href);
</script>
</html>
"""
BARE_WORKER = """self.onmessage = async ({ data: indexURL }) => {
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  self.postMessage(pyodide.runPython("1 + 1"));
};
"""


def build(site: Path) -> None:
    result = build_site(site, quiet=True)
    if result.returncode != 0:
        sys.exit(f"mkdocs build failed:\n{result.stderr}")
    bare = site / "bench-bare"
    bare.mkdir()
    (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "worker.mjs").write_text(BARE_WORKER, encoding="utf-8")


def saved_game() -> dict[str, Any]:
    """Seed 000's round as the keeper exports it (format 1), stored with no undo history and no cached results."""
    variant = handfoot.load_variants(REPO_ROOT / "variants")[handfoot.DEFAULT_VARIANT]
    now = "2026-01-01T00:00:00.000Z"
    return {
        "format": 1,
        "id": "gbenchmark",
        "created": now,
        "updated": now,
        "variantId": variant.id,
        "base": variant.to_mapping(),
        "house": {},
        "teams": ["Team 1", "Team 2"],
        "rounds": [[{**SEED_000, "went_out": True}, {"went_out": False}]],
        "history": [],
        "cache": None,
    }


def prefill(context: BrowserContext, game: dict[str, Any]) -> None:
    """Before every navigation of the keeper, store the game afresh, without results, and make it the open one."""
    script = f"""
      if (window.top === window && location.pathname.endsWith("/keeper/")) {{
        localStorage.setItem({json.dumps(GAME_KEY + game["id"])}, {json.dumps(json.dumps(game))});
        localStorage.setItem({json.dumps(CURRENT_KEY)}, {json.dumps(game["id"])});
      }}
    """
    context.add_init_script(script=script)


def timed(navigate: Callable[[], Any], page: Page, done: str) -> float:
    started = time.perf_counter()
    navigate()
    page.wait_for_function(done, polling="raf", timeout=TIMEOUT_MS)
    return time.perf_counter() - started


def cold(browser: Browser, url: str, done: str, game: dict[str, Any] | None) -> float:
    context = browser.new_context()
    try:
        if game:
            prefill(context, game)
        page = context.new_page()
        return timed(lambda: page.goto(url, wait_until="commit"), page, done)
    finally:
        context.close()


class Warm:
    """A persistent context with its own on-disk profile; visited once, then each run is a reload."""

    def __init__(self, playwright: Playwright, profile: Path, url: str, done: str, game: dict[str, Any] | None):
        self.context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        if game:
            prefill(self.context, game)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.done = done
        self.page.goto(url)
        self.page.wait_for_function(done, polling="raf", timeout=TIMEOUT_MS)

    def run(self) -> float:
        return timed(lambda: self.page.reload(wait_until="commit"), self.page, self.done)

    def close(self) -> None:
        self.context.close()


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
            check = browser.new_context()
            prefill(check, game)
            check_page = check.new_page()
            check_page.route("**/pyodide.asm.wasm", lambda route: route.abort())
            check_page.goto(keeper_url)
            expect(check_page.locator("#r0-t0-result")).to_contain_text("The scorer could not load", timeout=TIMEOUT_MS)
            check_page.wait_for_timeout(1000)
            assert not check_page.evaluate(FIRST_TOTAL), "the prefilled game shows a total without Python"
            check.close()

            warm_keeper = Warm(playwright, folder / "profile-keeper", keeper_url, FIRST_TOTAL, game)
            warm_bare = Warm(playwright, folder / "profile-bare", bare_url, BARE_DONE, None)
            measures: dict[str, Callable[[], float]] = {
                "keeper cold": lambda: cold(browser, keeper_url, FIRST_TOTAL, game),
                "bare cold": lambda: cold(browser, bare_url, BARE_DONE, None),
                "keeper warm": warm_keeper.run,
                "bare warm": warm_bare.run,
            }
            times: dict[str, list[float]] = {name: [] for name in measures}
            try:
                for run in range(runs):
                    order = list(measures) if run % 2 == 0 else list(reversed(measures))
                    for name in order:
                        times[name].append(measures[name]())
                    print(f"run {run + 1}: " + ", ".join(f"{name} {times[name][-1]:.2f} s" for name in measures))
            finally:
                warm_keeper.close()
                warm_bare.close()
                browser.close()

    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"\nmedians of {runs} runs (navigation start to result on the page):")
    for name, value in medians.items():
        spread = f"{min(times[name]):.2f}-{max(times[name]):.2f}"
        print(f"  {name:<12} {value:6.2f} s   (range {spread} s)")
    for kind in ("cold", "warm"):
        ratio = medians[f"keeper {kind}"] / medians[f"bare {kind}"]
        verdict = "within" if ratio <= 1.15 else "over"
        print(f"  keeper/bare {kind}: {ratio:.2f} ({verdict} the 1.15 goal)")


if __name__ == "__main__":
    main()
