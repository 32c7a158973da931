"""What the keeper's start-up benchmarks share: a bare Pyodide page beside the site, a saved game that only Python can
score, and timing a navigation until a result is on the page."""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

import handfoot
from sitebuild.pyodide_runtime import PYODIDE_URL
from testbench.chromium import CHROMIUM, playwright_args
from testbench.paths import REPO_ROOT

TIMEOUT_MS = 120_000
WARM_UP_RELOADS = 2
GAME_KEY = "handfoot.keeper.game."
CURRENT_KEY = "handfoot.keeper.current"
SEED_000 = {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "melded": 415}
# The saved game's first round score, computed by handfoot in Pyodide (the saved game holds no results).
FIRST_TOTAL = "() => document.querySelector('#r0-t0-result .hf-result__total strong')?.textContent === '3,615'"
BARE_DONE = "() => document.getElementById('result')?.textContent === 'result 2'"


def mark(name: str) -> str:
    """The page's first ``hf-engine-<name>`` mark, or ``hf-scorer-<name>`` in a copy from before the engine's name."""
    return (
        f"(performance.getEntriesByName('hf-engine-{name}')[0] ?? performance.getEntriesByName('hf-scorer-{name}')[0])"
    )


# The rules engine's ready mark: how it started ({from: "snapshot"} or {from: "plain", reason}) and its times in ms.
READY_DETAIL = f"() => {mark('ready')}?.detail ?? null"
# What became of keeping a snapshot after the first total: {kept, ms, bytes} or {kept: false, reason}.
SNAPSHOT_DETAIL = f"() => {mark('snapshot')}?.detail ?? null"
# The keeper's offline line once the service worker has stored what the keeper needs: "Ready to score offline on this
# device." ("Ready to use offline." in an earlier copy measured with --against).
READY_OFFLINE = "() => document.querySelector('.hf-offline')?.textContent.startsWith('Ready to ') === true"
SNAPSHOT_KEPT = f"() => {mark('snapshot')}?.detail?.kept === true"


def both(first: str, second: str) -> str:
    """A page condition that holds when two others do."""
    return f"() => ({first})() && ({second})()"


BARE_HTML = """<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Pyodide alone</title>
<p id="result">loading</p>
<script type="module">
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  // {result, from: "plain" or "snapshot"}; then, from the returning page's first visit, {kept: true}.
  worker.onmessage = ({ data }) => {
    if (data.kept) {
      document.body.dataset.kept = "yes";
      return;
    }
    document.body.dataset.from = data.from;
    document.getElementById("result").textContent = `result ${data.result}`;
  };
  worker.postMessage(new URL("../PYODIDE_URL", location.href).href);
</script>
</html>
"""
BARE_WORKER = """self.onmessage = async ({ data: indexURL }) => {
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  self.postMessage({ result: pyodide.runPython("1 + 1"), from: "plain" });
};
"""


# The floor of a returning start: Pyodide alone from a memory snapshot in IndexedDB, kept whole (no chunks, no hash,
# no handfoot, no self-check), then ``1 + 1``. The first visit starts it plainly, answers, and keeps the snapshot.
BARE_RETURNING_WORKER = """const request = (r) =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
const opening = indexedDB.open("bench-bare-returning", 1);
opening.onupgradeneeded = () => opening.result.createObjectStore("snapshot");
// Listened to now: the database may open before the page's message comes.
const database = request(opening);
self.onmessage = async ({ data: indexURL }) => {
  const [{ loadPyodide }, db] = await Promise.all([import(new URL("pyodide.mjs", indexURL).href), database]);
  const kept = await request(db.transaction("snapshot").objectStore("snapshot").get("memory"));
  if (kept) {
    const memory = new Uint8Array(await kept.arrayBuffer());
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: memory });
    self.postMessage({ result: pyodide.runPython("1 + 1"), from: "snapshot" });
    return;
  }
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  self.postMessage({ result: pyodide.runPython("1 + 1"), from: "plain" });
  const writing = db.transaction("snapshot", "readwrite");
  writing.objectStore("snapshot").put(new Blob([pyodide.makeMemorySnapshot()]), "memory");
  await new Promise((resolve, reject) => {
    writing.oncomplete = resolve;
    writing.onabort = () => reject(writing.error);
  });
  self.postMessage({ kept: true });
};
"""
# The bare returning page's first visit has kept its snapshot; a later one started from it.
BARE_KEPT = "() => document.body.dataset.kept === 'yes'"
BARE_FROM = "() => document.body.dataset.from"


