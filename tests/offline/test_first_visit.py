"""A first visit to each app: nothing on the page moves while it starts from nothing (no layout shift while the page
loads, the app draws itself in steps and Python starts cold), and the page starts one rules engine. The home page's
shifts while it gets the device ready are measured in tests/offline/test_offline.py, every page's CLS by Lighthouse
(benchmarks/lighthouse.py); an app's return visit, where the page's head starts the engine early, in
tests/offline/test_engine_start.py.

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

from support.engines import engines_started
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
APPS = ["keeper/", "configurator/", "helper/"]


LOADS = 3


def first_visit(browser: Browser, screen: str, url: str) -> tuple[list[dict], tuple[int, int]]:
    """A first visit to ``url`` on ``screen`` until its engine is ready and the page has settled: the layout shifts,
    and the engine workers the page made and the starts it marked."""
    context = new_screen_context(browser, screen)
    try:
        page = context.new_page()
        engines = engines_started(page, url)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        return page.evaluate(SHIFTS), engines
    finally:
        context.close()


@pytest.mark.parametrize("address", APPS, ids=lambda address: address.strip("/") or "home")
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_first_visit_moves_nothing_and_starts_one_engine(
    browser: Browser, site_server: str, screen: str, address: str
) -> None:
    shifts, engines = first_visit(browser, screen, site_server + address)
    # Two workers would each download and start Python: twice the memory and the work on a phone.
    assert engines == (1, 1), f"engine workers made, engine starts marked: {engines}"
    loads = [shifts]
    # A load that moved something is loaded again: a shift the page causes shows on most loads.
    if sum(shift["value"] for shift in shifts):
        loads += [first_visit(browser, screen, site_server + address)[0] for _ in range(LOADS - 1)]
    totals = [sum(shift["value"] for shift in shifts) for shifts in loads]
    assert statistics.median(totals) == 0, loads
