"""How much slower the score keeper starts than Pyodide alone, cold and warm, in headless Chromium.

    .venv/bin/python benchmarks/keeper_startup.py [--runs 5] [--sources DIR] [--against DIR]

The site is built with ``mkdocs build`` (from ``--sources``, a copy of the site's sources such as ``git archive``
gives, or else the repository) into a temporary folder and served on loopback. A tiny page is written next to it,
``bench-bare/``, that only starts a module worker, runs ``loadPyodide()`` from the same ``assets/pyodide/`` files and
posts one trivial result (``1 + 1``) back to the page. With ``--against``, a second site is built from that copy of
the sources (the commit before a change, say) and served beside the first; its keeper is timed in the same runs,
interleaved with the first's, so both face the same machine (its measurements are named "against: ...").

What is timed, each as wall-clock from the start of the navigation (``page.goto`` or ``page.reload``) until the
result is on the page, polled every animation frame:

- keeper: the first round score computed by Python. Before every navigation an init script puts a saved game into
  localStorage: seed 000's round (Team 1, Pagat partnership, 3,615), written as the keeper's JSON export holds it
  (format 1, the variant's rules from handfoot) with no cached results, so the keeper cannot show the total until
  handfoot in Pyodide has scored it. A check before timing blocks the wasm and makes sure no total shows then. The
  clock stops when ``#r0-t0-result`` shows "3,615".
- keeper typed: a new game's first round score typed by hand, as a new player has no saved game: nothing is
  prefilled, the fields of team 1's round 1 are typed key by key (seed 000's round, the same 3,615) as soon as each is
  on the page, "Went out" is ticked, and the clock stops when the total shows. The typing itself is in the time; the
  wait from the last key to the total is printed too.
- bare: the worker's answer shown on the bare page.

The site's service worker is blocked in all runs but two, so they load over HTTP as before the site had one
(``keeper_offline.py`` measures the worker further). Cold runs use a new browser context each (empty HTTP cache, nothing
compiled, no snapshot); "keeper cold, sw" is the same first visit with the service worker allowed, as a first visit
really is: its install precaches the site while Python starts. The other runs each use one persistent context with its
own on-disk profile (``launch_persistent_context`` and a temporary user-data-dir), opened once before timing starts,
and time a reload:

- keeper returning: the first visit waits until the rules engine has kept its memory snapshot in IndexedDB, so every
  reload starts from it (each run checks that the ready mark says so);
- keeper returning, sw: the same with the site's service worker, as a returning player has it: the first visit also
  waits until the keeper says "Ready to score offline on this device.", so the worker answers every file;
- keeper warm plain: the origin's storage quota is set to 2 MB through the DevTools protocol, so no snapshot can be
  kept and every reload is a plain start from the HTTP cache;
- bare warm: the bare page, reloaded;
- bare returning: ``bench-bare-returning/``, the bare page's worker started from a memory snapshot of Pyodide alone,
  which its first visit kept whole in IndexedDB (no chunks, no hash, no handfoot, no self-check), reloaded. It is the
  floor of a returning start: what Pyodide itself takes from a snapshot, page and worker included.

The measurements of a run (nine, fifteen with ``--against``) are interleaved, and their order alternates between
runs. Prints the medians, the keeper/bare ratios (the goal is at most 1.15 for a plain start, and at most 0.25 for a
returning visit), the bare returning page's own ratio to the bare page warm (the floor under the returning goal), and
what the first visit paid for the snapshot: the time from its first total until the snapshot was stored, the worker's
own time making it, and its size.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from testbench.build import build_site
from testbench.chromium import CHROMIUM, launch
from testbench.keeper_bench import (
    BARE_DONE,
    BARE_FROM,
    BARE_KEPT,
    FIRST_TOTAL,
    READY_OFFLINE,
    SEED_000,
    SNAPSHOT_KEPT,
    TIMEOUT_MS,
    Warm,
    add_bare_page,
    both,
    check_waits_for_python,
    interleave,
    prefill,
    print_medians,
    saved_game,
    timed,
)
from testbench.server import serve

# The returning visit's goal against the bare page warm (issue 53).
RETURNING_GOAL = 0.25


def build(site: Path, sources: Path | None) -> None:
    # A copy's own packages (its handfoot, and its hooks' helpers however they were laid out) come before this
    # checkout's, which the venv's .pth file puts on the path.
    env = None if sources is None else {"PYTHONPATH": str(sources)}
    result = build_site(site, quiet=True) if sources is None else build_site(site, sources=sources, env=env, quiet=True)
    if result.returncode != 0:
        sys.exit(f"mkdocs build failed:\n{result.stderr}")
    add_bare_page(site)


def cold(browser: Browser, url: str, done: str, game: dict | None, service_workers: str = "block") -> float:
    context = browser.new_context(service_workers=service_workers)
    try:
        if game:
            prefill(context, game)
        page = context.new_page()
        return timed(lambda: page.goto(url, wait_until="commit"), page, done)
    finally:
        context.close()


def typed_cold(browser: Browser, url: str, after_typing: list[float]) -> float:
    """A first visit with no saved game: seed 000's round typed into team 1's fields key by key, until its total shows.
    Appends the seconds from the last key to the total to ``after_typing``."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url, wait_until="commit")
        for key, value in SEED_000.items():
            page.locator(f"#r0-t0-{key}").press_sequentially(str(value), timeout=TIMEOUT_MS)
        page.locator("#r0-t0-went_out").check(timeout=TIMEOUT_MS)
        typed = time.perf_counter()
        page.wait_for_function(FIRST_TOTAL, polling="raf", timeout=TIMEOUT_MS)
        done = time.perf_counter()
        after_typing.append(done - typed)
        return done - started
    finally:
        context.close()


