"""The keeper's "House values": a rule that may be taken off is chosen as "adds" or "costs" and
typed as an amount with no sign, as in the configurator (both draw it from controls/rule_row.mjs). A table's "a red
three caught costs 500" typed as 500 costs 500; a sign typed into the amount gets a message and changes nothing;
Simpson's red three laid down at −500 needs no minus key. Typed key by key at 390 px; the scores are handfoot's in
CPython."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

import handfoot
from support.configurator import meaning_of, sign_of
from support.keeper import (
    ENGINE_TIMEOUT,
    VARIANTS,
    enter,
    expect_round_score,
    open_keeper,
    stored_games,
    tally,
)
from support.person import press, type_into, type_keys
from support.waiting import eventually

pytestmark = pytest.mark.browser

PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]
SIMPSON = VARIANTS["simpson"]
RED_CAUGHT = "threes.red_caught"
RED_LAID = "threes.red_laid"
ROUND = {"clean_books": 1, "dirty_books": 1, "red_threes": 2, "red_threes_caught": 1, "melded": 300, "left": 40}


def house_id(path: str) -> str:
    return "hf-house-" + path.replace(".", "-", 1)


def amount(page: Page, path: str) -> Locator:
    return page.locator(f"#{house_id(path)}")


def choice(page: Page, path: str, key: str) -> Locator:
    return page.locator(f"#{house_id(path)}-{key}")


def tap_and_type(field: Locator, keys: str) -> None:
    field.tap()
    type_keys(field, keys)
    press(field, "Tab")


def house_of(page: Page) -> dict[str, object]:
    return dict(stored_games(page)[0]["house"])


def test_house_values_take_a_cost_as_a_table_says_it(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", ROUND)
    expect_round_score(page, 1, 0, handfoot.score_round(PAGAT, tally(PAGAT, 1, ROUND))["total"])
    page.locator(".hf-house-values summary").click()

    caught = amount(page, RED_CAUGHT)
    expect(caught).to_have_value("100")
    expect(choice(page, RED_CAUGHT, "costs")).to_be_checked()
    expect(page.locator(f"#{house_id(RED_CAUGHT)}-means")).to_have_text(meaning_of(RED_CAUGHT, -100))

    # A sign typed into the amount: a message at the field, and the house values stay as they were.
    sign = sign_of(RED_CAUGHT)
    assert sign
    type_into(caught, "-500")
    expect(page.locator(f"#{house_id(RED_CAUGHT)}-error")).to_have_text(sign["typed"])
    expect(page.locator(".hf-house-values summary")).to_have_text("House values")
    assert house_of(page) == {}

    tap_and_type(caught, "500")
    expect(page.locator(f"#{house_id(RED_CAUGHT)}-means")).to_have_text(meaning_of(RED_CAUGHT, -500))
    eventually(lambda: house_of(page), {RED_CAUGHT: -500})
    expect(page.locator(f"#{house_id(RED_CAUGHT)}-error")).to_have_text("")

    # Simpson's red three laid down, −500, on a keypad with no minus key: a tap on "costs", then 500.
    expect(choice(page, RED_LAID, "adds")).to_be_checked()
    choice(page, RED_LAID, "costs").tap()
    tap_and_type(amount(page, RED_LAID), "500")
    eventually(lambda: house_of(page), {RED_CAUGHT: -500, RED_LAID: SIMPSON[RED_LAID]})
    expect(page.locator(".hf-house-values summary")).to_have_text("House values (2 changed)")

    house = PAGAT.with_changes(house_of(page))
    expected = handfoot.score_round(house, tally(house, 1, ROUND))
    assert [line for line in expected["lines"] if "red three" in line["label"]] == [
        {"label": "2 red threes laid down", "points": -1000},
        {"label": "1 red three caught", "points": -500},
    ]
    expect_round_score(page, 1, 0, expected["total"])
    expect(page.locator(".hf-house-values")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert_page_clean(page)
