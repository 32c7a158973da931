"""How many rules engines an app's page starts: the engine workers it makes and the starts it marks."""

from __future__ import annotations

from playwright.sync_api import Page

from support.keeper import ENGINE_TIMEOUT

READY = "() => performance.getEntriesByName('hf-engine-ready').length > 0"


def engines_started(page: Page, address: str) -> tuple[int, int]:
    """Open ``address`` until the rules engine is ready: the engine workers the page made, and the starts it marked."""
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(address)
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT)
    starts = page.evaluate("performance.getEntriesByName('hf-engine-start').length")
    return len([url for url in workers if url.endswith("/engine.worker.mjs")]), starts
