"""Nothing on the main pages moves once it is on screen: no layout shift while the page and its app load.

Measured as the browser does for CLS: the layout-shift entries (without recent input) summed from navigation until
the page has settled, with the apps' scorer ready, on a phone and on a desktop screen.
"""

from __future__ import annotations

import pytest
from keeper_helpers import SCORER_TIMEOUT
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# Runs in the page: every layout shift so far, with the elements that moved.
SHIFTS = """() => new Promise((resolve) => {
  const shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const moved = entry.sources.map((source) => {
        const node = source.node;
        const element = node?.nodeType === Node.TEXT_NODE ? node.parentElement : node;
        const name = element ? `${element.nodeName}.${element.className}` : "(gone)";
        const text = (node?.textContent ?? "").trim().slice(0, 30);
        const [was, now] = [source.previousRect, source.currentRect].map((r) => `${r.x},${r.y} ${r.width}x${r.height}`);
        return `${name} "${text}" ${was} -> ${now}`;
      });
      shifts.push({ at: Math.round(entry.startTime), value: entry.value, moved });
    }
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => resolve(shifts), 300);
})"""
SCORER_READY = "() => performance.getEntriesByName('hf-scorer-ready').length > 0"
PAGES = ["", "rules/pagat-partnership/", "rules/bicycle/sheet/", "compare/", "faq/", "keeper/", "configurator/"]


@pytest.mark.parametrize("address", PAGES, ids=lambda address: address.strip("/") or "home")
def test_nothing_moves_while_the_page_loads(screen_page: Page, site_server: str, address: str) -> None:
    page = screen_page
    page.goto(site_server + address)
    page.wait_for_load_state("networkidle")
    if address in {"keeper/", "configurator/"}:
        page.wait_for_function(SCORER_READY, timeout=SCORER_TIMEOUT)
    page.wait_for_timeout(500)
    shifts = page.evaluate(SHIFTS)
    assert sum(shift["value"] for shift in shifts) == 0, shifts
