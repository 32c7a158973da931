"""The keeper's scorer starts from the page's head while the page is still being read, and the keeper takes it up with
everything it said meanwhile (overrides/partials/scorer-early.html, scorer.mjs). The configurator and the rule helper
start theirs once they have drawn themselves: nothing there waits on Python in the first second, and Python starting
beside a page's own start-up slows it on a phone with few cores."""

from __future__ import annotations

import pytest
from keeper_helpers import KEEPER, SCORER_TIMEOUT, WASM, status
from playwright.sync_api import Page, Route, expect

pytestmark = pytest.mark.browser

SCORER_MODULE = "**/assets/js/scorer.mjs"

# Runs in the page: when the worker started, against when the page had been read.
TIMES = """() => ({
  start: performance.getEntriesByName("hf-scorer-start").map((mark) => mark.startTime),
  read: performance.getEntriesByType("navigation")[0].domInteractive,
  waiting: window.hfEarlyScorer !== undefined,
})"""


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


def test_the_keepers_scorer_starts_while_the_page_is_read_and_only_once(phone_page: Page, site_server: str) -> None:
    page = phone_page
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(site_server + KEEPER)
    page.wait_for_function("() => performance.getEntriesByName('hf-scorer-ready').length > 0", timeout=SCORER_TIMEOUT)
    times = page.evaluate(TIMES)
    assert len(times["start"]) == 1, times
    assert times["start"][0] < times["read"], times
    assert not times["waiting"], "the page's app never took up the worker the head started"
    assert len([url for url in workers if url.endswith("/scorer.worker.mjs")]) == 1, workers


@pytest.mark.parametrize(("address", "control"), [("configurator/", "#hf-base"), ("helper/", "#hf-helper-rules")])
def test_the_other_apps_start_the_scorer_once_they_are_drawn(
    phone_page: Page, site_server: str, address: str, control: str
) -> None:
    page = phone_page
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.add_init_script(f"({DRAWN})({control!r})")
    page.goto(site_server + address)
    page.wait_for_function("() => performance.getEntriesByName('hf-scorer-ready').length > 0", timeout=SCORER_TIMEOUT)
    times = page.evaluate(TIMES)
    drawn = page.evaluate("() => window.hfDrawn")
    assert len(times["start"]) == 1, times
    assert drawn is not None, f"{control} never appeared"
    assert times["start"][0] > drawn > times["read"], (drawn, times)
    assert not times["waiting"], "a worker started by the head was left untaken"
    assert len([url for url in workers if url.endswith("/scorer.worker.mjs")]) == 1, workers


def test_a_failure_heard_before_the_keeper_takes_up_the_worker_is_not_lost(phone_page: Page, site_server: str) -> None:
    page = phone_page
    held: list[Route] = []
    page.route(WASM, lambda route: route.abort())

    def hold(route: Route) -> None:
        held.append(route)

    # Playwright needs a handler it can tag: a plain function, not the list's bound method.
    page.route(SCORER_MODULE, hold)
    page.goto(site_server + KEEPER, wait_until="commit")
    # The worker has failed and said so while the keeper's code is still held back.
    page.wait_for_function("() => window.hfEarlyScorer?.heard.length > 0", timeout=SCORER_TIMEOUT)
    # The keeper asks for its scorer module once Material's bundle and the keeper's own modules have run.
    for _ in range(SCORER_TIMEOUT // 100):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the keeper's scorer module was not requested"
    for route in held:
        route.continue_()
    expect(status(page)).to_contain_text("could not start", timeout=SCORER_TIMEOUT)
    assert page.evaluate("() => window.hfEarlyScorer") is None
