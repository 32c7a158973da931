"""Offline and installable: the service worker precaches the site on the first visit to any page, keeps Pyodide once
the keeper or the configurator needs it, offers a new build as "A new version is ready", and the web app manifest
holds what an installable app needs.

Every test uses a fresh browser context that lets service workers run, so each starts with no worker.
"""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from handfoot import Variant, score_round
from handfoot.examples import SEED_000_OUT, SEED_001_SHORT, SEED_TOTALS
from sitebuild.pyodide_runtime import PYODIDE_URL
from support.configurator import open_configurator, show_view
from support.helper_page import expect_answer, open_helper, put, rules_select, touch
from support.keeper import (
    enter,
    expect_round_score,
    field,
    open_handover,
    open_keeper,
    open_records,
    stored_games,
    tally,
    wait_ready,
)
from support.person import type_into
from support.questions import Question
from support.screens import new_screen_context
from support.waiting import eventually
from testbench.build import build_site, copy_site
from testbench.chromium import TEST_CHROMIUM, playwright_args
from testbench.server import serve
from testbench.watcher import page_problems, watch

pytestmark = [pytest.mark.browser, pytest.mark.cold]

# Pyodide in a fresh context on a small machine, and the precache of the whole site beside it: a ceiling.
OFFLINE_TIMEOUT = 90_000
# What the home page and the keeper say of this device.
READY_TO_SCORE = "Ready to score offline on this device."
NOT_READY = "Not ready to score offline on this device yet."
PYODIDE = PYODIDE_URL
# The worker is active once its install, the precache of the whole site, has finished.
WORKER_ACTIVE = "navigator.serviceWorker.ready.then((registration) => registration.active.state)"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def offline_line(page: Page) -> Locator:
    return page.locator(".hf-offline")


def wait_worker(page: Page) -> None:
    """The service worker has precached the site and controls this page."""
    page.wait_for_function("navigator.serviceWorker?.controller !== null", timeout=OFFLINE_TIMEOUT)
    page.evaluate(WORKER_ACTIVE)


def offline_after_a_visit_to_home(page: Page, base: str) -> None:
    """One visit to home, until the worker has precached the site; then the network is gone."""
    page.goto(base)
    wait_worker(page)
    page.context.set_offline(True)


# Runs before the page: the page's state each time the page registers a service worker.
REGISTRATIONS = """() => {
  window.hfRegistered = [];
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    window.hfRegistered.push(document.readyState);
    return register.apply(this, args);
  };
}"""


def test_a_page_registers_the_worker_once_it_has_loaded(offline_phone: Page, site_server: str) -> None:
    """Installing the worker precaches the whole site: on a page without an app it waits for the page's load."""
    offline_phone.add_init_script(f"({REGISTRATIONS})()")
    offline_phone.goto(site_server + "rules/bicycle/")
    wait_worker(offline_phone)
    assert offline_phone.evaluate("window.hfRegistered") == ["complete"]


