"""Every way into the score keeper, the configurator and the rule helper, each tried as a player at the table does:
on a phone, typing key by key as soon as the fields show, without waiting for Python. Once the page has done all that
arriving set off (Python ready, a link's or a file's rules checked) and 1.2 seconds more, it is reloaded, and every
value typed must be where it was typed: the same game, the same rules, the same round.

``WAYS_IN`` is the table of ways in; a new way into an app gets a row here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

import handfoot
from support.configurator import SETS_KEY, control, encode, enter_rule, open_rule_set
from support.helper_page import pick, rules_select, touch
from support.keeper import ENGINE_TIMEOUT, FIELD_LABELS, WASM, open_setup, open_share, stored_games
from support.person import type_into
from support.screens import new_screen_context
from support.waiting import eventually
from testbench.paths import REPO_ROOT

pytestmark = pytest.mark.browser

PAGAT = handfoot.DEFAULT_VARIANT
VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
# Once everything arriving set off is over (Python ready, a link's or a file's rules checked), what the page may still
# do in its own time: a rescore waits 120 ms (RESCORE_DELAY_MS in keeper/scoring.mjs), the helper's verdict 300 ms
# (helper/peek.mjs). A warm page started from its snapshot keeps none (engine.worker.mjs keeps one only after a plain
# start), so nothing here waits for a second of quiet. Twice the longest, as a margin.
SETTLE_MS = 600
SETTLED = """() => performance.getEntriesByName("hf-engine-ready").length > 0 && !document.querySelector(".hf-check")"""
# A house rule set as the configurator shares it: Pagat with a clean book of 600.
HOUSE = {"v": 1, "base": PAGAT, "name": "Grandma's rules", "changes": {"books.clean": 600}}
HOUSE_LINK = encode(HOUSE)

Check = Callable[[Page], None]


@dataclass(frozen=True)
class Trip:
    """Where a way in left the player: what must hold there, before the reload and after it."""

    check: Check


@dataclass(frozen=True)
class WayIn:
    app: str
    name: str
    go: Callable[[Page, str], Trip]

    def __str__(self) -> str:
        return f"{self.app}: {self.name}"


# The keeper.


def keeper_field(page: Page, team: str, key: str, round_number: int = 1) -> Locator:
    """A field of the open round, found as a player finds it, once it shows (Python need not have started)."""
    return (
        page.get_by_role("region", name=f"Round {round_number}", exact=True)
        .get_by_role("group", name=team, exact=True)
        .get_by_label(FIELD_LABELS[key], exact=True)
    )


def type_at_once(page: Page, values: dict[tuple[str, str], str], round_number: int = 1) -> None:
    """Type each (team, field) value key by key, as soon as its field shows."""
    for (team, key), text in values.items():
        target = keeper_field(page, team, key, round_number)
        expect(target).to_be_visible(timeout=ENGINE_TIMEOUT)
        type_into(target, text)


def as_typed(text: str) -> re.Pattern[str]:
    """A number as typed ("1,250"), or as the keeper shows it once drawn again ("1250")."""
    return re.compile("^" + re.escape(text).replace(",", ",?") + "$")


def expect_fields(page: Page, values: dict[tuple[str, str], str], round_number: int = 1) -> None:
    for (team, key), text in values.items():
        expect(keeper_field(page, team, key, round_number)).to_have_value(as_typed(text), timeout=ENGINE_TIMEOUT)


def open_game(page: Page) -> dict:
    """The game the keeper has open, as saved on this device."""
    current = page.evaluate("localStorage.getItem('handfoot.keeper.current')")
    return next(game for game in stored_games(page) if game["id"] == current)


def entry(game: dict, round_number: int, team_index: int, key: str) -> object:
    rounds = game["rounds"]
    return rounds[round_number - 1][team_index].get(key) if len(rounds) >= round_number else None


def keeper_rules(page: Page) -> Locator:
    return page.locator(".hf-keeper .hf-game")


def keeper_check(values: dict[tuple[str, str], str], rules: str, round_number: int = 1, more: Check | None = None):
    def check(page: Page) -> None:
        expect(page.get_by_role("heading", name=f"Round {round_number}", exact=True)).to_be_visible(
            timeout=ENGINE_TIMEOUT
        )
        expect(keeper_rules(page)).to_contain_text(rules)
        expect_fields(page, values, round_number)
        if more:
            more(page)

    return check


TYPED = {("Team 1", "clean_books"): "2", ("Team 1", "melded"): "1,250", ("Team 2", "dirty_books"): "1"}
STORED = {("Team 1", "clean_books"): 2, ("Team 1", "melded"): 1250, ("Team 2", "dirty_books"): 1}


def stored_as_typed(game: dict, values: dict[tuple[str, str], int], round_number: int = 1) -> None:
    for (team, key), value in values.items():
        assert entry(game, round_number, game["teams"].index(team), key) == value, (team, key, game["rounds"])


def keeper_fresh(page: Page, base: str) -> Trip:
    page.goto(base + "keeper/")
    type_at_once(page, TYPED)
    return Trip(keeper_check(TYPED, VARIANTS[PAGAT].name, more=lambda p: stored_as_typed(open_game(p), STORED)))


def keeper_variant(page: Page, base: str) -> Trip:
    page.goto(base + "keeper/?variant=bicycle")
    type_at_once(page, TYPED)
    return Trip(keeper_check(TYPED, VARIANTS["bicycle"].name))


def a_saved_game(page: Page, base: str) -> None:
    """A game under way on this device: Team 1 has 3 clean books in round 1."""
    page.goto(base + "keeper/")
    type_at_once(page, {("Team 1", "clean_books"): "3"})
    eventually(lambda: entry(open_game(page), 1, 0, "clean_books"), 3)


def the_first_game_kept(first_id: str) -> Check:
    def check(page: Page) -> None:
        games = {game["id"]: game for game in stored_games(page)}
        assert entry(games[first_id], 1, 0, "clean_books") == 3

    return check


def keeper_from_configurator(page: Page, base: str) -> Trip:
    a_saved_game(page, base)
    first = open_game(page)["id"]
    page.goto(base + "configurator/")
    type_into(control(page, "books.clean"), "600")
    touch(page.get_by_role("link", name="Score with these rules"))
    page.wait_for_url("**/keeper/**")
    type_at_once(page, TYPED)

    def more(p: Page) -> None:
        game = open_game(p)
        assert game["id"] != first
        assert game["base"]["rules"]["books"]["clean"] == 600
        stored_as_typed(game, STORED)
        the_first_game_kept(first)(p)

    return Trip(keeper_check(TYPED, "with house rules", more=more))


def keeper_share_link(page: Page, base: str) -> Trip:
    a_saved_game(page, base)
    first = open_game(page)["id"]
    page.goto(base + "keeper/#rules=" + HOUSE_LINK)
    type_at_once(page, TYPED)

    def more(p: Page) -> None:
        game = open_game(p)
        assert game["id"] != first
        assert game["base"]["rules"]["books"]["clean"] == 600
        stored_as_typed(game, STORED)
        the_first_game_kept(first)(p)

    return Trip(keeper_check(TYPED, HOUSE["name"], more=more))


def keeper_back_from_helper(page: Page, base: str) -> Trip:
    page.goto(base + "keeper/")
    first = {("Team 1", "clean_books"): "2"}
    type_at_once(page, first)
    touch(page.get_by_role("link", name="Can we go out? Ask the rule helper for Team 1"))
    page.wait_for_url("**/helper/**")
    page.go_back()
    then = {("Team 2", "melded"): "1,250"}
    type_at_once(page, then)
    return Trip(keeper_check(first | then, VARIANTS[PAGAT].name))


def keeper_saved_game_opened(page: Page, base: str) -> Trip:
    a_saved_game(page, base)
    first = open_game(page)["id"]
    open_setup(page)
    touch(page.get_by_role("button", name="New game", exact=True))
    eventually(lambda: open_game(page)["id"] != first, True)
    saved = page.locator("details.hf-saved")
    saved.locator("summary").click()
    touch(saved.get_by_role("button", name="Resume").and_(saved.locator(":enabled")))
    then = {("Team 2", "melded"): "1,250"}
    type_at_once(page, then)

    def more(p: Page) -> None:
        game = open_game(p)
        assert game["id"] == first
        stored_as_typed(game, {("Team 1", "clean_books"): 3, ("Team 2", "melded"): 1250})

    return Trip(keeper_check(then | {("Team 1", "clean_books"): "3"}, VARIANTS[PAGAT].name, more=more))


def keeper_new_game(page: Page, base: str, *, same_teams: bool = False) -> Trip:
    page.goto(base + "keeper/")
    open_setup(page)
    name = page.get_by_label("Name of team 1", exact=True)
    type_into(name, "Anna")
    a = {("Anna", "clean_books"): "3"}
    type_at_once(page, a)
    first = open_game(page)["id"]
    open_setup(page)
    touch(page.get_by_role("button", name="New game, same teams" if same_teams else "New game", exact=True))
    team = "Anna" if same_teams else "Team 1"
    typed = {(team, "clean_books"): "2", ("Team 2", "melded"): "1,250"}
    type_at_once(page, typed)

    def more(p: Page) -> None:
        game = open_game(p)
        assert game["id"] != first
        stored_as_typed(game, {(team, "clean_books"): 2, ("Team 2", "melded"): 1250})
        kept = next(g for g in stored_games(p) if g["id"] == first)
        stored_as_typed(kept, {("Anna", "clean_books"): 3})

    return Trip(keeper_check(typed, VARIANTS[PAGAT].name, more=more))


def keeper_imported_file(page: Page, base: str) -> Trip:
    # A game from another device: exported there, with Anna's team named and a round begun. That device only types and
    # exports, which the keeper does without its rules engine: its runtime is kept away, so that a first visit's start
    # of Python from nothing does not take seconds of the machine's time beside this test's page.
    other = new_screen_context(page.context.browser, "desktop")
    try:
        there = other.new_page()
        there.route(WASM, lambda route: route.abort())
        there.goto(base + "keeper/")
        open_setup(there)
        type_into(there.get_by_label("Name of team 1", exact=True), "Anna")
        type_at_once(there, {("Anna", "clean_books"): "3"})
        eventually(lambda: entry(open_game(there), 1, 0, "clean_books"), 3)
        open_share(there)
        with there.expect_download() as download:
            there.get_by_role("button", name="Export the game (JSON)").click()
        exported = download.value.path().read_text(encoding="utf-8")
    finally:
        other.close()
    page.goto(base + "keeper/")
    here = {("Team 1", "dirty_books"): "1"}
    type_at_once(page, here)
    first = open_game(page)["id"]
    open_share(page)
    page.locator("#hf-import").set_input_files(
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": exported.encode()}]
    )
    # The player types once the file's game shows: Anna's team is there.
    expect(keeper_field(page, "Anna", "clean_books")).to_be_visible(timeout=ENGINE_TIMEOUT)
    typed = {("Team 2", "melded"): "1,250"}
    type_at_once(page, typed)

    def more(p: Page) -> None:
        game = open_game(p)
        assert game["id"] == json.loads(exported)["id"]
        stored_as_typed(game, {("Anna", "clean_books"): 3, ("Team 2", "melded"): 1250})
        kept = next(g for g in stored_games(p) if g["id"] == first)
        stored_as_typed(kept, {("Team 1", "dirty_books"): 1})

    return Trip(keeper_check(typed | {("Anna", "clean_books"): "3"}, VARIANTS[PAGAT].name, more=more))


def keeper_second_tab(page: Page, base: str) -> Trip:
    page.goto(base + "keeper/")
    type_at_once(page, {("Team 1", "clean_books"): "2"})
    second = page.context.new_page()
    second.goto(base + "keeper/")
    type_at_once(second, {("Team 2", "dirty_books"): "1"})
    # The first tab follows the second, and the player goes on in it.
    expect(keeper_field(page, "Team 2", "dirty_books")).to_have_value("1", timeout=ENGINE_TIMEOUT)
    type_at_once(page, {("Team 1", "melded"): "1,250"})
    expect(keeper_field(second, "Team 1", "melded")).to_have_value(as_typed("1,250"), timeout=ENGINE_TIMEOUT)

    def more(p: Page) -> None:
        second.reload()
        expect_fields(second, TYPED)
        stored_as_typed(open_game(p), STORED)

    return Trip(keeper_check(TYPED, VARIANTS[PAGAT].name, more=more))


# The configurator.


def stored_sets(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SETS_KEY)})"))


def open_set(page: Page) -> dict:
    data = stored_sets(page)
    return next(s for s in data["sets"] if s["id"] == data["current"])


def configurator_check(values: dict[str, str], base_name: str, more: Check | None = None) -> Check:
    def check(page: Page) -> None:
        expect(page.get_by_label("Start from", exact=True).locator("option:checked")).to_have_text(base_name)
        for path, text in values.items():
            expect(control(page, path)).to_have_value(as_typed(text), timeout=ENGINE_TIMEOUT)
        if more:
            more(page)

    return check


def configurator_fresh(page: Page, base: str) -> Trip:
    page.goto(base + "configurator/")
    type_into(control(page, "books.clean"), "600")
    enter_rule(page, "threes.red_caught", -300)
    return Trip(
        configurator_check(
            {"books.clean": "600", "threes.red_caught": "300"},
            VARIANTS[PAGAT].name,
            more=lambda p: eventually(lambda: open_set(p)["changes"], {"books.clean": 600, "threes.red_caught": -300}),
        ),
    )


def configurator_share_link(page: Page, base: str) -> Trip:
    page.goto(base + "configurator/#rules=" + HOUSE_LINK)
    type_into(control(page, "books.dirty"), "250")

    def more(p: Page) -> None:
        expect(p.get_by_label("Name your rules", exact=True)).to_have_value(HOUSE["name"])
        assert open_set(p)["changes"] == {"books.clean": 600, "books.dirty": 250}

    return Trip(configurator_check({"books.clean": "600", "books.dirty": "250"}, VARIANTS[PAGAT].name, more))


def configurator_base_switched_while_loading(page: Page, base: str) -> Trip:
    page.goto(base + "configurator/")
    open_rule_set(page)
    page.get_by_label("Start from", exact=True).select_option(label=VARIANTS["bicycle"].name)
    type_into(control(page, "books.clean"), "600")

    def more(p: Page) -> None:
        kept = open_set(p)
        assert kept["base"] == "bicycle"
        assert kept["changes"]["books.clean"] == 600

    return Trip(configurator_check({"books.clean": "600"}, VARIANTS["bicycle"].name, more))


def configurator_link_pasted_over(page: Page, base: str) -> Trip:
    page.goto(base + "configurator/")
    type_into(control(page, "books.dirty"), "250")
    eventually(lambda: open_set(page)["changes"], {"books.dirty": 250})
    # The link typed or pasted into the address bar of the open page: only the address's hash changes.
    page.goto(base + "configurator/#rules=" + HOUSE_LINK)
    expect(page.get_by_label("Name your rules", exact=True)).to_have_value(HOUSE["name"], timeout=ENGINE_TIMEOUT)
    type_into(control(page, "books.wild"), "2,000")

    def more(p: Page) -> None:
        sets = stored_sets(p)["sets"]
        assert {"books.dirty": 250} in [s["changes"] for s in sets]
        assert open_set(p)["changes"] == {"books.clean": 600, "books.wild": 2000}

    return Trip(configurator_check({"books.clean": "600", "books.wild": "2,000"}, VARIANTS[PAGAT].name, more))


# The rule helper.


def picked(page: Page) -> Locator:
    return page.locator("#hf-meld-cards .hf-pick__chip")


def helper_check(rules: str, cards: list[str]) -> Check:
    def check(page: Page) -> None:
        expect(rules_select(page).locator("option:checked")).to_have_text(rules)
        expect(picked(page)).to_have_text(cards)

    return check


def helper_arrive(page: Page, address: str) -> None:
    page.goto(address)
    pick(page.locator("#hf-meld-cards"), "9 9 2")


def helper_fresh(page: Page, base: str) -> Trip:
    helper_arrive(page, base + "helper/")
    return Trip(helper_check(VARIANTS[PAGAT].name, ["9", "9", "2"]))


def helper_variant(page: Page, base: str) -> Trip:
    helper_arrive(page, base + "helper/?variant=bicycle")
    return Trip(helper_check(VARIANTS["bicycle"].name, ["9", "9", "2"]))


def helper_rules_link(page: Page, base: str) -> Trip:
    helper_arrive(page, base + "helper/#rules=" + HOUSE_LINK)
    return Trip(helper_check(HOUSE["name"], ["9", "9", "2"]))


def helper_from_keeper(page: Page, base: str) -> Trip:
    page.goto(base + "keeper/")
    type_at_once(page, {("Team 1", "clean_books"): "2", ("Team 1", "dirty_books"): "1"})
    touch(page.get_by_role("link", name="Can we go out? Ask the rule helper for Team 1"))
    page.wait_for_url("**/helper/**")
    dirty = page.get_by_label("Dirty books", exact=True)
    expect(dirty).to_have_value("1")
    type_into(dirty, "2")

    def check(p: Page) -> None:
        expect(p.get_by_role("tab", name="Can we go out?")).to_have_attribute("aria-selected", "true")
        expect(p.get_by_label("Round", exact=True).locator("visible=true")).to_have_value("1")
        expect(p.get_by_label("Clean books", exact=True)).to_have_value("2")
        expect(p.get_by_label("Dirty books", exact=True)).to_have_value("2")
        expect(rules_select(p).locator("option:checked")).to_have_text(VARIANTS[PAGAT].name)

    return Trip(check)


WAYS_IN = [
    WayIn("keeper", "fresh", keeper_fresh),
    WayIn("keeper", "?variant=", keeper_variant),
    WayIn("keeper", "a rules link from the configurator", keeper_from_configurator),
    WayIn("keeper", "a share link", keeper_share_link),
    WayIn("keeper", "back from the helper", keeper_back_from_helper),
    WayIn("keeper", "a saved game opened", keeper_saved_game_opened),
    WayIn("keeper", "an imported file", keeper_imported_file),
    WayIn("keeper", "New game", keeper_new_game),
    WayIn("keeper", "New game, same teams", lambda page, base: keeper_new_game(page, base, same_teams=True)),
    WayIn("keeper", "a second tab", keeper_second_tab),
    WayIn("configurator", "fresh", configurator_fresh),
    WayIn("configurator", "a share link", configurator_share_link),
    WayIn("configurator", "a base switched while loading", configurator_base_switched_while_loading),
    WayIn("configurator", "a link pasted over the open page", configurator_link_pasted_over),
    WayIn("helper", "fresh", helper_fresh),
    WayIn("helper", "?variant=", helper_variant),
    WayIn("helper", "#rules=", helper_rules_link),
    WayIn("helper", "from the keeper's round", helper_from_keeper),
]


def settle(page: Page) -> None:
    """Wait until the page has done all that arriving set off, and a while more, before the reload."""
    page.wait_for_function(SETTLED, timeout=ENGINE_TIMEOUT)
    page.wait_for_timeout(SETTLE_MS)


@pytest.mark.parametrize("way", WAYS_IN, ids=str)
def test_what_is_typed_on_the_way_in_is_kept(
    way: WayIn, phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    trip = way.go(page, site_server)
    trip.check(page)
    settle(page)
    page.reload()
    trip.check(page)
    assert_page_clean(page)
