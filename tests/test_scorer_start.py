"""Each app starts the scorer's worker once it has drawn itself, and only once (startup.mjs, scorer.mjs). Started
from the page's head, beside the page's own start-up on a machine with two cores, Python slowed the page (Lighthouse
89 on the keeper against 98 started later) and was not ready any sooner (issue 13)."""

from __future__ import annotations

import pytest
from keeper_helpers import KEEPER, SCORER_TIMEOUT
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# Runs before the page: when the app's first control is in the page.
DRAWN = """(selector) => {
  window.hfDrawn = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector)) {
      window.hfDrawn = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}"""

# Runs in the page: when the worker started, against when the page had been read.
TIMES = """() => ({
  start: performance.getEntriesByName("hf-scorer-start").map((mark) => mark.startTime),
  read: performance.getEntriesByType("navigation")[0].domInteractive,
  drawn: window.hfDrawn,
})"""


@pytest.mark.parametrize(
    ("address", "control"),
    [(KEEPER, "[id^=hf-round-]"), ("configurator/", "#hf-base"), ("helper/", "#hf-helper-rules")],
)
def test_each_app_starts_the_scorer_once_it_is_drawn_and_only_once(
    phone_page: Page, site_server: str, address: str, control: str
) -> None:
    page = phone_page
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.add_init_script(f"({DRAWN})({control!r})")
    page.goto(site_server + address)
    page.wait_for_function("() => performance.getEntriesByName('hf-scorer-ready').length > 0", timeout=SCORER_TIMEOUT)
    times = page.evaluate(TIMES)
    assert times["drawn"] is not None, f"{control} never appeared"
    assert len(times["start"]) == 1, times
    assert times["start"][0] > times["drawn"] > times["read"], times
    assert len([url for url in workers if url.endswith("/scorer.worker.mjs")]) == 1, workers
