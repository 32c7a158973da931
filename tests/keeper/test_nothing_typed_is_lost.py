"""The table moments that lost what a player typed or showed a total that was not what it seemed, each tried
on a phone, typed key by key. Expected scores and answers come from handfoot in CPython.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

import handfoot
from handfoot.examples import SEED_000_OUT
from handfoot.words import format_number
from support.configurator import encode
from support.helper_page import answer, touch
from support.keeper import (
    ENGINE_TIMEOUT,
    VARIANTS,
    enter,
    expect_round_score,
    leave_team,
    open_keeper,
    stored_games,
)
from support.person import backspace, type_into, type_more
from support.waiting import eventually

pytestmark = pytest.mark.browser

PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]


def house_variant(changes: dict[str, int]) -> handfoot.Variant:
    mapping = copy.deepcopy(PAGAT.to_mapping())
    for path, value in changes.items():
        section, key = path.split(".")
        mapping["rules"][section][key] = value
    return handfoot.Variant.from_mapping(mapping, "house")


def tally(**values: int | bool) -> dict[str, int | bool]:
    keys = ("clean_books", "dirty_books", "wild_books", "red_threes", "red_threes_caught", "melded", "left")
    return {"round": 1, "went_out": False, **dict.fromkeys(keys, 0), **values}


def team_field(page: Page, team: str, label: str, round_number: int = 1) -> Locator:
    region = page.get_by_role("region", name=f"Round {round_number}", exact=True)
    return region.get_by_role("group", name=team, exact=True).get_by_label(label, exact=True)


def test_next_asks_when_a_team_has_entered_nothing_and_undo_takes_it_back(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_keeper(page, site_server)
    type_into(team_field(page, "Team 1", "Clean books"), "2")
    type_into(team_field(page, "Team 1", "Card points in melds and books"), "1,250")
    touch(page.get_by_role("button", name="Next: round 2"))
    warning = page.locator("#hf-next-check")
    expect(warning).to_contain_text("Team 2 has entered nothing for round 1.")
    touch(warning.get_by_role("button", name="Open round 2 anyway"))
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    touch(page.get_by_role("button", name="Undo the last change"))
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    expect(page.locator("#hf-undo-message")).to_have_text('Undone: "Next: round 2". Round 1 is open.')
    expect(team_field(page, "Team 1", "Clean books")).to_have_value("2")
    expect(team_field(page, "Team 1", "Card points in melds and books")).to_have_value("1250")
    # "Stay" leads to the team that has not entered its round.
    touch(page.get_by_role("button", name="Next: round 2"))
    touch(warning.get_by_role("button", name="Stay on round 1"))
    expect(team_field(page, "Team 2", "Clean books")).to_be_focused()
    expect(warning).to_be_empty()
    assert_page_clean(page)


def test_can_we_go_out_from_the_keeper_carries_the_teams_books(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_keeper(page, site_server, ready=False)
    type_into(team_field(page, "Team 2", "Clean books"), "2")
    type_into(team_field(page, "Team 2", "Dirty books"), "2")
    touch(page.get_by_role("link", name="Can we go out? Ask the rule helper for Team 2"))
    page.wait_for_url("**/helper/**")
    expect(page.get_by_label("Clean books", exact=True)).to_have_value("2")
    expect(page.get_by_label("Dirty books", exact=True)).to_have_value("2")
    expect(page.get_by_label("Wild books", exact=True)).to_have_value("0")
    held = {"clean": 2, "dirty": 2, "wild": 0}
    verdict = handfoot.check_go_out(PAGAT, 1, held)
    assert not verdict.ok
    expect(answer(page, "out").locator(".hf-verdict")).to_have_text("No", timeout=ENGINE_TIMEOUT)
    expect(answer(page, "out").locator(".hf-answer__reason")).to_have_text(verdict.reason)
    touch(page.get_by_role("button", name="One wild book more"))
    assert handfoot.check_go_out(PAGAT, 1, held | {"wild": 1}).ok
    expect(answer(page, "out").locator(".hf-verdict")).to_have_text("Yes")
    assert_page_clean(page)


def test_a_letter_in_a_field_is_not_counted_and_the_total_says_so(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_keeper(page, site_server)
    type_into(team_field(page, "Team 1", "Clean books"), "1")
    melded = team_field(page, "Team 1", "Card points in melds and books")
    type_into(melded, "1,25o")
    uncounted = page.locator("#r0-t0-uncounted")
    expect(uncounted).to_have_text(
        'Card points in melds and books shows "1,25o", which is not counted: the total uses nothing for it.'
    )
    # Scored without the field, as the line says: 1 clean book and no melded cards is not a round handfoot scores.
    leave_team(page, 1)
    expect(page.locator("#r0-t0-result")).to_contain_text("Not scored", timeout=ENGINE_TIMEOUT)
    backspace(melded, 1)
    type_more(melded, "0")
    expect(uncounted).to_be_hidden()
    leave_team(page, 1)
    expected = handfoot.score_round(PAGAT, tally(clean_books=1, melded=1250))["total"]
    expect_round_score(page, 1, 0, expected)
    # A number typed over an earlier one: the total uses the earlier number, and says so.
    type_into(melded, "9x9")
    expect(uncounted).to_have_text(
        f'Card points in melds and books shows "9x9", which is not counted: '
        f"the total uses {format_number(1250)} for it."
    )
    leave_team(page, 1)
    expect_round_score(page, 1, 0, expected)
    expect(uncounted).to_be_visible()
    assert_page_clean(page)


def test_a_reload_opens_the_round_that_was_open(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000_OUT)
    enter(page, 1, "Team 2", {"clean_books": 1, "melded": 400})
    expect_round_score(page, 1, 0, 3615)
    page.reload()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(team_field(page, "Team 2", "Card points in melds and books")).to_have_value("400")
    touch(page.get_by_role("button", name="Next: round 2"))
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert stored_games(page)[0]["open"] == 1
    assert_page_clean(page)


def test_a_refused_rules_link_leaves_the_saved_game_as_it_was(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """handfoot refuses a hand of 0 cards; the link is read fine, so only the check after Python starts finds it."""
    page = phone_page
    open_keeper(page, site_server, ready=False)
    type_into(team_field(page, "Team 1", "Clean books"), "3")
    eventually(lambda: stored_games(page)[0]["rounds"][0][0]["clean_books"], 3)
    link = encode({"v": 1, "base": PAGAT.id, "name": "Tiny hands", "changes": {"deal.hand_size": 0}})
    page.goto(site_server + "keeper/#rules=" + link)
    checking = page.get_by_role("region", name="Rules from a link: Tiny hands")
    expect(checking).to_contain_text("Checking these rules")
    # While the rules are checked, no field of any game is there to type into.
    expect(page.locator(".hf-keeper input[type=text]")).to_have_count(0)
    notice = page.locator(".hf-keeper .hf-notices")
    expect(notice).to_contain_text("The rules link could not be used", timeout=ENGINE_TIMEOUT)
    expect(notice).to_contain_text("Your saved game is open instead.")
    expect(team_field(page, "Team 1", "Clean books")).to_have_value("3")
    assert len(stored_games(page)) == 1
    expect(page).to_have_url(site_server + "keeper/")
    assert_page_clean(page)
