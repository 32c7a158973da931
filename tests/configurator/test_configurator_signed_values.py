"""A penalty typed as a table says it must never become a bonus. A table says "a red three caught
costs 500": the player taps the field and types 500, on a phone whose numeric keypad often has no minus key. A rule
that may be taken off is chosen as "adds" or "costs" in handfoot's words, with an amount that takes no sign; what the
amount means is said at the field at once, and a sign typed into it gets a message there, with nothing applied.

And item 9, in part: the bar's "Changes" button shows its whole label on a phone.

Typed key by key at 390 px (and 360 for the bar); the expected scores are handfoot's in CPython, from the rule set the
configurator saved."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

import handfoot
from handfoot.describe import example_tallies
from support.configurator import (
    READY_TIMEOUT,
    SETS_KEY,
    control,
    direction,
    error_of,
    meaning,
    meaning_of,
    open_configurator,
    points,
    sign_of,
)
from support.person import press, type_into, type_keys
from testbench.paths import REPO_ROOT

pytestmark = pytest.mark.browser

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]
SIMPSON = VARIANTS["simpson"]
RED_CAUGHT = "threes.red_caught"
RED_LAID = "threes.red_laid"
# The rules a penalty by nature: with no amount yet (null, or 0), "costs" is the direction shown.
PENALTIES = ("threes.red_caught", "threes.red_caught_in_foot", "threes.black_caught_in_foot")


def saved_changes(page: Page) -> dict[str, Any]:
    """The changes of the rule set the configurator saved on this device ({} before any)."""
    data = page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(SETS_KEY)}))")
    if not data:
        return {}
    current = next(item for item in data["sets"] if item["id"] == data["current"])
    return dict(current["changes"])


def expect_saved(page: Page, changes: dict[str, Any]) -> None:
    page.wait_for_function(
        f"""(changes) => {{
              const data = JSON.parse(localStorage.getItem({json.dumps(SETS_KEY)}));
              const set = data?.sets.find((item) => item.id === data.current);
              return JSON.stringify(set?.changes ?? {{}}) === JSON.stringify(changes);
           }}""",
        arg=changes,
        timeout=READY_TIMEOUT,
    )


def tap_and_type(field: Locator, keys: str) -> None:
    """A thumb on the field (the tap selects what it holds), then the keys one at a time, then Next."""
    field.tap()
    type_keys(field, keys)
    press(field, "Tab")


def caught_short(page: Page) -> Locator:
    """The worked round's table of the side caught short, on the rule page (read as text: it need not be on screen)."""
    return page.locator("#hf-preview").locator(
        "xpath=.//p[strong[normalize-space()='Caught short']]/following-sibling::table[1]"
    )


def rows_of(table: Locator) -> list[list[str]]:
    return table.locator("tbody tr").evaluate_all(
        "rows => rows.map((row) => [...row.cells].map((cell) => cell.textContent.replace(/\\*/g, '').trim()))"
    )


