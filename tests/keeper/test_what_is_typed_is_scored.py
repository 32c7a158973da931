"""What a tired player types is what gets scored: a tap on a filled field, a typo left behind at "Next",
"Went out" ticked without the books, a round typed with the phone's keyboard up, and the small things seen at 360 px.

Each test types key by key and taps as a player does, on a phone (390 × 844, or 360 × 740 where it says so).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

import handfoot
from handfoot.examples import SEED_000_OUT, SEED_001_SHORT
from support.keeper import (
    ENGINE_TIMEOUT,
    FIELD_LABELS,
    VARIANTS,
    enter,
    expect_round_score,
    field,
    open_keeper,
    open_setup,
    stored_games,
    tally,
    team_round,
    went_out,
)
from support.person import press, type_into, type_keys, type_more
from testbench.watcher import watch

pytestmark = pytest.mark.browser

PAGAT = VARIANTS["pagat-partnership"]
SMALL_PHONE = {"width": 360, "height": 740}
# A phone's keyboard takes about 40% of the screen: what is left above it at 390 × 844 and 360 × 740.
KEYBOARD_UP = {"390": {"width": 390, "height": 506}, "360": {"width": 360, "height": 444}}


def saved(page: Page, round_number: int, team_index: int, key: str) -> object:
    games = stored_games(page)
    assert len(games) == 1
    rounds = games[0]["rounds"]
    return rounds[round_number - 1][team_index].get(key) if len(rounds) >= round_number else None


def error_of(page: Page, round_number: int, team_index: int, key: str) -> Locator:
    return page.locator(f"#r{round_number - 1}-t{team_index}-{key}-error")


def test_a_tap_on_a_filled_count_types_over_it(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 2: clean books holds 1; the player taps it and types 2, meaning 2 books, not 12."""
    page = phone_page
    open_keeper(page, site_server)
    books = field(page, 1, "Team 1", "clean_books")
    type_into(books, "1")
    type_into(field(page, 1, "Team 1", "melded"), "400")
    books.tap()
    type_keys(books, "2")
    press(books, "Tab")
    expect(books).to_have_value("2")
    expect_round_score(
        page, 1, 0, handfoot.score_round(PAGAT, tally(PAGAT, 1, {"clean_books": 2, "melded": 400}))["total"]
    )
    assert saved(page, 1, 0, "clean_books") == 2
    # The same holds for card points: the tap selects what is there.
    melded = field(page, 1, "Team 1", "melded")
    melded.tap()
    type_keys(melded, "415")
    press(melded, "Tab")
    expect(melded).to_have_value("415")
    assert_page_clean(page)


def test_books_that_contradict_the_card_points_are_marked_where_they_were_typed(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 2: 400 melded, then a 2 typed after the 1 in clean books (the caret put at the end on purpose) makes
    12 clean books, which need 420 points of cards. The field marked is clean books, the one just typed, with
    handfoot's words; melded card points, typed earlier and right, is not marked."""
    page = phone_page
    open_keeper(page, site_server)
    books = field(page, 1, "Team 1", "clean_books")
    melded = field(page, 1, "Team 1", "melded")
    type_into(books, "1")
    type_into(melded, "400")
    type_more(books, "2")
    with pytest.raises(handfoot.TallyError) as refused:
        handfoot.score_round(PAGAT, tally(PAGAT, 1, {"clean_books": 12, "melded": 400}))
    page.get_by_role("heading", name="Round 1", exact=True).tap()
    expect(error_of(page, 1, 0, "clean_books")).to_have_text(str(refused.value), timeout=ENGINE_TIMEOUT)
    expect(books).to_have_attribute("aria-invalid", "true")
    expect(melded).not_to_have_attribute("aria-invalid", "true")
    expect(error_of(page, 1, 0, "melded")).to_have_text("")
    assert_page_clean(page)


@pytest.mark.parametrize("width", [390, 360])
def test_a_typo_left_at_next_is_named_and_staying_is_the_easy_choice(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None], width: int
) -> None:
    """Item 3: "4o5" in melded card points is not "nothing entered". Next names the team, the field and what it
    holds; "Stay" is the filled button and has the focus, so Enter or a tap stays; the field gets the focus back."""
    page = phone_page
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 740})
    open_keeper(page, site_server)
    type_into(page.get_by_label("Name of team 1", exact=True), "Cat & Dan")
    enter(page, 1, "Team 2", SEED_001_SHORT)
    type_into(field(page, 1, "Cat & Dan", "clean_books"), "2")
    type_into(field(page, 1, "Cat & Dan", "melded"), "4o5", leave=False)
    page.get_by_role("button", name="Next: round 2").tap()
    check = page.locator("#hf-next-check")
    expect(check).to_contain_text(
        'Cat & Dan: Card points in melds and books shows "4o5", which is not a number', timeout=ENGINE_TIMEOUT
    )
    expect(check).not_to_contain_text("entered nothing")
    stay = check.get_by_role("button", name="Stay on round 1")
    expect(stay).to_be_focused()
    assert "md-button--primary" in (stay.get_attribute("class") or "")
    anyway = check.get_by_role("button", name="Open round 2 anyway")
    assert "md-button--primary" not in (anyway.get_attribute("class") or "")
    page.keyboard.press("Enter")
    melded = field(page, 1, "Cat & Dan", "melded")
    expect(melded).to_be_focused()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    expect(melded).to_have_value("4o5")
    type_into(melded, "405", leave=False)
    page.get_by_role("button", name="Next: round 2").tap()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_focused(timeout=ENGINE_TIMEOUT)
    assert_page_clean(page)


