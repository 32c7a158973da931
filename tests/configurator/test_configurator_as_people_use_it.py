"""The configurator used the way a table uses it: numbers typed key by key on a phone and a desktop, pasted, typed
past their range, corrected with Backspace, typed while the rules engine still loads, and shared links opened on a
device that already holds the table's own rules.

Every number and name is typed with ``person.type_into`` (``paste_into`` in the tests about pasting). What a value
must become is read where a player reads it: the field, the preview, the share link and the saved rule sets.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

import handfoot
from support.configurator import (
    READY_TIMEOUT,
    SETS_KEY,
    control,
    encode,
    error_of,
    expect_rule_shown,
    name_field,
    open_configurator,
    open_rule_set,
    points,
    sign_of,
    start_from,
    wait_ready,
    wrapper,
)
from support.person import backspace, paste_into, press, type_into, type_keys
from support.screens import fill_storage
from testbench.paths import REPO_ROOT
from testbench.watcher import watch

pytestmark = pytest.mark.browser

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
DEFAULT = VARIANTS[handfoot.DEFAULT_VARIANT]
BICYCLE = VARIANTS["bicycle"]
WASM = "**/pyodide.asm.wasm"


def shared_changes(page: Page) -> dict[str, Any]:
    """The changes the share link carries, decoded as the site decodes them."""
    link = page.locator("#hf-share-link").input_value()
    code = link.split("#rules=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))["changes"]


def clean_book_in_preview(page: Page) -> Locator:
    """The clean book's points in the preview's table of books."""
    return (
        page.locator("#hf-preview table").filter(has_text="What is in it").locator("tbody tr").first.locator("td").last
    )


def stored_sets(page: Page) -> dict[str, Any]:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(SETS_KEY)}))")


def expect_applied(page: Page, path: str, value: int) -> None:
    """The value reached everything a player uses: the mark, the preview, the share link and the saved set."""
    expect(wrapper(page, path)).to_have_class("hf-house hf-house--edited", timeout=READY_TIMEOUT)
    page.wait_for_function(
        """([path, value]) => {
             const link = document.querySelector('#hf-share-link')?.value ?? '';
             const code = link.split('#rules=')[1] ?? '';
             const text = atob(code.replaceAll('-', '+').replaceAll('_', '/'));
             return JSON.parse(text).changes[path] === value;
           }""",
        arg=[path, value],
        timeout=READY_TIMEOUT,
    )
    assert shared_changes(page)[path] == value
    sets = stored_sets(page)
    current = next(item for item in sets["sets"] if item["id"] == sets["current"])
    assert current["changes"][path] == value


# --- Typed numbers keep every digit (item 1) --------------------------------------------------------------------------


def test_a_typed_value_keeps_every_digit(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_configurator(page, site_server)
    clean = control(page, "books.clean")
    type_into(clean, "750")
    expect(clean).to_have_value("750")
    expect_applied(page, "books.clean", 750)
    expect(clean_book_in_preview(page)).to_have_text("750", timeout=READY_TIMEOUT)
    expect(page.locator("#hf-sheet")).to_contain_text("750")
    assert_page_clean(page)


def test_backspace_then_a_new_number(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    red = control(page, "threes.red_laid")
    expect(red).to_have_value("100")
    backspace(red, 3)
    type_keys(red, "250")
    press(red, "Tab")
    expect(red).to_have_value("250")
    expect_applied(page, "threes.red_laid", 250)


def test_a_typed_thousands_separator_is_read_whole(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    type_into(control(page, "books.wild"), "2,500")
    expect_applied(page, "books.wild", 2500)
    expect(error_of(page, "books.wild")).to_have_text("")


def test_pasting_a_number_with_a_thousands_separator(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    paste_into(control(page, "books.wild"), "1,250")
    expect_applied(page, "books.wild", 1250)


def test_pasting_a_minus_as_the_site_prints_it_into_an_amount_says_how_to_type_it(
    phone_page: Page, site_server: str
) -> None:
    """Issue 49: a rule that may be taken off is "adds" or "costs" and an amount with no sign. "−500" pasted from a
    sheet is refused at the field with handfoot's words, and nothing is applied; pasted without its sign, it costs."""
    page = phone_page
    open_configurator(page, site_server)
    red = control(page, "threes.red_caught")
    paste_into(red, "\u2212500")
    sign = sign_of("threes.red_caught")
    assert sign
    expect(error_of(page, "threes.red_caught")).to_have_text(sign["typed"])
    expect(wrapper(page, "threes.red_caught")).to_have_class("hf-house")
    paste_into(red, "500")
    expect_applied(page, "threes.red_caught", -500)


