"""Nothing on the apps' pages moves while they start from nothing: no layout shift while the page loads, the app draws
itself in steps and Python starts cold (a first visit). The other pages, and the apps started warm, are measured in
tests/site/test_every_page.py.

Measured as the browser does for CLS: the layout-shift entries (without recent input) summed from navigation until
the page has settled, with the apps' engine ready, on a phone and on a desktop screen, in a fresh context. A load that
moved something is loaded twice more, and the median of the three must be 0, as Lighthouse's figures are medians: a
shift our pages cause shows on every load, while one full CI run once saw 0.0009 on one load of the home page that
over a hundred loads since, under load, never showed again. The failure message names what moved, from where to
where, on every load.
"""

from __future__ import annotations

import statistics

import pytest
from playwright.sync_api import Browser

from support.keeper import ENGINE_TIMEOUT
from support.screens import SCREENS, new_screen_context

pytestmark = [pytest.mark.browser, pytest.mark.cold]

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
ENGINE_READY = "() => performance.getEntriesByName('hf-engine-ready').length > 0"
APPS = ["keeper/", "configurator/", "helper/"]


LOADS = 3


def shifts_on_load(browser: Browser, screen: str, url: str) -> list[dict]:
    context = new_screen_context(browser, screen)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.wait_for_function(ENGINE_READY, timeout=ENGINE_TIMEOUT)
        page.wait_for_timeout(500)
        return page.evaluate(SHIFTS)
    finally:
        context.close()


@pytest.mark.parametrize("address", APPS, ids=lambda address: address.strip("/") or "home")
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_nothing_moves_while_the_page_loads(browser: Browser, site_server: str, screen: str, address: str) -> None:
    loads = [shifts_on_load(browser, screen, site_server + address)]
    # A load that moved something is loaded again: a shift the page causes shows on most loads.
    if sum(shift["value"] for shift in loads[0]):
        loads += [shifts_on_load(browser, screen, site_server + address) for _ in range(LOADS - 1)]
    totals = [sum(shift["value"] for shift in shifts) for shifts in loads]
    assert statistics.median(totals) == 0, loads
