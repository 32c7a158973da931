"""When each app starts the scorer's worker, and that it starts only once (overrides/partials/scorer-start.html,
scorer.mjs, startup.mjs). The keeper's totals wait for Python, so its page starts the worker from its head on every
visit, as early as a bare Pyodide page does (issue 13: the keeper's cold start-up ratio). The configurator and the rule
helper start it once they have drawn themselves on a first visit, when the runtime still has to be downloaded; on a
device where the scorer has started before, whose runtime is in the cache then, their pages start it from the head
too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from hooks.browser_runtime import STARTED_MARK
from support.keeper import KEEPER, SCORER_TIMEOUT, WASM, status

pytestmark = [pytest.mark.browser, pytest.mark.cold]

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


# Set by scorer.mjs once the scorer has started on this device, removed when it fails to start.
STARTED = STARTED_MARK
KEEPER_APP = (KEEPER, "[id^=hf-round-]")
DRAWN_FIRST = [("configurator/", "#hf-base"), ("helper/", "#hf-helper-rules")]
APPS = pytest.mark.parametrize(("address", "control"), [KEEPER_APP, *DRAWN_FIRST])


def started(page: Page, site_server: str, address: str, control: str) -> dict:
    """Open the app and wait until the scorer is ready: its start marks, when the page was read and drawn, the
    workers started, how the scorer started and whether the device's started mark is there then."""
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.add_init_script(f"({DRAWN})({control!r})")
    page.goto(site_server + address)
    page.wait_for_function("() => performance.getEntriesByName('hf-scorer-ready').length > 0", timeout=SCORER_TIMEOUT)
    times = page.evaluate(TIMES)
    assert times["drawn"] is not None, f"{control} never appeared"
    assert len(times["start"]) == 1, times
    assert len([url for url in workers if url.endswith("/scorer.worker.mjs")]) == 1, workers
    ready = page.evaluate("() => performance.getEntriesByName('hf-scorer-ready')[0].detail.start.from")
    return {**times, "from": ready, "mark": page.evaluate(f"localStorage.getItem({STARTED!r})")}


@pytest.mark.parametrize(("address", "control"), DRAWN_FIRST)
def test_a_first_visit_to_the_configurator_or_the_helper_starts_the_scorer_once_it_is_drawn(
    cold_phone: Page, site_server: str, address: str, control: str
) -> None:
    times = started(cold_phone, site_server, address, control)
    assert times["start"][0] > times["drawn"] > times["read"], times
    assert times["mark"] == "1", "the next visit starts it with the page"


def test_a_first_visit_to_the_keeper_starts_the_scorer_with_the_page(cold_phone: Page, site_server: str) -> None:
    """No mark yet: the keeper's head starts the worker, once, as the page is read, before the keeper is drawn."""
    times = started(cold_phone, site_server, *KEEPER_APP)
    assert times["start"][0] < times["read"] < times["drawn"], times
    assert times["mark"] == "1", times


@APPS
def test_a_device_where_the_scorer_started_before_starts_it_with_the_page(
    cold_phone: Page, site_server: str, address: str, control: str
) -> None:
    """The mark says the scorer started here before: the worker starts from the page's head as the page is read,
    before the app is drawn, exactly once, and the mark stays."""
    cold_phone.add_init_script(f"localStorage.setItem({STARTED!r}, '1')")
    times = started(cold_phone, site_server, address, control)
    assert times["start"][0] < times["read"] < times["drawn"], times
    assert times["from"] == "plain", times
    assert times["mark"] == "1", times


def test_a_scorer_that_fails_to_start_removes_the_mark(cold_phone: Page, site_server: str) -> None:
    """The runtime is blocked on this visit: the early start fails as a later one would, the keeper says so, and the
    mark is gone, so the configurator and the helper go back to drawing first."""
    cold_phone.add_init_script(f"localStorage.setItem({STARTED!r}, '1')")
    cold_phone.route(WASM, lambda route: route.abort())
    cold_phone.goto(site_server + KEEPER)
    cold_phone.wait_for_function(
        f"() => localStorage.getItem({STARTED!r}) === null && performance.getEntriesByName('hf-scorer-start').length",
        timeout=SCORER_TIMEOUT,
    )
    expect(status(cold_phone)).to_contain_text("could not start")
