"""A player leaves the keeper through the site's menu and comes back: each page is a full load, and the game is kept."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from support.keeper import ENGINE_TIMEOUT, enter, expect_round_score, wait_ready

pytestmark = pytest.mark.browser


def open_from_menu(page: Page, name: str) -> None:
    """Tap a page's name in the site's menu, opening the menu first where it folds away (on a phone)."""
    menu = page.locator("label.md-header__button[for='__drawer']")
    if menu.is_visible():
        menu.click()
    page.locator(".md-nav--primary .md-nav__link", has_text=name).first.click()


def test_the_game_is_kept_when_the_player_leaves_the_keeper_and_comes_back(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(site_server)
    # Survives only as long as the document: a full page load wipes it.
    page.evaluate("window.sameDocument = true")
    open_from_menu(page, "Score keeper")
    expect(page.locator("h1")).to_contain_text("Score keeper")
    assert page.evaluate("window.sameDocument === undefined")
    wait_ready(page)
    enter(page, 1, "Team 1", {"melded": 415, "clean_books": 2, "dirty_books": 2, "wild_books": 1, "went_out": True})
    expect_round_score(page, 1, 0, 3615)

    open_from_menu(page, "Compare")
    expect(page.locator("h1")).to_contain_text("Compare the rules")
    page.go_back()
    expect(page.locator("h1")).to_contain_text("Score keeper")
    expect_round_score(page, 1, 0, 3615)
    expect(page.locator(".hf-keeper .hf-status")).to_contain_text("Rules engine ready", timeout=ENGINE_TIMEOUT)
    # One engine per visit to the keeper: none was started twice, nor by the compare page.
    assert len([url for url in workers if url.endswith("/engine.worker.mjs")]) == 2, workers
    assert_page_clean(page)


def _rules_link(name: str, changes: dict[str, object]) -> str:
    draft = {"v": 1, "base": "pagat-partnership", "name": name, "changes": changes}
    return base64.urlsafe_b64encode(json.dumps(draft).encode()).decode().rstrip("=")


@pytest.mark.parametrize("app", ["keeper/", "helper/"])
def test_a_rules_link_pasted_over_the_open_app_opens_those_rules(
    phone_page: Page, site_server: str, app: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Only the address's hash changes, which by itself loads nothing; the app still opens the link's rules."""
    page = phone_page
    page.goto(site_server + app)
    expect(page.locator(".hf-status").first).to_contain_text("ready", ignore_case=True, timeout=ENGINE_TIMEOUT)
    page.evaluate("(code) => { location.hash = `rules=${code}`; }", _rules_link("Cabin", {"books.clean": 600}))
    if app == "keeper/":
        expect(page.locator(".hf-game a").first).to_have_text("Cabin", timeout=ENGINE_TIMEOUT)
    else:
        expect(page.get_by_label("Your rules", exact=True).locator("option:checked")).to_have_text(
            "Cabin", timeout=ENGINE_TIMEOUT
        )
    assert "#rules=" not in page.url
    assert_page_clean(page)
