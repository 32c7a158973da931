"""The score keeper's start-up on a repeat visit: served by the service worker, by the HTTP cache alone, and offline.

    .venv/bin/python benchmarks/keeper_offline.py [--runs 5]

The site is built with ``mkdocs build`` into a temporary folder (with its service worker) and served on loopback, with
the bare Pyodide page of ``keeper_startup.py`` beside it. Four persistent contexts, each with its own on-disk profile,
are opened once before timing; each run is a reload, timed from its start until the first round score computed by
Python is on the page (the same saved game as ``keeper_startup.py``, with no cached results):

- keeper, worker: the service worker answers (its caches filled: the keeper said it is ready to score offline);
- keeper, no worker: the same with service workers blocked, so the HTTP cache and the server answer;
- keeper, offline: as "keeper, worker", with the context's network cut;
- bare: ``loadPyodide()`` alone, from the HTTP cache (that page registers no worker).

Each keeper's first visit also waits until the rules engine has kept its memory snapshot, so every keeper run here is a
returning visit that starts from it (``keeper_startup.py`` compares that with a plain start).

A check before timing reloads the worker's keeper once and counts which Pyodide files the worker answered. The four
measurements of a run are interleaved, and their order alternates between runs. Prints the medians.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Response, sync_playwright

from testbench.build import build_site
from testbench.chromium import CHROMIUM, launch
from testbench.keeper_bench import (
    BARE_DONE,
    FIRST_TOTAL,
    READY_OFFLINE,
    SNAPSHOT_KEPT,
    Warm,
    add_bare_page,
    both,
    check_waits_for_python,
    interleave,
    print_medians,
    saved_game,
)
from testbench.server import serve


def check_served_by_worker(warm: Warm) -> str:
    """Reload once and say which of the Pyodide files the service worker answered."""
    pyodide: list[Response] = []
    warm.page.on("response", lambda response: pyodide.append(response) if "/pyodide/" in response.url else None)
    warm.run()
    served = sum(response.from_service_worker for response in pyodide)
    return f"{served} of {len(pyodide)} Pyodide responses came from the service worker"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each measurement (default 5)")
    runs = parser.parse_args().runs

    with tempfile.TemporaryDirectory(prefix="keeper-offline-bench-") as temp:
        folder = Path(temp)
        site = folder / "site"
        result = build_site(site, quiet=True)
        if result.returncode != 0:
            sys.exit(f"mkdocs build failed:\n{result.stderr}")
        add_bare_page(site)
        with serve(site) as base, sync_playwright() as playwright:
            keeper_url, bare_url = base + "keeper/", base + "bench-bare/"
            browser = launch(playwright, CHROMIUM)
            game = saved_game()
            check_waits_for_python(browser, keeper_url, game)

            def keeper(name: str, **options: object) -> Warm:
                return Warm(playwright, folder / name, keeper_url, FIRST_TOTAL, game, **options)

            ready_offline = both(READY_OFFLINE, SNAPSHOT_KEPT)
            worker = keeper("profile-worker", ready=ready_offline)
            no_worker = keeper("profile-no-worker", ready=SNAPSHOT_KEPT, service_workers="block")
            offline = keeper("profile-offline", ready=ready_offline)
            offline.context.set_offline(True)
            bare = Warm(playwright, folder / "profile-bare", bare_url, BARE_DONE, None)
            warms = [worker, no_worker, offline, bare]
            print(f"check: {check_served_by_worker(worker)}")
            measures: dict[str, Callable[[], float]] = {
                "keeper, worker": worker.run,
                "keeper, no worker": no_worker.run,
                "keeper, offline": offline.run,
                "bare": bare.run,
            }
            try:
                times = interleave(measures, runs)
            finally:
                for warm in warms:
                    warm.close()
                browser.close()

    medians = print_medians(times, "reload start to the first total on the page")
    for name in ("keeper, worker", "keeper, offline"):
        print(f"  {name} / keeper, no worker: {medians[name] / medians['keeper, no worker']:.2f}")
    print(f"  keeper, worker / bare: {medians['keeper, worker'] / medians['bare']:.2f}")


if __name__ == "__main__":
    main()
