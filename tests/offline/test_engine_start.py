"""Each app starts one engine: one worker per page, started once, on a first visit and on a return, when the page's
head may start it early (overrides/partials/engine-start.html) and the app takes it over (engine.mjs). Two workers
would each download and start Python: twice the memory and the work on a phone. When the worker starts against the
page's own start-up is a matter of speed, measured in benchmarks/keeper_startup.py, not pinned here."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from support.keeper import ENGINE_TIMEOUT, KEEPER

pytestmark = [pytest.mark.browser, pytest.mark.cold]

READY = "() => performance.getEntriesByName('hf-engine-ready').length > 0"
APPS = [KEEPER, "configurator/", "helper/"]


def engines_started(page: Page, address: str) -> tuple[int, int]:
    """Open ``address`` until the rules engine is ready: the engine workers the page made, and the starts it marked."""
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(address)
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT)
    starts = page.evaluate("performance.getEntriesByName('hf-engine-start').length")
    return len([url for url in workers if url.endswith("/engine.worker.mjs")]), starts


@pytest.mark.parametrize("address", APPS)
def test_an_app_starts_one_engine_on_a_first_visit_and_on_a_return(
    cold_phone: Page, site_server: str, address: str
) -> None:
    assert engines_started(cold_phone, site_server + address) == (1, 1), "first visit"
    returning = cold_phone.context.new_page()
    assert engines_started(returning, site_server + address) == (1, 1), "return"
