"""The two lanes of browser tests: warm and cold.

A warm page comes from one browser context per screen and pytest-xdist worker, kept from test to test, with a profile
on disk as a player's browser has (support/screens.py, new_kept_context): its HTTP cache, its compiled code, the
engine's snapshot in IndexedDB and the mark that the engine has started on this device (so every app's page starts it
as it reads its head) make it a returning player's browser, where Python starts in well under a second. Before each
test everything else a test could leave behind is cleared (every page, route, cookie, offline switch, localStorage
key but the mark, sessionStorage, IndexedDB database but the snapshot's, and Cache Storage), and the clearing is
checked: a test that left state the lane cannot clear fails the next one, not silently.
The page the clearing ran in is the test's page, at an address of the site that loads nothing. It is the last test's
page, taken back to that address, unless that test changed the page itself (a listener of its own, a script added
to every document, another screen size or media) or closed it: then a new one. A page kept from test to test saves a
new tab's set-up and its renderer's start: 0.2 s of CPU a test (a warm keeper opened and cleared 16 times, one way
then the other: 1.31 s against 1.10 s).

A cold page comes from a context made for the test alone, as a first visit: tests of starting, of the snapshot, of
offline use and of a blocked runtime take those (the ``cold`` marker).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from sitebuild.runtime_manifest import STARTED_MARK
from support.screens import new_kept_context
from testbench.watcher import watch

# The rules engine's snapshot store (engine-snapshot.mjs): the one thing a warm context keeps from test to test.
SNAPSHOT_DATABASE = "handfoot-scorer"
# A page at the site's own address that loads nothing, from which the site's storage is cleared.
CLEANER_PATH = "__warm-lane-cleaner__"
CLEAR = """async ([keep, mark]) => {
  const media = ["print", "(prefers-color-scheme: dark)", "(prefers-reduced-motion: reduce)", "(forced-colors: active)"]
    .map((query) => matchMedia(query).matches);
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
    // What a script run in every page of the context (an init script) would change: a new page's globals; and what a
    // test may have set on its page: the window's size and the media it emulates.
    page: [
      Object.keys(globalThis).sort().join(" "),
      "wakeLock" in navigator,
      navigator.onLine,
      innerWidth,
      innerHeight,
      ...media,
    ],
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
        # Each context's last page, and the listeners it had when it was given to a test.
        self.pages: dict[str, Page] = {}
        self.listeners: dict[str, dict[str, int]] = {}

    def page(self, screen: str) -> Page:
        context = self.contexts.get(screen) or self._warm(screen)
        clean = {"localStorage": [], "databases": [], "caches": [], "page": self.baselines[screen]}
        kept = self.pages.pop(screen, None)
        page, left = (kept and self._take_back(screen, kept)) or clear(context, self.base)
        if left != clean:
            page.close()
            raise LaneNotClean(f"the last test left what the warm lane could not clear: {left} (clean: {clean})")
        watch(page)
        self.pages[screen] = page
        self.listeners[screen] = listener_counts(page)
        return page

    def _take_back(self, screen: str, kept: Page) -> tuple[Page, dict] | None:
        """The last test's page, cleared; or None when that test closed it or changed it itself (a listener, an init
        script, its size or media), or it cannot be taken back (it hangs on a dialog, its renderer crashed). A page
        given up on is closed by the clearing that follows."""
        if kept.is_closed() or listener_counts(kept) != self.listeners[screen]:
            return None
        try:
            page, left = clear(self.contexts[screen], self.base, kept)
        except PlaywrightError:
            return None
        return (page, left) if left["page"] == self.baselines[screen] else None

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


def listener_counts(page: Page) -> dict[str, int]:
    """How many listeners each of the page's events has, Playwright's own and the watcher's included. Playwright
    keeps the listeners on its implementation of the page: what ``page.on`` and ``page.once`` add is counted there."""
    # Playwright gives no public count of a page's listeners.
    events = page._impl_obj
    return {name: len(events.listeners(name)) for name in events.event_names()}


def clear(context: BrowserContext, base: str, kept: Page | None = None) -> tuple[Page, dict]:
    """Clear what a test may have left in ``context``, in ``kept`` (a page it had) or else a new page; the page that
    cleared it, at the cleaner's address, and what is left, to be checked."""
    for page in context.pages:
        if page is not kept:
            page.close()
    context.unroute_all(behavior="ignoreErrors")
    context.set_offline(False)
    context.clear_cookies()
    cleaner = kept or context.new_page()
    if kept is not None:
        kept.unroute_all(behavior="ignoreErrors")
        # Media a test set as the page's own (even "screen", which no query tells from a new page's, but which prints
        # a PDF as the screen shows it) is set back to none.
        kept.emulate_media(media="null")
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
