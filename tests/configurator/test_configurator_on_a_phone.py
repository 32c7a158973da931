"""The configurator on a phone. A table decides its house rules around the table, at 390 × 844: it finds a
rule, changes it, sees what it does and takes it away (the sheet, the keeper, the helper, a link), all on one screen,
with every tap and key counted. The expected figures are handfoot's in CPython."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

import handfoot
from handfoot.value_words import rule_words
from support.configurator import (
    READY_TIMEOUT,
    control,
    enter_rule,
    error_of,
    open_configurator,
    open_section_of,
    points,
    show_view,
)
from support.helper_page import answer, put
from support.keeper import ENGINE_TIMEOUT, VARIANTS, enter, expect_round_score
from support.person import type_into, type_keys
from support.questions import Question
from support.screens import new_screen_context

pytestmark = pytest.mark.browser

PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]
SCREEN = 844
# The table's rules of the issue: go out with 1 clean and 1 dirty book, a red three caught −500, clean 300, dirty 100.
CHANGES = {
    "going_out.books": {"clean": 1, "dirty": 1},
    "threes.red_caught": -500,
    "books.clean": 300,
    "books.dirty": 100,
}
HOUSE = PAGAT.with_changes(CHANGES)
MOST_TAPS_AND_KEYS = 25


@dataclass
class Person:
    """A player's thumb on the phone: every tap and every key is counted."""

    page: Page
    taps: int = 0
    keys: int = 0

    def tap(self, target: Locator) -> None:
        target.tap()
        self.taps += 1

    def type(self, field: Locator, text: str) -> None:
        """A tap on the field (which selects what it holds) and the keys, one at a time."""
        self.tap(field)
        type_keys(field, text)
        self.keys += len(text)


def section(page: Page, title: str) -> Locator:
    return page.locator("details.hf-config__section > summary").filter(has_text=title)


