"""The skeleton works end to end: the site builds with --strict and its home page loads in Chromium offline."""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect


def test_strict_build_writes_the_home_page(built_site: Path) -> None:
    index = built_site / "index.html"
    assert index.is_file()
    assert "Hand and Foot" in index.read_text(encoding="utf-8")


@pytest.mark.browser
def test_home_page_loads_without_leaving_the_machine(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page.goto(site_server)
    page.wait_for_load_state("networkidle")
    expect(page.locator("h1")).to_contain_text("Hand and Foot")
    assert page.requests, "the page fetched nothing, so the request check proves nothing"
    assert_page_clean(page)