def test_a_value_past_its_range_is_refused_never_cut_short(phone_page: Page, site_server: str) -> None:
    """Typed key by key, "20000" passes through 2,000, which is allowed: the rule must not stop there."""
    page = phone_page
    open_configurator(page, site_server)
    before = stored_sets(page)
    clean = control(page, "books.clean")
    type_into(clean, "20000")
    expect(clean).to_have_value("20000")
    expect(error_of(page, "books.clean")).to_have_text("20,000 is more than 10,000, the most allowed here.")
    expect(clean).to_have_attribute("aria-invalid", "true")
    # The last change checked puts the rule back where it was: nothing differs, in the link or on the device.
    expect(page.locator("#hf-change-count")).to_have_text(f"Same as {DEFAULT.name} so far.", timeout=READY_TIMEOUT)
    page.wait_for_function(
        """() => {
             const code = document.querySelector('#hf-share-link').value.split('#rules=')[1];
             return Object.keys(JSON.parse(atob(code.replaceAll('-', '+').replaceAll('_', '/'))).changes).length === 0;
           }""",
        timeout=READY_TIMEOUT,
    )
    expect(clean_book_in_preview(page)).to_have_text(points(DEFAULT["books.clean"]))
    expect(wrapper(page, "books.clean")).to_have_class("hf-house")
    assert stored_sets(page) == before