def test_the_tables_house_rules_and_their_sheet_take_at_most_25_taps_and_keys(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_configurator(page, site_server)
    me = Person(page)
    me.tap(section(page, "Going out"))
    me.type(page.get_by_label("Books needed to go out, every round, clean books"), "1")
    me.type(page.get_by_label("Books needed to go out, every round, dirty books"), "1")
    me.type(page.get_by_label("Books needed to go out, every round, wild books"), "0")
    me.tap(section(page, "Red threes"))
    # Pagat's red three caught costs 100: "costs" is chosen, so the table's 500 is typed as it is said (issue 49).
    me.type(page.get_by_label("Red three caught in hand or foot", exact=True), "500")
    me.tap(section(page, "Book values"))
    me.type(page.get_by_label("Clean book", exact=True), "300")
    me.type(page.get_by_label("Dirty book", exact=True), "100")
    me.tap(page.get_by_role("button", name="Sheet to print"))

    sheet = page.locator("#hf-sheet")
    expect(sheet).to_be_visible()
    expect(page.locator("#hf-bar-changes .hf-bar__count")).to_have_text(str(len(CHANGES)))
    bonuses = sheet.locator("tr").filter(has_text="Clean book")
    expect(bonuses.first).to_contain_text(points(300), timeout=READY_TIMEOUT)
    expect(sheet.locator("tr").filter(has_text="Dirty book").first).to_contain_text(points(100))
    expect(sheet.locator("tr").filter(has_text="Red three caught").first).to_contain_text(points(-500))
    expect(sheet).to_contain_text(HOUSE.books_to_go_out_phrase(1))
    print(f"taps {me.taps}, keys {me.keys}, in all {me.taps + me.keys}")
    assert me.taps + me.keys <= MOST_TAPS_AND_KEYS, (me.taps, me.keys)
    assert_page_clean(page)


def test_with_any_one_section_open_the_page_is_at_most_three_screens(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    titles = page.locator("details.hf-config__section > summary > span:first-child").all_text_contents()
    assert len(titles) == len(handfoot.spec.SECTIONS)
    for title in titles:
        opened = page.locator("details.hf-config__section[open] > summary").filter(has_text=title)
        if not opened.count():
            section(page, title).click()
        expect(page.locator("details.hf-config__section[open]")).to_have_count(1)
        expect(page.locator("details.hf-config__section[open] > summary")).to_contain_text(title)
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 3 * SCREEN, f"{title}: {height} px, {height / SCREEN:.2f} screens"


def test_a_search_shows_only_the_rules_that_match(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    search = page.get_by_label("Find a rule")
    type_into(search, "red three caught", leave=False)
    shown = page.locator(".hf-config__rows > .hf-house:visible")
    labels = [label.split("\n")[0] for label in shown.all_inner_texts()]
    assert labels == ["Red three caught in hand or foot", "Red three caught in an unplayed foot"], labels
    expect(page.locator("#hf-rule-search-result")).to_have_text("2 rules match.")
    type_into(search, "nothing like a rule", leave=False)
    expect(page.locator("#hf-rule-search-result")).to_have_text("No rule matches. Try another word.")
    expect(page.locator(".hf-config__rows > .hf-house:visible")).to_have_count(0)


def test_a_changed_rule_is_one_tap_from_its_place_on_the_rule_page(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    enter_rule(page, "threes.red_caught", -500)
    expect(page.locator("#hf-bar-changes .hf-bar__count")).to_have_text("1")
    page.get_by_role("button", name="See the rule page").tap()
    rule = page.locator("#hf-preview #threes-red_caught").locator("xpath=..")
    expect(rule).to_contain_text(f"counts {points(500)} against you", timeout=READY_TIMEOUT)
    expect(rule).to_have_class("hf-differs")
    expect(rule).to_be_in_viewport()


def test_the_list_of_changes_words_them_as_handfoot_and_each_can_be_undone(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    type_into(control(page, "books.clean"), "300")
    enter_rule(page, "threes.red_caught", -500)
    page.locator("#hf-bar-changes").tap()
    changes = page.locator("#hf-changes .hf-changes__item")
    words, was = rule_words(HOUSE), rule_words(PAGAT)
    expect(changes).to_have_count(2, timeout=READY_TIMEOUT)
    expect(changes.first).to_have_text(
        f"Clean book: {words['books.clean']} ({PAGAT.name}: {was['books.clean']})ShowUndo", timeout=READY_TIMEOUT
    )
    page.get_by_role("button", name="Undo Clean book").tap()
    expect(changes).to_have_count(1)
    expect(page.locator("#hf-bar-changes .hf-bar__count")).to_have_text("1")
    page.locator("#hf-bar-changes").tap()
    open_section_of(page, "books.clean")
    expect(control(page, "books.clean")).to_have_value(str(PAGAT["books.clean"]))


def test_a_refused_choice_snaps_back_and_its_reason_stays_at_the_field(phone_page: Page, site_server: str) -> None:
    """One deck cannot deal four hands and feet of 13: handfoot refuses it, the field shows the rule in force again,
    and both fields say why until the player changes one of them."""
    page = phone_page
    open_configurator(page, site_server)
    decks = control(page, "decks.count")
    type_into(decks, "1")
    expect(error_of(page, "deal.hand_size")).to_contain_text("Not applied", timeout=READY_TIMEOUT)
    expect(error_of(page, "decks.count")).to_contain_text('Not applied: it clashes with "Cards in the hand"')
    expect(control(page, "decks.count")).to_have_value(str(PAGAT["decks.count"]))
    expect(page.locator("#hf-bar-changes .hf-bar__count")).to_have_text("0")
    enter_rule(page, "threes.red_caught", -500)
    expect(page.locator("#hf-bar-changes .hf-bar__count")).to_have_text("1", timeout=READY_TIMEOUT)
    expect(error_of(page, "decks.count")).to_contain_text("Not applied")
    type_into(control(page, "decks.count"), "6")
    type_into(control(page, "decks.count"), str(PAGAT["decks.count"]))
    expect(error_of(page, "decks.count")).to_have_text("")


def test_a_change_typed_key_by_key_goes_out_every_way(
    phone_page: Page, browser: Browser, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """The preview, the sheet, the share link in a fresh browser, the keeper's total and the helper's answer all carry
    the table's rules."""
    page = phone_page
    open_configurator(page, site_server)
    for path, value in (("books.clean", 300), ("books.dirty", 100), ("threes.red_caught", -500)):
        enter_rule(page, path, value)
    going_out = page.get_by_label("Books needed to go out, every round, clean books")
    open_section_of(page, "going_out.books")
    type_into(going_out, "1")
    type_into(page.get_by_label("Books needed to go out, every round, dirty books"), "1")
    type_into(page.get_by_label("Books needed to go out, every round, wild books"), "0")
    expect(page.locator("#hf-bar-changes .hf-bar__count")).to_have_text("4")

    show_view(page, "page")
    preview = page.locator("#hf-preview")
    expect(preview).to_contain_text(f"counts {points(500)} against you", timeout=READY_TIMEOUT)
    expect(preview.locator(".hf-differs")).not_to_have_count(0)
    show_view(page, "sheet")
    expect(page.locator("#hf-sheet tr").filter(has_text="Clean book").first).to_contain_text(points(300))

    show_view(page, "rules")
    page.locator("#hf-bar-changes").tap()
    link = page.locator("#hf-share-link").input_value()
    fresh = new_screen_context(browser, "phone")
    try:
        other = fresh.new_page()
        other.goto(link)
        expect(other.locator("#hf-bar-changes .hf-bar__count")).to_have_text("4", timeout=READY_TIMEOUT)
        expect(control(other, "books.clean")).to_have_value("300")
    finally:
        fresh.close()

    page.locator("#hf-bar-changes").tap()
    page.get_by_role("link", name="Score with these rules").tap()
    page.wait_for_url("**/keeper/**")
    typed = {"clean_books": 1, "dirty_books": 1, "red_threes_caught": 1, "melded": 400, "went_out": True}
    expect(page.get_by_role("region", name="Round 1", exact=True)).to_be_visible(timeout=ENGINE_TIMEOUT)
    enter(page, 1, "Team 1", typed)
    full = {"round": 1, "wild_books": 0, "red_threes": 0, "left": 0, **typed}
    expected = handfoot.score_round(HOUSE, full)["total"]
    assert expected != handfoot.score_round(PAGAT, full)["total"]
    expect_round_score(page, 1, 0, expected)

    page.go_back()
    page.wait_for_url("**/configurator/**")
    expect(page.locator("#hf-bar-changes .hf-bar__count")).to_have_text("4", timeout=READY_TIMEOUT)
    page.get_by_role("link", name="Ask the rule helper").tap()
    page.wait_for_url("**/helper/**")
    question = Question(handfoot.DEFAULT_VARIANT, "out", books={"clean": 1, "dirty": 1, "wild": 0})
    put(page, question)
    verdict = handfoot.check_go_out(HOUSE, 1, question.books, **question.going_out_answers())
    assert verdict.ok
    assert not handfoot.check_go_out(PAGAT, 1, question.books, **question.going_out_answers()).ok
    expect(answer(page, "out").locator(".hf-answer__reason")).to_have_text(verdict.reason, timeout=READY_TIMEOUT)
    assert_page_clean(page)
