"""The two lanes of browser tests: warm and cold.

A warm page comes from one browser context per screen and pytest-xdist worker, kept from test to test, with a profile
on disk as a player's browser has (support/screens.py, new_kept_context): its HTTP cache, its compiled code, the
engine's snapshot in IndexedDB and the mark that the engine has started on this device (so every app's page starts it
as it reads its head) make it a returning player's browser, where Python starts in well under a second. Before each
test everything else a test could leave behind is cleared (every page, route, cookie, offline switch, localStorage
key but the mark, sessionStorage, IndexedDB database but the snapshot's, and Cache Storage), and the clearing is
checked: a test that left state the lane cannot clear fails the next one, not silently.
The page the clearing ran in is the test's page, at an address of the site that loads nothing.

A cold page comes from a context made for the test alone, as a first visit: tests of starting, of the snapshot, of
offline use and of a blocked runtime take those (the ``cold`` marker).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page

from sitebuild.runtime_manifest import STARTED_MARK
from support.screens import new_kept_context
from testbench.watcher import watch

# The rules engine's snapshot store (engine-snapshot.mjs): the one thing a warm context keeps from test to test.
SNAPSHOT_DATABASE = "handfoot-scorer"
# A page at the site's own address that loads nothing, from which the site's storage is cleared.
CLEANER_PATH = "__warm-lane-cleaner__"
CLEAR = """async ([keep, mark]) => {
  const started = localStorage.getItem(mark);
  localStorage.clear();
  if (started !== null) localStorage.setItem(mark, started);
  sessionStorage.clear();
  const drop = (name) =>
    new Promise((done) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = done;
    });
  for (const { name } of await indexedDB.databases()) if (name !== keep) await drop(name);
  for (const name of await caches.keys()) await caches.delete(name);
  return {
    localStorage: Object.keys(localStorage).filter((key) => key !== mark),
    databases: (await indexedDB.databases()).map((db) => db.name).filter((name) => name !== keep),
    caches: await caches.keys(),
    // What a script run in every page of the context (an init script) would change: a new page's globals.
    page: [Object.keys(globalThis).sort().join(" "), "wakeLock" in navigator, navigator.onLine],
  };
}"""
# How long the first visit of a warm context waits for the rules engine to keep its snapshot: a ceiling.
SNAPSHOT_TIMEOUT_MS = 90_000
SNAPSHOT_KEPT = "() => performance.getEntriesByName('hf-engine-snapshot').length > 0"
# A field of the keeper's first round, where the warm-up types a total.
FIRST_FIELD = "#r0-t0-melded"


class LaneNotClean(AssertionError):
    """A test left state behind that the warm lane could not clear."""


class WarmLane:
    """One kept context per screen, for this pytest-xdist worker; ``page(screen)`` gives a clean page in it."""

    def __init__(self, browser: Browser, base: str, profiles: Path) -> None:
        self.browser = browser
        self.profiles = profiles
        self.base = base
        self.contexts: dict[str, BrowserContext] = {}
        # What a clean page of each context looks like, taken once it is warm.
        self.baselines: dict[str, list] = {}

    def page(self, screen: str) -> Page:
        context = self.contexts.get(screen) or self._warm(screen)
        page, left = clear(context, self.base)
        clean = {"localStorage": [], "databases": [], "caches": [], "page": self.baselines[screen]}
        if left != clean:
            page.close()
            raise LaneNotClean(f"the last test left what the warm lane could not clear: {left} (clean: {clean})")
        return watch(page)

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()

    def _warm(self, screen: str) -> BrowserContext:
        """A new context, once through a plain start of the rules engine until its snapshot is kept."""
        context = new_kept_context(self.browser, screen, self.profiles / screen)
        page = context.new_page()
        page.goto(self.base + "keeper/")
        # The rules engine keeps its snapshot once it has answered a first total and calls have paused.
        page.locator(FIRST_FIELD).press_sequentially("100")
        page.wait_for_function(SNAPSHOT_KEPT, timeout=SNAPSHOT_TIMEOUT_MS)
        page.close()
        self.contexts[screen] = context
        cleaned, left = clear(context, self.base)
        cleaned.close()
        self.baselines[screen] = left["page"]
        return context


def clear(context: BrowserContext, base: str) -> tuple[Page, dict]:
    """Clear what a test may have left in ``context``; the page that cleared it, at the cleaner's address, and what is
    left, to be checked."""
    for page in context.pages:
        page.close()
    context.unroute_all(behavior="ignoreErrors")
    context.set_offline(False)
    context.clear_cookies()
    cleaner = context.new_page()
    address = base + CLEANER_PATH
    blank = "<!doctype html><title>-</title>"
    cleaner.route(address, lambda route: route.fulfill(status=200, content_type="text/html", body=blank))
    try:
        cleaner.goto(address)
        left = cleaner.evaluate(CLEAR, [SNAPSHOT_DATABASE, STARTED_MARK])
    except Exception:
        cleaner.close()
        raise
    cleaner.unroute(address)
    return cleaner, left