def test_a_rule_page_never_downloads_pyodide(
    offline_phone: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    requests: list[str] = []
    offline_phone.context.on("request", lambda request: requests.append(request.url))
    page = offline_phone
    page.goto(site_server + "rules/pagat-partnership/")
    wait_worker(page)
    # The precache came over the network from the worker, and not one Pyodide file with it.
    assert site_server + "keeper/index.html" in {url.split("?")[0] for url in requests}
    assert not [url for url in requests + page.requests if PYODIDE in url]
    names = page.evaluate("caches.keys()")
    assert not [name for name in names if name.startswith("hf-pyodide-")]
    assert page.evaluate(f"caches.match({json.dumps(site_server + PYODIDE + 'pyodide.asm.wasm')})") is None
    assert_page_clean(page)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk comes first)."""
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_makes_an_installable_app(
    offline_phone: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = offline_phone
    page.goto(site_server + "rules/bicycle/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest_url = urljoin(page.url, href)
    response = page.request.get(manifest_url)
    assert response.ok
    manifest = json.loads(response.text())
    assert manifest["name"]
    assert manifest["short_name"]
    assert manifest["display"] == "standalone"
    # The page's own theme colour (Material's palette adds one more, from the header, once its script runs).
    theme = page.locator('meta[name="theme-color"]').first.get_attribute("content")
    assert manifest["theme_color"] == theme == "#4051b5"
    assert manifest["background_color"]
    scope = urljoin(manifest_url, manifest["scope"])
    start = urljoin(manifest_url, manifest["start_url"])
    assert scope == site_server
    assert start == site_server + "keeper/"
    sizes = {}
    for icon in manifest["icons"]:
        data = page.request.get(urljoin(manifest_url, icon["src"])).body()
        width, height = png_size(data)
        assert icon["sizes"] == f"{width}x{height}"
        assert icon["type"] == "image/png"
        sizes.setdefault(icon["purpose"], set()).add(width)
    assert {192, 512} <= sizes["any"]
    assert sizes["maskable"]
    # The worker's scope is the whole site, and its fetch handler answers for the start page with no network.
    wait_worker(page)
    assert page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)") == site_server
    page.context.set_offline(True)
    assert page.evaluate(f"fetch({json.dumps(start)}).then((response) => response.ok)")
    assert_page_clean(page)


def test_chromium_finds_nothing_in_the_way_of_installing(browser: Browser, site_server: str, tmp_path: Path) -> None:
    """Chromium's own verdict: what Lighthouse's "installable-manifest" audit reported until Lighthouse 12 dropped its
    PWA category. It needs a real profile, as a player's browser has (a fresh Playwright context counts as incognito).
    """
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=str(TEST_CHROMIUM), args=playwright_args(), headless=True
    )
    try:
        page = watch(context.pages[0] if context.pages else context.new_page())
        for path in ("keeper/", "rules/pagat-partnership/"):
            page.goto(site_server + path)
            wait_worker(page)
            devtools = context.new_cdp_session(page)
            parsed = devtools.send("Page.getAppManifest")
            assert parsed["url"] == site_server + "manifest.webmanifest"
            assert parsed["errors"] == [], parsed["errors"]
            assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == [], path
        assert not page_problems(page), page_problems(page)
    finally:
        context.close()


@pytest.fixture
def update_context(browser: Browser) -> Iterator[BrowserContext]:
    context = new_screen_context(browser, "phone", service_workers="allow")
    try:
        yield context
    finally:
        context.close()


def test_a_new_build_is_offered_and_taken_and_the_games_stay(
    update_context: BrowserContext, tmp_path: Path, assert_page_clean: Callable[[Page], None]
) -> None:
    sources = copy_site(tmp_path / "sources")
    site = tmp_path / "site"
    first = build_site(site, sources=sources, env={"REPO_URL": None}, quiet=True)
    assert first.returncode == 0, first.stderr
    with serve(site) as base:
        page = watch(update_context.new_page())
        open_keeper(page, base)
        enter(page, 1, "Team 1", SEED_000_OUT)
        expect_round_score(page, 1, 0, 3615)
        expect(offline_line(page)).to_have_text(READY_TO_SCORE, timeout=OFFLINE_TIMEOUT)
        games = stored_games(page)
        assert games

        # A new build into the same folder, with a wild book worth 1,750 instead of 1,500.
        variant = sources / "variants" / "pagat-partnership.yaml"
        text = variant.read_text(encoding="utf-8")
        assert "wild: 1500," in text
        variant.write_text(text.replace("wild: 1500,", "wild: 1750,"), encoding="utf-8")
        second = build_site(site, sources=sources, env={"REPO_URL": None}, quiet=True)
        assert second.returncode == 0, second.stderr

        # The open version goes on whole until the player takes the new one.
        page.goto(base + "rules/pagat-partnership/")
        banner = page.get_by_role("region", name="Update")
        expect(banner).to_contain_text("A new version is ready", timeout=OFFLINE_TIMEOUT)
        article = page.locator("article")
        expect(article).to_contain_text("1,500")
        expect(article).not_to_contain_text("1,750")
        button = banner.get_by_role("button", name="Reload to update")
        assert button.bounding_box()["height"] >= 44
        button.focus()
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(article).to_contain_text("1,750")
        expect(page.get_by_role("region", name="Update")).to_have_count(0)
        assert stored_games(page) == games
        assert_page_clean(page)


# Runs before each page: every text the home page's offline status shows, and every layout shift not caused by input.
READINESS_LOG = """() => {
  window.hfReadyLines = [];
  window.hfShifts = [];
  new MutationObserver(() => {
    const text = document.querySelector(".hf-ready__status")?.textContent;
    if (text && text !== window.hfReadyLines.at(-1)) window.hfReadyLines.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.hfShifts.push(entry.value);
  }).observe({ type: "layout-shift", buffered: true });
}"""
GETTING_READY = re.compile(r"^Getting ready to score offline… (\d+)%$")


def runtime_size(site: Path) -> str:
    """What keeping the score keeper takes on a device, as the built site serves Pyodide: "14 MB"."""
    folder = site / PYODIDE
    return f"{round(sum(file.stat().st_size for file in folder.iterdir()) / 1e6)} MB"


def home_status(page: Page) -> Locator:
    return page.locator(".hf-ready__status")


def in_first_screen(page: Page, *targets: Locator) -> None:
    """Each target is seen whole before the player scrolls."""
    assert page.evaluate("scrollY") == 0
    height = page.viewport_size["height"]
    for target in targets:
        box = target.bounding_box()
        assert box, target
        assert box["y"] >= 0, (target, box)
        assert box["y"] + box["height"] <= height, (target, box, height)


def test_the_top_of_the_home_page_gets_this_device_ready_to_score_offline(
    offline_phone: Page,
    site_server: str,
    built_site: Path,
    pagat: Variant,
    assert_page_clean: Callable[[Page], None],
) -> None:
    """A first visit: the home page's first screen says this device is not ready to score offline and offers to keep
    the score keeper, with its size; a tap shows the progress, then says it is ready. With the network cut, a fresh
    visit to the keeper scores a round, and both pages say the device is ready."""
    page = offline_phone
    page.add_init_script(f"({READINESS_LOG})()")
    page.goto(site_server)
    size = runtime_size(built_site)
    keep = page.get_by_role("button", name=f"Keep the score keeper for use offline ({size})", exact=True)
    expect(home_status(page)).to_have_text(NOT_READY)
    expect(keep).to_be_enabled()
    in_first_screen(page, home_status(page), keep)

    # Tapped at once, while the site's pages are still being saved.
    touch(keep)
    expect(home_status(page)).to_have_text(READY_TO_SCORE, timeout=OFFLINE_TIMEOUT)
    expect(page.get_by_role("button", name="Kept for use offline", exact=True)).to_be_disabled()
    # Said to a screen reader, once, politely.
    expect(page.get_by_role("status").filter(has_text=READY_TO_SCORE)).to_have_count(1)
    shown = page.evaluate("window.hfReadyLines")
    percents = [int(found[1]) for text in shown if (found := GETTING_READY.match(text))]
    assert shown[0] == NOT_READY, shown
    assert shown[-1] == READY_TO_SCORE, shown
    assert percents, shown
    assert percents == sorted(percents), shown
    assert percents[-1] <= 100, shown
    assert page.evaluate("window.hfShifts") == []

    page.context.set_offline(True)
    page.goto(site_server + "keeper/")
    wait_ready(page)
    expect(offline_line(page)).to_have_text(READY_TO_SCORE)
    enter(page, 1, "Team 1", SEED_000_OUT)
    expect_round_score(page, 1, 0, score_round(pagat, tally(pagat, 1, SEED_000_OUT))["total"])

    # Back on the home page, it says so before anything is tapped, and nothing moves as it does.
    page.goto(site_server)
    expect(home_status(page)).to_have_text(READY_TO_SCORE, timeout=OFFLINE_TIMEOUT)
    expect(page.get_by_role("button", name="Kept for use offline", exact=True)).to_be_disabled()
    page.wait_for_timeout(300)
    assert page.evaluate("window.hfShifts") == []
    assert_page_clean(page)


def test_every_app_works_offline_after_one_visit_to_one_of_them(
    offline_phone: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """The keeper is opened once online, until it says it is ready to use offline; then, with no network, it scores,
    draws the race, hands the game over and shows the records; the configurator checks and previews, and the rule
    helper answers."""
    page = offline_phone
    open_keeper(page, site_server)
    expect(offline_line(page)).to_have_text(READY_TO_SCORE, timeout=OFFLINE_TIMEOUT)
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    enter(page, 1, "Team 1", SEED_000_OUT)
    enter(page, 1, "Team 2", SEED_001_SHORT)
    expect_round_score(page, 1, 0, SEED_TOTALS["seed_000_out"])
    expect(offline_line(page)).to_have_text(READY_TO_SCORE)
    # The race is drawn once round 1 has its totals.
    page.locator("details.hf-race-section > summary").click()
    expect(page.get_by_role("img", name=re.compile(r"^The race"))).to_have_attribute(
        "aria-label", re.compile(r"totals after round 1: Team 1 3,615, Team 2 860\.$")
    )
    # The game's QR code for another phone is drawn here, with no network.
    expect(open_handover(page)).to_be_visible()
    expect(page.get_by_label("This game's link", exact=True)).to_have_value(re.compile(r"/keeper/#game=[\w-]+$"))
    # The players' records show, with the game begun left out until it ends.
    expect(open_records(page).locator(".hf-records__waiting")).to_have_text("1 game in progress counts once it ends.")

    open_configurator(page, site_server)
    expect(page.locator(".hf-configurator .hf-status")).to_contain_text("Ready.")
    # Bots play in the worker with no network: the first games are played, then the run is stopped.
    show_view(page, "plays")
    page.get_by_role("button", name="Play 200 games with these rules").click()
    plays_status = page.locator("#hf-view-plays .hf-plays__status")
    expect(plays_status).to_have_text(re.compile(r"^Played \d+ of 200 games…$"), timeout=OFFLINE_TIMEOUT)
    page.get_by_role("button", name="Cancel").click()
    expect(plays_status).to_contain_text("Stopped after")

    open_helper(page, site_server)
    question = Question("simpson", "pile", top="9", hand="9 2")
    rules_select(page).select_option(label="Steve Simpson")
    put(page, question)
    expect_answer(page, question)
    assert_page_clean(page)


def test_after_one_visit_to_home_pages_and_search_work_offline_and_the_keeper_says_what_to_do(
    offline_phone: Page, site_server: str, built_site: Path
) -> None:
    """With the site precached by one visit to home and Pyodide never kept: pages never visited open, search finds
    what it asks its precached index for, and the keeper takes entries and says how to have it work offline."""
    page = offline_phone
    offline_after_a_visit_to_home(page, site_server)
    # The pages are kept, the score keeper is not: the home page says so.
    expect(home_status(page)).to_have_text(NOT_READY)
    page.goto(site_server + "rules/bicycle/")
    expect(page.locator("article h1")).to_contain_text("Bicycle")
    page.goto(site_server + "rules/simpson/sheet/?print=1")
    expect(page.locator("article h1")).to_contain_text("Simpson")
    page.goto(site_server + "compare/")
    expect(page.locator("[data-compare]")).to_be_visible()

    page.goto(site_server + "rules/bicycle/")
    page.locator("header label.md-header__button[for=__search]").click()
    type_into(page.get_by_role("textbox", name="Search"), "Saskatchewan", leave=False)
    results = page.locator(".md-search-result__item a")
    expect(results.first).to_be_visible()
    expect(results.first).to_have_attribute("href", re.compile(r"rules/saskatchewan/"))
    assert not page_problems(page)

    page.goto(site_server + "keeper/")
    status = page.locator(".hf-keeper .hf-status")
    expect(status).to_contain_text("the rules engine is not kept on this device yet", timeout=OFFLINE_TIMEOUT)
    expect(status).to_contain_text('tap "Keep the score keeper for use offline" on the home page')
    # The keeper says so too, and offers to keep it, with its size, for when there is a connection.
    expect(offline_line(page)).to_have_text(NOT_READY)
    keep = page.get_by_role("button", name=f"Keep the score keeper for use offline ({runtime_size(built_site)})")
    expect(keep).to_be_visible()
    type_into(field(page, 1, "Team 1", "clean_books"), "2")
    eventually(lambda: stored_games(page)[0]["rounds"][0][0]["clean_books"], 2)
