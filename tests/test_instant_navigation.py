"""With Material's instant navigation engaged, the keeper mounts after an in-page navigation and keeps one worker."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator

import pytest
from person import type_into
from playwright.sync_api import Browser, Page, expect

from site_support.build import build_site
from site_support.paths import REPO_ROOT
from site_support.server import serve
from site_support.watcher import watch

SCORER_WAIT = 60_000


@pytest.fixture(scope="module")
def instant_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built for the very origin it is served from, which is when instant navigation engages."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    origin = f"http://127.0.0.1:{port}/"
    site = tmp_path_factory.mktemp("instant") / "site"
    result = build_site(site, env={"SITE_URL": origin})
    assert result.returncode == 0, result.stderr
    with serve(site, port) as base:
        assert base == origin
        yield origin


@pytest.mark.browser
def test_keeper_mounts_after_an_instant_navigation(
    browser: Browser, instant_site: str, assert_page_clean: Callable[[Page], None]
) -> None:
    context = browser.new_context()
    page = watch(context.new_page())
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    try:
        page.goto(instant_site)
        # A full page load would wipe this; an instant navigation keeps the same document.
        page.evaluate("window.sameDocument = true")
        page.locator(".md-nav__link", has_text="Score keeper").first.click()
        expect(page.locator("h1")).to_contain_text("Score keeper")
        assert page.evaluate("window.sameDocument === true")
        expect(page.get_by_role("status").first).to_contain_text("Scorer ready", timeout=SCORER_WAIT)
        round_one = page.get_by_role("region", name="Round 1").get_by_role("group", name="Team 1")
        type_into(round_one.get_by_label("Melded card points"), "415")
        type_into(round_one.get_by_label("Clean books", exact=True), "2")
        type_into(round_one.get_by_label("Dirty books", exact=True), "2")
        type_into(round_one.get_by_label("Wild books", exact=True), "1")
        round_one.get_by_label("Went out").check()
        expect(round_one.locator(".hf-result__total")).to_contain_text("3,615", timeout=SCORER_WAIT)

        page.locator(".md-nav__link", has_text="Compare").first.click()
        expect(page.locator("h1")).to_contain_text("Compare the rules")
        page.go_back()
        expect(page.locator("h1")).to_contain_text("Score keeper")
        round_one = page.get_by_role("region", name="Round 1").get_by_role("group", name="Team 1")
        expect(round_one.locator(".hf-result__total")).to_contain_text("3,615", timeout=SCORER_WAIT)
        assert len([url for url in workers if "scorer.worker" in url]) == 1, workers
        assert page.evaluate("window.sameDocument === true")
        assert_page_clean(page)
    finally:
        context.close()


def test_instant_navigation_is_on() -> None:
    assert "- navigation.instant" in (REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8")
