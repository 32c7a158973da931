"""Shared fixtures: the site built once per session, a loopback HTTP server for it, Debian's Chromium, and the
pages of the two lanes (tests/support/lanes.py).

Browser tests take a warm page (`phone_page`, `page` for a desktop, or `screen_page` for both) unless they test
starting, the snapshot, offline use or a blocked runtime: those take a cold one (`cold_phone`, `cold_page`,
`offline_phone`) or make their own context, and are marked `cold`. Each ends with `assert_page_clean(page)`, which
fails on any request that left the machine and on any console error or uncaught page exception. Mark browser tests
`@pytest.mark.browser`. What the tests share lives in `tests/support/`, what the benchmarks share too in
`testbench/`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from filelock import FileLock
from playwright.sync_api import Browser, Page, sync_playwright

from handfoot import DEFAULT_VARIANT, Variant, load_variants
from sitebuild.site_content import build_pages, make_environment
from support.lanes import WarmLane
from support.screens import SCREENS, new_screen_context
from testbench.build import build_site
from testbench.chromium import CHROMIUM, TEST_CHROMIUM, launch, playwright_args
from testbench.paths import REPO_ROOT
from testbench.server import serve
from testbench.watcher import page_problems, watch


@pytest.fixture(scope="session")
def variants() -> dict[str, Variant]:
    """The published variants, loaded once."""
    return load_variants(REPO_ROOT / "variants")


@pytest.fixture(scope="session")
def pagat(variants: dict[str, Variant]) -> Variant:
    """The default variant: Pagat's partnership game."""
    return variants[DEFAULT_VARIANT]


@pytest.fixture(scope="session")
def pages(variants: dict[str, Variant]) -> dict[str, str]:
    """Every generated page's markdown by its path ("rules/bicycle.md"), rendered once from the published variants
    without the simulations' figures: what the wording tests read."""
    built = build_pages(make_environment(REPO_ROOT / "templates"), variants, "variants")
    return {page.src_uri: page.markdown for page in built}


class SiteBuild:
    """The site built once per test run, in a thread, so that tests that need no site run while it builds.

    Under pytest-xdist every worker has its own temporary folder; the first worker to get here builds the site into
    the folder they share, and the others wait for it and read the same build.
    """

    def __init__(self, shared: Path) -> None:
        self.site_dir = shared / "build" / "site"
        self.shared = shared
        self.problem: str | None = None
        self.thread = threading.Thread(target=self._build, name="site build", daemon=True)

    def _build(self) -> None:
        with FileLock(self.shared / "build.lock"):
            if (self.shared / "build" / "done").exists():
                return
            result = build_site(self.site_dir, env={"REPO_URL": None, "EDIT_URI": None})
            if result.returncode != 0:
                self.problem = f"mkdocs build --strict failed (exit {result.returncode}):\n{result.stderr}"
                return
            (self.shared / "build" / "done").write_text("", encoding="utf-8")

    def wait(self) -> Path:
        self.thread.join()
        if self.problem:
            pytest.fail(self.problem, pytrace=False)
        return self.site_dir


def needs_site(item: pytest.Item) -> bool:
    return "built_site" in getattr(item, "fixturenames", ())


@pytest.fixture(scope="session", autouse=True)
def site_build(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> SiteBuild:
    """Starts the site's build with the session's first test, when any test of the session needs the site."""
    shared = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    build = SiteBuild(shared)
    if any(needs_site(item) for item in request.session.items):
        build.thread.start()
    return build


@pytest.fixture(scope="session")
def built_site(site_build: SiteBuild) -> Path:
    """The site built from the repository with --strict, with no repository address: once per test run."""
    if not site_build.thread.is_alive() and not site_build.thread.ident:
        site_build.thread.start()
    return site_build.wait()


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[str]:
    """Serve the built site on a free loopback port and yield its base URL, e.g. http://127.0.0.1:PORT/."""
    with serve(built_site) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium headless shell driven by Playwright (no Playwright browser download)."""
    if not TEST_CHROMIUM.exists():
        pytest.fail(
            f"{TEST_CHROMIUM} is missing: run `make setup` (it installs Debian's chromium-headless-shell)",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def player_browser(browser: Browser) -> Iterator[Browser]:
    """Debian's full Chromium, the browser players run, for the two things its headless shell does not do as a
    player's browser does: keep a page whole for Back, and give a visible page the screen wake lock."""
    chromium = browser.browser_type.launch(executable_path=str(CHROMIUM), args=playwright_args(), headless=True)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="session")
def warm_lane(browser: Browser, site_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[WarmLane]:
    """This worker's kept contexts, one per screen, each warmed once through a plain start and its snapshot."""
    lane = WarmLane(browser, site_server, tmp_path_factory.mktemp("warm-profiles"))
    try:
        yield lane
    finally:
        lane.close()


@pytest.fixture
def phone_page(warm_lane: WarmLane) -> Page:
    """A clean watched page in the warm phone context (390 px wide, touch): Python starts from its snapshot."""
    return warm_lane.page("phone")


@pytest.fixture
def page(warm_lane: WarmLane) -> Page:
    """A clean watched page in the warm desktop context (1280 px wide).

    ``page.requests`` lists every request URL (those made from web workers included), ``page.console_errors`` the
    text of every console message of type error, and ``page.page_errors`` every uncaught exception.
    """
    return warm_lane.page("desktop")


@pytest.fixture(params=sorted(SCREENS))
def screen_page(request: pytest.FixtureRequest, warm_lane: WarmLane) -> Page:
    """A clean watched warm page, once on a phone and once on a desktop (tests taking it run twice): for what looks
    or lays out differently on the two."""
    return warm_lane.page(request.param)


def _cold(browser: Browser, screen: str, service_workers: str = "block") -> Iterator[Page]:
    context = new_screen_context(browser, screen, service_workers=service_workers)
    try:
        yield watch(context.new_page())
    finally:
        context.close()


@pytest.fixture
def cold_phone(browser: Browser) -> Iterator[Page]:
    """A watched phone page in a context of its own, as on a first visit: nothing cached, no snapshot."""
    yield from _cold(browser, "phone")


@pytest.fixture
def cold_page(browser: Browser) -> Iterator[Page]:
    """A watched desktop page in a context of its own, as on a first visit."""
    yield from _cold(browser, "desktop")


@pytest.fixture
def offline_phone(browser: Browser) -> Iterator[Page]:
    """A watched phone page in a context of its own that lets the service worker run, for the tests of offline use."""
    yield from _cold(browser, "phone", service_workers="allow")


COLD_FIXTURES = {"cold_phone", "cold_page", "offline_phone", "browser", "player_browser"}
WARM_FIXTURES = {"phone_page", "page", "screen_page"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that need no site run first, while it builds (SiteBuild). A browser test that makes its own context or
    takes a cold page is in the cold lane; the cold lane's tests, the longest (a first visit starts Python plainly),
    run before the warm ones, so that a worker's last tests are short and the two workers end together."""
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if used & COLD_FIXTURES and not used & WARM_FIXTURES:
            item.add_marker(pytest.mark.cold)
    items.sort(key=lambda item: (needs_site(item), item.get_closest_marker("cold") is None))


def _assert_page_clean(page: Page) -> None:
    problems = page_problems(page)
    assert not problems, "\n".join(problems)


@pytest.fixture
def assert_page_clean() -> Callable[[Page], None]:
    """A check to call at the end of a browser test: no request left the machine, no console error happened."""
    return _assert_page_clean
