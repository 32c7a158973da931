"""The keeper's own words as a new player reads them at 390 px: the name of a game's rules never takes a possessive
"'s" it cannot wear ("Pagat partnership with house rules's values"), and the melded cards' field says that the cards
in books count, as handfoot scores them."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

import handfoot
from handfoot.examples import SEED_000_OUT
from support.keeper import ENGINE_TIMEOUT, FIELD_LABELS, VARIANTS, enter, expect_round_score, field, tally, wait_ready

pytestmark = pytest.mark.browser

PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]


def test_unnamed_house_rules_read_well_and_the_melded_field_counts_books(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    changes = {"books.clean": 600}
    draft = {"v": 1, "base": PAGAT.id, "name": "", "changes": changes}
    encoded = base64.urlsafe_b64encode(json.dumps(draft).encode()).decode().rstrip("=")
    page.goto(f"{site_server}keeper/#rules={encoded}")
    wait_ready(page)
    name = f"{PAGAT.name} with house rules"
    expect(page.locator(".hf-game a").first).to_have_text(name, timeout=ENGINE_TIMEOUT)

    page.locator(".hf-house-values summary").tap()
    said = page.locator(".hf-house-values > p")
    expect(said).to_have_text(
        f"Change any value the score depends on. Changed values are marked; the values of {name} are one click away."
    )
    expect(said).not_to_contain_text("rules's")

    # Seed 000's team goes out with 415 points of melded cards, its five books' cards among them: the field named for
    # them takes them all, and handfoot scores them as "Cards melded".
    assert FIELD_LABELS["melded"] == "Card points in melds and books"
    expect(field(page, 1, "Team 1", "melded")).to_be_visible()
    house = PAGAT.with_changes(changes)
    scored = handfoot.score_round(house, tally(house, 1, SEED_000_OUT))
    assert ("Cards melded", SEED_000_OUT["melded"]) in [(line["label"], line["points"]) for line in scored["lines"]]
    enter(page, 1, "Team 1", SEED_000_OUT)
    expect_round_score(page, 1, 0, scored["total"])
    assert_page_clean(page)