def test_an_unfinished_number_is_explained_when_the_field_is_left(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    hand = control(page, "deal.hand_size")
    type_into(hand, "", leave=False)
    expect(error_of(page, "deal.hand_size")).to_have_text("")
    press(hand, "Tab")
    expect(error_of(page, "deal.hand_size")).to_have_text("Enter a whole number from 5 to 30.")
    type_into(hand, "11")
    expect_applied(page, "deal.hand_size", 11)
    expect(error_of(page, "deal.hand_size")).to_have_text("")


def test_a_typed_name_keeps_every_letter(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    name = "Grandma's rules"
    type_into(name_field(page), name)
    expect(page.locator("#hf-sheet h1")).to_have_text(f"{name}: table rule sheet", timeout=READY_TIMEOUT)
    expect(page.locator("#hf-name")).to_have_value(name)
    expect(page.locator("#hf-set option:checked")).to_have_text(name)


# --- What is typed while the rules engine loads wins ------------------------------------------------------------------


# How long the test waits for the rules engine to ask for its wasm: a ceiling, in steps.
WASM_WAIT_STEPS, WASM_WAIT_MS = 60, 500


def test_what_is_typed_while_the_rules_engine_loads_wins(phone_page: Page, site_server: str) -> None:
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page = phone_page
    page.route(WASM, hold)
    page.goto(site_server + "configurator/")
    status = page.locator(".hf-configurator .hf-status")
    expect(status).to_contain_text("Loading the rules engine", timeout=READY_TIMEOUT)
    start_from(page, BICYCLE.id)
    expect(control(page, "books.dirty")).to_have_value(str(BICYCLE["books.dirty"]))
    clean = control(page, "books.clean")
    type_into(clean, "750")
    expect(page.locator("#hf-change-count")).to_have_text(f"1 rule differs from {BICYCLE.name}.")
    # The rules engine starts once the page has drawn every rule; on a busy machine its wasm is asked for after the
    # typing.
    for _ in range(WASM_WAIT_STEPS):
        if held:
            break
        page.wait_for_timeout(WASM_WAIT_MS)
    assert held, "the wasm request was never made"
    assert "Ready" not in status.inner_text()

    for route in held:
        route.continue_()
    page.unroute(WASM)
    expect(status).to_contain_text("Ready", timeout=READY_TIMEOUT)
    expect(page.locator("#hf-sheet h1")).to_have_text(f"{BICYCLE.name} with house rules: table rule sheet")
    expect(page.locator("#hf-base")).to_have_value(BICYCLE.id)
    expect(clean).to_have_value("750")
    expect(control(page, "books.dirty")).to_have_value(str(BICYCLE["books.dirty"]))
    expect(page.locator("#hf-change-count")).to_have_text(f"1 rule differs from {BICYCLE.name}.")
    expect_applied(page, "books.clean", 750)
    expect(clean_book_in_preview(page)).to_have_text("750")
    assert not page.console_errors
    assert not page.page_errors


# --- A shared link never replaces your own rules (item 3) ------------------------------------------------------------


def make_own_rules(page: Page) -> None:
    type_into(name_field(page), "Ours")
    type_into(control(page, "books.clean"), "600")
    expect_applied(page, "books.clean", 600)


THEIRS = {"v": 1, "base": DEFAULT.id, "name": "Theirs", "changes": {"threes.red_caught": -500}}


def test_a_shared_link_opens_beside_your_own_rules(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """A link tapped in a group chat opens a new tab on this device, which already holds the table's own rules."""
    page = phone_page
    open_configurator(page, site_server)
    make_own_rules(page)

    tab = watch(page.context.new_page())
    open_configurator(tab, site_server, f"#rules={encode(THEIRS)}")
    expect(tab.locator("#hf-sheet h1")).to_have_text("Theirs: table rule sheet", timeout=READY_TIMEOUT)
    expect(tab.locator(".hf-notices")).to_contain_text('"Theirs" are open as a rule set of their own')
    sets = tab.locator("#hf-set option")
    expect(sets).to_have_text(["Ours", "Theirs"])
    expect_rule_shown(tab, "threes.red_caught", -500)
    expect(control(tab, "books.clean")).to_have_value(str(DEFAULT["books.clean"]))

    open_rule_set(tab)

    tab.locator("#hf-set").select_option(label="Ours")
    expect(tab.locator("#hf-sheet h1")).to_have_text("Ours: table rule sheet", timeout=READY_TIMEOUT)
    expect(control(tab, "books.clean")).to_have_value("600")
    expect(tab.locator("#hf-name")).to_have_value("Ours")

    # The same link again opens the same set; it does not add a copy.
    again = watch(page.context.new_page())
    open_configurator(again, site_server, f"#rules={encode(THEIRS)}")
    expect(again.locator("#hf-sheet h1")).to_have_text("Theirs: table rule sheet", timeout=READY_TIMEOUT)
    expect(again.locator("#hf-set option")).to_have_text(["Ours", "Theirs"])
    again.reload()
    wait_ready(again)
    expect(again.locator("#hf-set option")).to_have_text(["Ours", "Theirs"])
    expect(again.locator("#hf-set")).to_have_value(stored_sets(again)["current"])
    for opened in (page, tab, again):
        assert_page_clean(opened)


def test_a_link_pasted_into_the_address_bar_opens_beside_your_own_rules(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    make_own_rules(page)
    page.evaluate("(code) => { location.hash = `rules=${code}`; }", encode(THEIRS))
    expect(page.locator("#hf-sheet h1")).to_have_text("Theirs: table rule sheet", timeout=READY_TIMEOUT)
    expect(page.locator(".hf-notices")).to_contain_text('"Theirs" are open as a rule set of their own')
    expect(page.locator("#hf-set option")).to_have_text(["Ours", "Theirs"])
    assert "#rules=" not in page.url
    open_rule_set(page)
    page.locator("#hf-set").select_option(label="Ours")
    expect(control(page, "books.clean")).to_have_value("600")


def test_deleting_a_rule_set_can_be_taken_back(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    make_own_rules(page)
    open_rule_set(page)
    page.get_by_role("button", name="New rule set").click()
    expect(page.locator("#hf-name")).to_be_focused()
    type_into(name_field(page), "Cabin")
    expect(page.locator("#hf-set option")).to_have_text(["Ours", "Cabin"])
    open_rule_set(page)
    page.locator("#hf-set").select_option(label="Ours")
    expect(control(page, "books.clean")).to_have_value("600")

    open_rule_set(page)

    page.get_by_role("button", name="Delete this rule set").click()
    expect(page.locator("#hf-set option")).to_have_text(["Cabin"])
    expect(page.locator(".hf-notices")).to_contain_text('Deleted the rule set "Ours".')
    page.get_by_role("button", name="Bring it back").click()
    expect(page.locator("#hf-set option")).to_have_text(["Cabin", "Ours"])
    expect(page.locator("#hf-set")).to_have_value(stored_sets(page)["current"])
    expect(control(page, "books.clean")).to_have_value("600")
    expect(page.locator("#hf-sheet h1")).to_have_text("Ours: table rule sheet", timeout=READY_TIMEOUT)


def test_rules_saved_before_there_were_sets_are_kept(page: Page, site_server: str) -> None:
    """A device that kept one unnamed draft (the old way) finds it as its first rule set."""
    open_configurator(page, site_server)
    page.evaluate(
        """() => {
             localStorage.clear();
             localStorage.setItem('handfoot.configurator.draft',
               JSON.stringify({base: 'bicycle', name: 'Old rules', changes: {'books.clean': 650}}));
           }"""
    )
    page.reload()
    wait_ready(page)
    expect(page.locator("#hf-set option")).to_have_text(["Old rules"])
    expect(control(page, "books.clean")).to_have_value("650")
    expect(page.locator("#hf-base")).to_have_value("bicycle")
    assert page.evaluate("() => localStorage.getItem('handfoot.configurator.draft')") is None


def test_a_full_storage_is_reported_and_the_rules_stay_on_screen(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_configurator(page, site_server)
    fill_storage(page)
    type_into(control(page, "books.clean"), "650")
    problem = page.locator("#hf-save-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("Not saved: this device's storage for this site is full")
    expect(control(page, "books.clean")).to_have_value("650")
    expect(clean_book_in_preview(page)).to_have_text("650", timeout=READY_TIMEOUT)
    assert shared_changes(page) == {"books.clean": 650}


DAMAGED_SETS = [
    pytest.param("{not json", id="not-json"),
    pytest.param(json.dumps({"format": 1, "sets": "abc"}), id="sets-text"),
    pytest.param(json.dumps({"format": 1, "current": "x", "sets": [{"base": "nowhere", "name": 5}]}), id="bad-set"),
]


@pytest.mark.parametrize("stored", DAMAGED_SETS)
def test_damaged_saved_rule_sets_are_kept_aside_and_the_page_works(
    page: Page, site_server: str, stored: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_configurator(page, site_server)
    page.evaluate(f"(text) => localStorage.setItem({json.dumps(SETS_KEY)}, text)", stored)
    page.reload()
    wait_ready(page)
    expect(page.locator(".hf-notices")).to_contain_text("could not be read")
    expect(page.locator(".hf-notices")).to_contain_text("A copy is kept")
    rescued = page.evaluate(
        """() => Object.keys(localStorage).filter((key) => key.startsWith('handfoot.configurator.rescued.'))
             .map((key) => localStorage.getItem(key))"""
    )
    assert len(rescued) == 1
    type_into(control(page, "books.clean"), "650")
    expect_applied(page, "books.clean", 650)
    assert_page_clean(page)