def no_room_for_a_snapshot(base: str) -> Callable[[Page], None]:
    def limit(page: Page) -> None:
        page.goto(base)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": base.rstrip("/"), "quotaSize": 2 * 1024 * 1024})

    return limit


class BareReturning:
    """The bare page from its own snapshot: its first visit starts Pyodide plainly and keeps the snapshot, and every
    timed reload starts from it (checked)."""

    def __init__(self, playwright: Playwright, folder: Path, base: str):
        url = base + "bench-bare-returning/"
        self.warm = Warm(playwright, folder / "profile-bare-returning", url, BARE_DONE, None, ready=BARE_KEPT)
        self.starts: list[str] = []

    def run(self) -> float:
        seconds = self.warm.run()
        self.starts.append(self.warm.page.evaluate(BARE_FROM))
        return seconds

    def check(self) -> None:
        if set(self.starts) != {"snapshot"}:
            sys.exit(f"expected every bare returning run to start from its snapshot, got {self.starts}")

    def close(self) -> None:
        self.warm.close()


def check_starts(warm: Warm, expected: str) -> None:
    starts = {detail["start"]["from"] for detail in warm.details}
    if starts != {expected}:
        sys.exit(f"expected every run to start from {expected}, got {warm.details}")


def game_of(sources: Path | None) -> dict[str, Any]:
    """The saved game, with the rules as the copy at ``sources`` (its own handfoot and variants) writes them."""
    game = saved_game()
    if sources is None:
        return game
    code = (
        "import json, handfoot; "
        "print(json.dumps(handfoot.load_variants('variants')[handfoot.DEFAULT_VARIANT].to_mapping()))"
    )
    env = {**os.environ, "PYTHONPATH": str(sources)}
    command = [sys.executable, "-c", code]
    found = subprocess.run(command, cwd=sources, env=env, capture_output=True, text=True, check=True)
    return {**game, "base": json.loads(found.stdout)}