def test_a_team_that_typed_nothing_is_still_asked_about(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 3: a team with every field empty is asked about, with "Stay" first."""
    page = phone_page
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000_OUT)
    page.get_by_role("button", name="Next: round 2").tap()
    check = page.locator("#hf-next-check")
    expect(check).to_contain_text("Team 2 has entered nothing for round 1.")
    expect(check.get_by_role("button", name="Stay on round 1")).to_be_focused()
    assert_page_clean(page)


def test_went_out_without_the_books_is_said_at_the_box_at_once(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 4: Pagat's round 1 needs 2 clean, 2 dirty and 1 wild book to go out. With 1 clean and 1 dirty, a tap on
    "Went out" says so beside the box while the player is still in the team's fields, in handfoot's words."""
    page = phone_page
    open_keeper(page, site_server)
    short = {"clean_books": 1, "dirty_books": 1, "melded": 300}
    enter(page, 1, "Team 1", short, leave=False)
    box = went_out(page, 1, "Team 1")
    box.tap()
    expect(box).to_be_focused()
    scored = handfoot.score_round(PAGAT, tally(PAGAT, 1, {**short, "went_out": True}))
    assert scored["warnings"]
    assert "needs 2 clean, 2 dirty and 1 wild book" in scored["warnings"][0]
    note = page.locator("#r0-t0-went_out-warning")
    expect(note).to_have_text(" ".join(scored["warnings"]), timeout=ENGINE_TIMEOUT)
    expect(note).to_be_in_viewport()
    expect_round_score(page, 1, 0, scored["total"])
    # Unticked, the note goes.
    box.tap()
    expect(note).to_have_text("")
    assert_page_clean(page)


@pytest.mark.parametrize("size", sorted(KEYBOARD_UP))
def test_a_teams_entry_fits_above_the_keyboard_and_enter_walks_the_fields(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None], size: str
) -> None:
    """Item 5: with the keyboard up (the screen 40% shorter), a team's fields, from its name to "Went out", fit
    between the site's header and the keyboard; Enter (the keyboard's Next key) goes to the next field in order,
    and on to the next team's first field."""
    page = phone_page
    page.set_viewport_size(KEYBOARD_UP[size])
    open_keeper(page, site_server)
    first = field(page, 1, "Team 1", "clean_books")
    first.tap()
    header = page.locator(".md-header").bounding_box()
    team = team_round(page, 1, "Team 1").bounding_box()
    room = KEYBOARD_UP[size]["height"] - header["height"]
    assert team["height"] <= room, (
        f"Team 1's fields take {team['height']:.0f} px; {room:.0f} px show above the keyboard"
    )
    # The team is brought whole into what the keyboard leaves, below the site's header.
    expect(team_round(page, 1, "Team 1").locator("legend")).to_be_in_viewport()
    expect(team_round(page, 1, "Team 1").locator(".hf-team-round__out")).to_be_in_viewport(ratio=1)
    assert team_round(page, 1, "Team 1").locator("legend").bounding_box()["y"] >= header["height"] - 1
    keys = [
        key for key in FIELD_LABELS if team_round(page, 1, "Team 1").get_by_label(FIELD_LABELS[key], exact=True).count()
    ]
    values = {"clean_books": "2", "dirty_books": "2", "wild_books": "1", "melded": "415"}
    for index, key in enumerate(keys):
        here = field(page, 1, "Team 1", key)
        expect(here).to_be_focused()
        expect(here).to_have_attribute("enterkeyhint", "next")
        if key in values:
            type_keys(here, values[key])
        press(here, "Enter")
        if index + 1 < len(keys):
            expect(field(page, 1, "Team 1", keys[index + 1])).to_be_focused()
    expect(field(page, 1, "Team 2", "clean_books")).to_be_focused()
    expect(team_round(page, 1, "Team 2").locator(".hf-team-round__out")).to_be_in_viewport(ratio=1)
    for key, value in values.items():
        expect(field(page, 1, "Team 1", key)).to_have_value(value)
    assert saved(page, 1, 0, "melded") == 415
    assert_page_clean(page)


