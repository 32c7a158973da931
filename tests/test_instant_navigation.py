"""With Material's instant navigation engaged, the keeper mounts after an in-page navigation and keeps one worker."""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import MKDOCS, REPO_ROOT, _QuietServer, _SiteRequestHandler, watch
from person import type_into
from playwright.sync_api import Browser, Page, expect

SCORER_WAIT = 60_000


@pytest.fixture(scope="module")
def instant_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built for the very origin it is served from, which is when instant navigation engages."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    origin = f"http://127.0.0.1:{port}/"
    site = tmp_path_factory.mktemp("instant") / "site"
    subprocess.run(
        [str(MKDOCS), "build", "--strict", "-f", str(REPO_ROOT / "mkdocs.yml"), "-d", str(site)],
        cwd=REPO_ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": origin},
        capture_output=True,
        check=True,
        timeout=600,
    )
    server = _QuietServer(("127.0.0.1", port), functools.partial(_SiteRequestHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield origin
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


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
    assert "- navigation.instant" in Path(REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8")