class Keeper:
    """The keeper of one served site: its warm profiles, opened now, and its measures, named with ``prefix``."""

    def __init__(
        self,
        playwright: Playwright,
        browser: Browser,
        folder: Path,
        base: str,
        prefix: str = "",
        sources: Path | None = None,
    ):
        url = base + "keeper/"
        game = game_of(sources)
        # Check once that the prefilled keeper really waits for Python: with the wasm blocked, no total shows.
        check_waits_for_python(browser, url, game)

        def warm(name: str, **options: Any) -> Warm:
            return Warm(playwright, folder / f"{prefix}{name}".replace(" ", "-"), url, FIRST_TOTAL, game, **options)

        self.prefix = prefix
        self.after_typing: list[float] = []
        self.returning = warm("profile-returning", ready=SNAPSHOT_KEPT, service_workers="block")
        self.with_worker = warm("profile-worker", ready=both(READY_OFFLINE, SNAPSHOT_KEPT))
        self.plain = warm("profile-plain", before=no_room_for_a_snapshot(base), service_workers="block")
        self.measures: dict[str, Callable[[], float]] = {
            f"{prefix}keeper cold": lambda: cold(browser, url, FIRST_TOTAL, game),
            f"{prefix}keeper cold, sw": lambda: cold(browser, url, FIRST_TOTAL, game, service_workers="allow"),
            f"{prefix}keeper typed cold": lambda: typed_cold(browser, url, self.after_typing),
            f"{prefix}keeper warm plain": self.plain.run,
            f"{prefix}keeper returning": self.returning.run,
            f"{prefix}keeper returning, sw": self.with_worker.run,
        }

    def close(self) -> None:
        for warm in (self.returning, self.with_worker, self.plain):
            warm.close()

    def check(self) -> None:
        check_starts(self.returning, "snapshot")
        check_starts(self.with_worker, "snapshot")
        check_starts(self.plain, "plain")

    def report(self, medians: dict[str, float]) -> None:
        p = self.prefix
        for keeper_name, bare_name, goal in (
            (f"{p}keeper cold", "bare cold", 1.15),
            (f"{p}keeper cold, sw", "bare cold", None),
            (f"{p}keeper typed cold", "bare cold", None),
            (f"{p}keeper warm plain", "bare warm", 1.15),
            (f"{p}keeper returning", "bare warm", RETURNING_GOAL),
            (f"{p}keeper returning, sw", "bare warm", RETURNING_GOAL),
            (f"{p}keeper returning", f"{p}keeper warm plain", None),
        ):
            ratio = medians[keeper_name] / medians[bare_name]
            verdict = "" if goal is None else f" ({'within' if ratio <= goal else 'over'} the {goal:.2f} goal)"
            print(f"  {keeper_name} / {bare_name}: {ratio:.2f}{verdict}")
        typing = statistics.median(self.after_typing)
        print(f"  {p}keeper typed cold: from the last key to the total, median {typing:.2f} s")
        for name, warm in ((f"{p}keeper returning", self.returning), (f"{p}keeper returning, sw", self.with_worker)):
            details = warm.details
            steps = {step: statistics.median(d["steps"][step] for d in details) for step in details[0]["steps"]}
            restore = statistics.median(detail["start"]["ms"] for detail in details)
            print(f"  {name}: the worker's start from the snapshot, median {restore:.0f} ms; steps in ms {steps}")
        kept = self.returning.first["snapshot"]
        print(
            f"  {p}first visit: the snapshot was stored {self.returning.first['ready_after']:.2f} s after the first "
            f"total (after 1 s without calls); making and storing it took the worker {kept['ms']:.0f} ms; "
            f"{kept['bytes'] / 2**20:.1f} MiB stored"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each measurement (default 5)")
    parser.add_argument("--sources", type=Path, help="build the site from this copy of its sources")
    parser.add_argument(
        "--against", type=Path, help="also time the keeper built from this copy of the sources, interleaved"
    )
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="keeper-bench-") as temp, ExitStack() as stack:
        folder = Path(temp)
        build(folder / "site", arguments.sources)
        base = stack.enter_context(serve(folder / "site"))
        if arguments.against:
            build(folder / "against", arguments.against)
            against_base = stack.enter_context(serve(folder / "against"))
        playwright = stack.enter_context(sync_playwright())
        browser = launch(playwright, CHROMIUM)
        stack.callback(browser.close)
        keepers = [Keeper(playwright, browser, folder, base)]
        stack.callback(keepers[0].close)
        if arguments.against:
            against = Keeper(playwright, browser, folder, against_base, prefix="against: ", sources=arguments.against)
            keepers.append(against)
            stack.callback(keepers[1].close)
        bare_url = base + "bench-bare/"
        bare = Warm(playwright, folder / "profile-bare", bare_url, BARE_DONE, None)
        stack.callback(bare.close)
        bare_returning = BareReturning(playwright, folder, base)
        stack.callback(bare_returning.close)
        measures = {name: measure for keeper in keepers for name, measure in keeper.measures.items()}
        measures |= {
            "bare cold": lambda: cold(browser, bare_url, BARE_DONE, None),
            "bare warm": bare.run,
            "bare returning": bare_returning.run,
        }
        times = interleave(measures, arguments.runs)
        for keeper in keepers:
            keeper.check()
        bare_returning.check()

    medians = print_medians(times, "navigation start to result on the page")
    for keeper in keepers:
        keeper.report(medians)
    floor = medians["bare returning"] / medians["bare warm"]
    print(f"  bare returning / bare warm: {floor:.2f} (the floor of a returning ratio: Pyodide alone from a snapshot)")
    for keeper in keepers:
        name = f"{keeper.prefix}keeper returning"
        print(f"  {name} / bare returning: {medians[name] / medians['bare returning']:.2f}")


if __name__ == "__main__":
    main()