def add_bare_page(site: Path) -> None:
    """``bench-bare/`` in a built site: a page whose module worker only runs ``loadPyodide()`` and ``1 + 1``; and
    ``bench-bare-returning/``, the same page whose worker starts from a memory snapshot kept by its first visit."""
    for folder, html, worker in (
        ("bench-bare", BARE_HTML, BARE_WORKER),
        ("bench-bare-returning", BARE_HTML, BARE_RETURNING_WORKER),
    ):
        bare = site / folder
        bare.mkdir()
        (bare / "index.html").write_text(html.replace("PYODIDE_URL", PYODIDE_URL), encoding="utf-8")
        (bare / "worker.mjs").write_text(worker, encoding="utf-8")


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


def check_waits_for_python(browser: Browser, keeper_url: str, game: dict[str, Any]) -> None:
    """With the wasm blocked, the prefilled keeper shows no total: so the clock really stops on Python's answer."""
    context = browser.new_context()
    try:
        prefill(context, game)
        page = context.new_page()
        page.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page.goto(keeper_url)
        # "The rules engine could not load", or "The scorer could not load" in a copy from before the engine's name.
        expect(page.locator("#r0-t0-result")).to_contain_text(re.compile("could not load"), timeout=TIMEOUT_MS)
        page.wait_for_timeout(1000)
        assert not page.evaluate(FIRST_TOTAL), "the prefilled game shows a total without Python"
    finally:
        context.close()


def timed(navigate: Callable[[], Any], page: Page, done: str) -> float:
    """Seconds from the start of ``navigate`` until ``done`` holds, polled every animation frame."""
    started = time.perf_counter()
    navigate()
    page.wait_for_function(done, polling="raf", timeout=TIMEOUT_MS)
    return time.perf_counter() - started


class Warm:
    """A persistent context with its own on-disk profile; visited, reloaded ``WARM_UP_RELOADS`` times, then each run is
    a reload.

    ``before`` gets the page before the first visit (e.g. to limit the origin's storage), ``ready`` is a further
    condition the first visit waits for (e.g. the service worker's caches filled), and ``options`` go to
    ``launch_persistent_context`` (e.g. ``service_workers="block"``). ``first`` holds what the first visit measured:
    the seconds from ``done`` until ``ready``, and the page's ``SNAPSHOT_DETAIL``; ``details`` the ``READY_DETAIL``
    of each run.
    """

    def __init__(
        self,
        playwright: Playwright,
        profile: Path,
        url: str,
        done: str,
        game: dict[str, Any] | None,
        *,
        before: Callable[[Page], None] | None = None,
        ready: str | None = None,
        **options: Any,
    ):
        self.context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), args=playwright_args(), headless=True, **options
        )
        if game:
            prefill(self.context, game)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.done = done
        self.details: list[Any] = []
        if before:
            before(self.page)
        self.page.goto(url)
        self.page.wait_for_function(done, polling="raf", timeout=TIMEOUT_MS)
        done_at = time.perf_counter()
        if ready:
            self.page.wait_for_function(ready, timeout=TIMEOUT_MS)
        self.first = {"ready_after": time.perf_counter() - done_at, "snapshot": self.page.evaluate(SNAPSHOT_DETAIL)}
        # Chromium keeps compiled wasm in its code cache only some time after a compile, and not always after one
        # visit: warm runs of the bare page swung from 1.2 s to 3 s with one. A few more visits are meant to settle
        # it; between whole benchmark runs its median still moved from 1.7 to 2.7 s.
        for _ in range(WARM_UP_RELOADS):
            self.page.wait_for_timeout(1000)
            self.page.reload()
            self.page.wait_for_function(done, polling="raf", timeout=TIMEOUT_MS)

    def run(self) -> float:
        seconds = timed(lambda: self.page.reload(wait_until="commit"), self.page, self.done)
        self.details.append(self.page.evaluate(READY_DETAIL))
        return seconds

    def close(self) -> None:
        self.context.close()


def interleave(measures: dict[str, Callable[[], float]], runs: int) -> dict[str, list[float]]:
    """Each measure once per run, in an order that alternates between runs; prints each run's figures."""
    times: dict[str, list[float]] = {name: [] for name in measures}
    for run in range(runs):
        order = list(measures) if run % 2 == 0 else list(reversed(measures))
        for name in order:
            times[name].append(measures[name]())
        print(f"run {run + 1}: " + ", ".join(f"{name} {times[name][-1]:.2f} s" for name in measures))
    return times


def print_medians(times: dict[str, list[float]], what: str) -> dict[str, float]:
    """Print each measure's median and range over its runs, under a heading naming ``what`` was timed; return them."""
    runs = len(next(iter(times.values())))
    medians = {name: statistics.median(values) for name, values in times.items()}
    width = max(len(name) for name in times)
    print(f"\nmedians of {runs} runs ({what}):")
    for name, value in medians.items():
        print(f"  {name:<{width}} {value:6.2f} s   (range {min(times[name]):.2f}-{max(times[name]):.2f} s)")
    return medians