def test_the_last_field_of_the_round_leads_to_next(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 5: Enter in the last team's last field goes to "Next", without opening the next round."""
    page = phone_page
    open_keeper(page, site_server)
    last = field(page, 1, "Team 2", "left")
    expect(last).to_have_attribute("enterkeyhint", "done")
    type_into(last, "20", leave=False)
    press(last, "Enter")
    expect(page.get_by_role("button", name="Next: round 2")).to_be_focused()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    assert_page_clean(page)


def test_the_sheet_keeps_its_team_names_after_next_on_a_small_phone(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 9: at 360 px, "Next" leaves the sheet's round rows on screen with the heading of round 2 below them; the
    teams' names over the columns are on screen too, not scrolled away under the site's header."""
    page = phone_page
    page.set_viewport_size(SMALL_PHONE)
    open_keeper(page, site_server)
    type_into(page.get_by_label("Name of team 1", exact=True), "Grandma & Joe")
    type_into(page.get_by_label("Name of team 2", exact=True), "The Hendersons")
    enter(page, 1, "Grandma & Joe", SEED_000_OUT)
    enter(page, 1, "The Hendersons", SEED_001_SHORT)
    expect_round_score(page, 1, 1, 860)
    page.get_by_role("button", name="Next: round 2").tap()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_focused()
    page.wait_for_timeout(300)
    heads = page.locator("#hf-totals-body thead th")
    expect(heads).to_have_text(["Round", "Grandma & Joe", "The Hendersons"])
    round_one = page.locator("#hf-totals-body tbody tr").first
    expect(round_one).to_be_in_viewport()
    for index in (1, 2):
        name = heads.nth(index).text_content()
        seen = heads.nth(index).evaluate(
            """(cell) => {
              const box = cell.getBoundingClientRect();
              const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
              return box.top >= 0 && box.bottom <= innerHeight && cell.contains(hit);
            }"""
        )
        assert seen, f"{name}'s name is not on screen over its column"
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    assert_page_clean(page)


def test_a_new_game_in_another_tab_is_told_in_this_one(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 9: two tabs show the same game; the second starts a new one. The first says so, and keeps what it
    shows until the player chooses; neither game is lost."""
    tab_a = phone_page
    open_keeper(tab_a, site_server)
    enter(tab_a, 1, "Team 1", SEED_000_OUT)
    expect_round_score(tab_a, 1, 0, 3615)
    tab_b = watch(tab_a.context.new_page())
    open_keeper(tab_b, site_server)
    expect(field(tab_b, 1, "Team 1", "melded")).to_have_value("415")
    open_setup(tab_b)
    tab_b.get_by_role("button", name="New game", exact=True).tap()
    expect(field(tab_b, 1, "Team 1", "melded")).to_have_value("")
    type_into(field(tab_b, 1, "Team 2", "melded"), "90")
    notice = tab_a.locator(".hf-news")
    expect(notice).to_contain_text("Another tab started a new game", timeout=10_000)
    expect(field(tab_a, 1, "Team 1", "melded")).to_have_value("415")
    notice.get_by_role("button", name="Open the new game").tap()
    expect(field(tab_a, 1, "Team 2", "melded")).to_have_value("90")
    assert len(stored_games(tab_a)) == 2
    assert_page_clean(tab_a)


def test_the_game_left_is_said_calmly_and_the_targets_are_big(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 9: "The game you left … is kept" is news, not an error: it is not drawn as one. The rules link and the
    "Went out" box are targets a finger finds (44 px)."""
    page = phone_page
    open_keeper(page, site_server)
    link = page.locator(".hf-keeper").get_by_role("link", name="Pagat partnership")
    box = link.bounding_box()
    assert box
    assert box["height"] >= 44, f"the rules link is {box['height']} px tall"
    out = went_out(page, 1, "Team 1").bounding_box()
    assert out
    assert min(out["width"], out["height"]) >= 44, f"the Went out box is {out}"
    enter(page, 1, "Team 1", SEED_000_OUT)
    open_setup(page)
    page.get_by_role("button", name="New game", exact=True).tap()
    notice = page.locator(".hf-news p").filter(has_text="The game you left")
    expect(notice).to_be_visible()
    colours = notice.evaluate(
        """(p) => {
          const probe = document.createElement('p');
          probe.className = 'hf-error';
          document.body.append(probe);
          const error = getComputedStyle(probe).color;
          probe.remove();
          const box = p.closest('.hf-news');
          return [getComputedStyle(p).color, error, box.getAttribute('role'), getComputedStyle(box).backgroundColor];
        }"""
    )
    assert colours[0] != colours[1], "the notice is drawn in the error colour"
    assert colours[2] != "alert", "the notice is announced as an alert"
    assert_page_clean(page)