def test_a_cost_typed_over_the_selected_value_is_saved_as_a_cost(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """The issue's table: "a red three caught costs 500". Tap the field, type 500: saved as −500, and the sheet and
    the worked round count it against the side."""
    page = phone_page
    open_configurator(page, site_server)
    amount = control(page, RED_CAUGHT)
    assert PAGAT[RED_CAUGHT] == -100
    expect(amount).to_have_value("100")
    expect(amount).to_have_attribute("inputmode", "numeric")
    for path in PENALTIES:
        expect(direction(page, path, "costs")).to_be_checked()
        expect(direction(page, path, "adds")).not_to_be_checked()
    expect(meaning(page, RED_CAUGHT)).to_have_text(meaning_of(RED_CAUGHT, -100))

    amount.tap()
    assert page.evaluate("() => [document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [0, 3]
    type_keys(amount, "500")
    # What the amount means is at the field at once, before the player leaves it.
    expect(meaning(page, RED_CAUGHT)).to_have_text(meaning_of(RED_CAUGHT, -500))
    expect(meaning(page, RED_CAUGHT)).to_contain_text(f"{points(-500)} for each red three caught")
    press(amount, "Tab")
    expect_saved(page, {RED_CAUGHT: -500})
    expect(error_of(page, RED_CAUGHT)).to_have_text("")

    house = PAGAT.with_changes(saved_changes(page))
    assert house[RED_CAUGHT] == -500
    sheet = page.locator("#hf-sheet")
    expect(sheet.locator("tr").filter(has_text="Red three caught").first).to_contain_text(
        points(-500), timeout=READY_TIMEOUT
    )
    expect(sheet.locator("li").filter(has_text="Red:")).to_contain_text(f"{points(-500)} if caught")

    tally = example_tallies(house)["short"]
    scored = handfoot.score_round(house, tally)
    assert scored["total"] < handfoot.score_round(PAGAT, example_tallies(PAGAT)["short"])["total"]
    table = caught_short(page)
    expect(table.locator("tbody tr").last).to_contain_text(points(scored["total"]), timeout=READY_TIMEOUT)
    shown = rows_of(table)
    expected = [[line["label"], points(line["points"])] for line in scored["lines"]]
    assert shown[: len(expected)] == expected
    assert [line for line in expected if "caught" in line[0]] == [["1 red three caught in the foot", points(-500)]]
    preview = page.locator("#hf-preview")
    expect(preview).to_contain_text(f"counts {points(500)} against you")
    assert_page_clean(page)


@pytest.mark.parametrize("typed", ["-500", "+500", "\u2212500"])
def test_a_sign_typed_into_the_amount_says_how_to_type_it_and_changes_nothing(
    phone_page: Page, site_server: str, typed: str
) -> None:
    page = phone_page
    open_configurator(page, site_server)
    amount = control(page, RED_CAUGHT)
    sign = sign_of(RED_CAUGHT)
    assert sign
    type_into(amount, typed[0], leave=False)
    # The sign alone already gets the message: the player learns it before typing the amount.
    expect(error_of(page, RED_CAUGHT)).to_have_text(sign["typed"])
    type_keys(amount, typed[1:])
    press(amount, "Tab")
    expect(error_of(page, RED_CAUGHT)).to_have_text(sign["typed"])
    expect(amount).to_have_attribute("aria-invalid", "true")
    # The rule in force is still Pagat's, and the words at the field say so.
    expect(meaning(page, RED_CAUGHT)).to_have_text(meaning_of(RED_CAUGHT, PAGAT[RED_CAUGHT]))
    expect(direction(page, RED_CAUGHT, "costs")).to_be_checked()
    expect(page.locator("#hf-bar-changes .hf-bar__count")).to_have_text("0")
    page.wait_for_timeout(300)
    assert saved_changes(page) == {}

    tap_and_type(amount, "500")
    expect(error_of(page, RED_CAUGHT)).to_have_text("")
    expect_saved(page, {RED_CAUGHT: -500})


def test_simpsons_red_three_laid_at_minus_500_needs_no_minus_key(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Simpson lays red threes down at −500 (Pagat at +100): a tap on "costs" and the digits 500."""
    page = phone_page
    open_configurator(page, site_server)
    amount = control(page, RED_LAID)
    expect(amount).to_have_value("100")
    expect(direction(page, RED_LAID, "adds")).to_be_checked()
    expect(meaning(page, RED_LAID)).to_have_text(meaning_of(RED_LAID, 100))

    direction(page, RED_LAID, "costs").tap()
    expect(meaning(page, RED_LAID)).to_have_text(meaning_of(RED_LAID, -100))
    expect_saved(page, {RED_LAID: -100})
    keys = "500"
    assert keys.isdigit(), "a phone's numeric keypad has the digits"
    tap_and_type(amount, keys)
    expect_saved(page, {RED_LAID: SIMPSON[RED_LAID]})
    expect(meaning(page, RED_LAID)).to_have_text(meaning_of(RED_LAID, -500))

    sheet = page.locator("#hf-sheet")
    expect(sheet.locator("tr").filter(has_text="Red three on the table").first).to_contain_text(
        points(-500), timeout=READY_TIMEOUT
    )
    expect(page.locator("#hf-preview")).to_contain_text(f"Each one counts {points(500)} against you even on the table")

    # And back: "adds" makes it a bonus of the same amount.
    direction(page, RED_LAID, "adds").tap()
    expect_saved(page, {RED_LAID: 500})
    expect(meaning(page, RED_LAID)).to_have_text(meaning_of(RED_LAID, 500))
    assert_page_clean(page)


def test_a_penalty_with_no_amount_of_its_own_takes_one_as_a_cost(phone_page: Page, site_server: str) -> None:
    """ "Red three caught in an unplayed foot" is empty (the same as in the hand): typed 1000, it costs 1,000."""
    page = phone_page
    open_configurator(page, site_server)
    path = "threes.red_caught_in_foot"
    amount = control(page, path)
    expect(amount).to_have_value("")
    tap_and_type(amount, "1000")
    expect_saved(page, {path: -1000})
    expect(meaning(page, path)).to_have_text(meaning_of(path, -1000))
    house = PAGAT.with_changes(saved_changes(page))
    scored = handfoot.score_round(house, example_tallies(house)["short"])
    table = caught_short(page)
    expect(table.locator("tbody tr").last).to_contain_text(points(scored["total"]), timeout=READY_TIMEOUT)
    assert ["1 red three caught in the foot", points(-1000)] in rows_of(table)


@pytest.mark.parametrize("width", [360, 390])
def test_the_changes_button_shows_its_whole_label(phone_page: Page, site_server: str, width: int) -> None:
    page = phone_page
    page.set_viewport_size({"width": width, "height": 844})
    open_configurator(page, site_server)
    buttons = page.locator(".hf-bar__buttons > .hf-bar__button")
    expect(buttons).to_have_count(6)
    sizes = buttons.evaluate_all(
        """(buttons) => buttons.map((b) => ({
             text: b.textContent, scroll: b.scrollWidth, client: b.clientWidth,
             height: b.getBoundingClientRect().height, right: b.getBoundingClientRect().right }))"""
    )
    for size in sizes:
        assert size["scroll"] <= size["client"], f"{size['text']!r} is clipped at {width} px: {size}"
        assert size["height"] >= 44, size
        assert size["right"] <= width, size
    changes = page.locator("#hf-bar-changes")
    expect(changes).to_contain_text("Changes")
    assert changes.evaluate("(b) => b.scrollWidth <= b.clientWidth && b.getBoundingClientRect().height >= 44")
